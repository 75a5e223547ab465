import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

import * as vscode from 'vscode';

import type { TimesliceTestApi } from '../../../src/testApi';
import { harnessSwitches } from '../../../src/testHarness';
import { eventually, timeslice } from './helpers';

describe('activation', function () {
  this.timeout(30_000);

  it('the extension is installed and, under the test harness only, activates with its test API', async () => {
    const ext = vscode.extensions.getExtension<TimesliceTestApi>('timeslice.timeslice');
    assert.ok(ext, 'timeslice.timeslice is not installed in this VS Code');
    assert.ok(harnessSwitches().api, 'run.js sets the harness variable with its api switch');
    const exports = await ext.activate();
    assert.equal(ext.isActive, true);
    assert.ok(exports, 'activate() returned no test API although the harness variable is set');
  });

  it('VS Code loads the small loader, which leaves a V8 code cache of main.js in the global storage after activation', async () => {
    const ext = vscode.extensions.getExtension('timeslice.timeslice')!;
    await ext.activate();
    assert.equal(
      path.basename(require.resolve(path.join(ext.extensionPath, ext.packageJSON.main as string))),
      'extension.js',
    );
    const storage = process.env.TIMESLICE_TEST_GLOBAL_STORAGE;
    assert.ok(storage, 'the runner extension names the global storage folder');
    const dir = path.join(storage, ext.id.toLowerCase(), 'code-cache');
    const names = await eventually(() => {
      const found = fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.endsWith('.v8cache')) : [];
      return found.length > 0 ? found : undefined;
    }, 'the code cache in global storage');
    assert.equal(names.length, 1, names.join(', '));
    assert.match(names[0], /^main-[0-9a-f]{32}\.v8cache$/);
    assert.ok(fs.statSync(path.join(dir, names[0])).size > 32 * 1024, 'the cache holds the compiled bundle');
  });

  it('registers its commands', async () => {
    await vscode.extensions.getExtension('timeslice.timeslice')!.activate();
    const commands = new Set(await vscode.commands.getCommands(true));
    for (const id of ['timeslice.startDemo', 'timeslice.refresh']) {
      assert.ok(commands.has(id), `${id} is not registered`);
    }
  });

  // This suite runs in a second extension (test/integration/runner), so it sees what any other
  // installed extension would see, plus the harness-only test API.
  it('a second extension gets no key: no key store in the exports, and the stored key cannot be read back', async () => {
    const KEY = 'NRAK-LEAKCHECK0123456789ABCDEFGHIJ';
    const ts = await timeslice();
    await ts.keys.set('custom', KEY);
    try {
      const exports = vscode.extensions.getExtension('timeslice.timeslice')!.exports as Record<string, unknown>;
      assert.equal('apiKeys' in exports, false, 'the exports name the key store');
      assert.deepEqual(Object.keys(exports.keys as object).sort(), ['accountId', 'delete', 'has', 'set']);
      assert.equal(await ts.keys.has('custom'), true);
      // The account stored with a key is no secret, and the only thing read back from a record.
      assert.equal(await ts.keys.accountId('custom'), undefined);
      // Every plain value and every zero-argument function of the exports' own plain objects.
      const seen: unknown[] = [];
      const walk = async (v: unknown, depth: number): Promise<void> => {
        if (depth > 3 || v === null || v === undefined) {
          return;
        }
        if (typeof v === 'function' && v.length === 0) {
          seen.push(await (v as () => unknown)());
          return;
        }
        if (typeof v === 'object') {
          assert.notEqual(v.constructor?.name, 'ApiKeyStore', 'the key store is reachable from the exports');
          if (Object.getPrototypeOf(v) === Object.prototype || Array.isArray(v)) {
            for (const child of Object.values(v)) {
              await walk(child, depth + 1);
            }
          }
          return;
        }
        seen.push(v);
      };
      await walk(exports, 0);
      const text = JSON.stringify(seen);
      for (let i = 0; i + 8 <= KEY.length; i++) {
        assert.ok(!text.includes(KEY.slice(i, i + 8)), `a piece of the key (${i}) is readable from the exports`);
      }
    } finally {
      await ts.keys.delete('custom');
    }
  });
});
