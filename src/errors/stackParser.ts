// Unknown shapes become unparsed frames; nothing here throws on what the service sends (docs/errors.md).
import {
  dotnetInApp,
  dotnetNamespace,
  goFrame,
  goInApp,
  goLocation,
  javaInApp,
  javaPackage,
  javaPath,
  parseDotnetFrame,
  parseGoFrame,
  parseJavaFrame,
} from './compiledFrames';
import {
  nodeInApp,
  parseNodeFrame,
  parsePhpFrame,
  parsePythonFrame,
  parseRubyFrame,
  phpInApp,
  pythonInApp,
  rubyInApp,
} from './scriptFrames';
import type { AgentLanguage, ServiceFrame, StackFrame } from './stackFrame';
import { baseName, frame, MAX_FRAMES, unparsed } from './stackFrame';

const PARSE_FRAME: Readonly<Record<AgentLanguage, (text: string) => StackFrame>> = {
  ruby: parseRubyFrame,
  python: parsePythonFrame,
  java: parseJavaFrame,
  dotnet: parseDotnetFrame,
  nodejs: parseNodeFrame,
  php: parsePhpFrame,
  go: parseGoFrame,
};

const IN_APP: Readonly<Record<AgentLanguage, (path: string, qualifiedName: string) => boolean>> = {
  ruby: rubyInApp,
  python: pythonInApp,
  java: javaInApp,
  dotnet: dotnetInApp,
  nodejs: nodeInApp,
  php: phpInApp,
  go: goInApp,
};

export function parseStack(language: AgentLanguage, stack: string | readonly ServiceFrame[]): StackFrame[] {
  if (typeof stack === 'string') {
    return language === 'go' ? goTextFrames(stack) : textFrames(stack, PARSE_FRAME[language], language === 'python');
  }
  // The service's schema lets a list hold null: such an entry is kept as an unparsed frame.
  return stack
    .slice(0, MAX_FRAMES)
    .map((f) => (typeof f === 'object' && f !== null ? serviceFrame(language, f) : unparsed('')));
}

function eachLine(text: string, visit: (line: string) => boolean): void {
  let start = 0;
  while (start <= text.length) {
    const newline = text.indexOf('\n', start);
    const end = newline < 0 ? text.length : newline;
    const line = text.slice(start, text.charCodeAt(end - 1) === 13 ? end - 1 : end);
    if (line.trim().length > 0 && !visit(line)) {
      return;
    }
    start = end + 1;
  }
}

// Python prints each frame's source line (and, since 3.11, a line of carets) below it: skipped.
function textFrames(text: string, parse: (line: string) => StackFrame, skipsSourceLines: boolean): StackFrame[] {
  const frames: StackFrame[] = [];
  let inFrame = false;
  eachLine(text, (line) => {
    const parsed = parse(line);
    if (!parsed.parsed && inFrame && skipsSourceLines && /^\s/.test(line)) {
      return true;
    }
    inFrame = parsed.parsed;
    frames.push(parsed);
    return frames.length < MAX_FRAMES;
  });
  return frames;
}

function goTextFrames(text: string): StackFrame[] {
  const frames: StackFrame[] = [];
  let pending: string | undefined;
  eachLine(text, (line) => {
    if (goLocation(line)) {
      frames.push(goFrame(pending, line));
      pending = undefined;
    } else {
      if (pending !== undefined) {
        frames.push(unparsed(pending));
      }
      pending = line;
    }
    return frames.length < MAX_FRAMES;
  });
  if (pending !== undefined && frames.length < MAX_FRAMES) {
    frames.push(unparsed(pending));
  }
  return frames;
}

// Java's `filepath` is only the file name, so its package comes from the class.
function serviceFrame(language: AgentLanguage, f: ServiceFrame): StackFrame {
  const formatted = typeof f.formatted === 'string' ? f.formatted : undefined;
  const name = typeof f.name === 'string' ? f.name : undefined;
  const fromText = formatted === undefined ? undefined : PARSE_FRAME[language](formatted);
  const filepath = typeof f.filepath === 'string' ? f.filepath : undefined;
  const line = typeof f.line === 'number' && Number.isSafeInteger(f.line) && f.line > 0 ? f.line : undefined;
  if (filepath === undefined || line === undefined) {
    return fromText ?? unparsed(name ?? '');
  }
  const text = formatted ?? `${name ?? ''} ${filepath}:${line}`.trim();
  if (fromText?.parsed) {
    const path = language === 'java' ? fromText.path : filepath;
    const fields = { name: fromText.name ?? name, path, line, namespace: fromText.namespace };
    return frame(text, fields, () => fromText.inApp);
  }
  const path = language === 'java' && name?.includes('.') ? javaPath(name, baseName(filepath)) : filepath;
  return frame(text, { name, path, line, namespace: namespaceOf(language, name) }, (p) =>
    IN_APP[language](p, name ?? ''),
  );
}

function namespaceOf(language: AgentLanguage, name: string | undefined): string | undefined {
  if (language !== 'java' && language !== 'dotnet') {
    return undefined;
  }
  return language === 'java' ? javaPackage(name ?? '') : dotnetNamespace(name ?? '');
}
