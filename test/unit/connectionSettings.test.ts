import * as assert from 'node:assert/strict';

import { Pipeline, sessionSignal } from '../../src/api/pipeline';
import { requiresNewConnection } from '../../src/connectionSettings';
import type { ConnectionSpec } from '../../src/session/connectionSpec';
import { sameSpec } from '../../src/session/connectionSpec';

describe("a connection's requests carry its signal", () => {
  it("the session's layer gives every request the session's signal, joined with the caller's", () => {
    const session = new AbortController();
    const pipeline = new Pipeline([sessionSignal(session.signal)]);
    assert.equal(pipeline.bind(undefined), session.signal, "without a caller signal: the connection's");
    const caller = new AbortController();
    const joined = pipeline.bind(caller.signal)!;
    assert.equal(joined.aborted, false);
    session.abort();
    assert.equal(joined.aborted, true, "closing the connection aborts the caller's request too");
  });
});

describe('a connection is its spec', () => {
  const spec: ConnectionSpec = {
    demo: false,
    backend: 'restV2',
    region: 'us',
    baseUrl: 'https://api.example',
    format: 'json',
    proxy: { url: 'http://proxy:3128', strictSSL: true },
    keyHash: 'abc',
  };

  it('equal fields are the same connection; any field that differs is another', () => {
    assert.ok(sameSpec(spec, { ...spec, proxy: { url: 'http://proxy:3128', strictSSL: true } }));
    assert.ok(sameSpec(spec, { ...spec, accountId: undefined }), 'a field left undefined is absent');
    assert.ok(!sameSpec(spec, { ...spec, format: 'xml' }));
    assert.ok(!sameSpec(spec, { ...spec, accountId: 7 }));
    assert.ok(!sameSpec(spec, { ...spec, proxy: { url: 'http://proxy:3128', strictSSL: false } }));
    assert.ok(!sameSpec(spec, { ...spec, proxy: undefined }));
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
