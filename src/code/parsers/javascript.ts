/**
 * JavaScript and TypeScript (Express): route registrations `app.get('/path', …)` and
 * `router.post(…)`, the routers a file mounts under a prefix (`app.use('/api/items', items)`), and
 * which module each identifier came from (`require`, `import`), so that a router defined in one file
 * and mounted in another gets its prefix.
 */
import { C_LIKE, lineIndex, withoutComments } from '../sourceText';
import type { CodeSymbol, ParsedSource } from '../symbols';

const ROUTE = /\b([A-Za-z_$][\w$]*)\s*\.\s*(get|post|put|patch|delete|all|options|head)\s*\(\s*(['"`])([^'"`]*)\3/g;
const MOUNT =
  /\b([A-Za-z_$][\w$]*)\s*\.\s*use\s*\(\s*(['"`])([^'"`]*)\2\s*,\s*(?:require\s*\(\s*(['"])([^'"]+)\4\s*\)|([A-Za-z_$][\w$]*))/g;
const REQUIRE = /\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*require\s*\(\s*(['"])([^'"]+)\2\s*\)/g;
const IMPORT = /\bimport\s+([A-Za-z_$][\w$]*)\s+from\s+(['"])([^'"]+)\2/g;

export function parseJavaScript(text: string): ParsedSource {
  const code = withoutComments(text, C_LIKE);
  const lineOf = lineIndex(code);
  const symbols: CodeSymbol[] = [];
  for (const m of code.matchAll(ROUTE)) {
    // Only paths: `app.get('env')` reads a setting, and `map.get('key')` is no route either.
    if (!m[4].startsWith('/')) {
      continue;
    }
    const verb = m[2].toUpperCase();
    symbols.push({
      kind: 'route',
      name: '',
      container: [],
      line: lineOf(m.index),
      ...(verb === 'ALL' ? {} : { verb }),
      path: m[4],
      router: m[1],
    });
  }
  const mounts: Array<{ prefix: string; router?: string; module?: string }> = [];
  for (const m of code.matchAll(MOUNT)) {
    if (m[3].startsWith('/')) {
      mounts.push({ prefix: m[3], ...(m[5] ? { module: m[5] } : {}), ...(m[6] ? { router: m[6] } : {}) });
    }
  }
  const imports: Record<string, string> = {};
  for (const m of [...code.matchAll(REQUIRE), ...code.matchAll(IMPORT)]) {
    imports[m[1]] = m[3];
  }
  return { symbols, mounts, imports };
}
