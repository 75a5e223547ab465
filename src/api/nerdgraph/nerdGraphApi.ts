import * as l10n from '@vscode/l10n';
/**
 * `TimesliceApi` over NerdGraph (GraphQL) and NRQL, REST API v2's successor (nerdgraph-notes.md).
 * Views see the same models as with REST: applications from `entitySearch`, hosts and instances from
 * the entity's agent instances, key transactions from their own entities, and metric data as REST
 * values computed from NRQL timeslice components (metricValues.ts). NRQL always travels as a
 * `Nrql!` variable; several NRQL queries share one request through aliases where that saves requests.
 * This class sends the requests and keeps what later ones need (GUIDs, host names, the account);
 * entities.ts turns entities into REST's models, metricQueries.ts writes the NRQL and reads its rows.
 */
import type { RawResponse, TimesliceApi } from '../timesliceApi';
import { checkId } from '../rest/requests';
import { ApiError } from '../errors';
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
import type { Obj } from './entities';
import {
  applicationFrom,
  byHostFilter,
  ENTITY_FIELDS,
  healthOf,
  hostIdFor,
  keyTransactionIdFrom,
  num,
  obj,
  str,
  summaryFrom,
  summaryNames,
} from './entities';
import type { GqlResult } from './graphqlClient';
import { GraphqlClient } from './graphqlClient';
import { componentsNrql, metricDataFrom, metricDataNrql, metricDataWindow, metricNamesNrql } from './metricQueries';
import { nrqlString, valueNamesFor } from './metricValues';
import type { GraphqlRequestBody, NrqlResult } from './nrqlQuery';
import { NRQL_RESULT_PATH, nrqlRequestBody, readNrqlResult } from './nrqlQuery';
import type { OpenPoints } from './openPoints';
import { DEFAULT_OPEN_POINTS } from './openPoints';

export interface NerdGraphTimesliceApiOptions extends TransportOptions {
  /**
   * The account NRQL runs in (notes 2: NerdGraph does not infer it from the key), or a resolver given
   * the key's accounts (asked once, on the first request that needs it; a failure is asked again).
   */
  accountId: number | AccountResolver;
  /** Overrides of the open-point switches (tests, or facts learned later). */
  openPoints?: Partial<OpenPoints>;
  /** Safety stop for entity-search cursors that never end. */
  maxPages?: number;
  now?: () => Date;
}

export interface NerdGraphAccount {
  id: number;
  name: string;
}

/** Chooses the account from the key's accounts, or throws (an ApiError of kind `noAccount`). */
export type AccountResolver = (listAccounts: () => Promise<NerdGraphAccount[]>) => Promise<number>;

const SEARCH = `query($q: String!, $cursor: String) { actor { entitySearch(query: $q) { count results(cursor: $cursor) { nextCursor
  entities { ${ENTITY_FIELDS} } } } } }`;
const NRQL_FIELDS = 'results metadata { timeWindow { begin end } facets }';

export class NerdGraphTimesliceApi implements TimesliceApi {
  private readonly transport: HttpTransport;
  private readonly gql: GraphqlClient;
  private accountIdValue: number | undefined;
  private readonly resolveAccount: AccountResolver | undefined;
  private resolving: Promise<number> | undefined;
  private readonly open: OpenPoints;
  private readonly maxPages: number;
  private readonly now: () => Date;
  private readonly guids = new Map<number, string>();
  private readonly hostNames = new Map<string, string>();
  private readonly hostLookups = new Map<number, Promise<void>>();

  constructor(options: NerdGraphTimesliceApiOptions) {
    this.transport = new HttpTransport(options);
    this.gql = new GraphqlClient({ transport: this.transport, log: options.log });
    if (typeof options.accountId === 'number') {
      this.accountIdValue = checkId(options.accountId, l10n.t('An account'));
    } else {
      this.resolveAccount = options.accountId;
    }
    this.open = { ...DEFAULT_OPEN_POINTS, ...options.openPoints };
    this.maxPages = options.maxPages ?? 1000;
    this.now = options.now ?? (() => new Date());
  }

  get baseUrl(): string {
    return this.transport.baseUrl;
  }

  /** The NerdGraph endpoint every request goes to (`<base URL>/graphql`). */
  get graphqlUrl(): string {
    return this.transport.urlFor('/graphql').href;
  }

  async dispose(): Promise<void> {
    await this.transport.close();
  }

  /** The account NRQL runs in: the given one, or the resolver's choice (remembered once made). */
  async accountId(options?: RequestOptions): Promise<number> {
    if (this.accountIdValue !== undefined) {
      return this.accountIdValue;
    }
    this.resolving ??= this.resolveAccount!(() => this.listAccounts(options))
      .then((id) => {
        this.accountIdValue = checkId(id, 'An account');
        return this.accountIdValue;
      })
      .finally(() => {
        this.resolving = undefined;
      });
    return this.resolving;
  }

  /** The accounts the key's user can see (notes 2). */
  async listAccounts(options?: RequestOptions): Promise<NerdGraphAccount[]> {
    const scope = this.open.accountsScope;
    const result = await this.gql.query(
      scope
        ? 'query($scope: RegionScope) { actor { accounts(scope: $scope) { id name } } }'
        : '{ actor { accounts { id name } } }',
      scope ? { scope } : {},
      options?.signal,
    );
    const list = this.gql.field(result, ['actor', 'accounts']);
    return (Array.isArray(list) ? list : [])
      .map(obj)
      .filter((a) => num(a.id) !== undefined)
      .map((a) => ({ id: num(a.id)!, name: str(a.name) ?? String(a.id) }));
  }

  // ---- applications -------------------------------------------------------------------------

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
    if (!entity) {
      throw new ApiError(
        'notFound',
        l10n.t(
          'Application {0} was not found through NerdGraph. It may have stopped reporting or been removed (NerdGraph lists only indexed entities): refresh the view.',
          applicationId,
        ),
      );
    }
    return this.application(entity);
  }

  /** An application outline as REST's application; its GUID is kept for the requests that need it. */
  private application(e: Obj): Application {
    const app = applicationFrom(e, this.open.apmSummaryErrorRateScale);
    if (app.guid) {
      this.guids.set(app.id, app.guid);
    }
    return app;
  }

  /** Every page of an entity search, with progress and cancel. */
  private async search(q: string, options?: RequestOptions): Promise<Obj[]> {
    const out: Obj[] = [];
    const seen = new Set<string>();
    let cursor: string | null = null;
    for (let page = 1; ; page++) {
      if (page > this.maxPages || (cursor !== null && seen.has(cursor))) {
        throw new ApiError(
          'badResponse',
          l10n.t(
            'NerdGraph kept sending more entity pages ({0} so far). Narrow the request with a name filter.',
            page - 1,
          ),
        );
      }
      if (cursor !== null) {
        seen.add(cursor);
      }
      const result = await this.gql.query(SEARCH, { q, cursor }, options?.signal);
      const results = obj(this.gql.field(result, ['actor', 'entitySearch', 'results']));
      const entities = Array.isArray(results.entities) ? results.entities.map(obj) : [];
      out.push(...entities);
      options?.onProgress?.({ pagesDone: page, itemsSoFar: out.length });
      cursor = str(results.nextCursor) ?? null;
      if (cursor === null) {
        return out;
      }
    }
  }

  private async guidOf(applicationId: number, options?: RequestOptions): Promise<string> {
    const known = this.guids.get(applicationId);
    if (known) {
      return known;
    }
    const app = await this.getApplication(applicationId, options);
    return app.guid!;
  }

  // ---- NRQL ---------------------------------------------------------------------------------

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

  /** Runs NRQL queries as aliases of one request; one result list per query, in order. */
  private async nrql(queries: string[], signal?: AbortSignal): Promise<Array<Array<Obj>>> {
    const vars: Record<string, unknown> = { id: await this.accountId({ signal }) };
    const params = queries.map((q, i) => {
      vars[`q${i}`] = q;
      return `$q${i}: Nrql!`;
    });
    const fields = queries.map(
      (_, i) => `r${i}: nrql(query: $q${i}, timeout: ${this.open.nrqlTimeoutSeconds}) { ${NRQL_FIELDS} }`,
    );
    const result: GqlResult = await this.gql.query(
      `query($id: Int!, ${params.join(', ')}) { actor { account(id: $id) { ${fields.join(' ')} } } }`,
      vars,
      signal,
    );
    return queries.map((_, i) => {
      const r = obj(this.gql.field(result, ['actor', 'account', `r${i}`]));
      return Array.isArray(r.results) ? r.results.map(obj) : [];
    });
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

  /**
   * The name NRQL selects a host by (NerdGraph has no host ids: ours are made from the name). Known
   * once the app's hosts or instances were listed; otherwise (a panel restored after a reload, a new
   * session) the application's agent instances are fetched, so the id alone is enough.
   */
  private async hostNameOf(applicationId: number, hostId: number, options?: RequestOptions): Promise<string> {
    const key = `${applicationId}:${hostId}`;
    let name = this.hostNames.get(key);
    if (name === undefined) {
      // One lookup per application at a time: a panel's concurrent requests share it.
      let lookup = this.hostLookups.get(applicationId);
      if (!lookup) {
        lookup = this.agentInstances(applicationId, options)
          .then((details) => {
            for (const d of details) {
              const host = str(d.host) ?? '';
              this.hostNames.set(`${applicationId}:${hostIdFor(host)}`, host);
            }
          })
          .finally(() => this.hostLookups.delete(applicationId));
        this.hostLookups.set(applicationId, lookup);
      }
      await lookup;
      name = this.hostNames.get(key);
    }
    if (name === undefined) {
      throw new ApiError(
        'notFound',
        l10n.t('Host {0} of application {1} was not found through NerdGraph: refresh the view.', hostId, applicationId),
      );
    }
    return name;
  }

  /** The `details` of the application's agent instances (notes 4.2), nothing else. */
  private async agentInstances(applicationId: number, options?: RequestOptions): Promise<Obj[]> {
    const guid = await this.guidOf(applicationId, options);
    const result = await this.gql.query(
      `query($guid: EntityGuid!) { actor { entity(guid: $guid) { ... on ApmApplicationEntity {
      applicationInstances { details { host id } } } } } }`,
      { guid },
      options?.signal,
    );
    const entity = this.gql.field(result, ['actor', 'entity']);
    if (entity === null || entity === undefined) {
      throw new ApiError(
        'notFound',
        l10n.t('Application {0} was not found through NerdGraph: refresh the view.', applicationId),
      );
    }
    const instances = obj(entity).applicationInstances;
    return (Array.isArray(instances) ? instances : []).map((i) => obj(obj(i).details));
  }

  // ---- hosts and instances --------------------------------------------------------------------

  /** Agent instances of the app (entity) and a per-facet summary (NRQL) in one request. */
  private async instancesAndSummaries(
    applicationId: number,
    facet: string,
    options?: RequestOptions,
  ): Promise<{ details: Obj[]; summaries: Map<string, ApplicationSummary> }> {
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
      `query($guid: EntityGuid!, $id: Int!, $q: Nrql!) { actor {
      entity(guid: $guid) { ... on ApmApplicationEntity { applicationInstances { details { host hostDisplayName id instanceName language name } } } }
      account(id: $id) { nrql(query: $q, timeout: ${this.open.nrqlTimeoutSeconds}) { ${NRQL_FIELDS} } } } }`,
      { guid, id: await this.accountId(options), q: nrql },
      options?.signal,
    );
    const entity = this.gql.field(result, ['actor', 'entity']);
    if (entity === null || entity === undefined) {
      throw new ApiError(
        'notFound',
        l10n.t('Application {0} was not found through NerdGraph: refresh the view.', applicationId),
      );
    }
    const instances = obj(entity).applicationInstances;
    const details = (Array.isArray(instances) ? instances : []).map((i) => obj(obj(i).details));
    const rows = obj(this.gql.field(result, ['actor', 'account', 'nrql'])).results;
    const byFacet = new Map<string, Map<string, Obj>>();
    for (const row of (Array.isArray(rows) ? rows : []).map(obj)) {
      const [key, name] = Array.isArray(row.facet) ? row.facet.map(String) : [];
      if (key !== undefined && name !== undefined) {
        const m = byFacet.get(key) ?? new Map<string, Obj>();
        m.set(name, row);
        byFacet.set(key, m);
      }
    }
    const summaries = new Map<string, ApplicationSummary>();
    for (const [key, m] of byFacet) {
      summaries.set(key, summaryFrom(m, undefined, minutes));
    }
    return { details, summaries };
  }

  async listHosts(applicationId: number, filter: HostFilter = {}, options?: RequestOptions): Promise<Host[]> {
    checkId(applicationId, l10n.t('An application'));
    const { details, summaries } = await this.instancesAndSummaries(applicationId, 'host', options);
    const hosts = new Map<string, Host>();
    for (const d of details) {
      const name = str(d.host) ?? '';
      const host = hosts.get(name) ?? {
        // No health (notes 6.9: none per host) and no id of the service's (notes 4.2: hosts are names).
        id: hostIdFor(name),
        localId: true,
        applicationName: str(d.name) ?? '',
        host: name,
        language: str(d.language) ?? '',
        summary: summaries.get(name),
        applicationId,
        instanceIds: [],
      };
      const instanceId = Number(d.id);
      if (Number.isSafeInteger(instanceId)) {
        host.instanceIds.push(instanceId);
      }
      hosts.set(name, host);
    }
    for (const h of hosts.values()) {
      this.hostNames.set(`${applicationId}:${h.id}`, h.host);
      if (h.summary) {
        h.summary.instanceCount = h.instanceIds.length;
      }
    }
    return byHostFilter([...hosts.values()], filter);
  }

  async getHost(applicationId: number, hostId: number, options?: RequestOptions): Promise<Host> {
    const host = (await this.listHosts(applicationId, {}, options)).find(
      (h) => h.id === checkId(hostId, l10n.t('A host')),
    );
    if (!host) {
      throw new ApiError(
        'notFound',
        l10n.t('Host {0} of application {1} was not found through NerdGraph: refresh the view.', hostId, applicationId),
      );
    }
    return host;
  }

  async listInstances(applicationId: number, filter: HostFilter = {}, options?: RequestOptions): Promise<Instance[]> {
    checkId(applicationId, l10n.t('An application'));
    const { details, summaries } = await this.instancesAndSummaries(
      applicationId,
      this.open.instanceNrqlAttribute,
      options,
    );
    const out: Instance[] = [];
    for (const d of details) {
      const id = Number(d.id);
      if (!Number.isSafeInteger(id)) {
        continue;
      }
      const host = str(d.host) ?? '';
      const port = /:(\d+)$/.exec(str(d.instanceName) ?? '');
      const summary = summaries.get(String(id));
      out.push({
        id,
        applicationName: str(d.name) ?? '',
        host,
        port: port ? Number(port[1]) : undefined,
        language: str(d.language) ?? '',
        summary: summary ? { ...summary, instanceCount: 1 } : undefined,
        applicationId,
      });
      this.hostNames.set(`${applicationId}:${hostIdFor(host)}`, host);
    }
    return byHostFilter(out, filter);
  }

  async getInstance(applicationId: number, instanceId: number, options?: RequestOptions): Promise<Instance> {
    const instance = (await this.listInstances(applicationId, {}, options)).find(
      (i) => i.id === checkId(instanceId, l10n.t('An instance')),
    );
    if (!instance) {
      throw new ApiError(
        'notFound',
        l10n.t(
          'Instance {0} of application {1} was not found through NerdGraph: refresh the view.',
          instanceId,
          applicationId,
        ),
      );
    }
    return instance;
  }

  // ---- key transactions -----------------------------------------------------------------------

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
      `query($guids: [EntityGuid!]!) { actor { entities(guids: $guids) { guid name reporting alertSeverity
      ... on KeyTransactionEntity { apdexTarget metricName application { guid entity { guid ... on ApmApplicationEntityOutline { applicationId } } } } } } }`,
      { guids: outlines.map((o) => str(o.guid)) },
      options?.signal,
    );
    const details = this.gql.field(detailResult, ['actor', 'entities']);
    const kts = (Array.isArray(details) ? details : []).map(obj).map((d) => ({
      d,
      appId: num(obj(obj(d.application).entity).applicationId),
      metricName: str(d.metricName) ?? '',
    }));
    const apps = [...new Set(kts.map((k) => k.appId).filter((a): a is number => a !== undefined))];
    const until = wholeMinute(this.now());
    const minutes = this.open.keyTransactionSummaryWindowMinutes;
    // Each KT's own transaction, Apdex and errors (entities.ts summaryNames; notes 4.3), never the application's.
    const queries = apps.map((appId) =>
      componentsNrql(
        appId,
        kts.filter((k) => k.appId === appId).flatMap((k) => summaryNames(k.metricName)),
        'metricTimesliceName',
        until,
        minutes,
      ),
    );
    const results = queries.length > 0 ? await this.nrql(queries, options?.signal) : [];
    const rowsByApp = new Map(apps.map((a, i) => [a, new Map(results[i].map((r) => [String(r.facet), r]))]));
    const out: KeyTransaction[] = [];
    for (const { d, appId, metricName } of kts) {
      const guid = str(d.guid) ?? '';
      const rows = appId === undefined ? undefined : rowsByApp.get(appId);
      const summary = rows ? summaryFrom(rows, metricName, minutes) : undefined;
      if (summary) {
        summary.apdexTarget = num(d.apdexTarget) ?? summary.apdexTarget;
      }
      out.push({
        id: keyTransactionIdFrom(guid, this.open.keyTransactionIdFromGuid),
        name: str(d.name) ?? '',
        transactionName: metricName,
        healthStatus: healthOf(d.reporting, d.alertSeverity),
        reporting: d.reporting !== false,
        summary: d.reporting === false ? undefined : summary,
        applicationId: appId,
        guid,
      });
    }
    return out.filter((k) => !filter.ids?.length || filter.ids.includes(k.id));
  }

  async getKeyTransaction(keyTransactionId: number, options?: RequestOptions): Promise<KeyTransaction> {
    const kt = (await this.listKeyTransactions({}, options)).find(
      (k) => k.id === checkId(keyTransactionId, l10n.t('A key transaction')),
    );
    if (!kt) {
      throw new ApiError(
        'notFound',
        l10n.t('Key transaction {0} was not found through NerdGraph: refresh the view.', keyTransactionId),
      );
    }
    return kt;
  }

  // ---- metrics --------------------------------------------------------------------------------

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
    const names = rows[0]?.names;
    return (Array.isArray(names) ? names.filter((n): n is string => typeof n === 'string') : [])
      .filter((n) => !filter.name || !this.open.metricNameFilterCaseSensitive || n.includes(filter.name))
      .map((name) => ({ name, values: valueNamesFor(name, scope.kind) }));
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

  rawRequest(path: string): Promise<RawResponse> {
    return Promise.reject(
      new ApiError(
        'invalidRequest',
        l10n.t('"{0}" is a REST API v2 request; the NerdGraph backend answers NRQL, not v2 paths.', path),
      ),
    );
  }
}
