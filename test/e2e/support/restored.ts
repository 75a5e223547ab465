import type { Page } from 'playwright-core';

/**
 * Waits until VS Code has restored the window's layout: it marks `code/didStartWorkbench` then (or
 * after 2 s of restoring). Before that the side bar may still open or close by itself, so a click on
 * an activity-bar entry can be undone, and a key can reach a part that is not there yet.
 */
export async function whenWorkbenchRestored(page: Page, timeoutMs = 60_000): Promise<void> {
  await page.waitForFunction('performance.getEntriesByName("code/didStartWorkbench").length > 0', undefined, {
    timeout: timeoutMs,
  });
}
