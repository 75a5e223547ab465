// No script at all, every text escaped (foreign text is never HTML), so the CSP allows only our stylesheet.
// Its only links are command links to a changed method (src/impact/changedMethodLink.ts).
import * as l10n from '@vscode/l10n';

import { changedMethodUri } from '../impact/changedMethodLink';
import type { CodeLineView, ImpactRowView, ImpactViewModel } from '../impact/impactView';
import { COMMAND } from '../constants';

export interface ImpactPageInput {
  cspSource: string;
  styleUri: string;
  lang?: string;
}

export type ImpactPageBody =
  | { kind: 'loading'; title: string }
  | { kind: 'error'; title: string; message: string }
  | { kind: 'view'; model: ImpactViewModel };

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

const e = escapeHtml;

/** A method's line, a link to it when it is still in the newer side (the only command the page may run). */
function codeLine(c: CodeLineView): string {
  return c.link
    ? `<li><a href="${e(changedMethodUri(COMMAND.openChangedMethod, c.link))}">${e(c.text)}</a></li>`
    : `<li>${e(c.text)}</li>`;
}

function row(r: ImpactRowView, rank: number, withCode: boolean): string {
  const list = (items: string[]) => `<ul>${items.map((i) => `<li>${e(i)}</li>`).join('')}</ul>`;
  return `<tr class="status-${e(r.status)}">
<td class="rank">${rank}</td>
<th scope="row" class="name">${e(r.name)}</th>
<td><span class="badge">${e(r.statusLabel)}</span></td>
<td>${e(r.before)}</td>
<td>${e(r.after)}</td>
<td>${list(r.changes)}</td>
<td>${list(r.evidence)}</td>${withCode ? `\n<td class="code">${r.code ? `<ul>${r.code.map(codeLine).join('')}</ul>` : ''}</td>` : ''}
</tr>`;
}

function viewBody(m: ImpactViewModel): string {
  const parts = [
    `<h1>${e(m.heading)}</h1>`,
    `<ul class="facts">${m.facts.map((f) => `<li>${e(f)}</li>`).join('')}</ul>`,
  ];
  if (m.verdict) {
    const rests =
      m.verdict.restsOn.length > 0
        ? `<p class="rests">${e(l10n.t('Rests on: {0}', m.verdict.restsOn.slice(0, 10).join(', ')))}${
            m.verdict.restsOn.length > 10 ? e(l10n.t(' and {0} more', m.verdict.restsOn.length - 10)) : ''
          }</p>`
        : '';
    parts.push(
      `<section class="verdict verdict-${e(m.verdict.verdict)}" aria-label="${e(l10n.t('Verdict'))}">` +
        `<h2>${e(m.verdict.label)}</h2><p>${e(m.verdict.message)}</p>${rests}</section>`,
    );
  }
  if (m.windows) {
    parts.push(`<p class="windows">${e(m.windows)}</p>`);
  }
  if (m.note) {
    parts.push(`<p class="note">${e(m.note)}</p>`);
  }
  if (m.rows.length > 0) {
    const heads = [
      '#',
      l10n.t('Transaction'),
      l10n.t('Status'),
      l10n.t('Before'),
      l10n.t('After'),
      l10n.t('Change'),
      l10n.t('Thresholds'),
      ...(m.code ? [l10n.t('Code in the range')] : []),
    ];
    parts.push(
      `<table><caption>${e(l10n.t('Transactions ranked by how much they moved'))}</caption>` +
        `<thead><tr>${heads.map((h) => `<th scope="col">${e(h)}</th>`).join('')}</tr></thead>` +
        `<tbody>${m.rows.map((r, i) => row(r, i + 1, m.code !== undefined)).join('\n')}</tbody></table>`,
    );
  }
  if (m.code) {
    parts.push(`<section class="code" aria-label="${e(l10n.t('Code in the range'))}">`);
    parts.push(...m.code.notes.map((n) => `<p>${e(n)}</p>`));
    if (m.code.elsewhere.length > 0) {
      parts.push(`<h2>${e(l10n.t('Changed elsewhere'))}</h2>`);
      parts.push(`<ul>${m.code.elsewhere.map((f) => `<li>${e(f)}</li>`).join('')}</ul>`);
    }
    parts.push('</section>');
  }
  return parts.join('\n');
}

export function renderImpactPage(input: ImpactPageInput, body: ImpactPageBody): string {
  const lang = input.lang && /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/.test(input.lang) ? input.lang : 'en';
  const csp = `default-src 'none'; style-src ${input.cspSource}`;
  const title = body.kind === 'view' ? body.model.title : body.title;
  const main =
    body.kind === 'loading'
      ? `<h1>${e(body.title)}</h1><p class="loading" role="status">${e(l10n.t('Loading the two windows…'))}</p>`
      : body.kind === 'error'
        ? `<h1>${e(body.title)}</h1><p class="error" role="alert">${e(body.message)}</p>`
        : viewBody(body.model);
  return `<!DOCTYPE html>
<html lang="${lang}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp.replace(/[&<>"]/g, (c) => ENTITIES[c])}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${e(input.styleUri)}">
<title>${e(title)}</title>
</head>
<body>
<main class="impact" aria-live="polite">
${main}
</main>
</body>
</html>
`;
}
