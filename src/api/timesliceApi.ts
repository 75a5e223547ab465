// What the views depend on, whichever backend answers (rest/client.ts, nerdgraph/nerdGraphApi.ts).
import type { TransactionStats, TransactionStatsOptions, TransactionStatsQuery } from './transactionStats';
import type { Deployment, DeploymentRange, DeploymentWrite } from './deployments';
import type { OpenAlert } from './openAlerts';
import type * as T from './types';

export interface TimesliceApi {
  readonly baseUrl: string;
  listApplications(filter?: T.ApplicationFilter, options?: T.RequestOptions): Promise<T.Application[]>;
  getApplication(applicationId: number, options?: T.RequestOptions): Promise<T.Application>;
  listHosts(applicationId: number, filter?: T.HostFilter, options?: T.RequestOptions): Promise<T.Host[]>;
  getHost(applicationId: number, hostId: number, options?: T.RequestOptions): Promise<T.Host>;
  listInstances(applicationId: number, filter?: T.HostFilter, options?: T.RequestOptions): Promise<T.Instance[]>;
  getInstance(applicationId: number, instanceId: number, options?: T.RequestOptions): Promise<T.Instance>;
  listKeyTransactions(filter?: T.KeyTransactionFilter, options?: T.RequestOptions): Promise<T.KeyTransaction[]>;
  getKeyTransaction(keyTransactionId: number, options?: T.RequestOptions): Promise<T.KeyTransaction>;
  listMetricNames(
    scope: T.MetricScope,
    filter?: { name?: string },
    options?: T.RequestOptions,
  ): Promise<T.MetricName[]>;
  getMetricData(scope: T.MetricScope, query: T.MetricDataQuery, options?: T.RequestOptions): Promise<T.MetricData>;
  /** An application's transactions with their summarized numbers (transactionStatsLoader.ts). */
  getTransactionStats(query: TransactionStatsQuery, options?: TransactionStatsOptions): Promise<TransactionStats[]>;
  /** The application's deployments in `range`, newest first (deployments.ts; cache them: deploymentCache.ts). */
  listDeployments(applicationId: number, range: DeploymentRange, options?: T.RequestOptions): Promise<Deployment[]>;
  recordDeployment(applicationId: number, write: DeploymentWrite, options?: T.RequestOptions): Promise<Deployment>;
  /** The open alerts of these applications, in one request for all of them (openAlerts.ts). */
  listOpenAlerts(applicationIds: readonly number[], options?: T.RequestOptions): Promise<OpenAlert[]>;
  /** One GET of any v2 path, unparsed (for "Run API Request…"). */
  rawRequest(path: string, query: URLSearchParams, options?: T.RequestOptions): Promise<RawResponse>;
  dispose(): Promise<void>;
}

export interface RawResponse {
  status: number;
  contentType: string;
  body: string;
  url: string;
}
