/** The workspace index behind lenses and Go to Code: lazy, cached until a file changes, cancellable, bounded. */
import * as assert from 'node:assert/strict';

import { MAX_SOURCE_BYTES, oversizedSource, parseSource } from '../../src/code/parseSource';
import type { SourceFiles } from '../../src/code/sourceIndex';
import { lensesForFile } from '../../src/code/lensModel';
import { INDEX_LIMITS, SourceIndex } from '../../src/code/sourceIndex';
import { codeTargetOf } from '../../src/code/transactionNames';
import { parseStack } from '../../src/errors/stackParser';
import { countedSignal } from '../support/countedSignal';
import { until } from '../support/until';

function fakeFiles(files: Record<string, string>) {
  const reads: string[] = [];
  let lists = 0;
  const source: SourceFiles = {
    list(extensions, limit) {
      lists++;
      const paths = Object.keys(files).filter((p) => extensions.some((e) => p.endsWith(`.${e}`)));
      return Promise.resolve(paths.slice(0, limit));
    },
    read(path, maxBytes, signal) {
      signal.throwIfAborted();
      reads.push(path);
      const text = files[path];
      return Promise.resolve(text !== undefined && text.length > maxBytes ? { tooLarge: text.length } : text);
    },
  };
  return { source, reads, lists: () => lists, files };
}

const RAILS = {
  'app/controllers/users_controller.rb': 'class UsersController\n  def show\n  end\nend',
  'app/models/user.rb': 'class User\nend',
  'web/app.js': "app.get('/x', h);",
};

describe('SourceIndex', () => {
  it('reads nothing until asked, then only the languages asked for, once', async () => {
    const fake = fakeFiles(RAILS);
    const index = new SourceIndex(fake.source);
    assert.deepEqual(fake.reads, []);
    const map = await index.codeMap(['ruby'], new AbortController().signal);
    assert.deepEqual(fake.reads.sort(), ['app/controllers/users_controller.rb', 'app/models/user.rb']);
    assert.deepEqual(map.locate(codeTargetOf('ruby', 'Controller/users/show')!), {
      path: 'app/controllers/users_controller.rb',
      line: 1,
    });
    await index.codeMap(['ruby'], new AbortController().signal);
    assert.equal(fake.reads.length, 2);
    assert.equal(fake.lists(), 1);
  });

  it("maps stack frames through the lenses' listing: no second listing, no file read, rebuilt when a file comes", async () => {
    const fake = fakeFiles({ ...RAILS });
    const index = new SourceIndex(fake.source);
    await index.codeMap(['ruby'], new AbortController().signal);
    const frames = parseStack('ruby', "/srv/app/app/controllers/users_controller.rb:2:in 'show'");
    const map = await index.fileMap(['ruby'], new AbortController().signal);
    assert.deepEqual(map.mapFrames(frames), ['app/controllers/users_controller.rb']);
    assert.equal(await index.fileMap(['ruby'], new AbortController().signal), map, 'built once');
    assert.equal(fake.lists(), 1, 'the listing the code map made');
    assert.equal(fake.reads.length, 2, 'no file read for it');
    index.invalidate('app/controllers/users_controller.rb', 'changed');
    assert.equal(await index.fileMap(['ruby'], new AbortController().signal), map, 'an edit changes no path');
    fake.files['lib/users_controller.rb'] = '';
    index.invalidate('lib/users_controller.rb', 'created');
    assert.notEqual(await index.fileMap(['ruby'], new AbortController().signal), map);
  });

  it('reads a changed file again, and lists again when a file appears', async () => {
    const fake = fakeFiles({ ...RAILS });
    const index = new SourceIndex(fake.source);
    await index.codeMap(['ruby'], new AbortController().signal);
    fake.files['app/controllers/users_controller.rb'] = 'class UsersController\n\n  def show\n  end\nend';
    index.invalidate('app/controllers/users_controller.rb', 'changed');
    const map = await index.codeMap(['ruby'], new AbortController().signal);
    assert.equal(map.locate(codeTargetOf('ruby', 'Controller/users/show')!)?.line, 2);
    assert.equal(fake.reads.length, 3);
    assert.equal(fake.lists(), 1);
    fake.files['app/controllers/orders_controller.rb'] = 'class OrdersController\n  def index\n  end\nend';
    index.invalidate('app/controllers/orders_controller.rb', 'created');
    const again = await index.codeMap(['ruby'], new AbortController().signal);
    assert.equal(fake.lists(), 2);
    assert.ok(again.locate(codeTargetOf('ruby', 'Controller/orders/index')!));
  });

  it('stops when cancelled and keeps nothing half-built', async () => {
    const fake = fakeFiles(RAILS);
    const index = new SourceIndex(fake.source);
    const abort = new AbortController();
    abort.abort();
    await assert.rejects(index.codeMap(['ruby'], abort.signal));
    const map = await index.codeMap(['ruby'], new AbortController().signal);
    assert.ok(map.locate(codeTargetOf('ruby', 'Controller/users/show')!));
  });

  it('leaves out files over the size bound (one log line each) and stops listing at the file bound', async () => {
    const fake = fakeFiles({
      'app/controllers/users_controller.rb': 'class UsersController\n  def show\n  end\nend',
      'app/controllers/huge_controller.rb': `class HugeController\n  def show\n  end\nend\n${'#'.repeat(100)}`,
    });
    const logged: string[] = [];
    const log = { info: (line: string) => logged.push(line) };
    const index = new SourceIndex(fake.source, { maxFiles: 10, maxFileBytes: 80, readConcurrency: 2 }, log);
    const map = await index.codeMap(['ruby'], new AbortController().signal);
    assert.equal(map.locate(codeTargetOf('ruby', 'Controller/huge/show')!), undefined);
    assert.ok(map.locate(codeTargetOf('ruby', 'Controller/users/show')!));
    assert.equal(index.size, 1);
    assert.equal(logged.length, 1);
    assert.match(logged[0], /^skipped app\/controllers\/huge_controller\.rb: 1 KB, over the 512 KB/);
    // Read again for another map: still left out, and not said again until the file changes.
    index.invalidate('app/controllers/users_controller.rb', 'changed');
    await index.codeMap(['ruby'], new AbortController().signal);
    assert.equal(logged.length, 1);
    index.invalidate('app/controllers/huge_controller.rb', 'changed');
    await index.codeMap(['ruby'], new AbortController().signal);
    assert.equal(logged.length, 2);
  });

  it('bounds a source file at MAX_SOURCE_BYTES, counted in UTF-8 bytes', () => {
    assert.equal(INDEX_LIMITS.maxFileBytes, MAX_SOURCE_BYTES);
    assert.equal(oversizedSource('x'.repeat(MAX_SOURCE_BYTES)), undefined);
    assert.equal(oversizedSource('x'.repeat(MAX_SOURCE_BYTES + 1)), MAX_SOURCE_BYTES + 1);
    // 'é' is two bytes: half as many characters already reach the bound.
    assert.equal(oversizedSource('é'.repeat(MAX_SOURCE_BYTES / 2 + 1)), MAX_SOURCE_BYTES + 2);
    assert.equal(oversizedSource('é'.repeat(MAX_SOURCE_BYTES / 2)), undefined);
  });

  it('reads only the files at the path a name gives, and the whole language for a name without one', async () => {
    const fake = fakeFiles({ ...RAILS, 'app/jobs/mailer.rb': 'class Mailer\n  def perform\n  end\nend' });
    const index = new SourceIndex(fake.source);
    const signal = new AbortController().signal;
    const found = await index.locate(['ruby'], codeTargetOf('ruby', 'Controller/users/show')!, signal);
    assert.deepEqual(found, { path: 'app/controllers/users_controller.rb', line: 1 });
    assert.deepEqual(fake.reads, ['app/controllers/users_controller.rb']);
    assert.equal(await index.locate(['ruby'], codeTargetOf('ruby', 'Controller/orders/show')!, signal), undefined);
    assert.equal(fake.reads.length, 1, 'no file at the path: nothing else is read');
    // A background job names its class, not its file: the class's own file first, every Ruby file when it lacks it.
    const job = await index.locate(['ruby'], codeTargetOf('ruby', 'OtherTransaction/Job/Mailer/perform')!, signal);
    assert.deepEqual(job, { path: 'app/jobs/mailer.rb', line: 1 });
    assert.deepEqual(fake.reads, ['app/controllers/users_controller.rb', 'app/jobs/mailer.rb']);
    const user = await index.locate(['ruby'], codeTargetOf('ruby', 'OtherTransaction/Job/Users/perform')!, signal);
    assert.equal(user, undefined);
    assert.deepEqual([...fake.reads].sort(), [
      'app/controllers/users_controller.rb',
      'app/jobs/mailer.rb',
      'app/models/user.rb',
    ]);
  });

  it('Go to Code reads the file a convention names first: a class in its own file, a Go function in its package folder', async () => {
    const fake = fakeFiles({
      'Controllers/OrdersController.cs':
        'namespace Shop {\n  public class OrdersController {\n    public IActionResult Details() { }\n  }\n}',
      'Controllers/HomeController.cs': 'public class HomeController {\n  public IActionResult Index() { }\n}',
      'Legacy/All.cs': 'public class LegacyController {\n  public IActionResult Index() { }\n}',
      'handlers/users.go': 'package handlers\n\nfunc ListUsers(w http.ResponseWriter, r *http.Request) {\n}',
      'main.go': 'package main\n\nfunc main() {\n}',
      'billing/invoice_job.rb': 'module Billing\n  class InvoiceJob\n    def perform\n    end\n  end\nend',
      'app/models/user.rb': 'class User\nend',
    });
    const index = new SourceIndex(fake.source);
    const signal = new AbortController().signal;
    const locate = (agent: string, language: 'csharp' | 'go' | 'ruby', name: string) =>
      index.locate([language], codeTargetOf(agent, name)!, signal);
    assert.deepEqual(await locate('dotnet', 'csharp', 'WebTransaction/MVC/Orders/Details'), {
      path: 'Controllers/OrdersController.cs',
      line: 2,
    });
    assert.deepEqual(fake.reads, ['Controllers/OrdersController.cs']);
    assert.deepEqual(await locate('go', 'go', 'WebTransaction/Go/GET handlers.ListUsers'), {
      path: 'handlers/users.go',
      line: 2,
    });
    assert.deepEqual(fake.reads.slice(1), ['handlers/users.go']);
    assert.deepEqual(await locate('ruby', 'ruby', 'OtherTransaction/Job/Billing::InvoiceJob/perform'), {
      path: 'billing/invoice_job.rb',
      line: 2,
    });
    assert.deepEqual(fake.reads.slice(2), ['billing/invoice_job.rb']);
    // A class outside a file of its name: the convention's file is read, then every file of the language.
    assert.deepEqual(await locate('dotnet', 'csharp', 'WebTransaction/MVC/Legacy/Index'), {
      path: 'Legacy/All.cs',
      line: 1,
    });
    assert.deepEqual(fake.reads.slice(3).sort(), ['Controllers/HomeController.cs', 'Legacy/All.cs']);
  });

  it('gives the lens of an open Ruby file no index: nothing listed, read or parsed', async () => {
    const fake = fakeFiles(RAILS);
    const index = new SourceIndex(fake.source);
    const open = {
      path: 'app/controllers/users_controller.rb',
      language: 'ruby' as const,
      parsed: parseSource('ruby', RAILS['app/controllers/users_controller.rb']),
    };
    const map = await index.lensMap(['ruby'], new AbortController().signal);
    const stats = [
      {
        name: 'Controller/users/show',
        kind: 'web' as const,
        callCount: 10,
        callsPerMinute: 1,
        averageMs: 12,
        errorRate: 0,
        apdex: 1,
        timeShare: 1,
      },
    ];
    assert.deepEqual(
      lensesForFile(map, open, 'ruby', stats, '30 min').map((l) => l.line),
      [1],
    );
    assert.equal(fake.lists(), 0);
    assert.deepEqual(fake.reads, []);
    assert.equal(index.size, 0, 'nothing parsed');
  });

  it('maps frames from a names-only listing: a fresh index reads no file', async () => {
    const fake = fakeFiles(RAILS);
    const index = new SourceIndex(fake.source);
    const frames = parseStack('ruby', "/srv/app/app/controllers/users_controller.rb:2:in 'show'");
    const map = await index.fileMap(['ruby'], new AbortController().signal);
    assert.deepEqual(map.mapFrames(frames), ['app/controllers/users_controller.rb']);
    assert.equal(fake.lists(), 1);
    assert.deepEqual(fake.reads, []);
    assert.equal(index.size, 0);
  });

  it('gives lenses the Express mounts and reads nothing for a language whose routes stay in their file', async () => {
    const fake = fakeFiles({
      ...RAILS,
      'web/server.js': "const items = require('./items');\napp.use('/api', items);",
      'web/items.js': "const router = express.Router();\nrouter.get('/list', h);\nmodule.exports = router;",
    });
    const index = new SourceIndex(fake.source);
    const signal = new AbortController().signal;
    await index.lensMap(['ruby'], signal);
    assert.deepEqual(fake.reads, []);
    const map = await index.lensMap(['javascript'], signal);
    assert.deepEqual([...fake.reads].sort(), ['web/app.js', 'web/items.js', 'web/server.js']);
    assert.equal(index.size, 1, 'only the file that mounts a router is parsed');
    const items = {
      path: 'web/items.js',
      language: 'javascript' as const,
      parsed: parseSource('javascript', fake.files['web/items.js']),
    };
    assert.deepEqual(map.locateIn(codeTargetOf('nodejs', 'WebTransaction/Expressjs/GET//api/list')!, items), {
      path: 'web/items.js',
      line: 1,
    });
    // An edit to a file that mounts nothing reads that file again, not the others.
    index.invalidate('web/items.js', 'changed');
    await index.lensMap(['javascript'], signal);
    assert.deepEqual([...fake.reads].sort(), ['web/app.js', 'web/items.js', 'web/items.js', 'web/server.js']);
  });

  it('paces the mounts pass: each read awaits the pace, and a cancelled wait stops the pass', async () => {
    const fake = fakeFiles({ 'a.js': 'x', 'b.js': "app.use('/p', r);", 'c.js': 'y' });
    const turns: Array<() => void> = [];
    const pace = () => new Promise<void>((resolve) => turns.push(resolve));
    const index = new SourceIndex(fake.source, { ...INDEX_LIMITS, readConcurrency: 1 }, undefined, pace);
    const building = index.lensMap(['javascript'], new AbortController().signal);
    await until(() => turns.length === 1);
    assert.deepEqual(fake.reads, [], 'held before its first read');
    for (let n = 1; n <= 3; n++) {
      turns[n - 1]();
      await until(() => fake.reads.length === n && (n === 3 || turns.length === n + 1));
    }
    await building;
    assert.equal(index.size, 1);
  });

  it('does not keep a map or a file read before a change that came in while it was built', async () => {
    const fake = fakeFiles({ ...RAILS });
    const reading: Array<() => void> = [];
    const slow: SourceFiles = {
      list: (e, l, s) => fake.source.list(e, l, s),
      read: (path, maxBytes, signal) => {
        // Read now (the old text), answer when the test says.
        const text = fake.source.read(path, maxBytes, signal);
        return new Promise((resolve) => reading.push(() => resolve(text)));
      },
    };
    const index = new SourceIndex(slow);
    const building = index.codeMap(['ruby'], new AbortController().signal);
    await until(() => reading.length === 2);
    fake.files['app/controllers/users_controller.rb'] = 'class UsersController\n\n\n  def show\n  end\nend';
    index.invalidate('app/controllers/users_controller.rb', 'changed');
    reading.forEach((answer) => answer());
    await building;
    const reread = index.codeMap(['ruby'], new AbortController().signal);
    await until(() => reading.length > 2);
    reading.forEach((answer) => answer());
    assert.equal((await reread).locate(codeTargetOf('ruby', 'Controller/users/show')!)?.line, 3);
  });

  it('shares a listing: the caller that cancels ends only its own wait, and leaves no listener behind', async () => {
    const fake = fakeFiles(RAILS);
    let listSignal: AbortSignal | undefined;
    let answer = () => undefined as unknown;
    const files: SourceFiles = {
      list: (extensions, limit, signal) => {
        listSignal = signal;
        // As workspaceSources.ts does: the listing follows its signal until it ends.
        signal.addEventListener('abort', () => undefined);
        return new Promise((resolve) => (answer = () => resolve(fake.source.list(extensions, limit, signal))));
      },
      read: (p, m, s) => fake.source.read(p, m, s),
    };
    const index = new SourceIndex(files);
    const goToCode = new AbortController();
    const lens = countedSignal();
    const cancelled = index.codeMap(['ruby'], goToCode.signal);
    const waiting = index.codeMap(['ruby'], lens.signal);
    await until(() => listSignal !== undefined);
    goToCode.abort();
    await assert.rejects(cancelled);
    assert.equal(listSignal?.aborted, false);
    answer();
    assert.ok((await waiting).locate(codeTargetOf('ruby', 'Controller/users/show')!));
    assert.equal(lens.live(), 0, 'no listener stays on the long-lived signal of the lenses');
    assert.equal(fake.lists(), 1);
  });
});
