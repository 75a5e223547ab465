/**
 * Python's scopes: triple-quoted strings spanning lines (raw SQL at column 0, a `def` in a docstring)
 * neither end a class nor declare anything, and a nested function has the same kind and container
 * whether the built-in parser or a language extension's document symbols found it.
 */
import * as assert from 'node:assert/strict';

import type { IndexedFile } from '../../src/code/codeMatch';
import { CodeMap } from '../../src/code/codeMatch';
import { parseSource } from '../../src/code/parseSource';
import type { SymbolNode } from '../../src/code/symbolTree';
import { callablesOf } from '../../src/code/symbolTree';
import type { CodeSymbol } from '../../src/code/symbols';
import { codeTargetOf } from '../../src/code/transactionNames';

/** `vscode.SymbolKind`'s values, as documentSymbols.ts passes them. */
const KIND = { Module: 1, Class: 4, Method: 5, Variable: 12, Function: 11 } as const;
const KINDS = {
  containers: new Set<number>([KIND.Module, KIND.Class]),
  callables: new Set<number>([KIND.Method, KIND.Function]),
};

function said(symbols: readonly CodeSymbol[]): string[] {
  return symbols.map((s) => `${s.kind} ${[...s.container, s.name].join('.')} @${s.line}`);
}

const VIEWS = [
  'class ReportView(View):', // 0
  '    QUERY = """', // 1
  'SELECT id, total', // 2
  'FROM orders', // 3
  "WHERE status = 'open'", // 4
  '"""', // 5
  '', // 6
  '    def get(self, request):', // 7
  "        sql = r'''", // 8
  'def not_a_function():', // 9
  "    pass'''", // 10
  '        return sql', // 11
  '', // 12
  '    def post(self, request):', // 13
  '        doc = f"""{request}', // 14
  'class NotAClass:', // 15
  '"""', // 16
  '        return doc', // 17
  '', // 18
  'def make_view(prefix):', // 19
  '    def view(request):', // 20
  '        return prefix', // 21
  '    return view', // 22
].join('\n');

describe('Python scopes', () => {
  it('a triple-quoted string spanning lines ends no class, and nothing in it is a def or a class', () => {
    assert.deepEqual(said(parseSource('python', VIEWS).symbols), [
      'method ReportView.get @7',
      'method ReportView.post @13',
      'function make_view @19',
      'function make_view.<locals>.view @20',
    ]);
  });

  it('with each prefix and either quote, and a docstring on the def line', () => {
    for (const quote of ["'''", '"""']) {
      for (const prefix of ['', 'r', 'b', 'f', 'u', 'rb', 'BR', 'Rf']) {
        const text = [
          'class A:',
          `    x = ${prefix}${quote}one`,
          'def two(): pass',
          `${quote}`,
          `    def three(self): ${quote}doc${quote}`,
          '    def four(self):',
          `        """def five():"""`,
        ].join('\n');
        assert.deepEqual(
          said(parseSource('python', text).symbols),
          ['method A.three @4', 'method A.four @5'],
          prefix + quote,
        );
      }
    }
  });

  it('brackets and backslashes carry a statement over lines; a def ends a bracket left open', () => {
    const text = [
      'class A:',
      '    urls = [',
      'path("x"),',
      '    ]',
      '    total = 1 + \\',
      '2',
      '    def get(self):',
      '        call(',
      '    def post(self):',
    ].join('\n');
    assert.deepEqual(said(parseSource('python', text).symbols), ['method A.get @6', 'method A.post @8']);
  });

  it("a language extension's nested function has the built-in parser's kind and container", () => {
    const at = (line: number) => ({ start: { line } });
    const node = (name: string, kind: number, line: number, children: SymbolNode[] = []): SymbolNode => ({
      name,
      kind,
      children,
      selectionRange: at(line),
    });
    // What a Python language server gives for VIEWS: methods in the class, a function with a function in it.
    const tree = [
      node('ReportView', KIND.Class, 0, [
        node('QUERY', KIND.Variable, 1),
        node('get', KIND.Method, 7, [node('sql', KIND.Variable, 8)]),
        node('post', KIND.Method, 13),
      ]),
      node('make_view', KIND.Function, 19, [node('view', KIND.Function, 20)]),
    ];
    const fromServer = callablesOf(tree, KINDS);
    assert.deepEqual(said(fromServer), said(parseSource('python', VIEWS).symbols));
    // And so both find the nested function's transaction, which a method would not be.
    const file = (symbols: CodeSymbol[]): IndexedFile => ({
      path: 'shop/views.py',
      language: 'python',
      parsed: { symbols },
    });
    const target = codeTargetOf('python', 'WebTransaction/Function/shop.views:make_view.<locals>.view')!;
    for (const symbols of [fromServer, parseSource('python', VIEWS).symbols]) {
      assert.deepEqual(new CodeMap([file(symbols)]).locateIn(target, file(symbols)), {
        path: 'shop/views.py',
        line: 20,
      });
    }
    // A method's own nested function is a function too, under the method's <locals>.
    const inMethod = callablesOf(
      [node('A', KIND.Class, 0, [node('m', KIND.Method, 1, [node('f', KIND.Function, 2)])])],
      KINDS,
    );
    assert.deepEqual(said(inMethod), ['method A.m @1', 'function A.m.<locals>.f @2']);
  });
});
