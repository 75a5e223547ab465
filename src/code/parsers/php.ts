import { followBraces, lineIndex, PHP, structureOf, withoutComments } from '../sourceText';
import type { CodeSymbol, ParsedSource } from '../symbols';

const CLASS = /\b(?:class|trait|interface|enum)\s+([A-Za-z_]\w*)/;
const FUNCTION = /\bfunction\s+(?:&\s*)?([A-Za-z_]\w*)\s*\(/;
const ATTRIBUTE_ROUTE = /^#\[Route\(\s*(['"])([^'"]*)\1(.*)\]/;
// An unterminated registration ends at the next one at the latest: it cannot take in the routes after it.
const LARAVEL_ROUTE =
  /Route::(get|post|put|patch|delete|options|any|match)\s*\(\s*(['"])([^'"\n]*)\2\s*,\s*((?:(?!Route::)[^;])*)/g;

function handlerOf(rest: string): { className: string; member: string } | undefined {
  const array = /^\[\s*\\?(\w[\w\\]*)::class\s*,\s*['"](\w+)['"]\s*\]/.exec(rest);
  const at = /^['"]\\?(\w[\w\\]*)@(\w+)['"]/.exec(rest);
  const m = array ?? at;
  return m ? { className: m[1].split('\\').pop() ?? m[1], member: m[2] } : undefined;
}

function laravelRoutes(code: string, lineOf: (offset: number) => number): CodeSymbol[] {
  const routes: CodeSymbol[] = [];
  for (const m of code.matchAll(LARAVEL_ROUTE)) {
    const handler = handlerOf(m[4]);
    const name = /->name\(\s*['"]([^'"]+)['"]\s*\)/.exec(m[4])?.[1];
    routes.push({
      kind: 'route',
      name: handler?.member ?? '',
      container: [],
      line: lineOf(m.index),
      ...(m[1] === 'any' || m[1] === 'match' ? {} : { verb: m[1].toUpperCase() }),
      path: m[3],
      ...(name ? { routeName: name } : {}),
      ...(handler ? { handler } : {}),
    });
  }
  return routes;
}

export function parsePhp(text: string): ParsedSource {
  const code = withoutComments(text, PHP);
  const lines = code.split('\n');
  const lineOf = lineIndex(code);
  const classes: Array<{ name: string; depth: number }> = [];
  const symbols: CodeSymbol[] = [];
  let namespace: string[] | undefined;
  let depth = 0;
  let pending: Array<{ path: string; name?: string; verb?: string }> = [];
  lines.forEach((raw, line) => {
    const trimmed = raw.trim();
    const structure = structureOf(raw);
    const ns = /^namespace\s+([\w\\]+)/.exec(trimmed);
    if (ns) {
      namespace = ns[1].split('\\');
    }
    const attribute = ATTRIBUTE_ROUTE.exec(trimmed);
    if (attribute) {
      const name = /\bname:\s*['"]([^'"]+)['"]/.exec(attribute[3])?.[1];
      const verb = /\bmethods:\s*\[\s*['"]([A-Za-z]+)['"]/.exec(attribute[3])?.[1];
      pending.push({ path: attribute[2], ...(name ? { name } : {}), ...(verb ? { verb: verb.toUpperCase() } : {}) });
    } else if (trimmed && !trimmed.startsWith('#[')) {
      const cls = CLASS.exec(structure);
      const fn = FUNCTION.exec(trimmed);
      if (cls && !fn) {
        classes.push({ name: cls[1], depth: depth + 1 });
      } else if (fn) {
        const inBody = classes.length > 0 && depth === classes[classes.length - 1].depth;
        const container = inBody ? classes.map((c) => c.name) : [];
        symbols.push({ kind: inBody ? 'method' : 'function', name: fn[1], container, line });
        for (const route of pending) {
          symbols.push({
            kind: 'route',
            name: fn[1],
            container,
            line,
            path: route.path,
            ...(route.verb ? { verb: route.verb } : {}),
            ...(route.name ? { routeName: route.name } : {}),
            ...(inBody ? { handler: { className: classes[classes.length - 1].name, member: fn[1] } } : {}),
          });
        }
      }
      pending = [];
    }
    depth = followBraces(structure, depth, classes);
  });
  symbols.push(...laravelRoutes(code, lineOf));
  return { symbols, ...(namespace ? { namespace } : {}) };
}
