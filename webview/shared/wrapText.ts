/**
 * Text lines wrapped to a width, for the markers' hover boxes drawn on the canvas: a long alert title is
 * shown whole over several lines instead of cut. Words break at spaces; a word wider than the box breaks
 * where it must. Pure: the width of a string comes from `measure` (the canvas's measureText), so unit tests
 * run it in Node.
 */

/** The most lines one hover box draws: past them the box would cover the chart it explains. */
export const MAX_WRAPPED_LINES = 14;

export function wrapLines(lines: readonly string[], width: number, measure: (s: string) => number): string[] {
  const out: string[] = [];
  for (const line of lines) {
    let current = '';
    for (const word of line.split(' ')) {
      const candidate = current === '' ? word : `${current} ${word}`;
      if (measure(candidate) <= width) {
        current = candidate;
        continue;
      }
      if (current !== '') {
        out.push(current);
      }
      // A word wider than the box: as many characters per line as fit (at least one).
      let rest = word;
      while (measure(rest) > width && rest.length > 1) {
        let n = rest.length - 1;
        while (n > 1 && measure(rest.slice(0, n)) > width) {
          n--;
        }
        out.push(rest.slice(0, n));
        rest = rest.slice(n);
      }
      current = rest;
    }
    out.push(current);
  }
  if (out.length <= MAX_WRAPPED_LINES) {
    return out;
  }
  return [...out.slice(0, MAX_WRAPPED_LINES - 1), `${out[MAX_WRAPPED_LINES - 1]}…`];
}
