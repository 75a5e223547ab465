/** The NRQL query an explorer panel opened by "Run NRQL Query…" charts, shown as text (never markup). */
import * as l10n from '@vscode/l10n';

import type { NrqlSource } from '../../src/panels/protocol';
import { h, uniqueId } from '../shared/dom';

export function nrqlQueryView(source: NrqlSource): HTMLElement {
  const headingId = uniqueId('nrql-heading');
  return h(
    'section',
    { class: 'explorer nrql-query', 'aria-labelledby': headingId },
    h('h2', { class: 'section-title', id: headingId }, l10n.t('NRQL query')),
    h('pre', { class: 'nrql-text' }, source.query),
    h(
      'p',
      { class: 'field-note' },
      l10n.t(
        'Account {0}. The query sets its own time range and buckets; run "Timeslice: Run NRQL Query…" again to change it.',
        source.accountId,
      ),
    ),
  );
}
