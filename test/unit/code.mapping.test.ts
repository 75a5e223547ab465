/**
 * Transactions to code: each agent's naming (docs/service.md#agent-naming) with
 * the agents' own examples, the built-in parsers, and the traps: a method of the same name in another
 * class, a commented-out route, a mounted Express router, a Ruby namespaced controller, a transaction
 * that maps to nothing, a name with `../`.
 */
import * as assert from 'node:assert/strict';

import type { CodeLocation, IndexedFile } from '../../src/code/codeMatch';
import { CodeMap } from '../../src/code/codeMatch';
import { parseSource } from '../../src/code/parseSource';
import { sourceLanguageOf } from '../../src/code/symbols';
import { codeTargetOf } from '../../src/code/transactionNames';

/** A workspace of files given as text; `^` marks (and is removed from) the line a test expects. */
function workspace(files: Record<string, string>): { files: IndexedFile[]; marks: Map<string, CodeLocation> } {
  const marks = new Map<string, CodeLocation>();
  const indexed = Object.entries(files).map(([path, raw]) => {
    const lines = raw.split('\n');
    lines.forEach((l, line) => {
      const mark = /\s*\^(\w+)$/.exec(l);
      if (mark) {
        marks.set(mark[1], { path, line });
        lines[line] = l.slice(0, mark.index);
      }
    });
    const language = sourceLanguageOf(path);
    assert.ok(language, path);
    return { path, language, parsed: parseSource(language, lines.join('\n')) };
  });
  return { files: indexed, marks };
}

function where(language: string, name: string, files: IndexedFile[]): CodeLocation | undefined {
  const target = codeTargetOf(language, name);
  const map = new CodeMap(files);
  const found = target && map.locate(target);
  // The same answer for the file on its own (an open document), given the workspace's prefixes.
  if (target && found) {
    assert.deepEqual(
      map.locateIn(
        target,
        files.find((f) => f.path === found.path)!,
      ),
      found,
    );
  }
  return found;
}

describe('transactions to code: what each agent names (docs/service.md#agent-naming)', () => {
  const cases: Array<[string, string, unknown]> = [
    [
      'ruby',
      'Controller/admin/users/show',
      {
        kind: 'member',
        className: 'UsersController',
        member: 'show',
        namespace: ['Admin'],
        fileSuffixes: ['app/controllers/admin/users_controller.rb'],
      },
    ],
    ['ruby', 'Controller/Rack/Sinatra::Base/call', undefined],
    ['ruby', 'WebTransaction/Controller/admin/users/show', undefined],
    [
      'python',
      'WebTransaction/Function/shop.views:ProductView.get',
      {
        kind: 'member',
        className: 'ProductView',
        member: 'get',
        namespace: [],
        fileSuffixes: ['shop/views.py', 'shop/views/__init__.py'],
      },
    ],
    ['nodejs', 'WebTransaction/Expressjs/GET//api/items/:id', { kind: 'route', verb: 'GET', path: '/api/items/:id' }],
    ['java', 'WebTransaction/SpringController/orders/{id} (GET)', { kind: 'route', verb: 'GET', path: '/orders/{id}' }],
    [
      'java',
      'Java/com.example.OrderController/getOrder',
      {
        kind: 'member',
        className: 'OrderController',
        member: 'getOrder',
        namespace: ['com', 'example'],
        fileSuffixes: ['com/example/OrderController.java'],
      },
    ],
    [
      'php',
      'WebTransaction/Action/App\\Http\\Controllers\\InvoiceController@show',
      {
        kind: 'member',
        className: 'InvoiceController',
        member: 'show',
        namespace: ['App', 'Http', 'Controllers'],
        fileSuffixes: ['Http/Controllers/InvoiceController.php'],
      },
    ],
    ['php', 'WebTransaction/Action/invoices.show', { kind: 'routeName', name: 'invoices.show' }],
    [
      'dotnet',
      'WebTransaction/MVC/Orders/Details',
      { kind: 'member', className: 'OrdersController', member: 'Details', namespace: [] },
    ],
    [
      'dotnet',
      'DotNet/OrdersController/Details',
      { kind: 'member', className: 'OrdersController', member: 'Details', namespace: [] },
    ],
    ['go', 'WebTransaction/Go/GET /users', { kind: 'route', verb: 'GET', path: '/users' }],
    ['go', 'WebTransaction/Go/GET main.listUsers', { kind: 'function', name: 'listUsers', namespace: ['main'] }],
    // Foreign text that tries to leave the workspace or hide in control characters maps to nothing.
    ['ruby', 'Controller/../../etc/passwd/show', undefined],
    ['nodejs', 'WebTransaction/Expressjs/GET//../../etc/passwd', undefined],
    ['python', 'WebTransaction/Function/..etc.passwd:read', undefined],
    ['php', 'WebTransaction/Action/..\\..\\Evil@run', undefined],
    ['java', 'Java/com.example/../Evil/run', undefined],
    ['ruby', 'Controller/users/show\u202e', undefined],
    ['cobol', 'WebTransaction/Whatever/x', undefined],
  ];
  for (const [language, name, expected] of cases) {
    it(`${language}: ${JSON.stringify(name)}`, () => {
      assert.deepEqual(codeTargetOf(language, name), expected);
    });
  }
});

describe('transactions to code: the built-in parsers find the line', () => {
  it('Rails: a namespaced controller, not the top-level one of the same name', () => {
    const { files, marks } = workspace({
      'app/controllers/users_controller.rb':
        'class UsersController < ApplicationController\n  def show ^top\n  end\nend',
      'app/controllers/admin/users_controller.rb': [
        'module Admin',
        '  class UsersController < ApplicationController',
        '    # def show (an old version, commented out)',
        '    def index',
        '    end',
        '',
        '    def show ^admin',
        '    end',
        '  end',
        'end',
      ].join('\n'),
    });
    assert.deepEqual(where('ruby', 'Controller/admin/users/show', files), marks.get('admin'));
    assert.deepEqual(where('ruby', 'Controller/users/show', files), marks.get('top'));
  });

  it('Rails: `class Admin::UsersController` counts as the namespace too', () => {
    const { files, marks } = workspace({
      'app/controllers/admin/users_controller.rb':
        'class Admin::UsersController < ApplicationController\n  def show ^it\n  end\nend',
    });
    assert.deepEqual(where('ruby', 'Controller/admin/users/show', files), marks.get('it'));
  });

  it('Python: a method of the same name in another class is not taken', () => {
    const { files, marks } = workspace({
      'shop/views.py': [
        'class CartView(View):',
        '    def get(self, request):',
        '        pass',
        '',
        'class ProductView(View):',
        '    """Shows a product."""',
        '    def get(self, request, pk): ^get',
        '        def helper():',
        '            pass',
        '',
        'def index(request): ^index',
        '    return None',
      ].join('\n'),
    });
    assert.deepEqual(where('python', 'WebTransaction/Function/shop.views:ProductView.get', files), marks.get('get'));
    assert.deepEqual(where('python', 'WebTransaction/Function/shop.views:index', files), marks.get('index'));
    assert.equal(where('python', 'WebTransaction/Function/shop.views:helper', files), undefined);
    assert.equal(where('python', 'WebTransaction/Function/other.views:index', files), undefined);
  });

  it('Express: a router mounted in another file gets its prefix; a commented-out route is no route', () => {
    const { files, marks } = workspace({
      'src/app.js': [
        "const express = require('express');",
        "const items = require('./routes/items');",
        'const app = express();',
        "app.use('/api/items', items);",
        "// app.get('/api/old', legacy);",
        "/* app.get('/api/older', legacy); */",
        "app.get('/health', (req, res) => res.send('ok')); ^health",
      ].join('\n'),
      'src/routes/items.js': [
        "const router = require('express').Router();",
        "router.get('/', list); ^list",
        "router.get('/:id', show); ^show",
        'module.exports = router;',
      ].join('\n'),
    });
    assert.deepEqual(where('nodejs', 'WebTransaction/Expressjs/GET//api/items/:id', files), marks.get('show'));
    assert.deepEqual(where('nodejs', 'WebTransaction/Expressjs/GET//api/items', files), marks.get('list'));
    assert.deepEqual(where('nodejs', 'WebTransaction/Expressjs/GET//health', files), marks.get('health'));
    assert.equal(where('nodejs', 'WebTransaction/Expressjs/GET//api/old', files), undefined);
    assert.equal(where('nodejs', 'WebTransaction/Expressjs/GET//api/older', files), undefined);
    // Unmounted, the router's own path is not reachable at the root.
    assert.equal(where('nodejs', 'WebTransaction/Expressjs/GET//:id', files), undefined);
    assert.equal(where('nodejs', 'WebTransaction/Expressjs/POST//api/items/:id', files), undefined);
  });

  it('Spring: the route (class prefix + method mapping) and the traced-method segment', () => {
    const { files, marks } = workspace({
      'src/main/java/com/example/OrderController.java': [
        'package com.example;',
        '',
        '@RestController',
        '@RequestMapping("/orders")',
        'public class OrderController {',
        '  private final OrderRepository repo;',
        '',
        '  @GetMapping("/{id}")',
        '  public Order getOrder(@PathVariable long id) { ^get',
        '    return repo.findById(id).orElseThrow();',
        '  }',
        '',
        '  @PostMapping',
        '  public Order create(@RequestBody Order order) { ^create',
        '    if (order == null) { throw new IllegalArgumentException("{"); }',
        '    return repo.save(order);',
        '  }',
        '}',
      ].join('\n'),
      'src/main/java/com/other/OrderController.java':
        'package com.other;\npublic class OrderController {\n  public Order getOrder(long id) {\n    return null;\n  }\n}',
    });
    assert.deepEqual(where('java', 'WebTransaction/SpringController/orders/{id} (GET)', files), marks.get('get'));
    assert.deepEqual(where('java', 'WebTransaction/SpringController/orders (POST)', files), marks.get('create'));
    assert.deepEqual(where('java', 'Java/com.example.OrderController/getOrder', files), marks.get('get'));
    assert.equal(where('java', 'WebTransaction/SpringController/orders/{id} (DELETE)', files), undefined);
  });

  it('ASP.NET MVC: the controller class and its action', () => {
    const { files, marks } = workspace({
      'Controllers/OrdersController.cs': [
        'namespace Shop.Controllers;',
        'public class OrdersController : Controller',
        '{',
        '    [HttpGet("{id}")]',
        '    public async Task<IActionResult> Details(int id) ^details',
        '    {',
        '        var order = await _db.Orders.FindAsync(id);',
        '        return View(order);',
        '    }',
        '}',
      ].join('\n'),
    });
    assert.deepEqual(where('dotnet', 'WebTransaction/MVC/Orders/Details/{id}', files), marks.get('details'));
    assert.deepEqual(where('dotnet', 'DotNet/OrdersController/Details', files), marks.get('details'));
  });

  it('Go: ServeMux patterns with and without a verb, gin routes, handlers by package', () => {
    const { files, marks } = workspace({
      'cmd/server/main.go': [
        'package main',
        '',
        'func main() {',
        '\tmux := http.NewServeMux()',
        '\tmux.HandleFunc("GET /users", listUsers) ^users',
        '\tmux.HandleFunc("/healthz", healthz) ^health',
        '\t// mux.HandleFunc("GET /old", old)',
        '}',
        '',
        'func listUsers(w http.ResponseWriter, r *http.Request) { ^list',
        '}',
      ].join('\n'),
    });
    assert.deepEqual(where('go', 'WebTransaction/Go/GET /users', files), marks.get('users'));
    assert.deepEqual(where('go', 'WebTransaction/Go//healthz', files), marks.get('health'));
    assert.deepEqual(where('go', 'WebTransaction/Go/GET main.listUsers', files), marks.get('list'));
    assert.equal(where('go', 'WebTransaction/Go/GET /old', files), undefined);
  });

  it('Laravel and Symfony: controller methods, route names and attributes', () => {
    const { files, marks } = workspace({
      'routes/web.php': [
        '<?php',
        "Route::get('/invoices/{id}', [InvoiceController::class, 'show'])->name('invoices.show'); ^route",
        "# Route::get('/old', [OldController::class, 'index']);",
      ].join('\n'),
      'app/Http/Controllers/InvoiceController.php': [
        '<?php',
        'namespace App\\Http\\Controllers;',
        '',
        'class InvoiceController extends Controller',
        '{',
        '    public function show(string $id) ^show',
        '    {',
        "        return view('invoice', ['id' => $id]);",
        '    }',
        '}',
      ].join('\n'),
      'src/Controller/ProductController.php': [
        '<?php',
        'namespace App\\Controller;',
        '',
        'class ProductController extends AbstractController',
        '{',
        "    #[Route('/product/new', name: 'product_create', methods: ['POST'])]",
        '    public function create(): Response ^create',
        '    {',
        '    }',
        '}',
      ].join('\n'),
    });
    assert.deepEqual(
      where('php', 'WebTransaction/Action/App\\Http\\Controllers\\InvoiceController@show', files),
      marks.get('show'),
    );
    assert.deepEqual(where('php', 'WebTransaction/Action/invoices.show', files), marks.get('route'));
    assert.deepEqual(
      where('php', 'WebTransaction/Action/App\\Controller\\ProductController::create', files),
      marks.get('create'),
    );
    assert.deepEqual(where('php', 'WebTransaction/Action/product_create', files), marks.get('create'));
    assert.deepEqual(where('php', 'WebTransaction/Uri/invoices/{id}', files), marks.get('route'));
    assert.equal(where('php', 'WebTransaction/Uri/old', files), undefined);
  });

  it('maps nothing when no file serves the transaction', () => {
    const { files } = workspace({
      'app/controllers/users_controller.rb': 'class UsersController\n  def show\n  end\nend',
    });
    assert.equal(where('ruby', 'Controller/missing/index', files), undefined);
    assert.equal(where('ruby', 'Controller/users/destroy', files), undefined);
  });
});
