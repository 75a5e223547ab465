/**
 * UI test: an open-alerts request that fails (503) reads as failed, never as "nothing firing": the
 * application's group says "Open alerts (unknown)" over an error row with Retry, and the status bar's
 * item beside the Apdex says "alerts unknown". The simulator runs in this process (as a custom region),
 * so the test can inject the fault into it.
 */
import * as assert from 'node:assert/strict';

import { Simulator } from '../../src/simulator/server';
import { bindByPalette } from './support/binding';
import { screenshot, startWorkbench, type Workbench } from './support/workbench';

describe('a failed open-alerts request, in the real workbench', () => {
  let wb: Workbench;
  let sim: Simulator;

  before(async () => {
    sim = await Simulator.start({ seed: 21, apps: 4 });
    // Every open-alerts request fails from the start, retries included.
    sim.injectFault({ endpoint: 'alertsViolations.list', kind: 'unavailable', retryAfterSeconds: 0 });
    wb = await startWorkbench({
      settings: {
        'timeslice.region': 'custom',
        'timeslice.customBaseUrl': sim.baseUrls.us,
        'timeslice.caCertificatePath': sim.certPath,
      },
    });
    await wb.sidebar.open();
    await wb.quickInput.runCommand('Timeslice: Set API Key…');
    await wb.quickInput.pick('Custom base URL');
    await wb.quickInput.widget
      .locator('.quick-input-title', { hasText: 'Custom base URL' })
      .waitFor({ timeout: 10_000 });
    await wb.quickInput.enter(); // The base URL is prefilled from the setting.
    await wb.quickInput.widget.locator('.quick-input-box input[type="password"]').waitFor({ timeout: 10_000 });
    await wb.quickInput.type('Set API Key: Custom base URL', sim.keys.us);
    await wb.quickInput.enter();
    await wb.sidebar.waitForRows(sim.datasets.us.apps.length);
  });

  after(async () => {
    await wb?.close();
    await sim?.stop();
  });

  it('shows an error row with Retry in the Open alerts group, not an empty group', async () => {
    const name = [...sim.datasets.us.apps].sort((a, b) => a.name.localeCompare(b.name))[0].name;
    await wb.sidebar.expand(name);
    // The failed group opens by itself on its error row.
    await wb.sidebar.row('Open alerts (unknown)').waitFor({ state: 'visible', timeout: 15_000 });
    await wb.sidebar.row('Retry').waitFor({ state: 'visible', timeout: 15_000 });
    const labels = await wb.sidebar.rowLabels();
    const group = labels.indexOf('Open alerts (unknown)');
    assert.ok(labels.slice(group + 1).includes('Retry'), labels.join(' | '));
    assert.ok(!labels.some((l) => /^Open alerts \(\d+\)$/.test(l)), 'no count is made up');
    await screenshot(wb.page, 'alerts-unknown-tree');
  });

  it('says "alerts unknown" beside the Apdex of the bound application', async () => {
    const name = [...sim.datasets.us.apps].sort((a, b) => a.name.localeCompare(b.name))[0].name;
    await bindByPalette(wb, name);
    const item = await wb.statusBar.waitForItem(/alerts unknown/, 30_000);
    assert.match(await item.innerText(), /alerts unknown/);
    await screenshot(wb.page, 'alerts-unknown-status');
  });
});
