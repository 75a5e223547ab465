/**
 * CONTRIBUTING.md says why each dependency is there and what was checked of each runtime one. Its
 * tables are compared with package.json (and the audit's versions with package-lock.json), so a
 * package added, dropped or upgraded without its row fails here instead of going unexplained.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const ROOT = path.join(__dirname, '../..');
const DOCUMENT = 'CONTRIBUTING.md';
const RUNTIME = '### Runtime (`dependencies`)';
const DEVELOPMENT = '### Development (`devDependencies`)';
const AUDIT = '### Dependency audit';

interface Named {
  name: string;
  version?: string;
}

/** The body rows (cells, trimmed) of the first Markdown table after the line `heading`. */
function tableAfter(text: string, heading: string): string[][] {
  const lines = text.split('\n');
  const at = lines.findIndex((l) => l.trim() === heading);
  assert.ok(at >= 0, `${DOCUMENT} has the heading ${heading}`);
  let start = at + 1;
  while (start < lines.length && !lines[start].startsWith('|')) {
    assert.ok(!lines[start].startsWith('#'), `a table follows ${heading} before the next heading`);
    start++;
  }
  const rows: string[][] = [];
  for (let i = start; i < lines.length && lines[i].startsWith('|'); i++) {
    rows.push(
      lines[i]
        .replace(/^\||\|$/g, '')
        .split(/(?<!\\)\|/)
        .map((c) => c.trim()),
    );
  }
  assert.ok(
    rows.length >= 2 && /^-+$/.test(rows[1][0].replace(/:/g, '')),
    `the table after ${heading} has a header and a separator`,
  );
  return rows.slice(2);
}

/**
 * The packages a row's first cell names: each `name`, with the version written after it. A part in
 * parentheses ("(+ `lit`)") names what comes with them, not a dependency of ours.
 */
function packagesIn(cell: string): Named[] {
  return [...cell.replace(/\([^)]*\)/g, '').matchAll(/`([^`]+)`(?:\s+(\d[\w.-]*))?/g)].map((m) => ({
    name: m[1],
    version: m[2],
  }));
}

function namedIn(text: string, heading: string): Named[] {
  return tableAfter(text, heading).flatMap((row) => packagesIn(row[0]));
}

/** What a table leaves out of `declared`, what it names that is not declared, and what it names twice. */
function compare(
  named: readonly Named[],
  declared: readonly string[],
): { missing: string[]; extra: string[]; twice: string[] } {
  const names = named.map((n) => n.name);
  return {
    missing: declared.filter((d) => !names.includes(d)),
    extra: names.filter((n) => !declared.includes(n)),
    twice: names.filter((n, i) => names.indexOf(n) !== i),
  };
}

/** `text` with the body rows of the table after `heading` changed by `edit` (to plant a fault). */
function editTable(text: string, heading: string, edit: (rows: string[]) => string[]): string {
  const lines = text.split('\n');
  let start = lines.findIndex((l) => l.trim() === heading) + 1;
  while (!lines[start].startsWith('|')) {
    start++;
  }
  let end = start;
  while (end < lines.length && lines[end].startsWith('|')) {
    end++;
  }
  return [...lines.slice(0, start + 2), ...edit(lines.slice(start + 2, end)), ...lines.slice(end)].join('\n');
}

const NOTHING = { missing: [], extra: [], twice: [] };

describe(`${DOCUMENT}: the dependency tables`, () => {
  const text = fs.readFileSync(path.join(ROOT, DOCUMENT), 'utf8');
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };
  const lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { version: string }>;
  };
  const runtime = Object.keys(manifest.dependencies);

  it("the runtime table has one row for each of package.json's dependencies, and no other", () => {
    assert.deepEqual(compare(namedIn(text, RUNTIME), runtime), NOTHING);
  });

  it('the development table has one row for each devDependency, and no other', () => {
    assert.deepEqual(compare(namedIn(text, DEVELOPMENT), Object.keys(manifest.devDependencies)), NOTHING);
  });

  it('the audit names every runtime dependency, and no other, at the version installed', () => {
    const audited = namedIn(text, AUDIT);
    assert.deepEqual(compare(audited, runtime), NOTHING);
    const wrong = audited
      .filter((a) => a.version !== lock.packages[`node_modules/${a.name}`]?.version)
      .map(
        (a) =>
          `${a.name}: ${a.version ?? 'no version'} written, ${lock.packages[`node_modules/${a.name}`]?.version} installed`,
      );
    assert.deepEqual(wrong, []);
  });

  it('fails on a planted missing row, extra row or repeated row (the check can fail)', () => {
    // Against the names the tables give today, so this checks the checker whatever package.json says.
    const sorted = (r: { missing: string[]; extra: string[]; twice: string[] }) => ({
      missing: [...r.missing].sort(),
      extra: [...r.extra].sort(),
      twice: [...r.twice].sort(),
    });
    for (const heading of [RUNTIME, DEVELOPMENT, AUDIT]) {
      const listed = namedIn(text, heading).map((n) => n.name);
      const first = packagesIn(tableAfter(text, heading)[0][0])
        .map((n) => n.name)
        .sort();
      assert.deepEqual(
        sorted(
          compare(
            namedIn(
              editTable(text, heading, (rows) => rows.slice(1)),
              heading,
            ),
            listed,
          ),
        ),
        { missing: first, extra: [], twice: [] },
        heading,
      );
      const planted = editTable(text, heading, (rows) => [...rows, '| `left-pad` 1.3.0 | not a dependency |', rows[0]]);
      assert.deepEqual(
        sorted(compare(namedIn(planted, heading), listed)),
        { missing: [], extra: ['left-pad'], twice: first },
        heading,
      );
    }
    assert.deepEqual(packagesIn('`selfsigned` 5.5.0 (+ `@peculiar/*`, `asn1js`)'), [
      { name: 'selfsigned', version: '5.5.0' },
    ]);
  });
});
