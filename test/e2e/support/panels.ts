/** Chart panels in the workbench: finding a drawn panel's frame, opening one, reading its charts. */
import type { Frame, Page } from 'playwright-core';

import type { Workbench } from './workbench';

export type HookCharts = Array<{
  id: string;
  series: Array<{ label: string; color: string; points: Array<[number, number | null]> }>;
}>;

/**
 * The frame of the panel whose header says `kind` (e.g. "Application") and whose title is `title`,
 * once its charts are drawn. Other panels' webviews may still be in the page.
 */
export async function panelFrame(page: Page, kind: string, title: string, timeoutMs = 30_000): Promise<Frame> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    for (const frame of page.frames()) {
      const drawn = await frame
        .evaluate(
          ([k, t]) => {
            const w = globalThis as unknown as {
              __timeslice?: { ready: boolean };
              document: {
                querySelector(s: string): { textContent: string | null } | null;
                body: { innerText: string };
              };
            };
            return (
              w.__timeslice?.ready === true &&
              w.document.querySelector('h1')?.textContent === t &&
              w.document.body.innerText.toLowerCase().includes(k.toLowerCase())
            );
          },
          [kind, title] as const,
        )
        .catch(() => false);
      if (drawn) {
        return frame;
      }
    }
    if (Date.now() > end) {
      throw new Error(`no ${kind} panel for "${title}" finished drawing`);
    }
    await page.waitForTimeout(250);
  }
}

export async function chartsOf(frame: Frame): Promise<HookCharts> {
  return frame.evaluate(() =>
    (globalThis as unknown as { __timeslice: { charts(): HookCharts } }).__timeslice.charts(),
  );
}

/** By keyboard: runs a palette command that asks for an application, picks `app`, and waits for the panel. */
export async function openFromPalette(wb: Workbench, command: string, app: string, kind: string): Promise<Frame> {
  await wb.quickInput.openCommandPalette();
  await wb.quickInput.choose(`>${command}`, command);
  await wb.quickInput.choose(app, app, { title: 'Application' });
  return panelFrame(wb.page, kind, app);
}

/** Opens the panel of a tree row by clicking it once, and waits until it is drawn. */
export async function openPanelByRow(wb: Workbench, label: string, kind: string, title = label): Promise<Frame> {
  // One click, as a user gives: the view keeps its rows still while it loads (no message that comes
  // and goes above them), so a click is not lost to rows moving under the pointer.
  await wb.sidebar.row(label).locator('.label-name').click();
  return panelFrame(wb.page, kind, title, 30_000);
}

/**
 * Types `query` into the metric explorer's search and waits for the answer to it (not the first,
 * unfiltered list): the search is not pending and every listed name contains the query. A tick in a list
 * that is about to be replaced would be lost.
 */
export async function searchExplorer(page: Page, frame: Frame, query: string): Promise<void> {
  await frame.locator('vscode-textfield[type="search"]').click();
  await page.keyboard.type(query);
  await frame.waitForFunction(
    (wanted) => {
      const d = (
        globalThis as unknown as {
          document: {
            querySelector(s: string): { textContent: string | null } | null;
            querySelectorAll(s: string): ArrayLike<{ label: string }>;
          };
        }
      ).document;
      const names = Array.from(d.querySelectorAll('.explorer-groups fieldset:first-child vscode-checkbox')).map(
        (b) => b.label,
      );
      return (
        d.querySelector('.explorer-search .field-note')?.textContent !== 'Searching…' &&
        names.length > 0 &&
        names.every((n) => n.includes(wanted))
      );
    },
    query,
    { timeout: 15_000 },
  );
}

/** Runs `action` (a control changed) and waits until the panel has drawn the data it asked for. */
export async function redrawnAfter(frame: Frame, action: () => Promise<unknown>, timeoutMs = 30_000): Promise<void> {
  const renders = await frame.evaluate(
    () => (globalThis as unknown as { __timeslice: { renders: number } }).__timeslice.renders,
  );
  await action();
  await frame.waitForFunction(
    (n) => (globalThis as unknown as { __timeslice: { renders: number } }).__timeslice.renders > n,
    renders,
    { timeout: timeoutMs },
  );
}
