import * as assert from 'node:assert/strict';

import { screenshot, startWorkbench, type Theme, type Workbench } from './support/workbench';

const THEMES: Array<{ theme: Theme; slug: string; themeClass: string }> = [
  { theme: 'Default Dark Modern', slug: 'dark', themeClass: 'vs-dark' },
  { theme: 'Default Light Modern', slug: 'light', themeClass: 'vs' },
];

for (const { theme, slug, themeClass } of THEMES) {
  describe(`activity bar (${theme})`, () => {
    let wb: Workbench;

    before(async () => {
      wb = await startWorkbench({ theme });
    });

    after(async () => {
      await wb?.close();
    });

    it('loads the workbench in the theme', async () => {
      // VS Code marks the workbench with the theme's base: `vs-dark` or `vs` (light).
      await wb.page.locator(`.monaco-workbench.${themeClass}`).waitFor({ timeout: 30_000 });
      await wb.sidebar.activityBarEntry.waitFor({ state: 'visible', timeout: 30_000 });
      await screenshot(wb.page, `activityBar-${slug}-workbench`);
    });

    it('has a Timeslice entry that shows the Applications view', async () => {
      await wb.sidebar.open();
      assert.match(await wb.sidebar.title.innerText(), /timeslice: applications/i);
      // No key and no demo yet: the view shows its welcome content.
      await wb.sidebar.welcomeButton('Set API Key').waitFor({ state: 'visible' });
      await wb.sidebar.welcomeButton('Try the Demo').waitFor({ state: 'visible' });
      await screenshot(wb.page, `activityBar-${slug}-applications`);
    });
  });
}
