/**
 * A click on a chart's deployment marker asks the host for What Moved at that deployment; the host takes
 * only an id it sent (src/panels/panelActions.ts), with its own copy of the deployment.
 */
import * as assert from 'node:assert/strict';

import type { Deployment } from '../../src/api/deployments';
import { deploymentMarker, markerDeployment } from '../../src/panels/panelDeployments';
import { isFromWebview } from '../../src/panels/protocol';
import { deploymentImpactMessage } from '../../webview/shared/deploymentClick';
import { readMarkers } from '../../webview/shared/markerData';
import { MARKER_HOVER_PX, MarkerHover } from '../../webview/shared/markerHover';

const DEPLOYMENT: Deployment = {
  id: '4711',
  revision: 'a1b2c3d4e5f6',
  commit: 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678',
  user: 'eve',
  description: 'Faster checkout',
  time: 1_000_000,
};

describe('deployment marker click (webview)', () => {
  it('a click on a marker the host named sends its id; the guard lets the message through', () => {
    const [marker] = readMarkers([deploymentMarker(DEPLOYMENT)])!;
    assert.equal(marker.id, '4711', 'the webview keeps the id the host sent');
    const hover = new MarkerHover<typeof marker>();
    const chart = {};
    const pixelFor = (time: number) => time / 1000;
    hover.track(chart, [marker], { type: 'click', x: 1000 + MARKER_HOVER_PX }, pixelFor);
    const message = deploymentImpactMessage('click', hover.of(chart));
    assert.deepEqual(message, { type: 'showDeploymentImpact', deploymentId: '4711' });
    assert.ok(isFromWebview(message));
  });

  it('sends nothing for a hover, a click beside the markers or a marker without an id', () => {
    const [marker] = readMarkers([deploymentMarker(DEPLOYMENT)])!;
    assert.equal(deploymentImpactMessage('mousemove', marker), undefined);
    assert.equal(deploymentImpactMessage('click', undefined), undefined);
    const [withoutId] = readMarkers([{ time: 1, revision: 'v1' }])!;
    assert.equal(deploymentImpactMessage('click', withoutId), undefined);
  });

  it("the guard refuses an id that is not short text, and the host's copy gives the deployment back whole", () => {
    for (const deploymentId of ['', 4711, 'x'.repeat(101), undefined]) {
      assert.equal(isFromWebview({ type: 'showDeploymentImpact', deploymentId }), false, String(deploymentId));
    }
    assert.deepEqual(markerDeployment(deploymentMarker(DEPLOYMENT)), DEPLOYMENT);
    assert.equal(markerDeployment({ time: 1, revision: 'v1', short: 'v1' }), undefined);
  });
});
