/**
 * Failure handling of the HTTP client: every simulator fault, transport failures (refused, DNS, TLS),
 * wrong keys and regions, and client-side checks. Each error must have the right kind, say what to
 * do, come after the right number of tries, and never carry the API key anywhere.
 */
import assert from 'node:assert/strict';
import * as net from 'node:net';

import type { HttpTimesliceApiOptions } from '../../src/api/rest/client';
import { HttpTimesliceApi } from '../../src/api/rest/client';
import type { ApiErrorKind } from '../../src/api/apiError';
import { ApiError } from '../../src/api/apiError';
import type { ApiFormat, MetricScope } from '../../src/api/types';
import { MemoryLogger } from '../../src/log';
import type { EndpointId, Fault, FaultKind } from '../../src/simulator/faults';
import { FAULT_KINDS } from '../../src/simulator/faults';
import { Simulator } from '../../src/simulator/server';
import { FakeClock } from '../support/fakeClock';

const NOW = new Date('2026-11-20T12:00:30Z');
const US_KEY = 'NRAK-FAULTSUSKEY0000000000000001';
const EU_KEY = 'NRAK-FAULTSEUKEY0000000000000002';
const WRONG_KEY = 'NRAK-WRONGKEY000000000000000003';
const ALL_KEYS = [US_KEY, EU_KEY, WRONG_KEY];

describe('HttpTimesliceApi failures against the simulator', function () {
  this.timeout(10_000);
  let sim: Simulator;
  let appId: number;
  const injected = new Set<FaultKind>();
  const open: HttpTimesliceApi[] = [];

  interface Client {
    api: HttpTimesliceApi;
    log: MemoryLogger;
  }

  function client(overrides: Partial<HttpTimesliceApiOptions> = {}, format: ApiFormat = 'json'): Client {
    const log = new MemoryLogger();
    const api = new HttpTimesliceApi({
      baseUrl: sim.baseUrls.us,
      getApiKey: () => Promise.resolve(US_KEY),
      ca: sim.certPem,
      log,
      format,
      timeoutMs: 1500,
      backoffBaseMs: 10,
      ...overrides,
    });
    open.push(api);
    return { api, log };
  }

  function inject(fault: Fault): void {
    injected.add(fault.kind);
    sim.injectFault(fault);
  }

  function tries(endpoint: EndpointId): number {
    return sim.requests.filter((r) => r.endpoint === endpoint).length;
  }

  /** No trace of any key in the error or the log. */
  function assertNoKey(error: ApiError, log: MemoryLogger): void {
    const texts = [error.message, String(error), error.stack ?? '', ...log.lines];
    for (const key of ALL_KEYS) {
      for (const text of texts) {
        assert.ok(!text.includes(key), `the key leaked into: ${text}`);
      }
    }
  }

  /** Awaits a failure and checks kind, wording and key hygiene. */
  async function expectError(
    work: Promise<unknown>,
    kind: ApiErrorKind,
    phrase: RegExp,
    log: MemoryLogger,
    logged = true,
  ): Promise<ApiError> {
    let caught: unknown;
    try {
      await work;
    } catch (e) {
      caught = e;
    }
    assert.ok(caught instanceof ApiError, `expected an ApiError, got ${String(caught)}`);
    assert.equal(caught.kind, kind, `kind of: ${caught.message}`);
    assert.match(caught.message, phrase);
    if (logged) {
      assert.ok(
        log.lines.some((l) => l.startsWith('warn ')),
        'the failure is logged',
      );
    }
    assertNoKey(caught, log);
    return caught;
  }

  before(async () => {
    sim = await Simulator.start({ seed: 11, apps: 4, pageSize: 5, now: () => NOW, usKey: US_KEY, euKey: EU_KEY });
    appId = sim.datasets.us.apps[0].id;
  });

  after(async () => {
    await sim.stop();
  });

  beforeEach(() => {
    sim.clearFaults();
    sim.clearRequests();
  });

  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.dispose()));
  });

  describe('errors the service answers with', () => {
    it('401 → auth, not retried, says to set a valid key', async () => {
      const { api, log } = client();
      inject({ endpoint: 'applications.show', kind: 'unauthorized' });
      const e = await expectError(api.getApplication(appId), 'auth', /Set a valid User API key/, log);
      assert.equal(e.status, 401);
      assert.equal(tries('applications.show'), 1);
      assert.equal(sim.requests[0].headers['api-key'], US_KEY, 'the key was sent, so the check above is not vacuous');
    });

    it('410 Gone → retired, not retried, says how to use NerdGraph (REST v2 past its end of life)', async () => {
      const { api, log } = client();
      inject({ endpoint: 'applications.list', kind: 'gone' });
      const e = await expectError(
        api.listApplications(),
        'retired',
        /410 Gone.*retired.*"timeslice\.backend".*NerdGraph/,
        log,
      );
      assert.equal(e.status, 410);
      assert.equal(e.retryable, false);
      assert.equal(tries('applications.list'), 1);
    });

    it('403 with a JSON body → forbidden, not retried, mentions the region', async () => {
      const { api, log } = client();
      inject({ endpoint: 'applications.show', kind: 'forbiddenJson' });
      const e = await expectError(api.getApplication(appId), 'forbidden', /region/, log);
      assert.equal(e.status, 403);
      assert.doesNotMatch(e.message, /HTML/);
      assert.equal(tries('applications.show'), 1);
    });

    it('403 with an HTML page → forbidden, not retried, mentions the region and the HTML page', async () => {
      const { api, log } = client();
      inject({ endpoint: 'applications.show', kind: 'forbiddenHtml' });
      const e = await expectError(api.getApplication(appId), 'forbidden', /HTML page.*region/, log);
      assert.equal(e.status, 403);
      assert.equal(tries('applications.show'), 1);
    });

    it('404 → notFound, not retried, says to refresh', async () => {
      const { api, log } = client();
      inject({ endpoint: 'applications.show', kind: 'notFound' });
      await expectError(api.getApplication(appId), 'notFound', /refresh the view/, log);
      assert.equal(tries('applications.show'), 1);
    });

    it('404 for an id the data set lacks → notFound', async () => {
      const { api, log } = client();
      const e = await expectError(api.getHost(appId, 1), 'notFound', /not found.*refresh/, log);
      assert.equal(e.status, 404);
      assert.equal(tries('hosts.show'), 1);
    });

    it('422 → invalidRequest, not retried, points at the range and period', async () => {
      const { api, log } = client();
      inject({ endpoint: 'metricData', kind: 'unprocessable' });
      const e = await expectError(
        api.getMetricData({ kind: 'application', applicationId: appId }, { names: ['HttpDispatcher'] }),
        'invalidRequest',
        /Check the time range/,
        log,
      );
      assert.equal(e.status, 422);
      assert.match(e.message, /Invalid parameter 'from'/, "the service's title is passed on");
      assert.equal(tries('metricData'), 1);
    });
  });

  describe('rate limiting and server errors', () => {
    it('429 with rate-limit headers is retried after the announced wait and then succeeds', async () => {
      // The simulator's X-RateLimit-Reset is real Unix time: the fake clock starts at the real now.
      const clock = new FakeClock(Date.now());
      const { api } = client({ clock });
      inject({ endpoint: 'applications.show', kind: 'rateLimited', times: 1, retryAfterSeconds: 1 });
      const pending = api.getApplication(appId);
      await clock.until(() => clock.pending > 0);
      const wait = clock.nextIn!;
      // X-RateLimit-Reset is a whole second, 1 to 2 s after the simulator's real now, and the fake clock
      // stands at the real now from before the request: the wait ends on that second.
      const endsAt = clock.now() + wait;
      assert.equal(endsAt % 1000, 0, `waits ${wait} ms, until a whole second (the announced reset)`);
      assert.ok(wait >= 1000 && endsAt <= Date.now() + 2000, `waits ${wait} ms, the announced ~1 s`);
      clock.advance(wait - 1);
      await new Promise((resolve) => setImmediate(resolve));
      assert.equal(tries('applications.show'), 1, 'not retried before the announced time');
      clock.advance(1);
      const app = await pending;
      assert.equal(app.id, appId);
      assert.deepEqual(
        sim.requests.map((r) => r.status),
        [429, 200],
      );
    });

    it('429 asking for longer than maxRetryWaitMs → rateLimited at once, naming the wait', async () => {
      // Fake timers (none may be set), real time: the wait is read from X-RateLimit-Reset, real Unix time.
      const clock = Object.assign(new FakeClock(), { now: () => Date.now() });
      const { api, log } = client({ maxRetryWaitMs: 5000, clock });
      inject({ endpoint: 'applications.show', kind: 'rateLimited', times: 1, retryAfterSeconds: 90 });
      const e = await expectError(api.getApplication(appId), 'rateLimited', /Wait 9[01] s/, log);
      assert.equal(clock.timersSet, 0, 'no wait at all');
      assert.equal(e.status, 429);
      assert.ok(
        e.retryAfterMs !== undefined && e.retryAfterMs > 85_000 && e.retryAfterMs <= 91_000,
        `retryAfterMs ${e.retryAfterMs}`,
      );
      assert.equal(tries('applications.show'), 1);
    });

    const serverFaults: Array<{ kind: FaultKind; status: number }> = [
      { kind: 'serverError', status: 500 },
      { kind: 'badGateway', status: 502 },
      { kind: 'unavailable', status: 503 },
      { kind: 'gatewayTimeout', status: 504 },
    ];
    for (const { kind, status } of serverFaults) {
      // 503 carries Retry-After: 0 s keeps these fast; the honoured wait is checked below.
      const retryAfterSeconds = status === 503 ? 0 : undefined;

      it(`${status} (${kind}) is tried 3 times in all, then fails as server`, async () => {
        const { api, log } = client();
        inject({ endpoint: 'applications.show', kind, retryAfterSeconds });
        const e = await expectError(
          api.getApplication(appId),
          'server',
          status === 503 ? /Try again in 5 s/ : /Try again in 30 s/,
          log,
        );
        assert.equal(e.status, status);
        assert.equal(e.retries, 2);
        assert.equal(tries('applications.show'), 3);
      });

      for (const times of [1, 2]) {
        it(`${status} (${kind}) ${times} time(s), then success`, async () => {
          const { api } = client();
          inject({ endpoint: 'applications.show', kind, times, retryAfterSeconds });
          assert.equal((await api.getApplication(appId)).id, appId);
          assert.deepEqual(
            sim.requests.map((r) => r.status),
            [...Array<number>(times).fill(status), 200],
          );
        });
      }
    }

    it('503 with Retry-After: 1 is retried after that second', async () => {
      const clock = new FakeClock();
      const { api } = client({ clock });
      inject({ endpoint: 'applications.show', kind: 'unavailable', times: 1, retryAfterSeconds: 1 });
      const pending = api.getApplication(appId);
      await clock.until(() => clock.pending > 0);
      assert.equal(clock.nextIn, 1000, 'the wait Retry-After asked for, not the backoff');
      clock.advance(999);
      await new Promise((resolve) => setImmediate(resolve));
      assert.equal(tries('applications.show'), 1, 'not retried before the second has passed');
      clock.advance(1);
      assert.equal((await pending).id, appId);
      assert.equal(tries('applications.show'), 2);
    });

    it('backs off between retries without Retry-After: half to all of base × 2^n, by the injected random', async () => {
      const clock = new FakeClock();
      const { api } = client({ clock, backoffBaseMs: 400, random: () => 0.5 });
      inject({ endpoint: 'applications.show', kind: 'serverError', times: 2 });
      const pending = api.getApplication(appId);
      await clock.until(() => clock.pending > 0);
      assert.equal(clock.nextIn, 300, 'first retry: 400/2 + 0.5 × 400/2');
      clock.advance(300);
      await clock.until(() => tries('applications.show') === 2 && clock.pending > 0);
      assert.equal(clock.nextIn, 600, 'second retry: 800/2 + 0.5 × 800/2');
      clock.advance(600);
      assert.equal((await pending).id, appId);
      assert.deepEqual(
        sim.requests.map((r) => r.status),
        [500, 500, 200],
      );
    });

    it('maxTries bounds the tries', async () => {
      const { api, log } = client({ maxTries: 2 });
      inject({ endpoint: 'applications.show', kind: 'serverError' });
      const e = await expectError(api.getApplication(appId), 'server', /Try again/, log);
      assert.equal(e.retries, 1);
      assert.equal(tries('applications.show'), 2);
    });
  });

  describe('broken answers', () => {
    it('an answer slower than timeoutMs → timeout, not retried', async () => {
      const { api, log } = client({ timeoutMs: 300 });
      // instances.show is used by no other test, so the late server side cannot disturb other counts.
      inject({ endpoint: 'instances.show', kind: 'delay', delayMs: 900, times: 3 });
      const instanceId = sim.datasets.us.apps[0].instanceIds[0];
      const e = await expectError(api.getInstance(appId, instanceId), 'timeout', /did not answer within 1 s/, log);
      assert.equal(e.retries, 0, 'one try only');
    });

    it('a connection reset mid-body → network, retried; success when it happens once', async () => {
      const { api, log } = client();
      inject({ endpoint: 'applications.show', kind: 'resetMidBody' });
      const e = await expectError(api.getApplication(appId), 'network', /reset.*Retry/, log);
      assert.equal(e.reset, true);
      assert.equal(tries('applications.show'), 3);

      sim.clearFaults();
      sim.clearRequests();
      inject({ endpoint: 'applications.show', kind: 'resetMidBody', times: 1 });
      assert.equal((await client().api.getApplication(appId)).id, appId);
      assert.equal(tries('applications.show'), 2);
    });

    for (const format of ['json', 'xml'] as const) {
      it(`a truncated ${format.toUpperCase()} body → badResponse`, async () => {
        const { api, log } = client({}, format);
        inject({ endpoint: 'applications.show', kind: 'truncated' });
        await expectError(
          api.getApplication(appId),
          'badResponse',
          new RegExp(`not valid ${format.toUpperCase()}.*truncated`),
          log,
          false,
        );
        assert.equal(tries('applications.show'), 1);
      });

      it(`an invalid ${format.toUpperCase()} body → badResponse`, async () => {
        const { api, log } = client({}, format);
        inject({ endpoint: 'applications.list', kind: 'invalidBody' });
        await expectError(
          api.listApplications(),
          'badResponse',
          new RegExp(`not valid ${format.toUpperCase()}`),
          log,
          false,
        );
        assert.equal(tries('applications.list'), 1);
      });
    }

    it('a wrong content type (a login page) → badResponse naming the proxy', async () => {
      const { api, log } = client();
      inject({ endpoint: 'applications.list', kind: 'wrongContentType' });
      await expectError(api.listApplications(), 'badResponse', /"text\/html" instead of JSON.*proxy/, log, false);
      assert.equal(tries('applications.list'), 1);
    });

    it('a body over maxBodyBytes (50 MB chunked) → tooLarge, not retried', async () => {
      const { api, log } = client({ maxBodyBytes: 1024 * 1024 });
      inject({ endpoint: 'applications.list', kind: 'hugeBody' });
      await expectError(api.listApplications(), 'tooLarge', /larger than 1 MB.*Narrow the request/, log);
      assert.equal(tries('applications.list'), 1);
    });
  });

  describe('redirects', () => {
    it('a redirect to plain http → redirectRefused, the http port never asked', async () => {
      const { api, log } = client();
      inject({ endpoint: 'applications.show', kind: 'redirectHttp' });
      await expectError(api.getApplication(appId), 'redirectRefused', /never sent over HTTP/, log);
      assert.equal(tries('applications.show'), 1);
      assert.equal(sim.requests.filter((r) => r.scheme === 'http').length, 0);
    });

    it('a redirect to another host → redirectRefused, and that host never saw the key', async () => {
      const { api, log } = client();
      inject({ endpoint: 'applications.show', kind: 'redirectOtherHost' });
      await expectError(api.getApplication(appId), 'redirectRefused', /another host \(localhost:\d+\).*not sent/, log);
      assert.equal(sim.requests.length, 1);
      assert.equal(sim.requests[0].headers['api-key'], US_KEY);
      assert.ok(sim.requests[0].host.startsWith('127.0.0.1:'));
      const other = sim.requests.filter((r) => r.host.startsWith('localhost'));
      assert.deepEqual(other, [], 'no request reached the other host');
      assert.ok(
        !sim.requests.some((r) => r.host.startsWith('localhost') && (r.headers['api-key'] ?? r.headers['x-api-key'])),
      );
    });
  });

  describe('redirects to another port', () => {
    it('a redirect to the same host on another port → redirectRefused, nothing sent there', async () => {
      const { api, log } = client();
      inject({ endpoint: 'applications.show', kind: 'redirectOtherPort' });
      await expectError(api.getApplication(appId), 'redirectRefused', /another port.*not sent/, log);
      assert.equal(sim.requests.length, 1);
      assert.equal(sim.requests.filter((r) => r.scheme === 'http').length, 0, 'the other port was never asked');
    });
  });

  describe('transport failures', () => {
    it('connection refused (a closed port) → network', async () => {
      const port = await new Promise<number>((resolve) => {
        const server = net.createServer().listen(0, '127.0.0.1', () => {
          const { port: p } = server.address() as net.AddressInfo;
          server.close(() => resolve(p));
        });
      });
      const { api, log } = client({ baseUrl: `https://127.0.0.1:${port}` });
      const e = await expectError(api.listApplications(), 'network', /refused.*Check the base URL/, log);
      assert.equal(e.retries, 0);
    });

    it('a name that does not resolve → network, mentioning DNS', async () => {
      const { api, log } = client({ baseUrl: 'https://nonexistent.invalid' });
      await expectError(api.listApplications(), 'network', /DNS/, log);
    });

    it("a client without the simulator's CA → tls, naming the CA setting", async () => {
      const { api, log } = client({ ca: undefined });
      await expectError(api.listApplications(), 'tls', /could not be verified.*caCertificatePath/, log);
      assert.equal(tries('applications.list'), 0, 'nothing got through the handshake');
    });
  });

  describe('keys and regions', () => {
    it('a wrong key → auth, not retried', async () => {
      const { api, log } = client({ getApiKey: () => Promise.resolve(WRONG_KEY) });
      await expectError(api.listApplications(), 'auth', /rejected.*Set a valid User API key/, log);
      assert.equal(tries('applications.list'), 1);
      assert.equal(sim.requests[0].headers['api-key'], WRONG_KEY);
    });

    it('the US key on the EU base URL → wrongRegion: the service\'s "Account is not valid in this region" page is recognised', async () => {
      const { api, log } = client({ baseUrl: sim.baseUrls.eu });
      const e = await expectError(
        api.listApplications(),
        'wrongRegion',
        /Account is not valid in this region.*other region.*Switch Region/,
        log,
      );
      assert.equal(e.status, 403);
      assert.equal(tries('applications.list'), 1);
      assert.equal(sim.requests[0].region, 'eu');
    });

    it('the region page as a fault → wrongRegion; any other 403 HTML page stays forbidden', async () => {
      const { api, log } = client();
      inject({ endpoint: 'applications.show', kind: 'wrongRegion', times: 1 });
      await expectError(api.getApplication(appId), 'wrongRegion', /not valid in this region/, log);
      inject({ endpoint: 'applications.show', kind: 'forbiddenHtml', times: 1 });
      const other = await expectError(api.getApplication(appId), 'forbidden', /HTML page.*region/, log);
      assert.doesNotMatch(other.message, /not valid in this region/);
    });

    it('no key at all → auth without a request', async () => {
      const { api, log } = client({ getApiKey: () => Promise.resolve(undefined) });
      await expectError(api.listApplications(), 'auth', /No API key is set/, log, false);
      assert.equal(sim.requests.length, 0);
    });
  });

  describe('client-side checks send nothing', () => {
    const scope = (): MetricScope => ({ kind: 'application', applicationId: appId });
    const cases: Array<{
      title: string;
      query: () => Parameters<HttpTimesliceApi['getMetricData']>[1];
      phrase: RegExp;
    }> = [
      {
        title: 'from after to',
        query: () => ({
          names: ['HttpDispatcher'],
          from: new Date('2026-11-20T12:00:00Z'),
          to: new Date('2026-11-20T11:00:00Z'),
        }),
        phrase: /at or after its end/,
      },
      {
        title: 'from equal to to',
        query: () => ({
          names: ['HttpDispatcher'],
          from: new Date('2026-11-20T12:00:00Z'),
          to: new Date('2026-11-20T12:00:00Z'),
        }),
        phrase: /at or after its end/,
      },
      {
        title: 'a range under 60 s',
        query: () => ({
          names: ['HttpDispatcher'],
          from: new Date('2026-11-20T11:59:30Z'),
          to: new Date('2026-11-20T12:00:00Z'),
        }),
        phrase: /30 s long.*at least 60 s/,
      },
      {
        title: 'an invalid period',
        query: () => ({
          names: ['HttpDispatcher'],
          from: new Date('2026-11-20T11:00:00Z'),
          to: new Date('2026-11-20T12:00:00Z'),
          period: 90,
        }),
        phrase: /period of 90 s is not valid/,
      },
      {
        title: 'a period finer than the range allows',
        query: () => ({
          names: ['HttpDispatcher'],
          from: new Date('2026-11-19T12:00:00Z'),
          to: new Date('2026-11-20T12:00:00Z'),
          period: 60,
        }),
        phrase: /period of 60 s is not valid/,
      },
      {
        title: 'only from',
        query: () => ({ names: ['HttpDispatcher'], from: new Date('2026-11-20T11:00:00Z') }),
        phrase: /both "from" and "to"/,
      },
      {
        title: 'an invalid date',
        query: () => ({ names: ['HttpDispatcher'], from: new Date('nonsense'), to: new Date('2026-11-20T12:00:00Z') }),
        phrase: /invalid date/,
      },
      { title: 'no metric names', query: () => ({ names: [] }), phrase: /at least one metric name/ },
    ];
    for (const { title, query, phrase } of cases) {
      it(`${title} → invalidRequest`, async () => {
        const { api, log } = client();
        await expectError(api.getMetricData(scope(), query()), 'invalidRequest', phrase, log, false);
        assert.equal(sim.requests.length, 0);
      });
    }

    it('ids that are not positive whole numbers → invalidRequest', async () => {
      const { api, log } = client();
      await expectError(api.getApplication(0), 'invalidRequest', /positive whole number/, log, false);
      await expectError(api.getHost(appId, -3), 'invalidRequest', /positive whole number/, log, false);
      await expectError(api.getKeyTransaction(1.5), 'invalidRequest', /positive whole number/, log, false);
      assert.equal(sim.requests.length, 0);
    });
  });

  // Child suites run in order, after the tests above: this one sees what they injected.
  describe('coverage', () => {
    it('every fault kind of the simulator was exercised above', () => {
      // noLastLink is not a failure: client.endpoints.test.ts covers it.
      const missing = FAULT_KINDS.filter((k) => k !== 'noLastLink' && !injected.has(k));
      assert.deepEqual(missing, []);
    });
  });
});
