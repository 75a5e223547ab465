// Test builds only (`indexGate=<n>`): after `allowance` reads every read is held until cancelled, so a
// feature that needs the folder read whole never shows, whatever the machine's speed.
import * as vscode from 'vscode';

import type { SourceFiles } from './sourceIndex';

export interface IndexProbe extends vscode.Disposable {
  wrap(files: SourceFiles): SourceFiles;
}

export function indexProbe(allowance: number): IndexProbe {
  const listed = new Map<string, number>();
  let reads = 0;
  let held = 0;
  const item = vscode.window.createStatusBarItem('timeslice.test.indexProbe', vscode.StatusBarAlignment.Left);
  const show = () => {
    const names = [...listed.values()].reduce((a, b) => a + b, 0);
    // Icons for the words: names listed, files read, reads held (a test's item, not prose to translate).
    item.text = `$(list-flat) ${names} $(file) ${reads} $(debug-pause) ${held}`;
  };
  show();
  item.show();
  return {
    wrap: (files) => ({
      list: async (extensions, limit, signal) => {
        const names = await files.list(extensions, limit, signal);
        listed.set(extensions.join(','), names.length);
        show();
        return names;
      },
      read: async (path, maxBytes, signal) => {
        if (reads >= allowance) {
          held++;
          show();
          signal.throwIfAborted();
          await new Promise<never>((_, reject) =>
            signal.addEventListener('abort', () => reject(new Error('cancelled at the index gate')), { once: true }),
          );
        }
        reads++;
        show();
        return files.read(path, maxBytes, signal);
      },
    }),
    dispose: () => item.dispose(),
  };
}
