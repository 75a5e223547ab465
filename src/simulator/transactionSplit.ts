/**
 * How one minute of an application divides among its transactions. Calls are shared out by
 * cumulative rounding, so the web transactions' calls add up to HttpDispatcher's exactly; their times
 * are scaled so that the count-weighted mean of their averages is HttpDispatcher's average; errors
 * are shared out the same way (by calls × error-proneness), so they add up to Errors/allWeb unless a
 * transaction would have more errors than calls. Background transactions divide OtherTransaction/all, and
 * their errors Errors/allOther (Errors/all is both).
 */
import type { SimApp } from './dataset';
import type { Minute } from './minutes';

export interface TransactionMinute {
  calls: number;
  totalMs: number;
  errors: number;
}

export interface MinuteSplit {
  web: TransactionMinute[];
  background: Array<{ calls: number; totalMs: number; errors: number }>;
}

/** `total` in whole parts proportional to `weights`, summing to `total` (cumulative rounding). */
export function shareOut(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, w) => a + w, 0);
  let cumulative = 0;
  let previous = 0;
  return weights.map((w, i) => {
    cumulative += w;
    const next = i === weights.length - 1 || sum <= 0 ? total : Math.round((total * cumulative) / sum);
    const part = sum <= 0 && i < weights.length - 1 ? 0 : next - previous;
    previous = next;
    return part;
  });
}

/** Times per transaction: `speeds` weighted by calls, scaled so that they add up to `calls × averageMs`. */
function shareTime(calls: readonly number[], speeds: readonly number[], averageMs: number): number[] {
  const raw = calls.map((c, i) => c * speeds[i] * averageMs);
  const sum = raw.reduce((a, r) => a + r, 0);
  const total = calls.reduce((a, c) => a + c, 0) * averageMs;
  return raw.map((r) => (sum > 0 ? (r * total) / sum : 0));
}

const splits = new WeakMap<Minute, Map<SimApp, MinuteSplit>>();

/** The application's minute `m` (of any scope) divided among its transactions; cached per minute. */
export function transactionSplit(app: SimApp, m: Minute): MinuteSplit {
  let byApp = splits.get(m);
  const cached = byApp?.get(app);
  if (cached) {
    return cached;
  }
  const p = app.profile;
  const calls = shareOut(
    m.calls,
    p.transactions.map((t) => t.weight),
  );
  const times = shareTime(
    calls,
    p.transactions.map((t) => t.speed * (m.shifts?.get(t.name)?.time ?? 1)),
    m.serverMs,
  );
  const errors = shareOut(
    m.errors,
    p.transactions.map((t) => t.weight * t.errorProneness * (m.shifts?.get(t.name)?.errors ?? 1)),
  );
  const otherCalls = shareOut(
    m.otherCalls,
    p.background.map((b) => b.weight),
  );
  const otherTimes = shareTime(
    otherCalls,
    p.background.map((b) => b.speed),
    m.otherMs,
  );
  const otherErrors = shareOut(
    m.otherErrors,
    p.background.map((b) => b.weight),
  );
  const split: MinuteSplit = {
    web: calls.map((c, i) => ({ calls: c, totalMs: times[i], errors: Math.min(c, errors[i]) })),
    background: otherCalls.map((c, i) => ({ calls: c, totalMs: otherTimes[i], errors: Math.min(c, otherErrors[i]) })),
  };
  if (!byApp) {
    byApp = new Map();
    splits.set(m, byApp);
  }
  byApp.set(app, split);
  return split;
}
