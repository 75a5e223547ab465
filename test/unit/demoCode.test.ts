/** Open the Demo's Code: where its copies go and when they go away, and the demo application its tours show. */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

import { DEMO_SHOWCASE_APPLICATION_ID } from '../../src/constants';
import {
  copyFolderName,
  copyTime,
  DEMO_CODE_KEEP_MS,
  DEMO_WORKSPACE_FILE,
  demoCopyOf,
  FIRST_FILE,
  staleCopies,
} from '../../src/demo/demoCodeCopies';
import { nudgeUntilOpened, WORKSPACE_REWRITE_DELAYS_MS } from '../../src/demo/workspaceFileNudge';
import { violations } from '../../src/simulator/alerts';
import { DEMO_DATA_SET, Dataset } from '../../src/simulator/dataset';
import { deploymentsBetween } from '../../src/simulator/deployments';

const SAMPLE = path.join(__dirname, '..', '..', 'samples', 'demo-workspace');
const NOW = Date.UTC(2026, 10, 28, 7, 30, 0, 123);
const DAY = 24 * 3_600_000;

describe("Open the Demo's Code: its copies", () => {
  it('names a copy after the time it was made, and reads the time back', () => {
    const name = copyFolderName(NOW);
    assert.equal(name, '2026-11-28T07-30-00-123Z');
    assert.equal(copyTime(name), NOW);
    assert.equal(copyTime(`${name}.opened`), NOW);
    assert.equal(copyTime('notes'), undefined);
    assert.equal(copyTime('2026-13-45T99-99-99-999Z'), undefined);
  });

  it('removes copies and their markers older than a week, and nothing it did not make', () => {
    const old = copyFolderName(NOW - DEMO_CODE_KEEP_MS - 1);
    const recent = copyFolderName(NOW - DAY);
    assert.deepEqual(staleCopies([old, `${old}.opened`, recent, `${recent}.opened`, 'my-notes', '.DS_Store'], NOW), [
      old,
      `${old}.opened`,
    ]);
  });

  it("knows a window of one of its copies by the workspace file's path, and nothing else", () => {
    const storage = '/home/u/.config/Code/User/globalStorage/timeslice.timeslice';
    const copy = `${storage}/demo-code/${copyFolderName(NOW)}`;
    assert.equal(demoCopyOf(storage, `${copy}/${DEMO_WORKSPACE_FILE}`), copy);
    assert.equal(demoCopyOf(`${storage}/`, `${copy}/${DEMO_WORKSPACE_FILE}`), copy);
    assert.equal(demoCopyOf(storage, undefined), undefined);
    assert.equal(demoCopyOf(storage, `/home/u/project/${DEMO_WORKSPACE_FILE}`), undefined);
    assert.equal(demoCopyOf(storage, `${copy}/other.code-workspace`), undefined);
    assert.equal(demoCopyOf(storage, `${copy}/nested/${DEMO_WORKSPACE_FILE}`), undefined);
    assert.equal(demoCopyOf(storage, `${storage}/demo-code/mine/${DEMO_WORKSPACE_FILE}`), undefined);
    assert.equal(
      demoCopyOf(storage, `${storage}-evil/demo-code/${copyFolderName(NOW)}/${DEMO_WORKSPACE_FILE}`),
      undefined,
    );
  });

  it('copies a sample workspace that has the workspace file and the first file, and stays small', () => {
    assert.ok(fs.existsSync(path.join(SAMPLE, DEMO_WORKSPACE_FILE)));
    assert.ok(fs.existsSync(path.join(SAMPLE, ...FIRST_FILE.split('/'))));
    let bytes = 0;
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          walk(p);
        } else {
          bytes += fs.statSync(p).size;
        }
      }
    };
    walk(SAMPLE);
    // README.md says "about 55 KB"; each opening copies it whole.
    assert.ok(bytes > 40_000 && bytes < 70_000, `${bytes} bytes`);
  });
});

describe("the demo's showcase application (what changed, what is firing)", () => {
  for (const names of ['demo', 'test'] as const) {
    it(`is red, with open critical alerts and a deployment in the last day (${names} names)`, () => {
      const dataset = new Dataset({ ...DEMO_DATA_SET, names });
      const app = dataset.apps.find((a) => a.id === DEMO_SHOWCASE_APPLICATION_ID);
      assert.ok(app, `application ${DEMO_SHOWCASE_APPLICATION_ID}`);
      assert.equal(app.name, 'search-gateway');
      assert.equal(app.health, 'red');
      for (const at of [NOW, NOW + 5 * DAY]) {
        const open = violations(dataset, at).filter((v) => v.app === app && v.closedAt === undefined);
        assert.ok(
          open.filter((v) => v.priority === 'Critical').length >= 1,
          `open alerts at ${new Date(at).toISOString()}`,
        );
        assert.ok(
          deploymentsBetween(dataset, app, at - DAY, at).length >= 1,
          `a deployment by ${new Date(at).toISOString()}`,
        );
      }
    });
  }
});

describe("Open the Demo's Code: a window that opened its workspace file without its folders", () => {
  /** A host whose window says it opened after `openedAfter` checks; what it was asked, in order. */
  function host(openedAfter: number) {
    const calls: string[] = [];
    let checks = 0;
    return {
      calls,
      opened: () => {
        calls.push('opened?');
        return Promise.resolve(++checks > openedAfter);
      },
      rewrite: () => {
        calls.push('rewrite');
        return Promise.resolve();
      },
      wait: (ms: number) => {
        calls.push(`wait ${ms}`);
        return Promise.resolve();
      },
    };
  }

  it('writes nothing when the window said it opened by the first check', async () => {
    const h = host(0);
    assert.equal(await nudgeUntilOpened(h, [10, 30]), 0);
    assert.deepEqual(h.calls, ['wait 10', 'opened?']);
  });

  it('writes the file again at each time until the window says it opened, then stops', async () => {
    const h = host(1);
    assert.equal(await nudgeUntilOpened(h, [10, 30, 60]), 1);
    assert.deepEqual(h.calls, ['wait 10', 'opened?', 'rewrite', 'wait 20', 'opened?']);
  });

  it('gives up after the last time', async () => {
    const h = host(Number.POSITIVE_INFINITY);
    assert.equal(await nudgeUntilOpened(h, WORKSPACE_REWRITE_DELAYS_MS), WORKSPACE_REWRITE_DELAYS_MS.length);
  });
});
