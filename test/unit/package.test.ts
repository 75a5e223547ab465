/**
 * `npm run package` as the project runs it (its own vsce arguments, nothing typed at a prompt), and
 * the package holds exactly the allowlist of .vscodeignore (bundles, media without the README's
 * screenshots, documents, translations; not CONTRIBUTING.md or docs/). No repository is named, so
 * none may be invented: the packaged README keeps its links as written (CONTRIBUTING.md, "Packaging").
 */
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { inflateRawSync } from 'node:zlib';

const ROOT = path.join(__dirname, '../..');
const VSCE = path.join(ROOT, 'node_modules', '.bin', 'vsce');

/** Every file of a zip archive (the .vsix), by name: stored or deflated entries, as vsce writes them. */
function unzip(archive: Buffer): Map<string, Buffer> {
  const end = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  assert.ok(end >= 0, 'a zip archive');
  const count = archive.readUInt16LE(end + 10);
  let at = archive.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    const method = archive.readUInt16LE(at + 10);
    const size = archive.readUInt32LE(at + 20);
    const nameLength = archive.readUInt16LE(at + 28);
    const skip = nameLength + archive.readUInt16LE(at + 30) + archive.readUInt16LE(at + 32);
    const name = archive.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const local = archive.readUInt32LE(at + 42);
    const start = local + 30 + archive.readUInt16LE(local + 26) + archive.readUInt16LE(local + 28);
    const data = archive.subarray(start, start + size);
    files.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    at += 46 + skip;
  }
  return files;
}

/** The arguments `npm run package` gives `vsce package`, up to its --out. */
function packageArguments(script: string): string[] {
  const words = script.slice(script.indexOf('vsce package') + 'vsce '.length).split(/\s+/);
  return words.slice(0, words.indexOf('--out'));
}

describe('the package', function () {
  this.timeout(60_000);

  it('lists exactly the allowlist', () => {
    const files = execFileSync(VSCE, ['ls', '--no-dependencies'], { cwd: ROOT, encoding: 'utf8' })
      .split('\n')
      .map((f) => f.trim())
      .filter(Boolean)
      .sort();
    const allowed = [
      /^dist\/(extension|main)\.js$/,
      /^dist\/webview\/[\w.-]+\.js$/,
      /^dist\/demo\.js$/,
      /^dist\/undici\.js$/,
      /^dist\/xml\.js$/,
      /^media\/(?!screenshots\/)[\w./-]+$/,
      /^package\.json$/,
      /^package\.nls\.json$/,
      /^l10n\/bundle\.l10n(\.[\w-]+)?\.json$/,
      /^README\.md$/,
      /^CHANGELOG\.md$/,
      /^LICENSE$/,
      /^samples\/demo-workspace\/[^\s]+$/,
    ];
    assert.deepEqual(
      files.filter((f) => !allowed.some((a) => a.test(f))),
      [],
      'nothing outside the allowlist',
    );
    for (const needed of [
      'dist/extension.js',
      'dist/main.js',
      'dist/undici.js',
      'dist/xml.js',
      'dist/demo.js',
      'package.json',
      'package.nls.json',
      'README.md',
      'LICENSE',
      'media/icon.png',
      'media/walkthrough/lenses-dark.png',
      'l10n/bundle.l10n.json',
    ]) {
      assert.ok(files.includes(needed), `${needed} is packaged (${files.join(', ')})`);
    }
    assert.ok(!files.some((f) => f.startsWith('media/screenshots/')), 'the README pictures stay in the repository');
    assert.ok(
      !files.some((f) => f === 'CONTRIBUTING.md' || f.startsWith('docs/')),
      'development documents stay in the repository',
    );
  });

  it('packages as npm run package does: no invented repository, prompts or rewritten links', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    // Timeslice has no public repository: a repository, bugs or homepage field would name an address
    // nobody owns, and vsce would point the README's pictures at it.
    assert.deepEqual(
      ['repository', 'bugs', 'homepage'].filter((k) => k in manifest),
      [],
      'no repository is named until there is one',
    );
    const args = packageArguments(manifest.scripts.package);
    assert.deepEqual(
      args.filter((a) => a.startsWith('--')).sort(),
      ['--allow-missing-repository', '--no-dependencies', '--no-rewrite-relative-links'],
      manifest.scripts.package,
    );
    assert.ok(manifest.galleryBanner.color && manifest.keywords.length >= 5);
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'timeslice-vsix-'));
    try {
      const vsix = path.join(out, 'timeslice.vsix');
      // Away from a terminal vsce answers its own questions (a missing repository) with yes, so the flags
      // are checked above rather than by a prompt here.
      execFileSync(VSCE, [...args, '--out', vsix], { cwd: ROOT, encoding: 'utf8', stdio: 'pipe' });
      assert.ok(fs.statSync(vsix).size > 10_000);
      const files = unzip(fs.readFileSync(vsix));
      const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
      assert.equal(
        files.get('extension/readme.md')?.toString('utf8') ?? files.get('extension/README.md')?.toString('utf8'),
        readme,
        'the packaged README is README.md, its links as written',
      );
      for (const [name, data] of files) {
        if (/\.(md|json|xml|vsixmanifest)$/.test(name)) {
          assert.doesNotMatch(
            data.toString('utf8'),
            /github\.com\/timeslice\b/,
            `${name} names no invented repository`,
          );
        }
      }
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  });
});
