/**
 * `TimesliceApi` is what the tree, panels and status bar depend on, whichever backend answers:
 * `HttpTimesliceApi` (rest/client.ts) over the REST API v2, `NerdGraphTimesliceApi`
 * (nerdgraph/nerdGraphApi.ts) over NerdGraph. No `vscode`.
 */
import type {
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
} from './types';

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
