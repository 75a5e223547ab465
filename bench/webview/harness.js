// Dev only: serves the panel the way VS Code would (same CSP, with this server's origin as the
// CSP source), with a fake host script before the bundle, and opens it in headless Chromium.
// Used by bench/render.js, bench/screenshots.js and bench/figures/panelDraw.ts, which also opens
// the anchor page (/raw: Chart.js alone, bench/anchors/rawChart.ts) under the same CSP.
// The demo's sample data (bench/webview/sampleData.js) is loaded only with ?demo=, so a timed page
// loads nothing the real panel would not.
const crypto = require('node:crypto');
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const { chromium } = require('playwright-core');

const ROOT = path.join(__dirname, '..', '..');
const TYPES = { '.js': 'text/javascript', '.css': 'text/css', '.map': 'application/json' };
/** Only these folders are served (as localResourceRoots are in VS Code, plus the dev scripts). */
const SERVED = ['dist/webview/', 'media/', 'bench/webview/', 'bench/.out/'];

function csp(origin, nonce) {
  return `default-src 'none'; script-src 'nonce-${nonce}'; style-src ${origin}; img-src ${origin} data:; font-src ${origin};`;
}

/** The anchor page: one sized box and the Chart.js-only bundle. */
function rawHtml(origin) {
  const nonce = crypto
    .randomBytes(18)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '');
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="UTF-8"><meta http-equiv="Content-Security-Policy" content="${csp(origin, nonce)}"><title>Chart.js alone</title></head>
<body><div id="box"></div>
<script nonce="${nonce}" src="${origin}/bench/.out/rawChart.js"></script></body></html>
`;
}

/** `bundle` is the panel bundle's path under ROOT (dist/webview/panel.js unless the bench built its own). */
function pageHtml(origin, query, bundle = 'dist/webview/panel.js') {
  const nonce = crypto
    .randomBytes(18)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '');
  // The CSP of src/panels/html.ts, with this server's origin as the webview's cspSource.
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp(origin, nonce)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<script nonce="${nonce}" src="${origin}/bench/webview/themes.js"></script>
${new URLSearchParams(query).has('demo') ? `<script nonce="${nonce}" src="${origin}/bench/webview/sampleData.js"></script>\n` : ''}<script nonce="${nonce}" src="${origin}/bench/webview/fakeVscode.js?${query}"></script>
<script nonce="${nonce}" src="${origin}/${bundle.replace(/panel\.js$/, 'panelBoot.js')}"></script>
<link rel="stylesheet" href="${origin}/bench/webview/vscodeDefaults.css">
<link rel="stylesheet" href="${origin}/media/panel.css">
<title>Timeslice panel (dev)</title>
</head>
<body>
<div id="app" aria-live="polite"></div>
<script nonce="${nonce}" src="${origin}/${bundle}"></script>
</body>
</html>
`;
}

function startServer(port = 0, { bundle } = {}) {
  return new Promise((resolve) => {
    const server = http.createServer((req, res) => {
      const url = new URL(req.url, 'http://localhost');
      const origin = `http://127.0.0.1:${server.address().port}`;
      if (url.pathname === '/favicon.ico') {
        res.writeHead(204).end();
        return;
      }
      if (url.pathname === '/') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        res.end(pageHtml(origin, url.searchParams.toString(), bundle));
        return;
      }
      if (url.pathname === '/raw') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        res.end(rawHtml(origin));
        return;
      }
      const rel = path.posix.normalize(decodeURIComponent(url.pathname)).replace(/^\/+/, '');
      const file = path.join(ROOT, rel);
      if (!SERVED.some((dir) => rel.startsWith(dir)) || !file.startsWith(ROOT) || !fs.existsSync(file)) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, {
        'content-type': TYPES[path.extname(file)] || 'application/octet-stream',
        'cache-control': 'no-store',
      });
      fs.createReadStream(file).pipe(res);
    });
    server.listen(port, '127.0.0.1', () => resolve({ server, origin: `http://127.0.0.1:${server.address().port}` }));
  });
}

function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Opens the panel page and waits until the bundle has posted 'ready'. */
async function openPanel(
  browser,
  origin,
  { theme = 'dark', decimation = true, demo, tz, viewport = { width: 1280, height: 900 } } = {},
) {
  const page = await browser.newPage({ viewport });
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') errors.push(`console.${m.type()}: ${m.text()}`);
  });
  const query = new URLSearchParams({ theme });
  if (!decimation) query.set('decimation', 'off');
  if (demo) query.set('demo', demo);
  if (tz) query.set('tz', tz);
  await page.goto(`${origin}/?${query}`);
  await page.waitForFunction(() => window.__posted.some((m) => m.type === 'ready'));
  return { page, errors };
}

module.exports = { startServer, launch, openPanel, ROOT };
