/**
 * Timeslices: the values of a metric over a range of minutes, aggregated from the scope's minutes
 * (minutes.ts) as the service aggregates them, with long ranges sampled.
 */
import type { MetricDef } from './metricCatalog';
import { valueNames } from './metricCatalog';
import type { Minute, SimScope } from './minutes';
import { minuteOf } from './minutes';

type Raw =
  | { type: 'timed'; calls: number; totalMs: number; minMs: number; maxMs: number }
  | { type: 'apdex'; s: number; t: number; f: number }
  | { type: 'gauge'; value: number }
  | { type: 'errors'; count: number };

function rawOf(def: MetricDef, m: Minute): Raw {
  switch (def.kind) {
    case 'apdex':
      return { type: 'apdex', ...(def.apdex ? def.apdex(m) : m.apdex) };
    case 'endUserApdex':
      return { type: 'apdex', ...m.endUserApdex };
    case 'errors':
      return { type: 'errors', count: def.errors ? def.errors(m) : m.errors };
    case 'cpu':
      return { type: 'gauge', value: m.cpuPercent };
    case 'memory':
      return { type: 'gauge', value: m.memoryMb };
    default: {
      const { calls, totalMs } = def.timed!(m);
      const avg = calls > 0 ? totalMs / calls : 0;
      return { type: 'timed', calls, totalMs, minMs: avg * 0.35, maxMs: avg * 2.6 };
    }
  }
}

const round = (x: number, digits = 3) => {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
};

/**
 * The values of one timeslice made of `raws` (one per sampled minute), `weight` minutes per sample,
 * over `minutes` minutes in all.
 */
function valuesOf(
  def: MetricDef,
  scope: SimScope,
  raws: Raw[],
  weight: number,
  minutes: number,
): Record<string, number> {
  const p = scope.app.profile;
  switch (def.kind) {
    case 'apdex':
    case 'endUserApdex': {
      let s = 0,
        t = 0,
        f = 0;
      for (const r of raws) {
        if (r.type === 'apdex') {
          s += r.s * weight;
          t += r.t * weight;
          f += r.f * weight;
        }
      }
      const count = s + t + f;
      const score = count > 0 ? round((s + t / 2) / count, 2) : 0;
      const out: Record<string, number> = { score, s, t, f, count };
      if (def.kind === 'apdex') {
        Object.assign(out, { value: score, threshold: p.apdexT, threshold_min: p.apdexT });
      }
      return out;
    }
    case 'errors': {
      const count = raws.reduce((a, r) => a + (r.type === 'errors' ? r.count : 0), 0) * weight;
      return { error_count: count, errors_per_minute: round(count / minutes) };
    }
    case 'cpu':
    case 'memory': {
      const avg = raws.reduce((a, r) => a + (r.type === 'gauge' ? r.value : 0), 0) / Math.max(1, raws.length);
      return { [valueNames(def, scope.kind)[0]]: round(avg, def.kind === 'cpu' ? 2 : 1) };
    }
    default: {
      let calls = 0,
        total = 0,
        min = Number.POSITIVE_INFINITY,
        max = 0;
      for (const r of raws) {
        if (r.type === 'timed') {
          calls += r.calls * weight;
          total += r.totalMs * weight;
          if (r.calls > 0) {
            min = Math.min(min, r.minMs);
            max = Math.max(max, r.maxMs);
          }
        }
      }
      const avg = calls > 0 ? total / calls : 0;
      if (def.kind === 'dispatcher') {
        return {
          average_response_time: round(avg),
          average_call_time: round(avg),
          call_count: calls,
          requests_per_minute: round(calls / minutes),
        };
      }
      if (def.kind === 'endUser') {
        return { call_count: calls, average_response_time: round(avg) };
      }
      return {
        average_response_time: round(avg),
        calls_per_minute: round(calls / minutes),
        call_count: calls,
        min_response_time: calls > 0 ? round(min) : 0,
        max_response_time: round(max),
        average_exclusive_time: round(avg * 0.82),
        average_value: round(avg / 1000, 6),
        total_call_time_per_minute: round(total / minutes),
        requests_per_minute: round(calls / minutes),
        standard_deviation: round(avg * 0.4),
      };
    }
  }
}

/** Values of `defs` over the minutes [startMinute, endMinute), sampling at most ~60 minutes per slice. */
export function sliceValues(
  seed: number,
  scope: SimScope,
  defs: MetricDef[],
  startMinute: number,
  endMinute: number,
): Array<Record<string, number>> {
  const minutes = Math.max(1, endMinute - startMinute);
  // Long slices (3 h and more) are sampled: each sample stands for `stride` minutes.
  const stride = Math.max(1, Math.floor(minutes / 60));
  const perDef: Raw[][] = defs.map(() => []);
  for (let minute = startMinute; minute < endMinute; minute += stride) {
    const m = minuteOf(seed, scope, minute);
    defs.forEach((def, i) => perDef[i].push(rawOf(def, m)));
  }
  return defs.map((def, i) => valuesOf(def, scope, perDef[i], stride, minutes));
}
