/**
 * The latest deployment's impact (src/impact/latestImpact.ts) with a fake clock, API and deployments
 * cache: too early asks nothing, a final verdict is never asked again, a new session forgets; and what it
 * says (latestImpactText.ts): the lens line, its place in a file, the status bar's verdict and tooltip.
 */
import assert from 'node:assert/strict';

import type { Deployment } from '../../src/api/deployments';
import type { TransactionStats } from '../../src/api/transactionStats';
import type { Application } from '../../src/api/types';
import type { CodeSymbol } from '../../src/code/symbols';
import type { DeploymentCodeAnswer } from '../../src/impact/deploymentCode';
import type { LatestImpact, LatestImpactSource, LoadedImpact } from '../../src/impact/latestImpact';
import { LATEST_IMPACT_REFRESH_MS, LatestImpactStore } from '../../src/impact/latestImpact';
import {
  sinceHoverMarkdown,
  impactLinkArgs,
  latestImpactRow,
  placeSinceLenses,
  sinceLenses,
  sinceLensTitle,
} from '../../src/impact/latestImpactText';
import type { MethodRange } from '../../src/impact/methodRanges';
import { MIN_CALLS_PER_WINDOW } from '../../src/impact/thresholds';
import { describeStatus } from '../../src/status/statusModel';

const MINUTE = 60_000;
const T0 = Date.parse('2026-11-20T12:00:00Z');
const APP = { id: 7, name: 'storefront-web', language: 'ruby' };

function stats(name: string, callCount: number, averageMs: number, errorRate = 0): TransactionStats {
  return { name, kind: 'web', callCount, callsPerMinute: callCount / 60, averageMs, errorRate, timeShare: 0 };
}

/** Before the deployment: calm; after it, orders/create fails 5 % of its calls (or stays calm when `calm`). */
function fakeSource(deployments: () => Deployment[], options: { calm?: boolean } = {}) {
  const asked = { stats: 0, latest: 0, list: 0 };
  const source: LatestImpactSource = {
    api: {
      getTransactionStats: (q) => {
        asked.stats++;
        const after = q.from >= deployments()[0].time;
        return Promise.resolve([
          stats('Controller/orders/create', 3_000, 50, after && !options.calm ? 0.05 : 0.001),
          stats('Controller/orders/show', 6_000, 80),
        ]);
      },
    },
    deployments: {
      latest: () => {
        asked.latest++;
        return Promise.resolve(deployments()[0]);
      },
      get: () => {
        asked.list++;
        return Promise.resolve(deployments());
      },
    },
  };
  return { source, asked };
}

const dep = (id: string, time: number, revision = `rev-${id}`): Deployment => ({ id, revision, time });

describe('The latest deployment: the store', () => {
  it('too early: less than a whole minute after the deployment asks no numbers, and says so', async () => {
    let now = T0;
    const store = new LatestImpactStore(() => now);
    const { source, asked } = fakeSource(() => [dep('b', T0 - 20_000), dep('a', T0 - 10 * 60 * MINUTE)]);
    assert.equal(await store.update([APP], source), true);
    assert.equal(store.get(7)?.impact.kind, 'tooEarly');
    assert.equal(store.get(7)?.final, false);
    assert.equal(asked.stats, 0);
    // Asked again only after the refresh interval; then the windows hold minutes and a verdict.
    now = T0 + LATEST_IMPACT_REFRESH_MS - 1;
    assert.equal(await store.update([APP], source), false);
    now = T0 + LATEST_IMPACT_REFRESH_MS;
    await store.update([APP], source);
    const latest = store.get(7)!;
    assert.equal(latest.impact.kind, 'impact');
    assert.equal(asked.stats, 2);
    assert.equal(latest.final, false, 'a window of 4 minutes can still grow');
  });

  it('a verdict whose after window is full is final: never asked again, until another deployment', async () => {
    let now = T0;
    let list = [dep('b', T0 - 3 * 60 * MINUTE), dep('a', T0 - 9 * 60 * MINUTE)];
    const store = new LatestImpactStore(() => now);
    const { source, asked } = fakeSource(() => list);
    const code: DeploymentCodeAnswer = { kind: 'none', messages: ['no folder'] };
    const read: LoadedImpact[] = [];
    const reader = (impact: LoadedImpact) => (read.push(impact), Promise.resolve(code));
    await store.update([APP], source, reader);
    const first = store.get(7)!;
    assert.equal(first.final, true);
    assert.equal(first.impact.kind === 'impact' && first.impact.verdict.verdict, 'worse');
    assert.equal(first.code, code);
    assert.equal(read.length, 1, 'the code is read for the moved rows');
    assert.deepEqual(asked, { stats: 2, latest: 1, list: 1 });
    for (let i = 1; i <= 3; i++) {
      now = T0 + i * LATEST_IMPACT_REFRESH_MS;
      assert.equal(await store.update([APP], source, reader), false);
    }
    assert.deepEqual(asked, { stats: 2, latest: 4, list: 1 }, 'only the (cached) latest deployment is looked at');
    list = [dep('c', now - 5 * MINUTE), ...list];
    now += LATEST_IMPACT_REFRESH_MS;
    assert.equal(await store.update([APP], source, reader), true);
    assert.equal(store.get(7)?.deployment.id, 'c');
    assert.equal(asked.stats, 4);
  });

  it('no moved rows: no code read; not enough calls is a verdict of its own', async () => {
    const store = new LatestImpactStore(() => T0);
    const { source } = fakeSource(() => [dep('b', T0 - 3 * 60 * MINUTE)], { calm: true });
    let reads = 0;
    await store.update([APP], source, () => (reads++, Promise.resolve({ kind: 'none', messages: [] })));
    const latest = store.get(7)!;
    assert.equal(latest.impact.kind === 'impact' && latest.impact.verdict.verdict, 'unchanged');
    assert.equal(reads, 0);
  });

  it('a new session forgets, and so does an application no longer bound', async () => {
    const store = new LatestImpactStore(() => T0);
    const list = [dep('b', T0 - 3 * 60 * MINUTE)];
    const one = fakeSource(() => list);
    await store.update([APP], one.source);
    assert.ok(store.get(7));
    const other = fakeSource(() => list);
    await store.update([], other.source);
    assert.equal(store.get(7), undefined);
    await store.update([APP], other.source);
    assert.ok(store.get(7));
    assert.equal(other.asked.stats, 2, 'the new session asks its own numbers');
    await store.update([], other.source);
    assert.equal(store.get(7), undefined);
  });

  it('a failure keeps what was known and says why', async () => {
    let now = T0;
    const store = new LatestImpactStore(() => now);
    const { source } = fakeSource(() => [dep('b', T0 - 3 * 60 * MINUTE)], { calm: true });
    await store.update([APP], {
      ...source,
      deployments: { ...source.deployments, latest: () => Promise.reject(new Error('offline')) },
    });
    assert.equal(store.failure(7), 'offline');
    now += 1;
    await store.update([APP], source);
    assert.equal(store.failure(7), undefined, 'asked again at the next refresh: nothing was known');
    assert.ok(store.get(7));
  });
});

/** A final "worse" impact of `revision` with OrdersController#create changed in 3f2a9c1. */
async function worseLatest(revision = 'v3.2.0'): Promise<LatestImpact> {
  const store = new LatestImpactStore(() => T0);
  const { source } = fakeSource(() => [dep('b', T0 - 3 * 60 * MINUTE, revision), dep('a', T0 - 9 * 60 * MINUTE)]);
  const method: MethodRange = {
    kind: 'method',
    name: 'create',
    container: ['OrdersController'],
    line: 10,
    endLine: 14,
  };
  await store.update([APP], source, () =>
    Promise.resolve({
      kind: 'code',
      from: 'a'.repeat(40),
      to: 'b'.repeat(40),
      code: {
        moved: [
          {
            name: 'Controller/orders/create',
            status: 'worse',
            methods: [
              {
                change: { kind: 'changed', path: 'app/controllers/orders_controller.rb', method, hunks: [] },
                commits: [{ sha: '3f2a9c1', subject: 'x' }],
              },
            ],
          },
        ],
        elsewhere: [],
      },
    }),
  );
  return store.get(7)!;
}

describe('The latest deployment: what it says', () => {
  it('the lens line: the moving signal since the revision, and the commit that changed the method', async () => {
    const latest = await worseLatest();
    const [lens] = sinceLenses(latest);
    assert.equal(lens.title, 'errors 0.1 % → 5 % since v3.2.0 · changed in 3f2a9c1');
    assert.equal(lens.path, 'app/controllers/orders_controller.rb');
    assert.equal(lens.deploymentId, 'b');
    const row = latest.impact.kind === 'impact' ? latest.impact.rows[0] : undefined;
    const slower = { ...row!, signals: [], average: { before: 100, after: 280, change: 180 } };
    assert.equal(sinceLensTitle(slower, 'v3.2.0', '3f2a9c1'), '+180 ms avg since v3.2.0 · changed in 3f2a9c1');
    assert.equal(sinceLensTitle(slower, 'v3.2.0'), '+180 ms avg since v3.2.0');
    // A revision is foreign text: no link or icon syntax survives.
    assert.doesNotMatch(sinceLensTitle(slower, '$(x)[a](command:y)'), /\$\(|\]\(/);
  });

  it('the hover: the lens line, both windows of its transaction, the verdict and the one link, foreign text escaped', async () => {
    const latest = await worseLatest('v3.2.0<b>[x](y)');
    const [lens] = sinceLenses(latest);
    const hover = sinceHoverMarkdown(latest, lens, 'timeslice.showDeploymentImpact');
    const [title, windows, verdict, link] = hover.split('\n\n');
    const unescaped = (text: string) => text.replace(/\\(.)/g, '$1');
    // The revision's markup stays text: `<` as an entity, brackets escaped.
    assert.equal(unescaped(title), '**errors 0.1 % → 5 % since v3.2.0&lt;b&gt;[x… · changed in 3f2a9c1**');
    assert.match(windows, /^Controller\/orders\/create: .* avg, errors 0\.1 % → 5 %, \d+ → \d+ calls$/);
    assert.equal(verdict, latest.impact.kind === 'impact' ? latest.impact.verdict.message : '');
    const links = [...hover.matchAll(/\]\(([^)]*)\)/g)].map((m) => m[1]);
    assert.equal(links.length, 1, hover);
    assert.match(links[0], /^command:timeslice\.showDeploymentImpact\?/);
    const args = JSON.parse(decodeURIComponent(links[0].split('?')[1])) as unknown;
    assert.deepEqual(args, [{ applicationId: 7, deploymentId: 'b' }]);
    assert.ok(unescaped(link).startsWith('[What Moved at v3.2.0&lt;b&gt;[x…](command:'), link);
  });

  it("the lens's place: the same method in the file as it is now, nearest its line", async () => {
    const [lens] = sinceLenses(await worseLatest());
    const sym = (name: string, line: number, container = ['OrdersController']): CodeSymbol => ({
      kind: 'method',
      name,
      container,
      line,
    });
    const placed = placeSinceLenses(
      [sym('create', 3, ['Other']), sym('show', 5), sym('create', 40), sym('create', 12)],
      [lens],
    );
    assert.deepEqual(
      placed.map((p) => p.line),
      [12],
    );
    assert.deepEqual(placeSinceLenses([sym('show', 10)], [lens]), []);
  });

  it('the status bar: the verdict beside the Apdex, warning colour for worse, its rows and a link in the tooltip', async () => {
    const latest = await worseLatest('<b>[x](y)');
    const app = {
      id: 7,
      name: 'storefront-web',
      language: 'ruby',
      healthStatus: 'green',
      reporting: true,
      summary: { responseTime: 1, throughput: 1, errorRate: 0, apdexTarget: 0.5, apdexScore: 0.97 },
    } as unknown as Application;
    const settings = { colorMode: 'health', apdexWarning: 0.85, apdexError: 0.7, showWhenUnbound: true } as const;
    const view = describeStatus(
      { kind: 'bound', binding: { id: 7, region: 'us' }, snapshot: { app, fetchedAt: T0 }, latestImpact: latest },
      settings,
      T0,
    );
    assert.equal(view.text, '$(pulse) 0.97 $(rocket) Worse');
    assert.equal(view.background, undefined, "the colour stays the health's: one meaning per colour");
    assert.match(view.accessibilityLabel, /Worse since/);
    assert.match(view.tooltip, /Controller\/orders\/create: errors 0\.1 % → 5 %/);
    assert.match(view.tooltip, /Final: two windows of 60 minutes\./);
    const args = impactLinkArgs(latest);
    assert.ok(view.tooltip.includes(`(command:timeslice.showDeploymentImpact?${args})`));
    assert.deepEqual(JSON.parse(decodeURIComponent(args)), [{ applicationId: 7, deploymentId: 'b' }]);
    assert.doesNotMatch(view.tooltip, /<b>|\[x\]\(y\)/, 'the revision is escaped');
    assert.equal(latestImpactRow(latest).description, 'Worse');
    // Without a verdict yet the item keeps its own text and colour.
    const early: LatestImpact = {
      ...latest,
      impact: { kind: 'tooEarly', application: APP, deployment: latest.deployment },
      final: false,
    };
    const quiet = describeStatus(
      { kind: 'bound', binding: { id: 7, region: 'us' }, snapshot: { app, fetchedAt: T0 }, latestImpact: early },
      settings,
      T0,
    );
    assert.equal(quiet.text, '$(pulse) 0.97');
    assert.equal(quiet.background, undefined);
    assert.match(quiet.tooltip, /Too early for a verdict/);
  });

  it('not enough calls yet: said with the minimum, never a colour', async () => {
    const latest = await worseLatest();
    assert.equal(latest.impact.kind, 'impact');
    if (latest.impact.kind !== 'impact') return;
    const few: LatestImpact = {
      ...latest,
      impact: {
        ...latest.impact,
        verdict: { verdict: 'notEnoughCalls', restsOn: [], coverage: 0, message: 'Not enough calls yet' },
      },
    };
    const row = latestImpactRow(few);
    assert.equal(row.description, 'Not enough calls yet');
    assert.ok(
      row.tooltip.some((l) => l.includes(String(MIN_CALLS_PER_WINDOW))),
      row.tooltip.join(' | '),
    );
  });
});
