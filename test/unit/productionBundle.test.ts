/**
 * The production bundles carry no test switch, hook or benchmark mark: esbuild.js sets `__TIMESLICE_TEST__`
 * to false with --production and the minifier drops what it guards. Each marker below is a string only
 * that code holds, and each test-only module must put no byte in a production bundle (esbuild's metafile);
 * the test build (what the harnesses load) must still have every one, so a renamed marker or moved module
 * cannot pass here unnoticed.
 */
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { isInlineSafe } from '../../src/panels/html';

const ROOT = path.join(__dirname, '../..');

/** Marker → where it comes from. */
const MARKERS: Record<string, string> = {
  TIMESLICE_TEST_HARNESS: "the harness's environment variable (src/testHarness.ts)",
  'names=test': "the harness's switch for the demo's markup-injection names",
  '^clockShift=': "the harness's switch for the demo's data clock (its pattern)",
  recentLogLines: "the test API's source (src/testApi.ts)",
  lastDeploymentSettled: "the status bar's test hook (src/testApi.ts)",
  receiveForTest: "the chart panel's way in for the integration tests' messages",
  __timeslice: "the webview's window.__timeslice hook and the bench's __timesliceDecimation switch",
  'timeslice:data-': "the webview's performance marks (bench)",
  'timeslice.test.openEmptyWebview': "the click-to-chart bench's empty webview (src/panels/emptyWebviewProbe.ts)",
  'timeslice.test.indexProbe': "the UI suite's view of the code index's reads (src/code/indexProbe.ts)",
  refreshFloor: "the harness's switch for a shorter refresh interval",
};

/** Modules only tests use: none of their code may reach a production bundle. */
const TEST_MODULES = ['src/testHarness.ts', 'src/testApi.ts', 'src/recentLines.ts'];

interface Meta {
  outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }>;
}

function build(outdir: string, ...flags: string[]): { files: Map<string, string>; meta: Meta } {
  execFileSync(process.execPath, ['esbuild.js', ...flags, '--metafile', '--outdir', outdir], {
    cwd: ROOT,
    stdio: 'pipe',
  });
  const files = new Map<string, string>();
  for (const name of fs.readdirSync(outdir, { recursive: true }) as string[]) {
    if (name.endsWith('.js')) {
      files.set(name, fs.readFileSync(path.join(outdir, name), 'utf8'));
    }
  }
  return { files, meta: JSON.parse(fs.readFileSync(path.join(outdir, 'meta.json'), 'utf8')) as Meta };
}

const holding = (files: Map<string, string>, marker: string) =>
  [...files].filter(([, text]) => text.includes(marker)).map(([name]) => name);

/** The bundles that hold code of `module` (a path from the repository's root). */
const bundlesOf = (meta: Meta, module: string) =>
  Object.entries(meta.outputs)
    .filter(([, output]) => (output.inputs[module]?.bytesInOutput ?? 0) > 0)
    .map(([name]) => name);

describe('production bundles', function () {
  this.timeout(60_000);
  let dir: string;
  let production: Map<string, string>;
  let testBuild: Map<string, string>;
  let productionMeta: Meta;
  let testMeta: Meta;

  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'timeslice-bundles-'));
    ({ files: production, meta: productionMeta } = build(path.join(dir, 'production'), '--production'));
    ({ files: testBuild, meta: testMeta } = build(path.join(dir, 'test')));
  });

  after(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('builds the extension and the webview', () => {
    assert.ok(
      production.has('extension.js') && production.has('main.js') && production.has(path.join('webview', 'panel.js')),
      [...production.keys()].join(', '),
    );
  });

  it("the panel page's files can be written into the page, in both builds (src/panels/panelPage.ts)", () => {
    for (const files of [production, testBuild]) {
      for (const name of ['panelBoot.js', 'panel.js']) {
        assert.ok(isInlineSafe(files.get(path.join('webview', name)) ?? '<script'), name);
      }
    }
    assert.ok(isInlineSafe(fs.readFileSync(path.join(ROOT, 'media', 'panel.css'), 'utf8')), 'media/panel.css');
  });

  for (const [marker, what] of Object.entries(MARKERS)) {
    it(`leaves out ${what}`, () => {
      assert.deepEqual(holding(production, marker), [], `"${marker}" is in the production bundles`);
      assert.notDeepEqual(
        holding(testBuild, marker),
        [],
        `"${marker}" is missing from the test build: the marker no longer names the hook`,
      );
    });
  }

  for (const module of TEST_MODULES) {
    it(`leaves out the test-only module ${module}`, () => {
      assert.deepEqual(bundlesOf(productionMeta, module), [], `${module} has code in the production bundles`);
      assert.notDeepEqual(bundlesOf(testMeta, module), [], `${module} is not in the test build: the list is stale`);
    });
  }

  it('VS Code loads a small loader without the vscode API; the extension is main.js beside it', () => {
    const loader = production.get('extension.js')!;
    assert.ok(loader.length < 5 * 1024, `the loader is ${loader.length} bytes`);
    assert.ok(!loader.includes('require("vscode")'), 'the loader requires the vscode API');
    assert.ok(
      loader.includes('main.js') && loader.includes('cachedData'),
      'the loader compiles main.js with the code cache',
    );
    assert.ok(production.get('main.js')!.includes('activate'), 'main.js holds activate()');
  });

  it('keeps the libraries activation does not need out of main.js, each in its own file', () => {
    const extension = production.get('main.js')!;
    // A string each library's own code holds (its error texts), never our code.
    const apart: Array<[file: string, marker: string]> = [
      ['undici.js', 'undici:request:create'],
      ['xml.js', 'Unclosed tag'],
      ['demo.js', 'RSASSA-PKCS1-v1_5'],
    ];
    for (const [file, marker] of apart) {
      assert.ok(production.get(file)?.includes(marker), `${file} holds "${marker}"`);
      assert.ok(!extension.includes(marker), `main.js holds "${marker}" (code of ${file})`);
      assert.ok(extension.includes(`require("./${file}")`), `main.js requires ./${file} when needed`);
    }
  });

  it('requires the vscode API once, without a copy of its members per importing module (esbuild.js)', () => {
    // The test build is not minified, so esbuild's helper keeps its name there.
    const extension = testBuild.get('main.js')!;
    assert.equal(extension.split('require("vscode")').length - 1, 1, 'main.js requires vscode exactly once');
    assert.ok(
      !/__toESM\(require_vscode\(\)\)/.test(extension),
      'an `import * as vscode` was bundled as a copy of the API (__toESM)',
    );
    // The same for Node's modules: `import * as fs from 'node:fs'` copies every export at load; name the imports.
    assert.deepEqual(
      extension.match(/__toESM\(require\("(node:)?[a-z_/]+"\)\)/g) ?? [],
      [],
      'a namespace import of a Node module',
    );
    assert.ok(
      production.get('main.js')!.split('require("vscode")').length - 1 === 1,
      'the production bundle requires vscode exactly once',
    );
  });
});
