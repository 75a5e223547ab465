/** The Errors group of an application's tree row and the error panel's stack, as the errors UI tests read them. */
import type { Frame } from 'playwright-core';

import type { Workbench } from './workbench';

/** Expands `app` and its Errors group; returns the group's label and its first class row's label. */
export async function openErrorsGroup(wb: Workbench, app: string): Promise<{ group: string; first: string }> {
  // The activity bar's hover, left by opening the view, lies over the rows until the mouse leaves.
  await wb.page.mouse.move(700, 450);
  await wb.sidebar.expand(app);
  const groupRow = wb.sidebar.rows.filter({ has: wb.page.locator('.label-name', { hasText: /^Errors \(\d+\)$/ }) });
  await groupRow.first().waitFor({ timeout: 30_000 });
  const group = (await groupRow.first().locator('.label-name').innerText()).trim();
  await wb.sidebar.expand(group);
  const labels = await wb.sidebar.rowLabels();
  return { group, first: labels[labels.indexOf(group) + 1] };
}

/** The frames the error panel lists: text, and whether each is a link (an in-app frame the folder has). */
export async function stackFrames(frame: Frame): Promise<Array<{ link: boolean; library: boolean; where: string }>> {
  return frame.evaluate(() => {
    interface El {
      classList: { contains(c: string): boolean };
      querySelector(s: string): { textContent: string | null } | null;
    }
    const d = (globalThis as unknown as { document: { querySelectorAll(s: string): Iterable<El> } }).document;
    return [...d.querySelectorAll('.stack li.frame')].map((li) => ({
      link: li.querySelector('button.frame-link') !== null,
      library: li.classList.contains('frame-library'),
      where: li.querySelector('.frame-where')?.textContent ?? '',
    }));
  });
}
