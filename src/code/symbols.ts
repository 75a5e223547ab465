export type SourceLanguage = 'ruby' | 'python' | 'java' | 'csharp' | 'php' | 'go' | 'javascript';

export interface CodeSymbol {
  kind: 'method' | 'function' | 'route';
  /** The method's or function's name; for a route, its handler's name when the registration names one. */
  name: string;
  /** Enclosing classes and modules, outermost first (Ruby `Admin::UsersController` gives two). */
  container: readonly string[];
  line: number;
  verb?: string;
  /** Routes: the path as registered, with the prefixes the file itself adds (Spring's class mapping). */
  path?: string;
  routeName?: string;
  router?: string;
  /** Routes whose registration names a controller method (Laravel `[X::class, 'm']`, Spring, Symfony). */
  handler?: { className: string; member: string };
}

export interface ParsedSource {
  symbols: CodeSymbol[];
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

export function sourceLanguageOf(path: string): SourceLanguage | undefined {
  const dot = path.lastIndexOf('.');
  return dot < 0 ? undefined : EXTENSIONS[path.slice(dot + 1).toLowerCase()];
}

/** docs/service.md#records */
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
