/**
 * Fuzz: generated response bodies (mutations of the simulator's real envelopes) through the client's
 * parse path (transport → decode → parse) and the panel loaders. Every call must either succeed or
 * fail with an ApiError of a known kind: no TypeError, no stack overflow, no unhandled rejection.
 *
 *   TIMESLICE_FUZZ_SEED=<n>   replay a run (the seed is printed). Without it: from the commit in CI
 *                             (env CI set), random elsewhere (support/fuzz.ts fuzzSeed)
 *   TIMESLICE_FUZZ_CASES=<n>  bodies per format (10,000 by default; more for a longer run)
 */
import * as assert from 'node:assert/strict';

import { MockAgent } from 'undici';

import { HttpTimesliceApi } from '../../src/api/rest/client';
import { isApiError } from '../../src/api/apiError';
import { LimiterRegistry } from '../../src/api/limiter';
import { MetricNamesCache } from '../../src/api/metricNamesCache';
import type { MetricScope } from '../../src/api/types';
import { MemoryLogger } from '../../src/log';
import { loadPanelData } from '../../src/panels/panelData';
import type { PanelEntity, PanelKind } from '../../src/panels/protocol';
import { Rng } from '../../src/simulator/random';
import { Simulator } from '../../src/simulator/server';
import type { Format } from '../support/fuzz';
import { FUZZ_SEED_VARIABLE, fuzzSeed, headCommit, mutate } from '../support/fuzz';

const CASES = Number(process.env.TIMESLICE_FUZZ_CASES) || 10_000;
const { seed: SEED, source: SEED_SOURCE } = fuzzSeed(process.env, () => headCommit(__dirname));
/** One case in this many also loads a panel whose requests meet the mutated body. */
const PANEL_EVERY = 25;
const ORIGIN = 'https://fuzz.example.test';
const KINDS = new Set([
  'auth',
  'forbidden',
  'notFound',
  'invalidRequest',
  'rateLimited',
  'server',
  'badResponse',
  'network',
  'tls',
  'timeout',
  'proxy',
  'redirectRefused',
  'cancelled',
  'invalidConfig',
  'unknown',
]);
const NOW = new Date('2026-11-20T12:00:30Z');

type Endpoint = 'apps' | 'app' | 'hosts' | 'host' | 'instances' | 'instance' | 'kts' | 'kt' | 'names' | 'data';

/** Which endpoint a request path is (IDs do not matter: the mock answers any). */
function endpointOf(path: string): Endpoint {
  const p = path.split('?')[0].replace(/\.(json|xml)$/, '');
  if (/\/metrics\/data$/.test(p)) return 'data';
  if (/\/metrics$/.test(p)) return 'names';
  if (/\/hosts\/\d+$/.test(p)) return 'host';
  if (/\/hosts$/.test(p)) return 'hosts';
  if (/\/instances\/\d+$/.test(p)) return 'instance';
  if (/\/instances$/.test(p)) return 'instances';
  if (/\/key_transactions\/\d+$/.test(p)) return 'kt';
  if (/\/key_transactions$/.test(p)) return 'kts';
  if (/\/applications\/\d+$/.test(p)) return 'app';
  return 'apps';
}

/** An entity of each kind, with the ids that kind carries. */
function fuzzEntity(kind: PanelKind): PanelEntity {
  switch (kind) {
    case 'host':
      return { kind, applicationId: 1, hostId: 2, title: 't' };
    case 'instance':
      return { kind, applicationId: 1, instanceId: 2, title: 't' };
    case 'keyTransaction':
      return { kind, applicationId: 1, keyTransactionId: 3, title: 't' };
    case 'explorer':
      return { kind, applicationId: 1, title: 't' };
    case 'transaction':
      return { kind, applicationId: 1, transactionName: 'WebTransaction/Controller/users/show', title: 't' };
    case 'transactions':
      return { kind, applicationId: 1, title: 't' };
    case 'error':
      return { kind, applicationId: 1, title: 't', errorClass: 'E', transactionName: 'WebTransaction/x' };
    default:
      return { kind, applicationId: 1, title: 't' };
  }
}
describe('fuzz: hostile response bodies through the client and the panel loaders', function () {
  this.timeout(120_000);
  // Printed first, so that a run that hangs or dies can still be replayed.
  console.log(`      fuzz: ${FUZZ_SEED_VARIABLE}=${SEED} (${SEED_SOURCE})`);
  const real: Record<Format, Record<Endpoint, string>> = {
    json: {} as Record<Endpoint, string>,
    xml: {} as Record<Endpoint, string>,
  };
  let scope: MetricScope;

  before(async () => {
    const sim = await Simulator.start({ seed: 11, apps: 3, now: () => NOW });
    try {
      const log = new MemoryLogger();
      for (const format of ['json', 'xml'] as const) {
        const api = new HttpTimesliceApi({
          baseUrl: sim.baseUrls.us,
          getApiKey: () => Promise.resolve(sim.keys.us),
          ca: sim.certPem,
          log,
          format,
        });
        try {
          const [app] = await api.listApplications();
          const [host] = await api.listHosts(app.id);
          const [instance] = await api.listInstances(app.id);
          const [kt] = await api.listKeyTransactions();
          scope = { kind: 'application', applicationId: app.id };
          const raw = async (path: string, query: Record<string, string | string[]> = {}) => {
            const params = new URLSearchParams();
            for (const [k, v] of Object.entries(query)) {
              for (const one of [v].flat()) params.append(k, one);
            }
            return (await api.rawRequest(`${path}.${format}`, params)).body;
          };
          const a = `/v2/applications/${app.id}`;
          real[format] = {
            apps: await raw('/v2/applications'),
            app: await raw(a),
            hosts: await raw(`${a}/hosts`),
            host: await raw(`${a}/hosts/${host.id}`),
            instances: await raw(`${a}/instances`),
            instance: await raw(`${a}/instances/${instance.id}`),
            kts: await raw('/v2/key_transactions'),
            kt: await raw(`/v2/key_transactions/${kt.id}`),
            names: await raw(`${a}/metrics`, { name: 'HttpDispatcher' }),
            data: await raw(`${a}/metrics/data`, {
              'names[]': ['HttpDispatcher', 'Apdex', 'Errors/all'],
              from: '2026-11-20T11:45:00+00:00',
              to: '2026-11-20T12:00:00+00:00',
              period: '60',
            }),
          };
        } finally {
          await api.dispose();
        }
      }
    } finally {
      await sim.stop();
    }
  });

  for (const format of ['json', 'xml'] as const) {
    it(`${CASES} ${format.toUpperCase()} bodies: 0 crashes, 0 unhandled rejections, every failure an ApiError with its kind`, async () => {
      // XML's bodies from the next seed, so the two formats do not mutate in step.
      const seed = (SEED + (format === 'xml' ? 1 : 0)) >>> 0;
      const rng = new Rng(seed);
      const agent = new MockAgent();
      agent.disableNetConnect();
      let target: Endpoint = 'apps';
      let body = '';
      agent
        .get(ORIGIN)
        .intercept({ path: () => true, method: 'GET' })
        .reply((opts) => {
          const endpoint = endpointOf(opts.path);
          return {
            statusCode: 200,
            data: endpoint === target ? body : real[format][endpoint],
            responseOptions: {
              headers: {
                'content-type':
                  format === 'json' ? 'application/json; charset=utf-8' : 'application/xml; charset=utf-8',
              },
            },
          };
        })
        .persist();
      const api = new HttpTimesliceApi({
        baseUrl: ORIGIN,
        getApiKey: () => Promise.resolve('NRAK-FUZZ'),
        log: new MemoryLogger(),
        format,
        dispatcher: agent,
        maxTries: 1,
        // The client's own rate limit (900 a minute) would make this a 20-minute test.
        limiters: new LimiterRegistry({ perMinute: Number.MAX_SAFE_INTEGER }),
      });
      const unhandled: unknown[] = [];
      const onUnhandled = (e: unknown) => unhandled.push(e);
      process.on('unhandledRejection', onUnhandled);
      const counts = { ok: 0, crashes: 0, panels: 0 } as Record<string, number>;
      const crashes: string[] = [];
      const t0 = Date.now();
      const calls: Record<Endpoint, () => Promise<unknown>> = {
        apps: () => api.listApplications(),
        app: () => api.getApplication(1),
        hosts: () => api.listHosts(1),
        host: () => api.getHost(1, 2),
        instances: () => api.listInstances(1),
        instance: () => api.getInstance(1, 2),
        kts: () => api.listKeyTransactions(),
        kt: () => api.getKeyTransaction(3),
        names: () => api.listMetricNames(scope, { name: 'HttpDispatcher' }),
        data: () =>
          api.getMetricData(scope, {
            names: ['HttpDispatcher', 'Apdex', 'Errors/all'],
            from: new Date('2026-11-20T11:45:00Z'),
            to: new Date('2026-11-20T12:00:00Z'),
            period: 60,
          }),
      };
      const endpoints = Object.keys(calls) as Endpoint[];
      const panelKinds: PanelKind[] = ['application', 'host', 'instance', 'keyTransaction', 'breakdown', 'explorer'];
      try {
        for (let i = 0; i < CASES; i++) {
          target = rng.pick(endpoints);
          const fuzzCase = mutate(real[format][target], format, rng);
          body = fuzzCase.body;
          const panel = i % PANEL_EVERY === 0 ? rng.pick(panelKinds) : undefined;
          try {
            if (panel) {
              counts.panels += 1;
              const names = new MetricNamesCache(api);
              await loadPanelData(
                { api, metricNames: names, now: NOW },
                {
                  entity: fuzzEntity(panel),
                  range: { preset: '30m', compare: 'none' },
                  view: 'chart',
                  explorer: { metrics: ['HttpDispatcher'], values: ['average_response_time'] },
                },
              );
            } else {
              await calls[target]();
            }
            counts.ok += 1;
          } catch (e) {
            if (isApiError(e) && KINDS.has(e.kind)) {
              counts[e.kind] = (counts[e.kind] ?? 0) + 1;
            } else {
              counts.crashes += 1;
              if (crashes.length < 5) {
                crashes.push(
                  `case ${i} (${target}${panel ? `, ${panel} panel` : ''}; ${fuzzCase.mutations.join('+')}): ${e instanceof Error ? `${e.name}: ${e.message.slice(0, 200)}` : String(e)}`,
                );
              }
            }
          }
        }
        // Let any stray promise settle before counting unhandled rejections.
        await new Promise((r) => setImmediate(r));
      } finally {
        process.off('unhandledRejection', onUnhandled);
        await api.dispose();
        await agent.close();
      }
      console.log(
        `      fuzz ${format}: ${FUZZ_SEED_VARIABLE}=${SEED} (${SEED_SOURCE}), ${CASES} bodies in ${((Date.now() - t0) / 1000).toFixed(1)} s: ${JSON.stringify(counts)}`,
      );
      assert.deepEqual(crashes, [], `crashes (replay with ${FUZZ_SEED_VARIABLE}=${SEED})`);
      assert.equal(unhandled.length, 0, `unhandled rejections: ${unhandled.map(String).join('; ')}`);
      assert.ok(counts.ok > 0 && (counts.badResponse ?? 0) > 0, 'both outcomes occur, so the generator really mutates');
    });
  }
});
