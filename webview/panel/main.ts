/**
 * Entry of the chart panel bundle (dist/webview/panel.js), one bundle for every panel kind: the
 * kind arrives in the 'init' message's state.
 */
import * as l10n from '@vscode/l10n';

import { createMessaging } from '../shared/messaging';
import { initialPlotWidth, PanelApp } from './panelApp';

const root = document.getElementById('app') ?? document.body.appendChild(document.createElement('div'));
const messaging = createMessaging();
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
// With the plot width, so the extension thins the first data to fit it.
const plotWidth = initialPlotWidth(root);
messaging.post({ type: 'ready', ...(plotWidth > 0 ? { plotWidth } : {}) });
