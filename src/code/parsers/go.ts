/**
 * Go: the package, functions and methods (with their receiver type as container), and route
 * registrations: `mux.HandleFunc("/users", h)` and Go 1.22's `"GET /users"` patterns, `http.Handle`,
 * the same wrapped by the agent (`newrelic.WrapHandleFunc(app, "GET /users", h)`), and the gin/echo
 * style `r.GET("/users", h)`.
 */
import { C_LIKE, lineIndex, withoutComments } from '../sourceText';
import type { CodeSymbol, ParsedSource } from '../symbols';

const FUNC = /^func\s+(?:\(\s*\w*\s*\*?\s*([A-Za-z_]\w*)(?:\[[^\]]*\])?\s*\)\s*)?([A-Za-z_]\w*)\s*[[(]/gm;
/**
 * The pattern may be wrapped by the agent, `mux.HandleFunc(newrelic.WrapHandleFunc(app, "GET /users", h))`:
 * that wrapper is what names the transaction after the pattern (notes §1, GO `instrumentation.go`).
 */
const HANDLE =
  /\.(HandleFunc|Handle|GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|Any)\s*\(\s*(?:(?:\w+\.)?WrapHandle(?:Func)?\s*\(\s*[\w.]+\s*,\s*)?(["`])([^"`]*)\2\s*(?:,\s*([\w.]+))?/g;

export function parseGo(text: string): ParsedSource {
  const code = withoutComments(text, C_LIKE);
  const lineOf = lineIndex(code);
  const symbols: CodeSymbol[] = [];
  const pkg = /^package\s+(\w+)/m.exec(code)?.[1];
  for (const m of code.matchAll(FUNC)) {
    symbols.push({
      kind: m[1] ? 'method' : 'function',
      name: m[2],
      container: m[1] ? [m[1]] : [],
      line: lineOf(m.index),
    });
  }
  for (const m of code.matchAll(HANDLE)) {
    // "GET /users" (Go 1.22's ServeMux) carries its verb in the pattern.
    const pattern = /^([A-Z]+)\s+(\S+)$/.exec(m[3]);
    const verb = pattern?.[1] ?? (m[1].startsWith('Handle') || m[1] === 'Any' ? undefined : m[1]);
    const handler = m[4]?.split('.').pop();
    symbols.push({
      kind: 'route',
      name: handler ?? '',
      container: [],
      line: lineOf(m.index),
      ...(verb ? { verb } : {}),
      path: pattern?.[2] ?? m[3],
    });
  }
  return { symbols, ...(pkg ? { namespace: [pkg] } : {}) };
}
