/** Runs `fn` with the process in another time zone (Node re-reads TZ when it changes). */
export function inZone(zone: string, fn: () => void): void {
  const saved = process.env.TZ;
  process.env.TZ = zone;
  try {
    fn();
  } finally {
    if (saved === undefined) {
      delete process.env.TZ;
    } else {
      process.env.TZ = saved;
    }
  }
}
