// The data set as NerdGraph entities (docs/service.md#applications); summaries are the REST records' numbers.
import type { Dataset, SimApp, SimKeyTransaction } from '../dataset';
import type { RecordBuilder } from '../records';

/**
 * The real scale of `apmSummary.errorRate` is open (docs/service.md#nerdgraph-open-points); `percent` serves the
 * other reading so a client's switch can be tested against both.
 */
export type ErrorRateScale = 'fraction' | 'percent';

export interface EntityContext {
  dataset: Dataset;
  records: RecordBuilder;
  accountId: number;
  errorRateScale: ErrorRateScale;
}

/** The service's GUID form: base64 of `account|DOMAIN|TYPE|domainId`, without padding. */
export function entityGuid(accountId: number, domain: string, type: string, domainId: number): string {
  return Buffer.from(`${accountId}|${domain}|${type}|${domainId}`).toString('base64').replace(/=+$/, '');
}

export function decodeGuid(
  guid: string,
): { accountId: number; domain: string; type: string; domainId: number } | undefined {
  const parts = Buffer.from(guid, 'base64').toString('utf8').split('|');
  if (parts.length !== 4 || !/^\d+$/.test(parts[0]) || !/^\d+$/.test(parts[3])) {
    return undefined;
  }
  return { accountId: Number(parts[0]), domain: parts[1], type: parts[2], domainId: Number(parts[3]) };
}

export function appGuid(accountId: number, app: SimApp): string {
  return entityGuid(accountId, 'APM', 'APPLICATION', app.id);
}

/** REST health → `alertSeverity` (the inverse of docs/service.md#health). */
function alertSeverity(health: string): string {
  switch (health) {
    case 'red':
      return 'CRITICAL';
    case 'orange':
      return 'WARNING';
    case 'green':
      return 'NOT_ALERTING';
    default:
      return 'NOT_CONFIGURED';
  }
}

type Obj = Record<string, unknown>;

function appBase(ctx: EntityContext, app: SimApp, typename: string): Obj {
  const rest = ctx.records.application(app);
  const summary = rest.application_summary as Obj | undefined;
  const settings = rest.settings as Obj;
  const seconds = (ms: unknown) => (typeof ms === 'number' ? ms / 1000 : null);
  const errorRate =
    summary && typeof summary.error_rate === 'number'
      ? ctx.errorRateScale === 'percent'
        ? summary.error_rate * 100
        : summary.error_rate
      : null;
  return {
    __typename: typename,
    guid: appGuid(ctx.accountId, app),
    name: app.name,
    accountId: ctx.accountId,
    domain: 'APM',
    type: 'APPLICATION',
    entityType: 'APM_APPLICATION_ENTITY',
    reporting: app.reporting,
    alertSeverity: app.reporting ? alertSeverity(app.health) : 'NOT_CONFIGURED',
    permalink: `https://one.newrelic.com/redirect/entity/${appGuid(ctx.accountId, app)}`,
    tags: [{ key: 'language', values: [app.language] }],
    applicationId: app.id,
    language: app.language,
    // A non-reporting application has no summary (docs/service.md#applications).
    apmSummary: summary
      ? {
          apdexScore: summary.apdex_score,
          errorRate,
          hostCount: summary.host_count,
          instanceCount: summary.instance_count,
          responseTimeAverage: seconds(summary.response_time),
          throughput: summary.throughput,
          webResponseTimeAverage: seconds(summary.response_time),
          webThroughput: summary.throughput,
          nonWebResponseTimeAverage: null,
          nonWebThroughput: null,
        }
      : null,
    settings: { apdexTarget: settings.app_apdex_threshold, serverSideConfig: settings.use_server_side_config },
  };
}

export function appOutline(ctx: EntityContext, app: SimApp): Obj {
  return appBase(ctx, app, 'ApmApplicationEntityOutline');
}

export function appEntity(ctx: EntityContext, app: SimApp): Obj {
  const hosts = app.hostIds.map((id) => ctx.dataset.hosts.get(id)!);
  return {
    ...appBase(ctx, app, 'ApmApplicationEntity'),
    applicationInstances: hosts.flatMap((host) =>
      host.instanceIds
        .map((id) => ctx.dataset.instances.get(id)!)
        .map((instance) => ({
          details: {
            host: host.name,
            hostDisplayName: host.name,
            id: String(instance.id),
            instanceName: `${host.name}:${instance.port}`,
            language: app.language,
            name: app.name,
          },
        })),
    ),
  };
}

function ktBase(ctx: EntityContext, kt: SimKeyTransaction, typename: string): Obj {
  const app = ctx.dataset.appsById.get(kt.appId)!;
  const guid = entityGuid(ctx.accountId, 'EXT', 'KEY_TRANSACTION', kt.id);
  return {
    __typename: typename,
    guid,
    name: kt.name,
    accountId: ctx.accountId,
    domain: 'EXT',
    type: 'KEY_TRANSACTION',
    entityType: 'KEY_TRANSACTION_ENTITY',
    reporting: app.reporting,
    alertSeverity: alertSeverity(kt.health),
    permalink: `https://one.newrelic.com/redirect/entity/${guid}`,
    tags: [],
  };
}

export function ktOutline(ctx: EntityContext, kt: SimKeyTransaction): Obj {
  return ktBase(ctx, kt, 'KeyTransactionEntityOutline');
}

export function ktEntity(ctx: EntityContext, kt: SimKeyTransaction): Obj {
  const app = ctx.dataset.appsById.get(kt.appId)!;
  return {
    ...ktBase(ctx, kt, 'KeyTransactionEntity'),
    apdexTarget: app.profile.apdexT,
    browserApdexTarget: app.profile.endUserApdexT,
    metricName: kt.transactionName,
    application: { guid: appGuid(ctx.accountId, app), entity: appOutline(ctx, app) },
  };
}

export function entityByGuid(ctx: EntityContext, guid: string): Obj | null {
  const g = decodeGuid(guid);
  if (!g || g.accountId !== ctx.accountId) {
    return null;
  }
  if (g.domain === 'APM' && g.type === 'APPLICATION') {
    const app = ctx.dataset.appsById.get(g.domainId);
    return app ? appEntity(ctx, app) : null;
  }
  if (g.domain === 'EXT' && g.type === 'KEY_TRANSACTION') {
    const kt = ctx.dataset.keyTransactionsById.get(g.domainId);
    return kt ? ktEntity(ctx, kt) : null;
  }
  return null;
}

export class EntitySearchError extends Error {}

interface SearchCond {
  attr: string;
  op: '=' | 'like' | 'in';
  values: string[];
}

/**
 * The search-string forms of docs/service.md#applications: `attr = 'v'` (quoted or bare), `attr LIKE 'v'`
 * (case-insensitive contains, `%` optional), `attr IN ('a', 'b')`, joined by AND (any case).
 */
export function parseSearch(query: string): SearchCond[] {
  const conds: SearchCond[] = [];
  const re =
    /^\s*([\w.]+)\s*(=|like\b|in\b)\s*('(?:[^'\\]|\\.)*'|\((?:[^)'\\]|'(?:[^'\\]|\\.)*')*\)|[\w.-]+)\s*(?:and\b|$)/i;
  let rest = query;
  while (rest.trim() !== '') {
    const m = re.exec(rest);
    if (!m) {
      throw new EntitySearchError(`Invalid entity search query near: ${rest.trim().slice(0, 40)}`);
    }
    const op = m[2].toLowerCase() as SearchCond['op'];
    const raw = m[3];
    const unquote = (s: string) =>
      s
        .trim()
        .replace(/^'(.*)'$/s, '$1')
        .replace(/\\(.)/g, '$1');
    const values =
      op === 'in' ? (raw.slice(1, -1).match(/'(?:[^'\\]|\\.)*'|[^,\s]+/g) ?? []).map(unquote) : [unquote(raw)];
    conds.push({ attr: m[1], op, values });
    rest = rest.slice(m[0].length);
  }
  return conds;
}

function matches(cond: SearchCond, attrs: Record<string, string>): boolean {
  const actual = attrs[cond.attr.toLowerCase()];
  if (actual === undefined) {
    return false;
  }
  switch (cond.op) {
    case '=':
      return actual === cond.values[0];
    case 'in':
      return cond.values.includes(actual);
    case 'like':
      return actual.toLowerCase().includes(cond.values[0].replace(/%/g, '').toLowerCase());
  }
}

export function searchEntities(ctx: EntityContext, query: string): Obj[] {
  const conds = parseSearch(query);
  const out: Obj[] = [];
  for (const o of [
    ...ctx.dataset.apps.map((a) => appOutline(ctx, a)),
    ...ctx.dataset.keyTransactions.map((k) => ktOutline(ctx, k)),
  ]) {
    const attrs: Record<string, string> = {
      id: String(o.guid),
      guid: String(o.guid),
      accountid: String(o.accountId),
      name: String(o.name),
      domain: String(o.domain),
      type: String(o.type),
      domaintype: `${String(o.domain)}-${String(o.type)}`,
      reporting: String(o.reporting),
      alertseverity: String(o.alertSeverity),
      domainid: String(decodeGuid(String(o.guid))!.domainId),
    };
    if (conds.every((c) => matches(c, attrs))) {
      out.push(o);
    }
  }
  return out.sort((a, b) => String(a.name).localeCompare(String(b.name)));
}

export function apmApplicationOf(entity: Record<string, unknown>, dataset: Dataset): SimApp | undefined {
  return entity.__typename === 'ApmApplicationEntity' ? dataset.appsById.get(Number(entity.applicationId)) : undefined;
}
