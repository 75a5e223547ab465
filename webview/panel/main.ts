/**
 * Entry of the chart panel bundle (dist/webview/panel.js), one bundle for every panel kind: the
 * kind arrives in the 'init' message's state. The page's first script (boot.ts) has already said
 * 'ready' and held what the extension sent since.
 */
import * as l10n from '@vscode/l10n';

import { locateComponents } from '../shared/elements';
import { createMessaging } from '../shared/messaging';
import type * as PanelAppModule from './panelApp';

declare function require(id: './panelApp'): typeof PanelAppModule;

if (__TIMESLICE_TEST__) {
  performance.mark('timeslice:bundle');
}
const boot = window.timeslicePanelBoot;
if (!boot) {
  throw new Error('panelBoot.js must run before panel.js');
}
locateComponents(document.currentScript);
const root = document.getElementById('app') ?? document.body.appendChild(document.createElement('div'));
const messaging = createMessaging(boot.api);
// A require, not an import: esbuild evaluates the module (and what it imports) here, when this
// script runs, which is after boot.ts said 'ready'.
const { PanelApp } = require('./panelApp');
if (__TIMESLICE_TEST__) {
  performance.mark('timeslice:modules');
}
// The translations come with the first 'init'. The panel is built only then, because its views write
// their fixed labels when they are constructed.
const stop = messaging.onMessage((message) => {
  if (message.type === 'init') {
    stop();
    if (message.l10n && Object.keys(message.l10n).length > 0) {
      l10n.config({ contents: message.l10n });
    }
    new PanelApp(root, messaging).start(message);
  }
});
// What came before this script ran, in order, through the same checks as any message.
for (const data of boot.release()) {
  window.dispatchEvent(new MessageEvent('message', { data }));
}
