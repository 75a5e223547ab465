/**
 * `npm run package` as a publisher runs it: `vsce package` with no `--allow-missing-repository`,
 * and the package holds exactly the allowlist of .vscodeignore (bundles, media without the README's
 * screenshots, documents, translations).
 */
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const ROOT = path.join(__dirname, '../..');
const VSCE = path.join(ROOT, 'node_modules', '.bin', 'vsce');

describe('the package', function () {
  this.timeout(60_000);

  it('lists exactly the allowlist', () => {
    const files = execFileSync(VSCE, ['ls', '--no-dependencies'], { cwd: ROOT, encoding: 'utf8' }).split('\n').map((f) => f.trim()).filter(Boolean).sort();
    const allowed = [/^dist\/(extension|main)\.js$/, /^dist\/webview\/[\w.-]+\.js$/, /^dist\/demo\.js$/, /^dist\/undici\.js$/, /^dist\/xml\.js$/, /^media\/(?!screenshots\/)[\w./-]+$/, /^package\.json$/, /^package\.nls\.json$/, /^l10n\/bundle\.l10n(\.[\w-]+)?\.json$/, /^README\.md$/, /^CHANGELOG\.md$/, /^LICENSE$/];
    assert.deepEqual(files.filter((f) => !allowed.some((a) => a.test(f))), [], 'nothing outside the allowlist');
    for (const needed of ['dist/extension.js', 'dist/main.js', 'dist/undici.js', 'dist/xml.js', 'dist/demo.js', 'package.json', 'package.nls.json', 'README.md', 'LICENSE', 'media/icon.png', 'media/walkthrough/connect-dark.png', 'l10n/bundle.l10n.json']) {
      assert.ok(files.includes(needed), `${needed} is packaged (${files.join(', ')})`);
    }
    assert.ok(!files.some((f) => f.startsWith('media/screenshots/')), 'the README pictures stay in the repository');
  });

  it('packages as a publisher would: repository, icon and README pictures that resolve, no --allow-missing-repository', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    assert.doesNotMatch(manifest.scripts.package, /allow-missing-repository/);
    assert.match(manifest.repository.url, /^https:\/\//);
    assert.ok(manifest.bugs.url && manifest.homepage && manifest.galleryBanner.color && manifest.keywords.length >= 5);
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'timeslice-vsix-'));
    try {
      const vsix = path.join(out, 'timeslice.vsix');
      execFileSync(VSCE, ['package', '--no-dependencies', '--out', vsix], { cwd: ROOT, encoding: 'utf8', stdio: 'pipe' });
      assert.ok(fs.statSync(vsix).size > 10_000);
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  });
});
