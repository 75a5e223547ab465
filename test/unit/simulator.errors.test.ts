/**
 * The simulator's error events, error traces and stacks on the wire (docs/simulator.md, docs/errors.md):
 * the queries of src/errors/ answered over `TransactionError` and `ErrorTrace`, event counts that
 * match the `Errors/<txn>` metrics before sampling, the agents' sampling limits, and stacks whose
 * in-app frames parse and map to the demo's sample files at the line of the serving method.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

import { request } from 'undici';

import {
  EXCEPTION_STACK,
  errorClassesNrql,
  exceptionStackVariables,
  latestOccurrencesNrql,
} from '../../src/errors/errorQueries';
import { WorkspaceFileMap } from '../../src/errors/frameMapping';
import type { AgentLanguage, ServiceFrame } from '../../src/errors/stackFrame';
import { parseStack } from '../../src/errors/stackParser';
import { Dataset, DEMO_DATA_SET } from '../../src/simulator/dataset';
import { DEMO_SOURCE_LINES } from '../../src/simulator/demoSourceLines';
import {
  errorOccurrences,
  MAX_ERROR_EVENTS_PER_MINUTE,
  MAX_ERROR_TRACES_PER_MINUTE,
} from '../../src/simulator/errorEvents';
import { STACK_RETENTION_MS, stackFrames } from '../../src/simulator/errorStacks';
import { metricCatalog } from '../../src/simulator/metricCatalog';
import { minuteOf } from '../../src/simulator/minutes';
import { appGuid } from '../../src/simulator/nerdgraph/entities';
import { SIMULATED_ACCOUNTS } from '../../src/simulator/nerdgraph/service';
import { wireSimulator } from '../support/wireSimulator';

const NOW = new Date('2026-11-20T12:00:30Z');
const KEY = 'NRAK-ERRORSUSKEY0000000000001';
const US = SIMULATED_ACCOUNTS.us.id;
const RANGE = { from: new Date(Date.parse('2026-11-20T11:00:00Z')), to: new Date(Date.parse('2026-11-20T12:00:00Z')) };
const NRQL_QUERY = 'query($id: Int!, $q: Nrql!) { actor { account(id: $id) { nrql(query: $q) { results } } } }';
/** Rows and replies read by shape: the test checks what the wire carries. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON read by shape.
type Row = Record<string, any>;
const SAMPLES = join(__dirname, '..', '..', 'samples', 'demo-workspace');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)],
  );
}

describe('simulated error events, traces and stacks (docs/errors.md)', function () {
  this.timeout(20_000);
  const wire = wireSimulator({ usKey: KEY, euKey: `${KEY}EU`, now: () => NOW, ...DEMO_DATA_SET, names: 'demo' });
  const nrql = async (q: string): Promise<Row[]> => ((await wire.nrql(q)) as { results: Row[] }).results;
  const appNamed = (name: string) => wire.sim.datasets.us.apps.find((a) => a.name === name)!;

  it('"One event per error occurrence" with "counts from events … a floor": per transaction, unexpected events equal Errors/<txn> of each minute (before sampling), and Ruby\'s event names are WebTransaction/Controller/…', () => {
    const dataset = wire.sim.datasets.us;
    for (const app of dataset.apps.filter((a) => a.reporting)) {
      const catalog = metricCatalog(app);
      for (let minute = Math.floor(RANGE.from.getTime() / 60_000), n = 0; n < 30; n++, minute++) {
        const occurrences = errorOccurrences(dataset, app, minute);
        const m = minuteOf(dataset.seed, { kind: 'application', app }, minute);
        for (const name of [
          ...app.profile.transactions.map((t) => t.name),
          ...app.profile.background.map((b) => b.name),
        ]) {
          const def = catalog.find((d) => d.name === `Errors/${name}`)!;
          const events = occurrences.filter((o) => o.metricName === name && !o.expected);
          assert.equal(events.length, def.errors!(m), `${app.name} ${name} minute ${minute}`);
          for (const o of events) {
            assert.equal(o.transactionName, name.startsWith('Controller/') ? `WebTransaction/${name}` : name);
          }
        }
      }
    }
  });

  it("on the wire, NRQL's unexpected events per transaction equal REST's Errors/<txn> error_count when nothing was sampled away", async () => {
    const app = appNamed('billing-api');
    const [from, to] = [RANGE.to.getTime() - 30 * 60_000, RANGE.to.getTime()];
    for (let minute = from / 60_000; minute < to / 60_000; minute++) {
      assert.ok(
        errorOccurrences(wire.sim.datasets.us, app, minute).every((o) => o.sampled),
        'no sampling in the window',
      );
    }
    const rows = await nrql(
      `SELECT count(*) FROM TransactionError WHERE appId = ${app.id} AND error.expected IS NOT true FACET transactionName SINCE ${from} UNTIL ${to} LIMIT MAX`,
    );
    const events = new Map(rows.map((r) => [r.transactionName as string, r.count as number]));
    const names = [...app.profile.transactions.map((t) => t.name), ...app.profile.background.map((b) => b.name)];
    const query = names.map((n) => `names[]=${encodeURIComponent(`Errors/${n}`)}`).join('&');
    const res = await request(
      `${wire.sim.baseUrls.us}/v2/applications/${app.id}/metrics/data.json?${query}&values[]=error_count&summarize=true&from=${new Date(from).toISOString()}&to=${new Date(to).toISOString()}`,
      { dispatcher: wire.agent, headers: { 'api-key': KEY } },
    );
    const body = JSON.parse(await res.body.text()) as {
      metric_data: { metrics: Array<{ name: string; timeslices: Array<{ values: { error_count: number } }> }> };
    };
    let total = 0;
    for (const m of body.metric_data.metrics) {
      const name = m.name.slice('Errors/'.length);
      const count = m.timeslices[0].values.error_count;
      total += count;
      assert.equal(events.get(name.startsWith('Controller/') ? `WebTransaction/${name}` : name) ?? 0, count, name);
    }
    assert.ok(total > 0, 'the window has errors');
  });

  it('"at most 100 error events and 20 error traces per minute per agent instance"', () => {
    const dataset = new Dataset({ seed: 7, apps: 12 });
    // A failing application: more errors in a minute than an instance sends.
    dataset.apps[1].profile.errorRate = 0.9;
    let sampledAway = 0;
    for (const app of dataset.apps) {
      for (let minute = 29_000_000; minute < 29_000_010; minute++) {
        const byInstance = new Map<number, { events: number; traces: number; all: number }>();
        for (const o of errorOccurrences(dataset, app, minute)) {
          const c = byInstance.get(o.instanceId) ?? { events: 0, traces: 0, all: 0 };
          c.all++;
          c.events += o.sampled ? 1 : 0;
          c.traces += o.traced ? 1 : 0;
          byInstance.set(o.instanceId, c);
        }
        for (const c of byInstance.values()) {
          assert.equal(c.events, Math.min(c.all, MAX_ERROR_EVENTS_PER_MINUTE));
          assert.equal(c.traces, Math.min(c.all, MAX_ERROR_TRACES_PER_MINUTE));
          sampledAway += c.all - c.events;
        }
      }
    }
    assert.ok(sampledAway > 0, 'some minute had more errors than the agent sends');
  });

  it("answers src/errors' classes query: count(*), latest(timestamp), latest(error.message), error.expected IS NOT true, FACET transactionName, error.class", async () => {
    const app = appNamed('storefront-web');
    const rows = await nrql(errorClassesNrql(app.id, RANGE));
    assert.ok(rows.length > 0);
    const dataset = wire.sim.datasets.us;
    const expected = new Map<string, number>();
    for (let minute = RANGE.from.getTime() / 60_000; minute < RANGE.to.getTime() / 60_000; minute++) {
      for (const o of errorOccurrences(dataset, app, minute).filter((x) => x.sampled && !x.expected)) {
        const key = JSON.stringify([o.transactionName, o.kind.errorClass]);
        expected.set(key, (expected.get(key) ?? 0) + 1);
      }
    }
    assert.deepEqual(
      new Map(rows.map((r) => [JSON.stringify(r.facet), r.count])),
      expected,
      'counts per (transaction, class) are the sampled unexpected events',
    );
    for (const r of rows) {
      assert.ok(
        r.transactionName.startsWith('WebTransaction/Controller/') || r.transactionName.startsWith('OtherTransaction/'),
      );
      assert.equal(typeof r['latest.timestamp'], 'number');
      assert.equal(typeof r['latest.error.message'], 'string');
    }
    const all = await nrql(
      `SELECT count(*) FROM TransactionError WHERE appId = ${app.id} FACET error.expected SINCE ${RANGE.from.getTime()} UNTIL ${RANGE.to.getTime()}`,
    );
    assert.ok(
      all.some((r) => r.facet === 'true'),
      'a few expected errors, left out by IS NOT true',
    );
  });

  it('"FROM ErrorTrace (id = occurrence id, fingerprint, error.class, …)": the latest occurrence per class, and its stack through exception(occurrenceId)', async () => {
    const app = appNamed('storefront-web');
    const guid = appGuid(US, app);
    const rows = await nrql(latestOccurrencesNrql({ entityGuid: guid, range: RANGE }));
    assert.ok(rows.length > 0);
    for (const r of rows) {
      assert.equal(typeof r['latest.id'], 'string');
      const body = await wire.graphql(EXCEPTION_STACK, exceptionStackVariables(guid, r['latest.id']));
      const exception = body.data.actor.entity.exception;
      assert.equal(exception.message, r['latest.error.message']);
      const frames: ServiceFrame[] = exception.stackTrace.frames;
      assert.ok(
        frames.some((f) => f.filepath === null && f.line === null),
        'a frame the agent could not resolve',
      );
      assert.ok(
        frames.some((f) => String(f.filepath).includes('/gems/')),
        'a library frame',
      );
    }
    const sum = await nrql(
      `SELECT sum(count), latest(fingerprint) FROM ErrorTrace WHERE entityGuid = '${guid}' FACET error.class SINCE ${RANGE.from.getTime()} UNTIL ${RANGE.to.getTime()}`,
    );
    assert.ok(sum.every((r) => r['sum.count'] > 0 && typeof r['latest.fingerprint'] === 'string'));
  });

  it('"an occurrence whose stack is gone answers null": older than STACK_RETENTION_MS, or unknown', async () => {
    const app = appNamed('storefront-web');
    const guid = appGuid(US, app);
    const old = new Date(NOW.getTime() - STACK_RETENTION_MS - 3_600_000);
    const rows = await nrql(
      latestOccurrencesNrql({ entityGuid: guid, range: { from: new Date(old.getTime() - 3_600_000), to: old } }),
    );
    assert.ok(rows.length > 0, 'the event is still there');
    const body = await wire.graphql(EXCEPTION_STACK, exceptionStackVariables(guid, rows[0]['latest.id']));
    assert.equal(body.data.actor.entity.exception, null);
    const unknown = await wire.graphql(EXCEPTION_STACK, exceptionStackVariables(guid, 'zz-zz-zz-zz'));
    assert.equal(unknown.data.actor.entity.exception, null);
  });

  it("stacks parse with src/errors' parsers and their in-app frame maps to the demo's sample file at the serving method's line", () => {
    const dataset = new Dataset({ ...DEMO_DATA_SET, names: 'demo' });
    let checked = 0;
    for (const folder of readdirSync(SAMPLES, { withFileTypes: true }).filter((e) => e.isDirectory())) {
      const root = join(SAMPLES, folder.name);
      const bound = JSON.parse(readFileSync(join(root, '.vscode', 'settings.json'), 'utf8'))[
        'timeslice.boundApplication'
      ];
      const app = dataset.appsById.get(bound.id)!;
      const paths = filesUnder(root).map((f) => relative(root, f).split('\\').join('/'));
      const map = new WorkspaceFileMap(paths);
      for (const [name, [path, line, method]] of Object.entries(DEMO_SOURCE_LINES[app.name] ?? {})) {
        const minute = Math.floor(NOW.getTime() / 60_000) - 5;
        const occurrence = { ...errorOccurrences(dataset, app, minute)[0], app, metricName: name };
        const frames = parseStack(app.language as AgentLanguage, stackFrames(occurrence));
        const inApp = frames.filter((f) => f.inApp);
        assert.equal(inApp.length, 1, `${app.name} ${name}: one in-app frame`);
        assert.ok(
          frames.some((f) => !f.inApp && f.parsed),
          'a library frame',
        );
        const mapped = map.mapFrames(frames);
        const index = frames.indexOf(inApp[0]);
        assert.equal(mapped[index], path, `${app.name} ${name} maps to ${path}`);
        // Laravel's vendored Routing/Controller.php is not the sample's app/Http/Controllers/Controller.php.
        assert.deepEqual(
          mapped.filter((p, i) => i !== index && p !== undefined),
          [],
          `${app.name} ${name}: library frames map nowhere`,
        );
        assert.equal(inApp[0].line, line);
        const text = readFileSync(join(root, path), 'utf8').split('\n')[line - 1];
        assert.ok(text.includes(method), `${path}:${line} holds ${method}: ${text}`);
        checked++;
      }
    }
    assert.ok(checked > 100, `${checked} transactions checked`);
  });

  it("points every web transaction of every reporting demo application at its sample's code", () => {
    const dataset = new Dataset({ ...DEMO_DATA_SET, names: 'demo' });
    for (const app of dataset.apps.filter((a) => a.reporting)) {
      for (const t of app.profile.transactions) {
        assert.ok(DEMO_SOURCE_LINES[app.name]?.[t.name], `${app.name} ${t.name}`);
      }
    }
  });

  it("messages carry the foreign-text hazards (markup, command links, bidi controls, very long) only with names: 'test'", () => {
    const messagesOf = (names: 'test' | 'demo') => {
      const dataset = new Dataset({ ...DEMO_DATA_SET, names });
      const out = new Set<string>();
      for (const app of dataset.apps) {
        for (let minute = 29_000_000; minute < 29_000_030; minute++) {
          errorOccurrences(dataset, app, minute).forEach((o) => out.add(o.message));
        }
      }
      return [...out];
    };
    const hazardous = (m: string) => /[<>\u202e\u2066]|command:/.test(m) || m.length > 1000;
    const test = messagesOf('test');
    for (const probe of [/<img/, /command:/, /\u202e/, /^.{1000}/]) {
      assert.ok(
        test.some((m) => probe.test(m)),
        String(probe),
      );
    }
    assert.deepEqual(messagesOf('demo').filter(hazardous), []);
  });

  it('answers the other event types and timeslice functions as before: latest() and IS NOT true on Metric, and FROM Transaction, stay syntax errors', async () => {
    for (const q of [
      `SELECT latest(timestamp) FROM Metric SINCE 1 hour ago`,
      `SELECT count(*) FROM Transaction SINCE 1 hour ago`,
      `SELECT count(*) FROM Metric WHERE appId = 1 AND error.expected IS NOT true SINCE 1 hour ago`,
    ]) {
      const body = await wire.graphql(NRQL_QUERY, { id: US, q });
      assert.match(String((body.errors as Array<{ message: string }>)[0].message), /^NRQL Syntax Error/, q);
    }
  });
});
