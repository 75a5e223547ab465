/**
 * Key leak sweep (client level): with a recognisable key, every endpoint, every fault the simulator
 * can play, redirects, a proxy, raw requests and the curl command; then everything observable is
 * searched for the key and for every 8-character piece of it. Each place searched is named.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { inspect } from 'node:util';

import { HttpTimesliceApi } from '../../src/api/rest/client';
import { curlCommand } from '../../src/api/curl';
import { LimiterRegistry } from '../../src/api/limiter';
import { MemoryLogger } from '../../src/log';
import type { EndpointId, FaultKind } from '../../src/simulator/faults';
import { FAULT_KINDS } from '../../src/simulator/faults';
import { Simulator } from '../../src/simulator/server';
import { ConnectProxy } from '../support/connectProxy';

const KEY = 'NRAK-LEAKSWEEPQ7W3E9R2T5Y8U1I4O6P0';

/** Every 8-character piece of the key (the key itself included by any of them). */
const PIECES = Array.from({ length: KEY.length - 7 }, (_, i) => KEY.slice(i, i + 8));

function hits(text: string): string[] {
  return PIECES.filter((p) => text.includes(p));
}

describe('key leak sweep: the client against every fault, redirect and proxy', function () {
  this.timeout(60_000);
  let sim: Simulator;
  let proxy: ConnectProxy;
  const log = new MemoryLogger();
  /** What a user or another program could see, by place. */
  const observed = new Map<string, string[]>();
  const see = (place: string, value: unknown) => {
    const list = observed.get(place) ?? [];
    list.push(
      typeof value === 'string' ? value : inspect(value, { depth: 8, showHidden: true, breakLength: Infinity }),
    );
    observed.set(place, list);
  };

  before(async () => {
    sim = await Simulator.start({ seed: 9, apps: 3, usKey: KEY });
    proxy = await ConnectProxy.start();
  });

  after(async () => {
    await proxy.stop();
    await sim.stop();
  });

  async function drive(api: HttpTimesliceApi, label: string): Promise<void> {
    const calls: Array<[EndpointId, () => Promise<unknown>]> = [
      ['applications.list', () => api.listApplications()],
      ['applications.show', () => api.getApplication(sim.datasets.us.apps[0].id)],
      ['hosts.list', () => api.listHosts(sim.datasets.us.apps[0].id)],
      ['keyTransactions.list', () => api.listKeyTransactions()],
      ['metricNames', () => api.listMetricNames({ kind: 'application', applicationId: sim.datasets.us.apps[0].id })],
      [
        'metricData',
        () =>
          api.getMetricData(
            { kind: 'application', applicationId: sim.datasets.us.apps[0].id },
            { names: ['HttpDispatcher'] },
          ),
      ],
    ];
    const faults: Array<FaultKind | undefined> = [
      undefined,
      ...FAULT_KINDS.filter((k) => k !== 'delay' && k !== 'hugeBody'),
    ];
    for (const fault of faults) {
      for (const [endpoint, call] of calls) {
        sim.clearFaults();
        if (fault) {
          sim.injectFault({ endpoint, kind: fault, times: 5, retryAfterSeconds: 0 });
        }
        try {
          see(`${label}: results`, await call());
        } catch (e) {
          see(`${label}: error messages, stacks and causes`, e);
          see(
            `${label}: error messages, stacks and causes`,
            e instanceof Error ? `${e.message}\n${e.stack ?? ''}` : String(e),
          );
        }
      }
    }
    sim.clearFaults();
    const raw = await api.rawRequest('/v2/applications.json', new URLSearchParams({ 'filter[name]': 'a' }));
    see(`${label}: raw response tab (body, url, content type)`, raw);
    see(`${label}: curl command`, curlCommand(raw.url, 'Api-Key'));
  }

  it("0 hits in logs, errors, results, raw responses, curl, proxy traffic and the simulator's view of non-key bytes", async () => {
    const options = {
      getApiKey: () => Promise.resolve(KEY),
      ca: sim.certPem,
      log,
      timeoutMs: 15_000,
      backoffBaseMs: 1,
      maxRetryWaitMs: 10,
      limiters: new LimiterRegistry({ perMinute: Number.MAX_SAFE_INTEGER }),
    };
    const direct = new HttpTimesliceApi({ ...options, baseUrl: sim.baseUrls.us });
    const viaProxy = new HttpTimesliceApi({
      ...options,
      baseUrl: sim.baseUrls.us.replace('127.0.0.1', 'localhost'),
      proxy: { url: proxy.url, strictSSL: true },
    });
    // Plain http on loopback: followed to https after a 301, and the http request must not carry the key.
    const plain = new HttpTimesliceApi({ ...options, baseUrl: sim.baseUrls.http });
    try {
      await drive(direct, 'direct');
      await drive(viaProxy, 'through a proxy');
      see('plain-http base URL: results', await plain.listApplications().catch((e: unknown) => e));
    } finally {
      await Promise.all([direct.dispose(), viaProxy.dispose(), plain.dispose()]);
    }

    see('log channel (every level, unredacted: the client never writes the key at all)', log.lines.join('\n'));
    see('proxy: CONNECT requests and their headers', proxy.connects);
    see('proxy: plain requests', proxy.plainRequests);
    see(
      'proxy: bytes inside the tunnels (TLS, so the key must not appear in clear)',
      proxy.tunnelledBytes().toString('latin1'),
    );
    // The service's view: everything but the one header that is meant to carry the key.
    for (const r of sim.requests) {
      const { ['api-key']: keyHeader, ...otherHeaders } = r.headers;
      see('simulator: method, host, path, query, other headers, response bodies', {
        ...r,
        headers: otherHeaders,
        query: r.query.toString(),
      });
      if (r.scheme === 'http') {
        assert.equal(keyHeader, undefined, 'the key went over plain http');
      }
    }

    const places = [...observed.keys()];
    console.log(`      searched ${places.length} places for ${PIECES.length} pieces of the key: ${places.join('; ')}`);
    assert.ok(sim.requests.filter((r) => r.headers['api-key'] === KEY).length > 50, 'the key was really used');
    assert.ok(log.lines.length > 0 && proxy.connects.length > 0);
    for (const [place, values] of observed) {
      assert.deepEqual(hits(values.join('\n')), [], `the key (or a piece of it) is visible in: ${place}`);
    }
  });
});

/**
 * The places of the sweep that are closed by construction, checked on the source: only the key store
 * touches SecretStorage, nothing writes globalState or workspaceState, and the clipboard receives only
 * IDs and the curl command (which names an environment variable instead of the key; see above).
 */
describe('key leak sweep: stores and clipboard, by construction', () => {
  const root = path.join(__dirname, '../../src');
  const sources = (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.ts'))
    .map((f) => ({ file: f.split(path.sep).join('/'), text: fs.readFileSync(path.join(root, f), 'utf8') }));

  // globalState holds two booleans: the walkthrough and the end-of-life notice were shown.
  // Both are flags, never data; the NerdGraph account chosen for a key is kept with the key in
  // SecretStorage (auth/keyRecord.ts says why), so it is covered by the first assertion.
  it('only auth/apiKeyStore.ts reads or writes SecretStorage; globalState holds two booleans (walkthrough and end-of-life notice shown), workspaceState nothing', () => {
    assert.deepEqual(
      sources.filter((s) => /\bsecrets\.(get|store|delete)\(/.test(s.text)).map((s) => s.file),
      ['auth/apiKeyStore.ts'],
    );
    assert.deepEqual(
      sources
        .filter((s) => /\b(globalState|workspaceState)\b/.test(s.text))
        .map((s) => s.file)
        .sort(),
      ['endOfLifeNotice.ts', 'services.ts', 'walkthrough.ts'],
    );
    assert.match(
      sources.find((s) => s.file === 'services.ts')!.text,
      /new EndOfLifeNotice\(this\.connections, context\.globalState, this\.config, harness\.quiet\)/,
    );
    for (const file of ['walkthrough.ts', 'endOfLifeNotice.ts']) {
      const text = sources.find((s) => s.file === file)!.text;
      assert.deepEqual(
        [...text.matchAll(/\bstate\.update\(([^)]*)\)/g)].map((m) => m[1]),
        ['SHOWN_KEY, true'],
        file,
      );
    }
  });

  it('the clipboard gets an ID, the curl command or the change impact Markdown, never anything else', () => {
    const writes = sources.flatMap((s) =>
      [...s.text.matchAll(/clipboard\.writeText\(([^)]*\)?)\)/g)].map((m) => `${s.file}: ${m[1]}`),
    );
    assert.deepEqual(writes.sort(), [
      'commands/applicationSummary.ts: String(app.id)',
      // Names and numbers only (changeImpact.ts's changeMarkdown): no request, header or setting in it.
      'commands/changeImpactCommands.ts: markdown',
      'commands/runApiRequest.ts: command',
      'commands/viewCommands.ts: String(id)',
    ]);
    assert.ok(!curlCommand('https://api.example/v2/applications.json', 'Api-Key').includes('NRAK'));
  });
});
