import type { Locator, Page } from 'playwright-core';

import { exactly } from '../text';

/** Notification toasts (showInformationMessage, showErrorMessage, ... and progress notifications). */
export class Notifications {
  constructor(private readonly page: Page) {}

  get toasts(): Locator {
    return this.page.locator('.notifications-toasts .notification-toast');
  }

  /** The toast whose message contains `text`. */
  toast(text: string | RegExp): Locator {
    return this.toasts.filter({ has: this.page.locator('.notification-list-item-message', { hasText: text }) }).first();
  }

  async waitFor(text: string | RegExp, timeoutMs = 15_000): Promise<Locator> {
    const toast = this.toast(text);
    await toast.waitFor({ state: 'visible', timeout: timeoutMs });
    return toast;
  }

  /** The messages of the visible toasts. */
  async messages(): Promise<string[]> {
    return this.toasts.locator('.notification-list-item-message').allInnerTexts();
  }

  /** Clicks a button (e.g. "Show Log") on the toast whose message contains `text`. */
  async clickButton(text: string | RegExp, button: string): Promise<void> {
    const toast = await this.waitFor(text);
    await toast
      .locator('.notification-list-item-buttons-container .monaco-button', { hasText: exactly(button) })
      .click();
  }

  /** Closes every visible toast (a toast shows its close button only while hovered). */
  async dismissAll(timeoutMs = 15_000): Promise<void> {
    const end = Date.now() + timeoutMs;
    while ((await this.toasts.count()) > 0) {
      if (Date.now() > end) {
        throw new Error(`notifications still shown after ${timeoutMs} ms: ${(await this.messages()).join(' | ')}`);
      }
      const toast = this.toasts.first();
      await toast.hover();
      await toast.locator('.action-label.codicon-notifications-clear').click();
      await toast.waitFor({ state: 'detached', timeout: 5_000 }).catch(() => {});
    }
  }
}
