/**
 * The simulator's transactions against docs/service.md#agent-naming (names per agent) and
 * #transaction-numbers (numbers per transaction): each agent's own form and companions, web transactions that add up to
 * HttpDispatcher, and the NRQL the docs give for transactions.
 */
import * as assert from 'node:assert/strict';

import { codeTargetOf } from '../../src/code/transactionNames';
import type { WebOperation } from '../../src/simulator/agentNaming';
import { isWebTransaction, webTransactionNames } from '../../src/simulator/agentNaming';
import { Dataset } from '../../src/simulator/dataset';
import { OPERATIONS } from '../../src/simulator/datasetSeeds';
import { metricCatalog } from '../../src/simulator/metricCatalog';
import { metricDataBody, metricNameRecords } from '../../src/simulator/metricData';
import type { SimScope } from '../../src/simulator/minutes';
import { minuteOf } from '../../src/simulator/minutes';
import { runNrql } from '../../src/simulator/nerdgraph/nrqlEngine';
import { sliceValues } from '../../src/simulator/series';

const NOW = new Date('2026-11-20T12:00:30Z');
const LANGUAGES = ['ruby', 'python', 'nodejs', 'java', 'php', 'dotnet', 'go'];

const op = (resource: string, action: string, verb: string, route: string): WebOperation => ({
  resource,
  action,
  verb,
  route,
});

describe('transaction names per agent (docs/service.md#agent-naming)', () => {
  const cases: Array<[string, string, WebOperation, Partial<ReturnType<typeof webTransactionNames>>]> = [
    [
      'Ruby: "`Controller/<controller_path>/<action>` (**not** `WebTransaction/Controller/…`); also `WebTransactionTotalTime/Controller/…`; Apdex `Apdex/<controller_path>/<action>` (the `Controller` prefix is swapped for `Apdex`); errors `Errors/Controller/…`", example `Controller/admin/users/show`',
      'ruby',
      op('admin/users', 'show', 'GET', '/admin/users/:id'),
      {
        transaction: 'Controller/admin/users/show',
        apdex: 'Apdex/admin/users/show',
        errors: 'Errors/Controller/admin/users/show',
        totalTime: 'WebTransactionTotalTime/Controller/admin/users/show',
      },
    ],
    [
      'Python: "`WebTransaction/Function/<module>:<qualname>`; segment `Function/<module>:<qualname>`; errors `Errors/WebTransaction/Function/…`"',
      'python',
      op('shop', 'index', 'GET', '/shop'),
      {
        transaction: 'WebTransaction/Function/shop.views:index',
        segment: 'Function/shop.views:index',
        errors: 'Errors/WebTransaction/Function/shop.views:index',
        apdex: 'Apdex/Function/shop.views:index',
      },
    ],
    [
      'Node / Express: "`WebTransaction/Expressjs/<VERB>/<route pattern>` (note the double slash after the verb)", example `WebTransaction/Expressjs/GET//api/items/:id`',
      'nodejs',
      op('items', 'show', 'GET', '/api/items/:id'),
      {
        transaction: 'WebTransaction/Expressjs/GET//api/items/:id',
        errors: 'Errors/WebTransaction/Expressjs/GET//api/items/:id',
      },
    ],
    [
      'Java / Spring: "`WebTransaction/SpringController/<root path><method path> (<VERB>)`", example `WebTransaction/SpringController/orders/{id} (GET)`, segment `Java/<fqcn>/<method>`',
      'java',
      op('orders', 'show', 'GET', '/orders/:id'),
      {
        transaction: 'WebTransaction/SpringController/orders/{id} (GET)',
        segment: 'Java/com.example.shop.web.OrderController/get',
        apdex: 'Apdex/SpringController/orders/{id} (GET)',
      },
    ],
    [
      'PHP / Laravel: "`WebTransaction/Action/<name>`: Laravel … `App\\Http\\Controllers\\UserController@show`", example `WebTransaction/Action/App\\Http\\Controllers\\InvoiceController@show`',
      'php',
      op('invoices', 'show', 'GET', '/invoices/:id'),
      { transaction: 'WebTransaction/Action/App\\Http\\Controllers\\InvoiceController@show' },
    ],
    [
      '.NET: "`WebTransaction/MVC/<Controller>/<Action>[/{params}]`; segment `DotNet/<Controller>Controller/<Action>`", example `WebTransaction/MVC/Orders/Details`',
      'dotnet',
      op('orders', 'show', 'GET', '/orders/:id'),
      { transaction: 'WebTransaction/MVC/Orders/Details/{id}', segment: 'DotNet/OrdersController/Details' },
    ],
    [
      'Go: "`WebTransaction/Go/<name>`; `WrapHandle` names `"<METHOD> <pattern>"`", example `WebTransaction/Go/GET /users`',
      'go',
      op('users', 'index', 'GET', '/users'),
      { transaction: 'WebTransaction/Go/GET /users', totalTime: 'WebTransactionTotalTime/Go/GET /users' },
    ],
  ];
  for (const [quote, language, operation, expected] of cases) {
    it(quote, () => {
      const names = webTransactionNames(language, operation, 'shop-service');
      for (const [key, value] of Object.entries(expected)) {
        assert.equal(names[key as keyof typeof names], value, key);
      }
      assert.equal(names.errors, `Errors/${names.transaction}`, '"on an error `Errors/<full transaction name>`"');
    });
  }

  it("every name the simulator gives maps to code by the client's rules (src/code/transactionNames.ts)", () => {
    for (const language of LANGUAGES) {
      for (const operation of OPERATIONS) {
        const names = webTransactionNames(language, operation, 'inventory-service');
        assert.ok(codeTargetOf(language, names.transaction), `${language}: ${names.transaction}`);
        if (language === 'java' || language === 'dotnet') {
          assert.ok(codeTargetOf(language, names.segment!), `${language}: ${names.segment}`);
        }
        assert.ok(isWebTransaction(names.transaction));
      }
    }
  });
});

describe('the data set: transactions and their companions (docs/service.md#agent-naming)', () => {
  for (const names of ['test', 'demo'] as const) {
    const dataset = new Dataset({ seed: 42, apps: 40, names });
    const reporting = dataset.apps.filter((a) => a.reporting);

    it(`${names}: no transaction in a form no agent records (WebTransaction/Controller/…, WebTransaction/Uri/… for Java and Go)`, () => {
      for (const app of dataset.apps) {
        for (const def of metricCatalog(app)) {
          assert.ok(!/^(?:WebTransaction|Errors\/WebTransaction|Apdex)\/(?:Controller|Uri)\//.test(def.name), def.name);
        }
      }
    });

    it(`${names}: each web transaction has its Errors/<txn>, its Apdex, WebTransactionTotalTime where the app reports it, and Java's and .NET's segments; background OtherTransaction/… ones too`, () => {
      for (const app of reporting) {
        const catalog = new Set(metricCatalog(app).map((d) => d.name));
        for (const t of app.profile.transactions) {
          assert.ok(catalog.has(t.name) && catalog.has(t.names.errors) && catalog.has(t.names.apdex), t.name);
          assert.equal(catalog.has(t.names.totalTime), app.profile.hasTotalTime, t.names.totalTime);
          if (app.language === 'java') {
            assert.match(t.names.segment ?? '', /^Java\/[\w.]+\.\w+Controller\/\w+$/);
          }
          if (app.language === 'dotnet') {
            assert.match(t.names.segment ?? '', /^DotNet\/\w+Controller\/\w+$/);
          }
          if (t.names.segment) {
            assert.ok(catalog.has(t.names.segment), t.names.segment);
          }
        }
        if (app.language === 'ruby') {
          assert.ok(app.profile.transactions.every((t) => t.name.startsWith('Controller/')));
          assert.ok(app.profile.transactions.every((t) => t.names.apdex === t.name.replace(/^Controller\//, 'Apdex/')));
        }
        assert.ok(app.profile.background.length > 0);
        assert.ok(app.profile.background.every((b) => b.name.startsWith('OtherTransaction/') && catalog.has(b.name)));
      }
    });

    it(`${names}: one or two slow or error-prone transactions per application`, () => {
      for (const app of reporting) {
        const txns = app.profile.transactions;
        const [slowest, next] = txns.map((t) => t.speed).sort((a, b) => b - a);
        const [errorProne, others] = txns.map((t) => t.errorProneness).sort((a, b) => b - a);
        assert.ok(slowest >= 2 * next - 1e-9 && slowest > 1, `${app.name}: slowest ${slowest}, next ${next}`);
        assert.ok(errorProne >= 3 * others && errorProne > 1, `${app.name}: most error-prone ${errorProne}`);
      }
    });
  }

  it("test: index 0 keeps an HTML-special and a Unicode transaction, in the Ruby agent's form", () => {
    const app = new Dataset({ seed: 42, apps: 1 }).apps[0];
    const names = app.profile.transactions.map((t) => t.name);
    assert.ok(names.includes('Controller/<img src=x onerror=alert(1)> & "q"'));
    assert.ok(names.includes('Controller/Bestellung/Übersicht ✓'));
    const demo = new Dataset({ seed: 42, apps: 1, names: 'demo' }).apps[0].profile.transactions.map((t) => t.name);
    assert.ok(demo.includes('Controller/partners/callback') && demo.includes('Controller/orders/summary'));
  });

  it('per minute and scope, web transactions add up to HttpDispatcher: calls summed, time as the count-weighted mean; errors to Errors/allWeb; background jobs to OtherTransaction/all, errors to Errors/allOther', () => {
    const dataset = new Dataset({ seed: 7, apps: 40 });
    const start = Math.floor(NOW.getTime() / 60_000) - 90;
    for (const app of dataset.apps.filter((a) => a.reporting)) {
      const host = dataset.hosts.get(app.hostIds[0])!;
      const scopes: SimScope[] = [
        { kind: 'application', app },
        { kind: 'host', app, host },
      ];
      const catalog = metricCatalog(app);
      const def = (name: string) => catalog.find((d) => d.name === name)!;
      for (const scope of scopes) {
        for (let minute = start; minute < start + 90; minute += 7) {
          const m = minuteOf(dataset.seed, scope, minute);
          const dispatcher = def('HttpDispatcher').timed!(m);
          const parts = app.profile.transactions.map((t) => def(t.name).timed!(m));
          const calls = parts.reduce((a, p) => a + p.calls, 0);
          const totalMs = parts.reduce((a, p) => a + p.totalMs, 0);
          assert.equal(calls, dispatcher.calls, `${app.name} ${scope.kind} calls`);
          assert.ok(Math.abs(totalMs - dispatcher.totalMs) <= 1e-6 * Math.max(1, dispatcher.totalMs), 'time');
          const errors = app.profile.transactions.reduce((a, t) => a + def(t.names.errors).errors!(m), 0);
          assert.ok(errors <= m.errors && errors >= m.errors - 2, `${app.name} errors ${errors} of ${m.errors}`);
          // Background jobs' errors add up to Errors/allOther, and Errors/all is web and background.
          const jobErrors = app.profile.background.reduce((a, b) => a + def(`Errors/${b.name}`).errors!(m), 0);
          assert.ok(jobErrors <= m.otherErrors && jobErrors >= m.otherErrors - 2, `${app.name} job errors`);
          assert.equal(def('Errors/allOther').errors!(m), m.otherErrors);
          assert.equal(def('Errors/all').errors!(m), m.errors + m.otherErrors);
          const other = def('OtherTransaction/all').timed!(m);
          const background = app.profile.background.map((b) => def(b.name).timed!(m));
          assert.equal(
            background.reduce((a, p) => a + p.calls, 0),
            other.calls,
          );
        }
      }
    }
  });
});

describe('numbers per transaction over REST and NRQL (docs/service.md#transaction-numbers)', () => {
  const dataset = new Dataset({ seed: 42, apps: 12, names: 'demo' });
  const ctx = { dataset, accountId: 1, now: NOW };
  const nowMinute = Math.floor(NOW.getTime() / 60_000);
  const quote = (n: string) => `'${n.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

  for (const app of dataset.apps.filter((a) => a.reporting)) {
    it(`${app.name} (${app.language}): "SELECT count(newrelic.timeslice.value) AS calls, average(newrelic.timeslice.value) * 1000 AS ms … FACET metricTimesliceName" equals REST's summarized call_count and average_response_time`, async () => {
      const txns = app.profile.transactions;
      const names = txns.map((t) => t.name);
      const r = await runNrql(
        ctx,
        `SELECT count(newrelic.timeslice.value) AS calls, average(newrelic.timeslice.value) * 1000 AS ms FROM Metric WHERE appId = ${app.id} AND metricTimesliceName IN (${names.map(quote).join(', ')}) FACET metricTimesliceName SINCE 30 minutes ago LIMIT MAX`,
      );
      const rows = new Map(r.results.map((row) => [row.metricTimesliceName as string, row]));
      assert.deepEqual([...rows.keys()].sort(), [...names].sort());
      const scope: SimScope = { kind: 'application', app };
      const rest = sliceValues(
        dataset.seed,
        scope,
        txns.map((t) => metricCatalog(app).find((d) => d.name === t.name)!),
        nowMinute - 30,
        nowMinute,
      );
      txns.forEach((t, i) => {
        const row = rows.get(t.name)!;
        assert.equal(row.calls, rest[i].call_count, `${t.name} calls`);
        assert.ok(Math.abs((row.ms as number) - rest[i].average_response_time) <= 0.01, `${t.name} ms`);
      });
      // The errors: `count(newrelic.timeslice.value)` over the `Errors/…` names.
      const errors = await runNrql(
        ctx,
        `SELECT count(newrelic.timeslice.value) FROM Metric WHERE appId = ${app.id} AND metricTimesliceName IN (${txns.map((t) => quote(t.names.errors)).join(', ')}) FACET metricTimesliceName SINCE 30 minutes ago LIMIT MAX`,
      );
      assert.equal(errors.results.length, txns.length);
    });
  }

  it('REST: "names `GET /v2/applications/{id}/metrics.json?name=Controller/` (or `WebTransaction/`, `OtherTransaction/`, `Errors/`); data `…/metrics/data.json?names[]=<txn>&names[]=Errors/<txn>&…&summarize=true`"', () => {
    for (const app of dataset.apps.filter((a) => a.reporting)) {
      const scope: SimScope = { kind: 'application', app };
      const prefix = app.language === 'ruby' ? 'Controller/' : 'WebTransaction/';
      const listed = new Set(metricNameRecords(scope, prefix).map((r) => r.name as string));
      assert.ok(
        app.profile.transactions.every((t) => listed.has(t.name)),
        app.name,
      );
      const background = new Set(metricNameRecords(scope, 'OtherTransaction/').map((r) => r.name as string));
      assert.ok(
        app.profile.background.every((b) => background.has(b.name)),
        app.name,
      );
      const params = new URLSearchParams([
        ...app.profile.transactions.flatMap((t): Array<[string, string]> => [
          ['names[]', t.name],
          ['names[]', t.names.errors],
        ]),
        ['summarize', 'true'],
      ]);
      const body = metricDataBody(dataset.seed, scope, params, NOW) as {
        metric_data: { metrics: Array<{ name: string; timeslices: Array<{ values: Record<string, number> }> }> };
      };
      const values = new Map(body.metric_data.metrics.map((m) => [m.name, m.timeslices[0].values]));
      for (const t of app.profile.transactions) {
        // "Error rate of a transaction = `Errors/<txn>:error_count / <txn>:call_count`".
        const calls = values.get(t.name)!.call_count;
        const errors = values.get(t.names.errors)!.error_count;
        assert.ok(calls > 0 && errors >= 0 && errors <= calls, `${t.name}: ${errors} / ${calls}`);
      }
    }
  });

  it('"SELECT uniques(metricTimesliceName) FROM Metric WHERE appId = <id> SINCE … LIMIT MAX" lists every transaction', async () => {
    for (const app of dataset.apps.filter((a) => a.reporting)) {
      const r = await runNrql(
        ctx,
        `SELECT uniques(metricTimesliceName) FROM Metric WHERE appId = ${app.id} SINCE 30 minutes ago LIMIT MAX`,
      );
      const seen = new Set(r.results[0]['uniques.metricTimesliceName'] as string[]);
      for (const t of app.profile.transactions) {
        assert.ok(seen.has(t.name) && seen.has(t.names.errors) && seen.has(t.names.apdex), t.name);
      }
      for (const b of app.profile.background) {
        assert.ok(seen.has(b.name), b.name);
      }
    }
  });
});
