/**
 * "Timeslice: Query Metric…": application → scope → metric name (searched as you type) → values →
 * time range, then the metric explorer panel with that selection. Back returns to the step before;
 * Escape at any step stops quietly.
 */
import * as l10n from '@vscode/l10n';

import type { Application, MetricName, MetricScope } from '../api/types';
import type { ChartPanel } from '../panels/chartPanel';
import type { RangePreset } from '../panels/protocol';
import { explorerEntity } from '../panels/explorerScope';
import { PRESET_MINUTES } from '../panels/protocol';
import type { RangePresetItem, ScopeItem } from '../palette/items';
import { runSteps } from '../palette/items';
import { QuickSteps } from '../palette/quickSteps';
import {
  pickApplication,
  pickMetricName,
  pickRange,
  pickScope,
  pickValues,
  requireConnection,
} from '../palette/pickers';
import type { Services } from '../services';

/** A finished query: what the pickers collect, or what a caller (a test, a keybinding) passes. */
export interface MetricQuery {
  scope: MetricScope;
  /** Display name of the scope: the application's, host's or instance's. */
  title: string;
  metric: string;
  values: string[];
  preset: Exclude<RangePreset, 'custom'>;
}

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

export function isMetricQuery(v: unknown): v is MetricQuery {
  if (typeof v !== 'object' || v === null) {
    return false;
  }
  const q = v as Record<string, unknown>;
  const s = q.scope as Record<string, unknown> | undefined;
  const scopeOk =
    typeof s === 'object' &&
    s !== null &&
    isId(s.applicationId) &&
    (s.kind === 'application' ||
      (s.kind === 'host' && isId(s.hostId)) ||
      (s.kind === 'instance' && isId(s.instanceId)));
  return (
    scopeOk &&
    typeof q.title === 'string' &&
    typeof q.metric === 'string' &&
    q.metric !== '' &&
    Array.isArray(q.values) &&
    q.values.length > 0 &&
    q.values.every((x) => typeof x === 'string') &&
    typeof q.preset === 'string' &&
    q.preset in PRESET_MINUTES
  );
}

/** Opens (or updates and reveals) the explorer panel for the query's scope. */
export function openMetricQuery(services: Services, q: MetricQuery): ChartPanel {
  return services.panels.show(explorerEntity(q.scope, q.title), {
    explorer: { metrics: [q.metric], values: q.values },
    range: { preset: q.preset, compare: 'none' },
  });
}

export function queryMetric(services: Services) {
  return async (answers?: unknown): Promise<void> => {
    if (answers !== undefined) {
      if (!isMetricQuery(answers)) {
        throw new Error(
          l10n.t('Query Metric was given an incomplete query (scope, metric, values and range preset are needed).'),
        );
      }
      openMetricQuery(services, answers);
      return;
    }
    const conn = requireConnection(services.connections.current);
    if (!conn) {
      return;
    }
    let app: Application | undefined;
    let scope: ScopeItem | undefined;
    let metric: MetricName | undefined;
    let values: string[] | undefined;
    let range: RangePresetItem | undefined;
    // Each step may go back to the one before (the Back button); Escape stops at any step.
    const chain = new QuickSteps();
    const finished = await runSteps(
      [
        async (nav) => !!(app = await pickApplication(conn, l10n.t('Application'), nav)),
        async (nav) => !!(scope = await pickScope(conn, app!, nav)),
        async (nav) => !!(metric = await pickMetricName(conn, scope!.scope, nav)),
        async (nav) => !!(values = await pickValues(metric!, nav)),
        async (nav) => !!(range = await pickRange(nav)),
      ],
      chain,
    ).finally(() => chain.dispose());
    if (finished && scope && metric && values && range) {
      openMetricQuery(services, {
        scope: scope.scope,
        title: scope.title,
        metric: metric.name,
        values,
        preset: range.preset,
      });
    }
  };
}
