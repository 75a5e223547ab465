import * as assert from 'node:assert/strict';

import type { ToWebview } from '../../src/panels/protocol';
import type { Point } from '../../webview/shared/seriesData';
import {
  decimationFor,
  isThemeVariable,
  lineWidth,
  lttbIndices,
  normalizePoints,
  readData,
  readPeriods,
  readSeries,
  stackedKeepIndices,
  tableRows,
} from '../../webview/shared/seriesData';

type DataMessage = Extract<ToWebview, { type: 'data' }>;

function message(overrides: Partial<DataMessage> = {}): DataMessage {
  return {
    type: 'data',
    summary: [],
    charts: [],
    validPeriods: [60, 300],
    range: { from: '2026-01-05T14:00:00Z', to: '2026-01-05T14:30:00Z', period: 60 },
    fetchedAt: '2026-01-05T14:30:05Z',
    ...overrides,
  };
}

describe('webview series shaping', () => {
  it('keeps well-formed points as the same tuples, in order', () => {
    const points: Point[] = [
      [1000, 1],
      [2000, null],
      [3000, 2.5],
    ];
    const out = normalizePoints(points);
    assert.deepEqual(out, points);
    assert.equal(out[0], points[0]);
  });

  it('drops malformed points, turns bad values into gaps, sorts and keeps the last of repeated times', () => {
    const raw: unknown = [
      [3000, 3],
      'x',
      [Number.NaN, 1],
      [1000, '5'],
      [2000, 2],
      [2000, 7],
      [4000],
      null,
      [5000, Infinity, 'extra'],
    ];
    assert.deepEqual(normalizePoints(raw), [
      [1000, null],
      [2000, 7],
      [3000, 3],
      [4000, null],
      [5000, null],
    ]);
    assert.deepEqual(normalizePoints('not a list'), []);
  });

  it('accepts only theme variables as series colours', () => {
    assert.ok(isThemeVariable('--vscode-charts-blue'));
    for (const bad of [
      'red',
      '#fff',
      'var(--vscode-charts-blue)',
      '--vscode-x;background:url(x)',
      '--other-blue',
      42,
    ]) {
      assert.equal(isThemeVariable(bad), false, String(bad));
    }
    assert.equal(readSeries({ label: 'a', color: 'red', points: [] }, 0)?.color, '--vscode-charts-foreground');
  });

  it('reads a data message defensively, keeping text as text', () => {
    const raw = message({
      summary: [{ label: 'Apdex', value: '0.9', hint: 'target 0.5 s' }, { label: 3 } as never],
      summaryNote: '<b>note</b>',
      charts: [
        {
          id: 'a',
          title: '<img src=x>',
          unit: 'ms',
          series: [
            { label: 'S', color: '--vscode-charts-blue', points: [[1, 2]], compare: true, description: 'd' },
            'junk' as never,
          ],
        },
        { id: 'b', title: 'B', unit: '%', series: [], error: 'failed', notFound: ['X', 5 as never] },
      ],
      table: {
        columns: ['v'],
        rows: [
          { metric: 'M', values: [1.5] },
          { metric: 'N', values: ['x' as never] },
        ],
      },
      validPeriods: [300, 60, 90, 60, -60],
    });
    const data = readData(raw);
    assert.deepEqual(data.summary, [{ label: 'Apdex', value: '0.9', hint: 'target 0.5 s' }]);
    assert.equal(data.summaryNote, '<b>note</b>');
    assert.equal(data.charts[0].title, '<img src=x>');
    assert.deepEqual(data.charts[0].series, [
      { label: 'S', color: '--vscode-charts-blue', points: [[1, 2]], compare: true, description: 'd' },
    ]);
    assert.equal(data.charts[1].error, 'failed');
    assert.deepEqual(data.charts[1].notFound, ['X']);
    assert.deepEqual(data.table, {
      columns: ['v'],
      rows: [
        { metric: 'M', values: [1.5] },
        { metric: 'N', values: [null] },
      ],
    });
    assert.deepEqual(data.validPeriods, [60, 300]);
    assert.deepEqual(data.range, {
      from: Date.parse('2026-01-05T14:00:00Z'),
      to: Date.parse('2026-01-05T14:30:00Z'),
      period: 60,
    });
    assert.equal(data.fetchedAt, Date.parse('2026-01-05T14:30:05Z'));
  });

  it("keeps a chart's note and the table's decimals per column (an unusable entry shows as formatValue would)", () => {
    const data = readData(
      message({
        charts: [
          { id: 'breakdown', title: 'B', unit: 'ms', series: [], note: 'The stack is total time.' },
          { id: 'x', title: 'X', unit: 'ms', series: [], note: 7 as never },
        ],
        table: {
          columns: ['ms', '%', 'n'],
          decimals: [2, 1.5, -1, 3] as number[],
          rows: [{ metric: 'A', values: [1, 2, 3] }],
        },
      }),
    );
    assert.equal(data.charts[0].note, 'The stack is total time.');
    assert.equal(data.charts[1].note, undefined);
    assert.deepEqual(data.table?.decimals, [2, null, null]);
    const plain = readData(message({ table: { columns: ['v'], decimals: ['1'] as never, rows: [] } }));
    assert.equal(plain.table?.decimals, undefined);
  });

  it('falls back to the last 30 minutes when the range is unreadable', () => {
    const now = Date.parse('2026-01-05T15:00:00Z');
    const data = readData(message({ range: { from: 'soon', to: 'later', period: -1 } }), now);
    assert.deepEqual(data.range, { from: now - 30 * 60_000, to: now, period: 60 });
  });

  it("keeps a later requested end (data that lags), the charts' missing-value notes and the table's caption", () => {
    const data = readData(
      message({
        range: {
          from: '2026-11-20T14:03:00Z',
          to: '2026-11-20T14:33:00Z',
          period: 60,
          requestedTo: '2026-11-20T14:36:00Z',
        },
        charts: [
          {
            id: 'score',
            title: 'score',
            unit: 'score',
            series: [],
            missingValues: ['EndUser returned no `score`', 42] as unknown as string[],
          },
        ],
        table: {
          caption: 'Whole range',
          rowHeader: 'Component',
          columns: ['ms'],
          rows: [{ metric: 'Datastore', values: [1.5] }],
        },
      }),
    );
    assert.equal(data.range.requestedTo, Date.parse('2026-11-20T14:36:00Z'));
    assert.deepEqual(data.charts[0].missingValues, ['EndUser returned no `score`']);
    assert.equal(data.table?.caption, 'Whole range');
    assert.equal(data.table?.rowHeader, 'Component');
    const current = readData(
      message({
        range: {
          from: '2026-11-20T14:03:00Z',
          to: '2026-11-20T14:33:00Z',
          period: 60,
          requestedTo: '2026-11-20T14:00:00Z',
        },
      }),
    );
    assert.equal(current.range.requestedTo, undefined, 'an end before the data is not a lag');
  });

  it('offers only whole-minute periods, ascending, once each', () => {
    assert.deepEqual(readPeriods([3600, 60, 60, 30, 1.5, '300', 300]), [60, 300, 3600]);
  });

  it('decimates to about one point per pixel any series with more points than pixels', () => {
    assert.deepEqual(decimationFor(800), { enabled: true, algorithm: 'lttb', samples: 800, threshold: 800 });
    assert.deepEqual(decimationFor(0), { enabled: true, algorithm: 'lttb', samples: 100, threshold: 100 });
    assert.equal(decimationFor(Number.NaN, false).enabled, false);
  });

  it('draws dense lines 1 px wide (a hairline), sparse ones 1.5 px, high contrast 2 px, dotted 1 px wider', () => {
    assert.equal(lineWidth(180, 800, false, false), 1.5, "the service's usual slices");
    assert.equal(lineWidth(400, 800, false, false), 1.5, 'one point every two pixels is not dense yet');
    assert.equal(lineWidth(401, 800, false, false), 1, 'more than one point every two pixels');
    assert.equal(lineWidth(916, 1210, false, false), 1, 'what the extension posts for 3,000 slices');
    assert.equal(lineWidth(1756, 1210, false, false), 1, 'more points than pixels');
    assert.equal(lineWidth(1756, 1210, false, true), 2);
    assert.equal(lineWidth(1756, 1210, true, false), 2, 'high contrast never thins its lines');
    assert.equal(lineWidth(180, 0, false, false), 1.5, 'before the width is known');
  });

  it('LTTB keeps the first and last points and the spikes', () => {
    const xs = Array.from({ length: 1000 }, (_, i) => i);
    const ys = xs.map((i) => (i === 500 ? 100 : Math.sin(i / 50)));
    const keep = lttbIndices(xs, ys, 50);
    assert.equal(keep.length, 50);
    assert.equal(keep[0], 0);
    assert.equal(keep[49], 999);
    assert.ok(keep.includes(500));
    assert.deepEqual(
      [...keep].sort((a, b) => a - b),
      keep,
    );
    assert.deepEqual(lttbIndices([1, 2, 3], [1, 2, 3], 10), [0, 1, 2]);
  });

  it('decimates a stacked chart once for all layers, so the layers keep the same times', () => {
    const layer = (k: number): Point[] => Array.from({ length: 3000 }, (_, i): Point => [i * 60_000, (i % 97) * k]);
    const keep = stackedKeepIndices([layer(1), layer(2), layer(3)], 500);
    assert.equal(keep?.length, 500);
    assert.equal(stackedKeepIndices([layer(1)], 2000), undefined, 'not worth it under two points per sample');
    const shifted = layer(2).map(([x, y]): Point => [x + 1, y]);
    assert.equal(
      stackedKeepIndices([layer(1), shifted], 500),
      undefined,
      'layers with different times are drawn whole',
    );
  });

  it('tables the union of the series times, with gaps and missing points apart', () => {
    const rows = tableRows([
      {
        label: 'a',
        color: '--vscode-charts-blue',
        points: [
          [1000, 1],
          [2000, null],
        ],
      },
      {
        label: 'b',
        color: '--vscode-charts-red',
        points: [
          [2000, 5],
          [3000, 6],
        ],
      },
    ]);
    assert.deepEqual(rows, [
      { time: 1000, values: [1, undefined] },
      { time: 2000, values: [null, 5] },
      { time: 3000, values: [undefined, 6] },
    ]);
  });
});
