/** The built-in parser for a source language (used when no language extension gives symbols). */
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

export function parseSource(language: SourceLanguage, text: string): ParsedSource {
  return PARSERS[language](text);
}
