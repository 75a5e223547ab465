/**
 * Source files built to slow a parser down: long runs of spaces or newlines after each keyword a
 * pattern starts from, unterminated strings and comments, deep generics, one 1 MB line. Each comes
 * with the symbols a parser must still find in it (and those it must not), as `describeSymbol` words
 * them. Shared by the hostile-input unit suite and the bench's worst-case parse figure.
 */
import type { CodeSymbol, SourceLanguage } from '../../src/code/symbols';

export interface HostileSource {
  language: SourceLanguage;
  /** What is hostile in it, for the test's title and the bench's note. */
  shape: string;
  text: string;
  /** Symbols that must be found, as `describeSymbol` words them (line included). */
  found: readonly string[];
  /** Symbols that must not be found (they are inside a comment or a string). */
  missing?: readonly string[];
}

/** `method Users.show @12`, `function main @0`, `route GET /users @3`. */
export function describeSymbol(symbol: CodeSymbol): string {
  const what =
    symbol.kind === 'route'
      ? `route ${symbol.verb ?? '*'} ${symbol.path ?? ''}`
      : `${symbol.kind} ${[...symbol.container, symbol.name].join('.')}`;
  return `${what} @${symbol.line}`;
}

const RUN = 100_000;
const MB = 1 << 20;
const spaces = ' '.repeat(RUN);
const newlines = '\n'.repeat(RUN);

/** One line of about 1 MB made of `unit` repeated. */
function mbLine(unit: string): string {
  return unit.repeat(Math.ceil(MB / unit.length));
}

function lineAt(text: string, needle: string): number {
  const at = text.lastIndexOf(needle);
  if (at < 0) {
    throw new Error(`hostile corpus: ${needle} is not in its text`);
  }
  let line = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < at; i = text.indexOf('\n', i + 1)) {
    line++;
  }
  return line;
}

interface Frame {
  language: SourceLanguage;
  /** Code before the hostile part, with a symbol in it. */
  before: string;
  /** Code after it. */
  after: string;
  /** The symbol in `before` and the needle that finds its line. */
  first: [string, string];
  /** The symbol in `after` and the needle that finds its line. */
  last: [string, string];
}

function framed(
  frame: Frame,
  shape: string,
  hostile: string,
  afterIs: 'found' | 'missing' | 'unsaid' = 'found',
  extra: Array<[string, string]> = [],
): HostileSource {
  const text = `${frame.before}\n${hostile}\n${frame.after}`;
  const said = (symbol: [string, string]) => `${symbol[0]} @${lineAt(text, symbol[1])}`;
  const last = said(frame.last);
  return {
    language: frame.language,
    shape,
    text,
    found: [said(frame.first), ...(afterIs === 'found' ? [last] : []), ...extra.map(said)],
    ...(afterIs === 'missing' ? { missing: [last] } : {}),
  };
}

const GO: Frame = {
  language: 'go',
  before: 'package shop\n\nfunc (s *Server) list(w http.ResponseWriter) {\n}',
  after: 'func after() {\n\tmux.HandleFunc("GET /after", after)\n}',
  first: ['method Server.list', 'func (s *Server) list'],
  last: ['function after', 'func after('],
};

function go(): HostileSource[] {
  return [
    framed(GO, 'func ( + spaces', `func (${spaces}`),
    framed(GO, 'func ( + newlines', `func (${newlines}`),
    framed(GO, 'func + spaces + a name with no parameters', `func${spaces}x${spaces}`),
    framed(GO, 'receiver spaced out, never closed', `func (s${spaces}*${spaces}T${spaces}`),
    framed(GO, 'generic receiver never closed', `func (s *T[${'K, '.repeat(RUN / 3)}`),
    framed(GO, 'package + spaces', `package${spaces}`),
    framed(GO, 'HandleFunc( + spaces', `mux.HandleFunc(${spaces}`, 'found', [
      ['route GET /after', 'mux.HandleFunc("GET /after"'],
    ]),
    framed(GO, 'WrapHandleFunc never closed', `mux.HandleFunc(newrelic.WrapHandleFunc(${spaces}app${spaces}`),
    framed(GO, 'unterminated string', `mux.HandleFunc("/${'a'.repeat(MB)}`, 'found', [
      ['route GET /after', 'mux.HandleFunc("GET /after"'],
    ]),
    framed(GO, 'unterminated comment', `/*${mbLine('func x() ')}`, 'missing'),
    framed(GO, 'one 1 MB line of route calls', mbLine('r.GET(WrapHandle(a, '), 'found'),
  ];
}

const JS: Frame = {
  language: 'javascript',
  before: "const express = require('express');\nconst app = express();\napp.get('/before', list);",
  after: "app.post('/after', create);",
  first: ['route GET /before', "app.get('/before'"],
  last: ['route POST /after', "app.post('/after'"],
};

function javascript(): HostileSource[] {
  return [
    framed(JS, '40,000 × a$', 'a$'.repeat(40_000)),
    framed(JS, 'a 1 MB line of a$', mbLine('a$')),
    framed(JS, 'spaces around each part of a route', `app${spaces}.${spaces}get${spaces}(${spaces}x`),
    framed(JS, 'use( + spaces, never closed', `app.use(${spaces}'/api'${spaces},${spaces}require(${spaces}`),
    framed(JS, 'const + spaces, never closed', `const${spaces}x${spaces}=${spaces}require(${spaces}`),
    framed(JS, 'import + spaces, never closed', `import${spaces}x${spaces}from${spaces}`),
    framed(JS, 'get( + newlines', `router.get(${newlines}x`),
    framed(JS, 'unterminated string', `app.get('/${'a'.repeat(MB)}`),
    framed(JS, 'unterminated comment', `/*${mbLine("app.get('/x', h); ")}`, 'missing'),
    framed(JS, 'unterminated template literal', `const t = \`${mbLine("app.get('/x', h) ")}`, 'unsaid'),
    framed(JS, 'one 1 MB line of route calls', mbLine("a.get('/x'.get( ")),
  ];
}

function braces(language: 'java' | 'csharp'): HostileSource[] {
  const java = language === 'java';
  const frame: Frame = {
    language,
    before: java
      ? 'package shop;\n\n@RequestMapping("/orders")\npublic class OrderController {\n  @GetMapping("/{id}")\n  public Order show(long id) {\n    return null;\n  }'
      : 'namespace Shop;\n\npublic class OrderController {\n  public Order Show(long id) {\n    return null;\n  }',
    after: java ? '  public void after() {\n  }\n}' : '  public void After() {\n  }\n}',
    first: java
      ? ['method OrderController.show', 'public Order show(']
      : ['method OrderController.Show', 'Order Show('],
    last: java ? ['method OrderController.after', 'void after('] : ['method OrderController.After', 'void After('],
  };
  return [
    framed(frame, '24 × a<b> in a class body', `  ${'a<b> '.repeat(24)}`),
    framed(frame, '20,000 × a<b> in a class body', `  ${'a<b> '.repeat(20_000)}`),
    framed(
      frame,
      'deep generics, closed',
      `  ${'Map<'.repeat(RUN / 4)}X${'>'.repeat(RUN / 4)} deep() {\n  }`,
      'found',
      [[`method OrderController.deep`, ' deep() {']],
    ),
    framed(frame, 'deep generics, never closed', `  ${'List<'.repeat(RUN / 5)}`),
    framed(
      frame,
      'spaces between the words of a method',
      `  public${spaces}void${spaces}spaced${spaces}() {\n  }`,
      'found',
      [[`method OrderController.spaced`, 'spaced']],
    ),
    framed(frame, 'class + spaces', `  class${spaces}`),
    framed(frame, 'package + spaces', `package${spaces}`),
    framed(frame, 'a mapping with spaces and no path', `  @RequestMapping(value =${spaces}{${spaces}})`),
    framed(frame, 'unterminated string', `  String s = "${'a'.repeat(MB)}`),
    framed(frame, 'a 1 MB line of escaped quotes', `  String s = ${mbLine('"\\')}`),
    framed(frame, 'unterminated comment', `/*${mbLine('void x() {} ')}`, 'missing'),
  ];
}

const PHP_FRAME: Frame = {
  language: 'php',
  before: '<?php\nnamespace App\\Http;\n\nclass InvoiceController\n{\n    public function show($id)\n    {\n    }',
  after: "    public function after()\n    {\n    }\n}\nRoute::get('/after', [InvoiceController::class, 'after']);",
  first: ['method InvoiceController.show', 'function show('],
  last: ['method InvoiceController.after', 'function after('],
};

function php(): HostileSource[] {
  return [
    framed(
      PHP_FRAME,
      'function + spaces + & + spaces',
      `    public function${spaces}&${spaces}spaced${spaces}()\n    {\n    }`,
      'found',
      [['method InvoiceController.spaced', 'spaced']],
    ),
    framed(PHP_FRAME, 'function + spaces, no name', `    function${spaces}`),
    framed(PHP_FRAME, 'Route::get( + spaces, never closed', `Route::get(${spaces}'/x'${spaces},${spaces}`, 'found', [
      ['route GET /after', "Route::get('/after'"],
    ]),
    framed(PHP_FRAME, 'an attribute + spaces', `    #[Route(${spaces}'/x'${spaces}`),
    framed(PHP_FRAME, 'namespace + spaces', `namespace${spaces}`),
    framed(PHP_FRAME, 'class + spaces', `class${spaces}`),
    framed(PHP_FRAME, 'a handler of backslashes', `Route::get('/x', '${'\\'.repeat(RUN)}`),
    framed(PHP_FRAME, 'unterminated string', `    $s = "${'a'.repeat(MB)}`),
    framed(PHP_FRAME, 'a 1 MB line of escaped quotes', `    $s = ${mbLine('"\\')}`),
    framed(PHP_FRAME, 'unterminated comment', `/*${mbLine('function x() {} ')}`, 'missing'),
  ];
}

const PYTHON: Frame = {
  language: 'python',
  before: 'class OrderView:\n    def get(self, request):\n        return None',
  after: '    def after(self):\n        return None',
  first: ['method OrderView.get', 'def get('],
  last: ['method OrderView.after', 'def after('],
};

function python(): HostileSource[] {
  return [
    framed(PYTHON, 'def + spaces', `    def${spaces}`),
    framed(
      PYTHON,
      'async + spaces + def + spaces',
      `    async${spaces}def${spaces}spaced(self):\n        pass`,
      'found',
      [['method OrderView.spaced', 'spaced(']],
    ),
    framed(PYTHON, 'class + spaces', `    class${spaces}`),
    framed(PYTHON, 'a bracket never closed', `    x = (${newlines}`),
    framed(PYTHON, 'deep brackets', `    x = ${'['.repeat(RUN)}${']'.repeat(RUN)}`),
    framed(PYTHON, 'unterminated string', `    s = "${'a'.repeat(MB)}`),
    framed(PYTHON, 'unterminated triple-quoted string', `    s = """${mbLine('def x():\n')}`, 'missing'),
    framed(PYTHON, 'a 1 MB line of quotes', `    s = ${mbLine('"\\""\'\'\'')}`, 'unsaid'),
    framed(PYTHON, 'a 1 MB comment', `    # ${mbLine('def x(): ')}`),
  ];
}

const RUBY_FRAME: Frame = {
  language: 'ruby',
  before: 'class UsersController < ApplicationController\n  def show\n  end',
  after: '  def after\n  end\nend',
  first: ['method UsersController.show', 'def show'],
  last: ['method UsersController.after', 'def after'],
};

function ruby(): HostileSource[] {
  return [
    framed(RUBY_FRAME, 'def + spaces', `  def${spaces}`),
    framed(RUBY_FRAME, 'class + spaces', `  class${spaces}`),
    framed(RUBY_FRAME, 'a 1 MB line of indent', `${mbLine(' \t')}x`),
    framed(RUBY_FRAME, 'a long class path', `  x = ${'A::'.repeat(RUN / 3)}`),
    framed(RUBY_FRAME, 'unterminated string', `  s = "${'a'.repeat(MB)}`),
    framed(RUBY_FRAME, 'unterminated =begin', `=begin\n${mbLine('def x ')}`, 'missing'),
  ];
}

/** Every hostile source, all languages (several MB of text: build it once per run). */
export function hostileSources(): HostileSource[] {
  return [...go(), ...javascript(), ...braces('java'), ...braces('csharp'), ...php(), ...python(), ...ruby()];
}
