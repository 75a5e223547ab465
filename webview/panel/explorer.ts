/**
 * The metric explorer: search the metric names as you type, pick up to ten metrics, choose the
 * values to chart from the picked metrics' value names, then ask for the data.
 */
import * as l10n from '@vscode/l10n';

import type { ExplorerSelection } from '../../src/panels/protocol';
import { h, uniqueId } from '../shared/dom';
import type { VscodeButton, VscodeTextfield } from '../shared/elements';
import { button, textfield } from '../shared/elements';
import type { MetricName } from '../shared/explorerModel';
import {
  canApply,
  MAX_CHOSEN_VALUES,
  MAX_PICKED_METRICS,
  pruneValues,
  sameSelection,
  toggleIn,
  valueChoices,
} from '../shared/explorerModel';
import { Checklist } from './checklist';

export interface ExplorerHandlers {
  search(query: string): void;
  apply(selection: ExplorerSelection): void;
}

/** Typing pauses this long before a search is sent. */
export const SEARCH_DEBOUNCE_MS = 250;

export class ExplorerView {
  readonly element: HTMLElement;
  private readonly searchField: VscodeTextfield;
  private readonly searchNote = h('p', { class: 'field-note', 'aria-live': 'polite' });
  private readonly matches = new Checklist((name, on) => this.setMetric(name, on));
  private readonly picked = new Checklist((name, on) => this.setMetric(name, on));
  private readonly values = new Checklist((value, on) => this.setValue(value, on));
  private readonly pickedLegend = h('legend', {});
  private readonly valuesLegend = h('legend', {});
  private readonly applyButton: VscodeButton;
  private readonly applyNote = h('span', { class: 'field-note' });
  /** Value names of every metric seen in a search answer. */
  private readonly known = new Map<string, string[]>();
  private results: MetricName[] = [];
  private draft: ExplorerSelection = { metrics: [], values: [] };
  private applied?: ExplorerSelection;
  private lastQuery?: string;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly handlers: ExplorerHandlers) {
    this.searchField = textfield(
      l10n.t('Search metric names'),
      'search',
      l10n.t('Search metric names, e.g. Datastore/ or WebTransaction/'),
    );
    this.searchField.addEventListener('input', () => this.scheduleSearch());
    this.applyButton = button(l10n.t('Chart Selected'), () => this.apply());
    const headingId = uniqueId('explorer-heading');
    const group = (legend: HTMLElement, list: HTMLElement) => h('fieldset', { class: 'explorer-group' }, legend, list);
    this.element = h(
      'section',
      { class: 'explorer', 'aria-labelledby': headingId },
      h('h2', { class: 'section-title', id: headingId }, l10n.t('Metrics')),
      h('div', { class: 'explorer-search' }, this.searchField, this.searchNote),
      h(
        'div',
        { class: 'explorer-groups' },
        group(h('legend', {}, l10n.t('Matching names')), this.matches.element),
        group(this.pickedLegend, this.picked.element),
        group(this.valuesLegend, this.values.element),
      ),
      h('div', { class: 'explorer-actions' }, this.applyButton, this.applyNote),
    );
    this.render();
  }

  /** The selection the panel has charted (from the state); also becomes the draft. */
  setSelection(selection: ExplorerSelection | undefined): void {
    this.applied = selection;
    this.draft = { metrics: [...(selection?.metrics ?? [])], values: [...(selection?.values ?? [])] };
    this.render();
  }

  /** Sends the first search (all names, as the extension lists them for an empty query). */
  start(): void {
    this.search(this.searchField.value);
  }

  /** A search answer; answers to an older query than the last one sent are dropped. */
  setNames(query: string, names: MetricName[]): void {
    if (query !== this.lastQuery) {
      return;
    }
    this.results = names;
    for (const n of names) {
      this.known.set(n.name, n.values);
    }
    this.searchNote.textContent =
      names.length === 0
        ? l10n.t('No metric names match.')
        : names.length === 1
          ? l10n.t('1 name matches.')
          : l10n.t('{0} names match.', names.length);
    this.render();
  }

  dispose(): void {
    clearTimeout(this.timer);
  }

  private scheduleSearch(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.search(this.searchField.value), SEARCH_DEBOUNCE_MS);
  }

  private search(query: string): void {
    const trimmed = query.trim().slice(0, 200);
    if (trimmed === this.lastQuery) {
      return;
    }
    this.lastQuery = trimmed;
    this.searchNote.textContent = l10n.t('Searching…');
    this.handlers.search(trimmed);
  }

  private setMetric(name: string, on: boolean): void {
    const metrics = toggleIn(this.draft.metrics, name, on, MAX_PICKED_METRICS);
    this.draft = { metrics, values: pruneValues(metrics, this.known, this.draft.values) };
    this.render();
  }

  private setValue(value: string, on: boolean): void {
    this.draft = { ...this.draft, values: toggleIn(this.draft.values, value, on, MAX_CHOSEN_VALUES) };
    this.render();
  }

  private apply(): void {
    if (canApply(this.draft)) {
      this.applied = { metrics: [...this.draft.metrics], values: [...this.draft.values] };
      this.handlers.apply(this.applied);
      this.render();
    }
  }

  private render(): void {
    const { metrics, values } = this.draft;
    const full = metrics.length >= MAX_PICKED_METRICS;
    this.matches.update(
      this.results.map((n) => ({
        key: n.name,
        checked: metrics.includes(n.name),
        disabled: full && !metrics.includes(n.name),
      })),
      this.lastQuery === undefined ? l10n.t('Type to search.') : l10n.t('Nothing to show.'),
    );
    this.pickedLegend.textContent = l10n.t('Picked metrics ({0} of {1})', metrics.length, MAX_PICKED_METRICS);
    this.picked.update(
      metrics.map((name) => ({ key: name, checked: true })),
      l10n.t('Tick names on the left to pick them.'),
    );
    const choices = valueChoices(metrics, this.known, values);
    const valuesFull = values.length >= MAX_CHOSEN_VALUES;
    this.valuesLegend.textContent = l10n.t('Values to chart ({0} chosen)', values.length);
    this.values.update(
      choices.map((v) => ({ key: v, checked: values.includes(v), disabled: valuesFull && !values.includes(v) })),
      metrics.length === 0
        ? l10n.t('Pick a metric to see its values.')
        : l10n.t('Search for the picked metrics to see their values.'),
    );
    const ready = canApply(this.draft);
    const changed = !sameSelection(this.draft, this.applied);
    this.applyButton.disabled = !ready || !changed;
    this.applyNote.textContent = !ready
      ? l10n.t('Pick at least one metric and one value.')
      : changed
        ? ''
        : l10n.t('This selection is charted below.');
  }
}
