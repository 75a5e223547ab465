// docs/impact.md#what-my-change-will-touch. Names are foreign text: plain in the summary, escaped in the Markdown.
import * as l10n from '@vscode/l10n';

import type { TransactionStats } from '../api/transactionStats';
import { compactPercent, formatMs, formatRpm } from '../format/presentation';
import { escapeMarkdown, plainLine } from '../util/safeText';
import type { MethodChange } from './changedMethods';

export interface ServedAt {
  name: string;
  side: 'old' | 'new';
  path: string;
  line: number;
}

export interface ServedTransaction {
  name: string;
  stats?: TransactionStats;
  /** Its most frequent error class in the window, when the errors are known (foreign text). */
  topErrorClass?: string;
}

export interface ChangeImpactRow {
  change: MethodChange;
  transactions: ServedTransaction[];
}

export interface ChangeImpact {
  applicationName: string;
  rows: ChangeImpactRow[];
  unserved: MethodChange[];
  elsewhere: number;
  /** Shares of the application's web and background time the served transactions hold (each transaction once). */
  webShare: number;
  backgroundShare: number;
  errorClasses: string[];
}

const sideOf = (c: MethodChange) => (c.kind === 'removed' ? 'old' : 'new');

/** The change whose method holds the line, the innermost (latest declaration) when several do. */
export function holder(changes: readonly MethodChange[], at: ServedAt): MethodChange | undefined {
  let found: MethodChange | undefined;
  for (const c of changes) {
    if (sideOf(c) !== at.side || c.path !== at.path || at.line < c.method.line || at.line > c.method.endLine) {
      continue;
    }
    if (!found || c.method.line > found.method.line) found = c;
  }
  return found;
}

const timeShareOf = (t: ServedTransaction) => t.stats?.timeShare ?? 0;

export function joinChangeImpact(input: {
  applicationName: string;
  changes: readonly MethodChange[];
  elsewhere: number;
  served: readonly ServedAt[];
  stats: readonly TransactionStats[];
  topErrorClassOf?: (name: string) => string | undefined;
}): ChangeImpact {
  const byChange = new Map<MethodChange, Map<string, ServedTransaction>>();
  const statsOf = new Map(input.stats.map((s) => [s.name, s]));
  const byPath = new Map<string, MethodChange[]>();
  for (const c of input.changes) {
    byPath.set(c.path, [...(byPath.get(c.path) ?? []), c]);
  }
  for (const at of input.served) {
    const change = holder(byPath.get(at.path) ?? [], at);
    if (!change) continue;
    const list = byChange.get(change) ?? new Map<string, ServedTransaction>();
    list.set(at.name, { name: at.name, stats: statsOf.get(at.name), topErrorClass: input.topErrorClassOf?.(at.name) });
    byChange.set(change, list);
  }
  const rows = [...byChange].map(([change, list]) => ({
    change,
    transactions: [...list.values()].sort((a, b) => timeShareOf(b) - timeShareOf(a) || a.name.localeCompare(b.name)),
  }));
  const top = (r: ChangeImpactRow) => Math.max(...r.transactions.map(timeShareOf));
  rows.sort(
    (a, b) =>
      top(b) - top(a) || a.change.path.localeCompare(b.change.path) || a.change.method.line - b.change.method.line,
  );
  const distinct = new Map(rows.flatMap((r) => r.transactions.map((t) => [t.name, t] as const)));
  const share = (kind: 'web' | 'background') =>
    Math.min(
      1,
      [...distinct.values()].reduce((sum, t) => sum + (t.stats?.kind === kind ? t.stats.timeShare : 0), 0),
    );
  return {
    applicationName: input.applicationName,
    rows,
    unserved: input.changes.filter((c) => !byChange.has(c)),
    elsewhere: input.elsewhere,
    webShare: share('web'),
    backgroundShare: share('background'),
    errorClasses: [...new Set([...distinct.values()].flatMap((t) => (t.topErrorClass ? [t.topErrorClass] : [])))],
  };
}

/** A method as a reader names it: `Orders.show`, `GET /orders/:id`. Foreign text (the workspace's). */
export function methodLabel(change: MethodChange): string {
  const m = change.method;
  if (m.kind === 'route') {
    return [m.verb, m.path ?? m.name].filter((p) => p !== undefined && p !== '').join(' ');
  }
  return [...m.container, m.name].join('.');
}

export function changeSummary(impact: ChangeImpact): string {
  const app = plainLine(impact.applicationName, 80);
  if (impact.rows.length === 0) {
    return l10n.t('touches no code serving a transaction of {0}', app);
  }
  const web = impact.webShare > 0 || impact.backgroundShare === 0;
  const parts = [
    ...(web ? [l10n.t("{0} of {1}'s web time", compactPercent(impact.webShare), app)] : []),
    ...(impact.backgroundShare > 0 && web
      ? [l10n.t('{0} of its background time', compactPercent(impact.backgroundShare))]
      : []),
    ...(impact.backgroundShare > 0 && !web
      ? [l10n.t("{0} of {1}'s background time", compactPercent(impact.backgroundShare), app)]
      : []),
  ];
  const classes =
    impact.errorClasses.length === 1
      ? l10n.t('1 error class')
      : l10n.t('{0} error classes', impact.errorClasses.length);
  return l10n.t('touches code serving {0} and {1}', parts.join(l10n.t(' and ')), classes);
}

export function unservedSummary(impact: ChangeImpact): string {
  const parts = [
    ...(impact.unserved.length > 0 ? [l10n.t('{0} changed methods serve no transaction', impact.unserved.length)] : []),
    ...(impact.elsewhere > 0 ? [l10n.t('{0} files changed outside any method', impact.elsewhere)] : []),
  ];
  return parts.join('; ');
}

export function transactionNumbers(t: ServedTransaction): string {
  const s = t.stats;
  if (!s || s.callCount === 0) {
    return l10n.t('no calls in the window');
  }
  const share =
    s.kind === 'web'
      ? l10n.t('{0} of web time', compactPercent(s.timeShare))
      : l10n.t('{0} of background time', compactPercent(s.timeShare));
  return [
    share,
    formatMs(s.averageMs),
    formatRpm(s.callsPerMinute),
    l10n.t('{0} errors', compactPercent(s.errorRate)),
  ].join(' · ');
}

/** One table cell: one line, capped, Markdown and HTML syntax escaped. */
const cell = (text: string, max = 120) => escapeMarkdown(plainLine(text, max));

/** The impact as Markdown for a pull request's description; `scope` says which change ("working tree against HEAD"). */
export function changeMarkdown(impact: ChangeImpact, scope: string, windowLabel: string): string {
  const lines = [`**Timeslice** (${cell(scope)}, ${cell(windowLabel)}): ${cell(changeSummary(impact), 300)}.`];
  if (impact.rows.length > 0) {
    lines.push(
      '',
      `| ${[l10n.t('Method'), l10n.t('Transaction'), l10n.t('Share of time'), l10n.t('Throughput'), l10n.t('Error rate'), l10n.t('Top error class')].join(' | ')} |`,
      '|---|---|---|---:|---:|---|',
    );
    for (const row of impact.rows) {
      const where = `${cell(methodLabel(row.change))} (${cell(row.change.path, 200)}:${row.change.method.line + 1})`;
      for (const t of row.transactions) {
        const s = t.stats;
        const numbers = s
          ? [compactPercent(s.timeShare), formatRpm(s.callsPerMinute), compactPercent(s.errorRate)]
          : ['–', '–', '–'];
        lines.push(
          `| ${[where, cell(t.name, 200), ...numbers, t.topErrorClass ? cell(t.topErrorClass) : ''].join(' | ')} |`,
        );
      }
    }
  }
  const rest = unservedSummary(impact);
  if (rest) {
    lines.push('', `${cell(rest, 300)}.`);
  }
  return `${lines.join('\n')}\n`;
}
