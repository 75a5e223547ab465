/**
 * The NerdGraph simulator against the service as docs/service.md describes it (#nerdgraph-mapping,
 * #nerdgraph-errors, #rate-limits, #pagination, #accounts), over real HTTPS with undici: one test per
 * statement it implements.
 */
import assert from 'node:assert/strict';

import { Agent, request } from 'undici';

import { SIMULATED_ACCOUNTS, simulatedAccountOutline } from '../../src/simulator/nerdgraph/service';
import { metricCatalog } from '../../src/simulator/metricCatalog';
import { sliceValues } from '../../src/simulator/series';
import { Simulator } from '../../src/simulator/server';

const NOW = new Date('2026-11-20T12:00:30Z');
const US_KEY = 'NRAK-NERDGRAPHUSKEY00000000001';
const EU_KEY = 'NRAK-NERDGRAPHEUKEY00000000002';
const US = SIMULATED_ACCOUNTS.us.id;
const UNTIL = Date.parse('2026-11-20T12:00:00Z');
const SINCE = UNTIL - 30 * 60_000;
const NRQL_QUERY =
  'query($id: Int!, $q: Nrql!) { actor { account(id: $id) { nrql(query: $q, timeout: 30) { results metadata { timeWindow { begin end } facets } } } } }';

interface Reply {
  status: number;
  body: string;
  json: { data?: any; errors?: Array<{ message: string; path?: unknown[]; extensions?: Record<string, any> }> };
}

describe('NerdGraph simulator conformance (docs/service.md#nerdgraph-mapping)', function () {
  this.timeout(10_000);
  let sim: Simulator;
  let agent: Agent;

  before(async () => {
    sim = await Simulator.start({ usKey: US_KEY, euKey: EU_KEY, now: () => NOW, pageSize: 5 });
    agent = new Agent({ connect: { ca: sim.certPem } });
  });
  after(async () => {
    await agent.close();
    await sim.stop();
  });
  afterEach(() => {
    sim.clearFaults();
    sim.clearRequests();
  });

  async function post(
    query: string,
    variables?: Record<string, unknown>,
    options: { key?: string | null; path?: string; header?: string; port?: number; agent?: Agent } = {},
  ): Promise<Reply> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    const key = options.key === undefined ? US_KEY : options.key;
    if (key !== null) {
      headers[options.header ?? 'API-Key'] = key;
    }
    const res = await request(`https://127.0.0.1:${options.port ?? sim.httpsPort}${options.path ?? '/graphql'}`, {
      method: 'POST',
      dispatcher: options.agent ?? agent,
      headers,
      body: JSON.stringify(variables ? { query, variables } : { query }),
    });
    const body = await res.body.text();
    let json: Reply['json'] = {};
    try {
      json = JSON.parse(body) as Reply['json'];
    } catch {
      // Non-JSON bodies are checked as text.
    }
    return { status: res.statusCode, body, json };
  }

  const nrql = (q: string, id = US) => post(NRQL_QUERY, { id, q });
  const app = () => sim.datasets.us.apps[0];
  const window = `SINCE ${SINCE} UNTIL ${UNTIL}`;

  it('POST /graphql with a JSON body {query, variables?, operationName?} and query { actor { user { id name email } } }: key check', async () => {
    const r = await post(
      'query Me { actor { user { id name email } } } query Other { requestContext { userId } }',
      undefined,
    );
    assert.equal(r.status, 200);
    assert.match(r.json.errors?.[0].message ?? '', /operation name/i, 'two operations need operationName');
    const named = await request(`${sim.baseUrls.us}/graphql`, {
      method: 'POST',
      dispatcher: agent,
      headers: { 'content-type': 'application/json', 'api-key': US_KEY },
      body: JSON.stringify({
        query: 'query Me { actor { user { id name email } } } query Other { requestContext { userId } }',
        operationName: 'Me',
      }),
    });
    const json = (await named.body.json()) as { data: { actor: { user: { id: number; email: string } } } };
    assert.equal(typeof json.data.actor.user.id, 'number');
    assert.match(json.data.actor.user.email, /@/);
  });

  it('Read the key from API-Key (any case)', async () => {
    for (const header of ['API-Key', 'Api-Key', 'api-key']) {
      assert.equal((await post('{ actor { user { id } } }', undefined, { header })).status, 200, header);
    }
  });

  it('Missing or unknown key → 401 with the BAD_API_KEY body (docs/service.md#nerdgraph-errors)', async () => {
    for (const key of [null, 'NRAK-WRONG']) {
      const r = await post('{ actor { user { id } } }', undefined, { key });
      assert.equal(r.status, 401);
      assert.deepEqual(r.json, {
        errors: [{ extensions: { error_code: 'BAD_API_KEY' }, message: 'Bad API Key or no API Key provided' }],
      });
    }
  });

  it('Over 25 in-flight requests per key → 429 (body unspecified; send {})', async () => {
    sim.injectFault({ endpoint: 'graphql.user', kind: 'delay', delayMs: 2000, times: 25 });
    const held = Array.from({ length: 25 }, () => post('{ actor { user { id } } }'));
    // Wait (event-loop turns, no fixed sleep) until all 25 are in flight on the server.
    while (sim.nerdGraph.inFlightFor(US_KEY) < 25) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    const extra = await post('{ actor { user { id } } }');
    assert.equal(extra.status, 429);
    assert.equal(extra.body, '{}');
    assert.deepEqual(
      (await Promise.all(held)).map((r) => r.status),
      Array(25).fill(200),
    );
    assert.equal((await post('{ actor { user { id } } }')).status, 200, 'free again once they are answered');
  });

  it('Serve both a US and an EU base path or port, each with its own accounts', async () => {
    const eu = await post('{ actor { accounts { id name } } }', undefined, { key: EU_KEY, path: '/eu/graphql' });
    assert.deepEqual(eu.json.data.actor.accounts, [SIMULATED_ACCOUNTS.eu]);
    const us = await post('{ actor { accounts { id name } } }');
    assert.deepEqual(us.json.data.actor.accounts, [SIMULATED_ACCOUNTS.us]);
    assert.equal(
      (await post('{ actor { user { id } } }', undefined, { key: EU_KEY })).status,
      401,
      'an EU key is not a US key',
    );
  });

  it('query($scope: RegionScope) { actor { accounts(scope: $scope) { id name } } }', async () => {
    const r = await post('query($scope: RegionScope) { actor { accounts(scope: $scope) { id name } } }', {
      scope: 'IN_REGION',
    });
    assert.deepEqual(r.json.data.actor.accounts, [SIMULATED_ACCOUNTS.us]);
  });

  const SEARCH = `query($q: String!, $cursor: String) { actor { entitySearch(query: $q) { count query results(cursor: $cursor) { nextCursor
    entities { __typename guid name accountId domain type entityType reporting alertSeverity ... on ApmApplicationEntityOutline {
      applicationId language apmSummary { apdexScore errorRate hostCount instanceCount responseTimeAverage throughput webResponseTimeAverage webThroughput }
      settings { apdexTarget serverSideConfig } } } } } } }`;

  async function searchAll(q: string, on?: { port: number; agent: Agent }): Promise<any[]> {
    const out: any[] = [];
    let cursor: string | null = null;
    do {
      const r: Reply = await post(SEARCH, { q, cursor }, { ...on });
      out.push(...r.json.data.actor.entitySearch.results.entities);
      cursor = r.json.data.actor.entitySearch.results.nextCursor;
    } while (cursor !== null);
    return out;
  }

  it('Pages of at most 200; opaque nextCursor; null on the last page and count is the total across pages', async () => {
    const q = `domain = 'APM' AND type = 'APPLICATION' AND accountId = ${US}`;
    const names: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const r: Reply = await post(SEARCH, { q, cursor });
      const search = r.json.data.actor.entitySearch;
      assert.equal(search.count, sim.datasets.us.apps.length);
      assert.ok(search.results.entities.length <= 5);
      names.push(...search.results.entities.map((e: { name: string }) => e.name));
      cursor = search.results.nextCursor;
      pages++;
    } while (cursor !== null);
    assert.equal(pages, Math.ceil(sim.datasets.us.apps.length / 5));
    assert.deepEqual(new Set(names), new Set(sim.datasets.us.apps.map((a) => a.name)));
  });

  it('__typename: ApmApplicationEntityOutline or KeyTransactionEntityOutline, domain/type: APM/APPLICATION, or EXT/KEY_TRANSACTION, entityType: APM_APPLICATION_ENTITY or KEY_TRANSACTION_ENTITY', async () => {
    const apps = await searchAll("domain = 'APM' AND type = 'APPLICATION'");
    assert.ok(
      apps.every(
        (e: any) =>
          e.__typename === 'ApmApplicationEntityOutline' &&
          e.domain === 'APM' &&
          e.type === 'APPLICATION' &&
          e.entityType === 'APM_APPLICATION_ENTITY',
      ),
    );
    const kts = (await post(SEARCH, { q: `type = 'KEY_TRANSACTION' AND accountId = ${US}` })).json.data.actor
      .entitySearch;
    assert.equal(kts.count, sim.datasets.us.keyTransactions.length);
    assert.ok(
      kts.results.entities.every(
        (e: any) =>
          e.__typename === 'KeyTransactionEntityOutline' &&
          e.domain === 'EXT' &&
          e.type === 'KEY_TRANSACTION' &&
          e.entityType === 'KEY_TRANSACTION_ENTITY',
      ),
    );
  });

  it("Support q of the forms … [AND name LIKE '…'], domainId = 'N' AND domain = 'APM' (LIKE as case-insensitive contains, % optional)", async () => {
    for (const like of ['BILLING', '%bill%']) {
      const r = await post(SEARCH, { q: `domain = 'APM' AND type = 'APPLICATION' and name like '${like}'` });
      assert.deepEqual(
        r.json.data.actor.entitySearch.results.entities.map((e: any) => e.name),
        ['billing-api'],
      );
    }
    const byId = await post(SEARCH, { q: `domainId = '${app().id}' AND domain = 'APM'` });
    assert.deepEqual(
      byId.json.data.actor.entitySearch.results.entities.map((e: any) => e.applicationId),
      [app().id],
    );
  });

  it('apmSummary … times are in seconds and the health map (alertSeverity + reporting; docs/service.md#health)', async () => {
    const byId = new Map(
      (await searchAll("domain = 'APM' AND type = 'APPLICATION'")).map((e: any) => [e.applicationId, e]),
    );
    const rest = await request(`${sim.baseUrls.us}/v2/applications.json`, {
      dispatcher: agent,
      headers: { 'api-key': US_KEY },
    });
    const restApps = ((await rest.body.json()) as { applications: any[] }).applications;
    const severity: Record<string, string> = {
      red: 'CRITICAL',
      orange: 'WARNING',
      green: 'NOT_ALERTING',
      unknown: 'NOT_CONFIGURED',
    };
    for (const a of restApps) {
      const e: any = byId.get(a.id);
      assert.equal(e.reporting, a.reporting);
      if (a.health_status === 'gray') {
        assert.equal(e.reporting, false);
        assert.equal(e.apmSummary, null);
        continue;
      }
      assert.equal(e.alertSeverity, severity[a.health_status]);
      assert.equal(e.apmSummary.responseTimeAverage, a.application_summary.response_time / 1000);
      assert.equal(e.apmSummary.throughput, a.application_summary.throughput);
      assert.equal(
        e.apmSummary.errorRate,
        a.application_summary.error_rate,
        'a fraction by default, like REST error_rate',
      );
      assert.equal(e.settings.apdexTarget, a.settings.app_apdex_threshold);
    }
  });

  it('errorRate is a fraction by default (its scale is open: docs/service.md#nerdgraph-open-points), and a percentage when asked', async () => {
    const rates = async (on?: { port: number; agent: Agent }) =>
      new Map(
        (await searchAll("domain = 'APM' AND type = 'APPLICATION'", on))
          .filter((e: any) => e.apmSummary)
          .map((e: any) => [e.applicationId as number, e.apmSummary.errorRate as number]),
      );
    const fraction = await rates();
    const rest = await request(`${sim.baseUrls.us}/v2/applications.json`, {
      dispatcher: agent,
      headers: { 'api-key': US_KEY },
    });
    const erring = ((await rest.body.json()) as { applications: any[] }).applications.filter(
      (a) => a.application_summary?.error_rate > 0,
    );
    assert.ok(erring.length > 0, 'some application has errors');
    for (const a of erring) {
      assert.equal(fraction.get(a.id), a.application_summary.error_rate, a.name);
    }
    const percentSim = await Simulator.start({ usKey: US_KEY, now: () => NOW, pageSize: 5, errorRateScale: 'percent' });
    const percentAgent = new Agent({ connect: { ca: percentSim.certPem } });
    try {
      const percent = await rates({ port: percentSim.httpsPort, agent: percentAgent });
      for (const [id, rate] of fraction) {
        assert.ok(Math.abs(percent.get(id)! - rate * 100) < 1e-9, `app ${id}: ${percent.get(id)} = 100 × ${rate}`);
      }
    } finally {
      await percentAgent.close();
      await percentSim.stop();
    }
  });

  it('entity(guid:) … applicationInstances { details { host hostDisplayName id instanceName language name } } and Unknown guid → entity: null', async () => {
    const guid = (await post(SEARCH, { q: `domainId = '${app().id}'` })).json.data.actor.entitySearch.results
      .entities[0].guid;
    const q = `query($guid: EntityGuid!) { actor { entity(guid: $guid) { __typename guid name ... on ApmApplicationEntity { applicationId
      applicationInstances { details { host hostDisplayName id instanceName language name } } } } } }`;
    const r = await post(q, { guid });
    const details = r.json.data.actor.entity.applicationInstances.map((i: any) => i.details);
    assert.equal(r.json.data.actor.entity.__typename, 'ApmApplicationEntity');
    assert.deepEqual(details.map((d: any) => Number(d.id)).sort(), [...app().instanceIds].sort());
    assert.ok(details.every((d: any) => d.instanceName.startsWith(`${d.host}:`)));
    const unknown = await post(q, { guid: 'MTIzfEFQTXxBUFBMSUNBVElPTnw5' });
    assert.deepEqual(unknown.json, { data: { actor: { entity: null } } });
  });

  it('... on KeyTransactionEntity { apdexTarget browserApdexTarget metricName application { guid entity { guid name ... on ApmApplicationEntityOutline { applicationId } } } }', async () => {
    const kt = sim.datasets.us.keyTransactions[0];
    const list = await searchAll("type = 'KEY_TRANSACTION'");
    const guid = list.find((e: any) => e.name === kt.name).guid;
    const r = await post(
      `query($guid: EntityGuid!) { actor { entity(guid: $guid) { name ... on KeyTransactionEntity { apdexTarget metricName
      application { guid entity { guid name ... on ApmApplicationEntityOutline { applicationId } } } } } } }`,
      { guid },
    );
    const e = r.json.data.actor.entity;
    assert.equal(e.metricName, kt.transactionName);
    assert.equal(e.application.entity.applicationId, kt.appId);
    assert.equal(e.application.guid, e.application.entity.guid);
  });

  it("key transactions have their own Apdex/<txn> (docs/service.md#key-transactions: the parent application's Apdex/<txn>) and Errors/WebTransaction/<name>, which REST's KT summary reports too", async () => {
    const restKts = await request(`${sim.baseUrls.us}/v2/key_transactions.json`, {
      dispatcher: agent,
      headers: { 'api-key': US_KEY },
    });
    const kts = ((await restKts.body.json()) as { key_transactions: any[] }).key_transactions;
    const since = Date.parse('2026-11-20T11:50:00Z');
    let differ = 0;
    for (const kt of kts.filter((k) => k.application_summary)) {
      // docs/service.md#agent-naming: the agents swap the name's first segment for `Apdex` (Ruby:
      // "Apdex `Apdex/<controller_path>/<action>` (the `Controller` prefix is swapped for `Apdex`)").
      const short = kt.transaction_name.replace(/^[^/]*\//, 'Apdex/');
      const errors = `Errors/${kt.transaction_name}`;
      const r =
        await nrql(`SELECT count(newrelic.timeslice.value) AS c, sum(newrelic.timeslice.value) AS t, sum(newrelic.timeslice.value['totalExclusive']) AS x
        FROM Metric WHERE appId = ${kt.links.application} AND metricTimesliceName IN (${[short, 'Apdex', errors, kt.transaction_name].map((n) => `'${n.replace(/'/g, "\\'")}'`).join(', ')})
        FACET metricTimesliceName SINCE ${since} UNTIL ${UNTIL} LIMIT MAX`);
      const rows = new Map((r.json.data.actor.account.nrql.results as any[]).map((row) => [row.facet, row]));
      const score = (row: any) => (row.c + row.t / 2) / (row.c + row.t + row.x);
      const own = rows.get(short);
      assert.ok(own, `${short} is served`);
      assert.equal(own.c + own.t + own.x, rows.get(kt.transaction_name).c, "its s + t + f are the transaction's calls");
      assert.ok(
        Math.abs(kt.application_summary.apdex_score - score(own)) <= 0.005,
        `REST apdex_score ${kt.application_summary.apdex_score} is Apdex/<txn>'s ${score(own)}`,
      );
      const errorRate = (rows.get(errors)?.c ?? 0) / rows.get(kt.transaction_name).c;
      assert.ok(
        Math.abs(kt.application_summary.error_rate - errorRate) <= 0.00005,
        `REST error_rate ${kt.application_summary.error_rate} is Errors/<txn>'s ${errorRate}`,
      );
      differ += Math.abs(score(own) - score(rows.get('Apdex'))) > 0.01 ? 1 : 0;
    }
    assert.ok(differ > 0, "some KT's Apdex differs from its application's");
  });

  it('Allow several aliased nrql fields per request and aliases as keys', async () => {
    const r = await post(
      `query($id: Int!, $a: Nrql!, $b: Nrql!) { actor { account(id: $id) { first: nrql(query: $a) { results } second: nrql(query: $b) { results } } } }`,
      {
        id: US,
        a: `SELECT count(newrelic.timeslice.value) AS calls FROM Metric WHERE appId = ${app().id} AND metricTimesliceName = 'HttpDispatcher' ${window}`,
        b: `FROM Metric SELECT count(newrelic.timeslice.value) WHERE appId = ${app().id} AND metricTimesliceName = 'Errors/all' ${window}`,
      },
    );
    const acc = r.json.data.actor.account;
    assert.equal(typeof acc.first.results[0].calls, 'number');
    assert.equal(typeof acc.second.results[0]['count.newrelic.timeslice.value'], 'number', 'else <fn>.<attr>');
  });

  it("An account the key can't see → nrql: null + an error (message e.g. You are not authorized to query account N)", async () => {
    const r = await nrql(`SELECT count(newrelic.timeslice.value) FROM Metric WHERE appId = 1 ${window}`, 999);
    assert.equal(r.json.data.actor.account.nrql, null);
    assert.equal(r.json.errors?.[0].message, 'You are not authorized to query account 999');
    assert.deepEqual(r.json.errors?.[0].path, ['actor', 'account', 'nrql']);
  });

  it('the timeslice components equal the REST series: Apdex stored as s→count, t→total, f→totalExclusive, threshold→max, call_count = count, average = 1000·sum/count', async () => {
    const r =
      await nrql(`SELECT count(newrelic.timeslice.value) AS c, sum(newrelic.timeslice.value) AS t, sum(newrelic.timeslice.value['totalExclusive']) AS x,
      max(newrelic.timeslice.value) AS mx FROM Metric WHERE appId = ${app().id} AND metricTimesliceName IN ('HttpDispatcher', 'Apdex')
      FACET metricTimesliceName ${window} TIMESERIES 5 minutes`);
    const defs = metricCatalog(app()).filter((d) => d.name === 'HttpDispatcher' || d.name === 'Apdex');
    const rows = r.json.data.actor.account.nrql.results as any[];
    assert.equal(rows.length, 12);
    for (const row of rows) {
      const [apdex, dispatcher] = sliceValues(
        sim.datasets.us.seed,
        { kind: 'application', app: app() },
        defs,
        row.beginTimeSeconds / 60,
        row.endTimeSeconds / 60,
      );
      if (row.facet === 'Apdex') {
        assert.deepEqual([row.c, row.t, row.x, row.mx], [apdex.s, apdex.t, apdex.f, apdex.threshold]);
      } else {
        assert.equal(row.c, dispatcher.call_count);
        assert.ok(Math.abs((1000 * row.t) / row.c - dispatcher.average_response_time) < 0.0006);
      }
    }
  });

  it('TIMESERIES adds beginTimeSeconds/endTimeSeconds (epoch s), buckets aligned to UNTIL and metadata.timeWindow.begin/end in epoch ms', async () => {
    const until = UNTIL - 30_000; // not on a 5-minute boundary
    const r = await nrql(
      `SELECT count(newrelic.timeslice.value) AS c FROM Metric WHERE appId = ${app().id} SINCE ${until - 12 * 60_000} UNTIL ${until} TIMESERIES 5 minutes`,
    );
    const rows = r.json.data.actor.account.nrql.results as any[];
    assert.deepEqual(
      rows.map((x) => x.endTimeSeconds),
      [until - 10 * 60_000, until - 5 * 60_000, until].map((t) => t / 1000),
    );
    assert.equal(rows[0].beginTimeSeconds, (until - 15 * 60_000) / 1000, 'the first bucket is a full one');
    assert.deepEqual(r.json.data.actor.account.nrql.metadata.timeWindow, { begin: until - 15 * 60_000, end: until });
  });

  it('more than 366 → error TIMESERIES supports a maximum of 366 buckets', async () => {
    const r = await nrql(
      `SELECT count(newrelic.timeslice.value) FROM Metric WHERE appId = ${app().id} SINCE ${UNTIL - 367 * 60_000} UNTIL ${UNTIL} TIMESERIES 1 minute`,
    );
    assert.equal(r.json.errors?.[0].message, 'TIMESERIES supports a maximum of 366 buckets');
    const ok = await nrql(
      `SELECT count(newrelic.timeslice.value) FROM Metric WHERE appId = ${app().id} SINCE ${UNTIL - 366 * 60_000} UNTIL ${UNTIL} TIMESERIES 1 minute`,
    );
    assert.equal(ok.json.data.actor.account.nrql.results.length, 366);
  });

  it('TIMESERIES step size is larger than the current time window and start time must be before its end time (troubleshooting texts)', async () => {
    const big = await nrql(
      `SELECT count(newrelic.timeslice.value) FROM Metric WHERE appId = 1 SINCE ${UNTIL - 60_000} UNTIL ${UNTIL} TIMESERIES 5 minutes`,
    );
    assert.match(big.json.errors?.[0].message ?? '', /TIMESERIES step size is larger than the current time window/);
    const backwards = await nrql(
      `SELECT count(newrelic.timeslice.value) FROM Metric WHERE appId = 1 SINCE ${UNTIL} UNTIL ${UNTIL - 60_000}`,
    );
    assert.match(backwards.json.errors?.[0].message ?? '', /start time must be before its end time/);
  });

  it('FACET adds facet (a string, or an array when there are several attributes) plus the attribute or alias key; metadata.facets', async () => {
    const one = await nrql(
      `SELECT count(newrelic.timeslice.value) AS calls FROM Metric WHERE appId = ${app().id} AND metricTimesliceName = 'HttpDispatcher' FACET host ${window}`,
    );
    const rows = one.json.data.actor.account.nrql.results as any[];
    assert.deepEqual(
      new Set(rows.map((x) => x.facet)),
      new Set(app().hostIds.map((id) => sim.datasets.us.hosts.get(id)!.name)),
    );
    assert.ok(rows.every((x) => x.host === x.facet));
    assert.deepEqual(one.json.data.actor.account.nrql.metadata.facets, ['host']);
    const two = await nrql(
      `SELECT count(newrelic.timeslice.value) FROM Metric WHERE appId = ${app().id} AND metricTimesliceName = 'HttpDispatcher' FACET host, realAgentId ${window}`,
    );
    assert.ok(
      (two.json.data.actor.account.nrql.results as any[]).every(
        (x) => Array.isArray(x.facet) && x.facet[0] === x.host && x.facet[1] === String(x.realAgentId),
      ),
    );
    const aliased = await nrql(
      `SELECT count(newrelic.timeslice.value) AS value FROM Metric WHERE appId = ${app().id} FACET metricTimesliceName AS name ${window} LIMIT 3`,
    );
    assert.ok((aliased.json.data.actor.account.nrql.results as any[]).every((x) => x.name === x.facet));
  });

  it('FACET + TIMESERIES → flattened rows and default LIMIT 10 facets, MAX 5000', async () => {
    const r = await nrql(
      `SELECT count(newrelic.timeslice.value) AS c FROM Metric WHERE appId = ${app().id} FACET metricTimesliceName ${window} TIMESERIES 10 minutes`,
    );
    const rows = r.json.data.actor.account.nrql.results as any[];
    assert.equal(new Set(rows.map((x) => x.facet)).size, 10);
    assert.equal(rows.length, 30);
    const all = await nrql(
      `SELECT count(newrelic.timeslice.value) AS c FROM Metric WHERE appId = ${app().id} FACET metricTimesliceName ${window} LIMIT MAX`,
    );
    assert.equal(all.json.data.actor.account.nrql.results.length, metricCatalog(app()).length);
  });

  it("uniques(attr[, n]) → uniques.x holding an array, with metricTimesliceName LIKE '…%…' and newrelic.timeslice.value IS NOT NULL", async () => {
    const r = await nrql(
      `SELECT uniques(metricTimesliceName, 10000) FROM Metric WHERE appId = '${app().id}' AND newrelic.timeslice.value IS NOT NULL AND metricTimesliceName LIKE '%allweb%' ${window} LIMIT MAX`,
    );
    const names = r.json.data.actor.account.nrql.results[0]['uniques.metricTimesliceName'] as string[];
    assert.deepEqual(
      names.sort(),
      metricCatalog(app())
        .map((d) => d.name)
        .filter((n) => /allweb/i.test(n))
        .sort(),
    );
  });

  it("syntax error → errorClass: INVALID_INPUT, message NRQL Syntax Error: Error at line 1 position N, unexpected 'X'", async () => {
    const r = await nrql('SELECT count(newrelic.timeslice.value) FORM Metric');
    assert.equal(r.json.errors?.[0].extensions?.errorClass, 'INVALID_INPUT');
    assert.equal(r.json.errors?.[0].message, "NRQL Syntax Error: Error at line 1 position 40, unexpected 'FORM'");
    assert.equal(
      r.json.data.actor.account.nrql,
      null,
      '"A failed field is null in data, with an error whose path points at it"',
    );
  });

  it('faults a client must survive: 429; 200 + TOO_MANY_REQUESTS; 200 + TIMEOUT (null nrql); 200 + INVALID_INPUT; a deprecation warning alongside data', async () => {
    const q = `SELECT count(newrelic.timeslice.value) FROM Metric WHERE appId = ${app().id} ${window}`;
    sim.injectFault({ endpoint: 'graphql.nrql', kind: 'rateLimited', times: 1 });
    assert.equal((await nrql(q)).status, 429);
    for (const [kind, errorClass] of [
      ['tooManyRequests', 'TOO_MANY_REQUESTS'],
      ['nrqlTimeout', 'TIMEOUT'],
      ['invalidInput', 'INVALID_INPUT'],
      ['accessDenied', 'ACCESS_DENIED'],
      ['graphqlServerError', 'SERVER_ERROR'],
    ] as const) {
      sim.injectNerdGraphFault({ endpoint: 'graphql.nrql', kind, times: 1 });
      const r = await nrql(q);
      assert.equal(r.status, 200, kind);
      assert.equal(r.json.errors?.[0].extensions?.errorClass, errorClass);
      assert.equal(r.json.data.actor.account.nrql, null);
    }
    sim.injectNerdGraphFault({ endpoint: 'graphql.nrql', kind: 'deprecation', times: 1 });
    const warned = await nrql(q);
    assert.match(warned.json.errors?.[0].message ?? '', /^This field is deprecated!/);
    assert.equal(typeof warned.json.data.actor.account.nrql.results[0]['count.newrelic.timeslice.value'], 'number');
    sim.injectNerdGraphFault({ endpoint: 'graphql.nrql', kind: 'paymentRequired', times: 1 });
    assert.equal((await nrql(q)).status, 402, '"Payment required | 402"');
  });

  it('records each request with its operation and body, like the REST side', async () => {
    await nrql(`SELECT count(newrelic.timeslice.value) FROM Metric WHERE appId = ${app().id} ${window}`);
    const rec = sim.requests.at(-1)!;
    assert.equal(rec.method, 'POST');
    assert.equal(rec.endpoint, 'graphql.nrql');
    assert.equal(rec.region, 'us');
    assert.match(JSON.parse(rec.requestBody!).variables.q, /^SELECT count/);
  });
});

/** docs/service.md#accounts with `accountsPerKey: 2`: a key whose user sees two accounts, each with its own data. */
describe('NerdGraph simulator conformance: a key that sees several accounts (docs/service.md#accounts)', function () {
  this.timeout(10_000);
  let sim: Simulator;
  let agent: Agent;

  before(async () => {
    sim = await Simulator.start({ usKey: US_KEY, euKey: EU_KEY, now: () => NOW, accountsPerKey: 2 });
    agent = new Agent({ connect: { ca: sim.certPem } });
  });
  after(async () => {
    await agent.close();
    await sim.stop();
  });

  async function post(
    query: string,
    variables: Record<string, unknown> = {},
    key = US_KEY,
    path = '/graphql',
  ): Promise<any> {
    const res = await request(`https://127.0.0.1:${sim.httpsPort}${path}`, {
      method: 'POST',
      dispatcher: agent,
      headers: { 'content-type': 'application/json', 'api-key': key },
      body: JSON.stringify({ query, variables }),
    });
    return res.body.json();
  }

  const SEARCH =
    'query($q: String!) { actor { entitySearch(query: $q) { count results { entities { guid name accountId ... on ApmApplicationEntityOutline { applicationId } } } } } }';
  const [first, second] = [0, 1].map((k) => simulatedAccountOutline('us', k));

  it('Without scope you get the accounts the user can see: both, in each region its own', async () => {
    assert.deepEqual((await post('{ actor { accounts { id name } } }')).data.actor.accounts, [first, second]);
    assert.deepEqual(
      (await post('{ actor { accounts { id name } } }', {}, EU_KEY, '/eu/graphql')).data.actor.accounts,
      [0, 1].map((k) => simulatedAccountOutline('eu', k)),
    );
    assert.equal(first, SIMULATED_ACCOUNTS.us, 'the first is the account REST v2 serves');
    assert.notEqual(sim.accounts.us[1].dataset, sim.datasets.us, 'the second has data of its own');
    const ids = (k: number) => new Set(sim.accounts.us[k].dataset.apps.map((a) => a.id));
    assert.deepEqual(
      [...ids(1)].filter((id) => ids(0).has(id)),
      [],
      'application ids are unique across the accounts',
    );
  });

  it("Every entity also carries accountId … so the account for an app's NRQL is entity.accountId; `accountId = N` narrows the search to one account", async () => {
    const all = (await post(SEARCH, { q: "domain = 'APM' AND type = 'APPLICATION'" })).data.actor.entitySearch;
    assert.equal(all.count, sim.accounts.us[0].dataset.apps.length + sim.accounts.us[1].dataset.apps.length);
    for (const [k, account] of sim.accounts.us.entries()) {
      const mine = all.results.entities.filter((e: any) => e.accountId === account.id);
      assert.deepEqual(
        mine.map((e: any) => e.applicationId).sort(),
        account.dataset.apps.map((a) => a.id).sort(),
        `account ${k + 1}`,
      );
      const narrowed = (
        await post(SEARCH, { q: `domain = 'APM' AND type = 'APPLICATION' AND accountId = ${account.id}` })
      ).data.actor.entitySearch.results.entities;
      assert.deepEqual(narrowed.map((e: any) => e.guid).sort(), mine.map((e: any) => e.guid).sort());
    }
    const app = sim.accounts.us[1].dataset.apps[0];
    const [outline] = (await post(SEARCH, { q: `domainId = '${app.id}' AND domain = 'APM'` })).data.actor.entitySearch
      .results.entities;
    const entity = (
      await post('query($guid: EntityGuid!) { actor { entity(guid: $guid) { name accountId } } }', {
        guid: outline.guid,
      })
    ).data.actor.entity;
    assert.deepEqual(entity, { name: app.name, accountId: second.id });
  });

  it("NRQL runs in the account asked for, over that account's data only; an account the key can't see is refused", async () => {
    const app = sim.accounts.us[1].dataset.apps.find((a) => a.reporting)!;
    const q = `SELECT count(newrelic.timeslice.value) AS c FROM Metric WHERE appId = ${app.id} AND metricTimesliceName = 'HttpDispatcher' SINCE ${SINCE} UNTIL ${UNTIL}`;
    const [def] = metricCatalog(app).filter((d) => d.name === 'HttpDispatcher');
    const expected = sliceValues(
      sim.accounts.us[1].dataset.seed,
      { kind: 'application', app },
      [def],
      SINCE / 60_000,
      UNTIL / 60_000,
    )[0].call_count;
    const inSecond = await post(NRQL_QUERY, { id: second.id, q });
    assert.equal(inSecond.data.actor.account.nrql.results[0].c, expected);
    assert.ok(expected > 0);
    const inFirst = await post(NRQL_QUERY, { id: first.id, q });
    assert.equal(inFirst.data.actor.account.nrql.results[0].c, 0, 'the first account has no such application');
    const other = await post(NRQL_QUERY, { id: simulatedAccountOutline('us', 2).id, q });
    assert.equal(other.data.actor.account.nrql, null);
    assert.match(other.errors[0].message, /not authorized to query account/);
  });
});
