import { parseBraces } from './parsers/braces';
import { parseGo } from './parsers/go';
import { parseJavaScript } from './parsers/javascript';
import { parsePhp } from './parsers/php';
import { parsePython } from './parsers/python';
import { parseRuby } from './parsers/ruby';
import type { ParsedSource, SourceLanguage } from './symbols';

const PARSERS: Readonly<Record<SourceLanguage, (text: string) => ParsedSource>> = {
  ruby: parseRuby,
  python: parsePython,
  java: parseBraces,
  csharp: parseBraces,
  php: parsePhp,
  go: parseGo,
  javascript: parseJavaScript,
};

// A file over half a megabyte is generated or minified; with linear parsers this bounds a parse to a few
// milliseconds (docs/performance.md, the hostile-sources figure).
export const MAX_SOURCE_BYTES = 512 * 1024;

export function oversizedSource(text: string): number | undefined {
  // A character takes at least one byte: a text this short is under the bound without counting.
  if (text.length * 3 <= MAX_SOURCE_BYTES) {
    return undefined;
  }
  const bytes = Buffer.byteLength(text, 'utf8');
  return bytes > MAX_SOURCE_BYTES ? bytes : undefined;
}

export function oversizedMessage(path: string, bytes: number): string {
  return `skipped ${path}: ${Math.ceil(bytes / 1024)} KB, over the ${MAX_SOURCE_BYTES / 1024} KB a source file may have (generated or minified code)`;
}

export function parseSource(language: SourceLanguage, text: string): ParsedSource {
  return PARSERS[language](text);
}
