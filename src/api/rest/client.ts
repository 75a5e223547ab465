/**
 * `HttpTimesliceApi`: `TimesliceApi` (timesliceApi.ts) over the REST API v2, which has an announced
 * end of life; NerdGraph (nerdgraph/nerdGraphApi.ts) is the second implementation.
 */
import * as l10n from '@vscode/l10n';

import type { Logger } from '../../log';
import { ConditionalCache } from './conditionalCache';
import { ApiError } from '../apiError';
import { nextPageUrl } from './pagination';
import {
  parseApplication,
  parseHost,
  parseInstance,
  parseKeyTransaction,
  parseList,
  parseMetricData,
  parseMetricName,
  unwrap,
} from './parse';
import type { ApiRequest } from './requests';
import { buildRequest, checkId } from './requests';
import type { Deployment, DeploymentRange, DeploymentWrite } from '../deployments';
import { inRange, pageEndsBefore, parseRestDeployment, restDeploymentBody } from '../deployments';
import type { OpenAlert } from '../openAlerts';
import { parseRestViolation } from '../openAlerts';
import type { RawResponse, TimesliceApi } from '../timesliceApi';
import type { TransactionStats, TransactionStatsOptions, TransactionStatsQuery } from '../transactionStats';
import { loadTransactionStats, REST_TRANSACTION_PLAN } from '../transactionStatsLoader';
import type { HttpResponse, TransportOptions } from '../transport';
import { HttpTransport } from '../transport';
import type {
  ApiFormat,
  Application,
  ApplicationFilter,
  Host,
  HostFilter,
  Instance,
  KeyTransaction,
  KeyTransactionFilter,
  MetricData,
  MetricDataQuery,
  MetricName,
  MetricScope,
  RequestOptions,
} from '../types';

/** The XML parser loads only when XML is chosen: most users never need it (about 60 KB minified). */
function xmlModule(): typeof import('./xml') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('./xml') as typeof import('./xml');
}

export interface HttpTimesliceApiOptions extends TransportOptions {
  format?: ApiFormat;
  /** Safety stop for a server whose `next` links never end. */
  maxPages?: number;
}

export class HttpTimesliceApi implements TimesliceApi {
  private readonly transport: HttpTransport;
  private readonly format: ApiFormat;
  private readonly maxPages: number;
  private readonly log: Logger;
  private readonly conditional = new ConditionalCache();

  constructor(options: HttpTimesliceApiOptions) {
    this.transport = new HttpTransport(options);
    this.format = options.format ?? 'json';
    this.maxPages = options.maxPages ?? 1000;
    this.log = options.log;
  }

  get baseUrl(): string {
    return this.transport.baseUrl;
  }

  async dispose(): Promise<void> {
    this.conditional.clear();
    await this.transport.close();
  }

  listApplications(filter: ApplicationFilter = {}, options?: RequestOptions): Promise<Application[]> {
    return this.getAllPages({ endpoint: 'applications.list', filter }, 'applications', parseApplication, options);
  }

  async getApplication(applicationId: number, options?: RequestOptions): Promise<Application> {
    return parseApplication(
      unwrap(await this.getOne({ endpoint: 'applications.show', applicationId }, options), 'application'),
    );
  }

  listHosts(applicationId: number, filter: HostFilter = {}, options?: RequestOptions): Promise<Host[]> {
    return this.getAllPages({ endpoint: 'hosts.list', applicationId, filter }, 'application_hosts', parseHost, options);
  }

  async getHost(applicationId: number, hostId: number, options?: RequestOptions): Promise<Host> {
    return parseHost(
      unwrap(await this.getOne({ endpoint: 'hosts.show', applicationId, hostId }, options), 'application_host'),
    );
  }

  listInstances(applicationId: number, filter: HostFilter = {}, options?: RequestOptions): Promise<Instance[]> {
    return this.getAllPages(
      { endpoint: 'instances.list', applicationId, filter },
      'application_instances',
      parseInstance,
      options,
    );
  }

  async getInstance(applicationId: number, instanceId: number, options?: RequestOptions): Promise<Instance> {
    return parseInstance(
      unwrap(
        await this.getOne({ endpoint: 'instances.show', applicationId, instanceId }, options),
        'application_instance',
      ),
    );
  }

  listKeyTransactions(filter: KeyTransactionFilter = {}, options?: RequestOptions): Promise<KeyTransaction[]> {
    return this.getAllPages(
      { endpoint: 'keyTransactions.list', filter },
      'key_transactions',
      parseKeyTransaction,
      options,
    );
  }

  async getKeyTransaction(keyTransactionId: number, options?: RequestOptions): Promise<KeyTransaction> {
    return parseKeyTransaction(
      unwrap(await this.getOne({ endpoint: 'keyTransactions.show', keyTransactionId }, options), 'key_transaction'),
    );
  }

  listMetricNames(scope: MetricScope, filter: { name?: string } = {}, options?: RequestOptions): Promise<MetricName[]> {
    // Listing names is costly for the service (docs/service.md#value-rules): pages are fetched one after another, never in parallel.
    return this.getAllPages({ endpoint: 'metricNames', scope, name: filter.name }, 'metrics', parseMetricName, options);
  }

  async getMetricData(scope: MetricScope, query: MetricDataQuery, options?: RequestOptions): Promise<MetricData> {
    return parseMetricData(
      unwrap(await this.getOne({ endpoint: 'metricData', scope, ...query }, options), 'metric_data'),
    );
  }

  /** Names by the agent's prefixes (cached listing), then summarized data split by URL length (transactionStatsLoader.ts). */
  getTransactionStats(query: TransactionStatsQuery, options?: TransactionStatsOptions): Promise<TransactionStats[]> {
    return loadTransactionStats(this, REST_TRANSACTION_PLAN, query, options);
  }

  /** Every page until one is seen to end before the range (deployments.ts, pageEndsBefore), then filtered. */
  async listDeployments(
    applicationId: number,
    range: DeploymentRange,
    options?: RequestOptions,
  ): Promise<Deployment[]> {
    const path = `/v2/applications/${checkId(applicationId, l10n.t('Application'))}/deployments`;
    const first = { path, url: this.transport.urlFor(`${path}.${this.format}`) };
    const from = range.from.getTime();
    // The newest alone: a first page seen newest first holds it (pageEndsBefore, whose order is not documented: docs/service.md#deployments).
    const stopBefore = range.newestOnly ? Infinity : from;
    const all = await this.pages(first, 'deployments', parseRestDeployment, options, (page) =>
      pageEndsBefore(
        page.filter((d) => d !== undefined),
        stopBefore,
      ),
    );
    return inRange(
      all.filter((d) => d !== undefined),
      range,
    );
  }

  async recordDeployment(applicationId: number, write: DeploymentWrite, options?: RequestOptions): Promise<Deployment> {
    const path = `/v2/applications/${checkId(applicationId, l10n.t('Application'))}/deployments.json`;
    const res = await this.transport.post(this.transport.urlFor(path), restDeploymentBody(write), options?.signal, {
      write: true,
    });
    const stored = parseRestDeployment(unwrap(JSON.parse(res.body) as unknown, 'deployment'));
    if (!stored) {
      throw new ApiError(
        'badResponse',
        l10n.t('The service did not answer the deployment it recorded for {0}.', path),
        {
          path,
        },
      );
    }
    return stored;
  }

  /** Every page of the account's open violations, kept for these applications (the service filters by none). */
  async listOpenAlerts(applicationIds: readonly number[], options?: RequestOptions): Promise<OpenAlert[]> {
    if (applicationIds.length === 0) {
      return [];
    }
    const path = '/v2/alerts_violations';
    const url = this.transport.urlFor(`${path}.${this.format}`, new URLSearchParams({ only_open: 'true' }));
    const all = await this.pages({ path, url }, 'violations', parseRestViolation, options);
    const wanted = new Set(applicationIds);
    return all.filter((a) => a !== undefined && wanted.has(a.applicationId)) as OpenAlert[];
  }

  async rawRequest(path: string, query: URLSearchParams, options?: RequestOptions): Promise<RawResponse> {
    if (!/^\/v2\/[\w/.-]+\.(json|xml)$/.test(path)) {
      throw new ApiError(
        'invalidRequest',
        l10n.t('"{0}" is not a v2 API path (expected /v2/….json or /v2/….xml).', path),
      );
    }
    const res = await this.transport.get(this.transport.urlFor(path, query), options?.signal);
    return { status: res.status, contentType: res.headers['content-type'] ?? '', body: res.body, url: res.url };
  }

  /** The URL of a request in this client's format. Throws `invalidRequest` before anything is sent. */
  private urlOf(request: ApiRequest): { path: string; url: URL } {
    const { path, query } = buildRequest(request);
    return { path, url: this.transport.urlFor(`${path}.${this.format}`, query) };
  }

  private async getOne(request: ApiRequest, options?: RequestOptions): Promise<unknown> {
    return (await this.getDecoded(this.urlOf(request).url, options?.signal)).decoded;
  }

  /** One GET, decoded; conditional when an earlier answer for the URL had an ETag (a 304 reuses it). */
  private async getDecoded(url: URL, signal?: AbortSignal): Promise<{ res: HttpResponse; decoded: unknown }> {
    const cached = this.conditional.get(url.href);
    const res = await this.transport.get(url, signal, cached?.etag);
    if (res.status === 304 && cached) {
      return { res: { ...res, headers: { ...cached.headers, ...res.headers } }, decoded: cached.decoded };
    }
    const decoded = this.decode(res);
    this.conditional.remember(url.href, { etag: res.headers.etag, decoded, headers: res.headers }, res.body.length);
    return { res, decoded };
  }

  /** Follows `rel="next"` until there is none; pages strictly one after another. */
  private async getAllPages<T>(
    request: ApiRequest,
    key: string,
    item: (v: unknown) => T,
    options?: RequestOptions,
  ): Promise<T[]> {
    return this.pages(this.urlOf(request), key, item, options);
  }

  /** Pages from `first` on, until there is no `next` or `stop` says a page was the last one needed. */
  private async pages<T>(
    first: { path: string; url: URL },
    key: string,
    item: (v: unknown) => T,
    options?: RequestOptions,
    stop?: (page: T[]) => boolean,
  ): Promise<T[]> {
    const items: T[] = [];
    const path = first.path;
    let url: URL | undefined = first.url;
    const seen = new Set<string>();
    for (let page = 1; url; page++) {
      if (page > this.maxPages || seen.has(url.href)) {
        throw new ApiError(
          'badResponse',
          l10n.t(
            'The service kept sending more pages for {0} ({1} so far). Narrow the request with a filter.',
            path,
            page - 1,
          ),
          { path },
        );
      }
      seen.add(url.href);
      const { res, decoded } = await this.getDecoded(url, options?.signal);
      const pageItems = parseList(decoded, key, item);
      items.push(...pageItems);
      options?.onProgress?.({ pagesDone: page, itemsSoFar: items.length });
      url = stop?.(pageItems) ? undefined : this.nextUrl(res, path);
    }
    return items;
  }

  private nextUrl(res: HttpResponse, path: string): URL | undefined {
    const next = nextPageUrl(res.headers.link);
    if (next === undefined) {
      return undefined;
    }
    let url: URL;
    try {
      url = new URL(next, res.url);
    } catch {
      throw new ApiError('badResponse', l10n.t('The service sent an invalid next-page link for {0}.', path), { path });
    }
    if (!this.transport.mayCarryKey(url)) {
      throw new ApiError(
        'redirectRefused',
        l10n.t(
          'The next page of {0} is on another host or not on HTTPS ({1}//{2}); it was not requested, so your API key was not sent there.',
          path,
          url.protocol,
          url.host,
        ),
        { path },
      );
    }
    return url;
  }

  private decode(res: HttpResponse): unknown {
    const path = new URL(res.url).pathname;
    const type = (res.headers['content-type'] ?? '').toLowerCase();
    const expected = this.format === 'json' ? 'json' : 'xml';
    if (type && !type.includes(expected)) {
      throw new ApiError(
        'badResponse',
        l10n.t(
          'The service answered {0} with "{1}" instead of {2}. A proxy or login page may be in the way: check the base URL and proxy settings.',
          path,
          type.split(';')[0],
          expected.toUpperCase(),
        ),
        { path },
      );
    }
    const xml = this.format === 'xml' ? xmlModule() : undefined;
    try {
      return xml ? xml.parseXmlDocument(res.body) : JSON.parse(res.body);
    } catch (e) {
      if (e instanceof SyntaxError || (xml && e instanceof xml.XmlFormatError)) {
        this.log.debug(`unreadable ${expected} body for ${path} (${res.body.length} characters)`);
        throw new ApiError(
          'badResponse',
          l10n.t(
            'The answer for {0} is not valid {1} (it may be truncated). Retry; if it persists, check your proxy.',
            path,
            expected.toUpperCase(),
          ),
          { path, cause: e },
        );
      }
      throw e;
    }
  }
}
