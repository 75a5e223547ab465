// No metric-data request: counts and stacks come from the error details service (cached there).
import * as l10n from '@vscode/l10n';

import { isApiError } from '../../api/apiError';
import type { ErrorApplication } from '../../errors/errorModel';
import { errorText } from '../../errors/errorText';
import { newSinceRevision } from '../../errors/newErrorClasses';
import { errorTimelineNrql, readErrorTimeline } from '../../errors/errorTimeline';
import { formatAge } from '../../format/presentation';
import { shortTransactionName } from '../../format/transactions';
import { SERIES_PALETTE } from '../catalogue';
import { errorCountsNote, stackView } from '../errorPanelData';
import type { PanelErrorSource } from '../errorSource';
import type { PanelData, PanelLoad } from '../panelLoad';
import { withShown } from '../panelRange';
import type { ChartSpec, SummaryItem } from '../protocol';

function needsNerdGraph(): string {
  return l10n.t('Error classes and stacks come from NerdGraph; REST API v2 gives error counts only.');
}

function timelineBase(load: PanelLoad<'error'>): Omit<ChartSpec, 'series'> {
  const { period } = load.range.requested;
  const title =
    period === 60 ? l10n.t('Errors per minute by class') : l10n.t('Errors per {0} minutes by class', period / 60);
  return { id: 'errors:timeline', title, unit: 'count' };
}

async function timelineChart(
  source: PanelErrorSource,
  load: PanelLoad<'error'>,
  signal: AbortSignal | undefined,
): Promise<ChartSpec> {
  const { entity, range } = load;
  const { from, to, period } = range.requested;
  const base = timelineBase(load);
  if (!source.runNrql) {
    return { ...base, series: [], error: needsNerdGraph() };
  }
  const nrql = errorTimelineNrql({
    applicationId: entity.applicationId,
    transactionName: entity.transactionName,
    range: { from, to },
    periodSeconds: period,
  });
  const timeline = readErrorTimeline(await source.runNrql(nrql, signal));
  // The panel's own class first, so it keeps the first colour whatever the others do.
  timeline.sort((a, b) => Number(b.errorClass === entity.errorClass) - Number(a.errorClass === entity.errorClass));
  return {
    ...base,
    series: timeline.map((t, i) => ({
      label: errorText(t.errorClass, 'class'),
      color: SERIES_PALETTE[i % SERIES_PALETTE.length],
      points: t.points,
    })),
  };
}

// Never an empty chart that reads as no errors; a cancelled load stays a cancellation.
function failedTimeline(load: PanelLoad<'error'>, e: unknown): ChartSpec {
  if (load.ctx.signal?.aborted || (isApiError(e) && e.kind === 'cancelled')) {
    throw e;
  }
  const message = e instanceof Error ? e.message : String(e);
  return { ...timelineBase(load), series: [], error: l10n.t('The error query failed: {0}', message) };
}

export async function loadError(load: PanelLoad<'error'>): Promise<PanelData> {
  const { ctx, entity, range } = load;
  const signal = ctx.signal;
  const { from, to } = range.requested;
  const base = {
    title: entity.title,
    range: withShown(range, undefined),
    metricDataRequests: 0,
  };
  const transaction: SummaryItem = {
    label: l10n.t('Transaction'),
    value: errorText(shortTransactionName(entity.transactionName), 'class'),
  };
  const withoutDetails = (message: string): PanelData => ({
    ...base,
    summary: [transaction],
    summaryNote: message,
    charts: [],
    errors: { kind: 'stack', stack: { kind: 'needsNerdGraph', message } },
  });
  const source = ctx.errors;
  if (!source) {
    return withoutDetails(needsNerdGraph());
  }
  const app = await applicationOf(load);
  const classes = await source.classes(app, { from, to }, signal);
  if (classes.kind === 'needs-nerdgraph') {
    return withoutDetails(classes.message);
  }
  const [stack, chart] = await Promise.all([
    source.latestStack(app, entity.errorClass, entity.transactionName, { from, to }, signal),
    timelineChart(source, load, signal).catch((e: unknown) => failedTimeline(load, e)),
  ]);
  const located = stack.kind === 'stack' ? await source.locate(app, stack.frames) : { bound: true, targets: [] };
  const row = classes.rows.find(
    (r) => r.errorClass === entity.errorClass && r.transactionName === entity.transactionName,
  );
  const now = (ctx.now ?? new Date()).getTime();
  return {
    ...base,
    summary: [
      { label: l10n.t('Count'), value: String(row?.count ?? 0) },
      {
        label: l10n.t('Last seen'),
        value: row ? formatAge(now - row.lastSeen.getTime()) : l10n.t('not in this range'),
      },
      transaction,
      ...(row?.newSince ? [{ label: l10n.t('New since'), value: newSinceRevision(row.newSince) }] : []),
    ],
    summaryNote: errorCountsNote(),
    charts: [chart],
    errors: {
      kind: 'stack',
      stack: stackView(stack, located.targets),
      ...(located.bound
        ? {}
        : { unboundNote: l10n.t('No folder of this workspace is bound to the application: frames open nothing.') }),
    },
    frameTargets: located.targets,
  };
}

async function applicationOf({ ctx, entity }: PanelLoad<'error'>): Promise<ErrorApplication> {
  const language =
    entity.language ?? (await ctx.api.getApplication(entity.applicationId, { signal: ctx.signal })).language;
  return { id: entity.applicationId, language };
}
