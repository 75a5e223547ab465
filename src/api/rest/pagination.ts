// RFC 8288 `Link` headers in one left-to-right scan: a backtracking regular expression took seconds on a crafted 16 KB header.

export function nextPageUrl(linkHeader: string | undefined): string | undefined {
  if (!linkHeader) {
    return undefined;
  }
  const s = linkHeader;
  let i = 0;
  while (i < s.length) {
    // Each link-value: "<" URI-Reference ">" *( ";" link-param ), separated by commas.
    const open = s.indexOf('<', i);
    if (open < 0) {
      return undefined;
    }
    const close = s.indexOf('>', open + 1);
    if (close < 0) {
      return undefined;
    }
    const url = s.slice(open + 1, close);
    i = close + 1;
    let isNext = false;
    // Parameters up to the comma that ends this link-value (a comma inside quotes does not).
    while (i < s.length && s[i] !== ',') {
      if (s[i] !== ';') {
        i++;
        continue;
      }
      i++;
      const nameStart = i;
      while (i < s.length && s[i] !== '=' && s[i] !== ';' && s[i] !== ',') {
        i++;
      }
      const name = s.slice(nameStart, i).trim().toLowerCase();
      if (s[i] !== '=') {
        continue;
      }
      i++;
      while (s[i] === ' ' || s[i] === '\t') {
        i++;
      }
      let value: string;
      if (s[i] === '"') {
        const end = s.indexOf('"', i + 1);
        const stop = end < 0 ? s.length : end;
        value = s.slice(i + 1, stop);
        i = end < 0 ? s.length : end + 1;
      } else {
        const valueStart = i;
        while (i < s.length && s[i] !== ';' && s[i] !== ',') {
          i++;
        }
        value = s.slice(valueStart, i);
      }
      // rel may list several relation types separated by spaces: rel="next last".
      if (name === 'rel' && value.trim().toLowerCase().split(/\s+/).includes('next')) {
        isNext = true;
      }
    }
    if (isNext) {
      return url;
    }
    i++; // past the comma
  }
  return undefined;
}
