/**
 * The status bar's last-deployment updates (src/status/lastDeploymentUpdates.ts): asked after a
 * bound-apps refresh for the application the item shows, one ask at a time, redrawn when what is known
 * changes, forgotten with the session.
 */
import * as assert from 'node:assert/strict';

import type { Binding } from '../../src/status/binding';
import type { BoundAppsPoller } from '../../src/status/boundAppsPoller';
import { LastDeploymentUpdates } from '../../src/status/lastDeploymentUpdates';
import type { ConnectionManager } from '../../src/session/connectionManager';

type Listener = () => void;

function event(): { fire(): void; on: (l: Listener) => { dispose(): void } } {
  const listeners = new Set<Listener>();
  return {
    fire: () => listeners.forEach((l) => l()),
    on: (l) => {
      listeners.add(l);
      return { dispose: () => listeners.delete(l) };
    },
  };
}

describe('the status bar: last deployment updates', () => {
  const binding: Binding = { id: 7, region: 'demo', name: 'storefront-web' };

  function setUp(latest: () => Promise<undefined>) {
    const refreshed = event();
    const sessionChanged = event();
    const connections = { current: { api: {}, deployments: { latest } }, onDidChangeSession: sessionChanged.on };
    let shown: Binding | undefined = binding;
    let redraws = 0;
    const updates = new LastDeploymentUpdates(
      { onDidRefresh: refreshed.on } as unknown as Pick<BoundAppsPoller, 'onDidRefresh'>,
      connections as unknown as Pick<ConnectionManager, 'current' | 'onDidChangeSession'>,
      () => shown,
      () => redraws++,
    );
    return {
      updates,
      refreshed,
      sessionChanged,
      redraws: () => redraws,
      hide: () => (shown = undefined),
      /** Another session (another account): what the last one knew is no longer true. */
      newSession: () => {
        connections.current = { api: {}, deployments: { latest } };
        sessionChanged.fire();
      },
    };
  }

  it('asks after a refresh and redraws when the ask fails, saying why; a new session forgets it', async () => {
    const t = setUp(() => Promise.reject(new Error('429 Too Many Requests')));
    assert.equal(t.updates.failure(binding), undefined, 'nothing asked before a refresh');
    t.refreshed.fire();
    await t.updates.settled!();
    assert.equal(t.updates.failure(binding), '429 Too Many Requests');
    assert.equal(t.redraws(), 1);
    t.sessionChanged.fire();
    assert.equal(t.updates.failure(binding), undefined);
    t.updates.dispose();
  });

  it('asks one at a time, and nothing while the item shows no application', async () => {
    let asking = 0;
    let most = 0;
    let asked = 0;
    let started: () => void = () => undefined;
    const firstStarted = new Promise<void>((resolve) => (started = resolve));
    const t = setUp(async () => {
      asked++;
      most = Math.max(most, ++asking);
      started();
      await new Promise((resolve) => setImmediate(resolve));
      asking--;
      return undefined;
    });
    t.refreshed.fire();
    await firstStarted;
    t.newSession(); // While the first ask is out: the next refresh must ask again, after it.
    t.refreshed.fire();
    await t.updates.settled!();
    assert.equal(asked, 2);
    assert.equal(most, 1, 'two asks at once');
    t.hide();
    t.newSession();
    t.refreshed.fire();
    await t.updates.settled!();
    assert.equal(asked, 2, 'asked for an item that shows no application');
    assert.equal(t.redraws(), 0, 'no deployment before and none now: nothing to redraw');
    t.updates.dispose();
  });
});
