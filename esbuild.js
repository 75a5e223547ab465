// Two kinds of bundle: Node (the extension as main.js, the loader extension.js that VS Code loads and
// that compiles main.js with V8's code cache, the demo's simulator, the simulator CLI) and browser (one
// per webview). --production minifies and leaves out the test hooks (below); --test-hooks keeps them
// in a production build (the benchmark's); --watch rebuilds on change; --outdir DIR writes elsewhere
// than dist/ (the benchmark builds its production copies there); --metafile writes DIR/meta.json, which
// source files each bundle holds (test/unit/productionBundle.test.ts reads it). esbuild does not
// type-check: `npm run typecheck` does.
const esbuild = require('esbuild');
const fs = require('node:fs');
const path = require('node:path');

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
const outdirArg = process.argv.indexOf('--outdir');
const outdir = outdirArg > 0 ? process.argv[outdirArg + 1] : 'dist';
const metafile = process.argv.includes('--metafile');

/**
 * `__TIMESLICE_TEST__` guards code only tests and benchmarks use: the test harness's switches
 * (src/testHarness.ts), the integration tests' API returned by activate() and the hooks it reads, the
 * webview's `window.__timeslice` hook, its performance marks and the bench's decimation switch. The build the test harnesses load (no --production) keeps them; --production
 * replaces the flag with `false` and the minifier drops the code behind it. test/unit/productionBundle.test.ts
 * checks that none of it ships. Code run without a bundle (unit tests) sees the flag undefined.
 */
const testHooks = !production || process.argv.includes('--test-hooks');

/**
 * Code that activation does not need lives in bundles of its own beside dist/extension.js, so the
 * extension's file stays small to parse: the demo's simulator (and `selfsigned` under it) in
 * dist/demo.js, undici (over half of the rest) in dist/undici.js, the XML parser (a quarter of what
 * was left; only the XML response format uses it) in dist/xml.js. The extension `require`s each one
 * when first needed (src/demo/demoController.ts, src/api/undiciModule.ts, src/api/rest/xml.ts, itself
 * required by src/api/rest/client.ts on the first XML answer); here those requires become requires of
 * the sibling files. Only libraries go apart, never our own modules: a second copy of one (its
 * classes, its translations) would not be the same module.
 */
const LAZY_BUNDLES = [
  { request: /\/simulator\/server$/, importer: path.join('src', 'demo', 'demoController.ts'), file: './demo.js' },
  { request: /^undici$/, importer: path.join('src', 'api', 'undiciModule.ts'), file: './undici.js' },
  { request: /^fast-xml-parser$/, importer: path.join('src', 'api', 'rest', 'xml.ts'), file: './xml.js' },
];
const bundlesApart = {
  name: 'bundles-apart',
  setup(build) {
    for (const { request, importer, file } of LAZY_BUNDLES) {
      build.onResolve({ filter: request }, (args) =>
        args.importer.endsWith(importer) ? { path: file, external: true } : undefined,
      );
    }
  },
};

/**
 * `import * as vscode from 'vscode'` of an external module becomes `__toESM(require("vscode"))` in
 * every importing module: a new object with a getter for each of the API's few hundred members,
 * built at activation ~30 times, and as many trips through the extension host's require
 * interceptor. The sources keep that import (the l10n exporter reads `vscode.l10n.t` through it);
 * the bundle gets `import vscode = require('vscode')` of one bundled module that requires the real
 * API once.
 */
const VSCODE_IMPORT = /^import \* as vscode from 'vscode';$/m;
const oneVscodeRequire = {
  name: 'one-vscode-require',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/].*\.ts$/ }, async (args) => {
      const source = await fs.promises.readFile(args.path, 'utf8');
      return { contents: source.replace(VSCODE_IMPORT, "import vscode = require('vscode');"), loader: 'ts' };
    });
    build.onResolve({ filter: /^vscode$/ }, (args) =>
      args.namespace === 'vscode-api'
        ? { path: 'vscode', external: true }
        : { path: 'vscode', namespace: 'vscode-api' },
    );
    build.onLoad({ filter: /^vscode$/, namespace: 'vscode-api' }, () => ({
      contents: 'module.exports = require("vscode");',
      loader: 'js',
    }));
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
  define: { __TIMESLICE_TEST__: String(testHooks) },
  metafile,
};

function webviewEntries() {
  const dir = path.join(__dirname, 'webview');
  if (!fs.existsSync(dir)) return {};
  const entries = {};
  for (const name of fs.readdirSync(dir)) {
    const main = path.join(dir, name, 'main.ts');
    if (fs.existsSync(main)) entries[name] = main;
    // A page's small first script (webview/panel/boot.ts), loaded before its bundle.
    const boot = path.join(dir, name, 'boot.ts');
    if (fs.existsSync(boot)) entries[`${name}Boot`] = boot;
    // Its components (webview/panel/components.ts), loaded after the first chart.
    const components = path.join(dir, name, 'components.ts');
    if (fs.existsSync(components)) entries[`${name}Components`] = components;
  }
  return entries;
}

async function main() {
  const configs = [
    {
      ...common,
      entryPoints: Object.fromEntries(
        [
          ['main', 'src/extension.ts'],
          ['simulator', 'src/simulator/cli.ts'],
        ].filter(([, file]) => fs.existsSync(file)),
      ),
      outdir,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      external: ['vscode'],
      plugins: [...common.plugins, bundlesApart, oneVscodeRequire],
    },
    {
      // What VS Code loads: compiles main.js with V8's code cache (src/startup/loader.ts).
      ...common,
      entryPoints: { extension: 'src/startup/loader.ts' },
      outdir,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      external: ['vscode'],
    },
    {
      ...common,
      entryPoints: {
        demo: 'src/simulator/demoBundle.ts',
        undici: require.resolve('undici'),
        xml: require.resolve('fast-xml-parser'),
      },
      outdir,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
    },
  ];
  const webviews = webviewEntries();
  if (Object.keys(webviews).length > 0) {
    configs.push({
      ...common,
      entryPoints: webviews,
      outdir: path.join(outdir, 'webview'),
      platform: 'browser',
      format: 'iife',
      target: 'es2022',
    });
  }
  const contexts = await Promise.all(configs.map((c) => esbuild.context(c)));
  if (watch) {
    await Promise.all(contexts.map((c) => c.watch()));
    return;
  }
  try {
    const results = await Promise.all(contexts.map((c) => c.rebuild()));
    if (results.some((r) => r.errors.length > 0)) process.exitCode = 1;
    if (metafile) {
      const outputs = Object.assign({}, ...results.map((r) => r.metafile?.outputs ?? {}));
      fs.writeFileSync(path.join(outdir, 'meta.json'), JSON.stringify({ outputs }));
    }
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
