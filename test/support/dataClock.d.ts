/** The instant the demo's data clock reads when a harness starts the extension (dataClock.js). */
export function dataClock(): string;
export const DEFAULT_DATA_CLOCK: string;
