#!/usr/bin/env node
// Renders media/icon.png (128×128, the marketplace icon) from the activity-bar glyph in
// media/timeslice.svg, in headless Chromium, so the two never drift apart. Run after changing the glyph:
//   node scripts/makeIcon.js
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { chromium } = require('playwright-core');

const ROOT = path.join(__dirname, '..');

async function main() {
  const glyph = fs
    .readFileSync(path.join(ROOT, 'media', 'timeslice.svg'), 'utf8')
    .replace('width="24" height="24"', 'width="92" height="92"')
    .replace('stroke="currentColor"', 'stroke="#7fd4ff"');
  const html = `<!DOCTYPE html><html><body style="margin:0;background:transparent">
    <div style="width:128px;height:128px;border-radius:24px;background:linear-gradient(160deg,#27304a,#141826);display:flex;align-items:center;justify-content:center">${glyph}</div>
  </body></html>`;
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 128, height: 128 } });
    await page.setContent(html);
    await page.screenshot({
      path: path.join(ROOT, 'media', 'icon.png'),
      omitBackground: true,
      clip: { x: 0, y: 0, width: 128, height: 128 },
    });
  } finally {
    await browser.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
