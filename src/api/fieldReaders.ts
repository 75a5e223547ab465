// Each reader answers undefined for a value of another shape, so a parser skips what it cannot read.

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function record(v: unknown): Record<string, unknown> | undefined {
  return isRecord(v) ? v : undefined;
}

export function text(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v : undefined;
}

/** A non-empty string, or a number as its text (REST gives some revisions as numbers), or undefined. */
export function textOrNumber(v: unknown): string | undefined {
  return typeof v === 'number' ? String(v) : text(v);
}
