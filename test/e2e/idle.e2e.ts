/**
 * An unfocused window costs the service nothing: with the Applications view open and the window
 * blurred, the simulator records no request for 3 minutes (three refresh intervals); on focus, the
 * refresh missed meanwhile runs at once, which shows the blur was real and the scheduler alive.
 */
import * as assert from 'node:assert/strict';

import { Simulator } from '../../src/simulator/server';
import { screenshot, startWorkbench, type Workbench } from './support/workbench';

const BLURRED_MS = 3 * 60_000;

describe('idle while the window is unfocused (real workbench)', () => {
  let wb: Workbench;
  let sim: Simulator;

  before(async () => {
    sim = await Simulator.start({ seed: 13, apps: 4 });
    wb = await startWorkbench({
      settings: { 'timeslice.caCertificatePath': sim.certPath, 'timeslice.refreshIntervalSeconds': 60 },
    });
  });

  after(async () => {
    await wb?.close();
    await sim?.stop();
  });

  /**
   * What the workbench reads to decide the window's focus: `document.hasFocus()` on window focus and
   * blur events. Headless Chromium always reports focus, so the test says otherwise, as a switch to
   * another application would.
   */
  async function setWindowFocus(focused: boolean): Promise<void> {
    await wb.page.evaluate(`(() => {
      document.hasFocus = () => ${focused};
      window.dispatchEvent(new FocusEvent('${focused ? 'focus' : 'blur'}'));
    })()`);
  }

  it('with the Applications view open, no request for 3 minutes while blurred; the missed refresh runs on focus', async function () {
    this.timeout(BLURRED_MS + 180_000);
    await wb.sidebar.open();
    await wb.quickInput.runCommand('Timeslice: Set API Key…');
    await wb.quickInput.pick('Custom base URL');
    await wb.quickInput.type('Custom base URL', sim.baseUrls.us);
    await wb.quickInput.enter();
    await wb.quickInput.widget.locator('.quick-input-box input[type="password"]').waitFor({ timeout: 10_000 });
    await wb.quickInput.type('Set API Key: Custom base URL', sim.keys.us);
    await wb.quickInput.enter();
    await wb.sidebar.waitForRows(sim.datasets.us.apps.length);

    await setWindowFocus(false);
    sim.clearRequests();
    const blurredAt = Date.now();
    // The behaviour under test is the absence of requests over time: watched for the whole span, failing at the first one.
    while (Date.now() - blurredAt < BLURRED_MS) {
      assert.deepEqual(
        sim.requests.map((r) => `${r.endpoint ?? r.path} after ${Math.round((Date.now() - blurredAt) / 1000)} s`),
        [],
        'no request while blurred',
      );
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    await screenshot(wb.page, 'idle-blurred-3min');

    const focusedAt = Date.now();
    await setWindowFocus(true);
    while (!sim.requests.some((r) => r.endpoint === 'applications.list')) {
      assert.ok(Date.now() - focusedAt < 20_000, 'the missed refresh ran within 20 s of focus');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });
});
