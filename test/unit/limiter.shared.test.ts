/**
 * One rate limiter per (origin, key), shared by every client the connection manager builds: the views'
 * client of the session, its NRQL client and the key check of "Set API Key…", on either backend. The
 * simulator counts the requests it is answering per key; every request is delayed so that whatever the
 * client lets through at once is seen at once. A limiter per client would let 4 through per client.
 */
import assert from 'node:assert/strict';

import { LimiterRegistry } from '../../src/api/limiter';
import { originOf } from '../../src/auth/keyRecord';
import { Simulator } from '../../src/simulator/server';
import { FakeClock } from '../support/fakeClock';
import type { FakeVscodeControl, SessionModules } from '../support/fakeVscode';
import { EventEmitter, FakeSecretStorage, installFakeVscode, loadSessionModules } from '../support/fakeVscode';

const NRQL = 'SELECT count(newrelic.timeslice.value) AS c FROM Metric SINCE 10 minutes ago';
/** The limiter's default: requests of one key in flight at once. */
const LIMIT = 4;

describe('one rate limiter per key, shared by the views, NRQL and the key check', function () {
  this.timeout(30_000);
  let sim: Simulator;
  let vscode: FakeVscodeControl & { uninstall(): void };
  let modules: SessionModules;
  const disposables: Array<{ dispose(): unknown }> = [];

  before(async () => {
    sim = await Simulator.start({ seed: 11, apps: 4 });
    vscode = installFakeVscode();
    modules = loadSessionModules();
  });

  after(async () => {
    vscode.uninstall();
    await sim.stop();
  });

  afterEach(() => {
    for (const d of disposables.splice(0)) {
      d.dispose();
    }
    sim.clearFaults();
    vscode.settings.clear();
  });

  /** A manager connected to the simulator's US origin with its US key, as a user's custom region would be. */
  async function connect(backend: 'restV2' | 'nerdGraph', limiters?: LimiterRegistry) {
    const { ConnectionManager, ApiKeyStore, Config, MemoryLogger } = modules;
    vscode.settings.clear();
    vscode.settings.set('timeslice.region', 'custom');
    vscode.settings.set('timeslice.customBaseUrl', sim.baseUrls.us);
    vscode.settings.set('timeslice.caCertificatePath', sim.certPath);
    vscode.settings.set('timeslice.backend', backend);
    const keys = new ApiKeyStore(new FakeSecretStorage());
    await keys.set('custom', sim.keys.us, originOf(sim.baseUrls.us), sim.accounts.us[0].id);
    const config = new Config();
    const demo = { endpoint: undefined, onDidChange: new EventEmitter<void>().event };
    const manager = new ConnectionManager(config, keys, demo as never, new MemoryLogger(), undefined, limiters);
    disposables.push(manager, keys, config);
    await manager.rebuild();
    const session = manager.current;
    assert.ok(session, `connected: ${JSON.stringify(manager.state)}`);
    assert.equal(session.backend, backend);
    return { manager, session };
  }

  /** Every request takes 100 ms on the simulator, so requests let through together overlap there. */
  /** Every answer held `delayMs`, so requests overlap; long enough that a busy machine's handshakes still do. */
  function slowEverything(delayMs = 100): void {
    sim.injectFault({ endpoint: '*', kind: 'delay', delayMs, times: 10_000 });
    sim.clearRequests();
  }

  for (const backend of ['restV2', 'nerdGraph'] as const) {
    it(`${backend}: views, NRQL and a key check of one key never have more than ${LIMIT} in flight`, async () => {
      const { manager, session } = await connect(backend);
      const apps = sim.datasets.us.apps;
      const account = sim.accounts.us[0].id;
      const check = manager.clientFor(sim.baseUrls.us, () => Promise.resolve(sim.keys.us), 1);
      disposables.push({ dispose: () => check.dispose() });
      slowEverything();
      await Promise.all([
        ...apps.flatMap((a) => [session.api.getApplication(a.id), session.api.listHosts(a.id)]),
        ...Array.from({ length: 6 }, () => session.nrql!.run(account, NRQL)),
        ...apps.map((a) => check.getApplication(a.id)),
      ]);
      const graphql = sim.requests.filter((r) => r.path === '/graphql').length;
      const rest = sim.requests.filter((r) => r.path.startsWith('/v2/')).length;
      assert.ok(graphql >= 6 && rest >= apps.length, `both endpoints were asked (${rest} REST, ${graphql} NerdGraph)`);
      assert.equal(sim.peakInFlight(sim.keys.us), LIMIT, 'the limit is reached and never passed');
    });
  }

  it('a new session for the same key counts in the minute of the old one', async () => {
    // 3 a minute on a fake clock: the old session's three requests leave the new session none.
    const clock = new FakeClock();
    const { manager, session: first } = await connect('restV2', new LimiterRegistry({ perMinute: 3, clock }));
    const apps = sim.datasets.us.apps;
    for (const a of apps.slice(0, 3)) {
      await first.api.getApplication(a.id);
    }
    // A setting the connection is made of changes: the manager replaces the session, same key.
    vscode.settings.set('timeslice.requestTimeoutSeconds', 29);
    await manager.rebuild();
    const second = manager.current!;
    assert.notEqual(second, first);
    sim.clearRequests();
    let answered = false;
    const pending = second.api.getApplication(apps[0].id).then((app) => {
      answered = true;
      return app;
    });
    await clock.until(() => clock.pending > 0);
    assert.equal(sim.requests.length, 0, "the new session waits for the old one's minute");
    assert.equal(answered, false);
    clock.advance(60_000);
    assert.equal((await pending).id, apps[0].id);
    assert.equal(sim.requests.length, 1);
  });

  it('two keys on the same origin do not share one: each has its own limit', async () => {
    const { manager, session } = await connect('restV2');
    const apps = sim.datasets.us.apps;
    const euApps = sim.datasets.eu.apps;
    // The EU base URL is the same origin with a path prefix; its key is another key.
    assert.equal(originOf(sim.baseUrls.eu), originOf(sim.baseUrls.us));
    const other = manager.clientFor(sim.baseUrls.eu, () => Promise.resolve(sim.keys.eu), 1);
    disposables.push({ dispose: () => other.dispose() });
    slowEverything(500);
    await Promise.all([
      ...apps.flatMap((a) => [session.api.getApplication(a.id), session.api.listHosts(a.id)]),
      ...euApps.flatMap((a) => [other.getApplication(a.id), other.listHosts(a.id)]),
    ]);
    assert.equal(sim.peakInFlight(sim.keys.us), LIMIT);
    assert.equal(sim.peakInFlight(sim.keys.eu), LIMIT);
    assert.equal(sim.peakInFlight(), 2 * LIMIT, 'both keys had their limit in flight at once');
  });
});
