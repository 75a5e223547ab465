// Foreign text made safe where VS Code parses what it shows: notifications turn `[label](command:…)` into a link that
// runs the command, and several surfaces turn `$(name)` into an icon.

/** Longest foreign string shown in one place; the rest becomes "…". */
export const MAX_FOREIGN_LENGTH = 200;

/** U+200B: invisible, so the text still reads as the service sent it, yet no parser sees the syntax. */
const BREAK = '\u200b';

/**
 * Controls but the newline, and the invisible characters that reorder or hide text: bidi marks, zero-width
 * characters, blank fillers, variation selectors and tag characters (Unicode's "ASCII smuggling"). One pattern
 * for every surface, the webview's included.
 */
export const INVISIBLE =
  // eslint-disable-next-line no-control-regex, no-misleading-character-class -- a class of single code points, on purpose
  /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff9-\ufffb\u{1d173}-\u{1d17a}\u{e0000}-\u{e007f}\u{e0100}-\u{e01ef}]/gu;

const LINE_BREAKS = /[\r\n\t\u0085\u2028\u2029]+/g;

/** For surfaces that parse no syntax (diagnostics, hovers' plain parts, logs). */
export function plainLine(text: string, max: number): string {
  const line = text.replace(LINE_BREAKS, ' ').replace(INVISIBLE, '');
  const chars = [...line]; // By code point, so a cut never splits a surrogate pair.
  return chars.length > max ? `${chars.slice(0, Math.max(0, max - 1)).join('')}…` : line;
}

/** Input that must be shown as it will be written is refused on this, not stripped. */
export function hasHiddenCharacters(text: string, lines = false): boolean {
  return text.replace(INVISIBLE, '') !== text || (lines ? /[\u2028\u2029]/ : /[\n\u2028\u2029]/).test(text);
}

/** Link and icon syntax broken by an invisible character, so nothing in it can be clicked to run a command. */
export function safeText(text: unknown, max = MAX_FOREIGN_LENGTH): string {
  const s = plainLine(typeof text === 'string' ? text : String(text), max);
  return (
    s
      // Brackets and parentheses each get a break, so neither the markdown form `[x](y)`, nor
      // `[x] (y)`-like variants, nor autolink forms `<command:…>` can be assembled from them.
      .replace(/[[\]]/g, `$&${BREAK}`)
      .replace(/\(/g, `${BREAK}(`)
      .replace(/</g, `<${BREAK}`)
  );
}

/** A binding's `name` comes from a cloned repository and is shown in the status bar and notifications. */
export function isPlainDisplayName(value: string): boolean {
  return (
    value.length > 0 &&
    value.length <= MAX_FOREIGN_LENGTH &&
    plainLine(value, MAX_FOREIGN_LENGTH) === value &&
    !/[[\]<>`]|\$\(/.test(value)
  );
}

/**
 * Theme icons are substituted after the markdown is rendered (where `\(` is plain `(` again), so `$` gets an
 * invisible U+200B after it and `$(zap)` in a name stays text.
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(INVISIBLE, '')
    .replace(/\$/g, '$\u200b')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/[\\`*_{}[\]()#+\-.!|~]/g, '\\$&')
    .replace(/\r?\n/g, ' ');
}
