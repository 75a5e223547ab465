/**
 * 5,000 applications into the tree (simulator scale mode): the client's `listApplications` with its
 * progress callback, beside bare `undici.request` + `JSON.parse` of the same pages one after another.
 */
import { Agent, request } from 'undici';

import { HttpTimesliceApi } from '../../src/api/rest/client';
import { nextPageUrl } from '../../src/api/rest/pagination';
import { MemoryLogger } from '../../src/log';
import { Simulator } from '../../src/simulator/server';
import type { Figure } from '../lib/figure';
import { countFigure, interleaved, timedFigure } from '../lib/figure';

export async function scaleFigures(runs: number, warmup: number): Promise<Figure[]> {
  const sim = await Simulator.start({ apps: 5000, seed: 1, rateLimitPerMinute: 1_000_000 });
  const api = new HttpTimesliceApi({
    baseUrl: sim.baseUrls.us,
    getApiKey: () => Promise.resolve(sim.keys.us),
    ca: sim.certPem,
    log: new MemoryLogger(),
  });
  const agent = new Agent({ connect: { ca: sim.certPem } });
  let progress = 0;
  let listed = 0;
  try {
    const ours = async () => {
      progress = 0;
      const t0 = performance.now();
      listed = (
        await api.listApplications(
          {},
          {
            onProgress: () => {
              progress++;
            },
          },
        )
      ).length;
      return performance.now() - t0;
    };
    const anchor = async () => {
      const t0 = performance.now();
      let url: string | undefined = `${sim.baseUrls.us}/v2/applications.json`;
      while (url) {
        const res = await request(url, {
          headers: { accept: 'application/json', 'api-key': sim.keys.us },
          dispatcher: agent,
        });
        JSON.parse(await res.body.text());
        const link = res.headers.link;
        const next = nextPageUrl(Array.isArray(link) ? link.join(', ') : link);
        url = next === undefined ? undefined : new URL(next, url).href;
      }
      return performance.now() - t0;
    };
    let pages = 0;
    const counted = async () => {
      sim.clearRequests();
      const ms = await ours();
      pages = sim.requests.length;
      return ms;
    };
    const samples = await interleaved(runs, counted, anchor, warmup);
    return [
      // No budget (the issue sets none): the simulator builds all 5,000 records for every page it
      // serves, which is most of the time on both sides (profile: simulator/records.ts, routes.ts).
      timedFigure(
        '5,000 applications into the tree (scale mode)',
        samples,
        'undici.request + JSON.parse, same pages',
        undefined,
        `${listed} applications; most of the time is the simulator building every record for each page`,
      ),
      countFigure('  requests for 5,000 applications (200 a page)', 'requests', pages, { kind: 'exactly', value: 25 }),
      countFigure(
        '  progress reports while listing them',
        'events',
        progress,
        { kind: 'exactly', value: 25 },
        'one per page',
      ),
    ];
  } finally {
    await agent.close();
    await api.dispose();
    await sim.stop();
  }
}
