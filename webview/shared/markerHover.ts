/**
 * Which marker (deployment or open alert) the pointer is on, per chart, for the markers' Chart.js
 * plugins. While one is hovered its box replaces the chart's own tooltip: both at once overlap.
 * No DOM here, so unit tests drive it.
 */

/** Pixels on either side of a marker's line that hover it. */
export const MARKER_HOVER_PX = 5;

export interface PointerEvent {
  type: string;
  x: number | null;
}

export class MarkerHover<M extends { time: number }> {
  private readonly hovered = new WeakMap<object, M>();

  /** Follows the pointer over `chart`; true when the hovered marker changed (the chart must redraw). */
  track(chart: object, markers: readonly M[], event: PointerEvent, pixelFor: (time: number) => number): boolean {
    const x = event.x ?? -1;
    const near =
      event.type === 'mouseout' ? undefined : markers.find((m) => Math.abs(pixelFor(m.time) - x) <= MARKER_HOVER_PX);
    if (near === this.hovered.get(chart)) {
      return false;
    }
    if (near) {
      this.hovered.set(chart, near);
    } else {
      this.hovered.delete(chart);
    }
    return true;
  }

  of(chart: object): M | undefined {
    return this.hovered.get(chart);
  }

  /** For `beforeTooltipDraw`: false (cancel the chart's tooltip) while a marker of `chart` is hovered. */
  chartTooltip(chart: object): false | undefined {
    return this.hovered.has(chart) ? false : undefined;
  }
}
