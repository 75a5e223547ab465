/** The table view's Open alerts table: every open alert of the application with its whole title, as text, newest first. */
import * as l10n from '@vscode/l10n';

import { alertPriorityLabel } from '../../src/format/presentation';
import type { AlertMarker } from '../../src/panels/deploymentMarkers';
import { h, uniqueId } from '../shared/dom';
import type { TimeZoneMode } from '../shared/format';
import { formatDateTime, timeZoneLabel } from '../shared/format';

export function alertsTable(markers: readonly AlertMarker[], tz: TimeZoneMode): HTMLElement {
  const captionId = uniqueId('table-caption');
  const head = h(
    'tr',
    {},
    h('th', { scope: 'col' }, l10n.t('Opened ({0})', timeZoneLabel(tz))),
    h('th', { scope: 'col' }, l10n.t('Priority')),
    h('th', { scope: 'col' }, l10n.t('Title')),
    h('th', { scope: 'col' }, l10n.t('Condition')),
  );
  const rows = markers.map((m) =>
    h(
      'tr',
      {},
      h('th', { scope: 'row' }, formatDateTime(m.time, tz)),
      h('td', {}, alertPriorityLabel(m.priority)),
      h('td', {}, m.title),
      h('td', {}, m.condition ?? ''),
    ),
  );
  const table = h(
    'table',
    { class: 'data-table alerts-table' },
    h('caption', { id: captionId }, l10n.t('Open alerts')),
    h('thead', {}, head),
    h('tbody', {}, ...rows),
  );
  return h(
    'section',
    { class: 'table-box' },
    h('div', { class: 'table-scroll', tabindex: '0', role: 'region', 'aria-labelledby': captionId }, table),
  );
}
