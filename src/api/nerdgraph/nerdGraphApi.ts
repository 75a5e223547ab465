// `TimesliceApi` over NerdGraph and NRQL with REST's models (docs/service.md#nerdgraph-mapping).
import * as l10n from '@vscode/l10n';

import type { Deployment, DeploymentRange, DeploymentWrite } from '../deployments';
import type { RawResponse, TimesliceApi } from '../timesliceApi';
import type { TransactionStats, TransactionStatsOptions, TransactionStatsQuery } from '../transactionStats';
import { loadTransactionStats, NERDGRAPH_TRANSACTION_PLAN } from '../transactionStatsLoader';
import { createDeployment, readDeployments } from './deployments';
import type { OpenAlert } from '../openAlerts';
import { openIssues } from './openAlerts';
import { checkId } from '../rest/requests';
import { ApiError } from '../apiError';
import { checkRange, wholeMinute } from '../timeRange';
import type { TransportOptions } from '../transport';
import { HttpTransport } from '../transport';
import type {
  Application,
  ApplicationFilter,
  ApplicationSummary,
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
import {
  foundOr,
  HostNames,
  hostsFrom,
  instanceDetails,
  instancesFrom,
  keyTransactionDetails,
  keyTransactionFrom,
  keyTransactionSummaryQueries,
  summariesByFacet,
} from './agentInstances';
import type { Fields } from './entities';
import { applicationFrom, byHostFilter, asRecord, asString, summaryNames } from './entities';
import type { AccountResolver, NerdGraphAccount } from './accounts';
import { accountsFrom, AccountChoice } from './accounts';
import { GraphqlClient } from './graphqlClient';
import {
  accountsRequest,
  AGENT_INSTANCES,
  aliasedNrql,
  instancesAndSummariesQuery,
  KEY_TRANSACTION_DETAILS,
  readAliases,
  searchEntities,
} from './graphqlRequests';
import {
  componentsNrql,
  metricDataFrom,
  metricDataNrql,
  metricDataWindow,
  metricNamesFrom,
  metricNamesNrql,
} from './metricQueries';
import { nrqlString } from './metricValues';
import type { GraphqlRequestBody, NrqlResult } from './nrqlQuery';
import { NRQL_RESULT_PATH, nrqlRequestBody, readNrqlResult } from './nrqlQuery';
import type { OpenPoints } from './openPoints';
import { DEFAULT_OPEN_POINTS } from './openPoints';

export interface NerdGraphTimesliceApiOptions extends TransportOptions {
  /** The account NRQL runs in (NerdGraph does not infer it: docs/service.md#accounts), or a resolver asked once. */
  accountId: number | AccountResolver;
  /** Overrides of the open-point switches (tests, or facts learned later). */
  openPoints?: Partial<OpenPoints>;
  /** Safety stop for entity-search cursors that never end. */
  maxPages?: number;
  now?: () => Date;
}

export class NerdGraphTimesliceApi implements TimesliceApi {
  private readonly transport: HttpTransport;
  private readonly gql: GraphqlClient;
  private readonly account: AccountChoice;
  private readonly open: OpenPoints;
  private readonly maxPages: number;
  private readonly now: () => Date;
  private readonly guids = new Map<number, string>();
  private readonly hostNames = new HostNames();

  constructor(options: NerdGraphTimesliceApiOptions) {
    this.transport = new HttpTransport(options);
    this.gql = new GraphqlClient({ transport: this.transport, log: options.log });
    this.account = new AccountChoice(options.accountId);
    this.open = { ...DEFAULT_OPEN_POINTS, ...options.openPoints };
    this.maxPages = options.maxPages ?? 1000;
    this.now = options.now ?? (() => new Date());
  }

  get baseUrl(): string {
    return this.transport.baseUrl;
  }

  get graphqlUrl(): string {
    return this.transport.urlFor('/graphql').href;
  }

  async dispose(): Promise<void> {
    await this.transport.close();
  }

  accountId(options?: RequestOptions): Promise<number> {
    return this.account.id((o) => this.listAccounts(o), options);
  }

  async listAccounts(options?: RequestOptions): Promise<NerdGraphAccount[]> {
    const { query, variables } = accountsRequest(this.open.accountsScope);
    const result = await this.gql.query(query, variables, options?.signal);
    return accountsFrom(this.gql.field(result, ['actor', 'accounts']));
  }

  async listApplications(filter: ApplicationFilter = {}, options?: RequestOptions): Promise<Application[]> {
    let q = `domain = 'APM' AND type = 'APPLICATION' AND accountId = ${await this.accountId(options)}`;
    if (filter.name) {
      q += ` AND name LIKE ${nrqlString(this.open.entityNameLikeWildcards ? `%${filter.name}%` : filter.name)}`;
    }
    const entities = await this.search(q, options);
    // ids and language have no documented search attribute: filtered here (host filter: see listHosts).
    return entities
      .map((e) => this.application(e))
      .filter((a) => !filter.ids?.length || filter.ids.includes(a.id))
      .filter((a) => !filter.language || a.language.toLowerCase() === filter.language.toLowerCase());
  }

  async getApplication(applicationId: number, options?: RequestOptions): Promise<Application> {
    const [entity] = await this.search(
      `domainId = '${checkId(applicationId, l10n.t('An application'))}' AND domain = 'APM'`,
      options,
    );
    return this.application(
      foundOr(
        entity,
        l10n.t(
          'Application {0} was not found through NerdGraph. It may have stopped reporting or been removed (NerdGraph lists only indexed entities): refresh the view.',
          applicationId,
        ),
      ),
    );
  }

  private application(e: Fields): Application {
    const app = applicationFrom(e, this.open.apmSummaryErrorRateScale);
    if (app.guid) {
      this.guids.set(app.id, app.guid);
    }
    return app;
  }

  private search(q: string, options?: RequestOptions): Promise<Fields[]> {
    return searchEntities(this.gql, q, this.maxPages, options);
  }

  async listDeployments(id: number, range: DeploymentRange, options?: RequestOptions): Promise<Deployment[]> {
    const rows = async (q: string, s?: AbortSignal) => (await this.nrql([q], s))[0];
    return readDeployments(rows, await this.guidOf(id, options), range, options?.signal);
  }

  async recordDeployment(applicationId: number, write: DeploymentWrite, options?: RequestOptions): Promise<Deployment> {
    return createDeployment(this.gql, await this.guidOf(applicationId, options), write, options?.signal);
  }

  listOpenAlerts(applicationIds: readonly number[], options?: RequestOptions): Promise<OpenAlert[]> {
    const guidOf = (id: number) => this.guidOf(id, options);
    return openIssues(this.gql, this.accountId(options), guidOf, applicationIds, this.now().getTime(), options?.signal);
  }

  async guidOf(applicationId: number, options?: RequestOptions): Promise<string> {
    const known = this.guids.get(applicationId);
    if (known) {
      return known;
    }
    const app = await this.getApplication(applicationId, options);
    return app.guid!;
  }

  /** The body `runNrql` POSTs for this query ("Copy as curl" copies it). */
  nrqlRequest(accountId: number, nrql: string): GraphqlRequestBody {
    return nrqlRequestBody(checkId(accountId, l10n.t('An account')), nrql, this.open.nrqlTimeoutSeconds);
  }

  /** A query the user typed, in `accountId`, answered as NerdGraph sent it (nrqlQuery.ts). */
  async runNrql(accountId: number, nrql: string, options?: RequestOptions): Promise<NrqlResult> {
    const { query, variables } = this.nrqlRequest(accountId, nrql);
    const result = await this.gql.query(query, variables, options?.signal, 'user');
    return readNrqlResult(this.gql.field(result, NRQL_RESULT_PATH, 'user'));
  }

  /** A fixed document's values at `paths`, each alias read on its own (src/errors/sessionErrorClient.ts). */
  async graphqlAliases(q: string, vars: Record<string, unknown>, paths: string[][], o?: RequestOptions) {
    return readAliases(this.gql, await this.gql.query(q, vars, o?.signal), paths);
  }

  private async nrql(queries: string[], signal?: AbortSignal): Promise<Array<Array<Fields>>> {
    const accountId = await this.accountId({ signal });
    return aliasedNrql(this.gql, accountId, queries, this.open.nrqlTimeoutSeconds, signal);
  }

  private async scopeWhere(scope: MetricScope, options?: RequestOptions): Promise<string> {
    const app = `appId = ${checkId(scope.applicationId, l10n.t('An application'))}`;
    switch (scope.kind) {
      case 'application':
        return app;
      case 'host':
        return `${app} AND host = ${nrqlString(await this.hostNameOf(scope.applicationId, checkId(scope.hostId, l10n.t('A host')), options))}`;
      case 'instance':
        return `${app} AND ${this.open.instanceNrqlAttribute} = ${checkId(scope.instanceId, l10n.t('An instance'))}`;
    }
  }

  /** The name NRQL selects a host by (agentInstances.ts HostNames). */
  private hostNameOf(applicationId: number, hostId: number, options?: RequestOptions): Promise<string> {
    return this.hostNames.nameOf(applicationId, hostId, (o) => this.agentInstances(applicationId, o), options);
  }

  /** The `details` of the application's agent instances (docs/service.md#hosts-and-instances), nothing else. */
  private async agentInstances(applicationId: number, options?: RequestOptions): Promise<Fields[]> {
    const guid = await this.guidOf(applicationId, options);
    const result = await this.gql.query(AGENT_INSTANCES, { guid }, options?.signal);
    return instanceDetails(this.gql.field(result, ['actor', 'entity']), applicationId);
  }

  private async instancesAndSummaries(
    applicationId: number,
    facet: string,
    options?: RequestOptions,
  ): Promise<{ details: Fields[]; summaries: Map<string, ApplicationSummary> }> {
    const guid = await this.guidOf(applicationId, options);
    const minutes = this.open.hostSummaryWindowMinutes;
    const nrql = componentsNrql(
      applicationId,
      summaryNames(),
      `${facet}, metricTimesliceName`,
      wholeMinute(this.now()),
      minutes,
    );
    const result = await this.gql.query(
      instancesAndSummariesQuery(this.open.nrqlTimeoutSeconds),
      { guid, id: await this.accountId(options), q: nrql },
      options?.signal,
    );
    const details = instanceDetails(this.gql.field(result, ['actor', 'entity']), applicationId);
    for (const d of details) {
      this.hostNames.remember(applicationId, asString(d.host) ?? ''); // scopeWhere selects a host by its name
    }
    const rows = asRecord(this.gql.field(result, ['actor', 'account', 'nrql'])).results;
    return { details, summaries: summariesByFacet(rows, minutes) };
  }

  async listHosts(applicationId: number, filter: HostFilter = {}, options?: RequestOptions): Promise<Host[]> {
    checkId(applicationId, l10n.t('An application'));
    const { details, summaries } = await this.instancesAndSummaries(applicationId, 'host', options);
    return byHostFilter(hostsFrom(details, summaries, applicationId), filter);
  }

  async getHost(applicationId: number, hostId: number, options?: RequestOptions): Promise<Host> {
    const host = (await this.listHosts(applicationId, {}, options)).find(
      (h) => h.id === checkId(hostId, l10n.t('A host')),
    );
    return foundOr(
      host,
      l10n.t('Host {0} of application {1} was not found through NerdGraph: refresh the view.', hostId, applicationId),
    );
  }

  async listInstances(applicationId: number, filter: HostFilter = {}, options?: RequestOptions): Promise<Instance[]> {
    checkId(applicationId, l10n.t('An application'));
    const { details, summaries } = await this.instancesAndSummaries(
      applicationId,
      this.open.instanceNrqlAttribute,
      options,
    );
    return byHostFilter(instancesFrom(details, summaries, applicationId), filter);
  }

  async getInstance(applicationId: number, instanceId: number, options?: RequestOptions): Promise<Instance> {
    const instance = (await this.listInstances(applicationId, {}, options)).find(
      (i) => i.id === checkId(instanceId, l10n.t('An instance')),
    );
    return foundOr(
      instance,
      l10n.t(
        'Instance {0} of application {1} was not found through NerdGraph: refresh the view.',
        instanceId,
        applicationId,
      ),
    );
  }

  async listKeyTransactions(filter: KeyTransactionFilter = {}, options?: RequestOptions): Promise<KeyTransaction[]> {
    let q = `type = 'KEY_TRANSACTION' AND accountId = ${await this.accountId(options)}`;
    if (filter.name) {
      q += ` AND name LIKE ${nrqlString(this.open.entityNameLikeWildcards ? `%${filter.name}%` : filter.name)}`;
    }
    const outlines = await this.search(q, options);
    if (outlines.length === 0) {
      return [];
    }
    // Details of every KT in one request (entities(guids:)), then one NRQL per parent app, as aliases of one request.
    const detailResult = await this.gql.query(
      KEY_TRANSACTION_DETAILS,
      { guids: outlines.map((o) => asString(o.guid)) },
      options?.signal,
    );
    const kts = keyTransactionDetails(this.gql.field(detailResult, ['actor', 'entities']));
    const minutes = this.open.keyTransactionSummaryWindowMinutes;
    const { apps, queries } = keyTransactionSummaryQueries(kts, wholeMinute(this.now()), minutes);
    const results = queries.length > 0 ? await this.nrql(queries, options?.signal) : [];
    const rowsByApp = new Map(apps.map((a, i) => [a, new Map(results[i].map((r) => [String(r.facet), r]))]));
    return kts
      .map((kt) => keyTransactionFrom(kt, rowsByApp, minutes, this.open.keyTransactionIdFromGuid))
      .filter((k) => !filter.ids?.length || filter.ids.includes(k.id));
  }

  async getKeyTransaction(keyTransactionId: number, options?: RequestOptions): Promise<KeyTransaction> {
    const kt = (await this.listKeyTransactions({}, options)).find(
      (k) => k.id === checkId(keyTransactionId, l10n.t('A key transaction')),
    );
    return foundOr(
      kt,
      l10n.t('Key transaction {0} was not found through NerdGraph: refresh the view.', keyTransactionId),
    );
  }

  async listMetricNames(
    scope: MetricScope,
    filter: { name?: string } = {},
    options?: RequestOptions,
  ): Promise<MetricName[]> {
    const q = metricNamesNrql(
      await this.scopeWhere(scope, options),
      filter.name,
      wholeMinute(this.now()),
      this.open.metricNamesWindowMinutes,
      this.open.uniquesLimit,
    );
    const [rows] = await this.nrql([q], options?.signal);
    return metricNamesFrom(rows, scope.kind, this.open.metricNameFilterCaseSensitive ? filter.name : undefined);
  }

  async getMetricData(scope: MetricScope, query: MetricDataQuery, options?: RequestOptions): Promise<MetricData> {
    if (query.names.length === 0) {
      throw new ApiError('invalidRequest', l10n.t('Choose at least one metric name.'));
    }
    checkRange({ from: query.from, to: query.to }, query.period);
    const to = query.to ?? this.now();
    const from = query.from ?? new Date(to.getTime() - 30 * 60_000);
    const names = [...new Set(query.names)];
    const where = await this.scopeWhere(scope, options);
    const window = metricDataWindow(from, to, query);
    const [rows] = await this.nrql([metricDataNrql(where, names, window)], options?.signal);
    return metricDataFrom(rows, { scope, names, query, from, to, window });
  }

  /** Names from `uniques(metricTimesliceName)` (cached), numbers from one NRQL faceted by name (docs/service.md#transaction-numbers). */
  getTransactionStats(query: TransactionStatsQuery, options?: TransactionStatsOptions): Promise<TransactionStats[]> {
    return loadTransactionStats(this, NERDGRAPH_TRANSACTION_PLAN, query, options);
  }

  rawRequest(path: string): Promise<RawResponse> {
    return Promise.reject(
      new ApiError(
        'invalidRequest',
        l10n.t('"{0}" is a REST API v2 request; the NerdGraph backend answers NRQL, not v2 paths.', path),
      ),
    );
  }
}
