/**
 * Path matching and the answers of the simulated REST API v2, independent of HTTP plumbing.
 * An answer is a list (paginated by the server), one record, or an error with the service's shape.
 */
import type { Dataset, SimApp } from './dataset';
import { deploymentCreate, deploymentList } from './deploymentsRest';
import { violationItems } from './alerts';
import type { EndpointId } from './faults';
import type { MetricDataOptions } from './metricData';
import { metricDataBody, metricNameRecords, ParameterError } from './metricData';
import type { RecordBuilder } from './records';
import type { SimScope } from './minutes';
import type { Answer, Format, Region } from './restAnswer';

export interface Route {
  endpoint: EndpointId;
  region: Region;
  format: Format;
  ids: number[];
}

const PATTERNS: Array<[RegExp, EndpointId]> = [
  [/^\/v2\/applications$/, 'applications.list'],
  [/^\/v2\/applications\/(\d+)$/, 'applications.show'],
  [/^\/v2\/applications\/(\d+)\/hosts$/, 'hosts.list'],
  [/^\/v2\/applications\/(\d+)\/hosts\/(\d+)$/, 'hosts.show'],
  [/^\/v2\/applications\/(\d+)\/instances$/, 'instances.list'],
  [/^\/v2\/applications\/(\d+)\/instances\/(\d+)$/, 'instances.show'],
  [/^\/v2\/applications\/(\d+)\/deployments$/, 'deployments.list'],
  [/^\/v2\/alerts_violations$/, 'alertsViolations.list'],
  [/^\/v2\/key_transactions$/, 'keyTransactions.list'],
  [/^\/v2\/key_transactions\/(\d+)$/, 'keyTransactions.show'],
  [/^\/v2\/applications\/(\d+)(?:\/(hosts|instances)\/(\d+))?\/metrics$/, 'metricNames'],
  [/^\/v2\/applications\/(\d+)(?:\/(hosts|instances)\/(\d+))?\/metrics\/data$/, 'metricData'],
];

/** EU paths live under /eu, so one simulator serves both regions with separate keys. */
export function matchRoute(pathname: string): Route | undefined {
  const region: Region = pathname.startsWith('/eu/') ? 'eu' : 'us';
  const path = region === 'eu' ? pathname.slice(3) : pathname;
  const format = /\.(json|xml)$/.exec(path);
  if (!format) {
    return undefined;
  }
  const bare = path.slice(0, -format[0].length);
  for (const [pattern, endpoint] of PATTERNS) {
    const m = pattern.exec(bare);
    if (m) {
      // For scoped metric routes, ids = [app, kind marker (1 host / 2 instance), id].
      const ids = m
        .slice(1)
        .filter((x) => x !== undefined)
        .map((x) => (x === 'hosts' ? 1 : x === 'instances' ? 2 : Number(x)));
      return { endpoint, region, format: format[1] as Format, ids };
    }
  }
  return undefined;
}

const LIST_LINKS = {
  'application.servers': '/v2/servers?ids={server_ids}',
  'application.server': '/v2/servers/{server_id}',
  'application.application_hosts': '/v2/application/{application_id}/hosts?ids={host_ids}',
  'application.application_host': '/v2/application/{application_id}/hosts/{host_id}',
  'application.application_instances': '/v2/application/{application_id}/instances?ids={instance_ids}',
  'application.application_instance': '/v2/application/{application_id}/instances/{instance_id}',
  'application.alert_policy': '/v2/alert_policies/{alert_policy_id}',
};

function idsParam(params: URLSearchParams): number[] | undefined {
  const raw = params.get('filter[ids]') ?? params.get('filter[id]');
  return raw === null
    ? undefined
    : raw
        .split(',')
        .map((s) => Number(s.trim()))
        .filter(Number.isInteger);
}

function contains(haystack: string, needle: string | null): boolean {
  return needle === null || needle === '' || haystack.toLowerCase().includes(needle.toLowerCase());
}

export class Routes {
  /** `metricData` is read at every request, so a running simulator can switch readings of the values rule (docs/service.md#value-rules). */
  constructor(
    private readonly dataset: Dataset,
    private readonly records: RecordBuilder,
    private readonly now: () => Date,
    private readonly metricData: Readonly<MetricDataOptions> = {},
  ) {}

  answer(route: Route, params: URLSearchParams): Answer {
    const d = this.dataset;
    const [appId] = route.ids;
    const app = appId === undefined ? undefined : d.appsById.get(appId);
    const needsApp =
      route.endpoint !== 'applications.list' &&
      route.endpoint !== 'alertsViolations.list' &&
      !route.endpoint.startsWith('keyTransactions');
    if (needsApp && !app) {
      return { type: 'error', status: 404, title: `No Application found with ID ${appId}` };
    }
    try {
      return this.answerFor(route, params, app!);
    } catch (e) {
      if (e instanceof ParameterError) {
        return { type: 'error', status: 422, title: e.message };
      }
      throw e;
    }
  }

  /** The answer to `POST …/deployments.json` (the only write the simulator's REST serves). */
  create(route: Route, rawBody: string): Answer {
    const app = this.dataset.appsById.get(route.ids[0]);
    return app
      ? deploymentCreate(this.dataset, app, route.region, rawBody, this.now())
      : { type: 'error', status: 404, title: `No Application found with ID ${route.ids[0]}` };
  }

  private answerFor(route: Route, params: URLSearchParams, app: SimApp): Answer {
    const d = this.dataset;
    const r = this.records;
    const ids = idsParam(params);
    switch (route.endpoint) {
      case 'applications.list': {
        const items = d.apps.filter(
          (a) =>
            contains(a.name, params.get('filter[name]')) &&
            (!ids || ids.includes(a.id)) &&
            (params.get('filter[language]') === null ||
              a.language.toLowerCase() === params.get('filter[language]')!.toLowerCase()) &&
            (params.get('filter[host]') === null ||
              a.hostIds.some((h) => contains(d.hosts.get(h)!.name, params.get('filter[host]')))),
        );
        return { type: 'list', envelope: 'applications', items: items.map((a) => r.application(a)), links: LIST_LINKS };
      }
      case 'applications.show':
        return { type: 'one', body: { application: r.application(app), links: LIST_LINKS } };
      case 'hosts.list':
      case 'instances.list': {
        const hosts = route.endpoint === 'hosts.list';
        const all = hosts ? app.hostIds.map((h) => d.hosts.get(h)!) : app.instanceIds.map((i) => d.instances.get(i)!);
        const items = all.filter(
          (x) =>
            (!ids || ids.includes(x.id)) &&
            contains(d.hosts.get('hostId' in x ? x.hostId : x.id)!.name, params.get('filter[hostname]')),
        );
        return hosts
          ? { type: 'list', envelope: 'application_hosts', items: items.map((h) => r.host(d.hosts.get(h.id)!)) }
          : {
              type: 'list',
              envelope: 'application_instances',
              items: items.map((i) => r.instance(d.instances.get(i.id)!)),
            };
      }
      case 'hosts.show': {
        const host = d.hosts.get(route.ids[1]);
        return host && host.appId === app.id
          ? { type: 'one', body: { application_host: r.host(host) } }
          : { type: 'error', status: 404, title: `No Application Host found with ID ${route.ids[1]}` };
      }
      case 'instances.show': {
        const instance = d.instances.get(route.ids[1]);
        return instance && instance.appId === app.id
          ? { type: 'one', body: { application_instance: r.instance(instance) } }
          : { type: 'error', status: 404, title: `No Application Instance found with ID ${route.ids[1]}` };
      }
      case 'alertsViolations.list':
        return { type: 'list', envelope: 'violations', items: violationItems(d, this.now().getTime(), params) };
      case 'deployments.list':
        return deploymentList(d, app, route.region, this.now());
      case 'keyTransactions.list': {
        const items = d.keyTransactions.filter(
          (k) => contains(k.name, params.get('filter[name]')) && (!ids || ids.includes(k.id)),
        );
        return { type: 'list', envelope: 'key_transactions', items: items.map((k) => r.keyTransaction(k)) };
      }
      case 'keyTransactions.show': {
        const kt = d.keyTransactionsById.get(route.ids[0]);
        return kt
          ? {
              type: 'one',
              body: {
                key_transaction: r.keyTransaction(kt),
                links: { 'key_transaction.application': '/v2/applications/{application_id}' },
              },
            }
          : { type: 'error', status: 404, title: `No Key Transaction found with ID ${route.ids[0]}` };
      }
      case 'metricNames':
      case 'metricData': {
        const scope = this.scope(app, route.ids);
        if (!scope) {
          return {
            type: 'error',
            status: 404,
            title: `No ${route.ids[1] === 1 ? 'Application Host' : 'Application Instance'} found with ID ${route.ids[2]}`,
          };
        }
        return route.endpoint === 'metricNames'
          ? { type: 'list', envelope: 'metrics', items: metricNameRecords(scope, params.get('name')) }
          : { type: 'one', body: metricDataBody(d.seed, scope, params, this.now(), this.metricData) };
      }
    }
  }

  private scope(app: SimApp, ids: number[]): SimScope | undefined {
    if (ids.length === 1) {
      return { kind: 'application', app };
    }
    if (ids[1] === 1) {
      const host = this.dataset.hosts.get(ids[2]);
      return host && host.appId === app.id ? { kind: 'host', app, host } : undefined;
    }
    const instance = this.dataset.instances.get(ids[2]);
    return instance && instance.appId === app.id
      ? { kind: 'instance', app, host: this.dataset.hosts.get(instance.hostId)!, instance }
      : undefined;
  }
}
