/**
 * Time-axis ticks on round times (every 5 minutes at :00, :05…, every 6 hours at 00:00, 06:00…,
 * midnights) in local time or UTC, spaced for the axis width. Chart.js's own time ticks step one
 * unit at a time and then skip labels that do not fit, which leaves uneven gaps (10:35, 10:39,
 * 10:43, 10:48), and its date adapter only knows local time. No DOM, so unit tests run it in Node.
 */
import type { TimeZoneMode } from './format';

export interface TickStep {
  unit: 'minute' | 'hour' | 'day';
  count: number;
}

const UNIT_MS = { minute: 60_000, hour: 3_600_000, day: 86_400_000 } as const;

const STEPS: readonly TickStep[] = [
  { unit: 'minute', count: 1 }, { unit: 'minute', count: 2 }, { unit: 'minute', count: 5 }, { unit: 'minute', count: 10 },
  { unit: 'minute', count: 15 }, { unit: 'minute', count: 30 }, { unit: 'hour', count: 1 }, { unit: 'hour', count: 2 },
  { unit: 'hour', count: 3 }, { unit: 'hour', count: 6 }, { unit: 'hour', count: 12 }, { unit: 'day', count: 1 },
  { unit: 'day', count: 2 }, { unit: 'day', count: 7 },
];

/** Room one label needs ("Jan 25" or "10:35" plus a gap), in CSS pixels. */
export const TICK_LABEL_PX = 64;

export function stepMs(step: TickStep): number {
  return UNIT_MS[step.unit] * step.count;
}

/** The finest step that puts at most `maxTicks` ticks on the span. */
export function chooseStep(spanMs: number, maxTicks: number): TickStep {
  return STEPS.find((s) => spanMs / stepMs(s) <= maxTicks) ?? STEPS[STEPS.length - 1];
}

/** Milliseconds to add to an instant to get its wall-clock time in `tz` as if it were UTC. */
function wallOffset(ms: number, tz: TimeZoneMode): number {
  return tz === 'utc' ? 0 : -new Date(ms).getTimezoneOffset() * 60_000;
}

function startOfDay(ms: number, tz: TimeZoneMode): number {
  const d = new Date(ms);
  return tz === 'utc' ? Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()) : new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
}

function addDays(ms: number, days: number, tz: TimeZoneMode): number {
  const d = new Date(ms);
  return tz === 'utc'
    ? Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + days)
    : new Date(d.getFullYear(), d.getMonth(), d.getDate() + days).getTime();
}

export function timeTicks(from: number, to: number, widthPx: number, tz: TimeZoneMode): { step: TickStep; ticks: number[] } {
  const step = chooseStep(to - from, Math.max(2, Math.floor(widthPx / TICK_LABEL_PX)));
  const ticks: number[] = [];
  if (!(to > from)) {
    return { step, ticks };
  }
  if (step.unit === 'day') {
    // Midnights, counted from the first one in the range; days are not all 24 h in local time.
    for (let t = startOfDay(from, tz) < from ? addDays(startOfDay(from, tz), 1, tz) : from; t <= to; t = addDays(t, step.count, tz)) {
      ticks.push(t);
    }
    return { step, ticks };
  }
  const size = stepMs(step);
  const offset = wallOffset(from, tz);
  for (let t = Math.ceil((from + offset) / size) * size - offset; t <= to; t += size) {
    ticks.push(t);
  }
  return { step, ticks };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

/** "10:35", or "Jan 5" at midnight and for day steps. */
export function formatTickLabel(ms: number, step: TickStep, tz: TimeZoneMode): string {
  const d = new Date(ms);
  const [month, day, hour, minute] = tz === 'utc'
    ? [d.getUTCMonth(), d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes()]
    : [d.getMonth(), d.getDate(), d.getHours(), d.getMinutes()];
  if (step.unit === 'day' || (hour === 0 && minute === 0)) {
    return `${MONTHS[month]} ${day}`;
  }
  return `${pad(hour)}:${pad(minute)}`;
}
