#!/usr/bin/env node
// Dev only: renders the chart panel with sample data in VS Code's dark, light and high-contrast
// themes (the page, CSP and theme variables as VS Code sets them; see bench/webview/) and saves
// screenshots to .vscode-test/screenshots/webview-*.png. Prints what it checked; asserts nothing.
//   node bench/screenshots.js           build, screenshot, exit
//   node bench/screenshots.js --serve   build and keep serving the dev page for a browser
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { launch, openPanel, startServer, ROOT } = require('./webview/harness');

const OUT = path.join(ROOT, '.vscode-test', 'screenshots');

async function ready(page) {
  await page.waitForFunction(() => window.__timeslice && window.__timeslice.ready);
}

async function shot(page, name, options = {}) {
  const file = path.join(OUT, `webview-${name}.png`);
  await page.screenshot({
    path: file,
    fullPage: options.fullPage !== false,
    ...(options.clip ? { clip: options.clip, fullPage: false } : {}),
  });
  console.log(`  ${path.relative(ROOT, file)}`);
}

async function panel(browser, origin, demo, theme, options = {}) {
  const opened = await openPanel(browser, origin, { demo, theme, ...options });
  await ready(opened.page);
  return opened;
}

async function report(name, { page, errors }) {
  const violations = await page.evaluate(() => window.__cspViolations);
  for (const v of violations) console.log(`  ! ${name}: CSP ${v}`);
  for (const e of errors) console.log(`  ! ${name}: ${e}`);
}

async function main() {
  if (spawnSync('node', ['esbuild.js'], { cwd: ROOT, stdio: 'inherit' }).status !== 0) {
    process.exitCode = 1;
    return;
  }
  if (process.argv.includes('--serve')) {
    const { origin } = await startServer(Number(process.env.PORT || 0));
    console.log(
      `Dev page: ${origin}/?demo=application&theme=dark (demo: application|host|breakdown|explorer; theme: dark|light|hc; tz=utc)`,
    );
    return;
  }
  fs.mkdirSync(OUT, { recursive: true });
  const { server, origin } = await startServer();
  const browser = await launch();
  try {
    for (const theme of ['dark', 'light', 'hc']) {
      console.log(`${theme}:`);
      const app = await panel(browser, origin, 'application', theme);
      await shot(app.page, `application-${theme}`);
      // Tooltip over the response-time chart.
      const canvas = app.page.locator('canvas').first();
      const box = await canvas.boundingBox();
      await app.page.mouse.move(box.x + box.width * 0.7, box.y + box.height / 2);
      await app.page.waitForTimeout(100);
      await shot(app.page, `tooltip-${theme}`, {
        clip: { x: box.x - 20, y: box.y - 40, width: box.width + 40, height: box.height + 90 },
      });
      await report('application', app);
      await app.page.close();

      const host = await panel(browser, origin, 'host', theme, { tz: 'utc' });
      await shot(host.page, `host-${theme}`);
      await host.page.getByRole('button', { name: 'Table' }).click();
      await host.page.waitForSelector('table');
      await shot(host.page, `table-${theme}`, { fullPage: false });
      await report('host', host);
      await host.page.close();

      const breakdown = await panel(browser, origin, 'breakdown', theme);
      await shot(breakdown.page, `breakdown-${theme}`);
      await report('breakdown', breakdown);
      await breakdown.page.close();

      const explorer = await panel(browser, origin, 'explorer', theme);
      await explorer.page.waitForFunction(() => document.querySelectorAll('.explorer vscode-checkbox').length > 3);
      await shot(explorer.page, `explorer-${theme}`);
      await report('explorer', explorer);
      await explorer.page.close();
    }

    console.log('states (dark):');
    const states = await panel(browser, origin, 'application', 'dark');
    const { page } = states;
    await page.evaluate(() => window.__devPost({ type: 'loading' }));
    await shot(page, 'loading', { fullPage: false });
    await page.evaluate(() =>
      window.__devPost({
        type: 'error',
        message: 'The service answered 429 Too Many Requests. Try again in a minute.',
        retryable: true,
      }),
    );
    await shot(page, 'error', { fullPage: false });
    // Keyboard: from the top, Tab to the third control and show its focus ring.
    await page.evaluate(() => document.activeElement && document.activeElement.blur());
    for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
    await shot(page, 'focus', { clip: { x: 0, y: 0, width: 1280, height: 220 } });
    // Custom range with an invalid span.
    await page.evaluate(() =>
      window.__devPost({
        type: 'init',
        state: {
          ...window.__savedState,
          range: {
            preset: 'custom',
            from: '2026-01-05T12:00:00.000Z',
            to: '2026-01-05T12:00:30.000Z',
            compare: 'none',
          },
        },
        timeZone: 'utc',
      }),
    );
    await page.getByRole('button', { name: 'Apply' }).click();
    await shot(page, 'custom-range', { clip: { x: 0, y: 0, width: 1280, height: 300 } });
    // Theme switch without refetching: only the body class and variables change.
    const posted = await page.evaluate(() => window.__posted.length);
    await page.evaluate(() => window.__devSetTheme('light'));
    await page.waitForTimeout(100);
    await shot(page, 'theme-switched-to-light', { fullPage: false });
    const after = await page.evaluate(() => window.__posted.slice(-1)[0]);
    console.log(
      `  theme switch posted ${(await page.evaluate(() => window.__posted.length)) - posted} message(s)${after ? ` (last: ${after.type})` : ''}`,
    );
    await report('states', states);
    await page.close();
  } finally {
    await browser.close();
    server.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
