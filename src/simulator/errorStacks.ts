/**
 * The stack of an error trace, as NerdGraph's `exception(occurrenceId) { message stackTrace { frames
 * { filepath formatted line name } } }` gives it: the library frame that raised it, the application's
 * method that serves the transaction (for the demo's applications, the real line of
 * samples/demo-workspace: demoSourceLines.ts), then the framework's frames, one without a path.
 * Each frame's `formatted` is its agent's own text (docs/errors.md, "Frames per agent").
 */
import type { AgentLanguage, ServiceFrame } from '../errors/stackFrame';
import { dotnetNamespaceOf } from './agentNaming';
import type { Dataset, SimApp } from './dataset';
import { DEMO_SOURCE_LINES } from './demoSourceLines';
import type { SourceLine } from './demoSourceLines';
import { agentLanguageOf, LIBRARY_FRAMES, SERVER_ROOTS } from './errorCatalog';
import type { LibraryFrame } from './errorCatalog';
import type { ErrorOccurrence } from './errorEvents';
import { errorOccurrences, parseOccurrenceId } from './errorEvents';
import { hashString } from './random';

/** How long a stack stays: an open point; old stacks age out and answer null (docs/simulator.md). */
export const STACK_RETENTION_MS = 3 * 24 * 3_600_000;

const EXTENSIONS: Readonly<Record<AgentLanguage, string>> = {
  ruby: 'rb',
  python: 'py',
  java: 'java',
  dotnet: 'cs',
  nodejs: 'js',
  php: 'php',
  go: 'go',
};

/** The file, line and method that serve a transaction: the demo's sample, else a plausible place. */
function servingLine(app: SimApp, language: AgentLanguage, metricName: string): SourceLine {
  const known = DEMO_SOURCE_LINES[app.name]?.[metricName];
  if (known) {
    return known;
  }
  const h = hashString(metricName);
  const folder = language === 'java' ? 'src/main/java/com/example/app/web' : 'app/handlers';
  return [`${folder}/Handler${h % 7}.${EXTENSIONS[language]}`, 10 + (h % 40), 'handle'];
}

/** A Java class's qualified name from its source path (`src/main/java/com/x/Y.java` → `com.x.Y`). */
function javaClassOf(path: string): string {
  const tail = path.includes('src/main/java/') ? path.slice(path.indexOf('src/main/java/') + 14) : path;
  return tail
    .replace(/\.java$/, '')
    .split('/')
    .join('.');
}

function baseNameOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** The agent's own text for a frame. */
function formatted(language: AgentLanguage, f: LibraryFrame, index: number): string {
  const { path, line, name } = f;
  if (path === null || line === null) {
    return language === 'java' ? `at ${name}(Unknown Source)` : language === 'php' ? `#${index} ${name}` : name;
  }
  switch (language) {
    case 'ruby':
      return `${path}:${line}:in '${name}'`;
    case 'python':
      return `File "${path}", line ${line}, in ${name}`;
    case 'java':
      return `at ${name}(${baseNameOf(path)}:${line})`;
    case 'dotnet':
      return `at ${name}() in ${path}:line ${line}`;
    case 'nodejs':
      return name === '' ? `at ${path}:${line}:5` : `at ${name} (${path}:${line}:5)`;
    case 'php':
      return `#${index} ${path}(${line}): ${name}()`;
    case 'go':
      return `${name}(...)\n\t${path}:${line} +0x1a4`;
  }
}

/** The application's own frame: the serving method at the server's path. */
function inAppFrame(app: SimApp, language: AgentLanguage, metricName: string): LibraryFrame {
  const [path, line, method] = servingLine(app, language, metricName);
  switch (language) {
    case 'java':
      return { path: baseNameOf(path), line, name: `${javaClassOf(path)}.${method}` };
    case 'dotnet': {
      const ns = dotnetNamespaceOf(app.name);
      const cls = `${ns}.${path.replace(/\.cs$/, '').split('/').join('.')}`;
      return { path: `${SERVER_ROOTS.dotnet}${ns}/${path}`, line, name: `${cls}.${method}` };
    }
    case 'php': {
      const cls = path
        .replace(/^app\//, 'App/')
        .replace(/\.php$/, '')
        .split('/')
        .join('\\');
      return { path: `${SERVER_ROOTS.php}${path}`, line, name: `${cls}->${method}` };
    }
    case 'go':
      return { path: `${SERVER_ROOTS.go}${path}`, line, name: `main.(*handlers).${method}` };
    default:
      return { path: `${SERVER_ROOTS[language]}${path}`, line, name: method };
  }
}

/** The frames of one occurrence's stack, innermost first, as the agents send them. */
export function stackFrames(o: ErrorOccurrence): ServiceFrame[] {
  const language = agentLanguageOf(o.app.language);
  const library = LIBRARY_FRAMES[language];
  const frames = [...library.below, inAppFrame(o.app, language, o.metricName), ...library.above];
  return frames.map((f, i) => ({
    // Java's agent sends the file name alone as `filepath` (StackTraceElement#getFileName).
    filepath: language === 'java' && f.path !== null ? baseNameOf(f.path) : f.path,
    line: f.line,
    name: f.name,
    formatted: formatted(language, f, i),
  }));
}

/** The traced occurrence `id` of the application, or undefined when there is none or its stack aged out. */
export function tracedOccurrence(dataset: Dataset, app: SimApp, id: string, now: Date): ErrorOccurrence | undefined {
  const parts = parseOccurrenceId(id);
  if (!parts || parts.appId !== app.id) {
    return undefined;
  }
  const found = errorOccurrences(dataset, app, parts.minute).find((o) => o.id === id && o.traced);
  const age = found ? now.getTime() - found.timestamp : -1;
  return found && age >= 0 && age <= STACK_RETENTION_MS ? found : undefined;
}

/** What `exception(occurrenceId)` answers: the message and frames, or null for an unknown or aged-out one. */
export function exceptionOf(
  dataset: Dataset,
  app: SimApp,
  id: string,
  now: Date,
): { message: string; stackTrace: { frames: ServiceFrame[] } } | null {
  const o = tracedOccurrence(dataset, app, id, now);
  return o ? { message: o.message, stackTrace: { frames: stackFrames(o) } } : null;
}
