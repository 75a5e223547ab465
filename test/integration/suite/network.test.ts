import * as assert from 'node:assert/strict';

import * as vscode from 'vscode';

import type { TimesliceTestApi } from '../../../src/testApi';
import type { ChartPanel } from '../../../src/panels/chartPanel';
import { Simulator } from '../../../src/simulator/server';
import { ConnectProxy } from '../../support/connectProxy';
import { eventually, labelText, setSettings, timeslice } from './helpers';
import { panelStatus } from './panelStatus';

async function setHttp(values: Record<string, unknown>): Promise<void> {
  const config = vscode.workspace.getConfiguration('http');
  for (const [key, value] of Object.entries(values)) {
    await config.update(key, value, vscode.ConfigurationTarget.Global);
  }
}

/** A simulator of the test's own as a custom region; `http.proxy` pointed at a loopback CONNECT proxy. */
describe('when the network misbehaves', function () {
  this.timeout(120_000);
  let ts: TimesliceTestApi;
  let sim: Simulator;
  let proxy: ConnectProxy;

  before(async () => {
    ts = await timeslice();
    sim = await Simulator.start({ seed: 5, apps: 5 });
    proxy = await ConnectProxy.start({ credentials: { user: 'tester', password: 'pr0xy-pass' } });
    await setSettings({
      region: 'custom',
      customBaseUrl: sim.baseUrls.us,
      caCertificatePath: sim.certPath,
      requestTimeoutSeconds: 5,
    });
    await ts.keys.set('custom', sim.keys.us, new URL(sim.baseUrls.us).origin);
    await eventually(
      () => (ts.connections.current?.api.baseUrl.startsWith(sim.baseUrls.us) ? true : undefined),
      'the custom connection',
    );
  });

  afterEach(() => {
    sim.clearFaults();
    proxy.reset();
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await setHttp({ proxy: undefined, proxyStrictSSL: undefined });
    await ts.keys.delete('custom');
    await setSettings({
      region: undefined,
      customBaseUrl: undefined,
      caCertificatePath: undefined,
      requestTimeoutSeconds: undefined,
    });
    await proxy.stop();
    await sim.stop();
  });

  /** Refreshes and waits for the connection built after a settings change to be the one asked. */
  async function rootsAfterRefresh() {
    ts.tree.refresh();
    return ts.tree.getChildren();
  }

  async function useProxy(url: string | undefined): Promise<void> {
    const before = ts.connections.current;
    await setHttp({ proxy: url });
    await eventually(
      () => (ts.connections.current && ts.connections.current !== before ? true : undefined),
      'the connection rebuilt for http.proxy',
    );
  }

  it('a custom key is not sent when timeslice.customBaseUrl moves to another origin: the key is asked for again', async () => {
    const other = await Simulator.start({ seed: 6, apps: 2 });
    try {
      await setSettings({ customBaseUrl: other.baseUrls.us });
      const state = await eventually(
        () => (ts.connections.state.kind === 'invalidConfig' ? ts.connections.state : undefined),
        'the refused connection',
      );
      assert.equal(state.kind === 'invalidConfig' && state.setKey, true);
      assert.match(state.kind === 'invalidConfig' ? state.message : '', /Set the key again/);
      const roots = await rootsAfterRefresh();
      assert.equal(ts.tree.getTreeItem(roots[0]).command?.command, 'timeslice.setApiKey');
      assert.equal(
        other.requests.filter((r) => JSON.stringify(r.headers).includes(sim.keys.us)).length,
        0,
        'the key reached the new origin',
      );
    } finally {
      await setSettings({ customBaseUrl: sim.baseUrls.us });
      await eventually(
        () => (ts.connections.current?.api.baseUrl.startsWith(sim.baseUrls.us) ? true : undefined),
        'the custom connection again',
      );
      await other.stop();
    }
  });

  it("with http.proxy set, the tree's requests go through the proxy in a CONNECT tunnel", async () => {
    assert.equal(
      process.env.NO_PROXY ?? process.env.no_proxy ?? '',
      '',
      'this test needs no NO_PROXY in the extension host',
    );
    const direct = await rootsAfterRefresh();
    assert.equal(proxy.connects.length, 0);
    await useProxy(`http://tester:pr0xy-pass@127.0.0.1:${proxy.port}`);
    sim.clearRequests();
    const viaProxy = await rootsAfterRefresh();
    assert.deepEqual(
      viaProxy.map((n) => n.id),
      direct.map((n) => n.id),
    );
    assert.ok(proxy.tunnels > 0, 'tunnels opened');
    assert.ok(
      proxy.connects.every((c) => c.target === new URL(sim.baseUrls.us).host),
      'CONNECT to the service',
    );
    assert.equal(proxy.plainRequests.length, 0);
    assert.ok(!proxy.tunnelledBytes().includes(Buffer.from(sim.keys.us)), 'the proxy never saw the key');
    assert.ok(
      sim.requests.some((r) => r.endpoint === 'applications.list'),
      'the service answered',
    );
    const log = ts.recentLogLines().join('\n');
    assert.match(log, /through the proxy http:\/\/\*\*\*@127\.0\.0\.1:\d+ \(CONNECT tunnel\)/);
    assert.ok(!log.includes('pr0xy-pass'), 'the proxy password is not logged');
  });

  it('a 407 from the proxy is an item that says to check the proxy credentials, with the proxy setting as action', async () => {
    await useProxy(`http://127.0.0.1:${proxy.port}`);
    const roots = await rootsAfterRefresh();
    const item = ts.tree.getTreeItem(roots[0]);
    assert.match(labelText(item), /asked for credentials \(407\).*proxy credentials/);
    assert.deepEqual(item.command?.arguments, ['http.proxy']);
    assert.equal(
      vscode.workspace.getConfiguration('http').get('proxy'),
      `http://127.0.0.1:${proxy.port}`,
      'the setting is kept',
    );
    await useProxy(undefined);
    const recovered = await rootsAfterRefresh();
    assert.equal(recovered[0].kind, 'application');
  });

  it('an unusable http.proxy is explained in the tree with the proxy setting as action, and kept', async () => {
    await setHttp({ proxy: 'socks5://127.0.0.1:1080' });
    await eventually(
      () => (ts.connections.state.kind === 'invalidConfig' ? true : undefined),
      'the invalid-config state',
    );
    const roots = await rootsAfterRefresh();
    const item = ts.tree.getTreeItem(roots[0]);
    assert.match(labelText(item), /proxy .*"http\.proxy".* uses socks5:\/\/.*Use an http:\/\/ or https:\/\/ proxy/);
    assert.deepEqual(item.command?.arguments, ['http.proxy']);
    assert.equal(vscode.workspace.getConfiguration('http').get('proxy'), 'socks5://127.0.0.1:1080');
    await useProxy(undefined);
  });

  it('a 429 after a good load keeps the applications and says how old they are', async () => {
    const good = await rootsAfterRefresh();
    assert.equal(good.filter((n) => n.kind === 'application').length, 5);
    sim.injectFault({ endpoint: 'applications.list', kind: 'rateLimited', retryAfterSeconds: 1 });
    const stale = await rootsAfterRefresh();
    assert.equal(stale[0].kind, 'message');
    assert.match(
      labelText(ts.tree.getTreeItem(stale[0])),
      /^Showing data from just now — rate limited, retrying in \d+ s$/,
    );
    assert.equal(ts.tree.getTreeItem(stale[0]).command?.command, 'timeslice.refresh');
    assert.deepEqual(
      stale.slice(1).map((n) => n.id),
      good.map((n) => n.id),
      'the same applications, in order',
    );
    const app = stale[1];
    // Hosts, Instances, Key transactions, Transactions, Errors, Deployments, Open alerts.
    assert.equal((await ts.tree.getChildren(app)).length, 7, 'children still open');
    assert.match(
      ts.applicationsView.view.message ?? '',
      /^Showing data from just now — rate limited, retrying in \d+ s$/,
    );
    sim.clearFaults();
    const recovered = await rootsAfterRefresh();
    assert.deepEqual(
      recovered.map((n) => n.id),
      good.map((n) => n.id),
    );
    assert.equal(ts.applicationsView.view.message, undefined);
  });

  it('a panel keeps its charts after a failed refresh and says how old they are', async () => {
    const roots = await rootsAfterRefresh();
    const app = roots.find((n) => n.kind === 'application')!;
    await vscode.commands.executeCommand('timeslice.openEntity', app);
    const panel: ChartPanel = await eventually(() => [...ts.panels.open.values()][0], 'the panel');
    await eventually(() => panelStatus(panel).dataAt, "the panel's data", 30_000);
    const dataAt = panelStatus(panel).dataAt;
    sim.injectFault({ endpoint: 'metricData', kind: 'serverError' });
    await panel.load();
    assert.match(panelStatus(panel).error ?? '', /server error \(500\)/);
    assert.equal(panelStatus(panel).staleNote, 'Showing data from just now');
    assert.equal(panelStatus(panel).dataAt, dataAt, 'the data shown is the earlier one');
    sim.clearFaults();
    await panel.load();
    assert.equal(panelStatus(panel).error, undefined);
  });

  // Last in this suite, so it searches what the tests above left behind: proxy, 407, 429, a panel, a
  // moved base URL. (The client-level sweep with every fault is test/unit/keyLeak.test.ts.)
  it("key leak sweep: no 8-character piece of the key in the log, settings, settings files, tree, editors, proxy or the service's non-key bytes", async () => {
    const key = sim.keys.us;
    const pieces = Array.from({ length: key.length - 7 }, (_, i) => key.slice(i, i + 8));
    const places: Record<string, string> = {};
    places['log channel (recent lines)'] = ts.recentLogLines().join('\n');
    for (const section of ['timeslice', 'http']) {
      const config = vscode.workspace.getConfiguration(section);
      places[`settings: ${section}.* at every level`] = JSON.stringify(
        Object.keys(config).map((k) => config.inspect(k)),
      );
    }
    for (const folder of vscode.workspace.workspaceFolders ?? []) {
      const file = vscode.Uri.joinPath(folder.uri, '.vscode', 'settings.json');
      places[`settings file of ${folder.name}`] = await Promise.resolve(vscode.workspace.fs.readFile(file)).then(
        (b) => Buffer.from(b).toString('utf8'),
        () => '',
      );
    }
    const roots = await rootsAfterRefresh();
    places['tree: labels, descriptions, tooltips'] = JSON.stringify(
      roots.map((n) => {
        const item = ts.tree.getTreeItem(n);
        return [
          item.label,
          item.description,
          typeof item.tooltip === 'string' ? item.tooltip : item.tooltip?.value,
          item.command,
        ];
      }),
    );
    places['open editors (raw response tabs)'] = vscode.workspace.textDocuments.map((d) => d.getText()).join('\n');
    // Not the clipboard: in code-server reading it waits for a browser permission that never comes.
    places['proxy: CONNECT headers and bytes in the tunnels'] =
      JSON.stringify(proxy.connects) + proxy.tunnelledBytes().toString('latin1');
    places['the service: everything but the key header'] = JSON.stringify(
      sim.requests.map((r) => ({ ...r, headers: { ...r.headers, 'api-key': undefined }, query: r.query.toString() })),
    );
    assert.ok(
      sim.requests.some((r) => r.headers['api-key'] === key),
      'the key was used',
    );
    assert.ok(
      places['log channel (recent lines)'].length > 0 && places['tree: labels, descriptions, tooltips'].length > 2,
      'there was something to search',
    );
    for (const [place, text] of Object.entries(places)) {
      assert.deepEqual(
        pieces.filter((p) => text.includes(p)),
        [],
        `a piece of the key is in: ${place}`,
      );
    }
  });
});
