/**
 * The error details' caches after a simulated day beside their size after one refresh: the tree's
 * Errors group of one expanded application and one open error panel ask every minute for "the last 30
 * minutes" (a new window each minute), the diagnostics every ERROR_DIAGNOSTICS_INTERVAL_MS for three
 * bound applications, over 24 × 60 refreshes. Each application has 20 classes that stay and two that a
 * deployment brings every hour, each hour with new occurrences. Budget: the same order (10×). No
 * network: a fake client answers at once, so the figure counts entries, not requests.
 */
import type { NrqlResult } from '../../src/api/nerdgraph/nrqlQuery';
import { transactionWindow } from '../../src/api/transactionStats';
import { applicationErrors, ERROR_DIAGNOSTICS_INTERVAL_MS } from '../../src/errors/applicationErrors';
import type { ErrorDetailsClient, ServiceException } from '../../src/errors/errorDetails';
import { ErrorDetails } from '../../src/errors/errorDetails';
import type { Figure } from '../lib/figure';

export const ERROR_CACHES_DAY = 'error caches after a simulated day: tree + panel + diagnostics, 3 apps';

const APPS = [101, 102, 103];
const STABLE_CLASSES = 20;
const REFRESH_MS = 60_000; // package.json: timeslice.refreshIntervalSeconds
const DAY_REFRESHES = 24 * 60;

/** The classes of `appId` in the hour of `now`: the stable ones and that hour's deployment's two. */
function classesAt(appId: number, now: number): Array<[transaction: string, errorClass: string]> {
  const hour = Math.floor(now / 3_600_000);
  const stable = Array.from({ length: STABLE_CLASSES }, (_, i): [string, string] => [
    `WebTransaction/Controller/area${i % 7}/show`,
    `App${appId}::Error${i}`,
  ]);
  return [
    ...stable,
    ['WebTransaction/Controller/new/show', `New${hour}::A`],
    ['OtherTransaction/job', `New${hour}::B`],
  ];
}

function fakeClient(clock: { now: number }): ErrorDetailsClient {
  const result = (results: Array<Record<string, unknown>>): NrqlResult => ({
    results,
    metadata: { facets: [], eventTypes: [], messages: [] },
  });
  return {
    runNrql(nrql) {
      const appId = Number(/appId = (\d+)/.exec(nrql)?.[1] ?? /GUID-(\d+)/.exec(nrql)?.[1]);
      const hour = Math.floor(clock.now / 3_600_000);
      const rows = classesAt(appId, clock.now).map(([txn, cls], i) =>
        nrql.includes('FROM TransactionError')
          ? { facet: [txn, cls], count: 100 - i, 'latest.timestamp': clock.now - 60_000, 'latest.error.message': 'm' }
          : { facet: [txn, cls], 'latest.id': `${cls}@${hour}`, 'latest.timestamp': clock.now - 60_000, count: 1 },
      );
      return Promise.resolve(result(rows));
    },
    entityGuid: (id) => Promise.resolve(`GUID-${id}`),
    exception: (): Promise<ServiceException | null> =>
      Promise.resolve({
        message: 'm',
        frames: [{ formatted: "/srv/app/app/controllers/x_controller.rb:3:in 'show'" }],
      }),
  };
}

export async function errorCachesFigure(): Promise<Figure> {
  const clock = { now: Date.parse('2026-11-20T00:00:30Z') };
  const client = fakeClient(clock);
  const details = new ErrorDetails({ client: () => client, now: () => clock.now, maxAgeMs: () => REFRESH_MS });
  const [expanded, panelApp] = APPS;
  const panelClass = classesAt(panelApp, clock.now)[0];
  let lastDiagnostics = -Infinity;
  let afterOne = 0;
  for (let minute = 0; minute < DAY_REFRESHES; minute++) {
    const window = transactionWindow(clock.now, 30);
    const range = { from: new Date(window.from), to: new Date(window.to) };
    await details.classes({ id: expanded, language: 'ruby' }, range);
    await details.classes({ id: panelApp, language: 'ruby' }, range);
    await details.latestStack({ id: panelApp, language: 'ruby' }, panelClass[1], panelClass[0], range);
    if (clock.now - lastDiagnostics >= ERROR_DIAGNOSTICS_INTERVAL_MS) {
      lastDiagnostics = clock.now;
      await applicationErrors({
        details,
        rates: () => Promise.resolve([]),
        applications: APPS.map((applicationId) => ({ applicationId, language: 'ruby' })),
        window,
      });
    }
    if (minute === 0) {
      afterOne = details.cachedEntries;
    }
    clock.now += REFRESH_MS;
  }
  const afterDay = details.cachedEntries;
  return {
    name: ERROR_CACHES_DAY,
    unit: 'entries',
    ours: afterDay,
    anchor: afterOne,
    anchorName: 'after one refresh',
    budget: { kind: 'ratio', max: 10 },
    samples: { ours: [afterDay], anchor: [afterOne] },
    note: `${DAY_REFRESHES} refreshes a minute apart; ${APPS.length} applications of ${STABLE_CLASSES} classes and 2 new ones an hour; class lists, latest occurrences, stacks by occurrence and by class`,
  };
}
