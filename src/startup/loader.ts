/**
 * VS Code loads this (`main`): it compiles main.js with V8's code cache (codeCache.ts). It imports neither
 * `vscode` nor the extension's modules, so it stays a few kilobytes and what it saves is not spent loading it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

import { cacheFileFor, compileBundle, readCache, writeCache } from './codeCache';

/** Node's fs writes only to the extension host's own disk here (test/unit/fileWrites.test.ts). */
interface ExtensionContext {
  readonly globalStorageUri?: { readonly scheme: string; readonly fsPath: string };
}

interface MainModule {
  activate(context: ExtensionContext): Promise<unknown>;
  deactivate(): void;
}

const MAIN = join(__dirname, 'main.js');

let main: MainModule | undefined;
let cacheWritten: Promise<void> | undefined;

export async function activate(context: ExtensionContext): Promise<unknown> {
  // Global storage is a local folder for a Node extension host; anything else gets no cache.
  const storage = context.globalStorageUri;
  const cacheDir = storage?.scheme === 'file' ? join(storage.fsPath, 'code-cache') : undefined;
  const source = readFileSync(MAIN, 'utf8');
  const cacheFile = cacheDir === undefined ? undefined : cacheFileFor(cacheDir, source);
  const compiled = compileBundle(MAIN, source, cacheFile === undefined ? undefined : readCache(cacheFile));
  const module = { exports: {} as MainModule };
  // createRequire: the bundle's own requires resolve from dist/, and VS Code's `vscode` module
  // interceptor sees main.js, a file of this extension, as the requiring module.
  compiled.run(module.exports, createRequire(MAIN), module, MAIN, __dirname);
  main = module.exports;
  const exported = await main.activate(context);
  if (cacheFile !== undefined && !compiled.fromCache) {
    // After activation settles, so the cache holds the functions activation compiled and its
    // writing (a few milliseconds) is not counted as activation.
    cacheWritten = new Promise((resolve) => {
      setImmediate(() => {
        try {
          writeCache(cacheFile, compiled.script);
        } catch {
          // No cache (read-only storage, full disk): the next start compiles from source, as Node would.
        }
        resolve();
      });
    });
  }
  return exported;
}

export function deactivate(): Promise<void> | undefined {
  main?.deactivate();
  return cacheWritten;
}
