// No data goes in here: everything arrives by postMessage. The first script comes ahead of the stylesheet.
import { randomBytes } from 'node:crypto';

/** Test builds log this when a panel's page is written: the click-to-chart bench times the extension's part by it. */
export const PAGE_WRITTEN_LINE = 'panel page written';

/** The page's files, as text to write into the page (src/panels/panelPage.ts). */
export interface PanelPageText {
  boot: string;
  /** The bundle; without it the page fetches the bundle's file. */
  script?: string;
  style: string;
}

export interface InlinePage extends PanelPageText {
  componentsUri: string;
}

export interface PanelHtmlInput {
  cspSource: string;
  nonce: string;
  bootUri: string;
  scriptUri: string;
  styleUri: string;
  inline?: InlinePage;
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

/** The HTML parser ends an element at `</script` or `</style`, and reads `<!--` and `<script` in a script specially. */
export function isInlineSafe(text: string): boolean {
  return !/<\/script|<\/style|<!--|<script/i.test(text);
}

function pageFiles(input: PanelHtmlInput): { head: string; body: string } {
  const { nonce, inline } = input;
  if (!inline) {
    return {
      head:
        `<script nonce="${nonce}" src="${escapeAttribute(input.bootUri)}"></script>\n` +
        `<link rel="stylesheet" href="${escapeAttribute(input.styleUri)}">`,
      body: `<script nonce="${nonce}" src="${escapeAttribute(input.scriptUri)}"></script>`,
    };
  }
  // sourceURL names each script in the developer tools as the file it came from (and finds its map).
  const named = (text: string, uri: string) => `${text}\n//# sourceURL=${uri}\n`;
  const boot = named(inline.boot, input.bootUri);
  const script = inline.script === undefined ? '' : named(inline.script, input.scriptUri);
  if (![boot, script, inline.style].every(isInlineSafe) || /[\r\n]/.test(input.bootUri + input.scriptUri)) {
    throw new Error('The panel files cannot be written into the page.');
  }
  return {
    head: `<script nonce="${nonce}">${boot}</script>\n<style nonce="${nonce}">${inline.style}</style>`,
    body: script
      ? `<script nonce="${nonce}" data-components="${escapeAttribute(inline.componentsUri)}">${script}</script>`
      : `<script nonce="${nonce}" src="${escapeAttribute(input.scriptUri)}"></script>`,
  };
}

export function renderPanelHtml(input: PanelHtmlInput): string {
  const { cspSource, nonce, title } = input;
  const lang = input.lang && /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/.test(input.lang) ? input.lang : 'en';
  if (!/^[A-Za-z0-9]{16,}$/.test(nonce)) {
    throw new Error('A nonce must be at least 16 letters and digits.');
  }
  const csp = [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    input.inline ? `style-src ${cspSource} 'nonce-${nonce}'` : `style-src ${cspSource}`,
    `img-src ${cspSource} data:`,
    `font-src ${cspSource}`,
  ].join('; ');
  const files = pageFiles(input);
  return `<!DOCTYPE html>
<html lang="${lang}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
${files.head}
<title>${escapeAttribute(title)}</title>
</head>
<body>
<div id="app" aria-live="polite"></div>
${files.body}
</body>
</html>
`;
}
