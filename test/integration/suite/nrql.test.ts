import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';

import * as vscode from 'vscode';

import type { NrqlQueryArgs, NrqlQueryOutcome } from '../../../src/commands/runNrqlQuery';
import { exampleNrql } from '../../../src/api/nerdgraph/nrqlQuery';
import type { TimesliceTestApi } from '../../../src/testApi';
import { eventually, setSettings, startDemo, timeslice } from './helpers';
import { panelStatus } from './panelStatus';

/** The words a POSIX shell makes of a command line (its variables expanded from `env`). */
function shellWords(line: string, env: Record<string, string>): string[] {
  const out = execFileSync('/bin/sh', ['-c', `printf '%s\\n' ${line.replace(/^curl /, '')}`], {
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
  });
  return out.split('\n').slice(0, -1);
}

describe('Run NRQL Query against the demo simulator', function () {
  this.timeout(60_000);
  let ts: TimesliceTestApi;
  let appId: number;

  before(async () => {
    ts = await timeslice();
    await startDemo(ts);
    appId = (await ts.connections.current!.api.listApplications()).find((a) => a.name === 'storefront-web')!.id;
  });

  after(async () => {
    await setSettings({ 'demo.backend': 'auto' });
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('timeslice.stopDemo');
    await eventually(() => (ts.connections.current === undefined ? true : undefined), 'the demo connection to close');
  });

  const run = (args: NrqlQueryArgs) =>
    vscode.commands.executeCommand<NrqlQueryOutcome | undefined>('timeslice.runNrqlQuery', args);
  const nrqlPanels = () =>
    [...ts.panels.open.values()].filter((p) => p.state.entity.kind === 'explorer' && p.state.entity.nrql);

  it('on REST v2, posts the query to /graphql as a variable, opens its results in a JSON tab and its TIMESERIES in an explorer panel', async () => {
    assert.equal(ts.connections.current!.backend, 'restV2');
    const sim = ts.demo.simulator!;
    sim.clearRequests();
    const nrql = exampleNrql(appId);
    const outcome = await run({ nrql, applicationId: appId });
    assert.ok(outcome, 'the command opened nothing');
    assert.equal(outcome.charted, true);

    const sent = sim.requests.filter((r) => r.path === '/graphql' && r.endpoint === 'graphql.nrql');
    assert.equal(sent.length, 1, 'one NRQL request');
    const body = JSON.parse(sent[0].requestBody!) as { query: string; variables: { nrql: string; accountId: number } };
    assert.equal(body.variables.nrql, nrql);
    assert.ok(!body.query.includes('SELECT'), 'the NRQL is not spliced into the GraphQL text');

    const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === outcome.uri);
    assert.ok(doc, 'the results tab is open');
    assert.equal(doc.uri.scheme, 'timeslice-raw');
    assert.equal(doc.languageId, 'json');
    const rows = JSON.parse(doc.getText()) as Array<Record<string, unknown>>;
    assert.equal(rows.length, 30);
    assert.deepEqual(
      rows,
      (JSON.parse(sent[0].body!) as { data: { actor: { account: { nrql: { results: unknown[] } } } } }).data.actor
        .account.nrql.results,
    );
    assert.equal(
      vscode.window.activeTextEditor?.document.uri.toString(),
      outcome.uri,
      'the results tab keeps the focus',
    );

    const [panel] = nrqlPanels();
    assert.ok(panel, 'no explorer panel for the query');
    assert.deepEqual(panel.state.entity.kind === 'explorer' && panel.state.entity.nrql, {
      accountId: body.variables.accountId,
      query: nrql,
    });
    const charts = await eventually(() => panelStatus(panel).charts, "the panel's charts");
    assert.deepEqual(
      charts.map((c) => c.title),
      ['Response time (ms)', 'Throughput (rpm)'],
    );
    assert.deepEqual(
      charts.map((c) => c.points),
      [30, 30],
    );
    assert.equal(panelStatus(panel).error, undefined);
    // The panel was handed the answer: drawing it asked the service nothing more (no second query, no metric data).
    const after = sim.requests.map((r) => r.endpoint);
    assert.equal(after.filter((e) => e === 'graphql.nrql').length, 1, after.join(', '));
    assert.deepEqual(
      after.filter((e) => e === 'metricData' || e === 'metricNames'),
      [],
      after.join(', '),
    );
  });

  it('Copy as curl on the results tab copies the NerdGraph POST, with the key read from $NEW_RELIC_API_KEY', async () => {
    const key = ts.demo.endpoint!.key;
    const nrql = `SELECT count(newrelic.timeslice.value) AS calls FROM Metric WHERE appId = ${appId} AND metricTimesliceName = 'HttpDispatcher' SINCE 10 minutes ago`;
    const sim = ts.demo.simulator!;
    sim.clearRequests();
    const outcome = await run({ nrql, applicationId: appId });
    assert.ok(outcome);
    assert.equal(outcome.charted, false, 'no TIMESERIES, no chart');
    const line = await vscode.commands.executeCommand<string>('timeslice.copyAsCurl', vscode.Uri.parse(outcome.uri));
    assert.ok(line.includes('$NEW_RELIC_API_KEY'), line);
    assert.ok(!line.includes(key), 'the key is in the curl command');
    assert.match(
      line,
      /^curl -sS -X POST -H 'Content-Type: application\/json' -H "API-Key: \$NEW_RELIC_API_KEY" --data '/,
    );
    const words = shellWords(line, { NEW_RELIC_API_KEY: 'from-the-shell' });
    assert.equal(words.at(-1), `${ts.demo.endpoint!.baseUrl.replace(/\/$/, '')}/graphql`);
    assert.equal(
      words[words.indexOf('--data') + 1],
      sim.requests.find((r) => r.endpoint === 'graphql.nrql')!.requestBody,
      'curl posts the body the extension sent',
    );
    assert.ok(!ts.recentLogLines().some((l) => l.includes(key)), 'the key is in the log');
  });

  it("shows a NRQL syntax error as the service's message and keeps working", async () => {
    const before = ts.panels.open.size;
    const outcome = await run({ nrql: 'SELECT count(*) FORM Metric', applicationId: appId });
    assert.equal(outcome, undefined);
    await eventually(
      () =>
        ts.recentLogLines().some((l) => /refused the NRQL query \(INVALID_INPUT\).*NRQL Syntax Error/.test(l))
          ? true
          : undefined,
      'the refusal in the log',
    );
    assert.equal(ts.panels.open.size, before, 'no panel for a refused query');
    assert.ok(ts.connections.current?.demo, 'still connected');
    assert.ok(
      await run({
        nrql: `SELECT count(newrelic.timeslice.value) FROM Metric WHERE appId = ${appId} SINCE 5 minutes ago`,
        applicationId: appId,
      }),
      'the next query runs',
    );
  });

  it('on NerdGraph, charts a faceted TIMESERIES query with one line per facet', async () => {
    await setSettings({ 'demo.backend': 'nerdGraph' });
    await eventually(
      () => (ts.connections.current?.demo && ts.connections.current.backend === 'nerdGraph' ? true : undefined),
      'the demo on NerdGraph',
    );
    const nrql = `SELECT count(newrelic.timeslice.value) AS calls FROM Metric WHERE appId = ${appId} AND metricTimesliceName IN ('HttpDispatcher', 'Errors/all') FACET metricTimesliceName SINCE 20 minutes ago TIMESERIES 5 minutes`;
    const outcome = await run({ nrql, applicationId: appId });
    assert.ok(outcome?.charted);
    const panel = nrqlPanels().find((p) => p.state.entity.kind === 'explorer' && p.state.entity.nrql?.query === nrql);
    assert.ok(panel);
    const charts = await eventually(() => panelStatus(panel).charts, 'the faceted charts');
    assert.deepEqual(
      charts.map((c) => c.title),
      ['calls'],
    );
    assert.deepEqual([...charts[0].series].sort(), ['Errors/all', 'HttpDispatcher']);
    assert.equal(charts[0].points, 8);
  });
});
