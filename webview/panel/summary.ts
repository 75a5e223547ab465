/** The panel's heading (the entity's name, as text), its range line and the summary strip. */
import * as l10n from '@vscode/l10n';

import type { PanelState, SummaryItem } from '../../src/panels/protocol';
import { presetLabel } from '../../src/panels/protocol';
import { h, replaceChildren } from '../shared/dom';
import type { TimeZoneMode } from '../shared/format';
import { dataEndNote, describeSpan, formatDateTime, formatPeriod } from '../shared/format';
import type { ViewData } from '../shared/seriesData';

// Getters: module-level text would be read before the translations are configured.
const KIND_LABELS: Readonly<Record<PanelState['entity']['kind'], string>> = {
  get application() {
    return l10n.t('Application');
  },
  get breakdown() {
    return l10n.t('Response-time breakdown');
  },
  get error() {
    return l10n.t('Error class');
  },
  get explorer() {
    return l10n.t('Metric explorer');
  },
  get host() {
    return l10n.t('Host');
  },
  get instance() {
    return l10n.t('Instance');
  },
  get keyTransaction() {
    return l10n.t('Key transaction');
  },
  get transaction() {
    return l10n.t('Transaction');
  },
  get transactions() {
    return l10n.t('Transactions');
  },
};

/** An explorer charting a typed NRQL query ("Run NRQL Query…"). */
export function isNrqlPanel(state: PanelState): boolean {
  return state.entity.kind === 'explorer' && state.entity.nrql !== undefined;
}

/** "a point every minute", "a point every 15 minutes". */
function pointEvery(seconds: number): string {
  switch (seconds) {
    case 60:
      return l10n.t('a point every minute');
    case 3600:
      return l10n.t('a point every hour');
    case 86_400:
      return l10n.t('a point every day');
    default:
      return l10n.t('a point every {0}', formatPeriod(seconds));
  }
}

export class HeaderView {
  readonly element = h('header', { class: 'panel-header' });
  private readonly title = h('h1', { class: 'panel-title' });
  private readonly kind = h('span', { class: 'panel-kind' });
  private readonly meta = h('p', { class: 'panel-meta' });

  constructor() {
    this.element.append(this.kind, this.title, this.meta);
  }

  setState(state: PanelState): void {
    this.kind.textContent = isNrqlPanel(state) ? l10n.t('NRQL query') : KIND_LABELS[state.entity.kind];
    this.title.textContent = state.entity.title;
  }

  /** "Last 30 minutes · 2026-01-05 14:00 – 14:30 UTC · a point every minute · fetched 14:30:05" */
  setData(state: PanelState, data: ViewData, tz: TimeZoneMode): void {
    const parts = [
      // A NRQL query's SINCE/UNTIL set its range, not the panel's preset.
      ...(isNrqlPanel(state) ? [] : [presetLabel(state.range.preset)]),
      describeSpan(data.range.from, data.range.to, tz),
      pointEvery(data.range.period),
    ];
    // The service's data lags the clock: say where it ends rather than draw blank minutes.
    const dataEnd = dataEndNote(data.range, data.fetchedAt, tz);
    if (dataEnd) {
      parts.splice(2, 0, dataEnd);
    }
    if (data.fetchedAt !== undefined) {
      parts.push(l10n.t('fetched {0}', formatDateTime(data.fetchedAt, tz, true).slice(11)));
    }
    this.meta.textContent = parts.join(' · ');
  }
}

export function renderSummary(target: HTMLElement, items: readonly SummaryItem[], note: string | undefined): void {
  const list =
    items.length > 0
      ? h(
          'dl',
          { class: 'summary' },
          ...items.map((item) => {
            const entry = h(
              'div',
              { class: 'summary-item' },
              h('dt', {}, item.label),
              h('dd', { class: 'summary-value' }, item.value),
            );
            if (item.hint) {
              entry.append(h('dd', { class: 'summary-hint' }, item.hint));
            }
            return entry;
          }),
        )
      : null;
  replaceChildren(target, list, note ? h('p', { class: 'summary-note' }, note) : null);
}
