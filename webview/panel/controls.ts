/**
 * The toolbar: time range (presets or a custom from/to), period, comparison, around a deployment
 * (aroundDeployment.ts: the window after it, the one before overlaid), chart/table view and export. It reports choices through its handlers; the panel owns the state and sends the messages.
 */
import * as l10n from '@vscode/l10n';

import { rangeAround } from '../../src/panels/aroundDeployment';
import type { Compare, PanelState, RangePreset, RangeSelection } from '../../src/panels/protocol';
import { presetLabel, RANGE_PRESETS } from '../../src/panels/protocol';
import { h } from '../shared/dom';
import type { VscodeButton, VscodeTextfield } from '../shared/elements';
import { button, field, select, setChoices, textfield } from '../shared/elements';
import type { TimeZoneMode } from '../shared/format';
import {
  formatDateTime,
  formatPeriod,
  parseDateTimeLocalValue,
  timeZoneLabel,
  toDateTimeLocalValue,
  validateCustomRange,
} from '../shared/format';
import type { ViewData } from '../shared/seriesData';
import { isNrqlPanel } from './summary';

export interface ControlHandlers {
  changeRange(range: RangeSelection): void;
  setView(view: PanelState['view']): void;
  exportData(format: 'csv' | 'json'): void;
}

/** A function: module-level text would be read before the translations are configured. */
const compareChoices = (): ReadonlyArray<{ value: Compare; label: string }> => [
  { value: 'none', label: l10n.t('No comparison') },
  { value: 'day', label: l10n.t('1 day earlier') },
  { value: 'week', label: l10n.t('1 week earlier') },
];

const DEFAULT_PERIOD = '';
/** The "around a deployment" choice's value for none. */
const NO_DEPLOYMENT = '';

export class ControlsView {
  readonly element: HTMLElement;
  private readonly preset: HTMLSelectElement;
  private readonly period: HTMLSelectElement;
  private readonly compare: HTMLSelectElement;
  private readonly around: HTMLSelectElement;
  private readonly aroundField: HTMLElement;
  /** What the around select shows, so an unchanged list is not rebuilt on every refresh. */
  private shownAround = '';
  /** The range in use before a deployment was chosen: "None" goes back to it. */
  private rangeBeforeAround?: RangeSelection;
  private readonly customRow: HTMLElement;
  private readonly from: VscodeTextfield;
  private readonly to: VscodeTextfield;
  private readonly customError = h('p', { class: 'field-error', role: 'alert' });
  private readonly customZone = h('span', { class: 'field-note' });
  /** Range, period and comparison: hidden for a NRQL query, whose own clauses set them. */
  private readonly rangeFields: HTMLElement[];
  private readonly viewButtons: Record<PanelState['view'], VscodeButton>;
  private readonly exportButtons: VscodeButton[];
  private state?: PanelState;
  private tz: TimeZoneMode = 'local';
  private data?: ViewData;
  /** What the period select shows, so an unchanged list is not rebuilt on every refresh. */
  private shownPeriods = '';

  constructor(private readonly handlers: ControlHandlers) {
    this.preset = select(
      l10n.t('Time range'),
      RANGE_PRESETS.map((p) => ({ value: p, label: p === 'custom' ? l10n.t('Custom…') : presetLabel(p) })),
      '30m',
      (v) => this.onPreset(v as RangePreset),
    );
    this.period = select(
      l10n.t('Period (time per point)'),
      [{ value: DEFAULT_PERIOD, label: l10n.t('Default') }],
      DEFAULT_PERIOD,
      (v) => this.onPeriod(v),
    );
    this.compare = select(l10n.t('Compare with'), compareChoices(), 'none', (v) => this.onCompare(v as Compare));
    this.around = select(
      l10n.t('Around a deployment'),
      [{ value: NO_DEPLOYMENT, label: l10n.t('None') }],
      NO_DEPLOYMENT,
      (v) => this.onAround(v),
    );
    this.aroundField = field(l10n.t('Deployment'), this.around);
    this.aroundField.hidden = true;

    this.from = textfield(l10n.t('Start'), 'datetime-local');
    this.to = textfield(l10n.t('End'), 'datetime-local');
    for (const input of [this.from, this.to]) {
      input.addEventListener('keydown', (e) => {
        if (e.key === 'Enter') {
          this.applyCustom();
        }
      });
      input.addEventListener('input', () => this.showCustomError(undefined));
    }
    this.customRow = h(
      'div',
      { class: 'toolbar custom-range', hidden: true },
      field(l10n.t('Start'), this.from),
      field(l10n.t('End'), this.to),
      h(
        'div',
        { class: 'field field-actions' },
        button(l10n.t('Apply'), () => this.applyCustom()),
      ),
      this.customZone,
      this.customError,
    );

    this.viewButtons = {
      chart: button(l10n.t('Chart'), () => this.handlers.setView('chart'), { title: l10n.t('Show charts') }),
      table: button(l10n.t('Table'), () => this.handlers.setView('table'), {
        title: l10n.t('Show the values as tables'),
      }),
    };
    this.exportButtons = [
      button(l10n.t('Export CSV'), () => this.handlers.exportData('csv'), {
        secondary: true,
        title: l10n.t('Save the charted values as CSV'),
      }),
      button(l10n.t('Export JSON'), () => this.handlers.exportData('json'), {
        secondary: true,
        title: l10n.t('Save the charted values as JSON'),
      }),
    ];
    for (const b of this.exportButtons) {
      b.disabled = true;
    }

    this.rangeFields = [
      field(l10n.t('Time range'), this.preset),
      field(l10n.t('Period'), this.period),
      field(l10n.t('Compare'), this.compare),
    ];
    this.aroundField.classList.add('around-deployment');
    this.element = h(
      'div',
      { class: 'controls' },
      h(
        'div',
        { class: 'toolbar' },
        ...this.rangeFields,
        this.aroundField,
        h('div', { class: 'toolbar-spacer' }),
        h(
          'div',
          { class: 'field field-actions', role: 'group', 'aria-label': l10n.t('View') },
          this.viewButtons.chart,
          this.viewButtons.table,
        ),
        h(
          'div',
          { class: 'field field-actions', role: 'group', 'aria-label': l10n.t('Export') },
          ...this.exportButtons,
        ),
      ),
      this.customRow,
    );
  }

  setState(state: PanelState, tz: TimeZoneMode): void {
    this.state = state;
    this.tz = tz;
    // The transactions table is one summary per row: no period, no earlier overlay, no chart view.
    const summaryOnly = state.entity.kind === 'transactions';
    // The error panel's counts come from events in one NRQL request: no earlier overlay either.
    const noCompare = summaryOnly || state.entity.kind === 'error';
    this.rangeFields.forEach(
      (f, i) => (f.hidden = isNrqlPanel(state) || (summaryOnly && i > 0) || (noCompare && i === 2)),
    );
    this.preset.value = state.range.preset;
    this.compare.value = state.range.compare;
    this.customZone.textContent = l10n.t('Times in {0}.', timeZoneLabel(tz));
    if (state.range.preset === 'custom' && state.range.around === undefined) {
      this.showCustom(Date.parse(state.range.from ?? ''), Date.parse(state.range.to ?? ''));
    } else {
      this.customRow.hidden = true;
    }
    for (const view of ['chart', 'table'] as const) {
      const on = state.view === view;
      this.viewButtons[view].secondary = !on;
      this.viewButtons[view].setAttribute('aria-pressed', String(on));
      this.viewButtons[view].hidden = summaryOnly;
    }
    const [csv, json] = this.exportButtons;
    csv.title = summaryOnly ? l10n.t('Save the table as CSV') : l10n.t('Save the charted values as CSV');
    json.title = summaryOnly ? l10n.t('Save the table as JSON') : l10n.t('Save the charted values as JSON');
    this.syncPeriods();
    this.syncAround();
  }

  setData(data: ViewData): void {
    this.data = data;
    for (const b of this.exportButtons) {
      b.disabled = data.charts.length === 0 && !data.table?.rows.length; // (the transactions table has no charts)
    }
    this.syncPeriods();
    this.syncAround();
  }

  /** The application's deployments of the last 7 days (revision and time as text), the one in use selected. */
  private syncAround(): void {
    const state = this.state;
    const choices = this.data?.aroundChoices ?? [];
    const current = state?.range.around;
    const value = current !== undefined ? String(current) : NO_DEPLOYMENT;
    this.aroundField.hidden =
      !state ||
      isNrqlPanel(state) ||
      state.entity.kind === 'transactions' ||
      (choices.length === 0 && current === undefined);
    const list = [
      { value: NO_DEPLOYMENT, label: l10n.t('None') },
      ...choices.map((m) => ({ value: String(m.time), label: `${m.short} · ${formatDateTime(m.time, this.tz)}` })),
    ];
    if (current !== undefined && !choices.some((m) => m.time === current)) {
      list.push({ value, label: formatDateTime(current, this.tz) });
    }
    const key = `${list.map((c) => `${c.value}=${c.label}`).join('|')}#${value}`;
    if (key === this.shownAround) {
      return;
    }
    this.shownAround = key;
    setChoices(this.around, list, value);
  }

  private onAround(value: string): void {
    const state = this.state;
    const time = Number(value);
    if (!state) {
      return;
    }
    if (value === NO_DEPLOYMENT) {
      if (state.range.around !== undefined) {
        // Back to the range in use before (24 hours when the panel was opened around a deployment).
        this.handlers.changeRange(this.rangeBeforeAround ?? { preset: '24h', compare: 'none' });
        this.rangeBeforeAround = undefined;
      }
      return;
    }
    if (Number.isSafeInteger(time) && time !== state.range.around) {
      if (state.range.around === undefined) {
        this.rangeBeforeAround = state.range;
      }
      this.handlers.changeRange(rangeAround(time, Date.now()));
    }
  }

  /** Only the periods the service accepts for this range, with the one in use selected. */
  private syncPeriods(): void {
    const periods = this.data?.validPeriods ?? [];
    const current = this.state?.range.period ?? this.data?.range.period;
    const value =
      periods.length === 0
        ? DEFAULT_PERIOD
        : current !== undefined && periods.includes(current)
          ? String(current)
          : String(periods[0]);
    const key = `${periods.join(',')}|${value}|${current ?? ''}`;
    if (key === this.shownPeriods) {
      return;
    }
    this.shownPeriods = key;
    this.period.disabled = periods.length === 0;
    const choices =
      periods.length === 0
        ? [{ value: DEFAULT_PERIOD, label: current ? formatPeriod(current) : l10n.t('Default') }]
        : periods.map((p) => ({ value: String(p), label: formatPeriod(p) }));
    setChoices(this.period, choices, value);
  }

  private onPreset(preset: RangePreset): void {
    const state = this.state;
    if (!state) {
      return;
    }
    if (preset === 'custom') {
      const to = this.data?.range.to ?? Date.now();
      const from = this.data?.range.from ?? to - 3_600_000;
      this.showCustom(from, to);
      this.from.focus();
      return;
    }
    this.customRow.hidden = true;
    if (preset !== state.range.preset) {
      // A period chosen for another range may not be valid for this one: back to the default.
      this.handlers.changeRange({ preset, compare: state.range.compare });
    }
  }

  private onPeriod(value: string): void {
    const state = this.state;
    const period = Number(value);
    if (
      !state ||
      value === DEFAULT_PERIOD ||
      !Number.isSafeInteger(period) ||
      period === (state.range.period ?? this.data?.range.period)
    ) {
      return;
    }
    this.handlers.changeRange({ ...state.range, period });
  }

  private onCompare(compare: Compare): void {
    const state = this.state;
    if (state && compare !== state.range.compare) {
      // Around a deployment the overlay is the window before it: another overlay replaces it, over
      // the same window after the deployment (a custom range from then on).
      const { around, ...range } = state.range;
      if (around !== undefined) {
        this.rangeBeforeAround = undefined;
      }
      this.handlers.changeRange({ ...range, compare });
    }
  }

  private showCustom(from: number, to: number): void {
    this.customRow.hidden = false;
    this.from.value = Number.isNaN(from) ? '' : toDateTimeLocalValue(from, this.tz);
    this.to.value = Number.isNaN(to) ? '' : toDateTimeLocalValue(to, this.tz);
    this.showCustomError(undefined);
  }

  private showCustomError(message: string | undefined): void {
    this.customError.textContent = message ?? '';
    this.from.invalid = message !== undefined;
    this.to.invalid = message !== undefined;
  }

  private applyCustom(): void {
    const state = this.state;
    if (!state) {
      return;
    }
    const from = parseDateTimeLocalValue(this.from.value, this.tz);
    const to = parseDateTimeLocalValue(this.to.value, this.tz);
    const problem = validateCustomRange(from, to);
    if (problem !== undefined || from === undefined || to === undefined) {
      this.showCustomError(problem);
      return;
    }
    this.showCustomError(undefined);
    this.handlers.changeRange({
      preset: 'custom',
      from: new Date(from).toISOString(),
      to: new Date(to).toISOString(),
      compare: state.range.compare,
    });
  }
}
