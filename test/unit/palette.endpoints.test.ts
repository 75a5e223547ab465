/** "Run API Request…": every endpoint's path and query, and the simulator answering each as that endpoint. */
import assert from 'node:assert/strict';

import { HttpTimesliceApi } from '../../src/api/rest/client';
import type { ApiRequest } from '../../src/api/rest/requests';
import { buildRawRequest, parseIdList, RAW_ENDPOINTS, rawTitle } from '../../src/api/rest/endpoints';
import { ApiError } from '../../src/api/apiError';
import { MemoryLogger } from '../../src/log';
import { Simulator } from '../../src/simulator/server';

const FROM = '2026-11-20T11:00:00+00:00';
const TO = '2026-11-20T12:00:00+00:00';

/** One request per endpoint, with the path and query each must become. */
const CASES: Array<{ spec: ApiRequest; path: string; query: string; simEndpoint: string }> = [
  { spec: { endpoint: 'applications.list' }, path: '/v2/applications', query: '', simEndpoint: 'applications.list' },
  {
    spec: { endpoint: 'applications.list', filter: { name: ' shop ', ids: [1, 2], language: '' } },
    path: '/v2/applications',
    query: 'filter%5Bname%5D=shop&filter%5Bids%5D=1%2C2',
    simEndpoint: 'applications.list',
  },
  {
    spec: { endpoint: 'applications.show', applicationId: 1 },
    path: '/v2/applications/1',
    query: '',
    simEndpoint: 'applications.show',
  },
  {
    spec: { endpoint: 'hosts.list', applicationId: 1, filter: { hostname: 'web' } },
    path: '/v2/applications/1/hosts',
    query: 'filter%5Bhostname%5D=web',
    simEndpoint: 'hosts.list',
  },
  {
    spec: { endpoint: 'hosts.show', applicationId: 1, hostId: 7 },
    path: '/v2/applications/1/hosts/7',
    query: '',
    simEndpoint: 'hosts.show',
  },
  {
    spec: { endpoint: 'instances.list', applicationId: 1, filter: { ids: [3] } },
    path: '/v2/applications/1/instances',
    query: 'filter%5Bids%5D=3',
    simEndpoint: 'instances.list',
  },
  {
    spec: { endpoint: 'instances.show', applicationId: 1, instanceId: 9 },
    path: '/v2/applications/1/instances/9',
    query: '',
    simEndpoint: 'instances.show',
  },
  {
    spec: { endpoint: 'keyTransactions.list', filter: { name: 'checkout' } },
    path: '/v2/key_transactions',
    query: 'filter%5Bname%5D=checkout',
    simEndpoint: 'keyTransactions.list',
  },
  {
    spec: { endpoint: 'keyTransactions.show', keyTransactionId: 5 },
    path: '/v2/key_transactions/5',
    query: '',
    simEndpoint: 'keyTransactions.show',
  },
  {
    spec: { endpoint: 'metricNames', scope: { kind: 'application', applicationId: 1 }, name: 'Datastore/' },
    path: '/v2/applications/1/metrics',
    query: 'name=Datastore%2F',
    simEndpoint: 'metricNames',
  },
  {
    spec: { endpoint: 'metricNames', scope: { kind: 'host', applicationId: 1, hostId: 7 } },
    path: '/v2/applications/1/hosts/7/metrics',
    query: '',
    simEndpoint: 'metricNames',
  },
  {
    spec: {
      endpoint: 'metricData',
      scope: { kind: 'application', applicationId: 1 },
      names: ['HttpDispatcher', 'Errors/all'],
      values: ['call_count'],
      from: FROM,
      to: TO,
      period: 300,
    },
    path: '/v2/applications/1/metrics/data',
    query:
      'names%5B%5D=HttpDispatcher&names%5B%5D=Errors%2Fall&values%5B%5D=call_count&from=2026-11-20T11%3A00%3A00%2B00%3A00&to=2026-11-20T12%3A00%3A00%2B00%3A00&period=300',
    simEndpoint: 'metricData',
  },
  {
    spec: {
      endpoint: 'metricData',
      scope: { kind: 'instance', applicationId: 1, instanceId: 9 },
      names: ['Memory/Physical'],
      summarize: true,
    },
    path: '/v2/applications/1/instances/9/metrics/data',
    query: 'names%5B%5D=Memory%2FPhysical&summarize=true',
    simEndpoint: 'metricData',
  },
];

describe('palette: API request building', () => {
  for (const c of CASES) {
    it(`${c.spec.endpoint} → ${c.path}${c.query ? `?${c.query}` : ''}`, () => {
      for (const format of ['json', 'xml'] as const) {
        const built = buildRawRequest(c.spec, format);
        assert.equal(built.path, `${c.path}.${format}`);
        assert.equal(built.query.toString(), c.query);
      }
    });
  }

  it('has a case for every endpoint it offers', () => {
    assert.deepEqual(new Set(CASES.map((c) => c.spec.endpoint)), new Set(RAW_ENDPOINTS.map((e) => e.id)));
  });

  it('leaves summarize out for a series (the service treats "false" as unexpected)', () => {
    const built = buildRawRequest(
      { endpoint: 'metricData', scope: { kind: 'application', applicationId: 1 }, names: ['Apdex'], summarize: false },
      'json',
    );
    assert.equal(built.query.has('summarize'), false);
  });

  const refused: Array<[string, ApiRequest, RegExp]> = [
    [
      'a zero application ID',
      { endpoint: 'applications.show', applicationId: 0 },
      /application ID must be a positive whole number/,
    ],
    ['a fractional host ID', { endpoint: 'hosts.show', applicationId: 1, hostId: 1.5 }, /host ID/],
    ['a missing instance ID', { endpoint: 'instances.show', applicationId: 1 } as unknown as ApiRequest, /instance ID/],
    [
      'metric data without names',
      { endpoint: 'metricData', scope: { kind: 'application', applicationId: 1 }, names: [' '] },
      /at least one metric name/,
    ],
    [
      'only "from"',
      { endpoint: 'metricData', scope: { kind: 'application', applicationId: 1 }, names: ['Apdex'], from: FROM },
      /both "from" and "to"/,
    ],
    [
      'a period that is not valid for the range',
      {
        endpoint: 'metricData',
        scope: { kind: 'application', applicationId: 1 },
        names: ['Apdex'],
        from: FROM,
        to: TO,
        period: 90,
      },
      /not valid for this range/,
    ],
    [
      'a host scope without host ID',
      { endpoint: 'metricNames', scope: { kind: 'host', applicationId: 1 } as never },
      /host ID/,
    ],
  ];
  for (const [what, spec, message] of refused) {
    it(`refuses ${what} before sending anything`, () => {
      assert.throws(
        () => buildRawRequest(spec, 'json'),
        (e: unknown) => e instanceof ApiError && e.kind === 'invalidRequest' && message.test(e.message),
      );
    });
  }

  it('reads ID lists leniently and refuses anything but positive whole numbers', () => {
    assert.deepEqual(parseIdList(' 12, 34 ,5,'), [12, 34, 5]);
    assert.equal(parseIdList('  '), undefined);
    assert.throws(() => parseIdList('12, abc'), /not a list of IDs/);
    assert.throws(() => parseIdList('0'), /not a list of IDs/);
    assert.throws(() => parseIdList('-3'), /not a list of IDs/);
  });

  it('titles a response tab with method, path and status', () => {
    assert.equal(rawTitle('GET', '/v2/applications.json', 200), 'GET /v2/applications.json (200)');
  });
});

describe('palette: built requests against the simulator', () => {
  let sim: Simulator;
  let api: HttpTimesliceApi;
  const KEY = 'NRAK-PALETTETESTKEY0000000000001';

  before(async () => {
    sim = await Simulator.start({ seed: 7, apps: 6, now: () => new Date('2026-11-20T12:00:30Z'), usKey: KEY });
    api = new HttpTimesliceApi({
      baseUrl: sim.baseUrls.us,
      getApiKey: () => Promise.resolve(KEY),
      ca: sim.certPem,
      log: new MemoryLogger(),
    });
  });

  after(async () => {
    await api.dispose();
    await sim.stop();
  });

  it('each request reaches the endpoint it was built for and is answered 200 (ids from the data set)', async () => {
    const app = sim.datasets.us.apps.find(
      (a) => a.hostIds.length > 0 && a.instanceIds.length > 0 && a.keyTransactionIds.length > 0,
    )!;
    const ids = {
      applicationId: app.id,
      hostId: app.hostIds[0],
      instanceId: app.instanceIds[0],
      keyTransactionId: app.keyTransactionIds[0],
    };
    const withRealIds = (spec: ApiRequest): ApiRequest => {
      const s = JSON.parse(JSON.stringify(spec)) as Record<string, unknown> & {
        scope?: Record<string, unknown>;
        filter?: Record<string, unknown>;
      };
      for (const target of [s, s.scope]) {
        for (const key of Object.keys(ids) as Array<keyof typeof ids>) {
          if (target && key in target) {
            target[key] = ids[key];
          }
        }
      }
      if (s.filter?.ids) {
        s.filter.ids = [ids.applicationId];
      }
      return s as unknown as ApiRequest;
    };
    for (const c of CASES) {
      for (const format of ['json', 'xml'] as const) {
        sim.clearRequests();
        const { path, query } = buildRawRequest(withRealIds(c.spec), format);
        const res = await api.rawRequest(path, query);
        assert.equal(res.status, 200, `${c.spec.endpoint} ${format}`);
        assert.ok(res.contentType.includes(format), res.contentType);
        assert.equal(sim.requests.length, 1);
        assert.equal(sim.requests[0].endpoint, c.simEndpoint);
        assert.equal(sim.requests[0].headers['api-key'], KEY);
      }
    }
  });

  it('sends for each endpoint exactly what the client sends for the same request (one request builder)', async () => {
    const app = sim.datasets.us.apps.find(
      (a) => a.hostIds.length > 0 && a.instanceIds.length > 0 && a.keyTransactionIds.length > 0,
    )!;
    const appScope = { kind: 'application' as const, applicationId: app.id };
    const hostScope = { kind: 'host' as const, applicationId: app.id, hostId: app.hostIds[0] };
    const from = new Date(FROM);
    const to = new Date(TO);
    const pairs: Array<[ApiRequest, () => Promise<unknown>]> = [
      [
        { endpoint: 'applications.list', filter: { name: ' shop ', ids: [app.id], language: '' } },
        () => api.listApplications({ name: ' shop ', ids: [app.id], language: '' }),
      ],
      [{ endpoint: 'applications.show', applicationId: app.id }, () => api.getApplication(app.id)],
      [
        { endpoint: 'hosts.list', applicationId: app.id, filter: { hostname: 'web' } },
        () => api.listHosts(app.id, { hostname: 'web' }),
      ],
      [
        { endpoint: 'hosts.show', applicationId: app.id, hostId: app.hostIds[0] },
        () => api.getHost(app.id, app.hostIds[0]),
      ],
      [
        { endpoint: 'instances.list', applicationId: app.id, filter: { ids: app.instanceIds.slice(0, 2) } },
        () => api.listInstances(app.id, { ids: app.instanceIds.slice(0, 2) }),
      ],
      [
        { endpoint: 'instances.show', applicationId: app.id, instanceId: app.instanceIds[0] },
        () => api.getInstance(app.id, app.instanceIds[0]),
      ],
      [
        { endpoint: 'keyTransactions.list', filter: { name: 'checkout' } },
        () => api.listKeyTransactions({ name: 'checkout' }),
      ],
      [
        { endpoint: 'keyTransactions.show', keyTransactionId: app.keyTransactionIds[0] },
        () => api.getKeyTransaction(app.keyTransactionIds[0]),
      ],
      [
        { endpoint: 'metricNames', scope: hostScope, name: 'Memory' },
        () => api.listMetricNames(hostScope, { name: 'Memory' }),
      ],
      [
        {
          endpoint: 'metricData',
          scope: appScope,
          names: ['HttpDispatcher'],
          values: ['call_count'],
          from: FROM,
          to: TO,
          period: 300,
        },
        () => api.getMetricData(appScope, { names: ['HttpDispatcher'], values: ['call_count'], from, to, period: 300 }),
      ],
      [
        { endpoint: 'metricData', scope: appScope, names: ['Apdex'], summarize: true },
        () => api.getMetricData(appScope, { names: ['Apdex'], summarize: true }),
      ],
    ];
    assert.deepEqual(new Set(pairs.map(([r]) => r.endpoint)), new Set(RAW_ENDPOINTS.map((e) => e.id)));
    const sent = () => sim.requests.map((r) => `${r.path}?${r.query.toString()}`);
    for (const [request, viaClient] of pairs) {
      sim.clearRequests();
      await viaClient();
      const client = sent()[0];
      sim.clearRequests();
      const { path, query } = buildRawRequest(request, 'json');
      await api.rawRequest(path, query);
      assert.equal(sent()[0], client, request.endpoint);
    }
  });
});
