/**
 * The error panel and the transaction panel's error classes (src/panels/errorEntity.ts, errorPanelData.ts,
 * loaders/error.ts): the entity and the webview's messages (untrusted), the stack as the webview lists it
 * (in-app frames that open a line, library frames, foreign text made plain), the loader's chart, summary
 * and "needs NerdGraph" answer, the transaction's classes, and the webview's reading of what it is sent.
 */
import assert from 'node:assert/strict';

import { ApiError } from '../../src/api/apiError';
import type { MetricNamesCache } from '../../src/api/metricNamesCache';
import type { NrqlResult } from '../../src/api/nerdgraph/nrqlQuery';
import type { TimesliceApi } from '../../src/api/timesliceApi';
import type { ErrorClassesAnswer, ErrorClassRow, StackAnswer } from '../../src/errors/errorModel';
import type { StackFrame } from '../../src/errors/stackFrame';
import { stackView, transactionClasses } from '../../src/panels/errorPanelData';
import type { FrameTarget, PanelErrorSource } from '../../src/panels/errorSource';
import { loadPanelData } from '../../src/panels/panelData';
import type { PanelState } from '../../src/panels/protocol';
import { isFromWebview, isPanelEntity, isPanelState } from '../../src/panels/protocol';
import { isToWebview } from '../../src/panels/toWebviewGuard';
import { readErrorPanelData } from '../../webview/shared/errorData';

const NOW = new Date('2026-11-20T12:00:30Z');
const TXN = 'WebTransaction/Controller/orders/show';
const HOSTILE = 'Boom\u202eexe.gnp <img src=x onerror=alert(1)> [run](command:timeslice.removeApiKey)\nsecond line';

const frames: StackFrame[] = [
  {
    text: "/srv/app/app/models/order.rb:12:in `find!'",
    parsed: true,
    path: 'app/models/order.rb',
    line: 12,
    inApp: true,
  },
  {
    text: '/gems/activerecord/lib/core.rb:9',
    parsed: true,
    path: 'gems/activerecord/lib/core.rb',
    line: 9,
    inApp: false,
  },
  { text: `/srv/app/lib/${HOSTILE}.rb:3`, parsed: true, path: 'lib/x.rb', line: 3, inApp: true },
  { text: 'no shape', parsed: false, inApp: false },
];
const targets: Array<FrameTarget | undefined> = [
  { uri: 'file:///w/app/models/order.rb', relativePath: 'app/models/order.rb', line: 12 },
  { uri: 'file:///w/vendor/core.rb', relativePath: 'vendor/core.rb', line: 9 },
  undefined,
  undefined,
];
const row = (over: Partial<ErrorClassRow>): ErrorClassRow => ({
  transactionName: TXN,
  errorClass: 'ActiveRecord::RecordNotFound',
  message: 'not found',
  count: 12,
  lastSeen: new Date(NOW.getTime() - 120_000),
  ...over,
});

/** A fake error details service: canned answers, and what it was asked. */
function fakeSource(answers: {
  classes: ErrorClassesAnswer;
  stack?: StackAnswer;
  nrql?: NrqlResult;
  nrqlError?: Error;
  bound?: boolean;
}) {
  const asked = { nrql: [] as string[], located: 0 };
  const source: PanelErrorSource = {
    classes: () => Promise.resolve(answers.classes),
    latestStack: () => Promise.resolve(answers.stack ?? { kind: 'none' }),
    runNrql: (nrql) => {
      asked.nrql.push(nrql);
      if (answers.nrqlError) {
        return Promise.reject(answers.nrqlError);
      }
      return Promise.resolve(answers.nrql ?? { results: [], metadata: { facets: [], eventTypes: [], messages: [] } });
    },
    locate: (_id, f) => {
      asked.located++;
      return Promise.resolve({ bound: answers.bound ?? true, targets: f.map((_, i) => targets[i]) });
    },
  };
  return { source, asked };
}

function errorState(errorClass = 'ActiveRecord::RecordNotFound', transactionName = TXN): PanelState {
  return {
    entity: { kind: 'error', applicationId: 42, title: errorClass, errorClass, transactionName, language: 'ruby' },
    range: { preset: '30m', compare: 'none' },
    view: 'chart',
  };
}

const ctxWith = (errors?: PanelErrorSource) => ({
  api: {} as TimesliceApi,
  metricNames: {} as MetricNamesCache,
  now: NOW,
  ...(errors ? { errors } : {}),
});

describe('error panel: entity, messages, stack and loader', () => {
  it('an error entity needs its class and transaction (bounded); no other kind carries a class', () => {
    const base = { kind: 'error', applicationId: 7, title: 't', errorClass: 'E', transactionName: TXN };
    assert.ok(isPanelEntity(base));
    assert.ok(isPanelEntity({ ...base, language: 'ruby' }));
    assert.ok(isPanelState(errorState()));
    for (const bad of [
      { ...base, errorClass: '' },
      { ...base, errorClass: undefined },
      { ...base, transactionName: 'x'.repeat(1001) },
      { ...base, language: 'x'.repeat(41) },
      { ...base, hostId: 3 },
      { kind: 'application', applicationId: 7, title: 't', errorClass: 'E' },
      { kind: 'transaction', applicationId: 7, title: 't', transactionName: TXN, errorClass: 'E' },
    ]) {
      assert.ok(!isPanelEntity(bad), JSON.stringify(bad));
    }
  });

  it('the webview may ask for a frame by index and a class by name, nothing else', () => {
    assert.ok(isFromWebview({ type: 'openFrame', index: 0 }));
    assert.ok(isFromWebview({ type: 'showError', errorClass: 'E' }));
    for (const bad of [
      { type: 'openFrame', index: -1 },
      { type: 'openFrame', index: 1.5 },
      { type: 'openFrame', index: 300 },
      { type: 'openFrame', index: '0' },
      { type: 'showError', errorClass: '' },
      { type: 'showError', errorClass: 'x'.repeat(1001) },
      { type: 'openFile', path: '/etc/passwd' },
    ]) {
      assert.ok(!isFromWebview(bad), JSON.stringify(bad));
    }
  });

  it('lists every frame as plain text; an in-app frame opens where the folder has it, a library frame never', () => {
    const view = stackView(
      { kind: 'stack', occurrenceId: 'o', message: `${HOSTILE}`, timestamp: NOW, frames },
      targets,
    );
    assert.equal(view.kind, 'stack');
    if (view.kind !== 'stack') {
      return;
    }
    assert.equal(view.occurredAt, NOW.toISOString());
    assert.ok(!/[\u202e\n]/.test(view.message), 'one line, no bidi control');
    assert.deepEqual(
      view.frames.map((f) => [f.inApp, f.opens]),
      [
        [true, 'app/models/order.rb:12'],
        [false, undefined],
        [true, undefined],
        [false, undefined],
      ],
    );
    assert.ok(view.frames.every((f) => !/[\u202e\n]/.test(f.text)));
    assert.deepEqual(stackView({ kind: 'none' }, []), { kind: 'none' });
    assert.deepEqual(stackView({ kind: 'aged-out', occurrenceId: 'o', message: 'gone', timestamp: NOW }, []), {
      kind: 'agedOut',
      message: 'gone',
      occurredAt: NOW.toISOString(),
    });
  });

  it("the transaction panel lists its own classes (Ruby's Controller/ name as the events' WebTransaction/Controller/), or says they need NerdGraph", () => {
    const answer: ErrorClassesAnswer = {
      kind: 'classes',
      applicationId: 42,
      range: { from: NOW, to: NOW },
      rows: [
        row({}),
        row({ transactionName: 'WebTransaction/Controller/other', errorClass: 'Other' }),
        row({ errorClass: HOSTILE }),
      ],
      expectedLeftOut: true,
    };
    const data = transactionClasses(answer, 'Controller/orders/show', 'ruby');
    assert.equal(data.kind, 'classes');
    if (data.kind !== 'classes') {
      return;
    }
    assert.deepEqual(
      data.rows.map((r) => [r.errorClass, r.transactionName, r.count]),
      [
        ['ActiveRecord::RecordNotFound', TXN, 12],
        [HOSTILE, TXN, 12],
      ],
    );
    assert.ok(!/[\u202e\n]/.test(data.rows[1].label), 'the shown class is one plain line');
    assert.match(data.note, /Expected errors are left out/);
    assert.deepEqual(transactionClasses({ kind: 'needs-nerdgraph', message: 'needs NG' }, 'x', 'ruby'), {
      kind: 'classes',
      rows: [],
      note: 'needs NG',
    });
  });

  it('loads the chart from one NRQL request with the name quoted, the summary from the classes, the stack with where frames open', async () => {
    const hostileTxn = "WebTransaction/Controller/a'b OR appId > 0";
    const { source, asked } = fakeSource({
      classes: {
        kind: 'classes',
        applicationId: 42,
        range: { from: NOW, to: NOW },
        rows: [row({ transactionName: hostileTxn })],
        expectedLeftOut: true,
      },
      stack: { kind: 'stack', occurrenceId: 'o', message: 'not found', timestamp: NOW, frames },
      nrql: {
        results: [
          { facet: 'Other', 'error.class': 'Other', beginTimeSeconds: 60, endTimeSeconds: 120, errors: 1 },
          { facet: 'ActiveRecord::RecordNotFound', beginTimeSeconds: 60, endTimeSeconds: 120, errors: 3 },
        ],
        metadata: { facets: ['error.class'], eventTypes: [], messages: [] },
      },
    });
    const data = await loadPanelData(ctxWith(source), errorState('ActiveRecord::RecordNotFound', hostileTxn));
    assert.equal(asked.nrql.length, 1);
    assert.ok(
      asked.nrql[0].includes("transactionName = 'WebTransaction/Controller/a\\'b OR appId > 0'"),
      asked.nrql[0],
    );
    assert.equal(data.metricDataRequests, 0);
    assert.deepEqual(
      data.charts[0].series.map((s) => [s.label, s.points]),
      [
        ['ActiveRecord::RecordNotFound', [[60_000, 3]]],
        ['Other', [[60_000, 1]]],
      ],
      "the panel's own class first",
    );
    assert.deepEqual(
      data.summary.map((s) => s.value),
      ['12', '2 min ago', "Controller/a'b OR appId > 0"],
    );
    assert.equal(data.errors?.kind, 'stack');
    assert.equal(data.frameTargets?.[0]?.relativePath, 'app/models/order.rb');
    if (data.errors?.kind === 'stack') {
      assert.equal(data.errors.unboundNote, undefined);
    }
  });

  it("says the chart's query failed, with its message, instead of an empty chart; the figures and stack still show", async () => {
    const failing = fakeSource({
      classes: {
        kind: 'classes',
        applicationId: 42,
        range: { from: NOW, to: NOW },
        rows: [row({})],
        expectedLeftOut: true,
      },
      stack: { kind: 'stack', occurrenceId: 'o', message: 'not found', timestamp: NOW, frames },
      nrqlError: new ApiError('timeout', 'The NRQL query timed out on api.example. Try a shorter time range.'),
    });
    const data = await loadPanelData(ctxWith(failing.source), errorState());
    assert.deepEqual(
      data.charts.map((c) => [c.title, c.series.length, c.error]),
      [
        [
          'Errors per minute by class',
          0,
          'The error query failed: The NRQL query timed out on api.example. Try a shorter time range.',
        ],
      ],
    );
    assert.equal(data.summary[0].value, '12');
    assert.equal(data.errors?.kind === 'stack' && data.errors.stack.kind, 'stack');
    const cancelled = fakeSource({
      classes: { kind: 'classes', applicationId: 42, range: { from: NOW, to: NOW }, rows: [], expectedLeftOut: true },
      nrqlError: new ApiError('cancelled', 'cancelled'),
    });
    await assert.rejects(loadPanelData(ctxWith(cancelled.source), errorState()), /cancelled/);
  });

  it('says classes need NerdGraph instead of asking for a stack or a chart, and that frames open nothing without a bound folder', async () => {
    const needs = fakeSource({ classes: { kind: 'needs-nerdgraph', message: 'REST v2 gives counts only' } });
    const data = await loadPanelData(ctxWith(needs.source), errorState());
    assert.deepEqual(data.errors, {
      kind: 'stack',
      stack: { kind: 'needsNerdGraph', message: 'REST v2 gives counts only' },
    });
    assert.deepEqual(data.charts, []);
    assert.equal(needs.asked.nrql.length, 0);
    const without = await loadPanelData(ctxWith(), errorState());
    assert.equal(without.errors?.kind === 'stack' && without.errors.stack.kind, 'needsNerdGraph');

    const unbound = fakeSource({
      classes: { kind: 'classes', applicationId: 42, range: { from: NOW, to: NOW }, rows: [], expectedLeftOut: true },
      stack: { kind: 'stack', occurrenceId: 'o', message: 'm', timestamp: NOW, frames },
      bound: false,
    });
    const shown = await loadPanelData(ctxWith(unbound.source), errorState());
    assert.ok(shown.errors?.kind === 'stack' && shown.errors.unboundNote);
    assert.deepEqual(shown.summary[0], { label: 'Count', value: '0' });
  });

  it('the webview reads what it is sent defensively: unknown kinds dropped, frames kept in place, texts bounded', () => {
    const message = {
      type: 'data',
      summary: [],
      charts: [],
      range: { from: NOW.toISOString(), to: NOW.toISOString(), period: 60 },
      validPeriods: [60],
      fetchedAt: NOW.toISOString(),
      errors: {
        kind: 'stack',
        stack: {
          kind: 'stack',
          message: 'm',
          occurredAt: 'x',
          frames: [{ text: 'a', inApp: true, opens: 'f.rb:1' }, 7],
        },
      },
    };
    assert.ok(isToWebview(message));
    assert.ok(!isToWebview({ ...message, errors: 'x' }));
    assert.deepEqual(readErrorPanelData(message.errors), {
      kind: 'stack',
      stack: {
        kind: 'stack',
        message: 'm',
        occurredAt: '',
        frames: [
          { text: 'a', inApp: true, opens: 'f.rb:1' },
          { text: '', inApp: false },
        ],
      },
    });
    assert.equal(readErrorPanelData({ kind: 'html', html: '<b>' }), undefined);
    assert.equal(readErrorPanelData({ kind: 'stack', stack: { kind: 'script' } }), undefined);
    const classes = readErrorPanelData({
      kind: 'classes',
      rows: [
        { errorClass: 'E', label: 'E', transactionName: TXN, message: 'x'.repeat(5000), count: -3, lastSeen: 'no' },
        { errorClass: '' },
      ],
      note: 'n',
    });
    assert.deepEqual(classes, {
      kind: 'classes',
      rows: [{ errorClass: 'E', label: 'E', transactionName: TXN, message: 'x'.repeat(1000), count: 0, lastSeen: '' }],
      note: 'n',
    });
  });
});
