/** NerdGraph's opaque page cursors as the simulator writes them: an offset, base64 JSON (opaque to clients: docs/service.md#pagination). */
export function encodeCursor(offset: number): string {
  return Buffer.from(JSON.stringify({ o: offset })).toString('base64');
}

/** The offset of a cursor this simulator wrote; undefined for anything else. */
export function decodeCursor(cursor: string): number | undefined {
  try {
    const o = (JSON.parse(Buffer.from(cursor, 'base64').toString('utf8')) as { o?: unknown }).o;
    return typeof o === 'number' && Number.isInteger(o) && o >= 0 ? o : undefined;
  } catch {
    return undefined;
  }
}
