// Agents of compiled languages: plain index searches, linear in the text (formats: docs/errors.md).
import type { StackFrame } from './stackFrame';
import { after, frame, isDependencyPath, isDigitAt, lineNumber, unparsed } from './stackFrame';

// A package missing here is still never mapped outside its own package's folders (frameMapping.ts).
const JAVA_LIBRARY_PREFIXES = [
  'java.',
  'javax.',
  'jakarta.',
  'jdk.',
  'sun.',
  'com.sun.',
  'kotlin.',
  'scala.',
  'org.springframework.',
  'org.apache.',
  'org.eclipse.jetty.',
  'org.hibernate.',
  'io.netty.',
  'com.newrelic.',
];

export function javaInApp(_path: string, qualifiedName: string): boolean {
  return !JAVA_LIBRARY_PREFIXES.some((prefix) => qualifiedName.startsWith(prefix));
}

// A nested class (`Outer$Inner`) lives in its outer class's file, the one the frame names anyway.
export function javaPath(qualifiedMethod: string, file: string): string {
  const pkg = javaPackage(qualifiedMethod);
  return pkg === '' ? file : `${pkg.replace(/\./g, '/')}/${file}`;
}

export function javaPackage(qualifiedMethod: string): string {
  const type = qualifiedMethod.slice(0, Math.max(0, qualifiedMethod.lastIndexOf('.')));
  return type.slice(0, Math.max(0, type.lastIndexOf('.')));
}

function shortName(qualified: string): string {
  const method = qualified.lastIndexOf('.');
  const type = method < 0 ? -1 : qualified.lastIndexOf('.', method - 1);
  return qualified.slice(type + 1);
}

// With or without `at ` (`StackTraceElement.toString()`), and a module or class loader prefix since Java 9.
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
  const line = lineNumber(location.slice(colon + 1));
  const namespace = javaPackage(qualified);
  return frame(text, { name: shortName(qualified), path: javaPath(qualified, file), line, namespace }, (path) =>
    javaInApp(path, body.slice(0, open)),
  );
}

export function dotnetInApp(path: string, qualifiedName: string): boolean {
  return !qualifiedName.startsWith('System.') && !qualifiedName.startsWith('Microsoft.') && !isDependencyPath(path);
}

// The type is the part before the method or before the first compiler-made part (`<Show>d__5`).
export function dotnetNamespace(qualifiedMethod: string): string {
  const parts = qualifiedMethod.split('.');
  const generated = parts.findIndex((part) => part.startsWith('<'));
  const type = (generated < 0 ? parts.length - 1 : generated) - 1;
  return parts.slice(0, Math.max(0, type)).join('.');
}

// ` in path:line n` only when the build shipped its symbols.
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
  const fields = { path: body.slice(location + 5, lineAt), line: lineNumber(body.slice(lineAt + 6)) };
  return frame(text, { ...fields, name: shortName(qualified), namespace: dotnetNamespace(qualified) }, (path) =>
    dotnetInApp(path, qualified),
  );
}

// Top folders of golang/go `src/`: after `go/src/` they mark GOROOT, not a GOPATH.
const GO_STD_TOP = new Set(
  (
    'archive bufio builtin bytes cmp compress container context crypto database debug embed encoding errors ' +
    'expvar flag fmt go hash html image index internal io iter log maps math mime net os path plugin reflect ' +
    'regexp runtime slices sort strconv strings structs sync syscall testing text time unicode unique unsafe weak'
  ).split(' '),
);

// `-trimpath` builds name the standard library's files by import path alone (`runtime/panic.go`).
export function isGoRoot(path: string): boolean {
  const segments = path.replace(/\\/g, '/').split('/');
  const absolute = segments[0] === '' || /^[A-Za-z]:$/.test(segments[0]);
  if (!absolute && segments.length > 1) {
    return GO_STD_TOP.has(segments[0]) && segments[0] !== 'internal';
  }
  for (let i = 1; i + 1 < segments.length; i++) {
    const root = segments[i - 1].toLowerCase();
    if (segments[i] !== 'src') {
      continue;
    }
    if (root === 'golang' || root === 'goroot' || root === 'libexec' || /^go[-_]?\d/.test(root)) {
      return true;
    }
    if (root === 'go' && GO_STD_TOP.has(segments[i + 1])) {
      return true;
    }
  }
  return false;
}

/** A module at a version (`github.com/lib/pq@v1.10.9/`): the module cache, or a `-trimpath` build's dependency. */
function versionedModule(path: string): boolean {
  for (let at = path.indexOf('@v'); at >= 0; at = path.indexOf('@v', at + 2)) {
    if (isDigitAt(path, at + 2)) {
      return true;
    }
  }
  return false;
}

export function goInApp(path: string): boolean {
  return !isGoRoot(path) && !versionedModule(path) && !isDependencyPath(path);
}

export function goFunctionName(text: string): string {
  const s = text.trim();
  const open = s.lastIndexOf('(');
  return open > s.lastIndexOf('.') && s.endsWith(')') ? s.slice(0, open) : s;
}

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

// Go prints a frame on two lines.
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
