/**
 * `timeslice_deployment_impact` (src/tools/deploymentImpactTool.ts): the deployment by revision or the latest,
 * the ranked rows with their evidence and code, the verdict, the code section or the resolver's sentence;
 * refused inputs as one sentence with the candidates as data; within the answer's cap.
 */
import * as assert from 'node:assert/strict';

import type { Deployment } from '../../src/api/deployments';
import type { TransactionStats } from '../../src/api/transactionStats';
import type { Application } from '../../src/api/types';
import type { MethodChange } from '../../src/impact/changedMethods';
import type { DeploymentCodeAnswer } from '../../src/impact/deploymentCode';
import type { ConnectionSession } from '../../src/session/connectionSession';
import { deploymentImpactTool, MAX_IMPACT_ROWS } from '../../src/tools/deploymentImpactTool';
import { DATA_NOTICE, MAX_ANSWER_CHARS } from '../../src/tools/toolAnswer';
import { toolErrorText } from '../../src/tools/toolErrors';
import type { DeploymentCodeQuery } from '../../src/tree/deploymentCodeLoad';
import type { ToolContext } from '../../src/tools/toolTypes';

const NOW = Date.UTC(2026, 10, 28, 12, 0);
const HOUR = 3_600_000;
const APP = { id: 42, name: 'storefront-web', language: 'ruby' } as Application;
const DEPLOYMENTS: Deployment[] = [
  { id: '3', revision: '545143bd0c8e', time: NOW - 3 * HOUR, user: 'ci' },
  { id: '2', revision: '77b26b0', time: NOW - 9 * HOUR },
  { id: '1', revision: 'v3.2.0', time: NOW - 30 * HOUR },
];

const stats = (name: string, averageMs: number, calls = 600, errorRate = 0): TransactionStats => ({
  name,
  kind: 'web',
  callCount: calls,
  callsPerMinute: calls / 60,
  averageMs,
  errorRate,
  timeShare: 0.1,
});

const SHOW: MethodChange = {
  kind: 'changed',
  path: 'app/controllers/orders_controller.rb',
  method: { kind: 'method', name: 'show', container: ['OrdersController'], line: 5, endLine: 8 },
  hunks: [],
};

function context(code: DeploymentCodeAnswer, extraNames = 0) {
  const queries: DeploymentCodeQuery[] = [];
  const asked: Array<{ from: number; to: number }> = [];
  const session = {
    api: {
      getApplication: () => Promise.resolve(APP),
      listApplications: () => Promise.resolve([APP]),
      getTransactionStats: (q: { from: number; to: number }) => {
        asked.push(q);
        const after = asked.length % 2 === 0;
        return Promise.resolve([
          stats('Controller/orders/show', after ? 250 : 100),
          stats('Controller/orders/index', 80),
          stats('Controller/rare', 50, 3),
          ...Array.from({ length: extraNames }, (_, i) => stats(`Controller/n${i}/${'x'.repeat(150)}`, 10 + i)),
        ]);
      },
    },
    deployments: { get: () => Promise.resolve(DEPLOYMENTS) },
    signal: new AbortController().signal,
  } as unknown as ConnectionSession;
  const ctx = {
    session,
    region: 'us',
    bindings: { active: () => undefined, all: () => [] },
    poller: { snapshot: () => undefined },
    signal: session.signal,
    now: () => NOW,
    deploymentCode: (q: DeploymentCodeQuery) => {
      queries.push(q);
      return Promise.resolve(code);
    },
  } as unknown as ToolContext;
  return { ctx, queries, asked };
}

const json = (text: string) => JSON.parse(text.slice(text.lastIndexOf('\n') + 1)) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const CODE: DeploymentCodeAnswer = {
  kind: 'code',
  from: '77b26b0aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
  to: '545143bd0c8eaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
  code: {
    moved: [
      {
        name: 'Controller/orders/show',
        status: 'worse',
        methods: [{ change: SHOW, commits: [{ sha: '545143b', subject: 'Orders: include line items\u202e' }] }],
      },
    ],
    elsewhere: [{ path: 'app/assets/site.css', commits: [{ sha: '1a2b3c4', subject: 'css' }] }],
  },
};

describe('timeslice_deployment_impact', () => {
  it('takes the latest deployment: the slowdown first with its changed method and commit, the verdict worse', async () => {
    const { ctx, queries, asked } = context(CODE);
    const text = await deploymentImpactTool.run({ application: 'storefront-web' }, ctx);
    assert.ok(text.includes(DATA_NOTICE));
    const body = json(text);
    assert.equal(body.deployment.revision, '545143bd0c8e');
    assert.equal(body.deployment.previous.revision, '77b26b0');
    assert.equal(body.verdict.verdict, 'worse');
    assert.deepEqual(body.verdict.restsOn, ['Controller/orders/show']);
    const [top, ...rest] = body.transactions;
    assert.equal(top.name, 'Controller/orders/show');
    assert.equal(top.status, 'worse');
    assert.equal(top.before.calls, 600);
    assert.equal(top.change.responseTimeMs, 150);
    assert.ok(top.signals.some((s: { measure: string; moved: boolean }) => s.measure === 'time' && s.moved));
    assert.deepEqual(top.code, [
      {
        method: 'OrdersController.show',
        file: 'app/controllers/orders_controller.rb',
        line: 6,
        change: 'changed',
        commits: [{ sha: '545143b', subject: 'Orders: include line items' }],
      },
    ]);
    assert.equal(rest.at(-1).status, 'tooFewCalls', 'a 3-call transaction has no verdict, ranked last');
    assert.equal(rest.at(-1).code, undefined);
    assert.deepEqual(body.code.changedElsewhere, [{ file: 'app/assets/site.css', commits: ['1a2b3c4'] }]);
    // The code was asked for the moved rows only, across the previous deployment's range.
    assert.deepEqual(queries[0].moved, [{ name: 'Controller/orders/show', status: 'worse' }]);
    assert.equal(queries[0].previous?.revision, '77b26b0');
    assert.equal(asked.length, 2, 'one request per window');
    assert.ok(
      asked.every((w) => w.to <= NOW && w.from >= NOW - 9 * HOUR),
      'the windows stay between the neighbours',
    );
  });

  it('picks a deployment by revision or SHA prefix, and refuses one it does not find with the candidates as data', async () => {
    const { ctx, queries } = context({
      kind: 'none',
      messages: ['v3.2.0 is not a commit'],
      pick: { from: [], to: [] },
    });
    const body = json(await deploymentImpactTool.run({ applicationId: 42, revision: '77B26B0' }, ctx));
    assert.equal(body.deployment.revision, '77b26b0');
    assert.equal(queries[0].previous?.revision, 'v3.2.0');
    assert.deepEqual(body.code.why, ['v3.2.0 is not a commit']);
    assert.match(body.code.userMayPick, /Pick the Two Commits/);
    assert.equal(
      json(
        await deploymentImpactTool.run({ revision: '545143b' }, {
          ...ctx,
          bindings: { active: () => ({ binding: { id: 42, region: 'us' } }), all: () => [] },
        } as unknown as ToolContext),
      ).deployment.revision,
      '545143bd0c8e',
    );
    const refused = await deploymentImpactTool
      .run({ applicationId: 42, revision: 'v9 [x](command:quit)' }, ctx)
      .catch(toolErrorText);
    assert.match(refused, /^Error: No deployment in the range has the "revision" given/);
    const data = json(refused);
    assert.equal(data.given, 'v9 [x](command:quit)');
    assert.deepEqual(
      data.candidates.map((c: { revision: string }) => c.revision),
      ['545143bd0c8e', '77b26b0', 'v3.2.0'],
    );
    for (const bad of [{ revision: 7 }, { days: 0 }, { deployment: 'x' }]) {
      assert.match(await deploymentImpactTool.run({ applicationId: 42, ...bad }, ctx).catch(toolErrorText), /^Error: /);
    }
  });

  it(`keeps to the cap: at most ${MAX_IMPACT_ROWS} rows and the count of the rest`, async () => {
    const { ctx } = context(CODE, 200);
    const text = await deploymentImpactTool.run({ applicationId: 42 }, ctx);
    assert.ok(text.length <= MAX_ANSWER_CHARS, String(text.length));
    const body = json(text);
    assert.ok(body.transactions.length <= MAX_IMPACT_ROWS);
    assert.equal(body.transactions.length + body.more, 203);
    assert.equal(body.transactions[0].name, 'Controller/orders/show');
  });
});
