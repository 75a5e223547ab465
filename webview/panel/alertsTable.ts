/** The table view's Open alerts table: every open alert of the application with its whole title, as text, newest first. */
import * as l10n from '@vscode/l10n';

import { alertPriorityLabel } from '../../src/format/presentation';
import type { AlertMarker } from '../../src/panels/alertMarker';
import { h } from '../shared/dom';
import type { TimeZoneMode } from '../shared/format';
import { formatDateTime, timeZoneLabel } from '../shared/format';
import { captionedTable } from './captionedTable';

export function alertsTable(markers: readonly AlertMarker[], tz: TimeZoneMode): HTMLElement {
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
  return captionedTable(l10n.t('Open alerts'), 'alerts-table', head, h('tbody', {}, ...rows));
}
