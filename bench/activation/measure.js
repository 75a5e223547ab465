#!/usr/bin/env node
// Dev only, run by bench/run.ts in a fresh Node process per sample: times `require` of a bundle and
// its activate() resolving, with bench/activation/stubVscode.js as `vscode`, then counts the timers
// still scheduled with the window unfocused and no view visible. Prints one JSON line.
// Usage: node bench/activation/measure.js <bundle.js> [global-storage-dir]
// With a storage folder, the loader (dist/extension.js) reads and writes its code cache there.
const Module = require('node:module');
const path = require('node:path');

const stub = require('./stubVscode');
const load = Module._load;
Module._load = function (request, ...rest) {
  return request === 'vscode' ? stub : load.call(this, request, ...rest);
};

const requests = [];
const originalRequest = require('node:https').request;
require('node:https').request = (...args) => {
  requests.push(String(args[0]));
  return originalRequest(...args);
};

async function main() {
  const bundle = path.resolve(process.argv[2]);
  const memento = { get: (_k, d) => d, update: async () => undefined, keys: () => [] };
  const context = {
    subscriptions: [],
    extensionUri: {
      fsPath: path.dirname(bundle),
      path: path.dirname(bundle),
      scheme: 'file',
      with: () => context.extensionUri,
      toString: () => `file://${path.dirname(bundle)}`,
    },
    extensionPath: path.dirname(bundle),
    // The manifest, as VS Code hands it over (the walkthrough reads the display name from it).
    extension: { id: 'timeslice.timeslice', packageJSON: require('../../package.json') },
    // A stored key, so activation builds a connection session with its scheduler (whose timers are counted).
    secrets: {
      get: async () => 'NRAK-BENCHMARK00000000000000000000',
      store: async () => undefined,
      delete: async () => undefined,
      onDidChange: () => ({ dispose() {} }),
    },
    globalState: memento,
    globalStorageUri: process.argv[3] ? { scheme: 'file', fsPath: path.resolve(process.argv[3]) } : undefined,
    workspaceState: memento,
  };
  const t0 = performance.now();
  const ext = require(bundle);
  const t1 = performance.now();
  await ext.activate(context);
  const t2 = performance.now();
  // Let anything started by activation settle for one turn before counting what stays scheduled.
  await new Promise((resolve) => setImmediate(resolve));
  const timers = process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
  const loaded = Object.keys(require.cache).length;
  for (const d of context.subscriptions) d.dispose?.();
  // The loader's deactivate() resolves once a code cache it started writing is on disk.
  await ext.deactivate?.();
  process.stdout.write(
    `${JSON.stringify({ requireMs: t1 - t0, activateMs: t2 - t1, totalMs: t2 - t0, timers, requests: requests.length, loaded })}\n`,
  );
  process.exit(0);
}

main().catch((e) => {
  process.stdout.write(`${JSON.stringify({ error: String((e && e.stack) || e) })}\n`);
  process.exit(1);
});
