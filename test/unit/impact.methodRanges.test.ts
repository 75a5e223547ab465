/**
 * Where each method ends (src/impact/methodRanges.ts), per language, from the built-in parsers' lines.
 */
import * as assert from 'node:assert/strict';

import { parseSource } from '../../src/code/parseSource';
import type { SourceLanguage } from '../../src/code/symbols';
import { methodRanges } from '../../src/impact/methodRanges';

/** "name first-last" per symbol, one-based lines as an editor shows them. */
function ranges(language: SourceLanguage, lines: string[]): string[] {
  const text = lines.join('\n');
  return methodRanges(parseSource(language, text).symbols, text).map(
    (m) => `${m.kind === 'route' ? `${m.verb} ${m.path}` : m.name} ${m.line + 1}-${m.endLine + 1}`,
  );
}

describe('impact: where a method ends', () => {
  it('Ruby: def … end, a one-line def, the class end, a comment above the next method', () => {
    const lines = [
      'class OrdersController < ApplicationController', // 1
      '  def index', // 2
      '    @orders = Order.all', // 3
      '', // 4
      '    render :index', // 5
      '  end', // 6
      '', // 7
      '  # Shows one order.', // 8
      '  def show; end', // 9
      '  def total', // 10
      '    42', // 11
      '  end', // 12
      'end', // 13
    ];
    assert.deepEqual(ranges('ruby', lines), ['index 2-6', 'show 9-9', 'total 10-12']);
  });

  it('Python: a multi-line signature, a nested function, a comment at column 0 in a body', () => {
    const lines = [
      'class ProductView(View):', // 1
      '    def get(', // 2
      '        self, request', // 3
      '    ):', // 4
      '        def inner():', // 5
      '            return 1', // 6
      '# a stray comment', // 7
      '        return inner()', // 8
      '', // 9
      '    @decorated', // 10
      '    def post(self):', // 11
      '        pass', // 12
      '', // 13
      'def helper():', // 14
      '    pass', // 15
    ];
    assert.deepEqual(ranges('python', lines), ['get 2-8', 'inner 5-6', 'post 11-12', 'helper 14-15']);
  });

  it('Java: Allman and K&R braces, an annotation above the next method', () => {
    const lines = [
      'public class OrderController {', // 1
      '    public Order show(long id)', // 2
      '    {', // 3
      '        return repo.find(id);', // 4
      '    }', // 5
      '', // 6
      '    @GetMapping("/orders")', // 7
      '    public List<Order> list() {', // 8
      '        return repo.all();', // 9
      '    }', // 10
      '}', // 11
    ];
    assert.deepEqual(ranges('java', lines), ['show 2-5', 'list 8-10', 'GET /orders 8-10']);
  });

  it('JavaScript: a route with its handler inline', () => {
    const lines = [
      "router.get('/', async (req, res) => {", // 1
      '  res.json([]);', // 2
      '});', // 3
      '', // 4
      "router.post('/', create);", // 5
      'module.exports = router;', // 6
    ];
    assert.deepEqual(ranges('javascript', lines), ['GET / 1-3', 'POST / 5-5']);
  });

  it('Go: a method with a receiver, then a function', () => {
    const lines = [
      'func (h *handlers) showOrder(w http.ResponseWriter, r *http.Request) {', // 1
      '\th.backend.forward(w, r, "/orders")', // 2
      '}', // 3
      '', // 4
      'func main() {', // 5
      '\tstart()', // 6
      '}', // 7
    ];
    assert.deepEqual(ranges('go', lines), ['showOrder 1-3', 'main 5-7']);
  });

  it('a line the text does not have stands alone', () => {
    const symbol = { kind: 'function' as const, name: 'ghost', container: [], line: 40 };
    assert.deepEqual(
      methodRanges([symbol], 'x\ny').map((m) => [m.line, m.endLine]),
      [[40, 40]],
    );
  });
});
