import * as assert from 'node:assert/strict';

import { parseStack } from '../../src/errors/stackParser';
import type { AgentLanguage, StackFrame } from '../../src/errors/stackFrame';
import { MAX_FRAME_TEXT, MAX_FRAMES } from '../../src/errors/stackFrame';

/** The fields a test compares: everything but the original text. */
function fields(frames: StackFrame[]) {
  return frames.map(({ parsed, name, path, line, inApp }) => ({ parsed, name, path, line, inApp }));
}

describe('errors: stack frames per agent', () => {
  it('Ruby: both quote styles, `from `, gems and the standard library are not in-app', () => {
    // Format: Ruby's Exception#backtrace (ruby/ruby doc/exceptions.md); Ruby 3.4 writes 'm' for `m' (NEWS for 3.4.0).
    const stack = [
      "/srv/app/app/controllers/orders_controller.rb:12:in 'OrdersController#show'",
      "        from /srv/app/app/models/order.rb:7:in `total'",
      "/usr/local/bundle/gems/actionpack-7.1.3/lib/action_controller/metal/basic_implicit_render.rb:6:in 'send_action'",
      "/opt/ruby/apps/shop/lib/ruby/3.3.0/net/http.rb:906:in 'connect'",
      "/srv/app/vendor/bundle/ruby/3.3.0/gems/rack-3.0.9/lib/rack/sendfile.rb:114:in `call'",
      '/srv/app/config/boot.rb:5',
    ].join('\n');
    assert.deepEqual(fields(parseStack('ruby', stack)), [
      {
        parsed: true,
        name: 'OrdersController#show',
        path: '/srv/app/app/controllers/orders_controller.rb',
        line: 12,
        inApp: true,
      },
      { parsed: true, name: 'total', path: '/srv/app/app/models/order.rb', line: 7, inApp: true },
      {
        parsed: true,
        name: 'send_action',
        path: '/usr/local/bundle/gems/actionpack-7.1.3/lib/action_controller/metal/basic_implicit_render.rb',
        line: 6,
        inApp: false,
      },
      {
        parsed: true,
        name: 'connect',
        path: '/opt/ruby/apps/shop/lib/ruby/3.3.0/net/http.rb',
        line: 906,
        inApp: false,
      },
      {
        parsed: true,
        name: 'call',
        path: '/srv/app/vendor/bundle/ruby/3.3.0/gems/rack-3.0.9/lib/rack/sendfile.rb',
        line: 114,
        inApp: false,
      },
      { parsed: true, name: undefined, path: '/srv/app/config/boot.rb', line: 5, inApp: true },
    ]);
  });

  it("Python: the traceback's frames, without its source and caret lines; packages are not in-app", () => {
    // Format: Python's traceback module (python/cpython Doc/library/traceback.rst, carets since 3.11).
    const stack = [
      'Traceback (most recent call last):',
      '  File "/srv/app/shop/views.py", line 42, in checkout',
      '    total = cart.total()',
      '            ~~~~~~~~~~^^',
      '  File "/usr/lib/python3.12/decimal.py", line 10, in __add__',
      '  File "/srv/app/.venv/lib/python3.12/site-packages/django/core/handlers/base.py", line 197, in _get_response',
      '    response = wrapped_callback(request, *callback_args, **callback_kwargs)',
      "decimal.InvalidOperation: [<class 'decimal.ConversionSyntax'>]",
    ].join('\n');
    assert.deepEqual(fields(parseStack('python', stack)), [
      { parsed: false, name: undefined, path: undefined, line: undefined, inApp: false },
      { parsed: true, name: 'checkout', path: '/srv/app/shop/views.py', line: 42, inApp: true },
      { parsed: true, name: '__add__', path: '/usr/lib/python3.12/decimal.py', line: 10, inApp: false },
      {
        parsed: true,
        name: '_get_response',
        path: '/srv/app/.venv/lib/python3.12/site-packages/django/core/handlers/base.py',
        line: 197,
        inApp: false,
      },
      { parsed: false, name: undefined, path: undefined, line: undefined, inApp: false },
    ]);
  });

  it('Java: package path + file, with or without `at ` and a module; the JDK and frameworks are not in-app', () => {
    // Format: java.lang.Throwable#printStackTrace (docs.oracle.com, Java SE 21 API); the Java agent
    // sends StackTraceElement#toString(), the same text without `at ` (newrelic/newrelic-java-agent,
    // newrelic-agent/src/main/java/com/newrelic/agent/util/StackTraces.java).
    const stack = [
      'java.lang.IllegalStateException: no stock',
      '\tat com.example.shop.OrderController.show(OrderController.java:25)',
      'com.example.shop.OrderController$Lines.lambda$total$0(OrderController.java:61)',
      '\tat java.base/java.util.ArrayList.forEach(ArrayList.java:1596)',
      '\tat org.springframework.web.servlet.FrameworkServlet.service(FrameworkServlet.java:885)',
      '\tat jdk.internal.reflect.DirectMethodHandleAccessor.invoke(Native Method)',
      '\t... 12 more',
    ].join('\n');
    assert.deepEqual(fields(parseStack('java', stack)), [
      { parsed: false, name: undefined, path: undefined, line: undefined, inApp: false },
      {
        parsed: true,
        name: 'OrderController.show',
        path: 'com/example/shop/OrderController.java',
        line: 25,
        inApp: true,
      },
      {
        parsed: true,
        name: 'OrderController$Lines.lambda$total$0',
        path: 'com/example/shop/OrderController.java',
        line: 61,
        inApp: true,
      },
      { parsed: true, name: 'ArrayList.forEach', path: 'java/util/ArrayList.java', line: 1596, inApp: false },
      {
        parsed: true,
        name: 'FrameworkServlet.service',
        path: 'org/springframework/web/servlet/FrameworkServlet.java',
        line: 885,
        inApp: false,
      },
      { parsed: false, name: undefined, path: undefined, line: undefined, inApp: false },
      { parsed: false, name: undefined, path: undefined, line: undefined, inApp: false },
    ]);
  });

  it('.NET: a frame with its file and line; frames without symbols and the framework stay as they are', () => {
    // Format: System.Exception.StackTrace (learn.microsoft.com, `at … in path:line n`). The frames
    // without a file are the .NET agent's own test sample (newrelic/newrelic-dotnet-agent,
    // StackTracesTest.TestParseStackTrace).
    const stack = [
      '   at Shop.Controllers.OrdersController.Show(Int32 id) in /src/Shop/Controllers/OrdersController.cs:line 25',
      '   at Shop.Controllers.OrdersController.<Index>d__4.MoveNext() in C:\\build\\Shop\\Controllers\\OrdersController.cs:line 40',
      '   at System.Linq.Enumerable.First[TSource](IEnumerable`1 source) in /_/src/libraries/System.Linq/src/System/Linq/First.cs:line 12',
      '  at Microsoft.ServiceModel.Samples.CalculatorService.Add(Double n1, Double n2)',
      '  at SyncInvokeAdd(Object , Object[] , Object[] )',
    ].join('\r\n');
    assert.deepEqual(fields(parseStack('dotnet', stack)), [
      {
        parsed: true,
        name: 'OrdersController.Show',
        path: '/src/Shop/Controllers/OrdersController.cs',
        line: 25,
        inApp: true,
      },
      {
        parsed: true,
        name: '<Index>d__4.MoveNext',
        path: 'C:\\build\\Shop\\Controllers\\OrdersController.cs',
        line: 40,
        inApp: true,
      },
      {
        parsed: true,
        name: 'Enumerable.First[TSource]',
        path: '/_/src/libraries/System.Linq/src/System/Linq/First.cs',
        line: 12,
        inApp: false,
      },
      { parsed: false, name: undefined, path: undefined, line: undefined, inApp: false },
      { parsed: false, name: undefined, path: undefined, line: undefined, inApp: false },
    ]);
  });

  it('Node: named, anonymous, async and ES-module frames; node_modules and node: are not in-app', () => {
    // Format: V8's error.stack (nodejs/node doc/api/errors.md, "error.stack").
    const stack = [
      'Error: Things keep happening!',
      '    at /home/gbusey/file.js:525:2',
      '    at Frobnicator.refrobulate (/home/gbusey/business-logic.js:424:21)',
      '    at async show (file:///srv/app/routes/orders.mjs:12:5)',
      '    at Layer.handle [as handle_request] (/srv/app/node_modules/express/lib/router/layer.js:95:5)',
      '    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)',
      '    at C:\\app\\server.js:7',
    ].join('\n');
    assert.deepEqual(fields(parseStack('nodejs', stack)), [
      { parsed: false, name: undefined, path: undefined, line: undefined, inApp: false },
      { parsed: true, name: undefined, path: '/home/gbusey/file.js', line: 525, inApp: true },
      { parsed: true, name: 'Frobnicator.refrobulate', path: '/home/gbusey/business-logic.js', line: 424, inApp: true },
      { parsed: true, name: 'show', path: '/srv/app/routes/orders.mjs', line: 12, inApp: true },
      {
        parsed: true,
        name: 'Layer.handle [as handle_request]',
        path: '/srv/app/node_modules/express/lib/router/layer.js',
        line: 95,
        inApp: false,
      },
      {
        parsed: true,
        name: 'process.processTicksAndRejections',
        path: 'node:internal/process/task_queues',
        line: 95,
        inApp: false,
      },
      { parsed: true, name: undefined, path: 'C:\\app\\server.js', line: 7, inApp: true },
    ]);
  });

  it("PHP: PHP's own `#n file(line): call` and the PHP agent's ` in f called at file (line)`", () => {
    // Formats: Exception::getTraceAsString (php.net manual); the PHP agent's error traces
    // (newrelic/newrelic-php-agent tests/integration/errors/test_E_USER_WARNING.php: ` in trigger_error
    // called at __FILE__ (??)`, where the test harness writes `??` for the line).
    const stack = [
      '#0 /var/www/app/Http/Controllers/OrderController.php(25): App\\Http\\Controllers\\OrderController->show()',
      '#1 /var/www/vendor/laravel/framework/src/Illuminate/Routing/Controller.php(54): call_user_func_array(Array, Array)',
      '#2 [internal function]: App\\Jobs\\Ship->handle()',
      ' in alpha called at /var/www/app/index.php (12)',
      ' in trigger_error called at __FILE__ (??)',
      '#3 {main}',
    ].join('\n');
    assert.deepEqual(fields(parseStack('php', stack)), [
      {
        parsed: true,
        name: 'App\\Http\\Controllers\\OrderController->show',
        path: '/var/www/app/Http/Controllers/OrderController.php',
        line: 25,
        inApp: true,
      },
      {
        parsed: true,
        name: 'call_user_func_array',
        path: '/var/www/vendor/laravel/framework/src/Illuminate/Routing/Controller.php',
        line: 54,
        inApp: false,
      },
      { parsed: false, name: undefined, path: undefined, line: undefined, inApp: false },
      { parsed: true, name: 'alpha', path: '/var/www/app/index.php', line: 12, inApp: true },
      { parsed: false, name: undefined, path: undefined, line: undefined, inApp: false },
      { parsed: false, name: undefined, path: undefined, line: undefined, inApp: false },
    ]);
  });

  it('Go: a function line and its location line make one frame; GOROOT and the module cache are not in-app', () => {
    // Format: the Go runtime's traceback, as runtime/debug.Stack returns it (golang/go src/runtime/traceback.go).
    const stack = [
      'goroutine 1 [running]:',
      'main.(*Server).handleOrders(0xc000010000, {0x6b1e40, 0xc0000a8000})',
      '\t/go/src/app/handlers.go:42 +0x1a4',
      'net/http.HandlerFunc.ServeHTTP(0xc0000a6000?, {0x6b1e40?, 0xc0000a8000?}, 0x0?)',
      '\t/usr/local/go/src/net/http/server.go:2136 +0x29',
      'github.com/go-chi/chi/v5.(*Mux).ServeHTTP(0xc000100000)',
      '\t/root/go/pkg/mod/github.com/go-chi/chi/v5@v5.0.12/mux.go:90 +0x2f0',
      'created by net/http.(*Server).Serve in goroutine 1',
    ].join('\n');
    assert.deepEqual(fields(parseStack('go', stack)), [
      { parsed: false, name: undefined, path: undefined, line: undefined, inApp: false },
      { parsed: true, name: 'main.(*Server).handleOrders', path: '/go/src/app/handlers.go', line: 42, inApp: true },
      {
        parsed: true,
        name: 'net/http.HandlerFunc.ServeHTTP',
        path: '/usr/local/go/src/net/http/server.go',
        line: 2136,
        inApp: false,
      },
      {
        parsed: true,
        name: 'github.com/go-chi/chi/v5.(*Mux).ServeHTTP',
        path: '/root/go/pkg/mod/github.com/go-chi/chi/v5@v5.0.12/mux.go',
        line: 90,
        inApp: false,
      },
      { parsed: false, name: undefined, path: undefined, line: undefined, inApp: false },
    ]);
  });

  it("NerdGraph's frame list: filepath and line when given, else the formatted text; Java gets its package", () => {
    // Fields: StackTraceApmStackTraceFrame (newrelic/newrelic-client-go, pkg/entities/types.go).
    // Go's names are the agent's runtime.Frame.Function (newrelic/go-agent
    // v3/newrelic/internal_errors_stacktrace_test.go: "github.com/newrelic/go-agent/v3/newrelic.getStackTrace").
    assert.deepEqual(
      fields(
        parseStack('go', [
          {
            filepath: '/root/go/pkg/mod/github.com/newrelic/go-agent/v3@v3.29.0/newrelic/internal_txn.go',
            formatted: null,
            line: 120,
            name: 'github.com/newrelic/go-agent/v3/newrelic.getStackTrace',
          },
          { filepath: '/go/src/app/handlers.go', formatted: null, line: 42, name: 'main.(*Server).handleOrders' },
          { filepath: null, formatted: '\t/go/src/app/main.go:9 +0x1a', line: null, name: 'main.main' },
          { filepath: null, formatted: null, line: null, name: 'runtime.goexit' },
        ]),
      ),
      [
        {
          parsed: true,
          name: 'github.com/newrelic/go-agent/v3/newrelic.getStackTrace',
          path: '/root/go/pkg/mod/github.com/newrelic/go-agent/v3@v3.29.0/newrelic/internal_txn.go',
          line: 120,
          inApp: false,
        },
        { parsed: true, name: 'main.(*Server).handleOrders', path: '/go/src/app/handlers.go', line: 42, inApp: true },
        { parsed: true, name: undefined, path: '/go/src/app/main.go', line: 9, inApp: true },
        { parsed: false, name: undefined, path: undefined, line: undefined, inApp: false },
      ],
    );
    assert.deepEqual(
      fields(
        parseStack('java', [
          {
            filepath: 'OrderController.java',
            formatted: null,
            line: 25,
            name: 'com.example.shop.OrderController.show',
          },
          {
            filepath: 'OrderController.java',
            formatted: 'com.example.shop.OrderController.list(OrderController.java:31)',
            line: 31,
            name: 'list',
          },
          { filepath: 'Thread.java', formatted: null, line: 840, name: 'java.lang.Thread.run' },
          { filepath: 'x.java', formatted: null, line: 0, name: 'broken' },
        ]),
      ),
      [
        {
          parsed: true,
          name: 'com.example.shop.OrderController.show',
          path: 'com/example/shop/OrderController.java',
          line: 25,
          inApp: true,
        },
        {
          parsed: true,
          name: 'OrderController.list',
          path: 'com/example/shop/OrderController.java',
          line: 31,
          inApp: true,
        },
        { parsed: true, name: 'java.lang.Thread.run', path: 'java/lang/Thread.java', line: 840, inApp: false },
        { parsed: false, name: undefined, path: undefined, line: undefined, inApp: false },
      ],
    );
  });

  it("dependency paths are library frames in every agent's format: vendor/, gems/, packages, module caches", () => {
    const library: Array<[AgentLanguage, string]> = [
      ['ruby', "/srv/app/vendor/plugins/audit/lib/audit.rb:3:in 'log'"],
      ['ruby', "/home/app/.gem/ruby/gems/rack-3.0.9/lib/rack.rb:1:in 'call'"],
      ['python', '  File "/srv/app/node_modules/x/y.py", line 1, in f'],
      ['python', '  File "/usr/lib/python3/dist-packages/requests/models.py", line 9, in get'],
      ['nodejs', 'at f (/srv/app/vendor/lib.js:1:1)'],
      ['php', '#0 /var/www/billing/vendor/laravel/framework/src/Illuminate/Routing/Controller.php(54): x()'],
      ['php', ' in callAction called at /var/www/billing/vendor/laravel/framework/src/Controller.php (54)'],
      ['dotnet', '   at Polly.Retry.Run() in /root/.nuget/packages/polly/8.2.0/src/Retry.cs:line 5'],
      ['go', '\t/go/src/app/vendor/github.com/lib/pq/conn.go:123 +0x1a4'],
      ['go', '\t/usr/lib/go-1.22/src/net/http/server.go:2136 +0x29'],
      ['go', '\t/usr/lib/golang/src/runtime/panic.go:770 +0x132'],
      ['go', '\t/home/dev/sdk/go1.22.0/src/runtime/proc.go:271 +0x28'],
      ['go', '\t/opt/homebrew/Cellar/go/1.22.0/libexec/src/fmt/print.go:5'],
      ['go', '\tC:/Program Files/Go/src/net/http/server.go:2136'],
      ['go', '\t/go/src/runtime/panic.go:770 +0x132'],
      ['go', '\t/home/ci/go/pkg/mod/github.com/lib/pq@v1.10.9/conn.go:123'],
      ['go', '\tgithub.com/lib/pq@v1.10.9/conn.go:123'],
      ['go', '\truntime/panic.go:770'],
    ];
    for (const [language, text] of library) {
      const [frame] = parseStack(language, text);
      assert.deepEqual([frame.parsed, frame.inApp], [true, false], `${language}: ${text}`);
    }
    const own: Array<[AgentLanguage, string]> = [
      ['go', '\t/go/src/app/handlers.go:42 +0x1a4'],
      ['go', '\t/go/src/github.com/acme/shop/db/conn.go:12'],
      ['go', '\t/srv/shop/src/errors/wrap.go:3'],
      ['go', '\t/home/dev/go/src/app/main.go:9'],
      ['go', '\texample.com/shop/internal/db/conn.go:12'],
      ['ruby', "/srv/app/app/models/gem_stone.rb:3:in 'x'"],
      ['php', '#0 /var/www/billing/app/Vendors/Acme.php(5): x()'],
    ];
    for (const [language, text] of own) {
      const [frame] = parseStack(language, text);
      assert.deepEqual([frame.parsed, frame.inApp], [true, true], `${language}: ${text}`);
    }
  });

  it("Java's package and .NET's namespace come with each frame; frameworks beyond the JDK and Spring are libraries", () => {
    const java = parseStack(
      'java',
      [
        'at org.eclipse.jetty.server.Request.handle(Request.java:512)',
        'at jakarta.servlet.http.HttpServlet.service(HttpServlet.java:590)',
        'at com.example.shop.OrderController$Lines.lambda$total$0(OrderController.java:61)',
        'at Main.main(Main.java:3)',
      ].join('\n'),
    );
    assert.deepEqual(
      java.map((f) => [f.inApp, f.namespace]),
      [
        [false, 'org.eclipse.jetty.server'],
        [false, 'jakarta.servlet.http'],
        [true, 'com.example.shop'],
        [true, ''],
      ],
    );
    const dotnet = parseStack(
      'dotnet',
      [
        '   at Shop.Controllers.OrdersController.Show(Int32 id) in /src/Shop/Controllers/OrdersController.cs:line 25',
        '   at Shop.Controllers.OrdersController.<Index>d__4.MoveNext() in /src/Shop/Controllers/OrdersController.cs:line 40',
        '   at Program.<>c.<<Main>$>b__0_0() in /src/Shop/Program.cs:line 9',
      ].join('\n'),
    );
    assert.deepEqual(
      dotnet.map((f) => f.namespace),
      ['Shop.Controllers', 'Shop.Controllers', ''],
    );
    const listed = parseStack('dotnet', [{ filepath: '/src/Shop/A.cs', line: 3, name: 'Shop.Api.A.Run' }]);
    assert.equal(listed[0].namespace, 'Shop.Api');
    assert.equal(parseStack('ruby', "/srv/app/a.rb:1:in 'x'")[0].namespace, undefined);
  });

  it('keeps what it cannot read as unparsed frames and never throws on odd input', () => {
    const odd = ['', ':', '::::', 'at (', 'at ()', 'File "', '#0 (', ' in  called at  ()', '\t:0 +0x', '\u202e)(:'];
    for (const language of ['ruby', 'python', 'java', 'dotnet', 'nodejs', 'php', 'go'] as AgentLanguage[]) {
      for (const text of odd) {
        for (const frame of [...parseStack(language, text), ...parseStack(language, [{ formatted: text }])]) {
          assert.ok(!frame.parsed || (frame.path !== undefined && (frame.line ?? 0) > 0), `${language}: ${text}`);
        }
      }
      assert.deepEqual(parseStack(language, [{}, { filepath: 7, line: '3' } as never]).length, 2);
      // The schema lets the list hold null entries.
      assert.deepEqual(parseStack(language, [null as never, { formatted: 'x' }]).length, 2);
    }
  });

  // No wall-clock limit (a loaded machine fails one): a parser gone quadratic on these inputs takes hours,
  // so the test's timeout catches it. Timings of hostile input: `npm run bench`.
  it(`keeps at most MAX_FRAMES frames and MAX_FRAME_TEXT characters of each, in linear time on hostile input`, function () {
    this.timeout(30_000);
    const many = 'at f (/a.js:1:1)\n'.repeat(100_000);
    const hugeLine = `${'a:'.repeat(500_000)}in \`x'`;
    const hostile: Array<[AgentLanguage, string]> = [
      ['nodejs', many],
      ['ruby', hugeLine],
      ['ruby', '/a.rb:1:in '.repeat(100_000)],
      ['python', `File "${'", line '.repeat(150_000)}`],
      ['java', `at ${'a.('.repeat(300_000)})`],
      ['dotnet', `at ${'x) in :line '.repeat(80_000)}`],
      ['nodejs', `at ${' ('.repeat(500_000)})`],
      ['php', `#0 ${'(1): '.repeat(200_000)}`],
      ['php', ` in ${' called at  ('.repeat(80_000)})`],
      ['go', `${'f(\n'.repeat(50_000)}${'\t/a.go:1 +0x1\n'.repeat(50_000)}`],
      ['go', `\t${'.go:1 +0x'.repeat(100_000)}`],
      ['go', `\t/${'go/src/'.repeat(500)}x.go:1`],
      ['dotnet', `at ${'a.<'.repeat(300_000)}(x) in /a/b.cs:line 1`],
      ['python', `${'  File "/a.py", line 1, in f\n    code\n'.repeat(50_000)}`],
    ];
    for (const [language, text] of hostile) {
      const frames = parseStack(language, text);
      assert.ok(frames.length <= MAX_FRAMES, `${language}: ${frames.length} frames`);
      assert.ok(frames.every((f) => f.text.length <= MAX_FRAME_TEXT && (f.name?.length ?? 0) <= MAX_FRAME_TEXT));
    }
    assert.equal(parseStack('nodejs', many).length, MAX_FRAMES);
    const list = Array.from({ length: 100_000 }, () => ({ filepath: '/a.js', line: 1, name: 'f', formatted: null }));
    assert.equal(parseStack('nodejs', list).length, MAX_FRAMES);
  });
});
