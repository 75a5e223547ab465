// REST API v2 over HTTP: checks as the service does, ETags and RFC 5988 pagination; answers come from routes.ts.
import { createHash } from 'node:crypto';
import type * as http from 'node:http';

import { answerFault } from './faultAnswers';
import type { Fault, FaultTable } from './faults';
import { isNerdGraphFault } from './faults';
import type { RateLimit } from './rateLimit';
import { rateLimitHeaders } from './rateLimit';
import type { RequestLog } from './requestLog';
import { apiKeyOf, headerValue } from './requestLog';
import type { Headers, RestExchange } from './restReply';
import { contentType, GONE_TITLE, serialize, WRONG_REGION_HTML } from './restReply';
import type { Answer, Format, Region } from './restAnswer';
import type { Routes } from './routes';
import { matchRoute } from './routes';

export interface RestSurroundings {
  readonly keys: Readonly<Record<Region, string>>;
  readonly routes: Readonly<Record<Region, Routes>>;
  readonly faults: FaultTable;
  readonly rateLimit: RateLimit;
  readonly log: RequestLog;
  readonly pageSize: number;
  /** Read per request: tests retire REST v2 at run time. */
  restRetired(): boolean;
  httpsPort(): number;
  httpPort(): number;
}

export async function answerRest(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  url: URL,
  at: RestSurroundings,
): Promise<void> {
  const route = matchRoute(url.pathname);
  const send = (status: number, body: string, headers: Headers = {}) => {
    // As the service does: an ETag on every 200, and 304 with no body when If-None-Match still holds.
    if (status === 200) {
      const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
      if (headerValue(req.headers['if-none-match']) === etag) {
        at.log.record(req, 'https', 304, route);
        res.writeHead(304, { etag });
        res.end();
        return;
      }
      headers = { ...headers, etag };
    }
    at.log.record(req, 'https', status, route, body);
    res.writeHead(status, { 'content-length': Buffer.byteLength(body), ...headers });
    res.end(body);
  };
  const format: Format = route?.format ?? (url.pathname.endsWith('.xml') ? 'xml' : 'json');
  const error = (status: number, title: string, headers: Headers = {}) => {
    send(status, serialize(format, { error: { title } }), { 'content-type': contentType(format), ...headers });
  };
  const write = req.method === 'POST' && route?.endpoint === 'deployments.list';
  if (req.method !== 'GET' && !write) {
    error(405, `Method ${req.method} is not supported by this simulator`, { allow: 'GET' });
    return;
  }
  if (!route) {
    error(404, 'Resource not found');
    return;
  }
  if (at.restRetired()) {
    error(410, GONE_TITLE);
    return;
  }
  const taken = at.faults.take(route.endpoint);
  // NerdGraph-only faults (a `*` fault of that kind) leave REST routes alone.
  const fault = taken && !isNerdGraphFault(taken.kind) ? (taken as Fault) : undefined;
  if (fault) {
    const exchange: RestExchange = { req, res, url, route, send, error };
    const answered = await answerFault(fault, exchange, {
      rateLimit: at.rateLimit.perMinute,
      httpsPort: at.httpsPort(),
      httpPort: at.httpPort(),
      log: at.log,
      fullBody: () => fullBody(at.routes[route.region].answer(route, url.searchParams), route.format),
    });
    if (answered) {
      return;
    }
  }
  const key = apiKeyOf(req);
  if (!key) {
    error(401, 'No API key specified');
    return;
  }
  const other: Region = route.region === 'us' ? 'eu' : 'us';
  if (key === at.keys[other]) {
    send(403, WRONG_REGION_HTML, { 'content-type': 'text/html; charset=utf-8' });
    return;
  }
  if (key !== at.keys[route.region]) {
    error(401, 'Invalid API key');
    return;
  }
  if (!at.rateLimit.admit(key)) {
    send(429, '{}', { 'content-type': 'application/json', ...rateLimitHeaders(at.rateLimit.perMinute, 60) });
    return;
  }
  const answer = write
    ? at.routes[route.region].create(route, await readBody(req))
    : at.routes[route.region].answer(route, url.searchParams);
  sendAnswer(answer, { req, res, url, route, send, error }, at.pageSize, fault?.kind === 'noLastLink');
}

function sendAnswer(
  answer: Answer,
  { url, route, send, error }: RestExchange,
  pageSize: number,
  omitLast: boolean,
): void {
  if (answer.type === 'error') {
    error(answer.status, answer.title);
    return;
  }
  const headers: Headers = { 'content-type': contentType(route.format) };
  let body: Record<string, unknown>;
  if (answer.type === 'list') {
    const pages = Math.max(1, Math.ceil(answer.items.length / pageSize));
    const requested = Number(url.searchParams.get('page') ?? '1');
    const page = Number.isInteger(requested) && requested >= 1 ? requested : 1;
    body = { [answer.envelope]: answer.items.slice((page - 1) * pageSize, page * pageSize) };
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
  send(answer.type === 'one' ? (answer.status ?? 200) : 200, serialize(route.format, body), headers);
}

/** A valid body for the route, unpaginated (the faults that cut or spoil a body start from it). */
function fullBody(answer: Answer, format: Format): string {
  const body =
    answer.type === 'list'
      ? { [answer.envelope]: answer.items }
      : answer.type === 'one'
        ? answer.body
        : { error: { title: answer.title } };
  return serialize(format, body);
}

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

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
