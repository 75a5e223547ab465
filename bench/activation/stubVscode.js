// Dev only: the smallest `vscode` module that lets activate() run in plain Node, for the activation
// figure. Anything not listed here is a callable, constructible stand-in that returns another one,
// so the extension's calls succeed without doing anything. The window is unfocused and no view is
// visible, so the same run also counts the timers left running in that state.
const { EventEmitter: NodeEmitter } = require('node:events');

const noop = () => undefined;
const disposable = { dispose: noop };

/** A function that can be called, constructed and dotted into, forever; it keeps what is set on it. */
function anything() {
  const store = new Map();
  return new Proxy(function () {}, {
    get(_t, key) {
      if (store.has(key)) return store.get(key);
      if (key === 'then') return undefined; // not a promise
      if (key === Symbol.toPrimitive) return () => '';
      if (key === 'dispose') return noop;
      return anything();
    },
    set(_t, key, value) {
      store.set(key, value);
      return true;
    },
    apply: () => anything(),
    construct: () => anything(),
  });
}

class EventEmitter {
  constructor() {
    this.emitter = new NodeEmitter();
    this.event = (listener, thisArg, disposables) => {
      const bound = thisArg ? listener.bind(thisArg) : listener;
      this.emitter.on('e', bound);
      const d = { dispose: () => this.emitter.off('e', bound) };
      if (Array.isArray(disposables)) disposables.push(d);
      return d;
    };
  }
  fire(value) {
    this.emitter.emit('e', value);
  }
  dispose() {
    this.emitter.removeAllListeners();
  }
}

const event = () => disposable;
const configuration = {
  get: (_key, fallback) => fallback,
  has: () => false,
  inspect: () => undefined,
  update: async () => undefined,
};

const overrides = {
  EventEmitter,
  Disposable: class {
    constructor(fn) {
      this.dispose = fn;
    }
    static from(...ds) {
      return { dispose: () => ds.forEach((d) => d.dispose()) };
    }
  },
  workspace: new Proxy(
    {
      getConfiguration: () => configuration,
      onDidChangeConfiguration: event,
      onDidChangeWorkspaceFolders: event,
      workspaceFolders: undefined,
      // A window opened on folders, not on a .code-workspace file.
      workspaceFile: undefined,
      registerTextDocumentContentProvider: () => disposable,
    },
    { get: (t, k) => (k in t ? t[k] : anything()) },
  ),
  window: new Proxy(
    {
      state: { focused: false, active: false },
      onDidChangeWindowState: event,
      createOutputChannel: () => anything(),
      createTreeView: () =>
        new Proxy(
          {
            visible: false,
            onDidChangeVisibility: event,
            onDidExpandElement: event,
            onDidCollapseElement: event,
            dispose: noop,
          },
          { get: (t, k) => (k in t ? t[k] : anything()) },
        ),
      registerWebviewPanelSerializer: () => disposable,
    },
    { get: (t, k) => (k in t ? t[k] : anything()) },
  ),
  commands: { registerCommand: () => disposable, executeCommand: async () => undefined },
  // Listed because the bundle copies the module's own keys (esbuild's __toESM) before reading them.
  Uri: anything(),
  TreeItem: class {},
  ThemeIcon: anything(),
  ThemeColor: anything(),
  MarkdownString: anything(),
  env: anything(),
  languages: anything(),
  QuickInputButtons: anything(),
  TreeItemCollapsibleState: { None: 0, Collapsed: 1, Expanded: 2 },
  ProgressLocation: { SourceControl: 1, Window: 10, Notification: 15 },
  ConfigurationTarget: { Global: 1, Workspace: 2, WorkspaceFolder: 3 },
  ViewColumn: { Active: -1, Beside: -2, One: 1 },
  StatusBarAlignment: { Left: 1, Right: 2 },
  // English, as VS Code runs it with no language pack: no bundle, and t() fills the placeholders.
  l10n: {
    bundle: undefined,
    uri: undefined,
    t: (message, ...args) => String(message).replace(/\{(\d+)\}/g, (m, i) => (i < args.length ? String(args[i]) : m)),
  },
};

module.exports = new Proxy(overrides, { get: (t, k) => (k in t ? t[k] : anything()) });
