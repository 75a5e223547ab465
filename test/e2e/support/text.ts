/** A pattern matching `text` exactly (surrounding whitespace allowed), for Playwright's `hasText`. */
export function exactly(text: string): RegExp {
  return new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
}
