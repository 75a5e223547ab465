/**
 * Which marker the pointer is on, and the chart's own tooltip meanwhile: a hovered marker's box
 * replaces it (the two boxes overlapped in the real workbench), and only while one is hovered.
 */
import * as assert from 'node:assert/strict';

import { MARKER_HOVER_PX, MarkerHover } from '../../webview/shared/markerHover';

/** An x scale of 1 px per second. */
const pixelFor = (time: number) => time / 1000;
const deployment = { time: 1_000_000, short: 'a1b2c3d' };
const alert = { time: 1_200_000, title: 'Error rate' };
const markers = [deployment, alert];

describe('marker hover (webview)', () => {
  it('hovers the marker within MARKER_HOVER_PX of the pointer, and says when that changed', () => {
    const hover = new MarkerHover<{ time: number }>();
    const chart = {};
    assert.equal(hover.track(chart, markers, { type: 'mousemove', x: 1000 + MARKER_HOVER_PX }, pixelFor), true);
    assert.equal(hover.of(chart), deployment);
    assert.equal(hover.track(chart, markers, { type: 'mousemove', x: 1000 - 2 }, pixelFor), false, 'still the same');
    assert.equal(hover.track(chart, markers, { type: 'mousemove', x: 1200 }, pixelFor), true);
    assert.equal(hover.of(chart), alert);
    assert.equal(hover.track(chart, markers, { type: 'mousemove', x: 1100 }, pixelFor), true);
    assert.equal(hover.of(chart), undefined);
    assert.equal(hover.track(chart, markers, { type: 'mousemove', x: null }, pixelFor), false, 'no position');
  });

  it("cancels the chart's own tooltip while a marker is hovered, and lets it draw again after", () => {
    const hover = new MarkerHover<{ time: number }>();
    const chart = {};
    const other = {};
    assert.equal(hover.chartTooltip(chart), undefined, 'nothing hovered yet');
    hover.track(chart, markers, { type: 'mousemove', x: 1001 }, pixelFor);
    assert.equal(hover.chartTooltip(chart), false, 'on the marker');
    assert.equal(hover.chartTooltip(other), undefined, 'another chart keeps its tooltip');
    hover.track(chart, markers, { type: 'mouseout', x: 1001 }, pixelFor);
    assert.equal(hover.chartTooltip(chart), undefined, 'after leaving the chart');
  });
});
