/**
 * One of each: shapes the code once held in several copies, each now defined in one module. A second
 * definition fails here, naming where it is, so a fix to one copy cannot miss the others.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const ROOT = path.join(__dirname, '../..');

function sources(): Array<{ file: string; text: string }> {
  return ['src', 'webview'].flatMap((dir) =>
    fs
      .readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts'))
      .map((f) => {
        const file = `${dir}/${f.split(path.sep).join('/')}`;
        return { file, text: fs.readFileSync(path.join(ROOT, file), 'utf8') };
      }),
  );
}

/** The files under `under` where `pattern` matches, with the count when more than once. */
function definedIn(pattern: RegExp, under = ''): string[] {
  const global = new RegExp(pattern.source, 'g');
  return sources().flatMap(({ file, text }) => {
    if (!file.startsWith(under)) {
      return [];
    }
    const n = text.match(global)?.length ?? 0;
    return n === 0 ? [] : [n === 1 ? file : `${file} (${n} times)`];
  });
}

/** What, its definition's shape, where it lives (with its count when the module holds more than one), where to look. */
const ONE_OF_EACH: Array<[what: string, pattern: RegExp, home: string, under?: string]> = [
  // A character class that holds the bidi overrides (U+202A–U+202E).
  ['the invisible-character pattern', /\[[^\]\n]*\\u202a-\\u202e[^\]\n]*\]/, 'src/util/safeText.ts'],
  // The span the tree, a panel's deployment choices and the deployments cache share (not a week's compare
  // shift, nor the simulator's certificate, which are other spans).
  ['the recent-deployments range', /_DAYS = 7;|_MS = 7 \* 86_400_000/, 'src/api/deployments.ts', 'src/'],
  // The service's JSON, read field by field (the webview's readers of its messages are another concern).
  [
    'the JSON record reader',
    /function (record|isRecord|isRec|isObject)\(|const (record|isRecord|isRec|isObject) =/,
    'src/api/fieldReaders.ts (2 times)',
    'src/api/',
  ],
  ['the JSON text reader', /function text\(|const text = \(/, 'src/api/fieldReaders.ts', 'src/api/'],
  // NRQL queries as aliases of one request: one builder, whose reader judges every alias on its own.
  ['the aliased NRQL document', /nrql\(query: \$q\$\{/, 'src/api/nerdgraph/graphqlRequests.ts', 'src/'],
  ['access to the git extension', /'vscode\.git'/, 'src/tree/gitCommits.ts'],
  ['the alert-marker type', /interface AlertMarker\b/, 'src/panels/alertMarker.ts'],
  // A refresh asked while one runs: queued once behind it.
  ['the run-then-once-more refresh', /\?\?= this\.\w+\.then\(/, 'src/util/runThenOnceMore.ts', 'src/'],
];

describe('one of each', () => {
  for (const [what, pattern, home, under] of ONE_OF_EACH) {
    it(`${what} is defined once, in ${home.replace(/ \(.*/, '')}`, () => {
      assert.deepEqual(definedIn(pattern, under), [home]);
    });
  }

  it('each status-bar item is a class of its own', () => {
    assert.deepEqual(
      definedIn(/createStatusBarItem\(/, 'src/').filter((f) => f.includes(' times)')),
      [],
      'a module that creates two items',
    );
  });
});
