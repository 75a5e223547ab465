// Pure: the numbers come in, rows with their evidence go out (docs/impact.md#movement).
import type { ApdexCounts, TransactionStats } from '../api/transactionStats';
import type { ImpactWindows } from './impactWindows';
import {
  APDEX_FLOOR,
  AVERAGE_RELATIVE_FLOOR,
  ERROR_RATE_FLOOR_POINTS,
  ERROR_RATE_MIN_Z,
  MIN_CALLS_PER_WINDOW,
  TIME_ABSOLUTE_FLOOR_MS_PER_MINUTE,
  TIME_RELATIVE_FLOOR,
} from './thresholds';

export interface WindowNumbers {
  callCount: number;
  /** Call-weighted average response time, in milliseconds. */
  averageMs: number;
  callsPerMinute: number;
  errorCount: number;
  apdex?: ApdexCounts;
}

export function windowNumbersOf(stats: TransactionStats): WindowNumbers {
  const a = stats.apdexCounts;
  return {
    callCount: stats.callCount,
    averageMs: stats.averageMs,
    callsPerMinute: stats.callsPerMinute,
    errorCount: Math.round(stats.errorRate * stats.callCount),
    ...(a ? { apdex: { satisfied: a.satisfied, tolerating: a.tolerating, frustrated: a.frustrated } } : {}),
  };
}

export interface TransactionWindows {
  name: string;
  kind?: 'web' | 'background';
  before?: WindowNumbers;
  after?: WindowNumbers;
}

export interface MeasureChange {
  before: number;
  after: number;
  change: number;
  relative?: number;
}

export type ThresholdName =
  'timeRelative' | 'timeAbsolute' | 'averageRelative' | 'errorRatePoints' | 'errorRateNoise' | 'apdexFloor';

export type Measure = 'time' | 'errorRate' | 'apdex';

export interface Signal {
  measure: Measure;
  direction: 'worse' | 'better';
  passes: ThresholdName[];
  fails: ThresholdName[];
  moved: boolean;
}

export interface MovementRow {
  name: string;
  kind?: 'web' | 'background';
  windows?: ImpactWindows;
  before: WindowNumbers;
  after: WindowNumbers;
  /** `tooFewCalls`: a window had fewer than MIN_CALLS_PER_WINDOW calls; such a row has no signals and no verdict. */
  status: 'worse' | 'better' | 'unchanged' | 'tooFewCalls';
  time: MeasureChange;
  average: MeasureChange;
  errorRate: MeasureChange;
  apdex?: MeasureChange;
  signals: Signal[];
}

const NONE: WindowNumbers = { callCount: 0, averageMs: 0, callsPerMinute: 0, errorCount: 0 };

function change(before: number, after: number): MeasureChange {
  const d = after - before;
  return before === 0 ? { before, after, change: d } : { before, after, change: d, relative: d / before };
}

/** Time consumed per minute: call-weighted response time × throughput. */
export function timePerMinute(w: WindowNumbers): number {
  return w.averageMs * w.callsPerMinute;
}

export function errorRateOf(w: WindowNumbers): number {
  return w.callCount > 0 ? Math.min(1, w.errorCount / w.callCount) : 0;
}

function apdexTotal(a: ApdexCounts): number {
  return a.satisfied + a.tolerating + a.frustrated;
}

/** The Apdex score of its counts: (satisfied + tolerating / 2) / all. */
export function apdexScore(a: ApdexCounts): number | undefined {
  const total = apdexTotal(a);
  return total > 0 ? (a.satisfied + a.tolerating / 2) / total : undefined;
}

/** |p2 - p1| in standard errors of the pooled rate; Infinity when both rates are exact (0 or 1 on both sides). */
function errorRateZ(before: WindowNumbers, after: WindowNumbers): number {
  const n1 = before.callCount;
  const n2 = after.callCount;
  const p1 = errorRateOf(before);
  const p2 = errorRateOf(after);
  const pooled = (p1 * n1 + p2 * n2) / (n1 + n2);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2));
  return se > 0 ? Math.abs(p2 - p1) / se : p1 === p2 ? 0 : Infinity;
}

function signal(measure: Measure, worse: boolean, checks: Array<[ThresholdName, boolean]>): Signal {
  const passes = checks.filter(([, ok]) => ok).map(([name]) => name);
  const fails = checks.filter(([, ok]) => !ok).map(([name]) => name);
  return { measure, direction: worse ? 'worse' : 'better', passes, fails, moved: fails.length === 0 };
}

function timeSignal(time: MeasureChange, average: MeasureChange): Signal | undefined {
  if (time.change === 0) {
    return undefined;
  }
  const up = time.change > 0;
  const averageSameWay = up ? average.change > 0 : average.change < 0;
  return signal('time', up, [
    ['timeRelative', time.relative === undefined || Math.abs(time.relative) >= TIME_RELATIVE_FLOOR],
    ['timeAbsolute', Math.abs(time.change) >= TIME_ABSOLUTE_FLOOR_MS_PER_MINUTE],
    [
      'averageRelative',
      averageSameWay && (average.relative === undefined || Math.abs(average.relative) >= AVERAGE_RELATIVE_FLOOR),
    ],
  ]);
}

function errorSignal(rate: MeasureChange, before: WindowNumbers, after: WindowNumbers): Signal | undefined {
  if (rate.change === 0) {
    return undefined;
  }
  return signal('errorRate', rate.change > 0, [
    ['errorRatePoints', Math.abs(rate.change) * 100 >= ERROR_RATE_FLOOR_POINTS],
    ['errorRateNoise', errorRateZ(before, after) >= ERROR_RATE_MIN_Z],
  ]);
}

function apdexChange(before: WindowNumbers, after: WindowNumbers): MeasureChange | undefined {
  const b = before.apdex && apdexScore(before.apdex);
  const a = after.apdex && apdexScore(after.apdex);
  return b === undefined || a === undefined ? undefined : change(b, a);
}

function apdexSignal(
  apdex: MeasureChange | undefined,
  before: WindowNumbers,
  after: WindowNumbers,
): Signal | undefined {
  // An Apdex with fewer samples than the calls minimum decides nothing, like a window with too few calls.
  const enough = [before, after].every((w) => w.apdex && apdexTotal(w.apdex) >= MIN_CALLS_PER_WINDOW);
  if (!apdex || apdex.change === 0 || !enough) {
    return undefined;
  }
  return signal('apdex', apdex.change < 0, [['apdexFloor', Math.abs(apdex.change) >= APDEX_FLOOR]]);
}

export function movementRow(t: TransactionWindows, windows?: ImpactWindows): MovementRow {
  const before = t.before ?? NONE;
  const after = t.after ?? NONE;
  const time = change(timePerMinute(before), timePerMinute(after));
  const average = change(before.averageMs, after.averageMs);
  const errorRate = change(errorRateOf(before), errorRateOf(after));
  const apdex = apdexChange(before, after);
  const row = {
    name: t.name,
    ...(t.kind ? { kind: t.kind } : {}),
    ...(windows ? { windows } : {}),
    before,
    after,
    time,
    average,
    errorRate,
    ...(apdex ? { apdex } : {}),
  };
  if (before.callCount < MIN_CALLS_PER_WINDOW || after.callCount < MIN_CALLS_PER_WINDOW) {
    return { ...row, status: 'tooFewCalls', signals: [] };
  }
  const signals = [
    timeSignal(time, average),
    errorSignal(errorRate, before, after),
    apdexSignal(apdex, before, after),
  ].filter((s): s is Signal => s !== undefined);
  const moved = signals.filter((s) => s.moved);
  const status = moved.some((s) => s.direction === 'worse')
    ? 'worse'
    : moved.some((s) => s.direction === 'better')
      ? 'better'
      : 'unchanged';
  return { ...row, status, signals };
}

const TIER: Readonly<Record<MovementRow['status'], number>> = { worse: 0, better: 1, unchanged: 2, tooFewCalls: 3 };

// Time consumed weighs a slowdown by the calls it hits, the order of the service's own deployment page
// ("most time-consuming"); each row's signals say why it moved.
export function compareMovement(a: MovementRow, b: MovementRow): number {
  return (
    TIER[a.status] - TIER[b.status] ||
    Math.abs(b.time.change) - Math.abs(a.time.change) ||
    Math.abs(b.errorRate.change) - Math.abs(a.errorRate.change) ||
    (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)
  );
}

export function rankMovement(transactions: readonly TransactionWindows[], windows?: ImpactWindows): MovementRow[] {
  return transactions.map((t) => movementRow(t, windows)).sort(compareMovement);
}
