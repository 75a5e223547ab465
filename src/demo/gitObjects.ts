/**
 * Git's object formats written without git (git-scm.com/book, "Git Internals - Git Objects"; index version 2:
 * git's Documentation/gitformat-index.txt), so the demo's history has the same names on every machine.
 */
import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';

export type ObjectType = 'blob' | 'tree' | 'commit';

export interface GitObject {
  /** 40 hex characters. */
  sha: string;
  raw: Buffer;
}

export function gitObject(type: ObjectType, body: Buffer): GitObject {
  const raw = Buffer.concat([Buffer.from(`${type} ${body.length}\0`, 'utf8'), body]);
  return { sha: createHash('sha1').update(raw).digest('hex'), raw };
}

export function looseObject(object: GitObject): { path: string; bytes: Buffer } {
  return { path: `objects/${object.sha.slice(0, 2)}/${object.sha.slice(2)}`, bytes: deflateSync(object.raw) };
}

export function blob(text: string): GitObject {
  return gitObject('blob', Buffer.from(text, 'utf8'));
}

export interface TreeEntry {
  name: string;
  /** A file (`100644`) or a tree (`40000`). */
  kind: 'file' | 'tree';
  sha: string;
}

/** Git sorts a tree's entries by name bytes, a tree's name as if it ended in `/`. */
function sortKey(entry: TreeEntry): Buffer {
  return Buffer.from(entry.kind === 'tree' ? `${entry.name}/` : entry.name, 'utf8');
}

export function tree(entries: readonly TreeEntry[]): GitObject {
  const sorted = [...entries].sort((a, b) => Buffer.compare(sortKey(a), sortKey(b)));
  const parts = sorted.map((e) =>
    Buffer.concat([
      Buffer.from(`${e.kind === 'tree' ? '40000' : '100644'} ${e.name}\0`, 'utf8'),
      Buffer.from(e.sha, 'hex'),
    ]),
  );
  return gitObject('tree', Buffer.concat(parts));
}

export interface Signature {
  name: string;
  email: string;
  /** Seconds since the epoch. */
  seconds: number;
  /** `+0000`, `-0800`. */
  zone: string;
}

function signature(s: Signature): string {
  return `${s.name} <${s.email}> ${s.seconds} ${s.zone}`;
}

export interface CommitFields {
  tree: string;
  parents: readonly string[];
  author: Signature;
  committer: Signature;
  /** Ends in a newline, as `git commit` writes it. */
  message: string;
}

export function commit(fields: CommitFields): GitObject {
  const lines = [
    `tree ${fields.tree}`,
    ...fields.parents.map((p) => `parent ${p}`),
    `author ${signature(fields.author)}`,
    `committer ${signature(fields.committer)}`,
  ];
  return gitObject('commit', Buffer.from(`${lines.join('\n')}\n\n${fields.message}`, 'utf8'));
}

export function treeOf(files: ReadonlyMap<string, string>): { root: string; objects: GitObject[] } {
  const objects: GitObject[] = [];
  const build = (prefix: string): string => {
    const entries = new Map<string, TreeEntry>();
    for (const [path, text] of files) {
      if (!path.startsWith(prefix)) {
        continue;
      }
      const rest = path.slice(prefix.length);
      const slash = rest.indexOf('/');
      const name = slash < 0 ? rest : rest.slice(0, slash);
      if (entries.has(name)) {
        continue;
      }
      if (slash < 0) {
        const b = blob(text);
        objects.push(b);
        entries.set(name, { name, kind: 'file', sha: b.sha });
      } else {
        entries.set(name, { name, kind: 'tree', sha: build(`${prefix}${name}/`) });
      }
    }
    const t = tree([...entries.values()]);
    objects.push(t);
    return t.sha;
  };
  const root = build('');
  return { root, objects };
}

/** The stat fields are zero, so git compares each file's content once (its racy-clean check) and finds it clean. */
export function indexFile(files: ReadonlyMap<string, string>): Buffer {
  const paths = [...files.keys()].sort((a, b) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8')));
  const header = Buffer.alloc(12);
  header.write('DIRC', 0, 'latin1');
  header.writeUInt32BE(2, 4);
  header.writeUInt32BE(paths.length, 8);
  const entries = paths.map((path) => {
    const text = Buffer.from(files.get(path)!, 'utf8');
    const name = Buffer.from(path, 'utf8');
    const fixed = Buffer.alloc(62);
    fixed.writeUInt32BE(0o100644, 24);
    fixed.writeUInt32BE(text.length, 36);
    Buffer.from(blob(files.get(path)!).sha, 'hex').copy(fixed, 40);
    fixed.writeUInt16BE(Math.min(name.length, 0xfff), 60);
    const padding = 8 - ((62 + name.length) % 8);
    return Buffer.concat([fixed, name, Buffer.alloc(padding)]);
  });
  const body = Buffer.concat([header, ...entries]);
  return Buffer.concat([body, createHash('sha1').update(body).digest()]);
}
