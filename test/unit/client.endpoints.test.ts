/**
 * Every endpoint of the HTTP client against the simulator over real HTTPS, in both formats, checked
 * against the simulator's own data set.
 */
import assert from 'node:assert/strict';

import type { HttpTimesliceApiOptions } from '../../src/api/rest/client';
import { HttpTimesliceApi } from '../../src/api/rest/client';
import { ApiError } from '../../src/api/apiError';
import { parseApplication, parseMetricName, unwrap } from '../../src/api/rest/parse';
import type {
  ApiFormat,
  Application,
  Host,
  Instance,
  KeyTransaction,
  MetricScope,
  PageProgress,
} from '../../src/api/types';
import { parseXmlDocument } from '../../src/api/rest/xml';
import { MemoryLogger } from '../../src/log';
import type { SimApp, SimHost, SimInstance, SimKeyTransaction } from '../../src/simulator/dataset';
import type { EndpointId } from '../../src/simulator/faults';
import type { MetricDef } from '../../src/simulator/metricCatalog';
import { metricCatalog, valueNames } from '../../src/simulator/metricCatalog';
import type { SimScope } from '../../src/simulator/minutes';
import { sliceValues } from '../../src/simulator/series';
import type { RecordedRequest } from '../../src/simulator/requestLog';
import { Simulator } from '../../src/simulator/server';
import { until } from '../support/until';

const NOW = new Date('2026-11-20T12:00:30Z');
const US_KEY = 'NRAK-ENDPOINTSUSKEY000000000001';
const EU_KEY = 'NRAK-ENDPOINTSEUKEY000000000002';
const PAGE_SIZE = 5;
const FORMATS: ApiFormat[] = ['json', 'xml'];
const UTC_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/;
const HTML_NAME = '<img src=x onerror=alert(1)> & "q"';
const UNICODE_NAME = 'Zahlungsdienst – Köln ☕';

/** Same shape as the service's times: UTC, whole seconds, `+00:00`. */
function apiTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

function minuteOfIso(iso: string): number {
  return Date.parse(iso) / 60_000;
}

describe('HttpTimesliceApi endpoints against the simulator', function () {
  this.timeout(10_000);
  let sim: Simulator;
  const clients: HttpTimesliceApi[] = [];

  function client(format: ApiFormat, overrides: Partial<HttpTimesliceApiOptions> = {}): HttpTimesliceApi {
    const api = new HttpTimesliceApi({
      baseUrl: sim.baseUrls.us,
      getApiKey: () => Promise.resolve(US_KEY),
      ca: sim.certPem,
      log: new MemoryLogger(),
      format,
      timeoutMs: 1500,
      backoffBaseMs: 10,
      ...overrides,
    });
    clients.push(api);
    return api;
  }

  function requestsTo(endpoint: EndpointId): RecordedRequest[] {
    return sim.requests.filter((r) => r.endpoint === endpoint);
  }

  const us = () => sim.datasets.us;
  const appNamed = (name: string): SimApp => {
    const app = us().apps.find((a) => a.name === name);
    assert.ok(app, `the data set has no application "${name}"`);
    return app;
  };
  const hostOf = (id: number): SimHost => us().hosts.get(id)!;
  const instanceOf = (id: number): SimInstance => us().instances.get(id)!;
  /** The application with the most instances (more than a page of them). */
  const appWithManyInstances = (): SimApp =>
    [...us().apps].sort((a, b) => b.instanceIds.length - a.instanceIds.length)[0];
  /** An application with several hosts. */
  const appWithHosts = (): SimApp => us().apps.find((a) => a.hostIds.length >= 3)!;
  const lastReported = (agoSeconds: number | undefined) =>
    agoSeconds === undefined ? undefined : apiTime(NOW.getTime() - agoSeconds * 1000);

  function expectApplication(got: Application, app: SimApp): void {
    assert.equal(got.id, app.id);
    assert.equal(got.name, app.name);
    assert.equal(got.language, app.language);
    assert.equal(got.healthStatus, app.health);
    assert.equal(got.reporting, app.reporting);
    assert.equal(got.lastReportedAt, lastReported(app.lastReportedAgoSeconds));
    assert.deepEqual(got.hostIds, app.hostIds);
    assert.deepEqual(got.instanceIds, app.instanceIds);
    assert.deepEqual(got.serverIds, app.serverIds);
    assert.equal(got.alertPolicyId, app.alertPolicyId);
    assert.deepEqual(got.settings, {
      appApdexThreshold: app.profile.apdexT,
      endUserApdexThreshold: app.profile.endUserApdexT,
      enableRealUserMonitoring: app.profile.realUserMonitoring,
      useServerSideConfig: false,
    });
    if (app.reporting) {
      assert.ok(got.summary, `${app.name} reports, so it has a summary`);
      assert.equal(got.summary.apdexTarget, app.profile.apdexT);
      assert.equal(got.summary.hostCount, app.hostIds.length);
      assert.equal(got.summary.instanceCount, app.instanceIds.length);
      assert.equal(got.summary.concurrentInstanceCount, app.instanceIds.length);
      assert.equal(got.endUserSummary !== undefined, app.profile.realUserMonitoring);
      if (got.endUserSummary) {
        assert.equal(got.endUserSummary.apdexTarget, app.profile.endUserApdexT);
      }
    } else {
      assert.equal(got.summary, undefined);
      assert.equal(got.endUserSummary, undefined);
    }
  }

  function expectHost(got: Host, host: SimHost): void {
    const app = us().appsById.get(host.appId)!;
    assert.equal(got.id, host.id);
    assert.equal(got.applicationName, app.name);
    assert.equal(got.host, host.name);
    assert.equal(got.language, app.language);
    assert.equal(got.healthStatus, host.health);
    assert.equal(got.applicationId, app.id);
    assert.deepEqual(got.instanceIds, host.instanceIds);
    assert.equal(got.serverId, host.serverId);
    assert.ok(got.summary);
    assert.equal(got.summary.instanceCount, host.instanceIds.length);
    assert.equal(got.summary.apdexTarget, app.profile.apdexT);
  }

  function expectInstance(got: Instance, instance: SimInstance): void {
    const app = us().appsById.get(instance.appId)!;
    assert.equal(got.id, instance.id);
    assert.equal(got.applicationName, app.name);
    assert.equal(got.host, hostOf(instance.hostId).name);
    assert.equal(got.port, instance.port);
    assert.equal(got.language, app.language);
    assert.equal(got.healthStatus, instance.health);
    assert.equal(got.applicationId, app.id);
    assert.equal(got.hostId, instance.hostId);
    assert.equal(got.serverId, instance.serverId);
    assert.ok(got.summary);
    assert.equal(got.summary.instanceCount, 1);
  }

  function expectKeyTransaction(got: KeyTransaction, kt: SimKeyTransaction): void {
    const app = us().appsById.get(kt.appId)!;
    assert.equal(got.id, kt.id);
    assert.equal(got.name, kt.name);
    assert.equal(got.transactionName, kt.transactionName);
    assert.equal(got.healthStatus, kt.health);
    assert.equal(got.reporting, app.reporting);
    assert.equal(got.lastReportedAt, lastReported(app.lastReportedAgoSeconds));
    assert.equal(got.applicationId, app.id);
    assert.ok(got.summary);
    assert.equal(got.summary.apdexTarget, app.profile.apdexT);
  }

  function simScope(scope: MetricScope): SimScope {
    const app = us().appsById.get(scope.applicationId)!;
    switch (scope.kind) {
      case 'application':
        return { kind: 'application', app };
      case 'host':
        return { kind: 'host', app, host: hostOf(scope.hostId) };
      case 'instance': {
        const instance = instanceOf(scope.instanceId);
        return { kind: 'instance', app, host: hostOf(instance.hostId), instance };
      }
    }
  }

  function defOf(app: SimApp, name: string): MetricDef {
    const def = metricCatalog(app).find((d) => d.name === name);
    assert.ok(def, `${app.name} has no metric ${name}`);
    return def;
  }

  /** The values the simulator serves for `name` over [startMinute, endMinute). */
  function expectedValues(
    scope: MetricScope,
    name: string,
    startMinute: number,
    endMinute: number,
  ): Record<string, number> {
    const s = simScope(scope);
    return sliceValues(us().seed, s, [defOf(s.app, name)], startMinute, endMinute)[0];
  }

  before(async () => {
    sim = await Simulator.start({
      seed: 7,
      apps: 12,
      pageSize: PAGE_SIZE,
      now: () => NOW,
      usKey: US_KEY,
      euKey: EU_KEY,
    });
  });

  after(async () => {
    await sim.stop();
  });

  beforeEach(() => {
    sim.clearFaults();
    sim.clearRequests();
  });

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.dispose()));
  });

  it('the data set is big enough for these tests to paginate', () => {
    assert.ok(us().apps.length > 2 * PAGE_SIZE);
    assert.ok(us().keyTransactions.length > 3 * PAGE_SIZE);
    assert.ok(appWithManyInstances().instanceIds.length > PAGE_SIZE);
    assert.ok(appWithHosts());
  });

  for (const format of FORMATS) {
    describe(`in ${format.toUpperCase()}`, () => {
      const suffix = `.${format}`;

      it('lists every application over all pages, as the data set has them', async () => {
        const apps = await client(format).listApplications();
        assert.deepEqual(
          apps.map((a) => a.id),
          us().apps.map((a) => a.id),
        );
        apps.forEach((a, i) => expectApplication(a, us().apps[i]));
        const requests = requestsTo('applications.list');
        assert.deepEqual(
          requests.map((r) => r.query.get('page')),
          [null, '2', '3'],
        );
        assert.ok(requests.every((r) => r.path === `/v2/applications${suffix}` && r.status === 200));
      });

      it('filters applications by name: a case-insensitive substring', async () => {
        const apps = await client(format).listApplications({ name: 'SERVICE' });
        const expected = us()
          .apps.filter((a) => a.name.toLowerCase().includes('service'))
          .map((a) => a.id);
        assert.ok(expected.length > 1 && expected.length < us().apps.length);
        assert.deepEqual(
          apps.map((a) => a.id),
          expected,
        );
        assert.equal(requestsTo('applications.list')[0].query.get('filter[name]'), 'SERVICE');
      });

      it('filters applications by host name', async () => {
        const host = hostOf(appWithHosts().hostIds[1]);
        const apps = await client(format).listApplications({ host: host.name });
        const expected = us().apps.filter((a) =>
          a.hostIds.some((h) => hostOf(h).name.toLowerCase().includes(host.name.toLowerCase())),
        );
        assert.ok(expected.length >= 1 && expected.length < us().apps.length);
        assert.deepEqual(
          apps.map((a) => a.id),
          expected.map((a) => a.id),
        );
        assert.ok(apps.some((a) => a.hostIds.includes(host.id)));
        assert.equal(requestsTo('applications.list')[0].query.get('filter[host]'), host.name);
      });

      it('filters applications by several ids (more than a page of them)', async () => {
        const wanted = us()
          .apps.filter((_, i) => i % 2 === 0)
          .map((a) => a.id);
        assert.ok(wanted.length > PAGE_SIZE);
        const apps = await client(format).listApplications({ ids: wanted });
        assert.deepEqual(
          apps.map((a) => a.id),
          wanted,
        );
        const requests = requestsTo('applications.list');
        assert.equal(requests.length, 2);
        assert.ok(requests.every((r) => r.query.get('filter[ids]') === wanted.join(',')));
      });

      it('filters applications by language', async () => {
        const apps = await client(format).listApplications({ language: 'ruby' });
        const expected = us()
          .apps.filter((a) => a.language === 'ruby')
          .map((a) => a.id);
        assert.ok(expected.length >= 3);
        assert.deepEqual(
          apps.map((a) => a.id),
          expected,
        );
        assert.ok(apps.every((a) => a.language === 'ruby'));
      });

      it('gets one application, reporting or not', async () => {
        const api = client(format);
        for (const app of [appNamed('storefront-web'), appNamed('notifications-worker')]) {
          expectApplication(await api.getApplication(app.id), app);
        }
        assert.deepEqual(
          requestsTo('applications.show').map((r) => r.path),
          [
            `/v2/applications/${appNamed('storefront-web').id}${suffix}`,
            `/v2/applications/${appNamed('notifications-worker').id}${suffix}`,
          ],
        );
      });

      it('lists the hosts of an application, filtered by hostname and by ids', async () => {
        const api = client(format);
        const app = appWithHosts();
        const hosts = await api.listHosts(app.id);
        assert.deepEqual(
          hosts.map((h) => h.id),
          app.hostIds,
        );
        hosts.forEach((h) => expectHost(h, hostOf(h.id)));

        const target = hostOf(app.hostIds[2]);
        const byName = await api.listHosts(app.id, { hostname: target.name });
        const expectedByName = app.hostIds.filter((h) =>
          hostOf(h).name.toLowerCase().includes(target.name.toLowerCase()),
        );
        assert.ok(expectedByName.length < app.hostIds.length);
        assert.deepEqual(
          byName.map((h) => h.id),
          expectedByName,
        );

        const byIds = await api.listHosts(app.id, { ids: [app.hostIds[0], app.hostIds[2]] });
        assert.deepEqual(
          byIds.map((h) => h.id),
          [app.hostIds[0], app.hostIds[2]],
        );
        assert.equal(requestsTo('hosts.list').at(-1)!.query.get('filter[ids]'), `${app.hostIds[0]},${app.hostIds[2]}`);
      });

      it('gets one host', async () => {
        const app = appWithHosts();
        const host = hostOf(app.hostIds[1]);
        expectHost(await client(format).getHost(app.id, host.id), host);
        assert.equal(requestsTo('hosts.show')[0].path, `/v2/applications/${app.id}/hosts/${host.id}${suffix}`);
      });

      it('lists the instances of an application over pages, filtered by hostname and by ids', async () => {
        const api = client(format);
        const app = appWithManyInstances();
        const instances = await api.listInstances(app.id);
        assert.deepEqual(
          instances.map((i) => i.id),
          app.instanceIds,
        );
        instances.forEach((i) => expectInstance(i, instanceOf(i.id)));
        assert.equal(requestsTo('instances.list').length, Math.ceil(app.instanceIds.length / PAGE_SIZE));

        const host = hostOf(app.hostIds[0]);
        const byHost = await api.listInstances(app.id, { hostname: host.name });
        const expected = app.instanceIds.filter((i) =>
          hostOf(instanceOf(i).hostId).name.toLowerCase().includes(host.name.toLowerCase()),
        );
        assert.ok(expected.length >= 1 && expected.length < app.instanceIds.length);
        assert.deepEqual(
          byHost.map((i) => i.id),
          expected,
        );

        const wanted = [app.instanceIds[1], app.instanceIds[app.instanceIds.length - 1]];
        assert.deepEqual(
          (await api.listInstances(app.id, { ids: wanted })).map((i) => i.id),
          wanted,
        );
      });

      it('gets one instance', async () => {
        const app = appWithManyInstances();
        const instance = instanceOf(app.instanceIds[3]);
        expectInstance(await client(format).getInstance(app.id, instance.id), instance);
        assert.equal(
          requestsTo('instances.show')[0].path,
          `/v2/applications/${app.id}/instances/${instance.id}${suffix}`,
        );
      });

      it('lists every key transaction over all pages, filtered by name and by ids', async () => {
        const api = client(format);
        const all = await api.listKeyTransactions();
        assert.deepEqual(
          all.map((k) => k.id),
          us().keyTransactions.map((k) => k.id),
        );
        all.forEach((k, i) => expectKeyTransaction(k, us().keyTransactions[i]));
        assert.equal(requestsTo('keyTransactions.list').length, Math.ceil(us().keyTransactions.length / PAGE_SIZE));

        const needle = us().keyTransactions[0].name.split(' ')[0].toUpperCase();
        const expectedByName = us()
          .keyTransactions.filter((k) => k.name.toLowerCase().includes(needle.toLowerCase()))
          .map((k) => k.id);
        assert.ok(expectedByName.length >= 1 && expectedByName.length < us().keyTransactions.length);
        assert.deepEqual(
          (await api.listKeyTransactions({ name: needle })).map((k) => k.id),
          expectedByName,
        );

        const wanted = us()
          .keyTransactions.filter((_, i) => i % 3 === 0)
          .map((k) => k.id);
        assert.ok(wanted.length > PAGE_SIZE);
        assert.deepEqual(
          (await api.listKeyTransactions({ ids: wanted })).map((k) => k.id),
          wanted,
        );
      });

      it('gets one key transaction', async () => {
        const kt = us().keyTransactions[4];
        expectKeyTransaction(await client(format).getKeyTransaction(kt.id), kt);
        assert.equal(requestsTo('keyTransactions.show')[0].path, `/v2/key_transactions/${kt.id}${suffix}`);
      });

      it('lists all metric names of an application over all pages', async () => {
        const app = appNamed('storefront-web');
        const names = await client(format).listMetricNames({ kind: 'application', applicationId: app.id });
        const catalog = metricCatalog(app);
        assert.deepEqual(
          names,
          catalog.map((d) => ({ name: d.name, values: valueNames(d, 'application') })),
        );
        assert.equal(requestsTo('metricNames').length, Math.ceil(catalog.length / PAGE_SIZE));
      });

      it('lists metric names with a name filter, in application, host and instance scope', async () => {
        const api = client(format);
        const app = appNamed('storefront-web');
        const host = hostOf(app.hostIds[0]);
        const instance = instanceOf(host.instanceIds[0]);

        const datastore = await api.listMetricNames(
          { kind: 'application', applicationId: app.id },
          { name: 'Datastore' },
        );
        const expected = metricCatalog(app)
          .filter((d) => d.name.includes('Datastore'))
          .map((d) => ({ name: d.name, values: valueNames(d, 'application') }));
        assert.ok(expected.length > PAGE_SIZE);
        assert.deepEqual(datastore, expected);

        assert.deepEqual(
          await api.listMetricNames({ kind: 'application', applicationId: app.id }, { name: 'Memory' }),
          [{ name: 'Memory/Physical', values: ['total_used_mb'] }],
        );
        assert.deepEqual(
          await api.listMetricNames({ kind: 'host', applicationId: app.id, hostId: host.id }, { name: 'Memory' }),
          [{ name: 'Memory/Physical', values: ['used_mb_by_host'] }],
        );
        assert.deepEqual(
          await api.listMetricNames(
            { kind: 'instance', applicationId: app.id, instanceId: instance.id },
            { name: 'CPU' },
          ),
          [{ name: 'CPU/User Time', values: ['percent'] }],
        );

        const paths = requestsTo('metricNames').map((r) => `${r.path}?${r.query.get('name')}`);
        assert.ok(paths.includes(`/v2/applications/${app.id}/hosts/${host.id}/metrics${suffix}?Memory`));
        assert.ok(paths.includes(`/v2/applications/${app.id}/instances/${instance.id}/metrics${suffix}?CPU`));
      });

      it("gets metric data for an application: a per-minute series with the data set's values", async () => {
        const app = appNamed('inventory-service');
        const scope: MetricScope = { kind: 'application', applicationId: app.id };
        const from = new Date('2026-11-20T11:30:00Z');
        const to = new Date('2026-11-20T12:00:00Z');
        const data = await client(format).getMetricData(scope, { names: ['HttpDispatcher', 'Apdex'], from, to });
        assert.equal(data.from, '2026-11-20T11:30:00+00:00');
        assert.equal(data.to, '2026-11-20T12:00:00+00:00');
        assert.deepEqual(data.metricsFound, ['HttpDispatcher', 'Apdex']);
        assert.deepEqual(data.metricsNotFound, []);
        assert.deepEqual(
          data.metrics.map((m) => m.name),
          ['HttpDispatcher', 'Apdex'],
        );
        for (const series of data.metrics) {
          assert.equal(series.timeslices.length, 30);
          series.timeslices.forEach((slice, i) => {
            const start = Date.parse('2026-11-20T11:30:00Z') / 60_000 + i;
            assert.equal(slice.from, apiTime(start * 60_000));
            assert.equal(slice.to, apiTime((start + 1) * 60_000));
            assert.deepEqual(slice.values, expectedValues(scope, series.name, start, start + 1));
          });
        }
        const request = requestsTo('metricData')[0];
        assert.equal(request.path, `/v2/applications/${app.id}/metrics/data${suffix}`);
        assert.deepEqual(request.query.getAll('names[]'), ['HttpDispatcher', 'Apdex']);
        assert.equal(request.query.get('from'), '2026-11-20T11:30:00+00:00');
        assert.equal(request.query.get('to'), '2026-11-20T12:00:00+00:00');
        assert.equal(request.query.has('summarize'), false, 'a series is asked for by leaving summarize out');
      });

      it('gets metric data for a host and for an instance (their own values, host-scope memory)', async () => {
        const api = client(format);
        const app = appWithHosts();
        const host = hostOf(app.hostIds[0]);
        const instance = instanceOf(host.instanceIds[0]);
        const from = new Date('2026-11-20T11:50:00Z');
        const to = new Date('2026-11-20T12:00:00Z');
        const fromMinute = from.getTime() / 60_000;
        const scopes: MetricScope[] = [
          { kind: 'host', applicationId: app.id, hostId: host.id },
          { kind: 'instance', applicationId: app.id, instanceId: instance.id },
        ];
        for (const scope of scopes) {
          const data = await api.getMetricData(scope, { names: ['HttpDispatcher', 'Memory/Physical'], from, to });
          assert.deepEqual(data.metricsFound, ['HttpDispatcher', 'Memory/Physical']);
          const [web, memory] = data.metrics;
          assert.equal(web.timeslices.length, 10);
          web.timeslices.forEach((slice, i) =>
            assert.deepEqual(slice.values, expectedValues(scope, 'HttpDispatcher', fromMinute + i, fromMinute + i + 1)),
          );
          memory.timeslices.forEach((slice, i) => {
            assert.deepEqual(Object.keys(slice.values), ['used_mb_by_host']);
            assert.deepEqual(
              slice.values,
              expectedValues(scope, 'Memory/Physical', fromMinute + i, fromMinute + i + 1),
            );
          });
        }
        const appWide = await api.getMetricData(
          { kind: 'application', applicationId: app.id },
          { names: ['HttpDispatcher'], from, to },
        );
        const hostWide = expectedValues(scopes[0], 'HttpDispatcher', fromMinute, fromMinute + 1);
        assert.ok(
          appWide.metrics[0].timeslices[0].values.call_count > hostWide.call_count,
          "the host sees part of the application's traffic",
        );
        assert.deepEqual(
          requestsTo('metricData').map((r) => r.path),
          [
            `/v2/applications/${app.id}/hosts/${host.id}/metrics/data${suffix}`,
            `/v2/applications/${app.id}/instances/${instance.id}/metrics/data${suffix}`,
            `/v2/applications/${app.id}/metrics/data${suffix}`,
          ],
        );
      });

      it('honours period: UTC timeslices aligned to whole periods, the first starting at or before from', async () => {
        const app = appNamed('storefront-web');
        const scope: MetricScope = { kind: 'application', applicationId: app.id };
        const from = new Date('2026-11-20T11:03:10Z');
        const to = new Date('2026-11-20T12:00:00Z');
        const data = await client(format).getMetricData(scope, { names: ['HttpDispatcher'], from, to, period: 600 });
        const slices = data.metrics[0].timeslices;
        assert.equal(slices.length, 6);
        assert.equal(slices[0].from, '2026-11-20T11:00:00+00:00');
        for (const [i, slice] of slices.entries()) {
          assert.match(slice.from, UTC_TIME);
          assert.match(slice.to, UTC_TIME);
          assert.equal(Date.parse(slice.from) % 600_000, 0, `${slice.from} is aligned to 10 minutes`);
          assert.equal(Date.parse(slice.to) - Date.parse(slice.from), 600_000);
          if (i > 0) {
            assert.equal(slice.from, slices[i - 1].to);
          }
          assert.deepEqual(
            slice.values,
            expectedValues(scope, 'HttpDispatcher', minuteOfIso(slice.from), minuteOfIso(slice.to)),
          );
        }
        assert.equal(requestsTo('metricData')[0].query.get('period'), '600');
      });

      it('summarize returns exactly one timeslice per metric, ending at :59', async () => {
        const app = appNamed('storefront-web');
        const scope: MetricScope = { kind: 'application', applicationId: app.id };
        const from = new Date('2026-11-20T11:00:00Z');
        const to = new Date('2026-11-20T12:00:00Z');
        const data = await client(format).getMetricData(scope, {
          names: ['HttpDispatcher', 'Apdex'],
          from,
          to,
          summarize: true,
        });
        assert.equal(data.metrics.length, 2);
        for (const series of data.metrics) {
          assert.equal(series.timeslices.length, 1);
          const [slice] = series.timeslices;
          assert.equal(slice.from, '2026-11-20T11:00:00+00:00');
          assert.match(slice.to, /:59\+00:00$/);
          assert.equal(slice.to, '2026-11-20T11:59:59+00:00');
          assert.deepEqual(
            slice.values,
            expectedValues(scope, series.name, minuteOfIso(slice.from), minuteOfIso('2026-11-20T12:00:00Z')),
          );
        }
        assert.equal(requestsTo('metricData')[0].query.get('summarize'), 'true');
      });

      it("without from and to, the range is the 30 minutes before the simulator's clock", async () => {
        const app = appNamed('storefront-web');
        const data = await client(format).getMetricData(
          { kind: 'application', applicationId: app.id },
          { names: ['HttpDispatcher'] },
        );
        assert.equal(data.from, '2026-11-20T11:30:30+00:00');
        assert.equal(data.to, '2026-11-20T12:00:30+00:00');
        const slices = data.metrics[0].timeslices;
        assert.equal(slices.length, 30);
        assert.equal(slices[0].from, '2026-11-20T11:30:00+00:00');
        assert.ok(
          slices.every((s) => UTC_TIME.test(s.from) && UTC_TIME.test(s.to) && Date.parse(s.from) % 60_000 === 0),
        );
        const request = requestsTo('metricData')[0];
        assert.equal(request.query.has('from'), false);
        assert.equal(request.query.has('to'), false);
      });

      it('values[] narrows the values; a metric lacking them comes back with values {}', async () => {
        const app = appNamed('storefront-web');
        const data = await client(format).getMetricData(
          { kind: 'application', applicationId: app.id },
          {
            names: ['HttpDispatcher', 'CPU/User Time'],
            values: ['call_count'],
            from: new Date('2026-11-20T11:55:00Z'),
            to: new Date('2026-11-20T12:00:00Z'),
          },
        );
        const [web, cpu] = data.metrics;
        assert.equal(web.name, 'HttpDispatcher');
        assert.equal(web.timeslices.length, 5);
        assert.ok(
          web.timeslices.every((s) => Object.keys(s.values).join() === 'call_count' && s.values.call_count > 0),
        );
        assert.equal(cpu.name, 'CPU/User Time');
        assert.equal(cpu.timeslices.length, 5);
        assert.ok(
          cpu.timeslices.every((s) => Object.keys(s.values).length === 0),
          'CPU has no call_count: values {}',
        );
        assert.deepEqual(requestsTo('metricData')[0].query.getAll('values[]'), ['call_count']);
      });

      it('an unknown metric name is listed in metricsNotFound, not an error', async () => {
        const app = appNamed('storefront-web');
        const data = await client(format).getMetricData(
          { kind: 'application', applicationId: app.id },
          {
            names: ['HttpDispatcher', 'Nope/Does/Not/Exist'],
            summarize: true,
          },
        );
        assert.deepEqual(data.metricsNotFound, ['Nope/Does/Not/Exist']);
        assert.deepEqual(data.metricsFound, ['HttpDispatcher']);
        assert.deepEqual(
          data.metrics.map((m) => m.name),
          ['HttpDispatcher'],
        );
      });

      it('CPU/User Time (a name with a space) is found', async () => {
        const app = appNamed('storefront-web');
        const scope: MetricScope = { kind: 'host', applicationId: app.id, hostId: app.hostIds[0] };
        const data = await client(format).getMetricData(scope, {
          names: ['CPU/User Time'],
          values: ['percent'],
          from: new Date('2026-11-20T11:58:00Z'),
          to: new Date('2026-11-20T12:00:00Z'),
        });
        assert.deepEqual(data.metricsFound, ['CPU/User Time']);
        assert.deepEqual(data.metricsNotFound, []);
        const start = Date.parse('2026-11-20T11:58:00Z') / 60_000;
        assert.deepEqual(
          data.metrics[0].timeslices.map((s) => s.values),
          [
            expectedValues(scope, 'CPU/User Time', start, start + 1),
            expectedValues(scope, 'CPU/User Time', start + 1, start + 2),
          ],
        );
        assert.deepEqual(requestsTo('metricData')[0].query.getAll('names[]'), ['CPU/User Time']);
      });

      it('HTML-special and Unicode names come back byte-identical', async () => {
        const api = client(format);
        for (const name of [HTML_NAME, UNICODE_NAME]) {
          const app = appNamed(name);
          const one = await api.getApplication(app.id);
          assert.ok(Buffer.from(one.name, 'utf8').equals(Buffer.from(name, 'utf8')), `got ${JSON.stringify(one.name)}`);
          const listed = await api.listApplications({ ids: [app.id] });
          assert.equal(listed.length, 1);
          assert.equal(listed[0].name, name);
          const hosts = await api.listHosts(app.id);
          assert.ok(hosts.length > 0 && hosts.every((h) => h.applicationName === name));
        }
        // Metric names with markup and non-ASCII characters too.
        const store = appNamed('storefront-web');
        const special = await api.listMetricNames({ kind: 'application', applicationId: store.id }, { name: '<img' });
        // The transaction in the Ruby agent's form, its own Apdex (the `Controller` prefix swapped for
        // `Apdex`), its own errors and its total time (docs/service.md#agent-naming).
        const own = (txn: string) => [
          `Controller/${txn}`,
          `Apdex/${txn}`,
          `Errors/Controller/${txn}`,
          `WebTransactionTotalTime/Controller/${txn}`,
        ];
        assert.deepEqual(
          special.map((m) => m.name),
          own(HTML_NAME),
        );
        const umlaut = await api.listMetricNames(
          { kind: 'application', applicationId: store.id },
          { name: 'Übersicht' },
        );
        assert.deepEqual(
          umlaut.map((m) => m.name),
          own('Bestellung/Übersicht ✓'),
        );
      });
    });
  }

  it('JSON and XML give deep-equal models for every endpoint', async () => {
    const app = appNamed('storefront-web');
    const host = hostOf(app.hostIds[0]);
    const instance = instanceOf(host.instanceIds[0]);
    const kt = us().keyTransactions[0];
    const range = { from: new Date('2026-11-20T11:40:00Z'), to: new Date('2026-11-20T12:00:00Z') };
    const appScope: MetricScope = { kind: 'application', applicationId: app.id };
    const hostScope: MetricScope = { kind: 'host', applicationId: app.id, hostId: host.id };
    const instanceScope: MetricScope = { kind: 'instance', applicationId: app.id, instanceId: instance.id };
    const names = ['HttpDispatcher', 'Apdex', 'CPU/User Time', 'Memory/Physical', 'Nope/Missing'];

    async function everything(format: ApiFormat) {
      const api = client(format);
      return {
        applications: await api.listApplications(),
        filteredApplications: await api.listApplications({ name: 'service', language: 'java' }),
        everyApplication: await Promise.all(us().apps.map((a) => api.getApplication(a.id))),
        hosts: await Promise.all(us().apps.map((a) => api.listHosts(a.id))),
        host: await api.getHost(app.id, host.id),
        instances: await Promise.all(us().apps.map((a) => api.listInstances(a.id))),
        instance: await api.getInstance(app.id, instance.id),
        keyTransactions: await api.listKeyTransactions(),
        everyKeyTransaction: await Promise.all(us().keyTransactions.map((k) => api.getKeyTransaction(k.id))),
        keyTransaction: await api.getKeyTransaction(kt.id),
        appMetricNames: await api.listMetricNames(appScope),
        hostMetricNames: await api.listMetricNames(hostScope, { name: 'Memory' }),
        instanceMetricNames: await api.listMetricNames(instanceScope, { name: 'Datastore' }),
        appSeries: await api.getMetricData(appScope, { names, ...range }),
        appSummary: await api.getMetricData(appScope, { names, ...range, summarize: true }),
        appDefault: await api.getMetricData(appScope, { names: ['HttpDispatcher'], period: 300 }),
        hostSeries: await api.getMetricData(hostScope, { names, values: ['percent', 'used_mb_by_host'], ...range }),
        instanceSeries: await api.getMetricData(instanceScope, { names, ...range, period: 300 }),
      };
    }

    const json = await everything('json');
    const xml = await everything('xml');
    // Not trivially equal: the JSON side holds the whole data set.
    assert.equal(json.applications.length, us().apps.length);
    assert.equal(json.keyTransactions.length, us().keyTransactions.length);
    assert.equal(json.hosts.flat().length, us().hosts.size);
    assert.equal(json.instances.flat().length, us().instances.size);
    assert.ok(json.appSeries.metrics.every((m) => m.timeslices.length === 20));
    assert.ok(json.hostSeries.metrics.some((m) => m.timeslices.every((s) => Object.keys(s.values).length === 0)));
    assert.deepEqual(xml, json);
    const formats = new Set(sim.requests.map((r) => r.path.slice(r.path.lastIndexOf('.'))));
    assert.deepEqual([...formats].sort(), ['.json', '.xml']);
  });

  it('reports progress page by page', async () => {
    const progress: PageProgress[] = [];
    const apps = await client('json').listApplications({}, { onProgress: (p) => progress.push({ ...p }) });
    assert.equal(apps.length, 12);
    assert.deepEqual(progress, [
      { pagesDone: 1, itemsSoFar: 5 },
      { pagesDone: 2, itemsSoFar: 10 },
      { pagesDone: 3, itemsSoFar: 12 },
    ]);
  });

  it('fetches pages strictly one after another', async () => {
    const requestedWhenPageDone: number[] = [];
    const kts = await client('json').listKeyTransactions(
      {},
      {
        onProgress: () => requestedWhenPageDone.push(requestsTo('keyTransactions.list').length),
      },
    );
    const pages = Math.ceil(us().keyTransactions.length / PAGE_SIZE);
    assert.equal(kts.length, us().keyTransactions.length);
    // When page k is done, page k+1 has not been asked for yet.
    assert.deepEqual(
      requestedWhenPageDone,
      Array.from({ length: pages }, (_, i) => i + 1),
    );
    assert.deepEqual(
      requestsTo('keyTransactions.list').map((r) => r.query.get('page')),
      [null, ...Array.from({ length: pages - 1 }, (_, i) => String(i + 2))],
    );
  });

  it('follows rel="next" when rel="last" is missing', async () => {
    sim.injectFault({ endpoint: 'applications.list', kind: 'noLastLink' });
    const apps = await client('json').listApplications();
    assert.deepEqual(
      apps.map((a) => a.id),
      us().apps.map((a) => a.id),
    );
    assert.equal(requestsTo('applications.list').length, 3);
  });

  it('the EU base URL with the EU key gives the EU data set', async () => {
    const eu = sim.datasets.eu;
    const api = client('json', { baseUrl: sim.baseUrls.eu, getApiKey: () => Promise.resolve(EU_KEY) });
    const apps = await api.listApplications();
    assert.deepEqual(
      apps.map((a) => a.id),
      eu.apps.map((a) => a.id),
    );
    assert.notDeepEqual(
      apps.map((a) => a.id),
      us().apps.map((a) => a.id),
    );
    const euKt = eu.keyTransactions[0];
    assert.equal((await api.getKeyTransaction(euKt.id)).name, euKt.name);
    assert.ok(sim.requests.length > 0 && sim.requests.every((r) => r.region === 'eu' && r.path.startsWith('/eu/v2/')));
    assert.ok(sim.requests.every((r) => r.headers['api-key'] === EU_KEY));
  });

  it('sends the key in Api-Key by default and in X-Api-Key when configured', async () => {
    const app = us().apps[0];
    await client('json').getApplication(app.id);
    const viaX = await client('json', { keyHeader: 'X-Api-Key' }).getApplication(app.id);
    assert.equal(viaX.name, app.name);
    const [plain, x] = requestsTo('applications.show');
    assert.equal(plain.headers['api-key'], US_KEY);
    assert.equal(plain.headers['x-api-key'], undefined);
    assert.equal(x.headers['x-api-key'], US_KEY);
    assert.equal(x.headers['api-key'], undefined);
    assert.equal(x.status, 200);
  });

  it('an AbortSignal cancels a listing between pages', async () => {
    const controller = new AbortController();
    let caught: unknown;
    try {
      await client('json').listApplications({}, { signal: controller.signal, onProgress: () => controller.abort() });
    } catch (e) {
      caught = e;
    }
    assert.ok(caught instanceof ApiError, `expected an ApiError, got ${String(caught)}`);
    assert.equal(caught.kind, 'cancelled');
    assert.equal(requestsTo('applications.list').length, 1, 'no page after the abort');
  });

  it('an AbortSignal cancels a request in flight', async () => {
    sim.injectFault({ endpoint: 'instances.list', kind: 'delay', delayMs: 1000, times: 1 });
    const controller = new AbortController();
    const pending = client('json', { timeoutMs: 5000 })
      .listInstances(us().apps[0].id, {}, { signal: controller.signal })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    await until(() => sim.peakInFlight() > 0, 'the request to reach the simulator');
    controller.abort();
    const caught = await pending;
    assert.ok(caught instanceof ApiError, `expected an ApiError, got ${String(caught)}`);
    assert.equal(caught.kind, 'cancelled');
    assert.equal(
      requestsTo('instances.list').length,
      0,
      'cancelled without waiting for the answer (the simulator records a request when it answers)',
    );
  });

  it('a plain-http base URL is followed via 301 to https, and the http request carried no key', async () => {
    const apps = await client('json', { baseUrl: sim.baseUrls.http }).listApplications();
    assert.deepEqual(
      apps.map((a) => a.id),
      us().apps.map((a) => a.id),
    );
    const [first, ...rest] = sim.requests;
    assert.equal(first.scheme, 'http');
    assert.equal(first.status, 301);
    assert.equal(first.headers['api-key'], undefined);
    assert.equal(first.headers['x-api-key'], undefined);
    assert.deepEqual(sim.requests.filter((r) => r.scheme === 'http').length, 1);
    assert.equal(rest.length, 3);
    assert.ok(rest.every((r) => r.scheme === 'https' && r.headers['api-key'] === US_KEY && r.status === 200));
  });

  // The simulator never sends these bodies, so they are parsed directly: JSON and XML of the same record.
  describe('XML parsing edge cases', () => {
    // Leading and trailing spaces of a name must survive XML as they survive JSON (fixed: trimValues false).
    it('keeps leading and trailing spaces of names in XML, as JSON does', () => {
      const json = parseApplication(
        unwrap(JSON.parse('{"application": {"id": 5, "name": "  padded name  "}}'), 'application'),
      );
      const xml = parseApplication(
        unwrap(
          parseXmlDocument('<application><id type="integer">5</id><name>  padded name  </name></application>'),
          'application',
        ),
      );
      assert.equal(json.name, '  padded name  ');
      assert.deepEqual(xml, json);
      const metric = parseMetricName(
        unwrap(parseXmlDocument('<metric><name>Custom/trailing </name><values type="array"/></metric>'), 'metric'),
      );
      assert.equal(metric.name, 'Custom/trailing ');
    });

    // Numeric character references (&#233; &#x2713; &#10;) are decoded, as any conforming XML parser does.
    it('decodes numeric character references in XML', () => {
      const json = parseApplication(
        unwrap(JSON.parse('{"application": {"id": 5, "name": "Caf\u00e9 \u2713"}}'), 'application'),
      );
      const xml = parseApplication(
        unwrap(
          parseXmlDocument('<application><id type="integer">5</id><name>Caf&#233; &#x2713;</name></application>'),
          'application',
        ),
      );
      assert.equal(json.name, 'Café ✓');
      assert.deepEqual(xml, json);
    });
  });
});
