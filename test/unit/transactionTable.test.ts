/**
 * The transactions table's rows and export: what a row may ask of the host (Open, Go to
 * Code) is checked for its shape and against the rows the host sent, and the export writes every
 * column of the table the panel shows, as CSV and JSON.
 */
import assert from 'node:assert/strict';

import { DeploymentCache } from '../../src/api/deploymentCache';
import { MetricNamesCache } from '../../src/api/metricNamesCache';
import { HttpTimesliceApi } from '../../src/api/rest/client';
import { MemoryLogger } from '../../src/log';
import { panelCsv, panelJson, tableToCsv } from '../../src/panels/exportFormats';
import { loadPanelData } from '../../src/panels/panelData';
import type { PanelData } from '../../src/panels/panelLoad';
import type { PanelState, SummaryTable } from '../../src/panels/protocol';
import { isFromWebview } from '../../src/panels/protocol';
import { transactionRowRequest } from '../../src/panels/transactionEntity';
import { deploymentsBetween } from '../../src/simulator/deployments';
import { Simulator } from '../../src/simulator/server';

const TABLE: SummaryTable = {
  caption: 'Transactions over the whole range',
  rowHeader: 'Transaction',
  columns: ['Time consumed (s)', 'Average (ms)', 'Throughput (rpm)', 'Error rate (%)', 'Apdex'],
  rows: [
    { metric: 'Controller/orders/show', values: [120.5, 84, 1200, 0.4, 0.93] },
    { metric: 'OtherTransaction/Rake/nightly', values: [30, 1500, 2, null, null] },
  ],
};
/** One CSV line's cells (quoted cells unquoted), enough for what tableToCsv writes (no line breaks in a cell). */
function csvCells(line: string): string[] {
  return [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map(([, cell]) =>
    cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell,
  );
}

const TABLE_ENTITY = { kind: 'transactions', applicationId: 42, title: 'storefront-web', language: 'ruby' } as const;

describe('Transactions table: row actions from the webview', () => {
  it('the host takes Open and Go to Code only as { type, name } with a name of transaction length', () => {
    for (const type of ['openTransaction', 'goToCode']) {
      assert.ok(isFromWebview({ type, name: 'Controller/orders/show' }), type);
      for (const bad of [
        { type },
        { type, name: '' },
        { type, name: 42 },
        { type, name: ['Controller/orders/show'] },
        { type, name: 'x'.repeat(1001) },
      ]) {
        assert.ok(!isFromWebview(bad), JSON.stringify(bad).slice(0, 80));
      }
    }
    // No application, path or command rides along: the host knows those itself.
    assert.ok(!isFromWebview({ type: 'runCommand', name: 'Controller/orders/show' }));
  });

  it("a row action stands for its transaction of the panel's own application, language included", () => {
    assert.deepEqual(transactionRowRequest(TABLE_ENTITY, TABLE, 'Controller/orders/show'), {
      applicationId: 42,
      name: 'Controller/orders/show',
      language: 'ruby',
    });
    const { language: _language, ...withoutLanguage } = TABLE_ENTITY;
    assert.deepEqual(transactionRowRequest(withoutLanguage, TABLE, 'OtherTransaction/Rake/nightly'), {
      applicationId: 42,
      name: 'OtherTransaction/Rake/nightly',
    });
  });

  it('a name the host did not send, another panel kind or no table yet is refused', () => {
    // A well-formed name that is no row of this table (another application's, or a path-looking one).
    assert.equal(transactionRowRequest(TABLE_ENTITY, TABLE, 'Controller/admin/users/destroy'), undefined);
    assert.equal(transactionRowRequest(TABLE_ENTITY, TABLE, '../../etc/passwd'), undefined);
    assert.equal(transactionRowRequest(TABLE_ENTITY, TABLE, 'controller/orders/show'), undefined);
    // Before the first data, or after another session's was dropped: nothing was sent.
    assert.equal(transactionRowRequest(TABLE_ENTITY, undefined, 'Controller/orders/show'), undefined);
    // Only the transactions table has row actions, even when another panel's table has the name as a row.
    for (const kind of ['application', 'breakdown', 'explorer', 'transaction']) {
      assert.equal(transactionRowRequest({ ...TABLE_ENTITY, kind }, TABLE, 'Controller/orders/show'), undefined, kind);
    }
  });
});

describe('Transactions table: export', () => {
  it('CSV: the row header and every column, one line per row, an empty cell where there is no value', () => {
    assert.equal(
      tableToCsv(TABLE),
      [
        'Transaction,Time consumed (s),Average (ms),Throughput (rpm),Error rate (%),Apdex',
        'Controller/orders/show,120.5,84,1200,0.4,0.93',
        'OtherTransaction/Rake/nightly,30,1500,2,,',
        '',
      ].join('\n'),
    );
  });

  it('CSV: a name is a cell, never a formula or a second column', () => {
    const csv = tableToCsv({
      ...TABLE,
      rows: [
        { metric: '=HYPERLINK("http://x")', values: [1, 2, 3, 4, 5] },
        { metric: 'WebTransaction/Go/GET /a,b', values: [1, 2, 3, 4, 5] },
      ],
    });
    const lines = csv.split('\n');
    assert.equal(lines[1], `"'=HYPERLINK(""http://x"")",1,2,3,4,5`);
    assert.equal(lines[2], '"WebTransaction/Go/GET /a,b",1,2,3,4,5');
  });

  describe('of the table the panel loads (simulator, REST)', function () {
    this.timeout(20_000);
    const KEY = 'NRAK-TABLEEXPORT0000000000000';
    const NOW = new Date('2026-03-02T12:00:30Z');
    let sim: Simulator;
    let api: HttpTimesliceApi;
    let data: PanelData;
    let state: PanelState;

    before(async () => {
      sim = await Simulator.start({ usKey: KEY, now: () => NOW });
      api = new HttpTimesliceApi({
        baseUrl: sim.baseUrls.us,
        getApiKey: () => Promise.resolve(KEY),
        ca: sim.certPem,
        log: new MemoryLogger(),
        timeoutMs: 15_000,
        backoffBaseMs: 10,
      });
      const app = sim.datasets.us.apps.find((a) => a.reporting)!;
      state = {
        entity: { kind: 'transactions', applicationId: app.id, language: app.language, title: app.name },
        range: { preset: '30m', compare: 'none' },
        view: 'chart',
      };
      data = await loadPanelData({ api, metricNames: new MetricNamesCache(api), now: NOW }, state);
    });
    after(async () => {
      await api.dispose();
      await sim.stop();
    });

    it('CSV: the table alone (it has no charts), every row with all five numbers as loaded, names as written', () => {
      const table = data.table!;
      assert.equal(data.charts.length, 0);
      const lines = panelCsv(data).trimEnd().split('\n');
      assert.equal(lines[0], 'Transaction,Time consumed (s),Average (ms),Throughput (rpm),Error rate (%),Apdex');
      assert.equal(lines.length, table.rows.length + 1);
      for (const [i, row] of table.rows.entries()) {
        const cells = csvCells(lines[i + 1]);
        assert.equal(cells.length, 6, lines[i + 1]);
        assert.equal(cells[0], row.metric);
        assert.deepEqual(
          cells.slice(1).map((c) => (c === '' ? null : Number(c))),
          row.values,
        );
      }
    });

    it('JSON: the entity and range, and the table with its columns and each row by name', () => {
      const json = JSON.parse(panelJson(data, state.entity)) as {
        entity: unknown;
        from: string;
        charts: unknown[];
        table: { rowHeader: string; columns: string[]; rows: Array<{ name: string; values: Array<number | null> }> };
      };
      assert.deepEqual(json.entity, state.entity);
      assert.equal(json.from, data.range.requested.from.toISOString());
      assert.deepEqual(json.charts, []);
      assert.equal(json.table.rowHeader, 'Transaction');
      assert.deepEqual(json.table.columns, data.table!.columns);
      assert.deepEqual(
        json.table.rows,
        data.table!.rows.map((r) => ({ name: r.metric, values: r.values })),
      );
    });
  });
});

describe('Transactions table: a deployment in the range', function () {
  this.timeout(20_000);
  const KEY = 'NRAK-TABLEDEPLOY0000000000000';
  let now = new Date('2026-03-02T12:00:30Z');
  let sim: Simulator;
  let api: HttpTimesliceApi;

  before(async () => {
    sim = await Simulator.start({ usKey: KEY, now: () => now });
    api = new HttpTimesliceApi({
      baseUrl: sim.baseUrls.us,
      getApiKey: () => Promise.resolve(KEY),
      ca: sim.certPem,
      log: new MemoryLogger(),
      timeoutMs: 15_000,
      backoffBaseMs: 10,
    });
  });
  after(async () => {
    await api.dispose();
    await sim.stop();
  });

  it('the page shows no Deployments table, so neither does its export: the table alone, one line per row', async () => {
    const app = sim.datasets.us.apps.find((a) => a.reporting)!;
    const day = deploymentsBetween(sim.datasets.us, app, now.getTime() - 86_400_000, now.getTime());
    // The simulator's clock 10 minutes after the application's last deployment: it is in the last 30 minutes.
    now = new Date(day[day.length - 1].at + 10 * 60_000);
    const deployments = new DeploymentCache({
      fetch: (id, range, signal) => api.listDeployments(id, range, { signal }),
      now: () => now.getTime(),
      maxAgeMs: () => 60_000,
    });
    const state: PanelState = {
      entity: { kind: 'transactions', applicationId: app.id, language: app.language, title: app.name },
      range: { preset: '30m', compare: 'none' },
      view: 'chart',
    };
    const data = await loadPanelData({ api, metricNames: new MetricNamesCache(api), now, deployments }, state);
    assert.equal(data.deployments, undefined);
    assert.equal(panelCsv(data).trimEnd().split('\n').length, data.table!.rows.length + 1);
    assert.equal(JSON.parse(panelJson(data, state.entity)).deployments, undefined);
    // A chart panel of the same application and range shows the deployment, and writes it.
    const dashboard = await loadPanelData(
      { api, metricNames: new MetricNamesCache(api), now, deployments },
      { ...state, entity: { kind: 'application', applicationId: app.id, title: app.name } },
    );
    assert.equal(dashboard.deployments?.length, 1);
  });
});

describe('Panel export: charts and a summary table together', () => {
  it('CSV: the points first, then the table after an empty line', () => {
    const csv = panelCsv({
      charts: [
        { id: 'c', title: 'Response time', unit: 'ms', series: [{ label: 'avg', color: '', points: [[0, 5]] }] },
      ],
      table: TABLE,
    });
    assert.equal(
      csv,
      [
        'time,chart,series,value,unit',
        '1970-01-01T00:00:00.000Z,Response time,avg,5,ms',
        '',
        'Transaction,Time consumed (s),Average (ms),Throughput (rpm),Error rate (%),Apdex',
        'Controller/orders/show,120.5,84,1200,0.4,0.93',
        'OtherTransaction/Rake/nightly,30,1500,2,,',
        '',
      ].join('\n'),
    );
  });
});
