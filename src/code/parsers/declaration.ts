// A scan, not a pattern: a pattern for these words repeats a quantifier inside another, and a line of
// `a<b> a<b> …` made it take minutes.

const WORD_CHAR = /[\w<>[\],.?@]/;
const NAME_CHAR = /\w/;
const SPACE = /\s/;

// Other characters (`=`, `"`) only inside a `<…>` that starts inside a word, as in `Foo<@A(…)…>`.
export function declaredMethod(line: string): string | undefined {
  const paren = line.indexOf('(');
  let end = paren;
  while (end > 0 && SPACE.test(line[end - 1])) {
    end--;
  }
  let start = end;
  while (start > 0 && NAME_CHAR.test(line[start - 1])) {
    start--;
  }
  // The name: an identifier after a space (so after at least one word), not starting with a digit.
  if (paren < 0 || start === end || start === 0 || !SPACE.test(line[start - 1]) || /\d/.test(line[start])) {
    return undefined;
  }
  let firstOther = -1;
  let lastOther = -1;
  let groupOpen = -1; // the first `<` inside a word
  let groupClose = -1; // the last `>` followed by a space
  for (let i = 0; i < start; i++) {
    const ch = line[i];
    if (ch === '<' && groupOpen < 0 && i > 0 && !SPACE.test(line[i - 1])) {
      groupOpen = i;
    } else if (ch === '>' && SPACE.test(line[i + 1])) {
      groupClose = i;
    }
    if (!WORD_CHAR.test(ch) && !SPACE.test(ch)) {
      firstOther = firstOther < 0 ? i : firstOther;
      lastOther = i;
    }
  }
  if (firstOther >= 0 && !(groupOpen >= 0 && groupOpen < firstOther && groupClose > lastOther)) {
    return undefined;
  }
  return line.slice(start, end);
}
