// Pure (no `vscode`); foreign text made one plain line here, escaped again by the page (impactHtml.ts).
import type { ChangedMethodLink } from './changedMethodLink';
import * as l10n from '@vscode/l10n';

import { shortRevision } from '../api/deployments';
import { formatMs, formatRpm } from '../format/presentation';
import { formatShortPercent } from '../format/transactions';
import { plainLine } from '../util/safeText';
import type { DeploymentCode, DeploymentCodeAnswer, RangeCommit } from './deploymentCode';
import type { DeploymentImpact } from './impactLoader';
import type { TimeWindow } from './impactWindows';
import type { MeasureChange, MovementRow, Signal, ThresholdName, WindowNumbers } from './movement';
import { apdexScore } from './movement';
import {
  APDEX_FLOOR,
  AVERAGE_RELATIVE_FLOOR,
  ERROR_RATE_FLOOR_POINTS,
  ERROR_RATE_MIN_Z,
  MIN_CALLS_PER_WINDOW,
  TIME_ABSOLUTE_FLOOR_MS_PER_MINUTE,
  TIME_RELATIVE_FLOOR,
} from './thresholds';
import type { Verdict } from './verdict';

const NAME_MAX = 300;

export interface ImpactRowView {
  name: string;
  status: MovementRow['status'];
  statusLabel: string;
  before: string;
  after: string;
  changes: string[];
  evidence: string[];
  code?: CodeLineView[];
}

/** A line of a row's code; a method still in the newer side links to its line there. */
export interface CodeLineView {
  text: string;
  link?: ChangedMethodLink;
}

export interface ImpactViewModel {
  title: string;
  heading: string;
  facts: string[];
  verdict?: { verdict: Verdict; label: string; message: string; restsOn: string[] };
  windows?: string;
  rows: ImpactRowView[];
  note?: string;
  code?: { notes: string[]; elsewhere: string[] };
}

const plain = (text: string, max = NAME_MAX) => plainLine(text, max);

function statusLabel(status: MovementRow['status']): string {
  return status === 'tooFewCalls' ? l10n.t('Too few calls') : verdictLabel(status);
}

export function verdictLabel(verdict: Verdict): string {
  switch (verdict) {
    case 'worse':
      return l10n.t('Worse');
    case 'better':
      return l10n.t('Better');
    case 'unchanged':
      return l10n.t('Unchanged');
    default:
      return l10n.t('Not enough calls yet');
  }
}

export function thresholdLabel(name: ThresholdName): string {
  switch (name) {
    case 'timeRelative':
      return l10n.t('time consumed ±{0} %', TIME_RELATIVE_FLOOR * 100);
    case 'timeAbsolute':
      return l10n.t('time consumed ±{0} ms/min', TIME_ABSOLUTE_FLOOR_MS_PER_MINUTE);
    case 'averageRelative':
      return l10n.t('average ±{0} % the same way', AVERAGE_RELATIVE_FLOOR * 100);
    case 'errorRatePoints':
      return l10n.t('error rate ±{0} point', ERROR_RATE_FLOOR_POINTS);
    case 'errorRateNoise':
      return l10n.t('error rate beyond {0} standard errors', ERROR_RATE_MIN_Z);
    default:
      return l10n.t('Apdex ±{0}', APDEX_FLOOR);
  }
}

const measureLabel = (s: Signal) =>
  s.measure === 'time' ? l10n.t('Time consumed') : s.measure === 'errorRate' ? l10n.t('Error rate') : l10n.t('Apdex');

function signalLine(s: Signal): string {
  const way = s.direction === 'worse' ? l10n.t('worse') : l10n.t('better');
  const passes = s.passes.map(thresholdLabel).join(', ') || l10n.t('none');
  const fails = s.fails.map(thresholdLabel).join(', ');
  return s.moved
    ? l10n.t('{0} moved ({1}): passes {2}', measureLabel(s), way, passes)
    : l10n.t('{0} did not move ({1}): passes {2}; fails {3}', measureLabel(s), way, passes, fails);
}

function signed(text: string, n: number): string {
  return n > 0 ? `+${text}` : n < 0 ? `−${text}` : text;
}

function relative(c: MeasureChange): string {
  return c.relative === undefined ? '' : ` (${signed(`${Math.round(Math.abs(c.relative) * 100)} %`, c.relative)})`;
}

function side(w: WindowNumbers): string {
  const apdex = w.apdex && apdexScore(w.apdex);
  const base = l10n.t(
    '{0} calls · {1} avg · {2} · {3} err',
    w.callCount,
    formatMs(w.averageMs),
    formatRpm(w.callsPerMinute),
    formatShortPercent(w.callCount > 0 ? w.errorCount / w.callCount : 0),
  );
  return apdex === undefined ? base : `${base} · Apdex ${apdex.toFixed(2)}`;
}

function rowView(r: MovementRow): ImpactRowView {
  const changes = [
    l10n.t(
      'Time consumed {0} ms/min{1}',
      signed(Math.round(Math.abs(r.time.change)).toLocaleString('en-US'), r.time.change),
      relative(r.time),
    ),
    l10n.t('Average {0}{1}', signed(formatMs(Math.abs(r.average.change)), r.average.change), relative(r.average)),
    l10n.t('Error rate {0} points', signed((Math.abs(r.errorRate.change) * 100).toFixed(2), r.errorRate.change)),
    ...(r.apdex ? [l10n.t('Apdex {0}', signed(Math.abs(r.apdex.change).toFixed(2), r.apdex.change))] : []),
  ];
  const evidence =
    r.status === 'tooFewCalls'
      ? [
          l10n.t(
            'Too few calls to decide: {0} before and {1} after; each window needs {2}.',
            r.before.callCount,
            r.after.callCount,
            MIN_CALLS_PER_WINDOW,
          ),
        ]
      : r.signals.length === 0
        ? [l10n.t('No measure changed.')]
        : r.signals.map(signalLine);
  return {
    name: plain(r.name),
    status: r.status,
    statusLabel: statusLabel(r.status),
    before: side(r.before),
    after: side(r.after),
    changes,
    evidence,
  };
}

function windowText(w: TimeWindow): string {
  return `${new Date(w.from).toISOString().slice(0, 16)}–${new Date(w.to).toISOString().slice(11, 16)} UTC`;
}

const commitsText = (commits: readonly RangeCommit[]) =>
  commits.map((c) => `${plain(c.sha, 12)} ${plain(c.subject, 100)}`).join('; ');

/** A method as `path:line` (one-based), with its container and name. */
function methodLine(applicationId: number, m: DeploymentCode['moved'][number]['methods'][number]): CodeLineView {
  const { change, commits } = m;
  const name = [...change.method.container, change.method.name].join('#');
  const at = `${plain(change.path, 200)}:${change.method.line + 1}`;
  const what = l10n.t('{0} {1} at {2}', kindLabel(change.kind), plain(name, 120), at);
  const text =
    commits.length === 0
      ? what
      : m.perFile
        ? l10n.t('{0}, in {1} (commits of its file)', what, commitsText(commits))
        : l10n.t('{0}, in {1}', what, commitsText(commits));
  return change.kind === 'removed'
    ? { text }
    : { text, link: { applicationId, path: change.path, line: change.method.line } };
}

function kindLabel(kind: DeploymentCode['moved'][number]['methods'][number]['change']['kind']): string {
  switch (kind) {
    case 'added':
      return l10n.t('Added');
    case 'removed':
      return l10n.t('Removed');
    case 'moved':
      return l10n.t('Moved');
    default:
      return l10n.t('Changed');
  }
}

function movedLines(applicationId: number, m: DeploymentCode['moved'][number]): CodeLineView[] {
  return m.methods.length > 0
    ? m.methods.map((method) => methodLine(applicationId, method))
    : [{ text: l10n.t('Its code did not change in this range.') }];
}

/** The page's pointer to the title bar's command (the page runs no script, so it holds no button). */
export function pickCommitsHint(): string {
  return l10n.t('To compare two commits of your choice, use Pick the Two Commits… in the title bar of this view.');
}

function codeView(code: DeploymentCodeAnswer): { notes: string[]; elsewhere: string[] } {
  if (code.kind === 'none')
    return { notes: code.pick ? [...code.messages, pickCommitsHint()] : code.messages, elsewhere: [] };
  const elsewhere = code.code.elsewhere.map((f) =>
    f.commits.length > 0 ? `${plain(f.path, 200)} (${commitsText(f.commits)})` : plain(f.path, 200),
  );
  return {
    notes: [
      code.picked
        ? l10n.t(
            "Code compared from {0} to {1}, the two commits picked; the numbers are the deployment's.",
            code.from.slice(0, 7),
            code.to.slice(0, 7),
          )
        : l10n.t('Code compared from {0} to {1}.', code.from.slice(0, 7), code.to.slice(0, 7)),
    ],
    elsewhere,
  };
}

export function impactViewModel(impact: DeploymentImpact, code?: DeploymentCodeAnswer): ImpactViewModel {
  const d = impact.deployment;
  const revision = plain(shortRevision(d.revision), 60);
  const app = plain(impact.application.name, 120);
  const facts = [
    l10n.t('Revision {0}, deployed {1}', plain(d.revision, 127), new Date(d.time).toISOString()),
    ...(d.user ? [l10n.t('By {0}', plain(d.user, 60))] : []),
    impact.previous
      ? l10n.t('Previous deployment: {0}', plain(impact.previous.revision, 127))
      : l10n.t('No earlier deployment in the list.'),
  ];
  const base = {
    title: l10n.t('What moved: {0} {1}', app, revision),
    heading: l10n.t('What moved at {0} on {1}', revision, app),
    facts,
  };
  if (impact.kind === 'tooEarly') {
    return {
      ...base,
      rows: [],
      note: l10n.t('Less than a whole minute has passed since this deployment: nothing to compare yet.'),
    };
  }
  const rows = impact.rows.map(rowView);
  if (code?.kind === 'code') {
    for (const [i, r] of impact.rows.entries()) {
      const moved = code.code.moved.find((m) => m.name === r.name);
      if (moved) rows[i].code = movedLines(impact.application.id, moved);
    }
  }
  const v = impact.verdict;
  return {
    ...base,
    windows: l10n.t(
      'Two windows of {0} minutes: before {1}, after {2} (the deployment minute left out).',
      impact.windows.minutes,
      windowText(impact.windows.before),
      windowText(impact.windows.after),
    ),
    verdict: {
      verdict: v.verdict,
      label: verdictLabel(v.verdict),
      message: v.message,
      restsOn: v.restsOn.map((r) => plain(r.name)),
    },
    rows,
    ...(rows.length === 0 ? { note: l10n.t('No transaction reported in either window.') } : {}),
    ...(code ? { code: codeView(code) } : {}),
  };
}
