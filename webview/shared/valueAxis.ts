/**
 * What a chart's value (y) axis may show, by the chart's unit. No DOM here, so it is unit-tested.
 */

/** An Apdex score lies in 0..1: the axis shows exactly that, never a 1.5 it cannot reach. */
export function valueScaleBounds(unit: string): { min: number; max: number } | { grace: string } {
  return unit === 'apdex' ? { min: 0, max: 1 } : { grace: '5%' };
}

/** A count (of errors) is whole: no tick at 0.5 or 1.5. Rates and times keep their fractions. */
export function valueTickPrecision(unit: string): { precision?: number } {
  return unit === 'count' ? { precision: 0 } : {};
}
