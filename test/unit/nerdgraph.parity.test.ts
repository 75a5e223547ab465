/**
 * Parity: the same seeded entities through both backends (REST client vs NerdGraph client against
 * the same simulator) give equal numbers, within the REST side's rounding (test/support/parity.ts;
 * the workbench's own parity suite uses the same checks).
 */
import assert from 'node:assert/strict';

import { HttpTimesliceApi } from '../../src/api/rest/client';
import { ApiError } from '../../src/api/apiError';
import { MetricNamesCache } from '../../src/api/metricNamesCache';
import { hostIdFor, summaryFrom, summaryNames } from '../../src/api/nerdgraph/entities';
import { NerdGraphTimesliceApi } from '../../src/api/nerdgraph/nerdGraphApi';
import type { MetricScope } from '../../src/api/types';
import { hostAndInstanceCounts } from '../../src/api/types';
import { MemoryLogger } from '../../src/log';
import { loadPanelData } from '../../src/panels/panelData';
import type { PanelEntity, PanelState, RangePreset } from '../../src/panels/protocol';
import { SIMULATED_ACCOUNTS } from '../../src/simulator/nerdgraph/service';
import { Simulator } from '../../src/simulator/server';
import { near, sameSummary, samePanels, sameTables, shownSummary } from '../support/parity';
import { simulatorWithBothBackends } from '../support/bothBackends';

/** An entity of any kind without its title (distributed over the kinds, so each keeps its own ids). */
type EntityWithoutTitle = PanelEntity extends infer E ? (E extends unknown ? Omit<E, 'title'> : never) : never;

const NOW = new Date('2026-11-20T12:00:30Z');
const KEY = 'NRAK-PARITYKEY0000000000000001';

describe('Parity: REST v2 and NerdGraph backends over the same simulator', function () {
  this.timeout(15_000);
  const both = simulatorWithBothBackends(KEY, NOW);
  let sim: Simulator;
  let rest: HttpTimesliceApi;
  let ng: NerdGraphTimesliceApi;
  before(() => ({ sim, rest, ng } = both));

  const state = (entity: EntityWithoutTitle, preset: RangePreset = '1h'): PanelState => ({
    entity: { title: 't', ...entity },
    range: { preset, compare: 'none' },
    view: 'chart',
  });
  const load = (api: HttpTimesliceApi | NerdGraphTimesliceApi, s: PanelState) =>
    loadPanelData({ api, metricNames: new MetricNamesCache(api), now: NOW }, s);
  const reporting = () => sim.datasets.us.apps.filter((a) => a.reporting);

  it('the application list: ids, names, health (alertSeverity + reporting) and summaries (seconds → ms, error rate scale)', async () => {
    const [a, b] = await Promise.all([rest.listApplications(), ng.listApplications()]);
    assert.deepEqual(b.map((x) => x.id).sort(), a.map((x) => x.id).sort());
    for (const r of a) {
      const n = b.find((x) => x.id === r.id)!;
      assert.equal(n.name, r.name);
      assert.equal(n.language, r.language);
      assert.equal(n.healthStatus, r.healthStatus, r.name);
      assert.equal(n.reporting, r.reporting);
      sameSummary(r.summary, n.summary, r.name);
      assert.equal(n.summary?.hostCount, r.summary?.hostCount);
      // NerdGraph links no host or instance ids: the tree's groups and the dashboard count them all the same.
      assert.deepEqual(hostAndInstanceCounts(n), hostAndInstanceCounts(r), r.name);
    }
    const filtered = await ng.listApplications({ name: 'BILLING' });
    assert.deepEqual(
      filtered.map((x) => x.name),
      (await rest.listApplications({ name: 'billing' })).map((x) => x.name),
    );
  });

  for (const preset of ['1h', '24h'] as const) {
    it(`the dashboard of every reporting application (${preset})`, async () => {
      for (const app of reporting().slice(0, preset === '1h' ? 20 : 2)) {
        const s = state({ kind: 'application', applicationId: app.id }, preset);
        const [a, b] = [await load(rest, s), await load(ng, s)];
        samePanels(a, b, `${app.name} ${preset}`);
        assert.deepEqual(shownSummary(b), shownSummary(a), `${app.name} summary`);
      }
    });
  }

  it('the 4.8 breakdown (datastore, ActiveRecord and database families, with and without queuing)', async () => {
    for (const name of [
      'storefront-web',
      'billing-api',
      'inventory-service',
      'Zahlungsdienst – Köln ☕',
      'legacy-admin',
    ]) {
      const app = sim.datasets.us.apps.find((x) => x.name === name)!;
      const s = state({ kind: 'breakdown', applicationId: app.id });
      const [a, b] = [await load(rest, s), await load(ng, s)];
      samePanels(a, b, name);
      sameTables(a, b, name);
    }
  });

  it('hosts and instances: the same names, instance ids and ports, summaries, and CPU and memory charts', async () => {
    for (const app of reporting().slice(0, 4)) {
      const [ha, hb] = await Promise.all([rest.listHosts(app.id), ng.listHosts(app.id)]);
      assert.deepEqual(hb.map((h) => h.host).sort(), ha.map((h) => h.host).sort());
      for (const h of ha) {
        const other = hb.find((x) => x.host === h.host)!;
        assert.deepEqual([...other.instanceIds].sort(), [...h.instanceIds].sort());
        sameSummary(h.summary, other.summary, `${app.name} host ${h.host}`);
        const s = (hostId: number) => state({ kind: 'host', applicationId: app.id, hostId });
        samePanels(await load(rest, s(h.id)), await load(ng, s(hostIdFor(h.host))), `${app.name} host ${h.host}`);
      }
      const [ia, ib] = await Promise.all([rest.listInstances(app.id), ng.listInstances(app.id)]);
      assert.deepEqual(ib.map((i) => [i.id, i.host, i.port]).sort(), ia.map((i) => [i.id, i.host, i.port]).sort());
      for (const i of ia) {
        sameSummary(i.summary, ib.find((x) => x.id === i.id)!.summary, `${app.name} instance ${i.id}`);
      }
      const s = state({ kind: 'instance', applicationId: app.id, instanceId: ia[0].id });
      samePanels(await load(rest, s), await load(ng, s), `${app.name} instance ${ia[0].id}`);
    }
  });

  it('a host panel and a host-scoped explorer from their ids alone, in a client that never listed the hosts (a panel restored after a reload)', async () => {
    const app = reporting()[1];
    const host = sim.datasets.us.hosts.get(app.hostIds[0])!;
    const explorer = { metrics: ['HttpDispatcher', 'CPU/User Time'], values: ['call_count', 'percent'] };
    for (const [kind, extra] of [
      ['host', {}],
      ['explorer', { explorer }],
    ] as const) {
      const fresh = new NerdGraphTimesliceApi({
        baseUrl: sim.baseUrls.us,
        getApiKey: () => Promise.resolve(KEY),
        ca: sim.certPem,
        log: new MemoryLogger(),
        timeoutMs: 15_000,
        accountId: SIMULATED_ACCOUNTS.us.id,
        now: () => NOW,
      });
      try {
        const s = (hostId: number) => ({ ...state({ kind, applicationId: app.id, hostId }), ...extra });
        samePanels(
          await load(rest, s(host.id)),
          await load(fresh, s(hostIdFor(host.name))),
          `${kind} of ${app.name} host ${host.name}`,
        );
      } finally {
        await fresh.dispose();
      }
    }
    const fresh = new NerdGraphTimesliceApi({
      baseUrl: sim.baseUrls.us,
      getApiKey: () => Promise.resolve(KEY),
      ca: sim.certPem,
      log: new MemoryLogger(),
      timeoutMs: 15_000,
      accountId: SIMULATED_ACCOUNTS.us.id,
      now: () => NOW,
    });
    try {
      await assert.rejects(
        fresh.getMetricData({ kind: 'host', applicationId: app.id, hostId: 1 }, { names: ['HttpDispatcher'] }),
        (e: unknown) => e instanceof ApiError && e.kind === 'notFound',
      );
    } finally {
      await fresh.dispose();
    }
  });

  it("says only what NerdGraph knows: no last report, host and instance health unavailable, no host id of the service's", async () => {
    const app = reporting()[0];
    const dashboard = (api: HttpTimesliceApi | NerdGraphTimesliceApi) =>
      load(api, state({ kind: 'application', applicationId: app.id }));
    const [a, b] = [await dashboard(rest), await dashboard(ng)];
    assert.ok(
      a.summary.some((i) => i.label === 'Last reported'),
      'REST says when it last reported',
    );
    assert.deepEqual(
      b.summary.filter((i) => /Last reported/.test(i.label) || /never/i.test(i.value)),
      [],
      'NerdGraph has no last report: no line',
    );
    const [hosts, instances] = await Promise.all([ng.listHosts(app.id), ng.listInstances(app.id)]);
    assert.ok(
      hosts.length > 0 && hosts.every((h) => h.healthStatus === undefined && h.localId === true),
      'no health, and an id made here',
    );
    assert.ok(
      instances.every((i) => i.healthStatus === undefined && i.hostId === undefined),
      'no health, no host id',
    );
    const hostPanel = await load(ng, state({ kind: 'host', applicationId: app.id, hostId: hosts[0].id }));
    assert.equal(
      hostPanel.summary.find((i) => i.label === 'Health')?.value,
      'Not available through NerdGraph (no health per host or instance)',
    );
    const restHost = (await rest.listHosts(app.id))[0];
    const restPanel = await load(rest, state({ kind: 'host', applicationId: app.id, hostId: restHost.id }));
    assert.doesNotMatch(restPanel.summary.find((i) => i.label === 'Health')!.value, /NerdGraph/);
  });

  it('key transactions: ids, names, transaction names, health, 10-minute summaries, and their panels', async () => {
    const [a, b] = await Promise.all([rest.listKeyTransactions(), ng.listKeyTransactions()]);
    assert.deepEqual(b.map((k) => k.id).sort(), a.map((k) => k.id).sort());
    for (const k of a) {
      const other = b.find((x) => x.id === k.id)!;
      assert.equal(other.name, k.name);
      assert.equal(other.transactionName, k.transactionName);
      assert.equal(other.healthStatus, k.healthStatus);
      assert.equal(other.applicationId, k.applicationId);
      sameSummary(k.summary, other.summary, `KT ${k.name}`);
    }
    const kt = a[0];
    const s = state({ kind: 'keyTransaction', applicationId: kt.applicationId!, keyTransactionId: kt.id });
    samePanels(await load(rest, s), await load(ng, s), `KT ${kt.name}`);
  });

  it('metric names (uniques with the name filter as LIKE) and summarize = the same query without TIMESERIES', async () => {
    const app = reporting()[0];
    const scope: MetricScope = { kind: 'application', applicationId: app.id };
    const [na, nb] = await Promise.all([
      rest.listMetricNames(scope, { name: 'Datastore' }),
      ng.listMetricNames(scope, { name: 'Datastore' }),
    ]);
    assert.deepEqual(nb.map((n) => n.name).sort(), na.map((n) => n.name).sort());
    for (const n of nb) {
      const r = na.find((x) => x.name === n.name)!;
      assert.ok(
        n.values.every((v) => r.values.includes(v)),
        `${n.name}: ${n.values.join()} ⊆ ${r.values.join()}`,
      );
    }
    const query = {
      names: ['HttpDispatcher', 'Apdex', 'Errors/all', 'CPU/User Time', 'Memory/Physical', 'Nope/x'],
      from: new Date('2026-11-20T10:00:00Z'),
      to: new Date('2026-11-20T12:00:00Z'),
      summarize: true,
    };
    const [da, db] = await Promise.all([rest.getMetricData(scope, query), ng.getMetricData(scope, query)]);
    assert.deepEqual(db.metricsNotFound, da.metricsNotFound);
    for (const m of da.metrics) {
      const other = db.metrics.find((x) => x.name === m.name)!;
      assert.equal(other.timeslices.length, 1);
      assert.deepEqual([other.timeslices[0].from, other.timeslices[0].to], [m.timeslices[0].from, m.timeslices[0].to]);
      for (const [k, v] of Object.entries(m.timeslices[0].values)) {
        if (k !== 'standard_deviation') {
          near(v, other.timeslices[0].values[k] ?? null, `${m.name} ${k}`);
        }
      }
    }
  });

  it('sends NRQL only as a Nrql! variable, one request per panel, and maps GraphQL errors to ApiError kinds', async () => {
    const app = reporting()[0];
    sim.clearRequests();
    await ng.getMetricData(
      { kind: 'application', applicationId: app.id },
      { names: ["it's/odd"], from: new Date('2026-11-20T11:00:00Z'), to: new Date('2026-11-20T12:00:00Z') },
    );
    const [req] = sim.requests;
    assert.equal(sim.requests.length, 1);
    const body = JSON.parse(req.requestBody!) as { query: string; variables: Record<string, unknown> };
    assert.match(body.query, /\$q0: Nrql!/);
    assert.doesNotMatch(body.query, /SELECT|odd/);
    assert.match(String(body.variables.q0), /metricTimesliceName IN \('it\\'s\/odd'\)/);
    const cases = [
      ['tooManyRequests', 'rateLimited'],
      ['nrqlTimeout', 'timeout'],
      ['invalidInput', 'invalidRequest'],
      ['accessDenied', 'forbidden'],
      ['graphqlServerError', 'server'],
      ['paymentRequired', 'forbidden'],
    ] as const;
    for (const [kind, expected] of cases) {
      sim.injectNerdGraphFault({ endpoint: 'graphql.nrql', kind });
      await assert.rejects(
        ng.listMetricNames({ kind: 'application', applicationId: app.id }),
        (e: unknown) => e instanceof ApiError && e.kind === expected && !e.message.includes(KEY),
        kind,
      );
      sim.clearFaults();
    }
    sim.injectNerdGraphFault({ endpoint: 'graphql.nrql', kind: 'tooManyRequests', times: 2 });
    assert.ok(
      (await ng.listMetricNames({ kind: 'application', applicationId: app.id })).length > 0,
      'retried past two TOO_MANY_REQUESTS',
    );
    sim.injectNerdGraphFault({ endpoint: 'graphql.nrql', kind: 'deprecation', times: 1 });
    assert.ok(
      (await ng.listMetricNames({ kind: 'application', applicationId: app.id })).length > 0,
      'a deprecation warning is ignored',
    );
    sim.injectFault({ endpoint: 'graphql.entitySearch', kind: 'unauthorized', times: 1 });
    await assert.rejects(ng.listApplications(), (e: unknown) => e instanceof ApiError && e.kind === 'auth');
    const accounts = await ng.listAccounts();
    assert.deepEqual(accounts, [SIMULATED_ACCOUNTS.us]);
  });
});

describe("Parity on the demo's data: the application error rate and key transactions' own Apdex", function () {
  this.timeout(15_000);
  // Both readings of `apmSummary.errorRate` (docs/service.md#applications): the simulator's and the client's default
  // (a fraction), and the switch on both sides (a percentage).
  for (const scale of ['fraction', 'percent'] as const) {
    describe(`errorRate served and read as a ${scale}${scale === 'fraction' ? ' (both defaults)' : ' (both switches)'}`, () => {
      let sim: Simulator;
      let rest: HttpTimesliceApi;
      let ng: NerdGraphTimesliceApi;

      before(async () => {
        sim = await Simulator.start({
          usKey: KEY,
          now: () => NOW,
          names: 'demo',
          ...(scale === 'percent' ? { errorRateScale: scale } : {}),
        });
        const common = {
          baseUrl: sim.baseUrls.us,
          getApiKey: () => Promise.resolve(KEY),
          ca: sim.certPem,
          log: new MemoryLogger(),
          timeoutMs: 15_000,
          backoffBaseMs: 10,
        };
        rest = new HttpTimesliceApi(common);
        ng = new NerdGraphTimesliceApi({
          ...common,
          accountId: SIMULATED_ACCOUNTS.us.id,
          now: () => NOW,
          ...(scale === 'percent' ? { openPoints: { apmSummaryErrorRateScale: scale } } : {}),
        });
      });
      after(async () => {
        await Promise.all([rest.dispose(), ng.dispose()]);
        await sim.stop();
      });

      it("every reporting application's error rate equals REST's (a fraction, within its 4 decimals)", async () => {
        const [a, b] = await Promise.all([rest.listApplications(), ng.listApplications()]);
        const erring = a.filter((r) => (r.summary?.errorRate ?? 0) > 0);
        assert.ok(erring.length > 0, 'some application has errors');
        for (const r of erring) {
          const n = b.find((x) => x.id === r.id)!;
          assert.ok(
            Math.abs(r.summary!.errorRate - n.summary!.errorRate) <= 0.00006,
            `${r.name}: REST ${r.summary!.errorRate} vs NerdGraph ${n.summary!.errorRate}`,
          );
        }
      });

      it("every key transaction's Apdex and error rate are its own (not the application's) and equal REST's within rounding", async () => {
        const [a, b] = await Promise.all([rest.listKeyTransactions(), ng.listKeyTransactions()]);
        assert.ok(a.length > 0, 'the demo has key transactions');
        let ownApdex = 0;
        let ownErrors = 0;
        for (const k of a) {
          const other = b.find((x) => x.id === k.id)!;
          sameSummary(k.summary, other.summary, `KT ${k.name}`);
          // The application's own figures over the same 10 minutes as the KT's summary.
          const app = await rest.getMetricData(
            { kind: 'application', applicationId: k.applicationId! },
            {
              names: ['Apdex', 'Errors/all', 'HttpDispatcher'],
              from: new Date(Date.parse('2026-11-20T11:50:00Z')),
              to: new Date(Date.parse('2026-11-20T12:00:00Z')),
              summarize: true,
            },
          );
          const value = (name: string, v: string) => app.metrics.find((m) => m.name === name)!.timeslices[0].values[v];
          const appErrorRate = value('Errors/all', 'error_count') / value('HttpDispatcher', 'call_count');
          ownApdex += Math.abs(k.summary!.apdexScore - value('Apdex', 'score')) > 0.01 ? 1 : 0;
          ownErrors += Math.abs(k.summary!.errorRate - appErrorRate) > 0.0001 ? 1 : 0;
        }
        // Else the check above could not tell a KT's own figures from its application's.
        assert.ok(
          ownApdex > 0 && ownErrors > 0,
          `KTs with their own Apdex: ${ownApdex}, error rate: ${ownErrors} of ${a.length}`,
        );
      });
    });
  }
});

describe("a key transaction's own summary from NRQL rows (entities.ts summaryFrom)", () => {
  it("asks for Ruby's Apdex with the `Controller` prefix swapped for `Apdex` (docs/service.md#agent-naming)", () => {
    assert.deepEqual(
      summaryNames('Controller/admin/users/show').sort(),
      [
        'Controller/admin/users/show',
        'Apdex/admin/users/show',
        'Apdex/Controller/admin/users/show',
        'Errors/Controller/admin/users/show',
      ].sort(),
    );
  });

  const txn = 'WebTransaction/Controller/users/show';
  const rows = (apdexName: string) =>
    new Map<string, Record<string, unknown>>([
      ['HttpDispatcher', { c: 1000, t: 100 }],
      ['Apdex', { c: 900, t: 80, x: 20, mn: 0.5, mx: 0.5 }],
      ['Errors/all', { c: 50 }],
      [txn, { c: 200, t: 40 }],
      [apdexName, { c: 100, t: 60, x: 40, mn: 0.5, mx: 0.5 }],
      [`Errors/${txn}`, { c: 10 }],
    ]);

  for (const apdexName of ['Apdex/Controller/users/show', `Apdex/${txn}`]) {
    it(`reads the transaction's Apdex from ${apdexName} and its errors over its own calls, never the application's`, () => {
      const s = summaryFrom(rows(apdexName), txn, 10);
      assert.equal(s.apdexScore, (100 + 60 / 2) / 200);
      assert.equal(s.errorRate, 10 / 200);
      assert.equal(s.throughput, 200 / 10);
      assert.deepEqual(
        summaryNames(txn).sort(),
        [txn, 'Apdex/Controller/users/show', `Apdex/${txn}`, `Errors/${txn}`].sort(),
      );
    });
  }
});
