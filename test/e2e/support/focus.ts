import type { Page } from 'playwright-core';

/** Waits until the keyboard focus is inside (or, with `inside: false`, outside) the first element matching `selector`. */
export async function waitForFocus(page: Page, selector: string, inside: boolean, timeoutMs = 15_000): Promise<void> {
  await page.waitForFunction(
    ({ selector, inside }) => {
      const doc = (globalThis as unknown as { document: { activeElement: { closest(s: string): unknown } | null } })
        .document;
      return Boolean(doc.activeElement?.closest(selector)) === inside;
    },
    { selector, inside },
    { timeout: timeoutMs },
  );
}
