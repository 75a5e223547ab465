/**
 * `window.__timeslice`, for integration and UI tests: the points each chart was given (as sent by
 * the extension: every slice up to two a pixel of the plot, thinned past that; before the Chart.js
 * decimation plugin) and whether the latest data is drawn.
 */
import type { ChartSpec } from '../../src/panels/protocol';

export interface TimesliceTestHook {
  /** Each chart of the latest 'data' message, with every series' points as received. */
  charts(): Array<{
    id: string;
    series: Array<{ label: string; color: string; points: Array<[number, number | null]> }>;
  }>;
  /** True once the latest 'data' message is drawn (charts or tables); false before and while loading. */
  readonly ready: boolean;
  /** How many 'data' messages have been drawn, so a test can wait for the next one. */
  readonly renders: number;
}

declare global {
  interface Window {
    __timeslice?: TimesliceTestHook;
  }
}

export interface TestHookSource {
  charts(): readonly ChartSpec[];
  ready(): boolean;
  renders(): number;
}

export function installTestHook(source: TestHookSource): void {
  window.__timeslice = {
    charts: () =>
      source.charts().map((c) => ({
        id: c.id,
        series: c.series.map((s) => ({
          label: s.label,
          color: s.color,
          points: s.points.map((p): [number, number | null] => [p[0], p[1]]),
        })),
      })),
    get ready() {
      return source.ready();
    },
    get renders() {
      return source.renders();
    },
  };
}
