/**
 * The panel's third script (dist/webview/panelComponents.js): the @vscode-elements components it uses
 * (imported one by one, so it carries only these) with Lit. The first chart needs none of them, so they
 * are neither fetched nor parsed before it (webview/shared/elements.ts loads this file after it).
 */
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-checkbox/index.js';
import '@vscode-elements/elements/dist/vscode-progress-ring/index.js';
import '@vscode-elements/elements/dist/vscode-textfield/index.js';
