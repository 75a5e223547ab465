/**
 * The client's `getMetricData` on a ~2.7 MB body over HTTPS loopback, beside bare `undici.request` +
 * `JSON.parse` of the same bytes from the same server, and `JSON.parse` alone (the floor).
 */
import { Agent, request } from 'undici';

import { HttpTimesliceApi } from '../../src/api/rest/client';
import { MemoryLogger } from '../../src/log';
import { Simulator } from '../../src/simulator/server';
import type { Figure } from '../lib/figure';
import { interleaved, median, timed, timedFigure } from '../lib/figure';
import { serveBody } from '../lib/bodyServer';

const NOW = new Date('2026-11-20T12:00:00Z');
/** Three hours of minutes (180 slices) for enough of an application's metrics to make ~2.7 MB. */
const FROM = new Date(NOW.getTime() - 3 * 3_600_000);
const TARGET_BYTES = 2.7 * 2 ** 20;

/** The simulator's answer for the query, as bytes, and the metric names asked for. */
async function metricDataBody(): Promise<{ body: Buffer; names: string[] }> {
  const sim = await Simulator.start({ seed: 1, apps: 3, now: () => NOW, rateLimitPerMinute: 100_000 });
  const api = new HttpTimesliceApi({
    baseUrl: sim.baseUrls.us,
    getApiKey: () => Promise.resolve(sim.keys.us),
    ca: sim.certPem,
    log: new MemoryLogger(),
  });
  try {
    const appId = sim.datasets.us.apps[0].id;
    const all = (await api.listMetricNames({ kind: 'application', applicationId: appId })).map((m) => m.name).sort();
    const ask = async (names: string[]) => {
      const q = new URLSearchParams();
      for (const n of names) {
        q.append('names[]', n);
      }
      q.set('from', FROM.toISOString());
      q.set('to', NOW.toISOString());
      q.set('period', '60');
      const raw = await api.rawRequest(`/v2/applications/${appId}/metrics/data.json`, q);
      if (raw.status !== 200) {
        throw new Error(`the simulator answered ${raw.status}`);
      }
      return Buffer.from(raw.body, 'utf8');
    };
    // Size per metric from a first answer, then as many metrics as reach the target.
    let names = all.slice(0, 4);
    for (let i = 0; i < 3; i++) {
      const size = (await ask(names)).length;
      names = all.slice(0, Math.min(all.length, Math.round((TARGET_BYTES / size) * names.length)));
    }
    return { body: await ask(names), names };
  } finally {
    await api.dispose();
    await sim.stop();
  }
}

export async function clientFigures(runs: number): Promise<{ figures: Figure[]; bodyBytes: number }> {
  const { body, names } = await metricDataBody();
  const server = await serveBody(body, 'application/json; charset=utf-8');
  const key = 'NRAK-BENCHBENCHBENCHBENCHBENCHBEN';
  const api = new HttpTimesliceApi({
    baseUrl: server.baseUrl,
    getApiKey: () => Promise.resolve(key),
    ca: server.certPem,
    log: new MemoryLogger(),
  });
  const agent = new Agent({ connect: { ca: server.certPem } });
  try {
    const ours = () =>
      timed(() =>
        api.getMetricData({ kind: 'application', applicationId: 1 }, { names, from: FROM, to: NOW, period: 60 }),
      );
    await ours();
    const url = `${server.baseUrl}${server.lastPath()}`; // the same request line, query and all
    const anchor = () =>
      timed(async () => {
        const res = await request(url, { headers: { accept: 'application/json', 'api-key': key }, dispatcher: agent });
        JSON.parse(await res.body.text());
      });
    const samples = await interleaved(runs, ours, anchor, 2);
    const text = body.toString('utf8');
    const parseOnly = [];
    for (let i = 0; i < runs; i++) {
      parseOnly.push(await timed(() => JSON.parse(text)));
    }
    const mb = (body.length / 2 ** 20).toFixed(1);
    return {
      bodyBytes: body.length,
      figures: [
        timedFigure(`client getMetricData, ${mb} MB body, HTTPS loopback`, samples, 'undici.request + JSON.parse', {
          kind: 'ratio',
          max: 1.15,
        }),
        {
          name: `JSON.parse alone, same ${mb} MB body (the floor)`,
          unit: 'ms',
          ours: median(parseOnly),
          samples: { ours: parseOnly },
        },
      ],
    };
  } finally {
    await api.dispose();
    await agent.close();
    await server.close();
  }
}
