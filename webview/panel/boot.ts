/**
 * The panel page's first script (src/panels/html.ts): holds the extension's messages until the panel
 * bundle, the page's last script, takes them, and says 'ready' with the plot width. Written into the
 * page, it runs before VS Code hands the page what the extension posted before 'ready'.
 */
import type { VsCodeApi } from '../shared/messaging';

declare function acquireVsCodeApi(): VsCodeApi;

/** What this script leaves for the panel bundle (webview/panel/main.ts). */
export interface PanelBoot {
  /** The page's one VS Code API object (`acquireVsCodeApi` may be called once per page). */
  api: VsCodeApi;
  /** Stops holding messages and returns those that came meanwhile, oldest first. */
  release(): unknown[];
}

declare global {
  interface Window {
    timeslicePanelBoot?: PanelBoot;
  }
}

// When the page's own code first runs (the bench's click-to-chart splits VS Code's part from ours here).
performance.mark('timeslice:boot');
const api = acquireVsCodeApi();
const held: unknown[] = [];
const hold = (event: MessageEvent<unknown>) => {
  if (__TIMESLICE_TEST__ && held.length === 0) {
    performance.mark('timeslice:held');
  }
  held.push(event.data);
};
window.addEventListener('message', hold);
if (__TIMESLICE_TEST__) {
  // VS Code holds the extension's messages for a new page until its load event (or 200 ms after it wrote the page).
  window.addEventListener('load', () => performance.mark('timeslice:load'));
}
window.timeslicePanelBoot = {
  api,
  release() {
    window.removeEventListener('message', hold);
    return held.splice(0);
  },
};
// The widest a plot can be (the page's width: this runs in the head, before the body and the
// stylesheet): the extension thins the first data to fit it.
const plotWidth = Math.round(document.documentElement.clientWidth);
api.postMessage({ type: 'ready', ...(plotWidth > 0 ? { plotWidth } : {}) });
