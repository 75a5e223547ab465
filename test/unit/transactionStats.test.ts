/**
 * An application's transactions with their numbers: the agents' companion names (docs/service.md#agent-naming),
 * and both backends against the simulator (the numbers are the simulator's summarized values; REST and
 * NerdGraph agree within rounding; requests per refresh).
 */
import assert from 'node:assert/strict';

import { MetricNamesCache } from '../../src/api/metricNamesCache';
import { NerdGraphTimesliceApi } from '../../src/api/nerdgraph/nerdGraphApi';
import { HttpTimesliceApi } from '../../src/api/rest/client';
import { companionNames, transactionKind, transactionNamesOf } from '../../src/api/transactionCompanions';
import {
  REST_MAX_NAMES_QUERY_CHARS,
  REST_TRANSACTION_PLAN,
  transactionStatsFrom,
} from '../../src/api/transactionStatsLoader';
import { transactionWindow } from '../../src/api/transactionStats';
import type { MetricData } from '../../src/api/types';
import { SIMULATED_ACCOUNTS } from '../../src/simulator/nerdgraph/service';
import { Simulator } from '../../src/simulator/server';
import { simTransactionNames } from '../support/simTransactions';
import { simulatorWithBothBackends } from '../support/bothBackends';

describe('Transactions: companion names per agent (docs/service.md#agent-naming)', () => {
  const table: Array<[string, string, { errors: string; apdex?: string }]> = [
    // Ruby swaps the Controller prefix for Apdex; its errors keep the full name.
    [
      'ruby',
      'Controller/admin/users/show',
      { errors: 'Errors/Controller/admin/users/show', apdex: 'Apdex/admin/users/show' },
    ],
    [
      'ruby',
      'Controller/Sinatra/GET hello',
      { errors: 'Errors/Controller/Sinatra/GET hello', apdex: 'Apdex/Sinatra/GET hello' },
    ],
    ['ruby', 'OtherTransaction/Background/Job/perform', { errors: 'Errors/OtherTransaction/Background/Job/perform' }],
    [
      'python',
      'WebTransaction/Function/shop.views:ProductView.get',
      {
        errors: 'Errors/WebTransaction/Function/shop.views:ProductView.get',
        apdex: 'Apdex/Function/shop.views:ProductView.get',
      },
    ],
    [
      'nodejs',
      'WebTransaction/Expressjs/GET//api/items/:id',
      { errors: 'Errors/WebTransaction/Expressjs/GET//api/items/:id', apdex: 'Apdex/Expressjs/GET//api/items/:id' },
    ],
    [
      'java',
      'WebTransaction/SpringController/orders/{id} (GET)',
      {
        errors: 'Errors/WebTransaction/SpringController/orders/{id} (GET)',
        apdex: 'Apdex/SpringController/orders/{id} (GET)',
      },
    ],
    [
      'dotnet',
      'WebTransaction/MVC/Orders/Details',
      { errors: 'Errors/WebTransaction/MVC/Orders/Details', apdex: 'Apdex/MVC/Orders/Details' },
    ],
    [
      'go',
      'WebTransaction/Go/GET /users',
      { errors: 'Errors/WebTransaction/Go/GET /users', apdex: 'Apdex/Go/GET /users' },
    ],
    ['go', 'OtherTransaction/Go/worker', { errors: 'Errors/OtherTransaction/Go/worker' }],
    // `Controller/` is Ruby's only: another agent's name of that form is not swapped.
    ['php', 'Controller/x/y', { errors: 'Errors/Controller/x/y' }],
  ];
  for (const [language, txn, expected] of table) {
    it(`${language}: ${txn}`, () => assert.deepEqual(companionNames(language, txn), expected));
  }

  it('which listed names are transactions: prefixes per agent, roll-ups and companions left out', () => {
    const listed = [
      'WebTransaction',
      'WebTransaction/Go/GET /users',
      'WebTransactionTotalTime/Go/GET /users',
      'Errors/WebTransaction/Go/GET /users',
      'Apdex/Go/GET /users',
      'OtherTransaction/all',
      'OtherTransaction/Go/all',
      'OtherTransaction/Go/worker',
      'Controller/users/show',
    ];
    assert.deepEqual(transactionNamesOf('go', listed), ['WebTransaction/Go/GET /users', 'OtherTransaction/Go/worker']);
    assert.equal(transactionKind('go', 'Controller/users/show'), undefined);
    assert.equal(transactionKind('ruby', 'Controller/users/show'), 'web');
    assert.equal(transactionKind('ruby', 'OtherTransaction/Background/Job/perform'), 'background');
    // Ruby: its own Controller/ names, never beside WebTransaction/ aliases (open point, RUBY_WEB_TRANSACTION_FALLBACK).
    assert.deepEqual(transactionNamesOf('ruby', [...listed, 'WebTransaction/Controller/users/show']), [
      'OtherTransaction/Go/worker',
      'Controller/users/show',
    ]);
    assert.deepEqual(transactionNamesOf('ruby', ['WebTransaction/Controller/users/show']), [
      'WebTransaction/Controller/users/show',
    ]);
  });

  it('numbers from summarized data: error rate a fraction, time share per kind, web first then by time consumed', () => {
    const slice = (values: Record<string, number>) => [{ from: '', to: '', values }];
    const data: MetricData = {
      from: '',
      to: '',
      metricsFound: [],
      metricsNotFound: [],
      metrics: [
        {
          name: 'Controller/a/fast',
          timeslices: slice({ call_count: 1000, average_response_time: 10, calls_per_minute: 33.3 }),
        },
        {
          name: 'Controller/a/slow',
          timeslices: slice({ call_count: 100, average_response_time: 300, calls_per_minute: 3.3 }),
        },
        { name: 'Errors/Controller/a/slow', timeslices: slice({ error_count: 4 }) },
        { name: 'Apdex/a/slow', timeslices: slice({ s: 50, t: 30, f: 20, count: 100, score: 0.65 }) },
        {
          name: 'OtherTransaction/Background/J/run',
          timeslices: slice({ call_count: 5, average_response_time: 2000, calls_per_minute: 0.2 }),
        },
      ],
    };
    const rows = transactionStatsFrom(
      'ruby',
      ['Controller/a/fast', 'OtherTransaction/Background/J/run', 'Controller/a/slow', 'Controller/a/gone'],
      data,
    );
    assert.deepEqual(
      rows.map((r) => [r.name, r.kind, r.errorRate, r.apdex, Math.round(r.timeShare * 1000) / 1000]),
      [
        ['Controller/a/slow', 'web', 0.04, 0.65, 0.75],
        // No Errors/<txn>: the agent records one only when the transaction fails, so none is 0 %.
        ['Controller/a/fast', 'web', 0, undefined, 0.25],
        ['OtherTransaction/Background/J/run', 'background', 0, undefined, 1],
      ],
    );
    assert.deepEqual(
      rows.map((r) => r.apdexCounts),
      [{ satisfied: 50, tolerating: 30, frustrated: 20, count: 100 }, undefined, undefined],
    );
  });

  it('Apdex counts only where the service gives them: a score alone has none; slices are summed', () => {
    const data = (...values: Array<Record<string, number>>): MetricData => ({
      from: '',
      to: '',
      metricsFound: [],
      metricsNotFound: [],
      metrics: [
        { name: 'Controller/a/x', timeslices: [{ from: '', to: '', values: { call_count: 10, calls_per_minute: 1 } }] },
        { name: 'Apdex/a/x', timeslices: values.map((v) => ({ from: '', to: '', values: v })) },
      ],
    });
    const [scoreOnly] = transactionStatsFrom('ruby', ['Controller/a/x'], data({ score: 0.9, count: 10 }));
    assert.equal(scoreOnly.apdex, 0.9);
    assert.equal(scoreOnly.apdexCounts, undefined);
    const [twoSlices] = transactionStatsFrom(
      'ruby',
      ['Controller/a/x'],
      data({ s: 4, t: 1, f: 0, count: 5, score: 0.9 }, { s: 2, t: 2, f: 1, count: 5, score: 0.6 }),
    );
    assert.deepEqual(twoSlices.apdexCounts, { satisfied: 6, tolerating: 3, frustrated: 1, count: 10 });
    assert.equal(twoSlices.apdex, 0.75);
  });

  it('REST requests are split by URL length, never mid-name', () => {
    const names = Array.from({ length: 400 }, (_, i) => `WebTransaction/Function/app.views:View${i}.get`);
    const chunks = REST_TRANSACTION_PLAN.split(names);
    assert.ok(chunks.length > 1);
    assert.deepEqual(chunks.flat(), names);
    for (const c of chunks) {
      assert.ok(
        new URLSearchParams(c.map((n): [string, string] => ['names[]', n])).toString().length <=
          REST_MAX_NAMES_QUERY_CHARS,
      );
    }
  });
});

const NOW = new Date('2026-11-20T12:00:30Z');
const KEY = 'NRAK-TXNSTATSKEY0000000000001';

describe('Transactions: both backends against the simulator', function () {
  this.timeout(20_000);
  const both = simulatorWithBothBackends(KEY, NOW);
  let sim: Simulator;
  let rest: HttpTimesliceApi;
  let ng: NerdGraphTimesliceApi;
  before(() => ({ sim, rest, ng } = both));

  const range = { from: NOW.getTime() - 30 * 60_000, to: NOW.getTime() };
  const apps = () => sim.datasets.us.apps.filter((a) => a.reporting).slice(0, 4);

  it("REST: every transaction of the application, its numbers the simulator's summarized values", async () => {
    for (const app of apps()) {
      const rows = await rest.getTransactionStats({ applicationId: app.id, language: app.language, ...range });
      const expected = simTransactionNames(app).sort();
      assert.deepEqual(rows.map((r) => r.name).sort(), expected, app.name);
      const data = await rest.getMetricData(
        { kind: 'application', applicationId: app.id },
        {
          names: rows.flatMap((r) => [r.name, `Errors/${r.name}`]),
          from: new Date(range.from),
          to: new Date(range.to),
          summarize: true,
        },
      );
      const apdexData = await rest.getMetricData(
        { kind: 'application', applicationId: app.id },
        {
          names: rows.flatMap((r) => companionNames(app.language, r.name).apdex ?? []),
          from: new Date(range.from),
          to: new Date(range.to),
          summarize: true,
        },
      );
      for (const r of rows) {
        const v = data.metrics.find((m) => m.name === r.name)!.timeslices[0].values;
        assert.equal(r.callCount, v.call_count, r.name);
        assert.equal(r.averageMs, v.average_response_time, r.name);
        assert.equal(r.callsPerMinute, v.calls_per_minute, r.name);
        const web = !r.name.startsWith('OtherTransaction/');
        assert.equal(r.kind, web ? 'web' : 'background', r.name);
        // Errors/<txn> over calls; with no errors metric in the range, the agent recorded no error: 0.
        const errors = data.metrics.find((m) => m.name === `Errors/${r.name}`)?.timeslices[0].values.error_count ?? 0;
        near(r.errorRate, r.callCount > 0 ? errors / r.callCount : 0, 1e-12, r.name);
        // Web transactions have their own Apdex; background ones none (docs/service.md#agent-naming).
        assert.equal(r.apdex === undefined, !web, r.name);
        assert.equal(r.apdexCounts === undefined, !web, r.name);
        if (r.apdexCounts) {
          const apdexName = companionNames(app.language, r.name).apdex;
          const a = apdexData.metrics.find((m) => m.name === apdexName)!.timeslices[0].values;
          const { satisfied: s, tolerating: t, frustrated: f, count } = r.apdexCounts;
          assert.deepEqual([s, t, f, count], [a.s, a.t, a.f, a.count], r.name);
          // Every call of a web transaction is an Apdex sample, and the score is the counts' (REST rounds it).
          assert.equal(s + t + f, count, r.name);
          assert.equal(count, r.callCount, r.name);
          near(r.apdex!, (s + t / 2) / count, 0.005, r.name);
        }
      }
      for (const kind of ['web', 'background'] as const) {
        const ofKind = rows.filter((r) => r.kind === kind);
        const share = ofKind.reduce((a, r) => a + r.timeShare, 0);
        // Of the application's total (HttpDispatcher, OtherTransaction/all): 1 within the rounding of averages.
        assert.ok(
          ofKind.length === 0 || Math.abs(share - 1) < 1e-5,
          `${app.name}: ${kind} shares add up to 1 (${share})`,
        );
      }
      // Web first, then background; each by time consumed.
      for (let i = 1; i < rows.length; i++) {
        const [a, b] = [rows[i - 1], rows[i]];
        assert.ok(a.kind === 'web' || b.kind === 'background', 'web first');
        assert.ok(a.kind !== b.kind || a.callCount * a.averageMs >= b.callCount * b.averageMs, 'by time consumed');
      }
    }
  });

  it('REST and NerdGraph agree within rounding', async () => {
    for (const app of apps()) {
      const q = { applicationId: app.id, language: app.language, ...range };
      const [a, b] = await Promise.all([rest.getTransactionStats(q), ng.getTransactionStats(q)]);
      assert.deepEqual(b.map((r) => r.name).sort(), a.map((r) => r.name).sort(), app.name);
      for (const r of a) {
        const n = b.find((x) => x.name === r.name)!;
        assert.equal(n.callCount, r.callCount, r.name);
        near(n.averageMs, r.averageMs, 0.01, r.name);
        near(n.callsPerMinute, r.callsPerMinute, 0.01, r.name);
        near(n.errorRate, r.errorRate, 1e-3, r.name);
        assert.equal(n.apdex === undefined, r.apdex === undefined, r.name);
        near(n.apdex ?? 0, r.apdex ?? 0, 0.01, r.name);
        // The counts are whole samples: the same on both backends, not merely near.
        assert.deepEqual(n.apdexCounts, r.apdexCounts, r.name);
        near(n.timeShare, r.timeShare, 1e-3, r.name);
      }
    }
  });

  it("NerdGraph's counts are what NRQL's apdex() answers for the transaction's Apdex metric", async () => {
    const app = apps()[0];
    const rows = await ng.getTransactionStats({ applicationId: app.id, language: app.language, ...range });
    const web = rows.filter((r) => r.apdexCounts).slice(0, 3);
    const minute = (ms: number) => Math.floor(ms / 60_000) * 60_000;
    assert.ok(web.length > 0);
    for (const r of web) {
      const name = companionNames(app.language, r.name).apdex!;
      const { results } = await ng.runNrql(
        SIMULATED_ACCOUNTS.us.id,
        `SELECT apdex(newrelic.timeslice.value) AS a FROM Metric WHERE appId = ${app.id} AND metricTimesliceName = '${name}' SINCE ${minute(range.from)} UNTIL ${minute(range.to)}`,
      );
      const { satisfied: s, tolerating: t, frustrated: f, count } = r.apdexCounts!;
      assert.deepEqual(results[0].a, { score: (s + t / 2) / count, s, t, f, count }, r.name);
    }
  });

  it('requests per refresh: NerdGraph one NRQL for all transactions; REST one metric-data request (names cached)', async () => {
    const app = apps()[0];
    const q = { applicationId: app.id, language: app.language, ...range };
    for (const api of [rest, ng]) {
      const metricNames = new MetricNamesCache(api);
      await api.getTransactionStats(q, { metricNames }); // warms the names listing
      sim.clearRequests();
      const rows = await api.getTransactionStats(q, { metricNames });
      assert.ok(rows.length > 0);
      const endpoints = sim.requests.map((r) => r.endpoint);
      assert.deepEqual(endpoints, [api === ng ? 'graphql.nrql' : 'metricData'], api.constructor.name);
    }
    // Cold: REST lists each of the agent's prefixes once; NerdGraph asks uniques() once.
    sim.clearRequests();
    await rest.getTransactionStats(q, { metricNames: new MetricNamesCache(rest) });
    const listed = sim.requests.filter((r) => r.endpoint === 'metricNames').length;
    assert.equal(listed, app.language === 'ruby' ? 3 : 2);
    sim.clearRequests();
    await ng.getTransactionStats(q, { metricNames: new MetricNamesCache(ng) });
    assert.equal(sim.requests.length, 2);
  });

  it('only the names asked for: no listing, one request', async () => {
    const app = apps()[1];
    const two = app.profile.transactions.slice(0, 2).map((t) => t.name);
    for (const api of [rest, ng]) {
      sim.clearRequests();
      const rows = await api.getTransactionStats({
        applicationId: app.id,
        language: app.language,
        names: two,
        ...range,
      });
      assert.deepEqual(rows.map((r) => r.name).sort(), [...two].sort());
      assert.equal(sim.requests.length, 1, api.constructor.name);
    }
  });
});

describe("Transactions: the lenses' numbers are the tree's", function () {
  this.timeout(30_000);
  const both = simulatorWithBothBackends(KEY, NOW);

  it('the same window for the same range, whatever second of the minute each asks at', () => {
    const minute = Math.floor(NOW.getTime() / 60_000) * 60_000;
    const windows = [1, 29_999, 59_999].map((ms) => transactionWindow(minute + ms, 30));
    assert.deepEqual(windows, Array(3).fill({ from: minute - 30 * 60_000, to: minute }));
  });

  it("a file's few transactions have the tree's numbers, their share of the application's time included", async () => {
    const app = both.sim.datasets.us.apps.find((a) => a.reporting)!;
    const window = transactionWindow(NOW.getTime(), 30);
    for (const api of [both.rest, both.ng]) {
      const all = await api.getTransactionStats({ applicationId: app.id, language: app.language, ...window });
      // One open file: one web transaction and one background job.
      const open = [all.find((r) => r.kind === 'web')!.name, all.find((r) => r.kind === 'background')!.name];
      const few = await api.getTransactionStats({
        applicationId: app.id,
        language: app.language,
        names: open,
        ...window,
      });
      assert.deepEqual(
        few,
        all.filter((r) => open.includes(r.name)),
        api.constructor.name,
      );
      assert.ok(few.every((r) => r.timeShare < 1));
    }
  });
});

function near(a: number, b: number, tolerance: number, what: string): void {
  assert.ok(Math.abs(a - b) <= tolerance * Math.max(1, Math.abs(b)), `${what}: ${a} vs ${b}`);
}
