import * as assert from 'node:assert/strict';

import { Dataset } from '../../src/simulator/dataset';
import { DEMO_TEST_DATA_SET } from './support/demoData';
import { Simulator } from '../../src/simulator/server';
import { screenshot, startWorkbench, type Theme, type Workbench } from './support/workbench';

const THEMES: Array<{ theme: Theme; slug: string }> = [
  { theme: 'Default Dark Modern', slug: 'dark' },
  { theme: 'Default Light Modern', slug: 'light' },
];

for (const { theme, slug } of THEMES) {
  describe(`demo from the welcome view (${theme})`, () => {
    let wb: Workbench;

    before(async () => {
      wb = await startWorkbench({ theme });
    });

    after(async () => {
      await wb?.close();
    });

    it('welcome view → Try the Demo → the applications, marked as demo', async () => {
      await wb.sidebar.open();
      await screenshot(wb.page, `tree-${slug}-1-welcome`);
      await wb.sidebar.clickWelcomeButton('Try the Demo');
      // Start Demo asks which API the demo speaks (timeslice.demo.backend is not set here).
      await wb.quickInput.pick('REST API v2');
      await wb.sidebar.waitForRows(5);
      const labels = await wb.sidebar.rowLabels();
      assert.ok(labels.includes('storefront-web'), labels.join(', '));
      assert.ok(labels.includes('notifications-worker'));
      // The view's message follows the connection's change event, which may land after the first rows.
      await wb.page.locator('.part.sidebar', { hasText: 'Demo: a simulated account' }).waitFor({ timeout: 15_000 });
      const description = await wb.sidebar.row('storefront-web').locator('.label-description').innerText();
      assert.match(description, /^Apdex \d\.\d\d · \d+ (ms|s) · [\d.]+k? rpm$/);
      assert.match(
        await wb.sidebar.row('notifications-worker').locator('.label-description').innerText(),
        /not reporting/,
      );
      await screenshot(wb.page, `tree-${slug}-2-demo`);
    });

    it('expands an application to its hosts, instances and key transactions', async () => {
      await wb.sidebar.expand('storefront-web');
      await wb.sidebar.expand('Hosts');
      await wb.sidebar.rows
        .locator('.label-name', { hasText: /\.ec2\.internal$|\.prod\.example\.com$/ })
        .first()
        .waitFor({ timeout: 15_000 });
      await wb.sidebar.expand('Key transactions');
      await wb.sidebar.row('Key transactions').locator('xpath=following-sibling::*[1]').waitFor({ timeout: 15_000 });
      const labels = await wb.sidebar.rowLabels();
      // The demo's data set is deterministic: the same seed here gives the records the tree must show.
      const demo = new Dataset(DEMO_TEST_DATA_SET);
      const app = demo.apps.find((a) => a.name === 'storefront-web')!;
      const at = labels.indexOf('storefront-web');
      assert.equal(labels[at + 1], 'Hosts');
      for (const id of app.hostIds) {
        assert.ok(labels.includes(demo.hosts.get(id)!.name), `host ${demo.hosts.get(id)!.name}`);
      }
      for (const kt of demo.keyTransactions.filter((k) => k.appId === app.id)) {
        assert.ok(labels.includes(kt.name), `key transaction ${kt.name}`);
      }
      assert.ok(labels.includes('Instances'));
      await wb.sidebar.expand('Instances');
      // Children arrive after the twistie turns: wait for an instance row, "host:port".
      await wb.sidebar.rows
        .locator('.label-name', { hasText: /:\d{4}$/ })
        .first()
        .waitFor({ timeout: 15_000 });
      const instanceRows = (await wb.sidebar.rowLabels()).filter((l) => /:\d{4}$/.test(l));
      assert.equal(instanceRows.length, demo.apps.find((a) => a.name === 'storefront-web')!.instanceIds.length);
      await screenshot(wb.page, `tree-${slug}-3-expanded`);
    });

    it('shows an application named with HTML characters as plain text', async () => {
      const name = '<img src=x onerror=alert(1)> & "q"';
      const row = wb.sidebar.row(name);
      await row.waitFor({ state: 'visible' });
      assert.equal(await row.locator('.label-name').innerText(), name);
      assert.equal(
        await wb.page.locator('.part.sidebar img[src="x"]').count(),
        0,
        'no image element was made from the name',
      );
      await row.hover();
      const hover = wb.page.locator('.monaco-hover, .workbench-hover').first();
      await hover.waitFor({ state: 'visible', timeout: 10_000 });
      assert.ok((await hover.innerText()).includes(name), 'the tooltip shows the name as text');
      assert.equal(await hover.locator('img').count(), 0);
      await screenshot(wb.page, `tree-${slug}-4-html-name-tooltip`);
    });
  });
}

describe('set-key flow through the quick pick and input box', () => {
  let wb: Workbench;
  let sim: Simulator;

  before(async () => {
    sim = await Simulator.start({ seed: 11, apps: 5 });
    wb = await startWorkbench({ settings: { 'timeslice.caCertificatePath': sim.certPath } });
  });

  after(async () => {
    await wb?.close();
    await sim?.stop();
  });

  it('asks for the region, the base URL and the key, checks it, and shows the applications', async () => {
    await wb.sidebar.open();
    await wb.sidebar.clickWelcomeButton('Set API Key');
    await wb.quickInput.pick('Custom base URL');
    await wb.quickInput.type('Custom base URL', sim.baseUrls.us);
    await wb.quickInput.enter();
    // The key's box replaces the URL's: wait for it (a password box) before typing.
    await wb.quickInput.widget.locator('.quick-input-box input[type="password"]').waitFor({ timeout: 10_000 });
    await wb.quickInput.type('Set API Key: Custom base URL', 'not-a-key');
    // Validation runs as the user types; the prompt is replaced by the message.
    await wb.quickInput.message
      .filter({ hasText: 'Only User keys are accepted (they start with NRAK-).' })
      .waitFor({ timeout: 10_000 });
    await screenshot(wb.page, 'setKey-1-validation');
    await wb.quickInput.type('Set API Key: Custom base URL', sim.keys.us);
    await wb.quickInput.enter();
    await wb.sidebar.waitForRows(sim.datasets.us.apps.length);
    const labels = await wb.sidebar.rowLabels();
    assert.deepEqual([...labels].sort(), sim.datasets.us.apps.map((a) => a.name).sort());
    await screenshot(wb.page, 'setKey-2-tree');
    const checks = sim.requests.filter((r) => r.query.get('filter[ids]') === '0');
    assert.equal(checks.length, 1, 'the key was checked with one request before it was stored');
  });

  it('keeps the key after a window reload', async () => {
    sim.clearRequests();
    await wb.page.reload();
    await wb.page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    await wb.sidebar.open();
    await wb.sidebar.waitForRows(sim.datasets.us.apps.length, 60_000);
    assert.ok(sim.requests.some((r) => r.endpoint === 'applications.list' && r.headers['api-key'] === sim.keys.us));
    await screenshot(wb.page, 'setKey-3-after-reload');
  });

  it('a wrong key is not stored and the error says what to do', async () => {
    await wb.quickInput.runCommand('Timeslice: Set API Key…');
    await wb.quickInput.pick('EU');
    await wb.quickInput.type('Set API Key: EU', 'NRAK-WRONGKEY0000000000000000000');
    await wb.quickInput.enter();
    const toast = wb.page
      .locator('.notifications-toasts .notification-toast', { hasText: 'The key was not saved' })
      .first();
    await toast.waitFor({ state: 'visible', timeout: 30_000 });
    await screenshot(wb.page, 'setKey-4-wrong-key');
  });
});
