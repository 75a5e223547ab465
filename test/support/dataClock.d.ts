/** Minutes from now to the data clock's instant, the same for the whole test process (dataClock.js). */
export function dataClockShift(): number;
export const DEFAULT_DATA_CLOCK: string;
