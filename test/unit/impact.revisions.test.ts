/**
 * A deployment's revision resolved against a repository (docs/impact.md#revisions), through a fake of the
 * small git port: full and short SHAs, an ambiguous short SHA, tags, `git describe`'s form, a version that
 * is no commit, an absent commit in a shallow and in a full clone; and what reaches git.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

import * as l10n from '@vscode/l10n';

import { rankMovement } from '../../src/impact/movement';
import { resolveDeploymentRange, resolveRevision, type RevisionGit } from '../../src/impact/revisions';
import { applicationVerdict } from '../../src/impact/verdict';

const A = '3f2a9c1d4e5b6a7980c1d2e3f4a5b6c7d8e9f001';
const B = '3f2a9c1ffffffffffffffffffffffffffffff002';
const C = '9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b0c';
const MISSING = 'deadbeefdeadbeefdeadbeefdeadbeefdeadbeef';

/** A repository of commits A, B, C, tags v3.2.0 → C and release-7 → A; `asked` records what reached git. */
function repo(shallow = false): RevisionGit & { asked: string[] } {
  const commits = [A, B, C];
  const asked: string[] = [];
  return {
    asked,
    revParse: (revision) => {
      asked.push(revision);
      const found = commits.filter((c) => c.startsWith(revision.toLowerCase()));
      return Promise.resolve(
        found.length === 1
          ? { kind: 'commit', sha: found[0] }
          : found.length > 1
            ? { kind: 'ambiguous', candidates: found }
            : { kind: 'none' },
      );
    },
    isShallow: () => Promise.resolve(shallow),
    tags: () =>
      Promise.resolve([
        { name: 'v3.2.0', commit: C },
        { name: 'release-7', commit: A },
      ]),
  };
}

describe('impact: a deployment revision in the repository', () => {
  const table: Array<[string, string, { kind: string; sha?: string; via?: string; tag?: string }, RegExp]> = [
    ['a full SHA', A, { kind: 'commit', sha: A, via: 'sha' }, /is commit 3f2a9c1d4e5b/],
    ['a full SHA in upper case', A.toUpperCase(), { kind: 'commit', sha: A, via: 'sha' }, /is commit/],
    ['a unique short SHA', '9b8c7d6', { kind: 'commit', sha: C, via: 'shortSha' }, /9b8c7d6 is commit 9b8c7d6e5f4a/],
    [
      'an ambiguous short SHA',
      '3f2a9c1',
      { kind: 'ambiguous' },
      /more than one commit.*3f2a9c1d4e5b, 3f2a9c1fffff.*pick/,
    ],
    ['a tag', 'v3.2.0', { kind: 'commit', sha: C, via: 'tag', tag: 'v3.2.0' }, /Tag v3\.2\.0 is commit 9b8c7d6e5f4a/],
    ['a version that a v-tag names', '3.2.0', { kind: 'commit', sha: C, via: 'tag', tag: 'v3.2.0' }, /Tag v3\.2\.0/],
    [
      'a tag that is no version',
      'release-7',
      { kind: 'commit', sha: A, via: 'tag', tag: 'release-7' },
      /Tag release-7/,
    ],
    [
      'git describe',
      'v3.1.0-14-g9b8c7d6',
      { kind: 'commit', sha: C, via: 'describe' },
      /v3\.1\.0-14-g9b8c7d6 is commit/,
    ],
    [
      'a version that is no commit',
      '2026.11.20-build 45',
      { kind: 'notACommit' },
      /not a commit or tag.*pick the two commits/,
    ],
    ['a build number of digits only', '20261120', { kind: 'notACommit' }, /not a commit or tag/],
    ['nothing', '   ', { kind: 'notACommit' }, /not a commit/],
    ['an absent full SHA, full clone', MISSING, { kind: 'absent' }, /not in this repository.*git fetch origin/],
    ['an absent short SHA, full clone', 'deadbee', { kind: 'absent' }, /deadbee is not in this repository/],
  ];
  for (const [what, revision, expected, message] of table) {
    it(what, async () => {
      const answer = await resolveRevision(revision, repo());
      const { message: said, ...rest } = answer;
      for (const [key, value] of Object.entries(expected)) {
        assert.equal((rest as Record<string, unknown>)[key], value, `${key} of ${JSON.stringify(answer)}`);
      }
      assert.match(said, message);
    });
  }

  it('absent in a shallow clone: fetch the commit, or the whole history', async () => {
    const full = await resolveRevision(MISSING, repo(true));
    assert.equal(full.kind, 'absent');
    assert.ok(full.kind === 'absent' && full.shallow);
    assert.deepEqual(full.kind === 'absent' && full.fetch, [`git fetch origin ${MISSING}`, 'git fetch --unshallow']);
    assert.match(full.message, /shallow: fetch it with `git fetch origin deadbeef/);
    // A short SHA cannot be fetched by itself.
    const short = await resolveRevision('deadbee', repo(true));
    assert.deepEqual(short.kind === 'absent' && short.fetch, ['git fetch --unshallow']);
    assert.match(short.message, /shallow: fetch the whole history with `git fetch --unshallow`/);
  });

  it('NerdGraph’s commit is tried before the revision', async () => {
    const answer = await resolveRevision('v9.9.9', repo(), A);
    assert.deepEqual([answer.kind, answer.kind === 'commit' && answer.sha], ['commit', A]);
    const absent = await resolveRevision('v9.9.9', repo(true), MISSING);
    assert.equal(absent.kind, 'absent');
  });

  it('only hex SHAs reach git: never a ref expression, an option or a name from the service', async () => {
    const git = repo();
    for (const revision of ['--output=/tmp/x', 'HEAD~3', 'main', 'v3.2.0', 'a..b', '@{-1}', 'x'.repeat(500)]) {
      await resolveRevision(revision, git);
    }
    await resolveRevision('v3.1.0-2-gdeadbee', git);
    assert.deepEqual(git.asked, ['deadbee']);
  });

  it('foreign text in a sentence is made safe', async () => {
    const answer = await resolveRevision('[click](command:evil)', repo());
    assert.equal(answer.kind, 'notACommit');
    assert.ok(!answer.message.includes(']('), answer.message);
  });

  it('a deployment range: both commits, or what is missing', async () => {
    const both = await resolveDeploymentRange({ revision: 'v3.2.0' }, { revision: A }, repo());
    assert.deepEqual(both.range, { from: C, to: A });
    const one = await resolveDeploymentRange({ revision: '1.0' }, { revision: A }, repo());
    assert.equal(one.range, undefined);
    assert.equal(one.from.kind, 'notACommit');
  });

  describe('translated', () => {
    before(() => {
      const bundle = JSON.parse(fs.readFileSync(path.join(__dirname, '../../l10n/bundle.l10n.json'), 'utf8')) as Record<
        string,
        string
      >;
      l10n.config({ contents: Object.fromEntries(Object.entries(bundle).map(([key, value]) => [key, `[ŧ${value}]`])) });
    });
    after(() => l10n.config({ contents: {} }));

    it('the sentences of revisions and verdicts come from the bundle, placeholders filled', async () => {
      assert.equal((await resolveRevision('v3.2.0', repo())).message, '[ŧTag v3.2.0 is commit 9b8c7d6e5f4a.]');
      assert.match(applicationVerdict(rankMovement([])).message, /^\[ŧNot enough calls yet: .* 0 % .*\]$/);
    });
  });
});
