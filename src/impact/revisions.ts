// Only a hex SHA or the name of a tag the repository lists ever reaches git: a revision is never a ref
// expression or an option (docs/impact.md#revisions).
import * as l10n from '@vscode/l10n';

import { safeText } from '../util/safeText';

/** What `git rev-parse --verify` says of a hex SHA or a known tag, peeled to a commit (`<rev>^{commit}`). */
export type RevParseAnswer =
  { kind: 'commit'; sha: string } | { kind: 'ambiguous'; candidates: readonly string[] } | { kind: 'none' };

// The built-in git extension's `Repository` can serve it (`getCommit`, `state.refs`).
export interface RevisionGit {
  revParse(revision: string): Promise<RevParseAnswer>;
  isShallow(): Promise<boolean>;
  tags(): Promise<ReadonlyArray<{ name: string; commit: string }>>;
}

export type RevisionResolution =
  | {
      kind: 'commit';
      sha: string;
      /** How the revision named it: a full or short SHA, a tag (`tag` says which), `git describe`'s form. */
      via: 'sha' | 'shortSha' | 'tag' | 'describe';
      tag?: string;
      message: string;
    }
  | { kind: 'ambiguous'; candidates: readonly string[]; message: string }
  | { kind: 'notACommit'; message: string }
  | { kind: 'absent'; shallow: boolean; fetch: readonly string[]; message: string };

const FULL_SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/i;
const SHORT_SHA = /^[0-9a-f]{7,63}$/i;
const DESCRIBE = /^.+-\d+-g([0-9a-f]{7,64})$/i;
/** The longest revision looked at: REST caps a revision at 127 characters. */
const MAX_REVISION = 127;

const shown = (revision: string) => safeText(revision, 80);
const short = (sha: string) => sha.slice(0, 12);

/** `3.2.0` and `v3.2.0` name the same release in most repositories' tags. */
function tagNamed(tags: ReadonlyArray<{ name: string; commit: string }>, revision: string) {
  const bare = revision.replace(/^refs\/tags\//, '');
  const plain = bare.replace(/^v(?=\d)/, '');
  return tags.find((t) => t.name === bare) ?? tags.find((t) => t.name.replace(/^v(?=\d)/, '') === plain);
}

async function absent(revision: string, full: boolean, git: RevisionGit): Promise<RevisionResolution> {
  const shallow = await git.isShallow();
  if (shallow) {
    const fetch = full ? [`git fetch origin ${revision}`, 'git fetch --unshallow'] : ['git fetch --unshallow'];
    const message = full
      ? l10n.t(
          'Commit {0} is not in this clone, which is shallow: fetch it with `{1}`, or the whole history with `git fetch --unshallow`.',
          short(revision),
          fetch[0],
        )
      : l10n.t(
          'Commit {0} is not in this clone, which is shallow: fetch the whole history with `git fetch --unshallow`.',
          shown(revision),
        );
    return { kind: 'absent', shallow, fetch, message };
  }
  return {
    kind: 'absent',
    shallow,
    fetch: ['git fetch origin'],
    message: l10n.t(
      'Commit {0} is not in this repository: fetch the branch that holds it (`git fetch origin`), or pick the two commits to compare.',
      shown(revision),
    ),
  };
}

async function bySha(revision: string, git: RevisionGit, via: 'sha' | 'shortSha' | 'describe', as = revision) {
  const answer = await git.revParse(revision);
  if (answer.kind === 'commit') {
    return {
      kind: 'commit' as const,
      sha: answer.sha,
      via,
      message: l10n.t('{0} is commit {1}.', shown(as), short(answer.sha)),
    };
  }
  if (answer.kind === 'ambiguous') {
    return {
      kind: 'ambiguous' as const,
      candidates: answer.candidates,
      message: l10n.t(
        '{0} names more than one commit of this repository ({1}): pick the commit.',
        shown(as),
        answer.candidates.map(short).join(', '),
      ),
    };
  }
  return undefined;
}

function notACommit(revision: string): RevisionResolution {
  return {
    kind: 'notACommit',
    message: l10n.t(
      '{0} is not a commit or tag of this repository (a version?): pick the two commits to compare.',
      shown(revision),
    ),
  };
}

export async function resolveRevision(
  revision: string,
  git: RevisionGit,
  commit?: string,
): Promise<RevisionResolution> {
  const wanted = revision.trim();
  if (commit && FULL_SHA.test(commit.trim())) {
    const found = await bySha(commit.trim(), git, 'sha');
    if (found) return found;
  }
  if (wanted.length === 0 || wanted.length > MAX_REVISION) {
    return notACommit(wanted);
  }
  if (SHORT_SHA.test(wanted)) {
    const found = await bySha(wanted, git, FULL_SHA.test(wanted) ? 'sha' : 'shortSha');
    if (found) return found;
  }
  const tag = tagNamed(await git.tags(), wanted);
  if (tag) {
    return {
      kind: 'commit',
      sha: tag.commit,
      via: 'tag',
      tag: tag.name,
      message: l10n.t('Tag {0} is commit {1}.', shown(tag.name), short(tag.commit)),
    };
  }
  const described = DESCRIBE.exec(wanted)?.[1];
  if (described) {
    const found = await bySha(described, git, 'describe', wanted);
    if (found) return found;
    return absent(described, FULL_SHA.test(described), git);
  }
  // A hex string with a letter is a SHA that is missing here; all digits is more likely a build number.
  if (SHORT_SHA.test(wanted) && /[a-f]/i.test(wanted)) {
    return absent(wanted, FULL_SHA.test(wanted), git);
  }
  if (commit && FULL_SHA.test(commit.trim())) {
    return absent(commit.trim(), true, git);
  }
  return notACommit(wanted);
}

export interface DeploymentRange {
  from: RevisionResolution;
  to: RevisionResolution;
  range?: { from: string; to: string };
}

export async function resolveDeploymentRange(
  previous: { revision: string; commit?: string },
  current: { revision: string; commit?: string },
  git: RevisionGit,
): Promise<DeploymentRange> {
  const from = await resolveRevision(previous.revision, git, previous.commit);
  const to = await resolveRevision(current.revision, git, current.commit);
  return from.kind === 'commit' && to.kind === 'commit'
    ? { from, to, range: { from: from.sha, to: to.sha } }
    : { from, to };
}
