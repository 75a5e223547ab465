import * as assert from 'node:assert/strict';

import { pathSegments, WorkspaceFileMap } from '../../src/errors/frameMapping';
import type { StackFrame } from '../../src/errors/stackFrame';
import { parseStack } from '../../src/errors/stackParser';

function at(path: string, inApp = true): StackFrame {
  return { text: path, parsed: true, path, line: 1, inApp };
}

function map(files: string[], paths: string[]): Array<string | undefined> {
  return new WorkspaceFileMap(files).mapFrames(paths.map((p) => at(p)));
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

  it('never maps an in-app frame to a vendored copy; a library frame may', () => {
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
    // Beside a source file of the same name, the vendored copy never wins, however deep it matches.
    assert.deepEqual(map(['vendor/acme/src/Cart.php', 'app/Cart.php'], ['/var/www/acme/src/Cart.php']), [
      'app/Cart.php',
    ]);
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
});
