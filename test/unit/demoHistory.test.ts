/** The demo's git history, written without git: checked against git itself on this machine. */
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { DEMO_HISTORY, demoHistory } from '../../src/demo/demoHistory';
import { writeDemoRepositories } from '../../src/demo/demoRepositories';
import { blob, commit, tree, treeOf } from '../../src/demo/gitObjects';
import { DEMO_STORY } from '../../src/simulator/demoStory';

const SAMPLE = path.join(__dirname, '..', '..', 'samples', 'demo-workspace');
const ENV = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: os.devNull, HOME: os.tmpdir() };

function git(cwd: string, args: string[], input?: string | Buffer, env: NodeJS.ProcessEnv = {}): string {
  return execFileSync('git', args, { cwd, input, env: { ...ENV, ...env } })
    .toString()
    .trim();
}

function sampleFiles(folder: string): Map<string, string> {
  const root = path.join(SAMPLE, folder);
  const files = new Map<string, string>();
  for (const rel of fs.readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    if (fs.statSync(path.join(root, rel)).isFile()) {
      files.set(rel.split(path.sep).join('/'), fs.readFileSync(path.join(root, rel), 'utf8'));
    }
  }
  return files;
}

describe("the demo's git history", () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'timeslice-history-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('names blobs, trees and commits as git does', () => {
    git(dir, ['init', '-q']);
    const text = 'class A\n  def b; end\nend\n\u00e9\n';
    assert.equal(blob(text).sha, git(dir, ['hash-object', '--stdin'], text));
    const b = git(dir, ['hash-object', '-w', '--stdin'], text);
    const sub = tree([{ name: 'x.rb', kind: 'file', sha: b }]);
    assert.equal(sub.sha, git(dir, ['mktree'], `100644 blob ${b}\tx.rb\n`));
    const entries = [
      { name: 'a.rb', kind: 'file', sha: b },
      { name: 'a', kind: 'tree', sha: sub.sha },
      { name: 'a-b', kind: 'file', sha: b },
    ] as const;
    const root = tree(entries);
    assert.equal(
      root.sha,
      git(dir, ['mktree', '--missing'], `100644 blob ${b}\ta.rb\n040000 tree ${sub.sha}\ta\n100644 blob ${b}\ta-b\n`),
    );
    const who = { name: 'Mara Keller', email: 'mara@example.com', seconds: 1_794_000_000, zone: '+0000' };
    const first = commit({ tree: root.sha, parents: [], author: who, committer: who, message: 'first\n' });
    const when = { GIT_AUTHOR_DATE: '@1794000000 +0000', GIT_COMMITTER_DATE: '@1794000000 +0000' };
    const names = { GIT_AUTHOR_NAME: who.name, GIT_AUTHOR_EMAIL: who.email, GIT_COMMITTER_NAME: who.name };
    const env = { ...when, ...names, GIT_COMMITTER_EMAIL: who.email };
    assert.equal(first.sha, git(dir, ['commit-tree', root.sha, '-m', 'first'], undefined, env));
    const second = commit({ tree: sub.sha, parents: [first.sha], author: who, committer: who, message: 'second\n' });
    assert.equal(second.sha, git(dir, ['commit-tree', sub.sha, '-p', first.sha, '-m', 'second'], undefined, env));
  });

  it('writes a repository git reads whole: fsck clean, the work tree clean, one commit a step, HEAD the folder', () => {
    for (const folder of Object.keys(DEMO_HISTORY)) {
      const target = path.join(dir, folder);
      fs.cpSync(path.join(SAMPLE, folder), target, { recursive: true });
      const history = demoHistory(DEMO_HISTORY[folder], sampleFiles(folder));
      assert.equal(writeDemoRepositories(dir).get(folder), history.commits[history.commits.length - 1]);
      assert.equal(writeDemoRepositories(dir).size, 0, 'a folder that is a repository is left alone');
      git(target, ['fsck', '--strict', '--no-dangling']);
      assert.equal(git(target, ['status', '--porcelain']), '');
      assert.deepEqual(git(target, ['rev-list', '--reverse', 'HEAD']).split('\n'), history.commits);
      assert.equal(git(target, ['rev-parse', 'HEAD^{tree}']), treeOf(sampleFiles(folder)).root);
      const log = git(target, ['log', '--format=%an|%aI|%s', '--reverse']).split('\n');
      assert.deepEqual(
        log,
        DEMO_HISTORY[folder].map((s) => `${s.author.name}|${s.at.replace('Z', '+00:00')}|${s.subject}`),
      );
      // Each step changed exactly its files.
      DEMO_HISTORY[folder].forEach((step, i) => {
        if (i > 0) {
          const changed = git(target, ['diff', '--name-only', history.commits[i - 1], history.commits[i]]);
          assert.deepEqual(changed.split('\n').sort(), [...new Set(step.changes.map((c) => c.file))].sort());
        }
      });
    }
  });

  it('is the same twice, and the simulator names its commits as the demo deployments’ revisions', () => {
    for (const folder of Object.keys(DEMO_HISTORY)) {
      const once = demoHistory(DEMO_HISTORY[folder], sampleFiles(folder));
      const twice = demoHistory(DEMO_HISTORY[folder], sampleFiles(folder));
      assert.deepEqual(twice.commits, once.commits);
      assert.deepEqual([...twice.gitFiles.keys()].sort(), [...once.gitFiles.keys()].sort());
      const story = DEMO_STORY[folder];
      assert.ok(story, `the simulator has a story for ${folder}`);
      const revisions = story.map((d) => d.revision).filter((r) => /^[0-9a-f]{40}$/.test(r));
      assert.deepEqual(revisions, once.commits, `edit src/simulator/demoStory.ts: ${once.commits.join(', ')}`);
    }
  });

  it('refuses a step whose text is not in the folder once', () => {
    const files = new Map([['a.rb', 'x\n']]);
    const step = (after: string) => ({
      subject: 'm',
      at: '2026-11-02T09:00:00Z',
      author: { name: 'a', email: 'a@example.com' },
      changes: [{ file: 'a.rb', before: 'y', after }],
    });
    assert.throws(() => demoHistory([step(''), step('missing')], files), /must occur once/);
  });
});
