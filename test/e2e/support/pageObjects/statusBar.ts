import type { Locator, Page } from 'playwright-core';

/** The status bar at the bottom of the workbench. */
export class StatusBar {
  constructor(private readonly page: Page) {}

  get items(): Locator {
    return this.page.locator('.part.statusbar .statusbar-item');
  }

  /** The item whose text contains `text` (a string or a pattern). */
  item(text: string | RegExp): Locator {
    return this.items.filter({ hasText: text }).first();
  }

  async waitForItem(text: string | RegExp, timeoutMs = 15_000): Promise<Locator> {
    const item = this.item(text);
    await item.waitFor({ state: 'visible', timeout: timeoutMs });
    return item;
  }

  /** The texts of the visible items, left to right. */
  async texts(): Promise<string[]> {
    return (await this.items.allInnerTexts()).map((t) => t.trim()).filter((t) => t.length > 0);
  }

  /** The item's accessible label: its accessibilityInformation label, or else its text. */
  async ariaLabel(text: string | RegExp): Promise<string | null> {
    return this.item(text).locator('.statusbar-item-label').getAttribute('aria-label');
  }

  async click(text: string | RegExp): Promise<void> {
    await (await this.waitForItem(text)).click();
  }
}
