/**
 * The date-fns adapter for Chart.js's time scale, plus a UTC mode: a scale whose
 * `adapters.date.timeZone` is 'utc' gets its ticks placed on UTC boundaries and labelled in UTC.
 * chartjs-adapter-date-fns works in local time only (it passes no time zone to `startOf`), and
 * date-fns needs @date-fns/tz for zones, so the instants are shifted instead (see utcShift.ts).
 */
import { _adapters } from 'chart.js';
import type { DateAdapter, TimeUnit } from 'chart.js';
import 'chartjs-adapter-date-fns';

import { localAsUtc, utcAsLocal } from '../shared/utcShift';

export interface DateAdapterOptions {
  timeZone?: 'local' | 'utc';
}

const base = _adapters._date.prototype as unknown as DateAdapter<DateAdapterOptions>;
const local = { format: base.format, add: base.add, diff: base.diff, startOf: base.startOf, endOf: base.endOf };

const isUtc = (adapter: DateAdapter<DateAdapterOptions>): boolean => adapter.options?.timeZone === 'utc';

_adapters._date.override<DateAdapterOptions>({
  format(time: number, fmt: string): string {
    return local.format.call(this, isUtc(this) ? utcAsLocal(time) : time, fmt);
  },
  add(time: number, amount: number, unit: TimeUnit): number {
    return isUtc(this) ? localAsUtc(+local.add.call(this, utcAsLocal(time), amount, unit)) : local.add.call(this, time, amount, unit);
  },
  diff(a: number, b: number, unit: TimeUnit): number {
    return isUtc(this) ? local.diff.call(this, utcAsLocal(a), utcAsLocal(b), unit) : local.diff.call(this, a, b, unit);
  },
  startOf(time: number, unit: TimeUnit | 'isoWeek', weekday?: number | boolean): number {
    return isUtc(this) ? localAsUtc(+local.startOf.call(this, utcAsLocal(time), unit, weekday)) : local.startOf.call(this, time, unit, weekday);
  },
  endOf(time: number, unit: TimeUnit): number {
    return isUtc(this) ? localAsUtc(+local.endOf.call(this, utcAsLocal(time), unit)) : local.endOf.call(this, time, unit);
  },
});
