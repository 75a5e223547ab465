// Two kinds of bundle: Node (the extension, the demo's simulator, the simulator CLI) and browser (one
// per webview). --production minifies; --watch rebuilds on change; --outdir DIR writes elsewhere than
// dist/ (the benchmark builds its production copy there). esbuild does not type-check: `npm run typecheck` does.
const esbuild = require('esbuild');
const fs = require('node:fs');
const path = require('node:path');

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
const outdirArg = process.argv.indexOf('--outdir');
const outdir = outdirArg > 0 ? process.argv[outdirArg + 1] : 'dist';

/**
 * The demo's simulator (and `selfsigned` under it) is a bundle of its own, dist/demo.js: loading it
 * costs more than the rest of activation, and only the demo needs it. The extension's dynamic
 * `import('../simulator/server')` becomes a `require('./demo.js')` of that file.
 */
const demoApart = {
  name: 'demo-apart',
  setup(build) {
    build.onResolve({ filter: /\/simulator\/server$/ }, (args) =>
      args.importer.endsWith(path.join('src', 'demo', 'demoController.ts')) ? { path: './demo.js', external: true } : undefined);
  },
};

/** Prints errors in the form VS Code's esbuild problem matcher reads. */
const problemMatcher = {
  name: 'problem-matcher',
  setup(build) {
    build.onStart(() => {
      if (watch) console.log('[watch] build started');
    });
    build.onEnd((result) => {
      for (const { text, location } of result.errors) {
        console.error(`✘ [ERROR] ${text}`);
        if (location) console.error(`    ${location.file}:${location.line}:${location.column}:`);
      }
      if (watch) console.log('[watch] build finished');
    });
  },
};

const common = {
  bundle: true,
  minify: production,
  sourcemap: !production,
  sourcesContent: false,
  logLevel: 'silent',
  plugins: [problemMatcher],
};

function webviewEntries() {
  const dir = path.join(__dirname, 'webview');
  if (!fs.existsSync(dir)) return {};
  const entries = {};
  for (const name of fs.readdirSync(dir)) {
    const main = path.join(dir, name, 'main.ts');
    if (fs.existsSync(main)) entries[name] = main;
  }
  return entries;
}

async function main() {
  const configs = [
    {
      ...common,
      entryPoints: Object.fromEntries(
        [['extension', 'src/extension.ts'], ['simulator', 'src/simulator/cli.ts']].filter(([, file]) => fs.existsSync(file)),
      ),
      outdir,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      external: ['vscode'],
      plugins: [...common.plugins, demoApart],
    },
    {
      ...common,
      entryPoints: { demo: 'src/simulator/server.ts' },
      outdir,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
    },
  ];
  const webviews = webviewEntries();
  if (Object.keys(webviews).length > 0) {
    configs.push({ ...common, entryPoints: webviews, outdir: path.join(outdir, 'webview'), platform: 'browser', format: 'iife', target: 'es2022' });
  }
  const contexts = await Promise.all(configs.map((c) => esbuild.context(c)));
  if (watch) {
    await Promise.all(contexts.map((c) => c.watch()));
    return;
  }
  try {
    const results = await Promise.all(contexts.map((c) => c.rebuild()));
    if (results.some((r) => r.errors.length > 0)) process.exitCode = 1;
  } catch {
    process.exitCode = 1;
  } finally {
    await Promise.all(contexts.map((c) => c.dispose()));
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
