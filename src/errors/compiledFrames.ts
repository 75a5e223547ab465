/**
 * Frame parsers for the agents of compiled languages: Java, .NET and Go. Plain index searches only,
 * linear in the text's length. Formats and sources: docs/errors.md.
 */
import type { StackFrame } from './stackFrame';
import { after, frame, lineNumber, unparsed } from './stackFrame';

/** The JDK, the servlet API, Spring and the agent itself. */
const JAVA_LIBRARY_PREFIXES = ['java.', 'javax.', 'jdk.', 'sun.', 'org.springframework.', 'com.newrelic.'];

export function javaInApp(_path: string, qualifiedName: string): boolean {
  return !JAVA_LIBRARY_PREFIXES.some((prefix) => qualifiedName.startsWith(prefix));
}

/**
 * The package of `com.example.shop.OrderController.show` as a path, joined with the file the frame
 * names: `com/example/shop/OrderController.java`. A nested class (`Outer$Inner`) lives in its
 * outer class's file, which is the one the frame names anyway.
 */
export function javaPath(qualifiedMethod: string, file: string): string {
  const type = qualifiedMethod.slice(0, Math.max(0, qualifiedMethod.lastIndexOf('.')));
  const dot = type.lastIndexOf('.');
  return dot < 0 ? file : `${type.slice(0, dot).replace(/\./g, '/')}/${file}`;
}

/** `Class.method` out of `com.example.shop.OrderController.show`. */
function shortName(qualified: string): string {
  const method = qualified.lastIndexOf('.');
  const type = method < 0 ? -1 : qualified.lastIndexOf('.', method - 1);
  return qualified.slice(type + 1);
}

/**
 * `at com.example.shop.OrderController.show(OrderController.java:25)`, with or without `at ` (the Java
 * agent sends `StackTraceElement.toString()`), and with a module (`java.base/`) or class loader before
 * the class since Java 9.
 */
export function parseJavaFrame(text: string): StackFrame {
  const s = text.trim();
  const body = after(s, 'at ') ?? s;
  const open = body.indexOf('(');
  if (open < 0 || !body.endsWith(')')) {
    return unparsed(text);
  }
  const qualified = body.slice(body.lastIndexOf('/', open) + 1, open);
  const location = body.slice(open + 1, -1);
  const colon = location.lastIndexOf(':');
  if (colon < 0) {
    return unparsed(text); // `(Native Method)`, `(Unknown Source)`: no file to go to.
  }
  const file = location.slice(0, colon);
  return frame(
    text,
    { name: shortName(qualified), path: javaPath(qualified, file), line: lineNumber(location.slice(colon + 1)) },
    (path) => javaInApp(path, body.slice(0, open)),
  );
}

/** The framework's own namespaces. */
export function dotnetInApp(_path: string, qualifiedName: string): boolean {
  return !qualifiedName.startsWith('System.') && !qualifiedName.startsWith('Microsoft.');
}

/**
 * `at Shop.Controllers.OrdersController.Show(Int32 id) in /src/Shop/Controllers/OrdersController.cs:line 25`
 * (a frame has its ` in path:line n` part only when the build shipped its symbols).
 */
export function parseDotnetFrame(text: string): StackFrame {
  const s = text.trim();
  const body = after(s, 'at ') ?? s;
  const args = body.indexOf('(');
  const location = body.indexOf(') in ');
  const lineAt = body.lastIndexOf(':line ');
  if (args < 0 || location < args || lineAt < location) {
    return unparsed(text);
  }
  const qualified = body.slice(0, args);
  return frame(
    text,
    { name: shortName(qualified), path: body.slice(location + 5, lineAt), line: lineNumber(body.slice(lineAt + 6)) },
    (path) => dotnetInApp(path, qualified),
  );
}

/** The Go distribution's sources and the module cache. */
export function goInApp(path: string): boolean {
  const p = path.replace(/\\/g, '/');
  return !p.startsWith('/usr/local/go/') && !p.includes('/pkg/mod/') && !p.startsWith('pkg/mod/');
}

/** `main.(*Server).handleOrders(0xc000010000)` without its argument words. */
export function goFunctionName(text: string): string {
  const s = text.trim();
  const open = s.lastIndexOf('(');
  return open > s.lastIndexOf('.') && s.endsWith(')') ? s.slice(0, open) : s;
}

/** The location line of a Go frame, `\t/go/src/app/handlers.go:42 +0x1a4`, or undefined for any other line. */
export function goLocation(text: string): { path: string; line: number } | undefined {
  if (!text.startsWith('\t') && !text.startsWith(' ')) {
    return undefined;
  }
  let s = text.trim();
  const offset = s.lastIndexOf(' +0x');
  s = offset < 0 ? s : s.slice(0, offset);
  const colon = s.lastIndexOf(':');
  const line = colon < 0 ? undefined : lineNumber(s.slice(colon + 1));
  return line === undefined || !s.slice(0, colon).endsWith('.go') ? undefined : { path: s.slice(0, colon), line };
}

/** One Go frame from its function line and its location line (Go prints a frame on two lines). */
export function goFrame(functionLine: string | undefined, locationLine: string): StackFrame {
  const location = goLocation(locationLine);
  const text = functionLine === undefined ? locationLine : `${functionLine}\n${locationLine}`;
  if (!location) {
    return unparsed(text);
  }
  const name = functionLine === undefined ? undefined : goFunctionName(functionLine);
  return frame(text, { ...location, name }, goInApp);
}

/** Go, one line: the agent's `formatted` may be the location alone or `name` and location on two lines. */
export function parseGoFrame(text: string): StackFrame {
  const newline = text.indexOf('\n');
  if (newline >= 0) {
    return goFrame(text.slice(0, newline), text.slice(newline + 1));
  }
  const location = goLocation(text.startsWith('\t') ? text : `\t${text}`);
  return location ? frame(text, { ...location, name: undefined }, goInApp) : unparsed(text);
}
