// Text wrapped for the markers' hover boxes on the canvas; `measure` is the canvas's measureText.

/** The most lines one hover box draws: past them the box would cover the chart it explains. */
export const MAX_WRAPPED_LINES = 14;

function fittingStart(word: string, width: number, measure: (s: string) => number): number {
  let lo = 1;
  let hi = word.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (measure(word.slice(0, mid)) <= width) {
      lo = mid;
    } else {
      hi = mid - 1;
    }
  }
  return lo;
}

/** Stops when the box is full and cuts long words by binary search, so foreign text of any length costs bounded measurements. */
export function wrapLines(lines: readonly string[], width: number, measure: (s: string) => number): string[] {
  const out: string[] = [];
  const full = () => out.length > MAX_WRAPPED_LINES;
  for (const line of lines) {
    let current = '';
    for (const word of line.split(' ')) {
      if (full()) {
        break;
      }
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
      while (!full() && rest.length > 1 && measure(rest) > width) {
        const n = fittingStart(rest, width, measure);
        out.push(rest.slice(0, n));
        rest = rest.slice(n);
      }
      current = rest;
    }
    if (full()) {
      break;
    }
    out.push(current);
  }
  if (out.length <= MAX_WRAPPED_LINES) {
    return out;
  }
  return [...out.slice(0, MAX_WRAPPED_LINES - 1), `${out[MAX_WRAPPED_LINES - 1]}…`];
}
