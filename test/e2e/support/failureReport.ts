/**
 * What a failed UI test leaves to read: a picture of every window of its browser (a test may have opened
 * a second one) and the tail of every window's Timeslice log and extension-host log. CI keeps only the
 * printed output, so the logs are printed, not only saved.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { screenshot, type Workbench } from './workbench';

/** Lines printed of each log: its first (the window's start) and its last (what it did at the end). */
const LOG_HEAD_LINES = 20;
const LOG_TAIL_LINES = 30;
/** A request's line can be kilobytes of query string: its start says which request it was. */
const LOG_LINE_CHARS = 240;
/** The logs that say what a window's extension host did. */
const LOG_NAMES = ['Timeslice.log', 'remoteexthost.log', 'exthost.log'];

/** The first and last lines of `text`, each cut short, with a line saying how many were left out. */
export function logExcerpt(text: string): string[] {
  const lines = text.trimEnd().split('\n');
  const cut = (line: string): string => (line.length > LOG_LINE_CHARS ? `${line.slice(0, LOG_LINE_CHARS)}…` : line);
  if (lines.length <= LOG_HEAD_LINES + LOG_TAIL_LINES) {
    return lines.map(cut);
  }
  const skipped = lines.length - LOG_HEAD_LINES - LOG_TAIL_LINES;
  return [...lines.slice(0, LOG_HEAD_LINES).map(cut), `… ${skipped} lines …`, ...lines.slice(-LOG_TAIL_LINES).map(cut)];
}

function logFiles(dir: string): string[] {
  const found: string[] = [];
  const walk = (d: string): void => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, entry.name);
      if (entry.isDirectory()) {
        walk(p);
      } else if (LOG_NAMES.includes(entry.name)) {
        found.push(p);
      }
    }
  };
  if (fs.existsSync(dir)) {
    walk(dir);
  }
  return found.sort();
}

/** Pictures of every page of `wb`'s browser, named after `slug`; the paths saved. */
async function pictures(wb: Workbench, slug: string): Promise<string[]> {
  const pages = wb.browser.contexts().flatMap((c) => c.pages());
  const saved: string[] = [];
  for (const [i, page] of pages.entries()) {
    try {
      saved.push(await screenshot(page, pages.length > 1 ? `${slug}-window-${i + 1}` : slug));
    } catch {
      // A page closed or crashed: the other pictures and the logs still say something.
    }
  }
  return saved;
}

/** Prints what `wb` shows and logged; `slug` names the pictures. */
export async function reportFailure(wb: Workbench, slug: string): Promise<void> {
  for (const file of await pictures(wb, slug)) {
    console.log(`      screenshot of the failure: ${file}`);
  }
  const logsDir = path.join(wb.server.userDataDir, 'logs');
  for (const file of logFiles(logsDir)) {
    console.log(`      --- ${path.relative(logsDir, file)} ---`);
    for (const line of logExcerpt(fs.readFileSync(file, 'utf8'))) {
      console.log(`      ${line}`);
    }
  }
}
