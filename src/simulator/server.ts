/**
 * The API simulator: a real HTTPS server on loopback (certificate made at start) serving the REST API
 * v2 for a US and an EU account (EU under /eu), plus a plain-HTTP port that answers 301 to HTTPS as
 * the service does. It records every request and injects faults on demand.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as http from 'node:http';
import * as https from 'node:https';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';

import { makeCertificate } from './cert';
import { Dataset } from './dataset';
import type { EndpointId, Fault, NerdGraphFault, NerdGraphOperation } from './faults';
import { FaultTable, isNerdGraphFault } from './faults';
import type { MetricDataOptions, ValuesRule } from './metricData';
import type { ErrorRateScale } from './nerdgraph/entities';
import type { SimulatedAccount } from './nerdgraph/service';
import { NerdGraphService, simulatedAccountOutline } from './nerdgraph/service';
import { RecordBuilder } from './records';
import type { Answer, Format, Region, Route } from './routes';
import { matchRoute, Routes } from './routes';
import { toJson, toXml } from './serialize';

export interface SimulatorOptions {
  seed?: number;
  /** Applications in the US account (the EU account has half as many, at least 3). */
  apps?: number;
  /** Items per page of every list. */
  pageSize?: number;
  usKey?: string;
  euKey?: string;
  port?: number;
  httpPort?: number;
  /** The clock; fixed in tests so the same request gives the same bytes. */
  now?: () => Date;
  /** Requests per key per minute before 429 (the service's limit is 1,000). */
  rateLimitPerMinute?: number;
  /** How `values[]` applies to metrics with different value lists (default `strict`; see ValuesRule). */
  valuesRule?: ValuesRule;
  /** Minutes the timeslice data lags the clock (default 0; the service's examples show about 3). */
  lagMinutes?: number;
  /** `demo` gives the records made to catch markup injection plausible names (see DatasetOptions). */
  names?: 'test' | 'demo';
  /**
   * How many requests `requests` keeps (the last ones); all when omitted, as tests want. The demo
   * bounds it: a record holds headers and bodies, and a demo may run for days.
   */
  maxRecordedRequests?: number;
  /** How NerdGraph's `apmSummary.errorRate` is written (an open point of nerdgraph-notes 3.2; default fraction, see ErrorRateScale). */
  errorRateScale?: ErrorRateScale;
  /** REST API v2 retired: every v2 request is answered 410 Gone (NerdGraph keeps working). */
  restRetired?: boolean;
  /**
   * How many accounts each key's user sees through NerdGraph (default 1, at most 5), so that the
   * account choice can be exercised. The first is the one REST v2 serves; each other one has its
   * own data (another seed, ids apart) and its own id (see simulatedAccountOutline).
   */
  accountsPerKey?: number;
}

export interface RecordedRequest {
  scheme: 'https' | 'http';
  method: string;
  host: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  region?: Region;
  endpoint?: EndpointId | NerdGraphOperation;
  status: number;
  /** The body as sent, for tests that compare what a client shows with it (absent when cut or streamed). */
  body?: string;
  /** The request body (NerdGraph POSTs), so tests can check what a client sent. */
  requestBody?: string;
}

const HUGE_BODY_BYTES = 50 * 1024 * 1024;
const FORBIDDEN_HTML =
  '<!DOCTYPE html>\n<html><head><title>403 Forbidden</title></head><body><h1>Forbidden</h1><p>You are not authorized to access this resource.</p></body></html>\n';
/** What a retired REST v2 answers (410 Gone: see src/api/backendChoice.ts for why this shape). */
const GONE_TITLE = 'REST API v2 has reached its end of life. Use NerdGraph (POST /graphql) instead.';
/** The service's answer to a key of the other region (its own wording). */
const WRONG_REGION_HTML =
  '<!DOCTYPE html>\n<html><head><title>403 Forbidden</title></head><body><h1>Forbidden</h1><p>Account is not valid in this region</p></body></html>\n';

function randomKey(): string {
  return `NRAK-${Array.from({ length: 27 }, () => 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'[Math.floor(Math.random() * 36)]).join('')}`;
}

export class Simulator {
  readonly requests: RecordedRequest[] = [];
  readonly keys: Readonly<Record<Region, string>>;
  /** The data of the account each key's REST v2 serves (the first of `accounts`). */
  readonly datasets: Readonly<Record<Region, Dataset>>;
  /** Every account each region's key sees through NerdGraph, the REST one first (see `accountsPerKey`). */
  readonly accounts: Readonly<Record<Region, readonly SimulatedAccount[]>>;
  private readonly routes: Readonly<Record<Region, Routes>>;
  private readonly faults = new FaultTable();
  private readonly pageSize: number;
  private readonly now: () => Date;
  private readonly rateLimit: number;
  private readonly maxRecorded: number;
  private restRetiredValue: boolean;
  private readonly calls = new Map<string, number[]>();
  /** Requests being answered now, per key they carry (REST and NerdGraph alike), and of all keys. */
  private readonly answering = new Map<string, number>();
  private answeringAll = 0;
  private readonly peaks = new Map<string, number>();
  private peakAll = 0;
  /** Shared with both regions' routes and read per request, so tests can switch readings at run time. */
  private readonly metricData: MetricDataOptions;
  /** The NerdGraph endpoint over the same data sets (nerdgraph-notes 7). */
  readonly nerdGraph: NerdGraphService;
  private httpsServer!: https.Server;
  private httpServer!: http.Server;
  private certDir!: string;
  certPem!: string;
  certPath!: string;

  private constructor(options: SimulatorOptions) {
    const seed = options.seed ?? 42;
    const apps = options.apps ?? 12;
    this.pageSize = options.pageSize ?? 200;
    this.now = options.now ?? (() => new Date());
    this.rateLimit = options.rateLimitPerMinute ?? 1000;
    this.maxRecorded = options.maxRecordedRequests ?? Infinity;
    this.restRetiredValue = options.restRetired ?? false;
    this.keys = { us: options.usKey ?? randomKey(), eu: options.euKey ?? randomKey() };
    const names = options.names ?? 'test';
    this.datasets = {
      us: new Dataset({ seed, apps, names }),
      eu: new Dataset({ seed: seed ^ 0x5eed, apps: Math.max(3, Math.ceil(apps / 2)), names }),
    };
    const perKey = options.accountsPerKey ?? 1;
    if (!Number.isInteger(perKey) || perKey < 1 || perKey > 5) {
      throw new Error(`accountsPerKey must be a whole number from 1 to 5 (got ${perKey}).`);
    }
    const accountsOf = (region: Region): SimulatedAccount[] =>
      Array.from({ length: perKey }, (_, k) => ({
        ...simulatedAccountOutline(region, k),
        // The others: smaller, seeded apart, and with ids 10 million apart (ids are unique across accounts).
        dataset:
          k === 0
            ? this.datasets[region]
            : new Dataset({
                seed: (this.datasets[region].seed + k * 0x9e37) >>> 0,
                apps: Math.max(3, Math.ceil(apps / 2)),
                names,
                idBase: k * 10_000_000,
              }),
      }));
    this.accounts = { us: accountsOf('us'), eu: accountsOf('eu') };
    this.metricData = { valuesRule: options.valuesRule ?? 'strict', lagMinutes: options.lagMinutes ?? 0 };
    this.routes = {
      us: new Routes(this.datasets.us, new RecordBuilder(this.datasets.us, this.now), this.now, this.metricData),
      eu: new Routes(this.datasets.eu, new RecordBuilder(this.datasets.eu, this.now), this.now, this.metricData),
    };
    this.nerdGraph = new NerdGraphService({
      accounts: this.accounts,
      keys: this.keys,
      now: this.now,
      faults: this.faults,
      pageSize: this.pageSize,
      errorRateScale: options.errorRateScale,
    });
  }

  static async start(options: SimulatorOptions = {}): Promise<Simulator> {
    const sim = new Simulator(options);
    await sim.listen(options.port ?? 0, options.httpPort ?? 0);
    return sim;
  }

  get httpsPort(): number {
    return (this.httpsServer.address() as AddressInfo).port;
  }

  get httpPort(): number {
    return (this.httpServer.address() as AddressInfo).port;
  }

  /** Base URLs of both regions over HTTPS, and the plain-HTTP one that redirects. */
  get baseUrls(): { us: string; eu: string; http: string } {
    return {
      us: `https://127.0.0.1:${this.httpsPort}`,
      eu: `https://127.0.0.1:${this.httpsPort}/eu`,
      http: `http://127.0.0.1:${this.httpPort}`,
    };
  }

  /** The reading of the `values[]` rule in force (see ValuesRule). */
  get valuesRule(): ValuesRule {
    return this.metricData.valuesRule ?? 'strict';
  }

  /** Switches the reading of the `values[]` rule for the requests that follow. */
  setValuesRule(rule: ValuesRule): void {
    this.metricData.valuesRule = rule;
  }

  /** Sets how many minutes the timeslice data lags the clock for the requests that follow. */
  setLagMinutes(minutes: number): void {
    if (!Number.isInteger(minutes) || minutes < 0) {
      throw new Error(`The lag must be a whole number of minutes, 0 or more (got ${minutes}).`);
    }
    this.metricData.lagMinutes = minutes;
  }

  /** Whether REST v2 answers 410 Gone to every request (its end of life has come). */
  get restRetired(): boolean {
    return this.restRetiredValue;
  }

  /** Retires REST v2 (every v2 request gets 410 Gone) or brings it back, for the requests that follow. */
  setRestRetired(retired: boolean): void {
    this.restRetiredValue = retired;
  }

  injectFault(fault: Fault): void {
    this.faults.add(fault);
  }

  /** How many times the counted faults of `endpoint` were applied so far: a test's sign that a request arrived. */
  faultsUsed(endpoint: EndpointId | NerdGraphOperation): number {
    return this.faults.used(endpoint);
  }

  /** A NerdGraph-only fault (200 + errorClass, 402, a deprecation warning; see NERDGRAPH_FAULT_KINDS). */
  injectNerdGraphFault(fault: NerdGraphFault): void {
    this.faults.add(fault);
  }

  /**
   * Changes an application's health status from now on, as an alert condition opening or closing on
   * the service would: its records (and its first host's and that host's instances', which share the
   * application's health) say
   * so; the metric series are left alone, since health comes from alert policies, not from the numbers.
   */
  setApplicationHealth(region: Region, applicationId: number, health: 'green' | 'orange' | 'red' | 'unknown'): void {
    const dataset = this.datasets[region];
    const app = dataset.appsById.get(applicationId);
    if (!app) {
      throw new Error(`The ${region} data set has no application ${applicationId}.`);
    }
    if (!app.reporting) {
      throw new Error(`${app.name} is not reporting: its health stays gray.`);
    }
    app.health = health;
    // api-notes: `unknown` means no alert policy, so the policy link goes and comes back with it.
    if (health === 'unknown') {
      app.alertPolicyId = undefined;
    } else if (app.alertPolicyId === undefined) {
      app.alertPolicyId = 600_000 + (app.id % 100);
    }
    const firstHost = dataset.hosts.get(app.hostIds[0]);
    if (firstHost) {
      firstHost.health = health;
      for (const instance of dataset.instances.values()) {
        if (instance.hostId === firstHost.id) {
          instance.health = health; // An instance shares its host's health.
        }
      }
    }
  }

  clearFaults(): void {
    this.faults.clear();
  }

  clearRequests(): void {
    this.requests.length = 0;
    this.peaks.clear();
    this.peakAll = 0;
  }

  /**
   * The most requests carrying `key` that were being answered at once since the last
   * `clearRequests` (without a key: of all keys together), so tests can check a client's limiter.
   */
  peakInFlight(key?: string): number {
    return key === undefined ? this.peakAll : (this.peaks.get(key) ?? 0);
  }

  /** Counts a request as in flight until its response closes (sent, or the client gone). */
  private countInFlight(req: http.IncomingMessage, res: http.ServerResponse): void {
    const key = headerValue(req.headers['api-key']) ?? headerValue(req.headers['x-api-key']) ?? '';
    const now = (this.answering.get(key) ?? 0) + 1;
    this.answering.set(key, now);
    this.peaks.set(key, Math.max(this.peaks.get(key) ?? 0, now));
    this.peakAll = Math.max(this.peakAll, ++this.answeringAll);
    res.once('close', () => {
      this.answering.set(key, (this.answering.get(key) ?? 1) - 1);
      this.answeringAll--;
    });
  }

  async stop(): Promise<void> {
    const close = (server: http.Server | https.Server) =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    await Promise.all([close(this.httpsServer), close(this.httpServer)]);
    rmSync(this.certDir, { recursive: true, force: true });
  }

  private async listen(port: number, httpPort: number): Promise<void> {
    const { cert, key } = await makeCertificate();
    this.certPem = cert;
    this.certDir = mkdtempSync(path.join(os.tmpdir(), 'timeslice-sim-'));
    this.certPath = path.join(this.certDir, 'simulator-cert.pem');
    writeFileSync(this.certPath, cert);
    this.httpsServer = https.createServer({ cert, key }, (req, res) => void this.handle(req, res));
    this.httpServer = http.createServer((req, res) => this.redirectToHttps(req, res));
    await new Promise<void>((resolve, reject) => {
      this.httpsServer.once('error', reject).listen(port, '127.0.0.1', () => resolve());
    });
    await new Promise<void>((resolve, reject) => {
      this.httpServer.once('error', reject).listen(httpPort, '127.0.0.1', () => resolve());
    });
  }

  /** Plain HTTP: 301 to the same path over HTTPS (spec 7). */
  private redirectToHttps(req: http.IncomingMessage, res: http.ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://x');
    const hostName = (req.headers.host ?? '127.0.0.1').replace(/:\d+$/, '');
    const target = `https://${hostName}:${this.httpsPort}${url.pathname}${url.search}`;
    this.record(req, 'http', 301);
    res.writeHead(301, { location: target, 'content-type': 'text/plain; charset=utf-8' });
    res.end(`You are being redirected to ${target}\n`);
  }

  private record(
    req: http.IncomingMessage,
    scheme: 'https' | 'http',
    status: number,
    route?: Pick<RecordedRequest, 'region' | 'endpoint'>,
    body?: string,
    requestBody?: string,
  ): void {
    const url = new URL(req.url ?? '/', 'http://x');
    this.requests.push({
      scheme,
      method: req.method ?? 'GET',
      host: req.headers.host ?? '',
      path: url.pathname,
      query: url.searchParams,
      headers: { ...req.headers },
      region: route?.region,
      endpoint: route?.endpoint,
      status,
      ...(body !== undefined ? { body } : {}),
      ...(requestBody !== undefined ? { requestBody } : {}),
    });
    if (this.requests.length > this.maxRecorded) {
      this.requests.splice(0, this.requests.length - this.maxRecorded);
    }
  }

  /** NerdGraph: POST /graphql (US) and /eu/graphql (EU), answered by NerdGraphService. */
  private async handleGraphql(req: http.IncomingMessage, res: http.ServerResponse, region: Region): Promise<void> {
    if (req.method !== 'POST') {
      this.record(req, 'https', 405, { region });
      res
        .writeHead(405, { allow: 'POST', 'content-type': 'application/json' })
        .end('{"errors":[{"message":"Use POST"}]}');
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > 1024 * 1024) {
        this.record(req, 'https', 413, { region });
        res
          .writeHead(413, { 'content-type': 'application/json' })
          .end('{"errors":[{"message":"Request body too large"}]}');
        return;
      }
      chunks.push(chunk as Buffer);
    }
    const requestBody = Buffer.concat(chunks).toString('utf8');
    const reply = await this.nerdGraph.answer(region, headerValue(req.headers['api-key']), requestBody);
    this.record(req, 'https', reply.status, { region, endpoint: reply.operation }, reply.body, requestBody);
    if (res.destroyed || req.socket.destroyed) {
      return; // The client gave up during a delay fault.
    }
    res.writeHead(reply.status, { 'content-length': Buffer.byteLength(reply.body), ...reply.headers });
    res.end(reply.body);
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    this.countInFlight(req, res);
    const url = new URL(req.url ?? '/', `https://${req.headers.host ?? '127.0.0.1'}`);
    if (url.pathname === '/graphql' || url.pathname === '/eu/graphql') {
      await this.handleGraphql(req, res, url.pathname === '/graphql' ? 'us' : 'eu');
      return;
    }
    const route = matchRoute(url.pathname);
    const send = (status: number, body: string, headers: Record<string, string | number> = {}) => {
      // As the service does: an ETag on every 200, and 304 with no body when If-None-Match still holds.
      if (status === 200) {
        const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
        if (headerValue(req.headers['if-none-match']) === etag) {
          this.record(req, 'https', 304, route);
          res.writeHead(304, { etag });
          res.end();
          return;
        }
        headers = { ...headers, etag };
      }
      this.record(req, 'https', status, route, body);
      res.writeHead(status, { 'content-length': Buffer.byteLength(body), ...headers });
      res.end(body);
    };
    const format: Format = route?.format ?? (url.pathname.endsWith('.xml') ? 'xml' : 'json');
    const error = (status: number, title: string, headers: Record<string, string | number> = {}) => {
      const body = { error: { title } };
      send(status, format === 'xml' ? toXml(body) : toJson(body), { 'content-type': contentType(format), ...headers });
    };
    if (req.method !== 'GET') {
      error(405, `Method ${req.method} is not supported by this simulator`, { allow: 'GET' });
      return;
    }
    if (!route) {
      error(404, 'Resource not found');
      return;
    }
    if (this.restRetiredValue) {
      error(410, GONE_TITLE);
      return;
    }
    const taken = this.faults.take(route.endpoint);
    // NerdGraph-only faults (a `*` fault of that kind) leave REST routes alone.
    const fault = taken && !isNerdGraphFault(taken.kind) ? (taken as Fault) : undefined;
    if (fault && (await this.applyFault(fault, req, res, url, route, send, error))) {
      return;
    }
    const key = headerValue(req.headers['api-key']) ?? headerValue(req.headers['x-api-key']);
    if (!key) {
      error(401, 'No API key specified');
      return;
    }
    const other: Region = route.region === 'us' ? 'eu' : 'us';
    if (key === this.keys[other]) {
      send(403, WRONG_REGION_HTML, { 'content-type': 'text/html; charset=utf-8' });
      return;
    }
    if (key !== this.keys[route.region]) {
      error(401, 'Invalid API key');
      return;
    }
    if (!this.underRateLimit(key)) {
      send(429, '{}', { 'content-type': 'application/json', ...rateLimitHeaders(this.rateLimit, 60) });
      return;
    }
    const answer = this.routes[route.region].answer(route, url.searchParams);
    this.sendAnswer(answer, url, route, send, error, fault?.kind === 'noLastLink');
  }

  private sendAnswer(
    answer: Answer,
    url: URL,
    route: Route,
    send: (s: number, b: string, h?: Record<string, string | number>) => void,
    error: (s: number, t: string) => void,
    omitLast: boolean,
  ): void {
    if (answer.type === 'error') {
      error(answer.status, answer.title);
      return;
    }
    const headers: Record<string, string | number> = { 'content-type': contentType(route.format) };
    let body: Record<string, unknown>;
    if (answer.type === 'list') {
      const pages = Math.max(1, Math.ceil(answer.items.length / this.pageSize));
      const requested = Number(url.searchParams.get('page') ?? '1');
      const page = Number.isInteger(requested) && requested >= 1 ? requested : 1;
      body = { [answer.envelope]: answer.items.slice((page - 1) * this.pageSize, page * this.pageSize) };
      if (answer.links) {
        body.links = answer.links;
      }
      const link = linkHeader(url, page, pages, omitLast);
      if (link) {
        headers.link = link;
      }
    } else {
      body = answer.body;
    }
    send(200, route.format === 'xml' ? toXml(body) : toJson(body), headers);
  }

  private underRateLimit(key: string): boolean {
    const now = Date.now();
    const recent = (this.calls.get(key) ?? []).filter((t) => t > now - 60_000);
    recent.push(now);
    this.calls.set(key, recent);
    return recent.length <= this.rateLimit;
  }

  /** Returns true when the fault answered the request itself. */
  private async applyFault(
    fault: Fault,
    req: http.IncomingMessage,
    res: http.ServerResponse,
    url: URL,
    route: Route,
    send: (s: number, b: string, h?: Record<string, string | number>) => void,
    error: (s: number, t: string, h?: Record<string, string | number>) => void,
  ): Promise<boolean> {
    const wait = fault.retryAfterSeconds ?? 1;
    const hostName = url.hostname;
    const json = { 'content-type': contentType(route.format) };
    switch (fault.kind) {
      case 'unauthorized':
        error(401, 'Invalid API key');
        return true;
      case 'forbiddenJson':
        error(403, 'The API key is not allowed to access this account');
        return true;
      case 'forbiddenHtml':
        send(403, FORBIDDEN_HTML, { 'content-type': 'text/html; charset=utf-8' });
        return true;
      case 'wrongRegion':
        send(403, WRONG_REGION_HTML, { 'content-type': 'text/html; charset=utf-8' });
        return true;
      case 'notFound':
        error(404, 'Resource not found');
        return true;
      case 'unprocessable':
        error(422, "Invalid parameter 'from': expected an ISO 8601 time");
        return true;
      // `{}` is JSON whatever the suffix, as on the real limit below.
      case 'rateLimited':
        send(429, '{}', { 'content-type': 'application/json', ...rateLimitHeaders(this.rateLimit, wait) });
        return true;
      case 'serverError':
        send(500, "<html><body><h1>We're sorry, but something went wrong.</h1></body></html>", {
          'content-type': 'text/html',
        });
        return true;
      case 'badGateway':
        send(502, '<html><body><h1>502 Bad Gateway</h1></body></html>', { 'content-type': 'text/html' });
        return true;
      case 'unavailable':
        send(503, '<html><body><h1>503 Service Unavailable</h1></body></html>', {
          'content-type': 'text/html',
          'retry-after': wait,
        });
        return true;
      case 'gatewayTimeout':
        send(504, '<html><body><h1>504 Gateway Time-out</h1></body></html>', { 'content-type': 'text/html' });
        return true;
      case 'delay':
        await new Promise((resolve) => setTimeout(resolve, fault.delayMs ?? 5000));
        return res.destroyed || req.socket.destroyed; // The client gave up: nothing left to answer.
      case 'resetMidBody': {
        const body = this.bodyFor(route, url);
        this.record(req, 'https', 200, route);
        res.writeHead(200, { ...json, 'content-length': Buffer.byteLength(body) });
        res.write(body.slice(0, Math.floor(body.length / 2)), () => req.socket.destroy());
        return true;
      }
      case 'truncated':
        send(200, this.bodyFor(route, url).slice(0, 40), json);
        return true;
      case 'invalidBody':
        send(
          200,
          route.format === 'xml'
            ? '<applications type="array"><application><id>1</id>'
            : '{"applications": [{"id": 1,,]',
          json,
        );
        return true;
      case 'wrongContentType':
        send(200, '<!DOCTYPE html><html><body><form>Sign in</form></body></html>', {
          'content-type': 'text/html; charset=utf-8',
        });
        return true;
      case 'hugeBody':
        await this.sendHuge(req, res, route);
        return true;
      case 'redirectHttp':
        send(301, 'You are being redirected', {
          location: `http://${hostName}:${this.httpPort}${url.pathname}${url.search}`,
        });
        return true;
      case 'redirectOtherHost': {
        const otherHost = hostName === 'localhost' ? '127.0.0.1' : 'localhost';
        send(301, 'You are being redirected', {
          location: `https://${otherHost}:${this.httpsPort}${url.pathname}${url.search}`,
        });
        return true;
      }
      case 'redirectOtherPort':
        // Same host name, another port: a key must not follow it either.
        send(301, 'You are being redirected', {
          location: `https://${hostName}:${this.httpPort}${url.pathname}${url.search}`,
        });
        return true;
      case 'noLastLink':
        return false;
      case 'gone':
        error(410, GONE_TITLE);
        return true;
    }
  }

  /** A valid body for the route (used to cut it short). */
  private bodyFor(route: Route, url: URL): string {
    const answer = this.routes[route.region].answer(route, url.searchParams);
    const body =
      answer.type === 'list'
        ? { [answer.envelope]: answer.items }
        : answer.type === 'one'
          ? answer.body
          : { error: { title: answer.title } };
    return route.format === 'xml' ? toXml(body) : toJson(body);
  }

  /** 50 MB, chunked with no length, so a client must count as it reads. */
  private async sendHuge(req: http.IncomingMessage, res: http.ServerResponse, route: Route): Promise<void> {
    this.record(req, 'https', 200, route);
    res.writeHead(200, { 'content-type': contentType(route.format) });
    const chunk = Buffer.alloc(256 * 1024, 0x20);
    res.write('{"applications": [], "padding": "');
    for (let sent = 0; sent < HUGE_BODY_BYTES && !res.destroyed; sent += chunk.length) {
      if (!res.write(chunk)) {
        await new Promise<void>((resolve) => {
          const done = () => {
            res.off('drain', done);
            res.off('close', done);
            resolve();
          };
          res.on('drain', done);
          res.on('close', done);
        });
      }
    }
    res.end('"}');
  }
}

function contentType(format: Format): string {
  return format === 'xml' ? 'application/xml; charset=utf-8' : 'application/json; charset=utf-8';
}

function headerValue(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

function rateLimitHeaders(limit: number, resetInSeconds: number): Record<string, string | number> {
  return {
    'x-ratelimit-limit': limit,
    'x-ratelimit-remaining': 0,
    'x-ratelimit-reset': Math.ceil(Date.now() / 1000 + resetInSeconds),
  };
}

/** RFC 5988 links to the next and last pages, keeping the other query parameters. */
function linkHeader(url: URL, page: number, pages: number, omitLast: boolean): string | undefined {
  const at = (n: number) => {
    const u = new URL(url.href);
    u.searchParams.set('page', String(n));
    return `<${u.href}>`;
  };
  const parts: string[] = [];
  if (page < pages) {
    parts.push(`${at(page + 1)}; rel="next"`);
    if (!omitLast) {
      parts.push(`${at(pages)}; rel="last"`);
    }
  }
  if (page > 1) {
    parts.push(`${at(1)}; rel="first"`, `${at(page - 1)}; rel="prev"`);
  }
  return parts.length > 0 ? parts.join(', ') : undefined;
}
