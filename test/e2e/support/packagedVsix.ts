/**
 * The package a user installs: `npm run package`'s production build and vsce arguments, made in a
 * staging folder so the repository's dist/ (the test build the other UI tests load) stays as it is.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { codeServer } from './codeServer';

const ROOT = codeServer.REPO_ROOT;
const VSCE = path.join(ROOT, 'node_modules', '.bin', 'vsce');

/** Builds timeslice.vsix into a new temp folder and returns its path (the caller removes the folder). */
export function packageVsix(): string {
  const stage = fs.mkdtempSync(path.join(os.tmpdir(), 'ts-vsix-'));
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    scripts: { package: string };
  };
  // What .vscodeignore lets through, from the repository (dist/ comes from the production build below).
  const listed = execFileSync(VSCE, ['ls', '--no-dependencies'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .map((f) => f.trim())
    .filter((f) => f !== '' && !f.startsWith('dist/'));
  for (const file of [...listed, '.vscodeignore']) {
    fs.mkdirSync(path.dirname(path.join(stage, file)), { recursive: true });
    fs.copyFileSync(path.join(ROOT, file), path.join(stage, file));
  }
  execFileSync(process.execPath, ['esbuild.js', '--production', '--outdir', path.join(stage, 'dist')], {
    cwd: ROOT,
    stdio: 'pipe',
  });
  const script = manifest.scripts.package;
  const args = script.slice(script.indexOf('vsce package') + 'vsce '.length).split(/\s+/);
  const vsix = path.join(stage, 'timeslice.vsix');
  execFileSync(VSCE, [...args.slice(0, args.indexOf('--out')), '--out', vsix], { cwd: stage, stdio: 'pipe' });
  return vsix;
}
