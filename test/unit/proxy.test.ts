/**
 * The client through an HTTP proxy: HTTPS goes through a CONNECT tunnel (the proxy never sees the
 * key), answers equal the direct ones, and proxy failures say what to check. Plus the pure rules:
 * which proxy is chosen, NO_PROXY, and redaction of proxy credentials.
 */
import assert from 'node:assert/strict';
import * as net from 'node:net';

import type { HttpTimesliceApiOptions } from '../../src/api/rest/client';
import { HttpTimesliceApi } from '../../src/api/rest/client';
import { ApiError } from '../../src/api/apiError';
import { chooseProxy, matchesNoProxy, parseProxyUrl, proxyTlsOptions, redactProxyUrl } from '../../src/api/proxy';
import { makeCertificate } from '../../src/simulator/cert';
import { MemoryLogger } from '../../src/log';
import { Simulator } from '../../src/simulator/server';
import { ConnectProxy } from '../support/connectProxy';

const NOW = new Date('2026-11-20T12:00:30Z');

describe('HttpTimesliceApi through a proxy', function () {
  this.timeout(15_000);
  let sim: Simulator;
  let proxy: ConnectProxy;
  let baseUrl: string;
  const open: HttpTimesliceApi[] = [];

  function client(overrides: Partial<HttpTimesliceApiOptions> = {}): { api: HttpTimesliceApi; log: MemoryLogger } {
    const log = new MemoryLogger();
    const api = new HttpTimesliceApi({
      baseUrl,
      getApiKey: () => Promise.resolve(sim.keys.us),
      ca: sim.certPem,
      log,
      timeoutMs: 15_000,
      backoffBaseMs: 10,
      ...overrides,
    });
    open.push(api);
    return { api, log };
  }

  before(async () => {
    // A fixed clock: the two clients' answers are compared whole, and a second ticking between them
    // would change the applications' last-reported times.
    sim = await Simulator.start({ seed: 7, apps: 5, now: () => NOW });
    // "localhost" rather than 127.0.0.1: a host name, as a real service has, that the proxy must resolve.
    baseUrl = sim.baseUrls.us.replace('127.0.0.1', 'localhost');
    proxy = await ConnectProxy.start();
  });

  afterEach(async () => {
    await Promise.all(open.splice(0).map((a) => a.dispose()));
    proxy.reset();
    sim.clearRequests();
  });

  after(async () => {
    await proxy.stop();
    await sim.stop();
  });

  it('tunnels every request with CONNECT and gets the same answers as a direct client', async () => {
    const direct = await client().api.listApplications();
    assert.equal(proxy.connects.length, 0, 'the direct client does not use the proxy');
    const viaProxy = await client({ proxy: { url: proxy.url, strictSSL: true } }).api.listApplications();
    assert.deepEqual(viaProxy, direct);
    assert.ok(proxy.tunnels > 0, 'at least one tunnel');
    assert.ok(
      proxy.connects.every((c) => c.target === `localhost:${new URL(baseUrl).port}`),
      `CONNECT targets: ${proxy.connects.map((c) => c.target).join(', ')}`,
    );
    assert.equal(proxy.plainRequests.length, 0, 'no request was sent to the proxy in plain text');
  });

  it('never shows the key to the proxy: not in CONNECT headers, not in the tunnelled bytes', async () => {
    const { api } = client({ proxy: { url: proxy.url, strictSSL: true } });
    const apps = await api.listApplications();
    await api.listHosts(apps[0].id);
    assert.ok(proxy.tunnelledBytes().length > 0, 'bytes went through the tunnel');
    assert.ok(!proxy.tunnelledBytes().includes(Buffer.from(sim.keys.us)), 'the key is not in the tunnel in plain text');
    for (const c of proxy.connects) {
      assert.ok(!JSON.stringify(c.headers).includes(sim.keys.us), 'the key is not in a CONNECT header');
    }
    assert.ok(
      sim.requests.length >= 2 && sim.requests.every((r) => r.headers['api-key'] === sim.keys.us),
      'the service got the key through the tunnel',
    );
  });

  it('still verifies the service certificate through the proxy (strict SSL)', async () => {
    const { api } = client({ proxy: { url: proxy.url, strictSSL: true }, ca: undefined });
    await assert.rejects(api.listApplications(), (e: ApiError) => e.kind === 'tls');
    assert.ok(proxy.tunnels > 0);
  });

  it("strictSSL false does not relax the API server's certificate: the key only goes to a verified server", async () => {
    const { api } = client({ proxy: { url: proxy.url, strictSSL: false }, ca: undefined });
    await assert.rejects(api.listApplications(), (e: ApiError) => e.kind === 'tls');
    assert.ok(proxy.tunnels > 0, 'it went through the proxy');
  });

  it('strictSSL false relaxes only the hop to an https proxy with its own certificate', async () => {
    const tlsProxy = await ConnectProxy.start({ tls: await makeCertificate() });
    try {
      const strict = client({ proxy: { url: tlsProxy.url, strictSSL: true } }).api;
      await assert.rejects(
        strict.listApplications(),
        (e: ApiError) => e.kind === 'proxy' || e.kind === 'tls',
        "the proxy's certificate is verified by default",
      );
      const relaxed = client({ proxy: { url: tlsProxy.url, strictSSL: false } }).api;
      assert.ok((await relaxed.listApplications()).length > 0);
      assert.ok(tlsProxy.tunnels > 0);
      assert.deepEqual(proxyTlsOptions({ strictSSL: false }, 'CA'), {
        requestTls: { ca: 'CA' },
        proxyTls: { ca: 'CA', rejectUnauthorized: false },
      });
    } finally {
      await tlsProxy.stop();
    }
  });

  it('407: says to check the proxy credentials, and sends them when the URL has them', async () => {
    const guarded = await ConnectProxy.start({ credentials: { user: 'alice', password: 's3cret' } });
    try {
      const anonymous = client({ proxy: { url: guarded.url, strictSSL: true } });
      await assert.rejects(anonymous.api.listApplications(), (e: ApiError) => {
        assert.equal(e.kind, 'proxy');
        assert.equal(e.status, 407);
        assert.match(e.message, /proxy 127\.0\.0\.1:\d+ asked for credentials \(407\).*http\.proxy/);
        assert.equal(e.retryable, false);
        return true;
      });
      const withCredentials = client({
        proxy: { url: `http://alice:s3cret@127.0.0.1:${guarded.port}`, strictSSL: true },
      });
      assert.ok((await withCredentials.api.listApplications()).length > 0);
      assert.ok(guarded.tunnels > 0);
      const logged = [...anonymous.log.lines, ...withCredentials.log.lines].join('\n');
      assert.ok(!logged.includes('s3cret'), 'the proxy password is not logged');
    } finally {
      await guarded.stop();
    }
  });

  it('a proxy that is down: says the proxy cannot be reached and to check http.proxy', async () => {
    const port = await freePort();
    const { api } = client({ proxy: { url: `http://127.0.0.1:${port}`, strictSSL: true } });
    await assert.rejects(api.listApplications(), (e: ApiError) => {
      assert.equal(e.kind, 'proxy');
      assert.match(
        e.message,
        new RegExp(`proxy 127\\.0\\.0\\.1:${port} could not be reached \\(ECONNREFUSED\\).*"http\\.proxy"`),
      );
      assert.equal(e.retryable, true);
      return true;
    });
  });

  it('a proxy that cannot reach the service: names the host and the proxy answer', async () => {
    const port = await freePort();
    const { api } = client({ baseUrl: `https://localhost:${port}`, proxy: { url: proxy.url, strictSSL: true } });
    await assert.rejects(api.listApplications(), (e: ApiError) => {
      assert.equal(e.kind, 'proxy');
      assert.match(e.message, new RegExp(`would not open a tunnel to localhost:${port} \\(it answered 502\\)`));
      return true;
    });
  });
});

describe('chooseProxy / NO_PROXY / redaction', () => {
  const target = new URL('https://api.newrelic.com');

  it('uses http.proxy before HTTPS_PROXY, then HTTPS_PROXY, then HTTP_PROXY (either case)', () => {
    assert.equal(
      chooseProxy(target, { setting: 'http://a:1', env: { HTTPS_PROXY: 'http://b:2' } }).proxy?.url,
      'http://a:1/',
    );
    assert.equal(chooseProxy(target, { env: { HTTPS_PROXY: 'http://b:2' } }).proxy?.url, 'http://b:2/');
    assert.equal(chooseProxy(target, { env: { https_proxy: 'http://c:3' } }).proxy?.url, 'http://c:3/');
    assert.equal(
      chooseProxy(target, { env: { HTTP_PROXY: 'http://d:4', HTTPS_PROXY: 'http://b:2' } }).proxy?.url,
      'http://b:2/',
    );
    assert.equal(
      chooseProxy(target, { env: { http_proxy: 'http://d:4' } }).proxy?.url,
      'http://d:4/',
      'HTTP_PROXY alone serves https too',
    );
    assert.equal(chooseProxy(target, { setting: '  ', env: {} }).proxy, undefined);
  });

  it('reads a bare host:port as http, keeps strictSSL and authorization', () => {
    const choice = chooseProxy(target, {
      setting: 'proxy.corp:3128',
      strictSSL: false,
      authorization: 'Basic eA==',
      env: {},
    });
    assert.deepEqual(choice.proxy, { url: 'http://proxy.corp:3128/', strictSSL: false, authorization: 'Basic eA==' });
  });

  it('refuses a proxy scheme it cannot use, as a configuration error', () => {
    assert.throws(
      () => parseProxyUrl('socks5://x:1080'),
      (e: ApiError) => e.kind === 'invalidConfig' && /http:\/\/ or https:\/\/ proxy/.test(e.message),
    );
  });

  it('bypasses the proxy for NO_PROXY and http.noProxy matches', () => {
    assert.equal(
      chooseProxy(target, { setting: 'http://p:1', env: { NO_PROXY: 'example.com,.newrelic.com' } }).proxy,
      undefined,
    );
    assert.equal(
      chooseProxy(target, { setting: 'http://p:1', noProxy: ['api.newrelic.com'], env: {} }).proxy,
      undefined,
    );
    assert.ok(chooseProxy(target, { setting: 'http://p:1', env: { no_proxy: 'example.com' } }).proxy);
  });

  it('matches NO_PROXY entries like curl, with loopback names covering each other', () => {
    const loop = new URL('https://127.0.0.1:8443');
    assert.ok(matchesNoProxy(loop, ['localhost']));
    assert.ok(matchesNoProxy(new URL('https://localhost:1'), ['127.0.0.1']));
    assert.ok(matchesNoProxy(new URL('https://[::1]:1'), ['::1']));
    assert.ok(matchesNoProxy(loop, ['*']));
    assert.ok(matchesNoProxy(loop, ['127.0.0.1:8443']));
    assert.ok(!matchesNoProxy(loop, ['127.0.0.1:9999']));
    assert.ok(matchesNoProxy(target, ['*.newrelic.com']));
    assert.ok(matchesNoProxy(target, ['newrelic.com']));
    assert.ok(!matchesNoProxy(target, ['relic.com', 'eu.newrelic.com']));
    assert.ok(!matchesNoProxy(loop, []));
  });

  it('redacts proxy credentials for logs', () => {
    assert.equal(redactProxyUrl('http://alice:s3cret@proxy:8080'), 'http://***@proxy:8080');
    assert.equal(redactProxyUrl('http://proxy:8080'), 'http://proxy:8080');
    assert.ok(!chooseProxy(target, { setting: 'http://alice:s3cret@proxy:8080', env: {} }).reason.includes('s3cret'));
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}
