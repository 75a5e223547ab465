/**
 * Heap growth after 100 open/close cycles of a panel, in Node: each cycle runs what opening a
 * dashboard does in the extension host (its data load through the client, the data message it
 * posts) and what closing does (abort, drop everything). The webview itself is not cycled: its
 * memory is Chromium's, freed with the iframe, and cycling it needs the real workbench.
 */
import * as v8 from 'node:v8';
import * as vm from 'node:vm';

import { HttpTimesliceApi } from '../../src/api/rest/client';
import { MetricNamesCache } from '../../src/api/metricNamesCache';
import { MemoryLogger } from '../../src/log';
import { loadPanelData } from '../../src/panels/panelData';
import type { PanelState } from '../../src/panels/protocol';
import { Simulator } from '../../src/simulator/server';
import type { Figure } from '../lib/figure';
import { countFigure } from '../lib/figure';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

function settledHeap(): number {
  for (let i = 0; i < 3; i++) {
    gc();
  }
  return process.memoryUsage().heapUsed;
}

export async function heapFigures(cycles: number): Promise<Figure[]> {
  const sim = await Simulator.start({ seed: 42, apps: 12, rateLimitPerMinute: 1_000_000 });
  const api = new HttpTimesliceApi({
    baseUrl: sim.baseUrls.us,
    getApiKey: () => Promise.resolve(sim.keys.us),
    ca: sim.certPem,
    log: new MemoryLogger(),
  });
  const names = new MetricNamesCache(api);
  const state: PanelState = {
    entity: { kind: 'application', applicationId: sim.datasets.us.apps[0].id, title: 'heap' },
    range: { preset: '24h', compare: 'day' },
    view: 'chart',
  };
  const cycle = async () => {
    const abort = new AbortController();
    const data = await loadPanelData({ api, metricNames: names, signal: abort.signal }, state);
    // The message the panel posts is structured-cloned by VS Code; JSON stands in for that copy.
    JSON.stringify({ type: 'data', summary: data.summary, charts: data.charts, table: data.table });
    abort.abort();
  };
  try {
    for (let i = 0; i < 5; i++) {
      await cycle(); // warm: code, the connection, caches that live as long as the connection
    }
    sim.clearRequests();
    const before = settledHeap();
    for (let i = 0; i < cycles; i++) {
      await cycle();
      sim.clearRequests(); // the simulator's log is the bench's, not the extension's
    }
    const growth = (settledHeap() - before) / 2 ** 20;
    return [
      countFigure(
        `heap growth after ${cycles} panel open/close cycles (after GC)`,
        'MB',
        growth,
        { kind: 'atMost', max: 5 },
        'extension-host side in Node: data load + message per cycle (24 h dashboard with compare)',
      ),
    ];
  } finally {
    await api.dispose();
    await sim.stop();
  }
}
