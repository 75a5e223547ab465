/**
 * The error part of a panel: the error panel's latest stack (the message, then each frame; an in-app
 * frame whose file the bound folder has is a button that opens its line, the others plain text; runs of
 * library frames folded into a disclosure, dimmed), or the transaction panel's error classes as a table
 * (each class a button that opens its error panel). Every class, message and frame is a text node.
 */
import * as l10n from '@vscode/l10n';

import type { ErrorClassView, ErrorFrameView, ErrorPanelData, ErrorStackView } from '../../src/panels/errorEntity';
import { h } from '../shared/dom';
import type { TimeZoneMode } from '../shared/format';
import { formatDateTime, formatValue } from '../shared/format';
import { captionedTable } from './captionedTable';

export interface ErrorViewActions {
  /** A frame's line in the bound folder, by the frame's index in the stack sent. */
  openFrame(index: number): void;
  /** The error panel of one class of the panel's transaction. */
  showError(errorClass: string): void;
}

function frameItem(frame: ErrorFrameView, index: number, actions: ErrorViewActions): HTMLLIElement {
  const code = h('code', { class: 'frame-text' }, frame.text);
  if (!frame.inApp) {
    return h('li', { class: 'frame frame-library' }, code);
  }
  if (!frame.opens) {
    return h(
      'li',
      { class: 'frame frame-app' },
      code,
      h('span', { class: 'frame-where' }, l10n.t('not in the workspace')),
    );
  }
  const button = h(
    'button',
    {
      type: 'button',
      class: 'frame-link',
      'data-frame': String(index),
      title: l10n.t('Open {0}', frame.opens),
    },
    code,
    h('span', { class: 'frame-where' }, frame.opens),
  );
  button.addEventListener('click', () => actions.openFrame(index));
  return h('li', { class: 'frame frame-app' }, button);
}

/** Frames in order; each run of library frames folded into one disclosure (keyboard: Tab, then Enter). */
function frameList(frames: readonly ErrorFrameView[], actions: ErrorViewActions): HTMLElement {
  const list = h('ol', { class: 'stack', 'aria-label': l10n.t('Stack, innermost frame first') });
  let i = 0;
  while (i < frames.length) {
    if (frames[i].inApp) {
      list.append(frameItem(frames[i], i, actions));
      i++;
      continue;
    }
    const start = i;
    while (i < frames.length && !frames[i].inApp) {
      i++;
    }
    const run = frames.slice(start, i).map((f, k) => frameItem(f, start + k, actions));
    const label = run.length === 1 ? l10n.t('1 library frame') : l10n.t('{0} library frames', run.length);
    list.append(
      h(
        'li',
        { class: 'frame-run' },
        h('details', {}, h('summary', { class: 'frame-run-label' }, label), h('ol', { class: 'stack-inner' }, ...run)),
      ),
    );
  }
  return list;
}

function stackBody(stack: ErrorStackView, actions: ErrorViewActions, tz: TimeZoneMode): HTMLElement[] {
  const when = (iso: string) =>
    iso
      ? [h('p', { class: 'chart-message' }, l10n.t('Latest occurrence: {0}', formatDateTime(Date.parse(iso), tz)))]
      : [];
  switch (stack.kind) {
    case 'stack':
      return [
        ...when(stack.occurredAt),
        h('p', { class: 'error-message' }, stack.message),
        stack.frames.length > 0
          ? frameList(stack.frames, actions)
          : h('p', { class: 'chart-message' }, l10n.t('The service kept no frames for this occurrence.')),
      ];
    case 'agedOut':
      return [
        ...when(stack.occurredAt),
        h('p', { class: 'error-message' }, stack.message),
        h('p', { class: 'chart-message' }, l10n.t('Its stack is no longer kept by the service (stacks age out).')),
      ];
    case 'none':
      return [h('p', { class: 'chart-message' }, l10n.t('No occurrence with a stack in this range.'))];
    case 'needsNerdGraph':
      return [h('p', { class: 'chart-message' }, stack.message)];
  }
}

function classesTable(rows: readonly ErrorClassView[], actions: ErrorViewActions, tz: TimeZoneMode): HTMLElement {
  const head = h(
    'tr',
    {},
    h('th', { scope: 'col' }, l10n.t('Class')),
    h('th', { scope: 'col' }, l10n.t('Message')),
    h('th', { scope: 'col', class: 'num' }, l10n.t('Count')),
    h('th', { scope: 'col' }, l10n.t('Last seen')),
  );
  const body = h('tbody', {});
  for (const row of rows) {
    const open = h('button', { type: 'button', class: 'row-action', 'data-class': row.label }, row.label);
    open.addEventListener('click', () => actions.showError(row.errorClass));
    body.append(
      h(
        'tr',
        {},
        h('th', { scope: 'row' }, open),
        h('td', { class: 'error-message-cell' }, row.message),
        h('td', { class: 'num' }, formatValue(row.count)),
        h('td', {}, row.lastSeen ? formatDateTime(Date.parse(row.lastSeen), tz) : ''),
      ),
    );
  }
  if (rows.length === 0) {
    body.append(h('tr', {}, h('td', { colspan: '4' }, l10n.t('No errors in this range.'))));
  }
  return captionedTable(l10n.t('Error classes over the whole range'), 'error-classes', head, body);
}

/** Draws `data` into `target` (empties it without data). */
export function renderErrorPart(
  target: HTMLElement,
  data: ErrorPanelData | undefined,
  actions: ErrorViewActions,
  tz: TimeZoneMode,
): void {
  if (!data) {
    target.replaceChildren();
    return;
  }
  if (data.kind === 'classes') {
    target.replaceChildren(classesTable(data.rows, actions, tz), h('p', { class: 'summary-note' }, data.note));
    return;
  }
  const section = h(
    'section',
    { class: 'table-box error-stack', 'aria-label': l10n.t('Latest stack') },
    h('h2', { class: 'chart-title' }, l10n.t('Latest stack')),
    ...stackBody(data.stack, actions, tz),
    ...(data.unboundNote ? [h('p', { class: 'chart-message' }, data.unboundNote)] : []),
  );
  target.replaceChildren(section);
}
