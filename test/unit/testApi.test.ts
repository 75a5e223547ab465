import * as assert from 'node:assert/strict';

import type { TestApiSource } from '../../src/testApi';
import { TEST_HARNESS_ENV, testApiFor } from '../../src/testApi';

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
    panels: {},
    applicationsView: {},
    recentLogLines: () => [],
    status: { bindings: {}, poller: {}, statusBar: {}, alerts: {} },
  } as unknown as TestApiSource;

  it('nothing in normal use, whatever else is in the environment', () => {
    assert.equal(testApiFor(source, {}), undefined);
    assert.equal(testApiFor(source, { [TEST_HARNESS_ENV]: '0', TIMESLICE_DEMO: '1' }), undefined);
    assert.equal(testApiFor(source, { [TEST_HARNESS_ENV]: 'true' }), undefined);
  });

  it('under the harness, a test API without the key store and without a way to read a key', async () => {
    const api = testApiFor(source, { [TEST_HARNESS_ENV]: '1' })!;
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
});
