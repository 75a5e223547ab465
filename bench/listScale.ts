/**
 * Benchmark: list 5,000 applications (scale mode) through the real client over HTTPS, in both
 * formats, and compute a 7-day breakdown series. Prints figures; asserts nothing.
 */
import { HttpTimesliceApi } from '../src/api/client';
import { breakdownNeeds, breakdownSeries } from '../src/api/metrics';
import { MemoryLogger } from '../src/log';
import { Simulator } from '../src/simulator/server';

async function time<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const t0 = process.hrtime.bigint();
  const result = await fn();
  console.log(`${label}: ${(Number(process.hrtime.bigint() - t0) / 1e6).toFixed(0)} ms`);
  return result;
}

async function main(): Promise<void> {
  const sim = await time('simulator start, 5,000 apps', () => Simulator.start({ apps: 5000, seed: 1, rateLimitPerMinute: 100_000 }));
  try {
    for (const format of ['json', 'xml'] as const) {
      const api = new HttpTimesliceApi({ baseUrl: sim.baseUrls.us, getApiKey: async () => sim.keys.us, ca: sim.certPem, log: new MemoryLogger(), format });
      let pages = 0;
      const apps = await time(`list 5,000 applications (${format}, 200 a page)`, () => api.listApplications({}, { onProgress: (p) => { pages = p.pagesDone; } }));
      console.log(`  ${apps.length} applications in ${pages} pages`);
      const to = new Date();
      const from = new Date(to.getTime() - 7 * 86_400_000);
      const needs = breakdownNeeds();
      const data = await time(`7-day breakdown metric data (${format}, ${needs.names.length} names)`, () =>
        api.getMetricData({ kind: 'application', applicationId: apps[0].id }, { names: needs.names, values: needs.values, from, to }));
      const series = await time('  4.8 breakdown of the series', async () => breakdownSeries(data, { language: apps[0].language }));
      console.log(`  ${series.length} points`);
      await api.dispose();
    }
  } finally {
    await sim.stop();
  }
}

void main();
