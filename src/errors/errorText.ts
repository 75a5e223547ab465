// One line, no control, bidi or zero-width characters (a class named `eve\u202egnp.exe` must not read as
// another name), bounded length (src/util/safeText.ts).
import { plainLine } from '../util/safeText';

/** Longest error text shown in one place; the rest becomes "…". Messages can hold whole payloads. */
export const MAX_ERROR_TEXT_LENGTH = 300;

// A message's later lines are usually a dump or a nested stack.
export function errorText(text: unknown, kind: 'message' | 'class' | 'frame', max = MAX_ERROR_TEXT_LENGTH): string {
  const s = typeof text === 'string' ? text : typeof text === 'number' || typeof text === 'boolean' ? String(text) : '';
  return plainLine(kind === 'message' ? firstLineWithText(s) : s, max).trim();
}

function firstLineWithText(s: string): string {
  let start = 0;
  while (start < s.length) {
    const newline = s.indexOf('\n', start);
    const end = newline < 0 ? s.length : newline;
    const line = s.slice(start, end);
    if (line.trim().length > 0) {
      return line;
    }
    start = end + 1;
  }
  return '';
}
