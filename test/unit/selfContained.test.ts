/**
 * The repository stands on its own: no comment, test title or doc line cites material a person who
 * clones it never sees (research notes by section number, their confidence tags, issue numbers of
 * another tracker). The service's facts live in docs/service.md, each with its public source.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const ROOT = path.join(__dirname, '../..');
const FOLDERS = ['src', 'webview', 'test', 'scripts', 'bench', 'docs'];
const FILES = ['README.md', 'CONTRIBUTING.md', 'CHANGELOG.md'];
const TEXT = /\.(ts|js|mjs|cjs|md)$/;
const SKIPPED = new Set(['node_modules', '.out']);

// Built from parts so that this file's own source matches none of them.
const NOTES = 'notes';
const TAG = (letter: string): RegExp => new RegExp(`\\[${letter}\\]`);
const CITATIONS: ReadonlyArray<{ what: string; pattern: RegExp }> = [
  { what: 'a section of the notes', pattern: new RegExp(`${NOTES} [0-9\u00a7]`) },
  { what: 'a notes file', pattern: new RegExp(`-${NOTES}\\.md`) },
  { what: 'a notes file', pattern: new RegExp(`api-${NOTES}`) },
  { what: 'a section sign', pattern: new RegExp('\u00a7') },
  { what: 'an unconfirmed tag', pattern: TAG('U') },
  { what: 'an inferred tag', pattern: TAG('I') },
  { what: 'a confirmed tag', pattern: TAG('C') },
  { what: 'an issue number', pattern: new RegExp(`${'issue'} [0-9]`, 'i') },
  { what: 'the shared spec folder', pattern: new RegExp(`shared/${'spec'}`) },
  { what: 'a section of the spec', pattern: new RegExp(`\\b${'spec'} [0-9]`) },
  { what: 'a part of the notes', pattern: new RegExp(`${NOTES} "`) },
];

function textFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      return SKIPPED.has(entry.name) ? [] : textFiles(full);
    }
    return TEXT.test(entry.name) ? [full] : [];
  });
}

describe('the repository stands on its own', () => {
  it('cites no outside notes, tags, issue numbers or shared spec files (docs/service.md holds the facts)', () => {
    const files = [
      ...FOLDERS.flatMap((folder) => textFiles(path.join(ROOT, folder))),
      ...FILES.map((file) => path.join(ROOT, file)),
    ];
    assert.ok(files.length > 300, `only ${files.length} files found`);
    const found: string[] = [];
    for (const file of files) {
      const lines = fs.readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, i) => {
        const citation = CITATIONS.find(({ pattern }) => pattern.test(line));
        if (citation) {
          found.push(`${path.relative(ROOT, file)}:${i + 1}: ${citation.what}: ${line.trim().slice(0, 100)}`);
        }
      });
    }
    assert.deepEqual(found, []);
  });

  it("docs/ give a measurement's conditions (the load average), not who else was using the machine", () => {
    const others =
      /\b(other|several|two|three|four|five|six) (other )?(sessions|jobs|helpers|users)\b|\bshared and noisy\b/i;
    const found = textFiles(path.join(ROOT, 'docs')).flatMap((file) =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (others.test(line) ? [`${path.relative(ROOT, file)}:${i + 1}: ${line.trim()}`] : [])),
    );
    assert.deepEqual(found, []);
  });

  it('docs/service.md has the anchors the code links to', () => {
    const service = fs.readFileSync(path.join(ROOT, 'docs/service.md'), 'utf8');
    const anchors = new Set(
      [...service.matchAll(/^#{2,3} (.+)$/gm)].map((m) =>
        m[1]
          .toLowerCase()
          .replace(/[^a-z0-9 -]/g, '')
          .replace(/ /g, '-'),
      ),
    );
    const linked = new Set<string>();
    for (const folder of FOLDERS) {
      for (const file of textFiles(path.join(ROOT, folder))) {
        for (const m of fs.readFileSync(file, 'utf8').matchAll(/service\.md#([a-z0-9-]+)/g)) {
          linked.add(m[1]);
        }
      }
    }
    assert.ok(linked.size > 5, `only ${linked.size} anchors linked`);
    assert.deepEqual(
      [...linked].filter((a) => !anchors.has(a)),
      [],
    );
  });
});
