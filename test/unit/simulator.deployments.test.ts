/**
 * The simulator's deployments against docs/service.md#deployments (and #pagination for Link pages),
 * checked on the wire with undici, never through the project's client. Titles state the facts of those
 * sections.
 */
import assert from 'node:assert/strict';

import { Agent, request } from 'undici';

import { entityGuid } from '../../src/simulator/nerdgraph/entities';
import { SIMULATED_ACCOUNTS } from '../../src/simulator/nerdgraph/service';
import { BAD_DEPLOYMENT_FACTOR, deploymentsBetween } from '../../src/simulator/deployments';
import { Simulator } from '../../src/simulator/server';

const NOW_MS = Date.parse('2026-11-20T12:00:00Z');
const HOUR = 3_600_000;
const US_KEY = 'NRAK-DEPLOYUS0000000000000000000';
const EU_KEY = 'NRAK-DEPLOYEU0000000000000000000';
const SEARCH =
  'query($g: EntityGuid!, $s: EpochMilliseconds, $e: EpochMilliseconds) { actor { entity(guid: $g) { ... on ApmApplicationEntity { deploymentSearch(filter: { timeWindow: { startTime: $s, endTime: $e }, limit: 200 }) { results { deploymentId version commit changelog description user timestamp entityGuid deploymentType } } } } } }';
const CREATE =
  'mutation($d: ChangeTrackingDeploymentInput!) { changeTrackingCreateDeployment(deployment: $d) { deploymentId version user timestamp entityGuid } }';

// Bodies are open maps read from the wire; the assertions give them their shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type W = any;

describe('Simulator deployments (docs/service.md#deployments)', function () {
  this.timeout(20_000);
  let sim: Simulator;
  let agent: Agent;

  before(async () => {
    sim = await Simulator.start({ usKey: US_KEY, euKey: EU_KEY, now: () => new Date(NOW_MS), pageSize: 10 });
    agent = new Agent({ connect: { ca: sim.certPem } });
  });
  after(async () => {
    await agent.close();
    await sim.stop();
  });
  afterEach(() => sim.clearFaults());

  const app = () => sim.datasets.us.apps[0];
  const guid = (id: number) => entityGuid(SIMULATED_ACCOUNTS.us.id, 'APM', 'APPLICATION', id);

  async function rest(path: string, init: { method?: string; body?: unknown; key?: string; base?: string } = {}) {
    const res = await request(`${init.base ?? sim.baseUrls.us}${path}`, {
      method: (init.method ?? 'GET') as 'GET',
      dispatcher: agent,
      headers: { 'api-key': init.key ?? US_KEY, 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const text = await res.body.text();
    return { status: res.statusCode, link: String(res.headers.link ?? ''), body: JSON.parse(text) };
  }

  async function graphql(query: string, variables: Record<string, unknown>): Promise<W> {
    const res = await request(`${sim.baseUrls.us}/graphql`, {
      method: 'POST',
      dispatcher: agent,
      headers: { 'api-key': US_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    return JSON.parse(await res.body.text());
  }

  /** Every REST page, following rel="next" (docs/service.md#pagination: until it is absent). */
  async function allPages(path: string): Promise<{ items: W[]; pages: number; links: string[] }> {
    const items: W[] = [];
    const links: string[] = [];
    let next: string | undefined = `${sim.baseUrls.us}${path}`;
    while (next) {
      const page = await rest('', { base: next });
      items.push(...(page.body.deployments as W[]));
      links.push(page.link);
      next = /<([^>]+)>; rel="next"/.exec(page.link)?.[1];
    }
    return { items, pages: links.length, links };
  }

  it('GET /v2/applications/{id}/deployments.json → {deployments:[{id, revision, changelog, description, user, timestamp, links:{application}}]}, newest first, in Link-header pages', async () => {
    const { items, pages } = await allPages(`/v2/applications/${app().id}/deployments.json`);
    assert.ok(pages > 1, 'more than one page at 10 a page');
    assert.ok(items.length >= 30, `a month of deployments (${items.length})`);
    for (const d of items) {
      assert.deepEqual(Object.keys(d).sort(), [
        'changelog',
        'description',
        'id',
        'links',
        'revision',
        'timestamp',
        'user',
      ]);
      assert.equal(d.links.application, app().id);
      assert.match(d.revision, /^[0-9a-f]{16}$/);
    }
    const times = items.map((d) => Date.parse(d.timestamp));
    assert.deepEqual(
      times,
      [...times].sort((a, b) => b - a),
    );
  });

  it("The docs' sample timestamp carries an account offset (2016-02-24T10:09:27-08:00): US -08:00, EU +01:00", async () => {
    const us = await rest(`/v2/applications/${app().id}/deployments.json`);
    assert.match(us.body.deployments[0].timestamp, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-08:00$/);
    const euApp = sim.datasets.eu.apps[0];
    const eu = await rest(`/eu/v2/applications/${euApp.id}/deployments.json`, { key: EU_KEY, base: sim.baseUrls.us });
    assert.match(eu.body.deployments[0].timestamp, /\+01:00$/);
    const model = deploymentsBetween(sim.datasets.us, app(), NOW_MS - 30 * 24 * HOUR, NOW_MS)[0];
    assert.equal(Date.parse(us.body.deployments[0].timestamp), model.at, 'the offset names the same instant');
  });

  it('rel=last is sometimes missing: follow rel=next until it is absent (the noLastLink fault)', async () => {
    sim.injectFault({ endpoint: 'deployments.list', kind: 'noLastLink' });
    const { links, items } = await allPages(`/v2/applications/${app().id}/deployments.json`);
    assert.ok(links.every((l) => !l.includes('rel="last"')));
    sim.clearFaults();
    assert.equal(items.length, (await allPages(`/v2/applications/${app().id}/deployments.json`)).items.length);
  });

  it('Writes: POST the same path {deployment:{revision (required, ≤ 127), changelog, description, user (≤ 31), timestamp}}', async () => {
    const target = sim.datasets.us.apps[1];
    const path = `/v2/applications/${target.id}/deployments.json`;
    const created = await rest(path, {
      method: 'POST',
      body: { deployment: { revision: 'abc1234', user: 'ci', description: 'Release', changelog: '- fix' } },
    });
    assert.equal(created.status, 201);
    assert.equal(created.body.deployment.revision, 'abc1234');
    assert.equal(Date.parse(created.body.deployment.timestamp), NOW_MS);
    assert.equal((await rest(path)).body.deployments[0].id, created.body.deployment.id, 'newest first');
    assert.equal((await rest(path, { method: 'POST', body: { deployment: { user: 'x' } } })).status, 422);
    const long = { deployment: { revision: 'r', user: 'u'.repeat(32) } };
    assert.equal((await rest(path, { method: 'POST', body: long })).status, 422);
    const tooLong = { deployment: { revision: 'r'.repeat(128) } };
    assert.equal((await rest(path, { method: 'POST', body: tooLong })).status, 422);
    // "Markers recorded through REST appear there too": the one model serves NerdGraph as well.
    const found = await graphql(SEARCH, { g: guid(target.id), s: NOW_MS - HOUR, e: NOW_MS + HOUR });
    assert.ok(found.data.actor.entity.deploymentSearch.results.some((d: W) => d.version === 'abc1234'));
  });

  it('deploymentSearch(filter: { timeWindow: { startTime: <ms>, endTime: <ms> }, limit: 200 }) { results { … } }, newest first: the same deployments REST lists', async () => {
    const rest30 = (await allPages(`/v2/applications/${app().id}/deployments.json`)).items;
    const answer = await graphql(SEARCH, { g: guid(app().id), s: NOW_MS - 30 * 24 * HOUR, e: NOW_MS });
    const results = answer.data.actor.entity.deploymentSearch.results as W[];
    assert.deepEqual(
      results.map((d) => [d.version, d.timestamp]),
      rest30.map((d) => [d.revision, Date.parse(d.timestamp)]),
    );
    assert.equal(results[0].entityGuid, guid(app().id));
    assert.equal(results[0].deploymentType, 'BASIC');
  });

  it("changeTrackingCreateDeployment(deployment: {version!, entityGuid!, user, timestamp, …}) reaches REST's list too", async () => {
    const target = sim.datasets.us.apps[2];
    const at = NOW_MS - 10 * 60_000;
    const answer = await graphql(CREATE, {
      d: { version: 'f00dfeed', entityGuid: guid(target.id), user: 'ng', timestamp: at },
    });
    assert.equal(answer.data.changeTrackingCreateDeployment.version, 'f00dfeed');
    const list = await rest(`/v2/applications/${target.id}/deployments.json`);
    const mine = (list.body.deployments as W[]).find((d) => d.revision === 'f00dfeed');
    assert.equal(Date.parse(mine.timestamp), at);
    const unknown = await graphql(CREATE, { d: { version: 'x', entityGuid: guid(1) } });
    assert.equal(unknown.errors[0].extensions.errorClass, 'INVALID_INPUT');
  });

  it('a bad deployment shifts the metrics: the 3 h after it answer BAD_DEPLOYMENT_FACTOR times slower than the 3 h before', async () => {
    const bad = deploymentsBetween(sim.datasets.us, app(), NOW_MS - 30 * 24 * HOUR, NOW_MS - 3 * HOUR).find(
      (d) => d.bad && !d.recorded,
    );
    assert.ok(bad, 'a month holds a bad deployment');
    const rt = async (from: number, to: number) => {
      const q = `names[]=HttpDispatcher&values[]=average_response_time&summarize=true&from=${new Date(from).toISOString()}&to=${new Date(to).toISOString()}`;
      const r = await rest(`/v2/applications/${app().id}/metrics/data.json?${q}`);
      return r.body.metric_data.metrics[0].timeslices[0].values.average_response_time as number;
    };
    const before = await rt(bad.at - 3 * HOUR, bad.at - 60_000);
    const after = await rt(bad.at, bad.at + 3 * HOUR - 60_000);
    assert.ok(Math.abs(after / before - BAD_DEPLOYMENT_FACTOR) < 0.12, `ratio ${after / before}`);
    // A good deployment after a good one changes nothing.
    const month = deploymentsBetween(sim.datasets.us, app(), NOW_MS - 30 * 24 * HOUR, NOW_MS - 3 * HOUR);
    const good = month.find((d, i) => !d.bad && month[i + 1] && !month[i + 1].bad)!;
    const ratio = (await rt(good.at, good.at + 3 * HOUR - 60_000)) / (await rt(good.at - 3 * HOUR, good.at - 60_000));
    assert.ok(Math.abs(ratio - 1) < 0.12, `ratio ${ratio}`);
  });

  it('foreign text (docs/security.md): the test data set holds a markdown command link, HTML and bidi controls', async () => {
    const hostile = sim.datasets.us.apps.find((a) => a.name.startsWith('<img'))!;
    const d = (await rest(`/v2/applications/${hostile.id}/deployments.json`)).body.deployments[0];
    assert.match(d.description, /\]\(command:/);
    assert.match(d.changelog, /<script>/);
    assert.match(d.user, /\u202e/);
  });
});
