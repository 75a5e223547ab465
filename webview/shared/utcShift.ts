/**
 * Showing times in UTC with a date library that only knows local time: move the instant so that
 * its local-time fields read as the original's UTC fields, work in local time, and move back.
 * Exact except within an hour of a daylight saving change, where a tick may land an hour off.
 * No DOM, so unit tests run it in Node.
 */

/** The instant whose local-time fields equal the UTC fields of `ms`. */
export function utcAsLocal(ms: number): number {
  return ms + new Date(ms).getTimezoneOffset() * 60_000;
}

/** The inverse of `utcAsLocal`. */
export function localAsUtc(shifted: number): number {
  const guess = shifted - new Date(shifted).getTimezoneOffset() * 60_000;
  return shifted - new Date(guess).getTimezoneOffset() * 60_000;
}
