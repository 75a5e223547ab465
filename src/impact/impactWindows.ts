// The deployment's own minute is left out (it holds calls from both sides); the service shows no net impact
// while less than its period has passed (docs.newrelic.com, change tracking, view and analyze data).
import { DEFAULT_IMPACT_WINDOW_MINUTES } from './thresholds';

const MINUTE = 60_000;

export interface TimeWindow {
  from: number;
  to: number;
}

export interface ImpactWindows {
  before: TimeWindow;
  after: TimeWindow;
  minutes: number;
}

export interface ImpactWindowOptions {
  maxMinutes?: number;
  previousAt?: number;
  nextAt?: number;
}

/** The windows before and after a deployment at `deployedAt`, as known at `now`; undefined until a whole minute has passed. */
export function impactWindows(
  deployedAt: number,
  now: number,
  options: ImpactWindowOptions = {},
): ImpactWindows | undefined {
  const beforeEnd = Math.floor(deployedAt / MINUTE) * MINUTE;
  const afterStart = Math.floor(deployedAt / MINUTE) * MINUTE + MINUTE;
  const afterLimit = Math.floor(Math.min(now, options.nextAt ?? Infinity) / MINUTE) * MINUTE;
  const beforeLimit =
    options.previousAt === undefined ? -Infinity : Math.floor(options.previousAt / MINUTE) * MINUTE + MINUTE;
  const minutes = Math.min(
    Math.max(1, Math.floor(options.maxMinutes ?? DEFAULT_IMPACT_WINDOW_MINUTES)),
    Math.floor((afterLimit - afterStart) / MINUTE),
    Math.floor((beforeEnd - beforeLimit) / MINUTE),
  );
  if (!(minutes >= 1)) {
    return undefined;
  }
  return {
    before: { from: beforeEnd - minutes * MINUTE, to: beforeEnd },
    after: { from: afterStart, to: afterStart + minutes * MINUTE },
    minutes,
  };
}
