import * as l10n from '@vscode/l10n';
/**
 * `TimesliceApi` is what the tree, panels and status bar depend on; `HttpTimesliceApi` implements it
 * over the REST API v2. The v2 API has an announced end of life: a successor backend would be a
 * second implementation of this interface.
 */
import type { Logger } from '../log';
import { ConditionalCache } from './conditionalCache';
import { ApiError } from './errors';
import { nextPageUrl } from './pagination';
import {
  parseApplication, parseHost, parseInstance, parseKeyTransaction, parseList, parseMetricData, parseMetricName, unwrap,
} from './parse';
import { checkRange, formatApiTime } from './timeRange';
import type { HttpResponse, TransportOptions } from './transport';
import { HttpTransport } from './transport';
import type {
  ApiFormat, Application, ApplicationFilter, Host, HostFilter, Instance, KeyTransaction, KeyTransactionFilter,
  MetricData, MetricDataQuery, MetricName, MetricScope, RequestOptions,
} from './types';

/** The XML parser loads only when XML is chosen: most users never need it (about 60 KB minified). */
function xmlModule(): typeof import('./xml') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('./xml') as typeof import('./xml');
}

export interface TimesliceApi {
  readonly baseUrl: string;
  listApplications(filter?: ApplicationFilter, options?: RequestOptions): Promise<Application[]>;
  getApplication(applicationId: number, options?: RequestOptions): Promise<Application>;
  listHosts(applicationId: number, filter?: HostFilter, options?: RequestOptions): Promise<Host[]>;
  getHost(applicationId: number, hostId: number, options?: RequestOptions): Promise<Host>;
  listInstances(applicationId: number, filter?: HostFilter, options?: RequestOptions): Promise<Instance[]>;
  getInstance(applicationId: number, instanceId: number, options?: RequestOptions): Promise<Instance>;
  listKeyTransactions(filter?: KeyTransactionFilter, options?: RequestOptions): Promise<KeyTransaction[]>;
  getKeyTransaction(keyTransactionId: number, options?: RequestOptions): Promise<KeyTransaction>;
  listMetricNames(scope: MetricScope, filter?: { name?: string }, options?: RequestOptions): Promise<MetricName[]>;
  getMetricData(scope: MetricScope, query: MetricDataQuery, options?: RequestOptions): Promise<MetricData>;
  /** One GET of any v2 path, unparsed (for "Run API Request…"). */
  rawRequest(path: string, query: URLSearchParams, options?: RequestOptions): Promise<RawResponse>;
  dispose(): Promise<void>;
}

export interface RawResponse {
  status: number;
  contentType: string;
  body: string;
  url: string;
}

export interface HttpTimesliceApiOptions extends TransportOptions {
  format?: ApiFormat;
  /** Safety stop for a server whose `next` links never end. */
  maxPages?: number;
}

/** Path of a metric scope, e.g. `/v2/applications/1/hosts/7`. */
export function scopePath(scope: MetricScope): string {
  const app = `/v2/applications/${scope.applicationId}`;
  switch (scope.kind) {
    case 'application':
      return app;
    case 'host':
      return `${app}/hosts/${scope.hostId}`;
    case 'instance':
      return `${app}/instances/${scope.instanceId}`;
  }
}

function filterParams(entries: Record<string, string | number[] | undefined>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(entries)) {
    if (Array.isArray(value)) {
      if (value.length > 0) {
        params.set(key, value.join(','));
      }
    } else if (value !== undefined && value !== '') {
      params.set(key, value);
    }
  }
  return params;
}

/** An id for a path: a positive safe integer, or an invalidRequest error before anything is sent. */
export function checkId(id: number, what: string): number {
  if (!Number.isSafeInteger(id) || id <= 0) {
    throw new ApiError('invalidRequest', l10n.t('{0} ID must be a positive whole number (got {1}).', what, String(id)));
  }
  return id;
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
    const params = filterParams({
      'filter[name]': filter.name, 'filter[host]': filter.host, 'filter[ids]': filter.ids, 'filter[language]': filter.language,
    });
    return this.getAllPages('/v2/applications', params, 'applications', parseApplication, options);
  }

  async getApplication(applicationId: number, options?: RequestOptions): Promise<Application> {
    const body = await this.getOne(`/v2/applications/${checkId(applicationId, l10n.t('An application'))}`, new URLSearchParams(), options);
    return parseApplication(unwrap(body, 'application'));
  }

  listHosts(applicationId: number, filter: HostFilter = {}, options?: RequestOptions): Promise<Host[]> {
    const params = filterParams({ 'filter[hostname]': filter.hostname, 'filter[ids]': filter.ids });
    return this.getAllPages(`/v2/applications/${checkId(applicationId, l10n.t('An application'))}/hosts`, params, 'application_hosts', parseHost, options);
  }

  async getHost(applicationId: number, hostId: number, options?: RequestOptions): Promise<Host> {
    const path = `/v2/applications/${checkId(applicationId, l10n.t('An application'))}/hosts/${checkId(hostId, l10n.t('A host'))}`;
    return parseHost(unwrap(await this.getOne(path, new URLSearchParams(), options), 'application_host'));
  }

  listInstances(applicationId: number, filter: HostFilter = {}, options?: RequestOptions): Promise<Instance[]> {
    const params = filterParams({ 'filter[hostname]': filter.hostname, 'filter[ids]': filter.ids });
    return this.getAllPages(`/v2/applications/${checkId(applicationId, l10n.t('An application'))}/instances`, params, 'application_instances', parseInstance, options);
  }

  async getInstance(applicationId: number, instanceId: number, options?: RequestOptions): Promise<Instance> {
    const path = `/v2/applications/${checkId(applicationId, l10n.t('An application'))}/instances/${checkId(instanceId, l10n.t('An instance'))}`;
    return parseInstance(unwrap(await this.getOne(path, new URLSearchParams(), options), 'application_instance'));
  }

  listKeyTransactions(filter: KeyTransactionFilter = {}, options?: RequestOptions): Promise<KeyTransaction[]> {
    const params = filterParams({ 'filter[name]': filter.name, 'filter[ids]': filter.ids });
    return this.getAllPages('/v2/key_transactions', params, 'key_transactions', parseKeyTransaction, options);
  }

  async getKeyTransaction(keyTransactionId: number, options?: RequestOptions): Promise<KeyTransaction> {
    const body = await this.getOne(`/v2/key_transactions/${checkId(keyTransactionId, l10n.t('A key transaction'))}`, new URLSearchParams(), options);
    return parseKeyTransaction(unwrap(body, 'key_transaction'));
  }

  listMetricNames(scope: MetricScope, filter: { name?: string } = {}, options?: RequestOptions): Promise<MetricName[]> {
    // Listing names is costly for the service (spec 8): pages are fetched one after another, never in parallel.
    return this.getAllPages(`${scopePath(scope)}/metrics`, filterParams({ name: filter.name }), 'metrics', parseMetricName, options);
  }

  async getMetricData(scope: MetricScope, query: MetricDataQuery, options?: RequestOptions): Promise<MetricData> {
    if (query.names.length === 0) {
      throw new ApiError('invalidRequest', l10n.t('Choose at least one metric name.'));
    }
    checkRange({ from: query.from, to: query.to }, query.period);
    const params = new URLSearchParams();
    for (const name of query.names) {
      params.append('names[]', name);
    }
    for (const value of query.values ?? []) {
      params.append('values[]', value);
    }
    if (query.from && query.to) {
      params.set('from', formatApiTime(query.from));
      params.set('to', formatApiTime(query.to));
    }
    if (query.period !== undefined) {
      params.set('period', String(query.period));
    }
    // A series is asked for by leaving summarize out: the service treats "false" as unexpected (api-notes).
    if (query.summarize) {
      params.set('summarize', 'true');
    }
    const body = await this.getOne(`${scopePath(scope)}/metrics/data`, params, options);
    return parseMetricData(unwrap(body, 'metric_data'));
  }

  async rawRequest(path: string, query: URLSearchParams, options?: RequestOptions): Promise<RawResponse> {
    if (!/^\/v2\/[\w/.-]+\.(json|xml)$/.test(path)) {
      throw new ApiError('invalidRequest', l10n.t('"{0}" is not a v2 API path (expected /v2/….json or /v2/….xml).', path));
    }
    const res = await this.transport.get(this.transport.urlFor(path, query), options?.signal);
    return { status: res.status, contentType: res.headers['content-type'] ?? '', body: res.body, url: res.url };
  }

  private async getOne(path: string, params: URLSearchParams, options?: RequestOptions): Promise<unknown> {
    return (await this.getDecoded(this.transport.urlFor(`${path}.${this.format}`, params), options?.signal)).decoded;
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
  private async getAllPages<T>(path: string, params: URLSearchParams, key: string, item: (v: unknown) => T, options?: RequestOptions): Promise<T[]> {
    const items: T[] = [];
    let url: URL | undefined = this.transport.urlFor(`${path}.${this.format}`, params);
    const seen = new Set<string>();
    for (let page = 1; url; page++) {
      if (page > this.maxPages || seen.has(url.href)) {
        throw new ApiError('badResponse', l10n.t('The service kept sending more pages for {0} ({1} so far). Narrow the request with a filter.', path, page - 1), { path });
      }
      seen.add(url.href);
      const { res, decoded } = await this.getDecoded(url, options?.signal);
      items.push(...parseList(decoded, key, item));
      options?.onProgress?.({ pagesDone: page, itemsSoFar: items.length });
      url = this.nextUrl(res, path);
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
      throw new ApiError('redirectRefused', l10n.t('The next page of {0} is on another host or not on HTTPS ({1}//{2}); it was not requested, so your API key was not sent there.', path, url.protocol, url.host), { path });
    }
    return url;
  }

  private decode(res: HttpResponse): unknown {
    const path = new URL(res.url).pathname;
    const type = (res.headers['content-type'] ?? '').toLowerCase();
    const expected = this.format === 'json' ? 'json' : 'xml';
    if (type && !type.includes(expected)) {
      throw new ApiError('badResponse', l10n.t('The service answered {0} with "{1}" instead of {2}. A proxy or login page may be in the way: check the base URL and proxy settings.', path, type.split(';')[0], expected.toUpperCase()), { path });
    }
    const xml = this.format === 'xml' ? xmlModule() : undefined;
    try {
      return xml ? xml.parseXmlDocument(res.body) : JSON.parse(res.body);
    } catch (e) {
      if (e instanceof SyntaxError || (xml && e instanceof xml.XmlFormatError)) {
        this.log.debug(`unreadable ${expected} body for ${path} (${res.body.length} characters)`);
        throw new ApiError('badResponse', l10n.t('The answer for {0} is not valid {1} (it may be truncated). Retry; if it persists, check your proxy.', path, expected.toUpperCase()), { path, cause: e });
      }
      throw e;
    }
  }
}
