// Agents of interpreted languages: plain index searches, no backtracking regular expression, so a hostile
// line costs time linear in its length (formats: docs/errors.md).
import type { StackFrame } from './stackFrame';
import { after, frame, isDependencyPath, isDigitAt, lineNumber, unparsed } from './stackFrame';

/** `path:line` with the line the digits after the last colon (Windows drive letters keep their colon). */
function pathAndLine(location: string): { path: string; line: number | undefined } {
  const colon = location.lastIndexOf(':');
  return colon < 0
    ? { path: location, line: undefined }
    : { path: location.slice(0, colon), line: lineNumber(location.slice(colon + 1)) };
}

function followedByDigit(path: string, word: string): boolean {
  for (let at = path.indexOf(word); at >= 0; at = path.indexOf(word, at + 1)) {
    if (isDigitAt(path, at + word.length)) {
      return true;
    }
  }
  return false;
}

export function rubyInApp(path: string): boolean {
  return !followedByDigit(`/${path.replace(/\\/g, '/')}`, '/ruby/') && !isDependencyPath(path);
}

// A backtick before Ruby 3.4, an optional `from ` (Ruby's printed backtrace), or no `:in` part.
export function parseRubyFrame(text: string): StackFrame {
  const s = text.trim();
  const body = after(s, 'from ') ?? s;
  const at = body.indexOf(':in ');
  const location = at < 0 ? body : body.slice(0, at);
  const name = at < 0 ? undefined : unquote(body.slice(at + 4));
  return frame(text, { ...pathAndLine(location), name }, rubyInApp);
}

function unquote(s: string): string {
  const start = s.startsWith('`') || s.startsWith("'") ? 1 : 0;
  const end = s.endsWith("'") ? s.length - 1 : s.length;
  return s.slice(start, Math.max(start, end));
}

export function pythonInApp(path: string): boolean {
  return !followedByDigit(path.replace(/\\/g, '/'), 'lib/python') && !isDependencyPath(path);
}

export function parsePythonFrame(text: string): StackFrame {
  const s = text.trim();
  const quoted = after(s, 'File "');
  const close = quoted === undefined ? -1 : quoted.lastIndexOf('", line ');
  if (quoted === undefined || close < 0) {
    return unparsed(text);
  }
  const rest = quoted.slice(close + 8);
  const comma = rest.indexOf(', in ');
  const line = lineNumber(comma < 0 ? rest : rest.slice(0, comma));
  const name = comma < 0 ? undefined : rest.slice(comma + 5);
  return frame(text, { path: quoted.slice(0, close), line, name }, pythonInApp);
}

export function nodeInApp(path: string): boolean {
  return !path.startsWith('node:') && !path.startsWith('internal/') && !isDependencyPath(path);
}

// `async `/`new ` before the name and `file://` URLs for ES modules.
export function parseNodeFrame(text: string): StackFrame {
  const s = text.trim();
  const body = after(s, 'at ') ?? s;
  let name: string | undefined;
  let location = body;
  if (body.endsWith(')')) {
    const open = body.lastIndexOf(' (');
    if (open < 0) {
      return unparsed(text);
    }
    name = body.slice(0, open);
    location = body.slice(open + 2, -1);
  }
  name = name === undefined ? undefined : (after(name, 'async ') ?? name);
  const last = pathAndLine(location);
  const beforeColumn = pathAndLine(last.path);
  // `path:line:column` as V8 writes it; `path:line` when a formatter left the column out.
  const { path, line } = last.line !== undefined && beforeColumn.line !== undefined ? beforeColumn : last;
  return frame(text, { path: after(path, 'file://') ?? path, line, name }, nodeInApp);
}

export function phpInApp(path: string): boolean {
  return !isDependencyPath(path);
}

// PHP's `#0 path(25): …` and the PHP agent's ` in Class::method called at path (25)`.
export function parsePhpFrame(text: string): StackFrame {
  const s = text.trim();
  const agent = after(s, 'in ');
  if (agent !== undefined) {
    const called = agent.indexOf(' called at ');
    const open = agent.lastIndexOf(' (');
    if (called < 0 || open < called || !agent.endsWith(')')) {
      return unparsed(text);
    }
    const line = lineNumber(agent.slice(open + 2, -1));
    return frame(text, { name: agent.slice(0, called), path: agent.slice(called + 11, open), line }, phpInApp);
  }
  const numbered = s.startsWith('#') ? s.slice(s.indexOf(' ') + 1) : s;
  const colon = numbered.indexOf('): ');
  const open = colon < 0 ? -1 : numbered.lastIndexOf('(', colon);
  if (open < 0) {
    return unparsed(text);
  }
  const call = numbered.slice(colon + 3);
  const args = call.indexOf('(');
  const name = args < 0 ? call : call.slice(0, args);
  return frame(
    text,
    { path: numbered.slice(0, open), line: lineNumber(numbered.slice(open + 1, colon)), name },
    phpInApp,
  );
}
