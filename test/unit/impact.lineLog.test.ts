/**
 * A method's own commits (src/impact/lineLog.ts): `git log -L` with this machine's git, patch suppressed,
 * the commits that touched other lines of the file left out; the output read back also when a git prints
 * the patch; and the pure join that puts them in place of the file's commits.
 */
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { MethodChange } from '../../src/impact/changedMethods';
import type { DeploymentCode } from '../../src/impact/deploymentCode';
import { methodsToLog, withMethodCommits } from '../../src/impact/deploymentCode';
import { commitLines, lineLogArgs } from '../../src/impact/lineLog';
import { TEST_GIT_ENV } from '../support/gitEnv';

describe("impact: the commits of a method's lines (git log -L)", () => {
  let dir: string;
  const git = (cwd: string, ...args: string[]) =>
    execFileSync('git', args, { cwd, env: { ...process.env, ...TEST_GIT_ENV } }).toString();
  const shas: string[] = [];

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'timeslice-linelog-'));
    git(dir, 'init', '-q');
    mkdirSync(join(dir, 'app'));
    const file = join(dir, 'app', 'orders.rb');
    const commit = (lines: string[], subject: string) => {
      writeFileSync(file, lines.join('\n') + '\n');
      git(dir, 'add', '.');
      git(dir, 'commit', '-q', '-m', subject);
      shas.push(git(dir, 'rev-parse', 'HEAD').trim());
    };
    commit(['def index', '  1', 'end', 'def show', '  1', 'end'], 'first');
    commit(['def index', '  2', 'end', 'def show', '  1', 'end'], 'index only');
    commit(['def index', '  2', 'end', 'def show', '  2', 'end'], 'show: include items');
  });

  after(() => rmSync(dir, { recursive: true, force: true }));

  it('lists only the commits that touched the lines, without the patch, from the folder the path is relative to', () => {
    const args = lineLogArgs(shas[0], shas[2], 'orders.rb', { start: 4, end: 6 }, 5)!;
    const out = git(join(dir, 'app'), ...args);
    assert.doesNotMatch(out, /^diff --git|^@@/m, 'no patch');
    assert.deepEqual(
      commitLines(out).map((c) => c.subject),
      ['show: include items'],
    );
    const index = git(join(dir, 'app'), ...lineLogArgs(shas[0], shas[2], 'orders.rb', { start: 1, end: 3 }, 5)!);
    assert.deepEqual(
      commitLines(index).map((c) => c.subject),
      ['index only'],
    );
  });

  it('reads the commits out of a patch a git printed anyway, and refuses what is no SHA or no range', () => {
    const out = git(dir, 'log', '--format=%x1e%h%x09%s', '-p', `${shas[0]}..${shas[2]}`);
    assert.deepEqual(
      commitLines(out).map((c) => c.subject),
      ['show: include items', 'index only'],
    );
    assert.equal(lineLogArgs('HEAD', shas[2], 'a.rb', { start: 1, end: 2 }, 5), undefined);
    assert.equal(lineLogArgs(shas[0], '--all', 'a.rb', { start: 1, end: 2 }, 5), undefined);
    assert.equal(lineLogArgs(shas[0], shas[2], 'a.rb', { start: 3, end: 2 }, 5), undefined);
    assert.equal(lineLogArgs(shas[0], shas[2], 'a.rb', { start: 0, end: 2 }, 5), undefined);
  });

  it("puts a logged method's own commits in place of its file's; the others stay marked as the file's", () => {
    const method = (name: string, kind: MethodChange['kind']): MethodChange => ({
      kind,
      path: 'app/orders.rb',
      method: { kind: 'method', name, container: ['OrdersController'], line: 3, endLine: 5 },
      hunks: [],
    });
    const show = method('show', 'changed');
    const gone = method('legacy', 'removed');
    const file = [{ sha: 'aaaaaaa', subject: 'file' }];
    const code: DeploymentCode = {
      moved: [
        { name: 'a', status: 'worse', methods: [{ change: show, commits: file, perFile: true }] },
        {
          name: 'b',
          status: 'worse',
          methods: [
            { change: show, commits: file, perFile: true },
            { change: gone, commits: file, perFile: true },
          ],
        },
      ],
      elsewhere: [],
    };
    assert.deepEqual(methodsToLog(code, 10), [show], 'each method once; a removed one has no lines to log');
    assert.deepEqual(methodsToLog(code, 0), []);
    const own = [{ sha: 'bbbbbbb', subject: 'own' }];
    const joined = withMethodCommits(code, new Map([[show, own]]));
    assert.deepEqual(joined.moved[1].methods[0], { change: show, commits: own });
    assert.equal(joined.moved[1].methods[1].perFile, true);
  });
});
