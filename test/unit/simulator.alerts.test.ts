/**
 * The simulator's open alerts against docs/service.md#open-alerts, on the wire with undici. Titles
 * state the facts of that section.
 */
import assert from 'node:assert/strict';

import type { Dispatcher } from 'undici';
import { Agent, request } from 'undici';

import { entityGuid } from '../../src/simulator/nerdgraph/entities';
import { SIMULATED_ACCOUNTS } from '../../src/simulator/nerdgraph/service';
import { Simulator } from '../../src/simulator/server';

const NOW_MS = Date.parse('2026-11-20T12:00:00Z');
const KEY = 'NRAK-ALERTSUS00000000000000000000';

// Bodies are open maps read from the wire; the assertions give them their shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type W = any;

describe('Simulator open alerts (docs/service.md#open-alerts)', function () {
  this.timeout(20_000);
  let sim: Simulator;
  let agent: Agent;

  before(async () => {
    sim = await Simulator.start({ usKey: KEY, now: () => new Date(NOW_MS), pageSize: 3 });
    agent = new Agent({ connect: { ca: sim.certPem } });
  });
  after(async () => {
    await agent.close();
    await sim.stop();
  });
  afterEach(() => sim.clearFaults());

  async function all(query: string): Promise<{ items: W[]; links: string[] }> {
    const items: W[] = [];
    const links: string[] = [];
    let next: string | undefined = `${sim.baseUrls.us}/v2/alerts_violations.json?${query}`;
    while (next) {
      const res: Dispatcher.ResponseData = await request(next, { dispatcher: agent, headers: { 'api-key': KEY } });
      assert.equal(res.statusCode, 200);
      const link: string = String(res.headers.link ?? '');
      const body: W = JSON.parse(await res.body.text());
      items.push(...(body.violations as W[]));
      links.push(link);
      next = /<([^>]+)>; rel="next"/.exec(link)?.[1];
    }
    return { items, links };
  }

  it('GET /v2/alerts_violations.json?only_open=true → records {id, label, duration, policy_name, condition_name, priority, opened_at, closed_at, entity, links}', async () => {
    const { items } = await all('only_open=true');
    assert.ok(items.length > 3, 'more than one page');
    for (const v of items) {
      assert.equal(v.closed_at, undefined);
      for (const key of ['id', 'label', 'duration', 'policy_name', 'condition_name', 'priority', 'opened_at']) {
        assert.ok(key in v, key);
      }
      assert.deepEqual(Object.keys(v.entity).sort(), ['group_id', 'id', 'name', 'product', 'type']);
      assert.deepEqual(Object.keys(v.links).sort(), ['condition_id', 'incident_id', 'policy_id']);
    }
    const everything = await all('');
    assert.ok(
      everything.items.some((v) => typeof v.closed_at === 'number'),
      'closed ones without only_open',
    );
  });

  it('The violations of one application: entity.id == <app id>: a red application has one opened three days ago and still open', async () => {
    const red = sim.datasets.us.apps.find((a) => a.reporting && a.health === 'red')!;
    const mine = (await all('only_open=true')).items.filter((v) => v.entity.id === red.id);
    assert.ok(mine.some((v) => NOW_MS - v.opened_at >= 3 * 86_400_000 && v.priority === 'Critical'));
  });

  it('rel=last is sometimes missing: pages still carry rel=next', async () => {
    sim.injectFault({ endpoint: 'alertsViolations.list', kind: 'noLastLink' });
    const { links } = await all('only_open=true');
    assert.ok(links.length > 1 && links.every((l) => !l.includes('rel="last"')));
  });

  it('Titles, labels, condition and policy names are text from the account: foreign text', async () => {
    const hostile = sim.datasets.us.apps.find((a) => a.name.startsWith('<img'))!;
    const v = (await all('only_open=true')).items.find((x) => x.entity.id === hostile.id);
    assert.match(v.condition_name, /\]\(command:/);
    assert.match(v.policy_name, /\u202e/);
  });

  const ISSUES =
    'query($a: Int!, $g: [EntityGuid!], $w: TimeWindowInput) { actor { account(id: $a) { aiIssues { issues(filter: { entityGuids: $g, states: [ACTIVATED, CREATED] }, timeWindow: $w) { issues { issueId title priority state createdAt closedAt deepLinkUrl entityGuids entityNames conditionName } nextCursor } } } } }';

  async function issues(variables: Record<string, unknown>): Promise<W[]> {
    const res = await request(`${sim.baseUrls.us}/graphql`, {
      method: 'POST',
      dispatcher: agent,
      headers: { 'api-key': KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ query: ISSUES, variables: { a: SIMULATED_ACCOUNTS.us.id, ...variables } }),
    });
    const body: W = JSON.parse(await res.body.text());
    assert.equal(body.errors, undefined, JSON.stringify(body.errors));
    return body.data.actor.account.aiIssues.issues.issues as W[];
  }

  it('aiIssues.issues(filter: { entityGuids, states: [ACTIVATED, CREATED] }, timeWindow): Without timeWindow only the last 24 hours are searched', async () => {
    const red = sim.datasets.us.apps.find((a) => a.reporting && a.health === 'red')!;
    const g = [entityGuid(SIMULATED_ACCOUNTS.us.id, 'APM', 'APPLICATION', red.id)];
    const narrow = await issues({ g });
    const wide = await issues({ g, w: { startTime: NOW_MS - 30 * 86_400_000, endTime: NOW_MS } });
    const threeDays = (list: W[]) => list.filter((i) => NOW_MS - i.createdAt >= 3 * 86_400_000);
    assert.equal(threeDays(narrow).length, 0, 'the default window misses it');
    assert.equal(threeDays(wide).length, 1, 'a wide window finds it');
    assert.ok(wide.every((i) => i.state === 'ACTIVATED' && i.closedAt === null && i.entityGuids[0] === g[0]));
    assert.equal(wide[0].priority, 'CRITICAL');
    assert.ok(wide.every((i) => i.deepLinkUrl.startsWith('https://one.newrelic.com/')));
    // REST and NerdGraph tell the same story: the same open violations of the application.
    const rest = (await all('only_open=true')).items.filter((v) => v.entity.id === red.id);
    assert.deepEqual(wide.map((i) => i.createdAt).sort(), rest.map((v) => v.opened_at).sort());
  });
});
