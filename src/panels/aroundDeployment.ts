// The "around a deployment" range, one path for the panel's controls and the tree's click: the window after is the
// range, the equal window before the compare overlay, shifted onto it as "1 day earlier" is.
import type { RangeSelection } from './protocol';

/** The window on each side of a deployment (the vendor's IDE extension compares 3 h after with 3 h before). */
export const AROUND_DEPLOYMENT_MS = 3 * 3_600_000;

const MIN_AROUND_MS = 60_000;

export function rangeAround(time: number, now: number, windowMs = AROUND_DEPLOYMENT_MS): RangeSelection {
  const to = Math.max(Math.min(now, time + windowMs), time + MIN_AROUND_MS);
  return {
    preset: 'custom',
    from: new Date(time).toISOString(),
    to: new Date(to).toISOString(),
    compare: 'none',
    around: time,
  };
}
