/**
 * The simulator's open alerts against code-and-change-notes.md §4 (REST v2 part), on the wire with undici.
 * Titles quote the notes.
 */
import assert from 'node:assert/strict';

import { Agent, request } from 'undici';

import { Simulator } from '../../src/simulator/server';

const NOW_MS = Date.parse('2026-11-20T12:00:00Z');
const KEY = 'NRAK-ALERTSUS00000000000000000000';

// Bodies are open maps read from the wire; the assertions give them their shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type W = any;

describe('Simulator open alerts (code-and-change-notes.md §4)', function () {
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
      const res = await request(next, { dispatcher: agent, headers: { 'api-key': KEY } });
      assert.equal(res.statusCode, 200);
      const link = String(res.headers.link ?? '');
      items.push(...((JSON.parse(await res.body.text())).violations as W[]));
      links.push(link);
      next = /<([^>]+)>; rel="next"/.exec(link)?.[1];
    }
    return { items, links };
  }

  it('"GET /v2/alerts_violations.json?only_open=true" → records {id, label, duration, policy_name, condition_name, priority, opened_at, closed_at, entity, links}', async () => {
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

  it('"The violations of one application: entity.id == <app id>": a red application has one opened three days ago and still open', async () => {
    const red = sim.datasets.us.apps.find((a) => a.reporting && a.health === 'red')!;
    const mine = (await all('only_open=true')).items.filter((v) => v.entity.id === red.id);
    assert.ok(mine.some((v) => NOW_MS - v.opened_at >= 3 * 86_400_000 && v.priority === 'Critical'));
  });

  it('"rel="last" is sometimes missing": pages still carry rel="next"', async () => {
    sim.injectFault({ endpoint: 'alertsViolations.list', kind: 'noLastLink' });
    const { links } = await all('only_open=true');
    assert.ok(links.length > 1 && links.every((l) => !l.includes('rel="last"')));
  });

  it('"Titles, labels, condition and policy names are text from the account: foreign text"', async () => {
    const hostile = sim.datasets.us.apps.find((a) => a.name.startsWith('<img'))!;
    const v = (await all('only_open=true')).items.find((x) => x.entity.id === hostile.id);
    assert.match(v.condition_name, /\]\(command:/);
    assert.match(v.policy_name, /\u202e/);
  });
});
