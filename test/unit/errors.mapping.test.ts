import * as assert from 'node:assert/strict';

import { diagnosticEntry } from '../../src/errors/errorDiagnosticModel';
import { pathSegments, spelledFolders, WorkspaceFileMap } from '../../src/errors/frameMapping';
import type { AgentLanguage, StackFrame } from '../../src/errors/stackFrame';
import { parseStack } from '../../src/errors/stackParser';

function at(path: string, inApp = true): StackFrame {
  return { text: path, parsed: true, path, line: 1, inApp };
}

function map(files: string[], paths: string[]): Array<string | undefined> {
  return new WorkspaceFileMap(files).mapFrames(paths.map((p) => at(p)));
}

/** Each frame of an agent's stack text, as the file it maps to in a folder of `files`. */
function mapStack(language: AgentLanguage, files: string[], lines: string[]): Array<string | undefined> {
  return new WorkspaceFileMap(files).mapFrames(parseStack(language, lines.join('\n')));
}

describe('errors: frames to workspace files', () => {
  it('maps by the longest path suffix a workspace file ends with', () => {
    const files = ['lib/orders.js', 'src/routes/orders.js', 'src/app.js'];
    assert.deepEqual(map(files, ['/srv/app/src/routes/orders.js', '/srv/app/lib/orders.js', '/srv/app/src/app.js']), [
      'src/routes/orders.js',
      'lib/orders.js',
      'src/app.js',
    ]);
  });

  it('leaves a frame the workspace lacks, or an unparsed one, unmapped', () => {
    const files = ['src/routes/orders.js'];
    const workspace = new WorkspaceFileMap(files);
    assert.deepEqual(workspace.mapFrames([at('/srv/app/src/routes/users.js'), at('/srv/app/orders.rb')]), [
      undefined,
      undefined,
    ]);
    assert.deepEqual(workspace.mapFrames([{ text: 'orders.js', parsed: false, inApp: true }]), [undefined]);
  });

  it('a tie at equal depth takes the root most frames of the stack agree on', () => {
    // Two services in one folder, each with util/log.go: the stack's other frames say which one ran.
    const files = ['services/api/handlers.go', 'services/api/util/log.go', 'tools/util/log.go'];
    assert.deepEqual(map(files, ['/go/src/app/handlers.go', '/go/src/app/util/log.go']), [
      'services/api/handlers.go',
      'services/api/util/log.go',
    ]);
  });

  it('a tie with no root to go by stays unmapped, as does one whose root the stack splits evenly', () => {
    assert.deepEqual(map(['a/util.js', 'b/util.js'], ['/srv/x/util.js']), [undefined]);
    const files = ['a/one.js', 'b/two.js', 'a/util.js', 'b/util.js'];
    assert.deepEqual(map(files, ['/srv/one.js', '/srv/two.js', '/srv/util.js']), ['a/one.js', 'b/two.js', undefined]);
  });

  it('never maps an in-app frame to a vendored copy, nor past one to a shallower file; a library frame may', () => {
    const files = ['node_modules/express/lib/router.js', 'vendor/acme/src/Cart.php'];
    const workspace = new WorkspaceFileMap(files);
    assert.deepEqual(
      workspace.mapFrames([
        at('/srv/app/lib/router.js'),
        at('/var/www/acme/src/Cart.php'),
        at('/srv/app/node_modules/express/lib/router.js', false),
      ]),
      [undefined, undefined, 'node_modules/express/lib/router.js'],
    );
    // The vendored copy is the deepest match: the application's own Cart.php only shares its name.
    assert.deepEqual(map(['vendor/acme/src/Cart.php', 'app/Cart.php'], ['/var/www/acme/src/Cart.php']), [undefined]);
  });

  it('a build-output copy (dist/, out/, build/) loses to its source, and is used when there is no source', () => {
    const files = ['dist/routes/orders.js', 'src/routes/orders.js', 'out/jobs/nightly.js'];
    assert.deepEqual(map(files, ['/srv/app/dist/routes/orders.js', '/srv/app/out/jobs/nightly.js']), [
      'src/routes/orders.js',
      'out/jobs/nightly.js',
    ]);
  });

  it('never maps a path with `..` in it, and ignores such entries in a listing', () => {
    const files = ['etc/passwd.rb', '../outside/secret.rb', 'app/models/order.rb'];
    assert.deepEqual(
      map(files, ['/srv/app/../../etc/passwd.rb', '/srv/app/../outside/secret.rb', '..\\app\\models\\order.rb']),
      [undefined, undefined, undefined],
    );
    assert.equal(pathSegments('a/../../b'), undefined);
  });

  it('reads Windows backslashes, drive letters and file URLs', () => {
    assert.deepEqual(pathSegments('C:\\inetpub\\Shop\\Controllers\\OrdersController.cs'), [
      'inetpub',
      'Shop',
      'Controllers',
      'OrdersController.cs',
    ]);
    const files = ['Shop/Controllers/OrdersController.cs', 'web/server.js'];
    assert.deepEqual(
      map(files, ['C:\\inetpub\\Shop\\Controllers\\OrdersController.cs', 'file:///D:/apps/web/server.js']),
      ['Shop/Controllers/OrdersController.cs', 'web/server.js'],
    );
  });

  it('maps Java frames by package path and file name, .NET frames by their path', () => {
    const files = [
      'src/main/java/com/example/shop/OrderController.java',
      'src/main/java/com/example/admin/OrderController.java',
      'Shop/Controllers/OrdersController.cs',
    ];
    const java = parseStack('java', '\tat com.example.shop.OrderController.show(OrderController.java:25)');
    const dotnet = parseStack(
      'dotnet',
      '   at Shop.Controllers.OrdersController.Show(Int32 id) in /src/Shop/Controllers/OrdersController.cs:line 25',
    );
    assert.deepEqual(new WorkspaceFileMap(files).mapFrames([...java, ...dotnet]), [
      'src/main/java/com/example/shop/OrderController.java',
      'Shop/Controllers/OrdersController.cs',
    ]);
  });

  // No wall-clock limits here (a loaded machine would fail them): a lookup that went quadratic in the
  // files or frames takes minutes at this size and trips the test's timeout. Timings: `npm run bench`.
  it('builds its lookup once for 50,000 files and maps a full stack, even one where every frame ties', function () {
    this.timeout(20_000);
    const files = Array.from({ length: 50_000 }, (_, i) => `packages/p${i % 500}/src/module${i}/index.js`);
    const workspace = new WorkspaceFileMap(files);
    const frames = Array.from({ length: 300 }, (_, i) => at(`/srv/app/packages/p${i}/src/module${i}/index.js`));
    const mapped = workspace.mapFrames(frames);
    assert.equal(mapped[7], 'packages/p7/src/module7/index.js');
    // The worst stack: every frame ties among all 50,000 files of its name.
    const sameName = Array.from({ length: 300 }, (_, i) => at(`/srv/other${i}/index.js`));
    assert.ok(workspace.mapFrames(sameName).every((file) => file === undefined));
  });

  it('a frame with a namespace as long as a line, against paths as deep as allowed, maps in linear time', function () {
    this.timeout(20_000);
    const deep = Array.from({ length: 2_000 }, () => 'a').join('/');
    const workspace = new WorkspaceFileMap([`${deep}/X.cs`, 'b/X.cs']);
    const frames = Array.from({ length: 300 }, (): StackFrame => {
      return { text: '', parsed: true, path: `/${deep}/X.cs`, line: 1, inApp: true, namespace: 'a.'.repeat(499) + 'a' };
    });
    assert.equal(workspace.mapFrames(frames)[0], `${deep}/X.cs`);
    assert.equal(spelledFolders(`${'a.'.repeat(199_999)}a`, `${'a/'.repeat(200_000)}X.cs`.split('/')), 200_000);
  });
});

describe('errors: a frame maps only to the file it names', () => {
  it("Go: a vendored package's conn.go is not the application's db/conn.go", () => {
    const files = ['db/conn.go', 'handlers.go', 'main.go'];
    const lines = [
      'github.com/lib/pq.(*conn).query(0xc0001a2000, {0x6b1e40, 0x12})',
      '\t/go/src/app/vendor/github.com/lib/pq/conn.go:123 +0x1a4',
      'main.(*Server).handleOrders(0xc000010000)',
      '\t/go/src/app/handlers.go:42 +0x2f',
    ];
    assert.equal(parseStack('go', lines.join('\n'))[0].inApp, false);
    assert.deepEqual(mapStack('go', files, lines), [undefined, 'handlers.go']);
  });

  it("Java: jetty's Request.java is not the application's api/Request.java; the controller's frame is the line", () => {
    const files = [
      'src/main/java/com/example/shop/api/Request.java',
      'src/main/java/com/example/shop/OrderController.java',
      'src/main/java/com/example/shop/db/HikariPool.java',
    ];
    const lines = [
      'at org.eclipse.jetty.server.Request.handle(Request.java:512)',
      // A library no list names is still in-app by the list: its package keeps it off the application's file.
      'at com.zaxxer.hikari.pool.HikariPool.getConnection(HikariPool.java:181)',
      'at com.example.shop.OrderController.show(OrderController.java:25)',
    ];
    const frames = parseStack('java', lines.join('\n'));
    const paths = new WorkspaceFileMap(files).mapFrames(frames);
    assert.deepEqual(paths, [undefined, undefined, 'src/main/java/com/example/shop/OrderController.java']);
    const row = {
      transactionName: 'WebTransaction/Servlet/show',
      errorClass: 'E',
      message: 'm',
      count: 1,
      lastSeen: new Date(0),
    };
    const entry = diagnosticEntry({ applicationId: 1, row, frames, paths, rangeLabel: '30 min', callCount: undefined });
    assert.deepEqual([entry?.path, entry?.line], ['src/main/java/com/example/shop/OrderController.java', 25]);
  });

  it("PHP: Laravel's vendored Routing/Controller.php is a library frame, not the application's base controller", () => {
    const files = ['app/Http/Controllers/Controller.php', 'app/Http/Controllers/CustomerController.php'];
    const lines = [
      '#0 /var/www/billing/app/Http/Controllers/CustomerController.php(13): App\\Http\\Controllers\\CustomerController->show()',
      '#1 /var/www/billing/vendor/laravel/framework/src/Illuminate/Routing/Controller.php(54): Illuminate\\Routing\\Controller->callAction()',
      ' in Illuminate\\Routing\\Controller::callAction called at /var/www/billing/vendor/laravel/framework/src/Illuminate/Routing/Controller.php (54)',
    ];
    assert.deepEqual(
      parseStack('php', lines.join('\n')).map((f) => f.inApp),
      [true, false, false],
    );
    assert.deepEqual(mapStack('php', files, lines), [
      'app/Http/Controllers/CustomerController.php',
      undefined,
      undefined,
    ]);
  });

  it("Ruby: a gem's core.rb is not the application's models/core.rb, even where that name is unique", () => {
    const files = ['app/models/core.rb', 'app/controllers/orders_controller.rb'];
    const lines = [
      "/usr/local/bundle/gems/activerecord-7.1.3/lib/active_record/core.rb:253:in 'find'",
      "/srv/app/vendor/cache/core.rb:3:in 'load'",
      "/srv/app/app/controllers/orders_controller.rb:12:in 'show'",
      "/home/deploy/current/core.rb:9:in 'boot'",
    ];
    // The last frame: in-app, and the folder has one core.rb, so its name alone is enough.
    assert.deepEqual(mapStack('ruby', files, lines), [
      undefined,
      undefined,
      'app/controllers/orders_controller.rb',
      'app/models/core.rb',
    ]);
  });

  it("Python: Django's models/query.py is not the application's shop/models/query.py", () => {
    const files = ['shop/models/query.py', 'shop/views.py', 'billing/views.py'];
    const lines = [
      '  File "/usr/local/lib/python3.12/site-packages/django/db/models/query.py", line 633, in get',
      '  File "/srv/venv/dist-packages/shop/models/query.py", line 5, in get',
      '  File "/srv/app/shop/views.py", line 42, in checkout',
      '  File "/srv/app/orders/views.py", line 7, in show',
    ];
    // views.py is in two folders: the last frame's orders/ is neither, so it stays unmapped.
    assert.deepEqual(mapStack('python', files, lines), [undefined, undefined, 'shop/views.py', undefined]);
  });

  it("Node: a package's index.js is not the application's only index.js; the application's own frames map", () => {
    const files = ['src/db/index.js', 'src/routes/orders.js', 'server.js'];
    const lines = [
      'at Pool.connect (/srv/app/node_modules/pg-pool/index.js:45:11)',
      'at show (/srv/app/src/routes/orders.js:12:5)',
      'at /srv/app/server.js:7:3',
    ];
    assert.deepEqual(mapStack('nodejs', files, lines), [undefined, 'src/routes/orders.js', 'server.js']);
  });

  it('a name the folder has twice needs its parent folder too; one it has once maps by name', () => {
    // The only source named index.js is still not api/index.js: a build's copy shares the name.
    const files = ['src/index.js', 'dist/lib/index.js', 'server.js'];
    assert.deepEqual(map(files, ['/srv/app/api/index.js', '/srv/app/lib/index.js', '/opt/server.js']), [
      undefined,
      'dist/lib/index.js',
      'server.js',
    ]);
  });

  it(".NET: the namespace's folders must match: Polly's Retry/RetryEngine.cs is not the application's", () => {
    const files = ['Shop/Retry/RetryEngine.cs', 'Shop/Controllers/OrdersController.cs', 'Shop/Program.cs'];
    const lines = [
      '   at Polly.Retry.RetryEngine.Implementation(Int32 n) in /_/src/Polly/Retry/RetryEngine.cs:line 50',
      '   at Shop.Retry.RetryEngine.Run(Int32 n) in /src/Shop/Retry/RetryEngine.cs:line 20',
      '   at Shop.Controllers.OrdersController.<Show>d__5.MoveNext() in /src/Shop/Controllers/OrdersController.cs:line 25',
      '   at Billing.Controllers.OrdersController.Show() in /src/Billing/Controllers/OrdersController.cs:line 30',
    ];
    assert.deepEqual(mapStack('dotnet', files, lines), [
      undefined,
      'Shop/Retry/RetryEngine.cs',
      'Shop/Controllers/OrdersController.cs',
      undefined,
    ]);
  });

  it('.NET: a folder bound at the project root maps what its namespace names above it, and Program.cs', () => {
    const files = ['Controllers/OrdersController.cs', 'Program.cs', 'Data/Log.cs'];
    const lines = [
      '   at Shop.Controllers.OrdersController.Show() in /src/Shop/Controllers/OrdersController.cs:line 25',
      '   at Program.<>c.<<Main>$>b__0_0() in /src/Shop/Program.cs:line 9',
      // Serilog's folders: two above the file, one more than the folder's root may stand for.
      '   at Serilog.Core.Log.Write() in /_/src/Serilog/Core/Log.cs:line 80',
    ];
    assert.deepEqual(mapStack('dotnet', files, lines), ['Controllers/OrdersController.cs', 'Program.cs', undefined]);
  });
});
