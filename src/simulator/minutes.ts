/**
 * What each scope did in each minute, a pure function of (seed, record, minute). One `Minute` feeds every metric,
 * so they agree: components add up to the response time, Apdex s + t + f = count = HttpDispatcher calls.
 */
import type { SimApp, SimHost, SimInstance } from './dataset';
import { Dataset } from './dataset';
import type { MinuteShifts } from './demoStory';
import { deploymentErrorFactor, deploymentFactor, deploymentShifts } from './deployments';
import { unit } from './random';

export type SimScope =
  | { kind: 'application'; app: SimApp }
  | { kind: 'host'; app: SimApp; host: SimHost }
  | { kind: 'instance'; app: SimApp; host: SimHost; instance: SimInstance };

/** What one scope did in one minute. Times are per web request, in ms. */
export interface Minute {
  calls: number;
  serverMs: number;
  queueMs: number;
  databaseMs: number;
  externalMs: number;
  memcacheMs: number;
  errors: number;
  /** Background transactions' errors (`Errors/allOther`); `Errors/all` is both. */
  otherErrors: number;
  apdex: Apdex;
  cpuPercent: number;
  memoryMb: number;
  otherCalls: number;
  otherMs: number;
  endUserCalls: number;
  endUserMs: number;
  endUserApdex: Apdex;
  /** The demo story's per-transaction factors (demoStory.ts), already in `serverMs` and `errors`. */
  shifts?: MinuteShifts;
}

export interface Apdex {
  s: number;
  t: number;
  f: number;
}

function clamp(x: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, x));
}

export function apdexSplit(calls: number, responseMs: number, thresholdSeconds: number, u1: number, u2: number): Apdex {
  const ratio = responseMs / (thresholdSeconds * 1000);
  const sFrac = clamp(1.05 - 0.45 * ratio + 0.05 * (u1 - 0.5), 0.05, 0.995);
  const fFrac = Math.min(1 - sFrac, clamp(0.04 * ratio * ratio + 0.005 * u2, 0.001, 0.6));
  const s = Math.round(calls * sFrac);
  const f = Math.min(calls - s, Math.round(calls * fFrac));
  return { s, t: calls - s - f, f };
}

function shareOf(a: Apdex, calls: number, total: number): Apdex {
  if (total === 0) {
    return { s: 0, t: 0, f: 0 };
  }
  const s = Math.round((a.s * calls) / total);
  const f = Math.min(calls - s, Math.round((a.f * calls) / total));
  return { s, t: calls - s - f, f };
}

function shiftScales(app: SimApp, shifts: MinuteShifts | undefined): { time: number; errors: number } {
  if (!shifts) {
    return { time: 1, errors: 1 };
  }
  let [time, time0, errors, errors0] = [0, 0, 0, 0];
  for (const t of app.profile.transactions) {
    const f = shifts.get(t.name) ?? { time: 1, errors: 1 };
    time += t.weight * t.speed * f.time;
    time0 += t.weight * t.speed;
    errors += t.weight * t.errorProneness * f.errors;
    errors0 += t.weight * t.errorProneness;
  }
  return { time: time0 > 0 ? time / time0 : 1, errors: errors0 > 0 ? errors / errors0 : 1 };
}

export function minuteOf(seed: number, scope: SimScope, minute: number): Minute {
  const app = scope.app;
  const p = app.profile;
  const key = Dataset.seriesKey('app', app.id);
  const u = (salt: number) => unit(seed, key, minute, salt);
  const share =
    scope.kind === 'application' ? 1 : scope.host.share * (scope.kind === 'instance' ? scope.instance.share : 1);
  const slowness = scope.kind === 'application' ? 1 : scope.host.slowness;
  const diurnal =
    1 + 0.35 * Math.sin((2 * Math.PI * ((((minute + app.clockShift) % 1440) + 1440) % 1440)) / 1440 + p.phase);
  const appCalls = app.reporting ? Math.max(0, Math.round(p.baseRpm * diurnal * (0.85 + 0.3 * u(0)))) : 0;
  const calls = Math.round(appCalls * share);
  const spike = u(2) > 0.985 ? 2.2 : 1;
  const afterDeploy = deploymentFactor(seed, app, minute);
  const errorFactor = deploymentErrorFactor(seed, app, minute);
  const shifts = deploymentShifts(seed, app, minute);
  const scales = shiftScales(app, shifts);
  const serverMs = app.reporting
    ? p.baseResponseMs * slowness * (0.85 + 0.3 * u(1)) * spike * afterDeploy * scales.time
    : 0;
  const queueMs = app.reporting && p.hasQueue ? 2 + 14 * u(5) : 0;
  const appApdex = apdexSplit(appCalls, serverMs + queueMs, p.apdexT, u(7), u(8));
  const endUserAppCalls = p.realUserMonitoring ? Math.round(appCalls * 0.55) : 0;
  const endUserMs = app.reporting ? (serverMs + queueMs) * 2.5 + 900 + 400 * u(12) : 0;
  const endUserCalls = Math.round(endUserAppCalls * share);
  const otherCalls = app.reporting ? Math.round(p.baseRpm * 0.15 * share * (0.8 + 0.4 * u(10))) : 0;
  const hostMemory =
    scope.kind === 'application'
      ? app.memoryMb
      : scope.host.memoryMb * (scope.kind === 'instance' ? scope.instance.share : 1);
  return {
    calls,
    serverMs,
    queueMs,
    databaseMs: serverMs * p.databaseShare * (0.8 + 0.4 * u(3)),
    externalMs: serverMs * p.externalShare * (0.8 + 0.4 * u(4)),
    memcacheMs: p.hasMemcache ? serverMs * p.memcacheShare : 0,
    errors: Math.min(calls, Math.round(calls * p.errorRate * errorFactor * scales.errors * (0.5 + u(6)))),
    apdex: shareOf(appApdex, calls, appCalls),
    cpuPercent: app.reporting ? clamp(8 + 45 * diurnal * slowness * 0.6 + 10 * u(9), 1, 99) : 0,
    memoryMb: app.reporting ? hostMemory * (0.95 + 0.1 * u(13)) : 0,
    otherCalls,
    otherErrors: Math.min(otherCalls, Math.round(otherCalls * p.errorRate * errorFactor * (0.5 + u(16)))),
    otherMs: app.reporting ? p.baseResponseMs * 2.5 * (0.8 + 0.4 * u(11)) : 0,
    endUserCalls,
    endUserMs,
    endUserApdex: shareOf(
      apdexSplit(endUserAppCalls, endUserMs, p.endUserApdexT, u(14), u(15)),
      endUserCalls,
      endUserAppCalls,
    ),
    ...(shifts ? { shifts } : {}),
  };
}
