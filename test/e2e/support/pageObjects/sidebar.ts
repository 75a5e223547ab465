import type { Locator, Page } from 'playwright-core';

import { whenWorkbenchRestored } from '../restored';
import { exactly } from '../text';

/** The Timeslice view container in the side bar: its activity-bar entry, the Applications tree, the welcome view. */
export class Sidebar {
  constructor(
    private readonly page: Page,
    private readonly containerTitle = 'Timeslice',
    private readonly viewName = 'Applications',
  ) {}

  /** The activity-bar entry (its aria-label is the title, plus a badge count when there is one). */
  get activityBarEntry(): Locator {
    return this.page.locator(`.activitybar .action-label[aria-label^="${this.containerTitle}"]`).first();
  }

  /** The side bar's title, e.g. "Timeslice: Applications" (shown in capitals by CSS). */
  get title(): Locator {
    return this.page.locator('.part.sidebar .composite.title .title-label h2');
  }

  /**
   * The view's pane. Its header is found even when VS Code hides it because the view is alone in
   * its container (the side bar's title then shows the view's name). A prefix match: the extension
   * may add to the header (its description, e.g. "demo").
   */
  get view(): Locator {
    return this.page.locator('.part.sidebar .pane', {
      has: this.page.locator(`.pane-header[aria-label^="${this.viewName}"]`),
    });
  }

  /** Rows of the tree that are rendered: the list is virtual, so rows scrolled out of view are not. */
  get rows(): Locator {
    return this.view.locator('.monaco-list-row');
  }

  /**
   * Opens the container: one click on its entry when it is not the side bar's current one (a click on
   * an open entry would close the side bar), then waits for the view's body.
   */
  async open(timeoutMs = 30_000): Promise<void> {
    await this.activityBarEntry.waitFor({ state: 'visible', timeout: timeoutMs });
    // Just after a start or a reload the layout is still being restored (see whenWorkbenchRestored).
    await whenWorkbenchRestored(this.page, timeoutMs);
    if (!(await this.view.locator('.pane-body').isVisible()) && !(await this.isOpen())) {
      await this.activityBarEntry.click();
    }
    await this.view.locator('.pane-body').waitFor({ state: 'visible', timeout: timeoutMs });
  }

  /** True when the container is the side bar's current one (its activity-bar entry is checked). */
  async isOpen(): Promise<boolean> {
    const item = this.activityBarEntry.locator('xpath=..');
    return ((await item.getAttribute('class')) ?? '').split(' ').includes('checked');
  }

  /** Waits until the tree shows at least `count` rows. */
  async waitForRows(count = 1, timeoutMs = 30_000): Promise<void> {
    await this.rows.nth(count - 1).waitFor({ state: 'visible', timeout: timeoutMs });
  }

  /** The labels (without descriptions) of the rendered rows, top to bottom. */
  async rowLabels(): Promise<string[]> {
    // Sorted by the list's index: the list reuses row elements, so their DOM order can differ.
    const rows = await this.rows.evaluateAll((elements) =>
      elements.map((e) => ({
        index: Number(e.getAttribute('data-index')),
        label: e.querySelector('.label-name')?.textContent ?? '',
      })),
    );
    return rows.sort((a, b) => a.index - b.index).map((r) => r.label);
  }

  /** The row whose label is exactly `label`. */
  row(label: string): Locator {
    return this.rows.filter({ has: this.page.locator('.label-name', { hasText: exactly(label) }) }).first();
  }

  /**
   * Expands the row labelled `label` (no-op when it is already expanded) and, unless `children` is
   * false, waits until its first child is shown: the tree loads children lazily, after the twistie turns
   * (an application's groups wait for several requests: 30 s covers a loaded 2-core machine).
   */
  async expand(label: string, { children = true, timeoutMs = 30_000 } = {}): Promise<void> {
    const row = this.row(label);
    await row.waitFor({ state: 'visible', timeout: timeoutMs });
    if ((await row.getAttribute('aria-expanded')) === 'false') {
      // The twistie, not the row: a click on the row runs the item's command when it has one.
      await row.locator('.monaco-tl-twistie').click();
    }
    // A locator, not an element handle: the list may re-render the row while it expands.
    const expanded = this.rows
      .and(this.page.locator('[aria-expanded="true"]'))
      .filter({ has: this.page.locator('.label-name', { hasText: exactly(label) }) })
      .first();
    await expanded.waitFor({ state: 'visible', timeout: timeoutMs });
    if (children) {
      const index = Number(await expanded.getAttribute('data-index'));
      const level = Number(await expanded.getAttribute('aria-level'));
      await this.view
        .locator(`.monaco-list-row[data-index="${index + 1}"][aria-level="${level + 1}"]`)
        .waitFor({ state: 'visible', timeout: timeoutMs });
    }
  }

  /** The welcome view's buttons (the viewsWelcome `[text](command:…)` links). */
  welcomeButton(text: string): Locator {
    return this.view.locator('.welcome-view-content .monaco-button', { hasText: exactly(text) }).first();
  }

  async clickWelcomeButton(text: string, timeoutMs = 15_000): Promise<void> {
    const button = this.welcomeButton(text);
    await button.waitFor({ state: 'visible', timeout: timeoutMs });
    await button.click();
  }
}
