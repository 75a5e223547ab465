/**
 * Key leak sweep (panels): with a recognisable key, every panel kind is loaded through the client,
 * including failing loads; then what reaches a webview (the panel HTML, the data and error messages,
 * the state it keeps with setState) and what the user exports (CSV and JSON) is searched for the key
 * and every 8-character piece of it.
 */
import * as assert from 'node:assert/strict';

import { HttpTimesliceApi } from '../../src/api/rest/client';
import { MetricNamesCache } from '../../src/api/metricNamesCache';
import { MemoryLogger } from '../../src/log';
import { renderPanelHtml } from '../../src/panels/html';
import { loadPanelData } from '../../src/panels/panelData';
import type { PanelEntity, PanelState } from '../../src/panels/protocol';
import { chartsToCsv, chartsToJson } from '../../src/panels/exportFormats';
import { Simulator } from '../../src/simulator/server';

const KEY = 'NRAK-PANELSWEEP8K2J5H7G1F4D6S9A3QW';
const PIECES = Array.from({ length: KEY.length - 7 }, (_, i) => KEY.slice(i, i + 8));
const hits = (text: string) => PIECES.filter((p) => text.includes(p));

describe('key leak sweep: panel messages, state and exports', function () {
  this.timeout(60_000);
  let sim: Simulator;
  let api: HttpTimesliceApi;

  before(async () => {
    sim = await Simulator.start({ seed: 42, apps: 12, usKey: KEY });
    api = new HttpTimesliceApi({
      baseUrl: sim.baseUrls.us,
      getApiKey: () => Promise.resolve(KEY),
      ca: sim.certPem,
      log: new MemoryLogger(),
      maxTries: 1,
    });
  });

  after(async () => {
    await api.dispose();
    await sim.stop();
  });

  it('0 hits in the panel HTML, every data and error message, the kept state and the CSV and JSON exports of every panel kind', async () => {
    const app = sim.datasets.us.apps.find((a) => a.name === 'storefront-web')!;
    const kt = sim.datasets.us.keyTransactions.find((k) => k.appId === app.id)!;
    const entities: PanelEntity[] = [
      { kind: 'application', applicationId: app.id, title: app.name },
      { kind: 'breakdown', applicationId: app.id, title: app.name },
      { kind: 'explorer', applicationId: app.id, title: app.name },
      { kind: 'host', applicationId: app.id, hostId: app.hostIds[0], title: 'host' },
      { kind: 'instance', applicationId: app.id, instanceId: app.instanceIds[0], title: 'instance' },
      { kind: 'keyTransaction', applicationId: app.id, keyTransactionId: kt.id, title: kt.name },
    ];
    const searched: Record<string, string[]> = { html: [], messages: [], state: [], csv: [], json: [] };
    searched.html.push(
      renderPanelHtml({
        cspSource: 'vscode-webview://x',
        nonce: 'abcdefghijklmnopqrstuvwx',
        bootUri: 'vscode-webview://x/panelBoot.js',
        scriptUri: 'vscode-webview://x/panel.js',
        styleUri: 'vscode-webview://x/panel.css',
        title: app.name,
      }),
    );
    for (const entity of entities) {
      const state: PanelState = {
        entity,
        range: { preset: '1h', compare: 'day' },
        view: 'chart',
        ...(entity.kind === 'explorer'
          ? { explorer: { metrics: ['HttpDispatcher', 'EndUser/Apdex'], values: ['call_count', 'score'] } }
          : {}),
      };
      searched.state.push(JSON.stringify(state));
      const data = await loadPanelData({ api, metricNames: new MetricNamesCache(api) }, state);
      searched.messages.push(JSON.stringify({ type: 'data', ...data }));
      searched.csv.push(chartsToCsv(data.charts));
      searched.json.push(
        chartsToJson(data.charts, {
          entity,
          from: data.range.requested.from.toISOString(),
          to: data.range.requested.to.toISOString(),
        }),
      );
      // The same panel failing in every way the service can fail: the error message a webview gets.
      for (const kind of [
        'unauthorized',
        'forbiddenHtml',
        'wrongRegion',
        'serverError',
        'invalidBody',
        'redirectOtherHost',
      ] as const) {
        sim.injectFault({ endpoint: '*', kind, times: 1 });
        const error = await loadPanelData({ api, metricNames: new MetricNamesCache(api) }, state).then(
          () => undefined,
          (e: unknown) => e,
        );
        sim.clearFaults();
        assert.ok(error instanceof Error, `${entity.kind} with ${kind} fails`);
        searched.messages.push(JSON.stringify({ type: 'error', message: error.message, stack: error.stack }));
      }
    }
    for (const [place, texts] of Object.entries(searched)) {
      assert.ok(texts.length > 0, `${place} was searched`);
      assert.deepEqual(texts.flatMap(hits), [], `the key in ${place}`);
    }
    // And the sweep can see a key where there is one.
    assert.ok(hits(`x${KEY}x`).length > 0);
  });
});
