// Every foreign text passes `escapeMarkdown` (tooltip) or `safeText` (lens, row) here.
import * as l10n from '@vscode/l10n';

import { shortRevision } from '../api/deployments';
import type { CodeSymbol } from '../code/symbols';
import { formatMs } from '../format/presentation';
import { formatShortPercent } from '../format/transactions';
import { escapeMarkdown, safeText } from '../util/safeText';
import type { LatestImpact } from './latestImpact';
import type { MethodRange } from './methodRanges';
import type { MovementRow } from './movement';
import { DEFAULT_IMPACT_WINDOW_MINUTES, MIN_CALLS_PER_WINDOW } from './thresholds';
import type { Verdict } from './verdict';
import { verdictLabel } from './impactView';

/** Rows the status bar's tooltip and the row's tooltip name: the top of what the verdict rests on. */
export const LATEST_IMPACT_TOP_ROWS = 3;

export interface LatestDeploymentRef {
  applicationId: number;
  deploymentId: string;
}

const signed = (text: string, n: number) => (n > 0 ? `+${text}` : n < 0 ? `−${text}` : text);

/** The change that moved the row: the first moved signal its way, else its average response time. */
export function movingChange(row: MovementRow): string {
  const signal = row.signals.find((s) => s.moved && s.direction === row.status) ?? row.signals.find((s) => s.moved);
  if (signal?.measure === 'errorRate') {
    return l10n.t(
      'errors {0} → {1}',
      formatShortPercent(row.errorRate.before),
      formatShortPercent(row.errorRate.after),
    );
  }
  if (signal?.measure === 'apdex' && row.apdex) {
    return l10n.t('Apdex {0}', signed(Math.abs(row.apdex.change).toFixed(2), row.apdex.change));
  }
  return l10n.t('{0} avg', signed(formatMs(Math.abs(row.average.change)), row.average.change));
}

export function revisionText(latest: LatestImpact): string {
  return safeText(shortRevision(latest.deployment.revision), 40);
}

export function sinceLensTitle(row: MovementRow, revision: string, sha?: string): string {
  const since = l10n.t('{0} since {1}', movingChange(row), safeText(shortRevision(revision), 40));
  return sha ? l10n.t('{0} · changed in {1}', since, safeText(sha, 12)) : since;
}

export interface SinceLens {
  path: string;
  method: MethodRange;
  row: MovementRow;
  title: string;
  tooltip: string;
  deploymentId: string;
}

export function sinceLenses(latest: LatestImpact): SinceLens[] {
  const { impact, code } = latest;
  if (impact.kind !== 'impact' || code?.kind !== 'code') return [];
  const out: SinceLens[] = [];
  for (const moved of code.code.moved) {
    const row = impact.rows.find((r) => r.name === moved.name);
    if (!row) continue;
    for (const { change, commits } of moved.methods) {
      if (change.kind === 'removed') continue;
      out.push({
        path: change.path,
        method: change.method,
        row,
        title: sinceLensTitle(row, latest.deployment.revision, commits[0]?.sha),
        tooltip: [impact.verdict.message, safeText(row.name, 300)].join('\n'),
        deploymentId: latest.deployment.id,
      });
    }
  }
  return out;
}

export function latestVerdict(latest: LatestImpact | undefined): Verdict | undefined {
  return latest?.impact.kind === 'impact' ? latest.impact.verdict.verdict : undefined;
}

function rowLine(row: MovementRow, escape: (s: string) => string): string {
  return l10n.t('{0}: {1}', escape(row.name), movingChange(row));
}

function verdictLines(latest: LatestImpact, escape: (s: string) => string): string[] {
  const { impact } = latest;
  if (impact.kind !== 'impact') {
    return [l10n.t('Too early for a verdict: less than a whole minute has passed since {0}.', revisionText(latest))];
  }
  const v = impact.verdict;
  const moved = v.verdict === 'worse' || v.verdict === 'better';
  const lines = [v.message];
  if (moved) {
    const top = v.restsOn.slice(0, LATEST_IMPACT_TOP_ROWS).map((r) => rowLine(r, escape));
    const more = v.restsOn.length - top.length;
    lines.push(...top, ...(more > 0 ? [l10n.t('and {0} more', more)] : []));
  }
  if (v.verdict === 'notEnoughCalls') {
    lines.push(l10n.t('A transaction counts once each window holds {0} calls.', MIN_CALLS_PER_WINDOW));
  }
  lines.push(
    latest.final
      ? l10n.t('Final: two windows of {0} minutes.', impact.windows.minutes)
      : l10n.t('So far: two windows of {0} of {1} minutes.', impact.windows.minutes, DEFAULT_IMPACT_WINDOW_MINUTES),
  );
  return lines;
}

/** The command link's arguments, encoded for a markdown link (parentheses too: they would end it). */
export function impactLinkArgs(latest: LatestImpact): string {
  const ref: LatestDeploymentRef = { applicationId: latest.application.id, deploymentId: latest.deployment.id };
  return encodeURIComponent(JSON.stringify([ref]))
    .replace(/\(/g, '%28')
    .replace(/\)/g, '%29');
}

export function latestImpactTooltip(latest: LatestImpact, command: string): string[] {
  const revision = escapeMarkdown(shortRevision(latest.deployment.revision));
  const word = latestVerdict(latest);
  const heading = word ? l10n.t('**Since {0}: {1}**', revision, verdictLabel(word)) : l10n.t('**Since {0}**', revision);
  const lines = verdictLines(latest, escapeMarkdown);
  const link = `[${l10n.t('What Moved at {0}', revision)}](command:${command}?${impactLinkArgs(latest)})`;
  return [heading, lines.map((l) => `- ${l}`).join('\n'), link];
}

export function latestImpactRow(latest: LatestImpact): { description?: string; tooltip: string[] } {
  const word = latestVerdict(latest);
  const lines = verdictLines(latest, (s) => safeText(s, 300));
  return word
    ? { description: verdictLabel(word), tooltip: [l10n.t('Verdict: {0}', verdictLabel(word)), ...lines] }
    : { tooltip: lines };
}

/**
 * The hover over a method the latest deployment changed: the lens's line, the transaction's two windows,
 * the verdict, and a link to What Moved (the only command the hover trusts).
 */
export function sinceHoverMarkdown(latest: LatestImpact, lens: SinceLens, command: string): string {
  const { row } = lens;
  const revision = escapeMarkdown(shortRevision(latest.deployment.revision));
  const windows = l10n.t(
    '{0}: {1} → {2} avg, errors {3} → {4}, {5} → {6} calls',
    escapeMarkdown(row.name),
    formatMs(row.average.before),
    formatMs(row.average.after),
    formatShortPercent(row.errorRate.before),
    formatShortPercent(row.errorRate.after),
    row.before.callCount,
    row.after.callCount,
  );
  const lines = [`**${escapeMarkdown(lens.title)}**`, windows, ...verdictLines(latest, escapeMarkdown).slice(0, 1)];
  lines.push(`[${l10n.t('What Moved at {0}', revision)}](command:${command}?${impactLinkArgs(latest)})`);
  return lines.join('\n\n');
}

/** Where each of `since` (of one file) is in the file as it is now: the same method by kind, container and name, nearest its old line. */
export function placeSinceLenses(
  symbols: readonly CodeSymbol[],
  since: readonly SinceLens[],
): Array<{ line: number; lens: SinceLens }> {
  const key = (s: CodeSymbol) => `${s.kind}\u0000${s.container.join('\u0000')}\u0000${s.name}`;
  const byKey = new Map<string, CodeSymbol[]>();
  for (const s of symbols) {
    const list = byKey.get(key(s));
    if (list) list.push(s);
    else byKey.set(key(s), [s]);
  }
  return since.flatMap((lens) => {
    const same = byKey.get(key(lens.method)) ?? [];
    const near = same.reduce<CodeSymbol | undefined>(
      (best, s) => (!best || Math.abs(s.line - lens.method.line) < Math.abs(best.line - lens.method.line) ? s : best),
      undefined,
    );
    return near ? [{ line: near.line, lens }] : [];
  });
}
