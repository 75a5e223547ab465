/**
 * Makes each showcase folder of a copy of the demo's code (samples/demo-workspace) a git repository of
 * its deployments (demoHistory.ts), in Node: Open the Demo's Code and `npm run demo` call it on their
 * fresh copies. A folder that is already a repository, or is missing, is left alone.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { DEMO_HISTORY, demoHistory } from './demoHistory';

/** Every file under `root` by `/`-separated path, `.git` left out. */
function filesOf(root: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const rel of fs.readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    const parts = rel.split(path.sep);
    if (parts[0] !== '.git' && fs.statSync(path.join(root, rel)).isFile()) {
      files.set(parts.join('/'), fs.readFileSync(path.join(root, rel), 'utf8'));
    }
  }
  return files;
}

/** Writes the repositories under `workspace`; returns each folder's HEAD commit. */
export function writeDemoRepositories(workspace: string): Map<string, string> {
  const heads = new Map<string, string>();
  for (const [folder, steps] of Object.entries(DEMO_HISTORY)) {
    const root = path.join(workspace, folder);
    if (!fs.existsSync(root) || fs.existsSync(path.join(root, '.git'))) {
      continue;
    }
    const history = demoHistory(steps, filesOf(root));
    for (const [rel, bytes] of history.gitFiles) {
      const target = path.join(root, '.git', ...rel.split('/'));
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, bytes);
    }
    heads.set(folder, history.commits[history.commits.length - 1]);
  }
  return heads;
}
