/**
 * The language-model tools against the simulator (REST v2, the session's shared caches): requests per
 * call, the first call and a second one right after (what the caches save), each beside the requests the
 * equivalent view makes for the same data; and each answer's size in tokens (characters ÷ 4), beside the
 * cap (~4,000 tokens). The code tool needs VS Code (the workspace and its lens provider): its requests
 * are the lenses' own, measured in the requests step.
 */
import { createNrqlClient } from '../../src/api/backend';
import { systemClock } from '../../src/api/clock';
import { RECENT_DEPLOYMENTS_MS } from '../../src/api/deployments';
import { HttpTimesliceApi } from '../../src/api/rest/client';
import { transactionWindow } from '../../src/api/transactionStats';
import { MemoryLogger } from '../../src/log';
import { ConnectionSession } from '../../src/session/connectionSession';
import { SIMULATED_ACCOUNTS } from '../../src/simulator/nerdgraph/service';
import { Simulator } from '../../src/simulator/server';
import { applicationsTool } from '../../src/tools/applicationsTool';
import { applicationTool } from '../../src/tools/applicationTool';
import { deploymentsTool } from '../../src/tools/deploymentsTool';
import { metricTool } from '../../src/tools/metricTool';
import { nrqlTool } from '../../src/tools/nrqlTool';
import { openAlertsTool } from '../../src/tools/openAlertsTool';
import { MAX_ANSWER_CHARS } from '../../src/tools/toolAnswer';
import type { TimesliceTool, ToolContext } from '../../src/tools/toolTypes';
import { transactionsTool } from '../../src/tools/transactionsTool';
import { TREE_TRANSACTIONS_MINUTES } from '../../src/tree/treeWindows';
import type { Figure } from '../lib/figure';
import { countFigure } from '../lib/figure';

const NOW = new Date('2026-11-20T12:00:30Z');

/** A figure with the view's count as its anchor. */
function beside(name: string, unit: Figure['unit'], ours: number, anchor: number, anchorName: string): Figure {
  return { name, unit, ours, anchor, anchorName, samples: { ours: [ours], anchor: [anchor] } };
}

export async function toolFigures(): Promise<Figure[]> {
  const sim = await Simulator.start({ seed: 42, apps: 12, now: () => NOW, rateLimitPerMinute: 100_000 });
  const options = {
    baseUrl: sim.baseUrls.us,
    getApiKey: () => Promise.resolve(sim.keys.us),
    ca: sim.certPem,
    log: new MemoryLogger(),
  };
  const newSession = () =>
    new ConnectionSession({
      api: (layers) => new HttpTimesliceApi({ ...options, layers }),
      nrql: (layers) => createNrqlClient({ ...options, layers, accountId: SIMULATED_ACCOUNTS.us.id }),
      label: 'US',
      spec: { demo: false, backend: 'restV2', region: 'us', baseUrl: sim.baseUrls.us, format: 'json' },
      jobs: [],
      intervalMs: () => 60_000,
      focused: true,
      clock: { ...systemClock, now: () => NOW.getTime() },
    });
  const figures: Figure[] = [];
  const count = async (fn: () => Promise<unknown>) => {
    sim.clearRequests();
    await fn();
    return sim.requests.length;
  };
  try {
    const app = sim.datasets.us.apps.find((a) => a.name === 'storefront-web') ?? sim.datasets.us.apps[0];
    const ref = { applicationId: app.id };
    // What the view asks for the same data, on a fresh session of its own.
    const view = newSession();
    const views = {
      tree: await count(() => view.api.listApplications()),
      transactions: await count(() =>
        view.api.getTransactionStats(
          {
            applicationId: app.id,
            language: app.language,
            ...transactionWindow(NOW.getTime(), TREE_TRANSACTIONS_MINUTES),
          },
          { metricNames: view.metricNames },
        ),
      ),
      deployments: await count(() =>
        view.deployments.get(app.id, {
          from: new Date(NOW.getTime() - RECENT_DEPLOYMENTS_MS),
          to: NOW,
        }),
      ),
      alerts: await count(() => view.openAlerts.get(app.id)),
    };
    view.dispose();
    const cases: Array<[TimesliceTool, object, string, number]> = [
      [applicationsTool, {}, 'the tree, applications', views.tree],
      [applicationTool, ref, 'the dashboard + status bar (1 + 1 + change + alerts)', NaN],
      [transactionsTool, ref, "the tree's Transactions group", views.transactions],
      [deploymentsTool, ref, "the tree's Deployments group", views.deployments],
      [openAlertsTool, ref, 'the open-alerts group', views.alerts],
      [
        metricTool,
        { ...ref, metrics: ['HttpDispatcher', 'Errors/all'] },
        'the explorer: record, series and summary',
        3,
      ],
      [
        nrqlTool,
        { nrql: `SELECT count(*) FROM TransactionError WHERE appId = ${app.id} FACET error.class SINCE 1 day ago` },
        'Run NRQL Query',
        1,
      ],
    ];
    // Each tool on a fresh session: its first call finds nothing another tool cached.
    const contextOf = (session: ConnectionSession): ToolContext => ({
      session,
      region: 'us',
      bindings: { active: () => undefined, all: () => [] },
      poller: { snapshot: () => undefined },
      lenses: { numbersFor: () => Promise.reject(new Error('not in Node')) },
      changes: { sinceRevision: () => Promise.reject(new Error('not in Node')) },
      deploymentCode: () => Promise.reject(new Error('not in Node')),
      // timeslice_errors reads the workspace (vscode): not benched here.
      errors: {
        details: {
          classes: () => Promise.reject(new Error('not benched')),
          latestStack: () => Promise.resolve({ kind: 'none' }),
        },
        locate: () => Promise.resolve({ targets: [] }),
        minutes: () => 30,
      },
      signal: session.signal,
      now: () => NOW.getTime(),
      deploymentsAllowed: false,
      afterWrite: () => undefined,
    });
    for (const [tool, input, anchorName, anchor] of cases) {
      const session = newSession();
      const ctx = contextOf(session);
      let text = '';
      const first = await count(async () => (text = await tool.run(input, ctx)));
      const again = await count(() => tool.run(input, ctx));
      const name = `tool ${tool.name}`;
      figures.push(
        Number.isNaN(anchor)
          ? countFigure(`${name}: requests, first call`, 'requests', first)
          : beside(`${name}: requests, first call`, 'requests', first, anchor, anchorName),
        countFigure(`  ${name}: requests, again (shared caches)`, 'requests', again),
        countFigure(`  ${name}: answer size`, 'tokens', Math.ceil(text.length / 4), {
          kind: 'atMost',
          max: MAX_ANSWER_CHARS / 4,
        }),
      );
      session.dispose();
    }
  } finally {
    await sim.stop();
  }
  return figures;
}
