/**
 * An in-memory `vscode` for unit tests of the classes that need one (ConnectionManager, ApiKeyStore):
 * settings you can change and see the change event of, window focus you can flip, SecretStorage and
 * Memento in memory, commands recorded. Only what those classes use; anything else throws, so a test
 * never passes by silently skipping a call. Installed before the module under test is loaded.
 */
import Module from 'node:module';

type Listener<T> = (e: T) => unknown;

export class EventEmitter<T> {
  private readonly listeners = new Set<Listener<T>>();
  readonly event = (listener: Listener<T>) => {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  };

  fire(e: T): void {
    for (const l of [...this.listeners]) {
      l(e);
    }
  }

  dispose(): void {
    this.listeners.clear();
  }
}

/** A SecretStorage in memory; `onDidChange` fires as VS Code's does (also for this window's own writes). */
export class FakeSecretStorage {
  readonly values = new Map<string, string>();
  private readonly changed = new EventEmitter<{ key: string }>();
  readonly onDidChange = this.changed.event;

  get(key: string): Promise<string | undefined> {
    return Promise.resolve(this.values.get(key));
  }

  store(key: string, value: string): Promise<void> {
    this.values.set(key, value);
    this.changed.fire({ key });
    return Promise.resolve();
  }

  delete(key: string): Promise<void> {
    this.values.delete(key);
    this.changed.fire({ key });
    return Promise.resolve();
  }
}

/** A Memento in memory. */
export class FakeMemento {
  readonly values = new Map<string, unknown>();
  get<T>(key: string, fallback?: T): T | undefined {
    return this.values.has(key) ? (this.values.get(key) as T) : fallback;
  }

  update(key: string, value: unknown): Promise<void> {
    this.values.set(key, value);
    return Promise.resolve();
  }

  keys(): string[] {
    return [...this.values.keys()];
  }
}

export interface FakeVscodeControl {
  /** Every `section.key` setting, e.g. `timeslice.responseFormat`. */
  settings: Map<string, unknown>;
  /** Changes a setting and fires onDidChangeConfiguration for it (and its parent sections). */
  setSetting(key: string, value: unknown): void;
  setFocused(focused: boolean): void;
  executed: unknown[][];
  /** Ids given to `commands.registerCommand`, in order (the command-table test reads them). */
  registered: string[];
  /** Every `window.showQuickPick` call's items and options, in order. */
  quickPicks: Array<{ items: unknown[]; options: unknown }>;
  /** Each diagnostic collection's diagnostics by URI text, by the collection's name (the last one of a name). */
  diagnostics: Map<string, Map<string, unknown[]>>;
  /** What the user picks in the quick picks from now on: an item, or undefined (Escape, the default). */
  answerQuickPicks(answer: (items: unknown[]) => unknown): void;
  /** Every `window.showWarningMessage` call's text and buttons, in order. */
  warnings: Array<{ text: string; buttons: string[] }>;
  /** What the user clicks on warnings from now on: a button, or undefined (closed, the default). */
  answerWarnings(answer: (text: string, buttons: string[]) => string | undefined): void;
}

function fakeUri(path: string) {
  return { scheme: 'file', path, fsPath: path, toString: () => `file://${path}` };
}

let shared: { control: FakeVscodeControl; module: unknown } | undefined;

/**
 * Makes `require('vscode')` return the fake until `uninstall()`. One fake per process: modules that
 * imported it keep it (the module cache), so every test file shares it and resets what it uses.
 */
export function installFakeVscode(): FakeVscodeControl & { uninstall(): void } {
  shared ??= buildFake();
  const fake = shared.module;
  const loader = Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown };
  const original = loader._load;
  loader._load = function (request: string, ...rest: unknown[]) {
    return request === 'vscode' ? fake : original.call(this, request, ...rest);
  };
  return Object.assign(Object.create(shared.control) as FakeVscodeControl, {
    uninstall: () => {
      loader._load = original;
    },
  });
}

function buildFake(): { control: FakeVscodeControl; module: unknown } {
  const settings = new Map<string, unknown>();
  const configChanged = new EventEmitter<{ affectsConfiguration(section: string): boolean }>();
  const windowState = { focused: true, active: true };
  const windowStateChanged = new EventEmitter<typeof windowState>();
  const executed: unknown[][] = [];
  const registered: string[] = [];
  let quickPickAnswer: (items: unknown[]) => unknown = () => undefined;
  let warningAnswer: (text: string, buttons: string[]) => string | undefined = () => undefined;

  const fake = {
    EventEmitter,
    TreeItem: class {
      id?: string;
      description?: string;
      tooltip?: unknown;
      command?: unknown;
      iconPath?: unknown;
      contextValue?: string;
      constructor(
        readonly label: string,
        readonly collapsibleState?: number,
      ) {}
    },
    TreeItemCollapsibleState: { None: 0, Collapsed: 1, Expanded: 2 },
    Uri: {
      joinPath: (base: { path: string }, ...parts: string[]) => fakeUri([base.path, ...parts].join('/')),
      file: (path: string) => fakeUri(path),
      parse: (text: string) => fakeUri(text.replace(/^file:\/\//, '')),
    },
    Position: class {
      constructor(
        readonly line: number,
        readonly character: number,
      ) {}
    },
    Range: class {
      readonly start: { line: number; character: number };
      readonly end: { line: number; character: number };
      constructor(startLine: number, startCharacter: number, endLine: number, endCharacter: number) {
        this.start = { line: startLine, character: startCharacter };
        this.end = { line: endLine, character: endCharacter };
      }
    },
    Location: class {
      constructor(
        readonly uri: unknown,
        readonly range: unknown,
      ) {}
    },
    Diagnostic: class {
      source?: string;
      relatedInformation?: unknown[];
      constructor(
        readonly range: unknown,
        readonly message: string,
        readonly severity?: number,
      ) {}
    },
    DiagnosticRelatedInformation: class {
      constructor(
        readonly location: unknown,
        readonly message: string,
      ) {}
    },
    DiagnosticSeverity: { Error: 0, Warning: 1, Information: 2, Hint: 3 },
    languages: {
      /** A collection in memory: `diagnostics` holds what is set, by the URI's text. */
      createDiagnosticCollection: (name: string) => {
        const diagnostics = new Map<string, unknown[]>();
        control.diagnostics.set(name, diagnostics);
        return {
          name,
          diagnostics,
          set: (uri: { toString(): string }, list: unknown[]) => void diagnostics.set(uri.toString(), list),
          clear: () => diagnostics.clear(),
          dispose: () => diagnostics.clear(),
        };
      },
    },
    ThemeIcon: class {
      constructor(
        readonly id: string,
        readonly color?: unknown,
      ) {}
    },
    ThemeColor: class {
      constructor(readonly id: string) {}
    },
    MarkdownString: class {
      constructor(
        public value = '',
        readonly supportThemeIcons = false,
      ) {}
      appendMarkdown(text: string) {
        this.value += text;
        return this;
      }
      appendText(text: string) {
        this.value += text;
        return this;
      }
    },
    ConfigurationTarget: { Global: 1, Workspace: 2, WorkspaceFolder: 3 },
    // No extension is installed here (the git extension's API among them).
    extensions: { getExtension: () => undefined },
    ProgressLocation: { SourceControl: 1, Window: 10, Notification: 15 },
    workspace: {
      getConfiguration(section = '') {
        const full = (key: string) => (section ? `${section}.${key}` : key);
        return {
          get: <T>(key: string, fallback?: T) => (settings.has(full(key)) ? (settings.get(full(key)) as T) : fallback),
          // Every value set here is a user (global) value.
          inspect: (key: string) => ({ key: full(key), globalValue: settings.get(full(key)) }),
          update: (key: string, value: unknown) => Promise.resolve(control.setSetting(full(key), value)),
        };
      },
      onDidChangeConfiguration: configChanged.event,
      workspaceFolders: undefined,
    },
    window: {
      get state() {
        return { ...windowState };
      },
      onDidChangeWindowState: windowStateChanged.event,
      withProgress: <T>(_options: unknown, task: (progress: { report(): void }) => Promise<T>) =>
        task({ report: () => undefined }),
      showQuickPick: async (items: unknown[] | Promise<unknown[]>, options?: unknown) => {
        const list = await items;
        control.quickPicks.push({ items: list, options });
        return quickPickAnswer(list);
      },
      showWarningMessage: (text: string, ...buttons: string[]) => {
        control.warnings.push({ text, buttons });
        return Promise.resolve(warningAnswer(text, buttons));
      },
    },
    commands: {
      executeCommand: (...args: unknown[]) => {
        executed.push(args);
        return Promise.resolve(undefined);
      },
      registerCommand: (id: string) => {
        registered.push(id);
        return { dispose: () => undefined };
      },
    },
    env: { language: 'en' },
    // English, as VS Code runs without a language pack: no bundle, and t() fills the placeholders.
    l10n: {
      bundle: undefined,
      uri: undefined,
      t: (message: string, ...args: unknown[]) =>
        message.replace(/\{(\d+)\}/g, (m, i: string) => (Number(i) < args.length ? String(args[Number(i)]) : m)),
    },
  };

  const control: FakeVscodeControl = {
    settings,
    executed,
    registered,
    quickPicks: [],
    diagnostics: new Map(),
    answerQuickPicks(answer) {
      quickPickAnswer = answer;
    },
    warnings: [],
    answerWarnings(answer) {
      warningAnswer = answer;
    },
    setSetting(key, value) {
      if (value === undefined) {
        settings.delete(key);
      } else {
        settings.set(key, value);
      }
      configChanged.fire({ affectsConfiguration: (section) => key === section || key.startsWith(`${section}.`) });
    },
    setFocused(focused) {
      windowState.focused = focused;
      windowStateChanged.fire({ ...windowState });
    },
  };

  const strict = new Proxy(fake, {
    get(target, property) {
      if (property in target || typeof property === 'symbol' || property === '__esModule' || property === 'default') {
        return (target as Record<string | symbol, unknown>)[property];
      }
      throw new Error(`the fake vscode has no "${String(property)}": add it to test/support/fakeVscode.ts`);
    },
  });
  return { control, module: strict };
}

/** The session's classes, for tests that build a ConnectionManager over the fake. */
export interface SessionModules {
  ConnectionManager: typeof import('../../src/session/connectionManager').ConnectionManager;
  ApiKeyStore: typeof import('../../src/auth/apiKeyStore').ApiKeyStore;
  Config: typeof import('../../src/config').Config;
  MemoryLogger: typeof import('../../src/log').MemoryLogger;
}

/** Loads them; call after installFakeVscode() (they import `vscode`; modules are cached after the first load). */
export function loadSessionModules(): SessionModules {
  /* eslint-disable @typescript-eslint/no-require-imports -- loaded after the fake is installed, in this order */
  return {
    ConnectionManager: (
      require('../../src/session/connectionManager') as typeof import('../../src/session/connectionManager')
    ).ConnectionManager,
    ApiKeyStore: (require('../../src/auth/apiKeyStore') as typeof import('../../src/auth/apiKeyStore')).ApiKeyStore,
    Config: (require('../../src/config') as typeof import('../../src/config')).Config,
    MemoryLogger: (require('../../src/log') as typeof import('../../src/log')).MemoryLogger,
  };
  /* eslint-enable @typescript-eslint/no-require-imports */
}
