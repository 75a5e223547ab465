import * as assert from 'node:assert/strict';

import { boundToSignal } from '../../src/api/sessionApi';
import { requiresNewConnection } from '../../src/connectionSettings';
import type { TimesliceApi } from '../../src/api/timesliceApi';
import type { RequestOptions } from '../../src/api/types';

describe("a connection's requests carry its signal", () => {
  it("every method gets the connection's signal, joined with the caller's", async () => {
    const seen: Array<AbortSignal | undefined> = [];
    const record = (options?: RequestOptions) => {
      seen.push(options?.signal);
      return Promise.resolve(undefined as never);
    };
    const fake = {
      baseUrl: 'https://x',
      dispose: () => Promise.resolve(),
      listApplications: (_f: unknown, o?: RequestOptions) => record(o),
      getApplication: (_i: unknown, o?: RequestOptions) => record(o),
      listHosts: (_i: unknown, _f: unknown, o?: RequestOptions) => record(o),
      getHost: (_i: unknown, _h: unknown, o?: RequestOptions) => record(o),
      listInstances: (_i: unknown, _f: unknown, o?: RequestOptions) => record(o),
      getInstance: (_i: unknown, _h: unknown, o?: RequestOptions) => record(o),
      listKeyTransactions: (_f: unknown, o?: RequestOptions) => record(o),
      getKeyTransaction: (_i: unknown, o?: RequestOptions) => record(o),
      listMetricNames: (_s: unknown, _f: unknown, o?: RequestOptions) => record(o),
      getMetricData: (_s: unknown, _q: unknown, o?: RequestOptions) => record(o),
      rawRequest: (_p: unknown, _q: unknown, o?: RequestOptions) => record(o),
    } as unknown as TimesliceApi;
    const session = new AbortController();
    const api = boundToSignal(fake, session.signal);
    const caller = new AbortController();
    const scope = { kind: 'application' as const, applicationId: 1 };
    await Promise.all([
      api.listApplications({}),
      api.getApplication(1),
      api.listHosts(1),
      api.getHost(1, 2),
      api.listInstances(1),
      api.getInstance(1, 2),
      api.listKeyTransactions(),
      api.getKeyTransaction(1),
      api.listMetricNames(scope),
      api.getMetricData(scope, { names: ['x'] }),
      api.rawRequest('/v2/applications.json', new URLSearchParams(), { signal: caller.signal }),
    ]);
    assert.equal(seen.length, 11);
    assert.ok(
      seen.slice(0, 10).every((s) => s === session.signal),
      "without a caller signal: the connection's",
    );
    const joined = seen[10]!;
    assert.equal(joined.aborted, false);
    session.abort();
    assert.equal(joined.aborted, true, "closing the connection aborts the caller's request too");
    assert.equal(api.baseUrl, 'https://x');
  });
});

describe('which settings reconnect', () => {
  const change = (...keys: string[]) => ({
    affectsConfiguration: (section: string) => keys.some((k) => k === section || k.startsWith(`${section}.`)),
  });

  it('the settings a connection is made of, and the proxy settings, reconnect', () => {
    for (const key of [
      'timeslice.region',
      'timeslice.customBaseUrl',
      'timeslice.responseFormat',
      'timeslice.apiKeyHeader',
      'timeslice.caCertificatePath',
      'timeslice.requestTimeoutSeconds',
      'http.proxy',
      'http.proxyStrictSSL',
      'http.noProxy',
    ]) {
      assert.ok(requiresNewConnection(change(key)), key);
    }
  });

  it('the binding, the status bar, alerts, the interval and the time zone do not', () => {
    for (const key of [
      'timeslice.boundApplication',
      'timeslice.statusBar.colorMode',
      'timeslice.statusBar.apdexWarning',
      'timeslice.alerts.enabled',
      'timeslice.refreshIntervalSeconds',
      'timeslice.timeZone',
      'editor.fontSize',
    ]) {
      assert.ok(!requiresNewConnection(change(key)), key);
    }
  });
});
