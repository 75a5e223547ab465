/** RFC 5988 `Link` headers, as the service sends them on multi-page lists. */

/** The URL with `rel="next"` in a Link header, if any. */
export function nextPageUrl(linkHeader: string | undefined): string | undefined {
  if (!linkHeader) {
    return undefined;
  }
  for (const part of linkHeader.split(/,(?=\s*<)/)) {
    const match = /^\s*<([^>]*)>(.*)$/.exec(part);
    if (match && /;\s*rel\s*=\s*"?([^";]*\s)?next(\s[^";]*)?"?\s*(;|$)/i.test(match[2])) {
      return match[1];
    }
  }
  return undefined;
}
