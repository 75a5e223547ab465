import { transactionWindow } from '../api/transactionStats';
import { validPeriods } from '../api/timeRange';
import type { MetricData } from '../api/types';
import { answer, describeWindow, foreign, isoMinute, rounded } from './toolAnswer';
import {
  APPLICATION_FIELDS,
  applicationRef,
  inputObject,
  optionalBoolean,
  optionalTextList,
  rangeMinutes,
  ToolInputError,
} from './toolInput';
import { resolveApplication } from './toolTarget';
import type { TimesliceTool } from './toolTypes';

export const MAX_METRICS = 10;
export const MAX_METRIC_POINTS = 60;
const DEFAULT_METRIC_MINUTES = 60;

/** The finest period the service takes for the range that gives at most MAX_METRIC_POINTS points. */
export function pointsPeriod(rangeSeconds: number): number {
  const periods = validPeriods(rangeSeconds);
  return periods.find((p) => rangeSeconds / p <= MAX_METRIC_POINTS) ?? periods[periods.length - 1];
}

function valuesOf(
  values: Readonly<Record<string, number>>,
  wanted: readonly string[] | undefined,
): Record<string, number> {
  return Object.fromEntries(
    Object.entries(values)
      .filter(([k]) => !wanted || wanted.includes(k))
      .map(([k, v]): [string, number] => [foreign(k) ?? '', rounded(v, 3)]),
  );
}

export const metricTool: TimesliceTool = {
  name: 'timeslice_metric',
  async run(input, ctx) {
    const fields = inputObject(input, [...APPLICATION_FIELDS, 'metrics', 'values', 'minutes', 'points']);
    const names = optionalTextList(fields, 'metrics', MAX_METRICS);
    const wanted = optionalTextList(fields, 'values', 20);
    const withPoints = optionalBoolean(fields, 'points', false);
    const minutes = rangeMinutes(fields, DEFAULT_METRIC_MINUTES);
    if (!names) {
      throw new ToolInputError('Give "metrics": one or more metric names, e.g. ["HttpDispatcher"].');
    }
    const app = await resolveApplication(applicationRef(fields), ctx);
    const window = transactionWindow(ctx.now(), minutes);
    const scope = { kind: 'application', applicationId: app.id } as const;
    const range = { from: new Date(window.from), to: new Date(window.to) };
    const period = pointsPeriod(minutes * 60);
    const [summary, series] = await Promise.all([
      ctx.session.api.getMetricData(scope, { names, ...range, summarize: true }, { signal: ctx.signal }),
      withPoints
        ? ctx.session.api.getMetricData(scope, { names, ...range, period }, { signal: ctx.signal })
        : Promise.resolve<MetricData | undefined>(undefined),
    ]);
    const rows = names.map((name) => {
      const summarized = summary.metrics.find((m) => m.name === name);
      const points = series?.metrics.find((m) => m.name === name);
      return {
        name: foreign(name),
        found: summarized !== undefined && summarized.timeslices.length > 0,
        ...(summarized?.timeslices[0] ? { overRange: valuesOf(summarized.timeslices[0].values, wanted) } : {}),
        ...(points
          ? {
              points: points.timeslices
                .slice(-MAX_METRIC_POINTS)
                .map((s) => ({ from: isoMinute(Date.parse(s.from)), ...valuesOf(s.values, wanted) })),
            }
          : {}),
      };
    });
    return answer({
      heading: `Metrics of application ${app.id}`,
      range: `${describeWindow(window.from, window.to)}${withPoints ? `; points every ${period / 60} min` : ''}`,
      notes: [
        "Values as the service names them (average_response_time in ms, calls_per_minute, error_count, …); list a metric's names with the metric explorer.",
      ],
      key: 'metrics',
      rows,
      maxRows: MAX_METRICS,
      narrowHint: 'ask for fewer metrics or "values"',
    });
  },
};
