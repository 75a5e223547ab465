/**
 * Activation in the real workbench, as VS Code itself measures it: code-server (VS Code 1.100.3)
 * loads the production bundle, a workspace with `.vscode/settings.json` activates Timeslice at
 * start-up (its `workspaceContains` event), and "Developer: Show Running Extensions" shows each
 * running extension's time, which is what is read here: the extension host's code-loading time plus
 * its activate() call time. The anchor is the built-in Git Base extension, activated at start-up in
 * the same extension host of the same window: a small activate() under the same load.
 * Full mode only: every run is a new window (a new extension host), about half a minute each.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import type { Page } from 'playwright-core';

import { harnessValue, TEST_HARNESS_ENV } from '../../src/testHarness';
import { codeServer } from '../../test/e2e/support/codeServer';
import { QuickInput } from '../../test/e2e/support/pageObjects/quickInput';
import type { Figure } from '../lib/figure';
import { median } from '../lib/figure';

const NAME = "activation in the workbench (VS Code's own time, Running Extensions)";
const OURS = 'Timeslice';
const ANCHOR = 'Git Base';
/** Left out of the extension folder the workbench loads: big, or not part of an installed extension. */
const SKIP = new Set(['.git', '.vscode-test', 'bench', 'dist', 'node_modules']);

/**
 * An extension folder like the packaged one: the repo's files through symlinks, with `dist` the
 * production build the bench made.
 */
export function extensionFolder(
  root: string,
  distDir: string,
  tmp: string,
  options: { name?: string; main?: string } = {},
): string {
  const dir = path.join(tmp, options.name ?? 'extension');
  fs.mkdirSync(dir);
  for (const name of fs.readdirSync(root)) {
    if (!SKIP.has(name) && !(options.main && name === 'package.json')) {
      fs.symlinkSync(path.join(root, name), path.join(dir, name));
    }
  }
  if (options.main) {
    // The same manifest with another entry point (e.g. dist/main.js: the bundle without the loader).
    const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { main: string };
    fs.writeFileSync(
      path.join(dir, 'package.json'),
      `${JSON.stringify({ ...manifest, main: options.main }, null, 2)}\n`,
    );
  }
  fs.symlinkSync(path.resolve(root, distDir), path.join(dir, 'dist'));
  return dir;
}

/**
 * A temp dir with a workspace whose `.vscode/settings.json` activates Timeslice at start-up
 * (workspaceContains), and a `tmp/` for the server's own temp files.
 */
export function activatingWorkspace(prefix: string): { tmp: string; workspace: string } {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const workspace = path.join(tmp, 'workspace');
  fs.mkdirSync(path.join(workspace, '.vscode'), { recursive: true });
  fs.writeFileSync(path.join(workspace, '.vscode', 'settings.json'), '{}\n');
  fs.mkdirSync(path.join(tmp, 'tmp'));
  return { tmp, workspace };
}

/** "Startup Activation: 87ms" → 87, per extension name, from the Running Extensions editor. */
export async function activationTimes(page: Page): Promise<Map<string, number>> {
  await new QuickInput(page).runCommand('Developer: Show Running Extensions');
  const rows = page.locator('.runtime-extensions-editor .extension');
  await rows.filter({ hasText: OURS }).locator('.activation-time', { hasText: /\d+ms/ }).waitFor({ timeout: 60_000 });
  await rows.filter({ hasText: ANCHOR }).locator('.activation-time', { hasText: /\d+ms/ }).waitFor({ timeout: 60_000 });
  // The page's elements, as far as this reads them (this file is type-checked without the DOM library).
  const read = await rows.evaluateAll(
    (elements: Array<{ querySelector(s: string): { textContent: string | null } | null }>) =>
      elements.map((e) => [
        e.querySelector('.name')?.textContent ?? '',
        e.querySelector('.activation-time')?.textContent ?? '',
      ]),
  );
  const times = new Map<string, number>();
  for (const [name, text] of read) {
    const ms = /(\d+(?:\.\d+)?)ms/.exec(text);
    if (ms) {
      times.set(name, Number(ms[1]));
    }
  }
  return times;
}

export async function workbenchActivationFigures(
  root: string,
  distDir: string,
  runs: number,
): Promise<{ figures: Figure[]; problems: string[] }> {
  if (!fs.existsSync(codeServer.codeServerBin())) {
    return {
      figures: [],
      problems: [`${NAME}: not measured, code-server is not installed (bash scripts/vscode/installCodeServer.sh)`],
    };
  }
  const { tmp, workspace } = activatingWorkspace('ts-bench-act-');
  const server = await codeServer.startCodeServer({
    extensionDirs: [{ path: extensionFolder(root, distDir, tmp), id: 'timeslice.timeslice' }],
    workspaceFolder: workspace,
    env: { [TEST_HARNESS_ENV]: harnessValue({ quiet: true }), TMPDIR: path.join(tmp, 'tmp') },
  });
  const browser = await codeServer.launchBrowser();
  const samples = { ours: [] as number[], anchor: [] as number[] };
  const git: number[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      const page = await codeServer.openWorkbench(browser, server.url, workspace);
      try {
        const times = await activationTimes(page);
        samples.ours.push(times.get(OURS)!);
        samples.anchor.push(times.get(ANCHOR)!);
        if (times.has('Git')) {
          git.push(times.get('Git')!);
        }
      } finally {
        await page.context().close();
      }
    }
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  return {
    figures: [
      {
        name: NAME,
        unit: 'ms',
        ours: median(samples.ours),
        anchor: median(samples.anchor),
        anchorName: 'built-in Git Base, same window',
        budget: { kind: 'atMost', max: 50 },
        samples,
        note:
          `VS Code 1.100.3 (code-server): code loading + activate() call, read from "Developer: Show Running Extensions"; production bundle, activated by workspaceContains at start-up, ` +
          `a new window per run (${runs}; the first has no code cache yet: ${samples.ours[0]} ms, the others read the one it wrote)${git.length > 0 ? `; the built-in Git extension took ${median(git).toFixed(0)} ms in the same windows` : ''}`,
      },
    ],
    problems: [],
  };
}
