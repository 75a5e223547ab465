import * as assert from 'node:assert/strict';

import * as vscode from 'vscode';

import type { RawRequestArgs } from '../../../src/commands/runApiRequest';
import type { MetricQuery } from '../../../src/commands/queryMetric';
import type { TimesliceTestApi } from '../../../src/testApi';
import { eventually, setSettings, startDemo, timeslice } from './helpers';

describe('palette commands against the demo simulator', function () {
  this.timeout(60_000);
  let ts: TimesliceTestApi;

  before(async () => {
    ts = await timeslice();
    await startDemo(ts);
  });

  after(async () => {
    await setSettings({ apiKeyHeader: undefined });
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('timeslice.stopDemo');
    // Leave no rebuild in flight for the next suite.
    await eventually(() => (ts.connections.current === undefined ? true : undefined), 'the demo connection to close');
  });

  /**
   * Runs the command with a filled-in request; returns the tab's document and the body the simulator
   * sent for that path (the tree may ask for the same path meanwhile: then the one equal to the tab's).
   */
  async function run(args: RawRequestArgs, path: string): Promise<{ doc: vscode.TextDocument; sent: string }> {
    const sim = ts.demo.simulator!;
    sim.clearRequests();
    const uri = await vscode.commands.executeCommand<string | undefined>('timeslice.runApiRequest', args);
    assert.ok(uri, 'the command returned no document');
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri);
    assert.ok(doc, 'the response document is open');
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), uri, 'the response tab is active');
    const sent = sim.requests.filter((r) => r.path === path && r.status === 200);
    assert.ok(sent.length > 0, `no request for ${path}`);
    return { doc, sent: sent.find((r) => r.body === doc.getText())?.body ?? sent[sent.length - 1].body! };
  }

  for (const format of ['json', 'xml'] as const) {
    it(`shows the applications list in ${format.toUpperCase()} byte for byte in a timeslice-raw tab in the ${format} mode`, async () => {
      const { doc, sent } = await run(
        { spec: { endpoint: 'applications.list' }, format },
        `/v2/applications.${format}`,
      );
      assert.equal(doc.getText(), sent);
      assert.equal(doc.languageId, format);
      assert.equal(doc.uri.scheme, 'timeslice-raw');
      assert.match(doc.uri.path, new RegExp(`GET \u2215v2\u2215applications\\.${format} \\(200\\)$`));
    });
  }

  it('shows metric data byte for byte with names[], values[], range and period as asked', async () => {
    const app = (await ts.connections.current!.api.listApplications()).find((a) => a.name === 'storefront-web')!;
    const to = new Date(Math.floor(Date.now() / 60_000) * 60_000);
    const from = new Date(to.getTime() - 3600_000);
    const iso = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, '+00:00');
    const { doc, sent } = await run(
      {
        spec: {
          endpoint: 'metricData',
          scope: { kind: 'application', applicationId: app.id },
          names: ['HttpDispatcher'],
          values: ['call_count', 'average_call_time'],
          from: iso(from),
          to: iso(to),
          period: 300,
        },
        format: 'json',
      },
      `/v2/applications/${app.id}/metrics/data.json`,
    );
    assert.equal(doc.getText(), sent);
    const request = ts.demo.simulator!.requests.find((r) => r.endpoint === 'metricData')!;
    assert.deepEqual(request.query.getAll('names[]'), ['HttpDispatcher']);
    assert.deepEqual(request.query.getAll('values[]'), ['call_count', 'average_call_time']);
    assert.equal(request.query.get('period'), '300');
    const body = JSON.parse(doc.getText()) as {
      metric_data: { metrics: Array<{ name: string; timeslices: unknown[] }> };
    };
    assert.equal(body.metric_data.metrics[0].name, 'HttpDispatcher');
    assert.ok(body.metric_data.metrics[0].timeslices.length >= 12);
  });

  it('toggles a JSON response between the body as sent and an indented view', async () => {
    const { doc, sent } = await run(
      { spec: { endpoint: 'applications.list' }, format: 'json' },
      '/v2/applications.json',
    );
    await vscode.commands.executeCommand('timeslice.togglePrettyPrint');
    await eventually(() => (doc.getText() !== sent ? true : undefined), 'the indented view');
    assert.equal(doc.getText(), `${JSON.stringify(JSON.parse(sent), null, 2)}\n`);
    await vscode.commands.executeCommand('timeslice.togglePrettyPrint', doc.uri);
    await eventually(() => (doc.getText() === sent ? true : undefined), 'the body as sent again');
  });

  it('copies a curl command with the header name and the request URL, never the key', async () => {
    const key = ts.demo.endpoint!.key;
    const { doc } = await run(
      { spec: { endpoint: 'applications.list', filter: { name: 'store' } }, format: 'json' },
      '/v2/applications.json',
    );
    const line = await vscode.commands.executeCommand<string>('timeslice.copyAsCurl');
    assert.ok(line);
    assert.ok(!line.includes(key), 'the key is in the curl command');
    assert.match(line, /^curl -sS -H "Api-Key: \$NEW_RELIC_API_KEY" '/);
    assert.ok(
      line.includes(`${ts.demo.endpoint!.baseUrl.replace(/\/$/, '')}/v2/applications.json?filter%5Bname%5D=store`),
      line,
    );
    await setSettings({ apiKeyHeader: 'X-Api-Key' });
    const other = await vscode.commands.executeCommand<string>('timeslice.copyAsCurl', doc.uri);
    assert.match(other, /-H "X-Api-Key: \$NEW_RELIC_API_KEY"/);
    await setSettings({ apiKeyHeader: undefined });
    await eventually(
      () => (ts.connections.current?.demo ? true : undefined),
      'the demo connection after the header change',
    );
    assert.ok(!ts.recentLogLines().some((l) => l.includes(key)), 'the key is in the log');
  });

  it('refuses a bad request with a message and sends nothing', async () => {
    const sim = ts.demo.simulator!;
    sim.clearRequests();
    const uri = await vscode.commands.executeCommand('timeslice.runApiRequest', {
      spec: { endpoint: 'applications.show', applicationId: -1 },
      format: 'json',
    });
    assert.equal(uri, undefined);
    assert.equal(sim.requests.length, 0);
  });

  it('Query Metric opens the explorer for a host with the metric, values and range chosen', async () => {
    const sim = ts.demo.simulator!;
    const conn = ts.connections.current!;
    const app = (await conn.api.listApplications()).find((a) => a.name === 'storefront-web')!;
    const host = (await conn.api.listHosts(app.id))[0];
    sim.clearRequests();
    const query: MetricQuery = {
      scope: { kind: 'host', applicationId: app.id, hostId: host.id },
      title: host.host,
      metric: 'HttpDispatcher',
      values: ['call_count'],
      preset: '3h',
    };
    await vscode.commands.executeCommand('timeslice.queryMetric', query);
    const panel = [...ts.panels.open.values()].find(
      (p) => p.state.entity.kind === 'explorer' && p.state.entity.hostId === host.id,
    );
    assert.ok(panel, 'no explorer panel for the host');
    assert.deepEqual(panel.state.explorer, { metrics: ['HttpDispatcher'], values: ['call_count'] });
    assert.equal(panel.state.range.preset, '3h');
    const data = await eventually(
      () => sim.requests.find((r) => r.endpoint === 'metricData' && !r.query.has('summarize')),
      "the explorer's data request",
      30_000,
    );
    assert.equal(data.path, `/v2/applications/${app.id}/hosts/${host.id}/metrics/data.json`);
    assert.deepEqual(data.query.getAll('names[]'), ['HttpDispatcher']);
    assert.deepEqual(data.query.getAll('values[]'), ['call_count']);
    assert.equal(Date.parse(data.query.get('to')!) - Date.parse(data.query.get('from')!), 3 * 3600_000);

    // The same scope again with another metric updates the open panel instead of opening a second one.
    const before = ts.panels.open.size;
    await vscode.commands.executeCommand('timeslice.queryMetric', {
      ...query,
      metric: 'Errors/all',
      values: ['error_count'],
      preset: '1h',
    });
    assert.equal(ts.panels.open.size, before);
    assert.deepEqual(panel.state.explorer, { metrics: ['Errors/all'], values: ['error_count'] });
    assert.equal(panel.state.range.preset, '1h');
  });
});
