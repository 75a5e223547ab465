/** Root hooks of the UI suite (test/e2e/run.js installs them). */
import type { Context } from 'mocha';

import { reportFailure } from './failureReport';
import { openWorkbenches } from './workbench';

export const mochaHooks = {
  /** After a failed test, pictures and logs of every open workbench (they usually say why); closes what it left open. */
  async afterEach(this: Context): Promise<void> {
    const test = this.currentTest;
    if (test?.state !== 'failed') {
      return;
    }
    const slug = test
      .fullTitle()
      .replace(/[^\w-]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 100);
    const workbenches = openWorkbenches();
    for (const [i, wb] of workbenches.entries()) {
      const name = `failed-${slug}${workbenches.length > 1 ? `-${i + 1}` : ''}`;
      try {
        await reportFailure(wb, name);
        // A menu or quick pick a failed step left open would take the next test's clicks.
        await wb.page.keyboard.press('Escape');
      } catch {
        // The page may be gone (the browser crashed): the test's own error says more.
      }
    }
  },
};
