import type { Locator, Page } from 'playwright-core';

import { whenWorkbenchRestored } from '../restored';
import { exactly } from '../text';

/** The quick input: the command palette, and the input boxes and quick picks extensions show. */
export class QuickInput {
  constructor(private readonly page: Page) {}

  get widget(): Locator {
    return this.page.locator('.quick-input-widget');
  }

  get input(): Locator {
    return this.widget.locator('.quick-input-box input');
  }

  /** The rendered items of the list under the input. */
  get items(): Locator {
    return this.widget.locator('.quick-input-list .monaco-list-row');
  }

  /** The line under the input box: an input box's prompt, or its validation message. */
  get message(): Locator {
    return this.widget.locator('.quick-input-message');
  }

  /**
   * Opens the command palette. F1 reaches the workbench only when focus is in it, so click the
   * editor area first (keyboard shortcuts of the browser itself, like Ctrl+Shift+P, may win otherwise).
   */
  async openCommandPalette(): Promise<void> {
    await whenWorkbenchRestored(this.page);
    // A webview panel lies over the editor area and would take the click (and the key): then use
    // the side bar's title, which does nothing when clicked.
    const sidebarTitle = this.page.locator('.part.sidebar .composite.title');
    if (await sidebarTitle.isVisible()) {
      await sidebarTitle.click();
    } else {
      await this.page.locator('.part.editor').click({ position: { x: 200, y: 200 } });
    }
    await this.page.keyboard.press('F1');
    await this.waitForOpen();
  }

  /** Runs a command by its title as the palette shows it, e.g. "Timeslice: Start Demo". */
  async runCommand(title: string): Promise<void> {
    await this.openCommandPalette();
    await this.input.fill(`>${title}`);
    await this.pick(title);
  }

  /** Clicks the item whose label is exactly `label`. */
  async pick(label: string, timeoutMs = 15_000): Promise<void> {
    const item = this.items.filter({ has: this.page.locator('.label-name', { hasText: exactly(label) }) }).first();
    await item.waitFor({ state: 'visible', timeout: timeoutMs });
    await item.click();
  }

  /**
   * Keyboard only: types `text`, waits until the focused item is exactly `label`, presses Enter.
   * With `title`, first waits for the quick input showing that title (e.g. an extension's pick that
   * opens after the palette closed).
   */
  async choose(
    text: string,
    label: string,
    { title, timeoutMs = 15_000 }: { title?: string; timeoutMs?: number } = {},
  ): Promise<void> {
    if (title) {
      await this.widget
        .locator('.quick-input-title', { hasText: exactly(title) })
        .waitFor({ state: 'visible', timeout: timeoutMs });
    }
    await this.waitForOpen(timeoutMs);
    await this.input.fill(text);
    const focused = this.items
      .and(this.page.locator('.focused'))
      .filter({ has: this.page.locator('.label-name', { hasText: exactly(label) }) });
    await focused.waitFor({ state: 'visible', timeout: timeoutMs });
    await this.input.press('Enter');
  }

  /** Waits until the highlighted item of the list is exactly `label` (without pressing anything). */
  async waitForFocused(label: string, timeoutMs = 15_000): Promise<void> {
    const focused = this.items
      .and(this.page.locator('.focused'))
      .filter({ has: this.page.locator('.label-name', { hasText: exactly(label) }) });
    await focused.waitFor({ state: 'visible', timeout: timeoutMs });
  }

  /**
   * Replaces the text of the step titled exactly `step`. The step is waited for by its title: an
   * extension's steps share one widget, so after a pick or Enter the answered step stays up (busy)
   * until the next one replaces it, and text typed meanwhile would go to the answered step.
   */
  async type(step: string, text: string, timeoutMs = 15_000): Promise<void> {
    await this.widget
      .locator('.quick-input-title', { hasText: exactly(step) })
      .waitFor({ state: 'visible', timeout: timeoutMs });
    await this.input.fill(text);
  }

  async enter(): Promise<void> {
    await this.input.press('Enter');
  }

  async escape(): Promise<void> {
    await this.input.press('Escape');
  }

  async waitForOpen(timeoutMs = 15_000): Promise<void> {
    await this.widget.waitFor({ state: 'visible', timeout: timeoutMs });
  }

  async waitForClosed(timeoutMs = 15_000): Promise<void> {
    await this.widget.waitFor({ state: 'hidden', timeout: timeoutMs });
  }
}
