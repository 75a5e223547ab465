/**
 * Entry of the chart panel bundle (dist/webview/panel.js), one bundle for every panel kind: the
 * kind arrives in the 'init' message's state.
 */
import { createMessaging } from '../shared/messaging';
import { PanelApp } from './panelApp';

const root = document.getElementById('app') ?? document.body.appendChild(document.createElement('div'));
new PanelApp(root, createMessaging()).start();
