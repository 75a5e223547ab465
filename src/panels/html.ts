// No data goes in here: everything arrives by postMessage after 'ready'. The boot script stays a file ahead
// of the stylesheet: inlined, the 'ready' it posted was lost in 4 of 5 runs of the restore test.
import { randomBytes } from 'node:crypto';

export interface PanelHtmlInput {
  cspSource: string;
  nonce: string;
  bootUri: string;
  scriptUri: string;
  styleUri: string;
  title: string;
  /** The display language (`vscode.env.language`); English when absent or not a language tag. */
  lang?: string;
}

export function makeNonce(): string {
  return randomBytes(18)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '');
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function renderPanelHtml(input: PanelHtmlInput): string {
  const { cspSource, nonce, bootUri, scriptUri, styleUri, title } = input;
  const lang = input.lang && /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/.test(input.lang) ? input.lang : 'en';
  if (!/^[A-Za-z0-9]{16,}$/.test(nonce)) {
    throw new Error('A nonce must be at least 16 letters and digits.');
  }
  const csp = [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src ${cspSource}`,
    `img-src ${cspSource} data:`,
    `font-src ${cspSource}`,
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="${lang}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<script nonce="${nonce}" src="${escapeAttribute(bootUri)}"></script>
<link rel="stylesheet" href="${escapeAttribute(styleUri)}">
<title>${escapeAttribute(title)}</title>
</head>
<body>
<div id="app" aria-live="polite"></div>
<script nonce="${nonce}" src="${escapeAttribute(scriptUri)}"></script>
</body>
</html>
`;
}
