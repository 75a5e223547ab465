/**
 * Makes each showcase folder of a copy of the demo's code (samples/demo-workspace) a git repository of
 * its deployments (demoHistory.ts), in Node: Open the Demo's Code and `npm run demo` call it on their
 * fresh copies. A folder that is already a repository, or is missing, is left alone.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';

import { DEMO_HISTORY, demoHistory } from './demoHistory';

/** Every file under `root` by `/`-separated path, `.git` left out. */
function filesOf(root: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const rel of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    const parts = rel.split(sep);
    if (parts[0] !== '.git' && statSync(join(root, rel)).isFile()) {
      files.set(parts.join('/'), readFileSync(join(root, rel), 'utf8'));
    }
  }
  return files;
}

/** Writes the repositories under `workspace`; returns each folder's HEAD commit. */
export function writeDemoRepositories(workspace: string): Map<string, string> {
  const heads = new Map<string, string>();
  for (const [folder, steps] of Object.entries(DEMO_HISTORY)) {
    const root = join(workspace, folder);
    if (!existsSync(root) || existsSync(join(root, '.git'))) {
      continue;
    }
    const history = demoHistory(steps, filesOf(root));
    for (const [rel, bytes] of history.gitFiles) {
      const target = join(root, '.git', ...rel.split('/'));
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, bytes);
    }
    heads.set(folder, history.commits[history.commits.length - 1]);
  }
  return heads;
}
