/**
 * Time-axis ticks on round times (every 5 minutes at :00, :05…, every 6 hours at 00:00, 06:00…,
 * midnights) in local time or UTC, spaced for the axis width. Chart.js's own time ticks step one
 * unit at a time and then skip labels that do not fit, which leaves uneven gaps (10:35, 10:39,
 * 10:43, 10:48), and its date adapter only knows local time. date-fns does the calendar work here
 * in the panel's zone. No DOM, so unit tests run it in Node.
 */
// Each from its own file: through the package's index the panel bundle kept a stub for each of its ~300 exports.
import { addDays } from 'date-fns/addDays';
import { addHours } from 'date-fns/addHours';
import { addMinutes } from 'date-fns/addMinutes';
import { format } from 'date-fns/format';
import { startOfDay } from 'date-fns/startOfDay';
import { startOfHour } from 'date-fns/startOfHour';

import type { TimeZoneMode } from './format';
import { zoneContext } from './format';

export interface TickStep {
  unit: 'minute' | 'hour' | 'day';
  count: number;
}

const UNIT_MS = { minute: 60_000, hour: 3_600_000, day: 86_400_000 } as const;

const STEPS: readonly TickStep[] = [
  { unit: 'minute', count: 1 },
  { unit: 'minute', count: 2 },
  { unit: 'minute', count: 5 },
  { unit: 'minute', count: 10 },
  { unit: 'minute', count: 15 },
  { unit: 'minute', count: 30 },
  { unit: 'hour', count: 1 },
  { unit: 'hour', count: 2 },
  { unit: 'hour', count: 3 },
  { unit: 'hour', count: 6 },
  { unit: 'hour', count: 12 },
  { unit: 'day', count: 1 },
  { unit: 'day', count: 2 },
  { unit: 'day', count: 7 },
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

type Zone = ReturnType<typeof zoneContext>;

/** The first instant the step's ticks count from: the hour for minute steps, the day otherwise. */
function tickOrigin(ms: number, step: TickStep, zone: Zone): number {
  return (step.unit === 'minute' ? startOfHour(ms, zone) : startOfDay(ms, zone)).getTime();
}

function advance(ms: number, step: TickStep, zone: Zone): number {
  const add = step.unit === 'minute' ? addMinutes : step.unit === 'hour' ? addHours : addDays;
  return add(ms, step.count, zone).getTime();
}

export function timeTicks(
  from: number,
  to: number,
  widthPx: number,
  tz: TimeZoneMode,
): { step: TickStep; ticks: number[] } {
  const step = chooseStep(to - from, Math.max(2, Math.floor(widthPx / TICK_LABEL_PX)));
  const ticks: number[] = [];
  if (!(to > from)) {
    return { step, ticks };
  }
  // Count from a round wall-clock time (date-fns does the calendar, daylight saving included).
  const zone = zoneContext(tz);
  let t = tickOrigin(from, step, zone);
  while (t < from) {
    t = advance(t, step, zone);
  }
  for (; t <= to; t = advance(t, step, zone)) {
    ticks.push(t);
  }
  return { step, ticks };
}

/** "10:35", or "Jan 5" at midnight and for day steps. */
export function formatTickLabel(ms: number, step: TickStep, tz: TimeZoneMode): string {
  const time = format(ms, 'HH:mm', zoneContext(tz));
  return step.unit === 'day' || time === '00:00' ? format(ms, 'MMM d', zoneContext(tz)) : time;
}
