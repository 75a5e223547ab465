/**
 * One window for one deployment on both backends: with the service's data lagging the clock (the
 * simulator's lagMinutes), a window around a deployment two days ago is answered whole on REST v2 as on
 * NerdGraph, so both panels show the same span and neither says its data is "behind".
 */
import * as assert from 'node:assert/strict';

import { MetricNamesCache } from '../../src/api/metricNamesCache';
import { rangeAround } from '../../src/panels/aroundDeployment';
import { loadPanelData } from '../../src/panels/panelData';
import { deploymentsBetween } from '../../src/simulator/deployments';
import { simulatorWithBothBackends } from '../support/bothBackends';

const NOW = new Date('2026-11-20T12:00:30Z');
const DAY = 86_400_000;

describe('the window around a past deployment', function () {
  this.timeout(30_000);
  const both = simulatorWithBothBackends('NRAK-DEPLOYWINDOW000000000000', NOW, {
    simulator: { seed: 42, apps: 6, lagMinutes: 3 },
    listApplications: true,
  });

  it('is the same on REST v2 and NerdGraph, whole, with no lag note; a live range still lags on REST', async () => {
    const app = both.sim.datasets.us.apps.find((a) => a.reporting)!;
    const [deployment] = deploymentsBetween(both.sim.datasets.us, app, NOW.getTime() - 3 * DAY, NOW.getTime() - DAY);
    const spans = [];
    for (const api of [both.rest, both.ng]) {
      const data = await loadPanelData(
        { api, metricNames: new MetricNamesCache(api), now: NOW },
        {
          entity: { kind: 'application', applicationId: app.id, title: app.name },
          range: rangeAround(deployment.at, NOW.getTime()),
          view: 'chart',
        },
      );
      const { shown, requested } = data.range;
      assert.equal(shown.requestedTo, undefined, api.constructor.name);
      assert.equal(shown.from.getTime(), requested.from.getTime(), api.constructor.name);
      assert.equal(shown.to.getTime(), requested.to.getTime(), api.constructor.name);
      spans.push([shown.from.toISOString(), shown.to.toISOString()]);
    }
    assert.deepEqual(spans[0], spans[1]);
    const live = await loadPanelData(
      { api: both.rest, metricNames: new MetricNamesCache(both.rest), now: NOW },
      {
        entity: { kind: 'application', applicationId: app.id, title: app.name },
        range: { preset: '30m', compare: 'none' },
        view: 'chart',
      },
    );
    assert.ok(live.range.shown.requestedTo !== undefined, 'the last 30 minutes end where the lagging data ends');
  });
});
