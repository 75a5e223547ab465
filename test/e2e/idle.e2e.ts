/**
 * An unfocused window costs the service nothing: with the Applications view open and the window
 * blurred, the simulator records no request over three refresh intervals; on focus, the refresh missed
 * meanwhile runs at once, which shows the blur was real and the scheduler alive. The interval is 3 s
 * (the harness's `refreshFloor`; a user's floor is 60 s), and the test first sees two focused ticks, so
 * the blurred span is three intervals the scheduler was seen to keep, not a guess at one.
 */
import * as assert from 'node:assert/strict';

import { Simulator } from '../../src/simulator/server';
import { screenshot, startWorkbench, type Workbench } from './support/workbench';

const INTERVAL_S = 3;

describe('idle while the window is unfocused (real workbench)', () => {
  let wb: Workbench;
  let sim: Simulator;

  before(async () => {
    sim = await Simulator.start({ seed: 13, apps: 4 });
    wb = await startWorkbench({
      harness: { quiet: true, demoNames: 'test', refreshFloor: INTERVAL_S },
      settings: { 'timeslice.caCertificatePath': sim.certPath, 'timeslice.refreshIntervalSeconds': INTERVAL_S },
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

  /** Resolves when the simulator has answered `count` more application listings (the tree's refresh) than now. */
  async function listings(count: number): Promise<void> {
    const listed = () => sim.requests.filter((r) => r.endpoint === 'applications.list').length;
    const target = listed() + count;
    while (listed() < target) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('with the Applications view open, no request over three refresh intervals while blurred; the missed refresh runs on focus', async () => {
    await wb.sidebar.open();
    await wb.quickInput.runCommand('Timeslice: Set API Key…');
    await wb.quickInput.pick('Custom base URL');
    await wb.quickInput.type('Custom base URL', sim.baseUrls.us);
    await wb.quickInput.enter();
    await wb.quickInput.widget.locator('.quick-input-box input[type="password"]').waitFor({ timeout: 10_000 });
    await wb.quickInput.type('Set API Key: Custom base URL', sim.keys.us);
    await wb.quickInput.enter();
    await wb.sidebar.waitForRows(sim.datasets.us.apps.length);

    // Two regular ticks while focused: the interval the scheduler keeps, measured (at least INTERVAL_S).
    await listings(1);
    const tickAt = Date.now();
    await listings(1);
    const intervalMs = Math.max(INTERVAL_S * 1000, Date.now() - tickAt);

    await setWindowFocus(false);
    sim.clearRequests();
    const blurredAt = Date.now();
    // The behaviour under test is the absence of requests over time: watched for the whole span, failing at the first one.
    while (Date.now() - blurredAt < 3 * intervalMs) {
      assert.deepEqual(
        sim.requests.map((r) => `${r.endpoint ?? r.path} after ${Date.now() - blurredAt} ms`),
        [],
        `no request while blurred (interval ${intervalMs} ms)`,
      );
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await screenshot(wb.page, 'idle-blurred');

    await setWindowFocus(true);
    await listings(1);
  });
});
