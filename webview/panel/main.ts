/**
 * Entry of the chart panel bundle (dist/webview/panel.js), one bundle for every panel kind: the
 * kind arrives in the 'init' message's state.
 */
import * as l10n from '@vscode/l10n';

import { createMessaging } from '../shared/messaging';
import type * as PanelAppModule from './panelApp';

declare function require(id: './panelApp'): typeof PanelAppModule;

const root = document.getElementById('app') ?? document.body.appendChild(document.createElement('div'));
const messaging = createMessaging();
// 'ready' first, with the plot width (the widest a plot can be, so the extension thins the first
// data to fit it), before the panel's own code (Chart.js, the components) is evaluated: the extension
// posts what it has while this page evaluates the rest, and the data is here when the panel is.
const plotWidth = Math.round(root.clientWidth || document.documentElement.clientWidth);
messaging.post({ type: 'ready', ...(plotWidth > 0 ? { plotWidth } : {}) });
// A require, not an import: esbuild evaluates the module (and what it imports) here, after 'ready'.
const { PanelApp } = require('./panelApp');
// The translations come with the first 'init', which the extension sends after 'ready'. The panel is
// built only then, because its views write their fixed labels when they are constructed.
const stop = messaging.onMessage((message) => {
  if (message.type === 'init') {
    stop();
    if (message.l10n && Object.keys(message.l10n).length > 0) {
      l10n.config({ contents: message.l10n });
    }
    new PanelApp(root, messaging).start(message);
  }
});
