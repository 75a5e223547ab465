/**
 * Ticks on round times in local time or UTC. Chart.js's time ticks step one unit and skip labels that do not
 * fit, leaving uneven gaps (10:35, 10:39, 10:43, 10:48), and its adapter only knows local time.
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

export function chooseStep(spanMs: number, maxTicks: number): TickStep {
  return STEPS.find((s) => spanMs / stepMs(s) <= maxTicks) ?? STEPS[STEPS.length - 1];
}

type Zone = ReturnType<typeof zoneContext>;

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

export function formatTickLabel(ms: number, step: TickStep, tz: TimeZoneMode): string {
  const time = format(ms, 'HH:mm', zoneContext(tz));
  return step.unit === 'day' || time === '00:00' ? format(ms, 'MMM d', zoneContext(tz)) : time;
}
