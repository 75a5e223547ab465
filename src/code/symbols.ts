/**
 * What the built-in parsers find in a source file: methods, functions and route registrations with
 * their lines, and what a file says about its namespace, imports and mounted routers. The same shape
 * comes from a language extension's document symbols when one is installed (methods and functions).
 */

/** The source languages whose files Timeslice reads, by file extension. */
export type SourceLanguage = 'ruby' | 'python' | 'java' | 'csharp' | 'php' | 'go' | 'javascript';

export interface CodeSymbol {
  kind: 'method' | 'function' | 'route';
  /** The method's or function's name; for a route, its handler's name when the registration names one. */
  name: string;
  /** Enclosing classes and modules, outermost first (Ruby `Admin::UsersController` gives two). */
  container: readonly string[];
  /** Zero-based line of the declaration or the registration. */
  line: number;
  /** Routes: the HTTP verb in upper case, when the registration says it. */
  verb?: string;
  /** Routes: the path as registered, with the prefixes the file itself adds (Spring's class mapping). */
  path?: string;
  /** Routes: the route's name (Laravel `->name()`, Symfony `name:`). */
  routeName?: string;
  /** Express routes: the router variable the route is registered on. */
  router?: string;
  /** Routes whose registration names a controller method (Laravel `[X::class, 'm']`, Spring, Symfony). */
  handler?: { className: string; member: string };
}

export interface ParsedSource {
  symbols: CodeSymbol[];
  /** The file's package or namespace (Java, C#, PHP, Go), outermost first. */
  namespace?: readonly string[];
  /** Express: routers mounted under a prefix in this file (`app.use('/api', items)`). */
  mounts?: ReadonlyArray<{ prefix: string; router?: string; module?: string }>;
  /** Express: identifiers bound to a required or imported module path. */
  imports?: Readonly<Record<string, string>>;
}

const EXTENSIONS: Readonly<Record<string, SourceLanguage>> = {
  rb: 'ruby',
  py: 'python',
  java: 'java',
  cs: 'csharp',
  php: 'php',
  go: 'go',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  ts: 'javascript',
  mts: 'javascript',
  cts: 'javascript',
};

/** The language of a file by its extension, or undefined for a file Timeslice does not read. */
export function sourceLanguageOf(path: string): SourceLanguage | undefined {
  const dot = path.lastIndexOf('.');
  return dot < 0 ? undefined : EXTENSIONS[path.slice(dot + 1).toLowerCase()];
}

/** The application record's `language` (docs/service.md#records) → the source files its code is in. */
export function sourceLanguagesOfAgent(agentLanguage: string): readonly SourceLanguage[] {
  switch (agentLanguage.toLowerCase()) {
    case 'ruby':
      return ['ruby'];
    case 'python':
      return ['python'];
    case 'java':
      return ['java'];
    case 'dotnet':
      return ['csharp'];
    case 'php':
      return ['php'];
    case 'go':
      return ['go'];
    case 'nodejs':
      return ['javascript'];
    default:
      return [];
  }
}
