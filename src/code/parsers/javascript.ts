// A router defined in one file and mounted in another gets its prefix through the file's imports.
import { C_LIKE, lineIndex, withoutComments } from '../sourceText';
import type { CodeSymbol, ParsedSource } from '../symbols';

// The object is read backwards (`objectBefore`): a pattern starting at every identifier went over `a$a$a$…`
// once per character. A path on one line: an unterminated string cannot take in the lines after it.
const ROUTE = /\.\s*(get|post|put|patch|delete|all|options|head)\s*\(\s*(['"`])([^'"`\n]*)\2/g;
const MOUNT =
  /\.\s*use\s*\(\s*(['"`])([^'"`\n]*)\1\s*,\s*(?:require\s*\(\s*(['"])([^'"\n]+)\3\s*\)|([A-Za-z_$][\w$]*))/g;
const REQUIRE = /\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*require\s*\(\s*(['"])([^'"\n]+)\2\s*\)/g;
const IMPORT = /\bimport\s+([A-Za-z_$][\w$]*)\s+from\s+(['"])([^'"\n]+)\2/g;

function isIdentifierChar(code: number): boolean {
  return (
    (code >= 97 && code <= 122) ||
    (code >= 65 && code <= 90) ||
    (code >= 48 && code <= 57) ||
    code === 95 ||
    code === 36
  );
}

function objectBefore(code: string, dot: number): { name: string; at: number } | undefined {
  let end = dot;
  while (end > 0 && /\s/.test(code[end - 1])) {
    end--;
  }
  let start = end;
  while (start > 0 && isIdentifierChar(code.charCodeAt(start - 1))) {
    start--;
  }
  const name = code.slice(start, end);
  return /^[A-Za-z_$]/.test(name) ? { name, at: start } : undefined;
}

export function parseJavaScript(text: string): ParsedSource {
  const code = withoutComments(text, C_LIKE);
  const lineOf = lineIndex(code);
  const symbols: CodeSymbol[] = [];
  for (const m of code.matchAll(ROUTE)) {
    const object = objectBefore(code, m.index);
    // Only paths: `app.get('env')` reads a setting, and `map.get('key')` is no route either.
    if (!object || !m[3].startsWith('/')) {
      continue;
    }
    const route: CodeSymbol = { kind: 'route', name: '', container: [], line: lineOf(object.at), path: m[3] };
    if (m[1] !== 'all') {
      route.verb = m[1].toUpperCase();
    }
    route.router = object.name;
    symbols.push(route);
  }
  const mounts: Array<{ prefix: string; router?: string; module?: string }> = [];
  for (const m of code.matchAll(MOUNT)) {
    if (objectBefore(code, m.index) && m[2].startsWith('/')) {
      mounts.push({ prefix: m[2], ...(m[4] ? { module: m[4] } : {}), ...(m[5] ? { router: m[5] } : {}) });
    }
  }
  const imports: Record<string, string> = {};
  for (const m of [...code.matchAll(REQUIRE), ...code.matchAll(IMPORT)]) {
    imports[m[1]] = m[3];
  }
  return { symbols, mounts, imports };
}
