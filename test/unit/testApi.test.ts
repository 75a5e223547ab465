import * as assert from 'node:assert/strict';

import type { TestApiSource } from '../../src/testApi';
import { testApiFor } from '../../src/testApi';
import { harnessSwitches, harnessValue, TEST_HARNESS_ENV } from '../../src/testHarness';

describe('what activate() hands to other extensions', () => {
  const KEY = 'NRAK-SECRETSECRETSECRET0000000001';
  const stored = new Map<string, string>([['us', KEY]]);
  class ApiKeyStore {
    get = (r: string) => Promise.resolve(stored.get(r));
    record = (r: string) => Promise.resolve(stored.has(r) ? { key: stored.get(r)!, accountId: 7 } : undefined);
    set = (r: string, k: string) => {
      stored.set(r, k);
      return Promise.resolve();
    };
    delete = (r: string) => {
      stored.delete(r);
      return Promise.resolve();
    };
  }
  const apiKeys = new ApiKeyStore();
  const source = {
    apiKeys,
    tree: {},
    connections: {},
    demo: {},
    panels: { open: new Map() },
    applicationsView: {},
    recentLogLines: () => [],
    status: { bindings: {}, poller: {}, statusBar: {}, alerts: {} },
  } as unknown as TestApiSource;

  const underEnv = (env: NodeJS.ProcessEnv) => testApiFor(source, harnessSwitches(env));

  it('nothing in normal use, whatever else is in the environment', () => {
    assert.equal(underEnv({}), undefined);
    assert.equal(underEnv({ [TEST_HARNESS_ENV]: '0', TIMESLICE_DEMO: '1' }), undefined);
    assert.equal(underEnv({ [TEST_HARNESS_ENV]: 'true' }), undefined);
    assert.equal(underEnv({ [TEST_HARNESS_ENV]: '1' }), undefined, 'the old value turns nothing on');
    assert.equal(underEnv({ [TEST_HARNESS_ENV]: 'quiet,demo,names=test' }), undefined);
  });

  it('under the harness, a test API without the key store and without a way to read a key', async () => {
    const api = underEnv({ [TEST_HARNESS_ENV]: 'quiet, api' })!;
    assert.ok(api);
    assert.equal('apiKeys' in api, false);
    for (const value of [...Object.values(api), ...Object.values(api.status), ...Object.values(api.keys)]) {
      assert.notEqual(value, apiKeys);
    }
    assert.deepEqual(Object.keys(api.keys).sort(), ['accountId', 'delete', 'has', 'set']);
    assert.equal(await api.keys.has('us'), true);
    assert.equal(await api.keys.accountId('us'), 7, 'the account chosen for the key, never the key');
    assert.equal(await api.keys.accountId('eu'), undefined);
    await api.keys.set('eu', 'NRAK-OTHER');
    assert.equal(stored.get('eu'), 'NRAK-OTHER');
    await api.keys.delete('eu');
    assert.equal(await api.keys.has('eu'), false);
  });

  it('the one variable holds every test switch; all are off without it', () => {
    assert.deepEqual(
      harnessSwitches({ TIMESLICE_SKIP_WALKTHROUGH: '1', TIMESLICE_DEMO: '1', TIMESLICE_DEMO_NAMES: 'test' }),
      {
        api: false,
        quiet: false,
        demo: undefined,
        demoNames: 'demo',
        emptyWebview: false,
      },
    );
    assert.deepEqual(harnessSwitches({ [TEST_HARNESS_ENV]: 'api,quiet,demo=nerdGraph,names=test,emptyWebview' }), {
      api: true,
      quiet: true,
      demo: { backend: 'nerdGraph' },
      demoNames: 'test',
      emptyWebview: true,
    });
    assert.deepEqual(harnessSwitches({ [TEST_HARNESS_ENV]: 'demo' }).demo, {});
    assert.equal(harnessSwitches({ [TEST_HARNESS_ENV]: 'demo,clockShift=-5400' }).demoClockShift, -5400);
    assert.equal(harnessSwitches({ [TEST_HARNESS_ENV]: 'demo,clockShift=soon' }).demoClockShift, undefined);
    assert.equal(harnessSwitches({ [TEST_HARNESS_ENV]: 'indexGate=-1' }).indexGate, undefined);
    assert.equal(harnessSwitches({ [TEST_HARNESS_ENV]: 'refreshFloor=3s' }).refreshFloor, undefined);
    assert.equal(harnessSwitches({ [TEST_HARNESS_ENV]: 'story,storyUntil=v3.2.0' }).demoStoryUntil, undefined);
    for (const switches of [
      { quiet: true },
      { api: true, quiet: true, demoNames: 'test' as const },
      { demo: {}, demoNames: 'test' as const },
      { quiet: true, demo: { backend: 'restV2' } },
      { demo: {}, demoClockShift: -5400 },
      { demo: {}, demoClockShift: 0 },
      { quiet: true, demo: {}, emptyWebview: true },
      { quiet: true, demo: {}, indexGate: 4 },
      { quiet: true, demo: {}, demoClockShift: -5400, demoStory: true },
      { quiet: true, demo: {}, demoStory: true, demoStoryUntil: '545143b' },
      { quiet: true, refreshFloor: 3 },
    ]) {
      const read = harnessSwitches({ [TEST_HARNESS_ENV]: harnessValue(switches) });
      assert.deepEqual(read, {
        api: false,
        quiet: false,
        demo: undefined,
        demoNames: 'demo',
        emptyWebview: false,
        ...switches,
      });
    }
  });
});
