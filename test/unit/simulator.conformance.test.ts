/**
 * The simulator's contract: every statement of docs/service.md (#regions-and-keys, #records,
 * #value-rules, #pagination, #rate-limits) and of the REST API v2's documented behaviour that the
 * service (not the client) must honour, checked on the wire
 * (real HTTPS, undici, our own reading of JSON and of Rails-style XML), never through the project's client.
 * Titles state the behaviour they check.
 *
 * Not checked here, because they constrain the client, not the service: "send `Api-Key`" and the
 * `NRAK-` key format as the client stores it; "only `https:` base URLs are accepted, except loopback";
 * "keep the HTTP client behind an interface"; "ignore what you do not use" / "keep parsing"; "treat
 * any other string as unknown"; "treat as optional" (metrics_found may be missing); "always narrow
 * with `name=`"; "offer only multiples of it" / "choose the period from the table"; "follow rel=next
 * until it is absent", "do not assume a page size", "do not assume order"; the retry / backoff /
 * polling policy; "Parse with a real XML parser and map to the same types as JSON"; the
 * breakdown's calculations and the Ruby agent version rule as a client applies them (combine queries
 * with the same range); "a client that receives 301 must repeat the
 * request over HTTPS". Also left out, as not observable on the wire of this simulator: "The error body
 * may also carry a `messages` array" (may), "Host and instance ID lists: those reported in
 * approximately the last hour" (nothing stops reporting while it runs), the newer `cursor` parameter
 * (its answer is not described), and XML "keys with characters that are not valid in XML names" (no key
 * the simulator serves has one).
 */
import assert from 'node:assert/strict';

import { XMLParser } from 'fast-xml-parser';
import { Agent, request } from 'undici';

import type { SimApp } from '../../src/simulator/dataset';
import type { ValuesRule } from '../../src/simulator/metricData';
import { toXml } from '../../src/simulator/serialize';
import { Simulator } from '../../src/simulator/server';

const NOW_MS = Date.parse('2026-11-20T12:00:00Z');
const MIN = 60_000;
const FORMATS = ['json', 'xml'] as const;
type Fmt = (typeof FORMATS)[number];
const UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/;
const HEALTH = ['green', 'orange', 'red', 'gray', 'unknown'];

// Bodies are open maps read from the wire; the assertions give them their shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type W = any;
type Query = Array<[string, string]>;

interface Reply {
  status: number;
  headers: Record<string, string>;
  text: string;
  /** The body as the envelope object, read from JSON or from Rails XML alike; undefined for other types. */
  body: W;
  /** The XML root element's name (XML only). */
  root?: string;
}

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+00:00');
const at = (time: string) => Date.parse(time);

/** Form encoding as clients send it: brackets kept, a space as `+`. */
function qs(query: Query | string): string {
  if (typeof query === 'string') {
    return query === '' ? '' : `?${query}`;
  }
  const enc = (s: string) => encodeURIComponent(s).replace(/%5B/g, '[').replace(/%5D/g, ']').replace(/%20/g, '+');
  return query.length === 0 ? '' : `?${query.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&')}`;
}

// ---- Rails XML, read independently of the project's parser ----

type XNode = Record<string, unknown>;
const xmlParser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  trimValues: true,
  ignoreDeclaration: true,
});
const tagOf = (n: XNode) => Object.keys(n).find((k) => k !== ':@')!;
const childrenOf = (n: XNode) => (n[tagOf(n)] as XNode[]).filter((k) => !('#text' in k));

/** One element to the JSON value it stands for, asserting Rails' conventions on the way. */
function railsValue(n: XNode): unknown {
  const tag = tagOf(n);
  const attrs = (n[':@'] ?? {}) as Record<string, string>;
  const all = n[tag] as XNode[];
  const elements = all.filter((k) => !('#text' in k));
  const text = all
    .filter((k) => '#text' in k)
    .map((k) => String(k['#text']))
    .join('');
  if (attrs.nil === 'true') {
    assert.equal(elements.length + text.length, 0, `<${tag} nil="true"> is empty`);
    return null;
  }
  switch (attrs.type) {
    case 'array':
      for (const e of elements) {
        // Records are the singular of the array's name; strings and integers are <value> items.
        const expected = childrenOf(e).length > 0 ? tag.replace(/s$/, '') : 'value';
        assert.equal(tagOf(e), expected, `a child of <${tag} type="array">`);
      }
      return elements.map(railsValue);
    case 'integer':
      assert.match(text, /^-?\d+$/, `<${tag} type="integer">`);
      return Number(text);
    case 'float':
      assert.ok(text !== '' && Number.isFinite(Number(text)), `<${tag} type="float">${text}`);
      return Number(text);
    case 'boolean':
      assert.match(text, /^(true|false)$/, `<${tag} type="boolean">`);
      return text === 'true';
    case undefined:
      break;
    default:
      assert.fail(`unexpected type="${attrs.type}" on <${tag}>`);
  }
  if (elements.length === 0) {
    return text === '' ? {} : text; // An empty untyped element is an empty hash (`"values": {}`).
  }
  return Object.fromEntries(elements.map((e) => [tagOf(e), railsValue(e)]));
}

function readXml(text: string): { root: string; body: W } {
  const roots = (xmlParser.parse(text) as XNode[]).filter((n) => !('#text' in n));
  assert.equal(roots.length, 1, 'one root element');
  const root = tagOf(roots[0]);
  return { root, body: { [root]: railsValue(roots[0]) } };
}

describe('simulator conformance to the REST API v2 (docs/service.md)', function () {
  this.timeout(10_000);
  let sim: Simulator;
  let agent: Agent;
  let apps: SimApp[];

  before(async () => {
    sim = await Simulator.start({ seed: 42, apps: 12, now: () => new Date(NOW_MS) });
    agent = new Agent({ connect: { ca: sim.certPem } });
    apps = sim.datasets.us.apps;
  });

  after(async () => {
    await agent.close();
    await sim.stop();
  });

  async function fetchUrl(url: string, headers: Record<string, string>, dispatcher: Agent = agent): Promise<Reply> {
    const res = await request(url, { dispatcher, headers });
    const text = await res.body.text();
    const flat: Record<string, string> = {};
    for (const [k, v] of Object.entries(res.headers)) {
      flat[k] = Array.isArray(v) ? v.join(', ') : String(v);
    }
    const type = flat['content-type'] ?? '';
    if (type.startsWith('application/json')) {
      return { status: res.statusCode, headers: flat, text, body: JSON.parse(text) };
    }
    if (type.startsWith('application/xml')) {
      const { root, body } = readXml(text);
      return { status: res.statusCode, headers: flat, text, body, root };
    }
    return { status: res.statusCode, headers: flat, text, body: undefined };
  }

  interface GetOptions {
    query?: Query | string;
    region?: 'us' | 'eu';
    /** The key to send; null sends none. Default: the region's own. */
    key?: string | null;
    header?: string;
    s?: Simulator;
    dispatcher?: Agent;
  }

  function get(path: string, fmt: Fmt, o: GetOptions = {}): Promise<Reply> {
    const s = o.s ?? sim;
    const region = o.region ?? 'us';
    const key = o.key === undefined ? s.keys[region] : o.key;
    const headers: Record<string, string> = key === null ? {} : { [o.header ?? 'api-key']: key };
    return fetchUrl(`${s.baseUrls[region]}${path}.${fmt}${qs(o.query ?? [])}`, headers, o.dispatcher);
  }

  /** One `it` per format; the title quotes the statement. */
  function each(title: string, fn: (fmt: Fmt) => Promise<void>): void {
    for (const fmt of FORMATS) {
      it(`${title} [${fmt}]`, () => fn(fmt));
    }
  }

  async function ok(path: string, fmt: Fmt, o: GetOptions = {}): Promise<W> {
    const r = await get(path, fmt, o);
    assert.equal(r.status, 200, `${path}.${fmt}${qs(o.query ?? [])}: ${r.text.slice(0, 300)}`);
    return r.body;
  }

  const metricData = async (fmt: Fmt, query: Query | string, path = `/v2/applications/${apps[0].id}/metrics/data`) =>
    (await ok(path, fmt, { query })).metric_data;
  const range = (fromMs: number, toMs: number): Query => [
    ['from', iso(fromMs)],
    ['to', iso(toMs)],
  ];
  const names = (...n: string[]): Query => n.map((x) => ['names[]', x]);
  const values = (...v: string[]): Query => v.map((x) => ['values[]', x]);
  const byName = (md: W) => new Map<string, W>(md.metrics.map((m: W) => [m.name, m]));

  const app0 = () => apps[0];
  const host0 = () => sim.datasets.us.hosts.get(app0().hostIds[0])!;
  const instance0 = () => sim.datasets.us.instances.get(host0().instanceIds[0])!;
  const kt0 = () => sim.datasets.us.keyTransactionsById.get(app0().keyTransactionIds[0])!;
  const appNamed = (name: string) => apps.find((a) => a.name === name)!;

  // ---------------------------------------------------------------------------------------------
  describe('paths, deployments and keys (docs/service.md#regions-and-keys)', () => {
    const rows = (): Array<[string, string, boolean]> => [
      ['/v2/applications', 'applications', true],
      [`/v2/applications/${app0().id}`, 'application', false],
      ['/v2/key_transactions', 'key_transactions', true],
      [`/v2/key_transactions/${kt0().id}`, 'key_transaction', false],
      [`/v2/applications/${app0().id}/hosts`, 'application_hosts', true],
      [`/v2/applications/${app0().id}/hosts/${host0().id}`, 'application_host', false],
      [`/v2/applications/${app0().id}/instances`, 'application_instances', true],
      [`/v2/applications/${app0().id}/instances/${instance0().id}`, 'application_instance', false],
      [`/v2/applications/${app0().id}/metrics`, 'metrics', true],
      [`/v2/applications/${app0().id}/metrics/data`, 'metric_data', false],
    ];

    // Notes, "Envelopes": the table, one row per test and format; XML: "the root element is the envelope key".
    const titles = [
      'list applications | {"applications": [...]}',
      'one application | {"application": {...}}',
      'list key transactions | {"key_transactions": [...]}',
      'one key transaction | {"key_transaction": {...}, "links": {...}}',
      'list hosts of an app: /v2/applications/{id}/hosts.{fmt} | {"application_hosts": [...]}',
      'one host: /v2/applications/{id}/hosts/{host_id}.{fmt} | {"application_host": {...}}',
      'list instances: /v2/applications/{id}/instances.{fmt} | {"application_instances": [...]}',
      'one instance: /v2/applications/{id}/instances/{inst_id}.{fmt} | {"application_instance": {...}}',
      'metric names: .../metrics.{fmt} (app, host or instance scope) | {"metrics": [{"name", "values": [...]}]}',
      'metric data: .../metrics/data.{fmt} (app, host or instance scope) | {"metric_data": {...}}',
    ];
    titles.forEach((title, i) => {
      each(`envelope "${title}"`, async (fmt) => {
        const [path, envelope, isList] = rows()[i];
        const query: Query = envelope === 'metric_data' ? names('HttpDispatcher') : [];
        const r = await get(path, fmt, { query });
        assert.equal(r.status, 200, r.text);
        assert.match(r.headers['content-type'], fmt === 'json' ? /^application\/json/ : /^application\/xml/);
        if (fmt === 'xml') {
          assert.equal(r.root, envelope);
          if (isList) {
            assert.match(r.text, new RegExp(`<${envelope} type="array"`));
          }
        }
        const keys = Object.keys(r.body).filter((k) => k !== 'links');
        assert.deepEqual(keys, [envelope]);
        assert.equal(Array.isArray(r.body[envelope]), isList);
        assert.ok(isList ? r.body[envelope].length > 0 : typeof r.body[envelope] === 'object');
        if (envelope === 'key_transaction' && fmt === 'json') {
          assert.equal(typeof r.body.links, 'object'); // XML has a single root: the envelope.
        }
      });
    });

    it('"Every path carries the version prefix `/v2/`": a path without it is not served', async () => {
      assert.equal((await get('/v1/applications', 'json')).status, 404);
      assert.equal((await get('/applications', 'json')).status, 404);
    });

    each('"Both serve the same `/v2/...` paths" (EU under /eu here): every envelope on the EU base', async (fmt) => {
      const eu = sim.datasets.eu;
      const app = eu.apps.find((a) => a.reporting && a.keyTransactionIds.length > 0)!;
      const host = app.hostIds[0];
      const inst = eu.hosts.get(host)!.instanceIds[0];
      const paths: Array<[string, string, Query]> = [
        ['/v2/applications', 'applications', []],
        [`/v2/applications/${app.id}`, 'application', []],
        ['/v2/key_transactions', 'key_transactions', []],
        [`/v2/key_transactions/${app.keyTransactionIds[0]}`, 'key_transaction', []],
        [`/v2/applications/${app.id}/hosts`, 'application_hosts', []],
        [`/v2/applications/${app.id}/hosts/${host}`, 'application_host', []],
        [`/v2/applications/${app.id}/instances`, 'application_instances', []],
        [`/v2/applications/${app.id}/instances/${inst}`, 'application_instance', []],
        [`/v2/applications/${app.id}/metrics`, 'metrics', []],
        [`/v2/applications/${app.id}/metrics/data`, 'metric_data', names('Apdex')],
      ];
      for (const [path, envelope, query] of paths) {
        const body = await ok(path, fmt, { region: 'eu', query });
        assert.ok(envelope in body, `${path}: ${envelope}`);
      }
    });

    it('"The header name is `Api-Key`; `X-Api-Key` is also used for the same purpose." (docs/service.md#regions-and-keys)', async () => {
      for (const header of ['Api-Key', 'X-Api-Key']) {
        assert.equal((await get('/v2/applications', 'json', { header })).status, 200, header);
      }
    });

    each(
      '"Results are those of the account that the key belongs to." (docs/service.md#regions-and-keys)',
      async (fmt) => {
        const us = await ok('/v2/applications', fmt);
        const eu = await ok('/v2/applications', fmt, { region: 'eu' });
        assert.deepEqual(us.applications.map((a: W) => a.id).sort(), apps.map((a) => a.id).sort());
        assert.deepEqual(eu.applications.map((a: W) => a.id).sort(), sim.datasets.eu.apps.map((a) => a.id).sort());
      },
    );

    it('"Only *User* keys are accepted today (they start with `NRAK-`)."', async () => {
      assert.match(sim.keys.us, /^NRAK-/);
      assert.match(sim.keys.eu, /^NRAK-/);
      assert.equal(
        (await get('/v2/applications', 'json', { key: sim.keys.us.replace(/^NRAK-/, 'NRRA-') })).status,
        401,
      );
    });

    it('"Plain HTTP is answered with a redirect" / 301: "text "You are being redirected..." with `Location` to the https URL"', async () => {
      for (const prefix of ['', '/eu']) {
        const path = `${prefix}/v2/applications.json?filter[name]=web`;
        const r = await fetchUrl(`${sim.baseUrls.http}${path}`, { 'api-key': sim.keys.us }, new Agent());
        assert.equal(r.status, 301);
        assert.equal(r.headers.location, `https://127.0.0.1:${sim.httpsPort}${path}`);
        assert.match(r.headers['content-type'], /^text\//);
        assert.match(r.text, /^You are being redirected/);
      }
    });
  });

  // ---------------------------------------------------------------------------------------------
  describe('records (docs/service.md#records)', () => {
    const appList = async (fmt: Fmt, query: Query = []) =>
      (await ok('/v2/applications', fmt, { query })).applications as W[];

    each(
      '2.1 Application: id integer, name string, language string, health_status string, reporting boolean, last_reported_at "ISO 8601 timestamp with offset"',
      async (fmt) => {
        for (const a of await appList(fmt)) {
          assert.ok(Number.isInteger(a.id));
          assert.equal(typeof a.name, 'string');
          assert.equal(typeof a.language, 'string');
          assert.equal(typeof a.health_status, 'string');
          assert.equal(typeof a.reporting, 'boolean');
          if (a.last_reported_at !== undefined) {
            assert.match(a.last_reported_at, UTC);
          }
        }
      },
    );

    each(
      '2.2 application_summary: response_time, throughput, error_rate (fraction), apdex_target, apdex_score; notes: "also has `host_count`, `instance_count`, `concurrent_instance_count`"',
      async (fmt) => {
        for (const a of (await appList(fmt)).filter((x) => x.reporting)) {
          const s = a.application_summary;
          for (const k of ['response_time', 'throughput', 'error_rate', 'apdex_target', 'apdex_score']) {
            assert.equal(typeof s[k], 'number', `${a.name} ${k}`);
          }
          assert.ok(s.error_rate >= 0 && s.error_rate <= 1);
          for (const k of ['host_count', 'instance_count', 'concurrent_instance_count']) {
            assert.ok(Number.isInteger(s[k]), `${a.name} ${k}`);
          }
          assert.equal(s.host_count, a.links.application_hosts.length);
        }
      },
    );

    each(
      '2.3 end_user_summary: response_time, throughput, apdex_target, apdex_score (numbers), only with real-user monitoring',
      async (fmt) => {
        const list = await appList(fmt);
        assert.ok(list.some((a) => a.end_user_summary));
        for (const a of list) {
          if (a.end_user_summary) {
            assert.equal(a.settings.enable_real_user_monitoring, true);
            for (const k of ['response_time', 'throughput', 'apdex_target', 'apdex_score']) {
              assert.equal(typeof a.end_user_summary[k], 'number', k);
            }
          }
        }
      },
    );

    each(
      '2.4 settings: app_apdex_threshold, end_user_apdex_threshold (number), enable_real_user_monitoring, use_server_side_config (boolean)',
      async (fmt) => {
        for (const a of await appList(fmt)) {
          assert.equal(typeof a.settings.app_apdex_threshold, 'number');
          assert.equal(typeof a.settings.end_user_apdex_threshold, 'number');
          assert.equal(typeof a.settings.enable_real_user_monitoring, 'boolean');
          assert.equal(typeof a.settings.use_server_side_config, 'boolean');
        }
      },
    );

    each(
      '2.5 links: application_instances, application_hosts (array of integer), alert_policy (integer); notes: "`links` may also have `servers` (array of integer)"',
      async (fmt) => {
        for (const a of await appList(fmt)) {
          for (const k of ['application_instances', 'application_hosts', 'servers']) {
            assert.ok(Array.isArray(a.links[k]) && a.links[k].every(Number.isInteger), `${a.name} ${k}`);
          }
          if (a.links.alert_policy !== undefined) {
            assert.ok(Number.isInteger(a.links.alert_policy));
          }
        }
      },
    );

    each(
      '"`end_user_summary` and `application_summary` are absent when the app has no such data (not reporting)."',
      async (fmt) => {
        const list = await appList(fmt);
        const silent = list.filter((a) => !a.reporting);
        assert.ok(silent.length > 0);
        for (const a of silent) {
          assert.equal(a.application_summary, undefined);
          assert.equal(a.end_user_summary, undefined);
        }
        assert.ok(list.filter((a) => a.reporting).every((a) => a.application_summary));
      },
    );

    each(
      '"`health_status` values: `green`, `orange` (used instead of yellow), `red`, `gray` (not reporting), `unknown` (no alert policy)."',
      async (fmt) => {
        const list = await appList(fmt);
        for (const a of list) {
          assert.ok(HEALTH.includes(a.health_status), a.health_status);
          assert.equal(a.health_status === 'gray', !a.reporting, `${a.name}: gray ⇔ not reporting`);
          if (a.reporting) {
            assert.equal(
              a.health_status === 'unknown',
              a.links.alert_policy === undefined,
              `${a.name}: unknown ⇔ no alert policy`,
            );
          }
        }
        // Spec 3: "Values seen: `green`, `gray`."
        assert.ok(list.some((a) => a.health_status === 'green') && list.some((a) => a.health_status === 'gray'));
        assert.ok(list.some((a) => a.health_status === 'unknown'));
      },
    );

    each('"`unknown` (no alert policy)" holds when an application\'s health changes at run time', async (fmt) => {
      const app = apps.find((a) => a.reporting && a.health === 'green')!;
      const record = async () => (await ok(`/v2/applications/${app.id}`, fmt)).application;
      try {
        sim.setApplicationHealth('us', app.id, 'unknown');
        const unknown = await record();
        assert.equal(unknown.health_status, 'unknown');
        assert.equal(unknown.links.alert_policy, undefined);
        sim.setApplicationHealth('us', app.id, 'red');
        const red = await record();
        assert.equal(red.health_status, 'red');
        assert.ok(Number.isInteger(red.links.alert_policy), 'a health other than unknown comes from an alert policy');
      } finally {
        sim.setApplicationHealth('us', app.id, 'green');
      }
    });

    each(
      '"`reporting` turns false about 10 minutes after the last data; `last_reported_at` may then be absent."',
      async (fmt) => {
        for (const a of await appList(fmt)) {
          const ago = a.last_reported_at === undefined ? Number.POSITIVE_INFINITY : NOW_MS - at(a.last_reported_at);
          assert.ok(ago >= 0, `${a.name} reported in the future`);
          assert.equal(a.reporting, ago < 10 * MIN, `${a.name}: last ${a.last_reported_at}`);
        }
      },
    );

    each(
      'Host record: "`id`, `application_name`, `host` (host name), `language`, `health_status`, `application_summary` {...instance_count}, optional `end_user_summary`, `links` {application, application_instances[], server}"',
      async (fmt) => {
        const hosts = (await ok(`/v2/applications/${app0().id}/hosts`, fmt)).application_hosts as W[];
        assert.deepEqual(hosts.map((h) => h.id).sort(), [...app0().hostIds].sort());
        for (const h of hosts) {
          assert.ok(Number.isInteger(h.id));
          assert.equal(h.application_name, app0().name);
          assert.equal(typeof h.host, 'string');
          assert.equal(h.language, app0().language);
          assert.ok(HEALTH.includes(h.health_status));
          for (const k of [
            'response_time',
            'throughput',
            'error_rate',
            'apdex_target',
            'apdex_score',
            'instance_count',
          ]) {
            assert.equal(typeof h.application_summary[k], 'number', k);
          }
          assert.equal(h.links.application, app0().id);
          assert.ok(
            Array.isArray(h.links.application_instances) && h.links.application_instances.every(Number.isInteger),
          );
          assert.ok(Number.isInteger(h.links.server));
        }
      },
    );

    each('Host filters: "`filter[hostname]`, `filter[ids]` (comma-separated)."', async (fmt) => {
      const app = apps.find((a) => a.hostIds.length >= 2)!;
      const path = `/v2/applications/${app.id}/hosts`;
      const ids = app.hostIds.slice(0, 2);
      const byIds = (await ok(path, fmt, { query: [['filter[ids]', ids.join(',')]] })).application_hosts as W[];
      assert.deepEqual(byIds.map((h) => h.id).sort(), [...ids].sort());
      const name = sim.datasets.us.hosts.get(app.hostIds[1])!.name;
      const byName = (await ok(path, fmt, { query: [['filter[hostname]', name]] })).application_hosts as W[];
      assert.ok(byName.length >= 1 && byName.every((h) => h.host.includes(name)));
      assert.ok(byName.some((h) => h.id === app.hostIds[1]));
    });

    each('Instance record: "as a host plus `port`; `links` {application, application_host, server}."', async (fmt) => {
      const list = (await ok(`/v2/applications/${app0().id}/instances`, fmt)).application_instances as W[];
      assert.deepEqual(list.map((i) => i.id).sort(), [...app0().instanceIds].sort());
      for (const i of list) {
        assert.ok(Number.isInteger(i.id) && Number.isInteger(i.port));
        assert.equal(i.application_name, app0().name);
        assert.equal(typeof i.host, 'string');
        assert.ok(HEALTH.includes(i.health_status));
        assert.equal(typeof i.application_summary.instance_count, 'number');
        assert.equal(i.links.application, app0().id);
        assert.ok(app0().hostIds.includes(i.links.application_host));
        assert.ok(Number.isInteger(i.links.server));
      }
    });

    each(
      '"Instance-scope metric names and data: `/v2/applications/{app}/instances/{inst}/metrics.{fmt}` and `.../metrics/data.{fmt}`."',
      async (fmt) => {
        const base = `/v2/applications/${app0().id}/instances/${instance0().id}`;
        const listing = (await ok(`${base}/metrics`, fmt, { query: [['name', 'HttpDispatcher']] })).metrics as W[];
        assert.deepEqual(
          listing.map((m) => m.name),
          ['HttpDispatcher'],
        );
        const md = await metricData(fmt, [...names('HttpDispatcher'), ['summarize', 'true']], `${base}/metrics/data`);
        assert.deepEqual(md.metrics_found, ['HttpDispatcher']);
      },
    );

    each(
      'Key transaction: "`id`, `name`, `transaction_name`, `health_status`, `reporting`, `last_reported_at`, `application_summary`, `links.application`."',
      async (fmt) => {
        const list = (await ok('/v2/key_transactions', fmt)).key_transactions as W[];
        assert.equal(list.length, sim.datasets.us.keyTransactions.length);
        for (const k of list) {
          assert.ok(Number.isInteger(k.id));
          assert.equal(typeof k.name, 'string');
          assert.equal(typeof k.transaction_name, 'string');
          assert.ok(HEALTH.includes(k.health_status));
          assert.equal(typeof k.reporting, 'boolean');
          assert.match(k.last_reported_at, UTC);
          for (const f of ['response_time', 'throughput', 'error_rate', 'apdex_target', 'apdex_score']) {
            assert.equal(typeof k.application_summary[f], 'number', f);
          }
          assert.ok(apps.some((a) => a.id === k.links.application));
        }
      },
    );

    it('2.6 "The single-record response also has a top-level `links` object with the member `key_transaction.application`, a path template of the form `/v2/applications/{application_id}`."', async () => {
      const body = await ok(`/v2/key_transactions/${kt0().id}`, 'json');
      assert.equal(body.key_transaction.id, kt0().id);
      assert.equal(body.links['key_transaction.application'], '/v2/applications/{application_id}');
    });

    each('Key transaction filters: "`filter[name]`, `filter[ids]`."', async (fmt) => {
      const kts = sim.datasets.us.keyTransactions;
      const ids = [kts[0].id, kts[3].id];
      const byIds = (await ok('/v2/key_transactions', fmt, { query: [['filter[ids]', ids.join(',')]] }))
        .key_transactions as W[];
      assert.deepEqual(byIds.map((k) => k.id).sort(), [...ids].sort());
      const name = kts[2].name;
      const byName = (await ok('/v2/key_transactions', fmt, { query: [['filter[name]', name]] }))
        .key_transactions as W[];
      assert.ok(byName.length >= 1 && byName.every((k) => k.name.includes(name)));
      // 4.3: "simple string match; no regular expressions"
      assert.deepEqual(
        (await ok('/v2/key_transactions', fmt, { query: [['filter[name]', '.*']] })).key_transactions,
        [],
      );
    });

    each(
      '2.6 "Summary data exists only for a key transaction. Timeslice data for it is obtained through its parent transaction."',
      async (fmt) => {
        const kt = kt0();
        const md = await metricData(
          fmt,
          [...names(kt.transactionName), ['summarize', 'true']],
          `/v2/applications/${kt.appId}/metrics/data`,
        );
        assert.deepEqual(md.metrics_found, [kt.transactionName]);
      },
    );

    each(
      '4.1 "Without filters, all applications of the account of the key are returned." and filter[name] "simple substring match on the name; spaces written as `+`"',
      async (fmt) => {
        assert.equal((await appList(fmt)).length, apps.length);
        const target = appNamed('Zahlungsdienst – Köln ☕');
        const r = await get('/v2/applications', fmt, {
          query: `filter[name]=${encodeURIComponent('Köln')}+${encodeURIComponent('☕')}`,
        });
        assert.deepEqual(
          r.body.applications.map((a: W) => a.id),
          [target.id],
        );
        const web = await appList(fmt, [['filter[name]', '-web']]);
        assert.ok(web.length > 0 && web.every((a) => a.name.includes('-web')));
      },
    );

    each(
      '4.1 "filter[ids] ... restricts to the application ID" (notes: comma-separated) and "filter[id]"',
      async (fmt) => {
        const ids = [apps[1].id, apps[3].id];
        assert.deepEqual(
          (await appList(fmt, [['filter[ids]', ids.join(',')]])).map((a) => a.id).sort(),
          [...ids].sort(),
        );
        assert.deepEqual(
          (await appList(fmt, [['filter[id]', String(apps[2].id)]])).map((a) => a.id),
          [apps[2].id],
        );
      },
    );

    each('"Application list filters also include `filter[host]` and `filter[language]`."', async (fmt) => {
      const ruby = await appList(fmt, [['filter[language]', 'ruby']]);
      assert.deepEqual(
        ruby.map((a) => a.id).sort(),
        apps
          .filter((a) => a.language === 'ruby')
          .map((a) => a.id)
          .sort(),
      );
      const hostName = host0().name;
      const byHost = await appList(fmt, [['filter[host]', hostName]]);
      assert.ok(byHost.some((a) => a.id === app0().id));
      for (const a of byHost) {
        assert.ok(
          apps.find((x) => x.id === a.id)!.hostIds.some((h) => sim.datasets.us.hosts.get(h)!.name.includes(hostName)),
        );
      }
    });

    each(
      '4.5 name: "simple character match on the metric name; no regular expressions; reduces the amount returned"',
      async (fmt) => {
        const path = `/v2/applications/${app0().id}/metrics`;
        const all = (await ok(path, fmt)).metrics as W[];
        const some = (await ok(path, fmt, { query: [['name', 'Datastore/']] })).metrics as W[];
        assert.ok(some.length > 0 && some.length < all.length);
        assert.ok(some.every((m) => m.name.includes('Datastore/')));
        assert.deepEqual((await ok(path, fmt, { query: [['name', 'Datastore/.*']] })).metrics, []);
      },
    );

    each(
      '2.7 Metric (name listing entry): name string, values "array of string (metric value names valid for that name)"',
      async (fmt) => {
        for (const m of (await ok(`/v2/applications/${app0().id}/metrics`, fmt)).metrics as W[]) {
          assert.equal(typeof m.name, 'string');
          assert.ok(
            Array.isArray(m.values) && m.values.length > 0 && m.values.every((v: W) => typeof v === 'string'),
            m.name,
          );
        }
      },
    );

    each(
      '2.8 value names per metric name (Apdex, EndUser/Apdex, EndUser, HttpDispatcher, CPU/User Time, the call_count/average_response_time metrics)',
      async (fmt) => {
        const table: Record<string, string[]> = {
          Apdex: ['score', 's', 't', 'f', 'count', 'value', 'threshold', 'threshold_min'],
          'EndUser/Apdex': ['score', 's', 't', 'f', 'count'],
          EndUser: ['call_count', 'average_response_time'],
          HttpDispatcher: ['average_response_time', 'average_call_time', 'call_count', 'requests_per_minute'],
          'CPU/User Time': ['percent'],
          'Memory/Physical': ['total_used_mb'],
        };
        const atLeast: Record<string, string[]> = {
          WebTransactionTotalTime: ['average_response_time'],
          'WebFrontend/QueueTime': ['call_count', 'average_response_time'],
          'OtherTransaction/all': ['requests_per_minute'],
          'Database/allWeb': ['call_count', 'average_response_time'],
          'ActiveRecord/all': ['call_count', 'average_response_time'],
          'Memcache/allWeb': ['call_count', 'average_response_time'],
          'External/allWeb': ['call_count', 'average_response_time'],
        };
        const seen = new Set<string>();
        for (const app of apps) {
          for (const m of (await ok(`/v2/applications/${app.id}/metrics`, fmt)).metrics as W[]) {
            if (table[m.name]) {
              assert.deepEqual([...m.values].sort(), [...table[m.name]].sort(), m.name);
            }
            const needed =
              atLeast[m.name] ??
              (/^Datastore\/[^/]+\/allWeb$/.test(m.name) ? ['call_count', 'average_response_time'] : []);
            for (const v of needed) {
              assert.ok(m.values.includes(v), `${m.name} lists ${v}`);
            }
            seen.add(m.name);
          }
        }
        for (const n of [...Object.keys(table), ...Object.keys(atLeast)]) {
          assert.ok(seen.has(n), `some application reports ${n}`);
        }
      },
    );

    each('2.8 Memory/Physical: "used_mb_by_host (host scope), total_used_mb (application scope)"', async (fmt) => {
      const q: Query = [['name', 'Memory/Physical']];
      const appScope = (await ok(`/v2/applications/${app0().id}/metrics`, fmt, { query: q })).metrics;
      const hostScope = (await ok(`/v2/applications/${app0().id}/hosts/${host0().id}/metrics`, fmt, { query: q }))
        .metrics;
      assert.deepEqual(appScope[0].values, ['total_used_mb']);
      assert.deepEqual(hostScope[0].values, ['used_mb_by_host']);
      const md = await metricData(
        fmt,
        [...names('Memory/Physical'), ['summarize', 'true']],
        `/v2/applications/${app0().id}/hosts/${host0().id}/metrics/data`,
      );
      assert.deepEqual(Object.keys(md.metrics[0].timeslices[0].values), ['used_mb_by_host']);
    });

    each('2.8 WebFrontend/QueueTime "does not exist if the application never reported queuing"', async (fmt) => {
      const app = appNamed('legacy-admin');
      assert.deepEqual(
        (await ok(`/v2/applications/${app.id}/metrics`, fmt, { query: [['name', 'QueueTime']] })).metrics,
        [],
      );
      const md = await metricData(fmt, names('WebFrontend/QueueTime'), `/v2/applications/${app.id}/metrics/data`);
      assert.deepEqual(md.metrics_not_found, ['WebFrontend/QueueTime']);
    });

    each(
      '"The simulator models Ruby applications of both generations by which of these metrics they report" and "The application record carries no agent version"',
      async (fmt) => {
        const kinds = new Set<string>();
        for (const a of apps.filter((x) => x.language === 'ruby')) {
          const listed = ((await ok(`/v2/applications/${a.id}/metrics`, fmt)).metrics as W[]).map((m) => m.name);
          const old = listed.includes('ActiveRecord/all');
          const recent = listed.some((n) => n === 'Database/allWeb' || n.startsWith('Datastore/'));
          assert.ok(old !== recent, `${a.name} reports one generation`);
          kinds.add(old ? 'ActiveRecord' : 'Datastore');
        }
        assert.deepEqual([...kinds].sort(), ['ActiveRecord', 'Datastore']);
        for (const a of await appList(fmt)) {
          assert.ok(!JSON.stringify(a).match(/agent_?version/i), a.name);
        }
      },
    );

    each(
      '8 "Application summary rolling average: three to four minutes" (the last 3 minutes of the served series)',
      async (fmt) => {
        const a = (await ok(`/v2/applications/${app0().id}`, fmt)).application;
        const md = await metricData(fmt, [
          ...names('HttpDispatcher', 'Apdex'),
          ...range(NOW_MS - 3 * MIN, NOW_MS),
          ['summarize', 'true'],
        ]);
        const m = byName(md);
        assert.equal(
          a.application_summary.response_time,
          m.get('HttpDispatcher').timeslices[0].values.average_response_time,
        );
        assert.equal(
          a.application_summary.throughput,
          m.get('HttpDispatcher').timeslices[0].values.requests_per_minute,
        );
        assert.equal(a.application_summary.apdex_score, m.get('Apdex').timeslices[0].values.score);
      },
    );

    each(
      '8 "Key transaction summary rolling average: ten minutes" (the parent transaction over the last 10 minutes)',
      async (fmt) => {
        const kt = kt0();
        const k = (await ok(`/v2/key_transactions/${kt.id}`, fmt)).key_transaction;
        const md = await metricData(
          fmt,
          [...names(kt.transactionName), ...range(NOW_MS - 10 * MIN, NOW_MS), ['summarize', 'true']],
          `/v2/applications/${kt.appId}/metrics/data`,
        );
        const v = md.metrics[0].timeslices[0].values;
        assert.equal(k.application_summary.response_time, v.average_response_time);
        assert.equal(k.application_summary.throughput, v.requests_per_minute);
      },
    );
  });

  // ---------------------------------------------------------------------------------------------
  describe('metric data (docs/service.md#value-rules)', () => {
    const FROM = NOW_MS - 60 * MIN; // 11:00:00
    const TO = NOW_MS - 30 * MIN; // 11:30:00

    each(
      'body shape: {"metric_data": {"from", "to", "metrics_not_found": [], "metrics_found": [...], "metrics": [{"name", "timeslices": [{"from", "to", "values": {...}}]}]}}',
      async (fmt) => {
        const md = await metricData(fmt, [...names('HttpDispatcher', 'Apdex'), ...range(FROM, TO)]);
        assert.deepEqual(Object.keys(md).sort(), ['from', 'metrics', 'metrics_found', 'metrics_not_found', 'to']);
        assert.equal(md.from, iso(FROM));
        assert.equal(md.to, iso(TO));
        assert.deepEqual(md.metrics_not_found, []);
        assert.deepEqual(md.metrics_found, ['HttpDispatcher', 'Apdex']);
        assert.deepEqual(
          md.metrics.map((m: W) => m.name),
          ['HttpDispatcher', 'Apdex'],
        );
        for (const m of md.metrics) {
          assert.deepEqual(Object.keys(m).sort(), ['name', 'timeslices']);
          for (const t of m.timeslices) {
            assert.deepEqual(Object.keys(t).sort(), ['from', 'to', 'values']);
          }
        }
      },
    );

    each('"`values` is an open map of number values; keys depend on the metric."', async (fmt) => {
      const md = await metricData(fmt, [...names('HttpDispatcher', 'Apdex', 'CPU/User Time'), ...range(FROM, TO)]);
      const keys = md.metrics.map((m: W) => Object.keys(m.timeslices[0].values).sort().join());
      assert.equal(new Set(keys).size, 3);
      for (const m of md.metrics) {
        for (const t of m.timeslices) {
          assert.ok(
            Object.values(t.values).every((v) => typeof v === 'number' && Number.isFinite(v)),
            m.name,
          );
        }
      }
    });

    each(
      '"Times are UTC with `+00:00`." / 4.6 rule 3 "Times in the response are UTC even when the request used another offset." (a `+` sent as `%2B`)',
      async (fmt) => {
        const md = await metricData(
          fmt,
          `names[]=HttpDispatcher&from=2026-11-20T12:00:00%2B01:00&to=2026-11-20T12:30:00%2B01:00`,
        );
        assert.equal(md.from, '2026-11-20T11:00:00+00:00');
        assert.equal(md.to, '2026-11-20T11:30:00+00:00');
        for (const t of md.metrics[0].timeslices) {
          assert.match(t.from, UTC);
          assert.match(t.to, UTC);
        }
      },
    );

    each(
      '4.6 rule 1 "When `from` and `to` are omitted, the range is the last 30 minutes." and rule 2 "By default the result is a series with one value per minute."',
      async (fmt) => {
        const md = await metricData(fmt, names('HttpDispatcher'));
        assert.equal(md.from, iso(NOW_MS - 30 * MIN));
        assert.equal(md.to, iso(NOW_MS));
        const slices = md.metrics[0].timeslices as W[];
        assert.equal(slices.length, 30);
        for (const t of slices) {
          assert.equal(at(t.to) - at(t.from), MIN);
        }
      },
    );

    each(
      '"Timeslices are aligned to whole periods and the first may start before the requested `from`."',
      async (fmt) => {
        const oneMin = await metricData(fmt, [...names('HttpDispatcher'), ...range(FROM + 30_000, TO)]);
        assert.equal(oneMin.metrics[0].timeslices[0].from, iso(FROM));
        // 4 hours: 2-minute periods, on even minutes.
        const fourHours = await metricData(fmt, [
          ...names('HttpDispatcher'),
          ...range(NOW_MS - 4 * 60 * MIN + MIN, NOW_MS),
        ]);
        const slices = fourHours.metrics[0].timeslices as W[];
        assert.equal(slices[0].from, iso(NOW_MS - 4 * 60 * MIN));
        for (const t of slices) {
          assert.equal((at(t.from) / MIN) % 2, 0, t.from);
        }
      },
    );

    each(
      '"the first may start before the requested `from`": with data 3 minutes behind, the last 30 minutes\' first slice starts 3 minutes before `from`; an older window is whole',
      async (fmt) => {
        sim.setLagMinutes(3);
        try {
          const md = await metricData(fmt, [...names('HttpDispatcher'), ...range(NOW_MS - 30 * MIN, NOW_MS)]);
          assert.equal(md.from, iso(NOW_MS - 30 * MIN));
          const slices = md.metrics[0].timeslices as W[];
          assert.equal(slices[0].from, iso(NOW_MS - 33 * MIN));
          assert.equal(slices.length, 30);
          const past = await metricData(fmt, [...names('HttpDispatcher'), ...range(FROM, TO)]);
          assert.equal((past.metrics[0].timeslices as W[])[0].from, iso(FROM));
        } finally {
          sim.setLagMinutes(0);
        }
      },
    );

    each(
      '"An unknown metric name is not an error: status 200, the name in `metrics_not_found`, nothing in `metrics`."',
      async (fmt) => {
        const md = await metricData(fmt, [...names('No/Such/Metric'), ...range(FROM, TO)]);
        assert.deepEqual(md.metrics_not_found, ['No/Such/Metric']);
        assert.deepEqual(md.metrics_found, []);
        assert.deepEqual(md.metrics, []);
        const mixed = await metricData(fmt, [...names('No/Such/Metric', 'Apdex'), ...range(FROM, TO)]);
        assert.deepEqual(mixed.metrics_not_found, ['No/Such/Metric']);
        assert.deepEqual(
          mixed.metrics.map((m: W) => m.name),
          ['Apdex'],
        );
      },
    );

    each('"A metric that stopped reporting returns zeros."', async (fmt) => {
      const silent = apps.find((a) => !a.reporting)!;
      const md = await metricData(
        fmt,
        [...names('HttpDispatcher'), ...range(FROM, TO)],
        `/v2/applications/${silent.id}/metrics/data`,
      );
      assert.deepEqual(md.metrics_found, ['HttpDispatcher']);
      for (const t of md.metrics[0].timeslices) {
        assert.ok(
          Object.keys(t.values).length > 0 && Object.values(t.values).every((v) => v === 0),
          JSON.stringify(t.values),
        );
      }
    });

    each(
      '4.6 values[]: "when omitted, all values of the named metric are returned (the complete Apdex set is obtained this way)"',
      async (fmt) => {
        const listing = new Map<string, string[]>(
          ((await ok(`/v2/applications/${app0().id}/metrics`, fmt)).metrics as W[]).map((m) => [m.name, m.values]),
        );
        const asked = ['Apdex', 'HttpDispatcher', 'Datastore/allWeb', 'CPU/User Time', 'Errors/all'];
        const md = await metricData(fmt, [...names(...asked), ...range(FROM, TO)]);
        for (const m of md.metrics) {
          assert.deepEqual(Object.keys(m.timeslices[0].values).sort(), [...listing.get(m.name)!].sort(), m.name);
        }
      },
    );

    each('4.6 rule 4 "Several `names[]` and `values[]` can be given in one request."', async (fmt) => {
      const md = await metricData(fmt, [
        ...names('HttpDispatcher', 'WebTransaction'),
        ...values('call_count', 'average_response_time'),
        ...range(FROM, TO),
      ]);
      for (const m of md.metrics) {
        assert.deepEqual(Object.keys(m.timeslices[0].values).sort(), ['average_response_time', 'call_count'], m.name);
      }
    });

    // THE VALUES RULE, under the default reading (strict). These must fail under `lenient`.
    const rumApp = () => apps.find((a) => a.reporting && a.profile.realUserMonitoring)!;

    each(
      '"When `values[]` asks for a value a metric lacks, that metric comes back with `"values": {}`": the documented example, EndUser + EndUser/Apdex with call_count, average_response_time, score',
      async (fmt) => {
        const app = rumApp();
        const listed = (
          (await ok(`/v2/applications/${app.id}/metrics`, fmt, { query: [['name', 'EndUser']] })).metrics as W[]
        ).map((m) => m.name);
        assert.ok(
          listed.includes('EndUser') && listed.includes('EndUser/Apdex'),
          `${app.name} has real-user monitoring`,
        );
        const md = await metricData(
          fmt,
          'names[]=EndUser&names[]=EndUser/Apdex&values[]=call_count&values[]=average_response_time&values[]=score' +
            `&from=${encodeURIComponent(iso(FROM))}&to=${encodeURIComponent(iso(TO))}`,
          `/v2/applications/${app.id}/metrics/data`,
        );
        const m = byName(md);
        for (const t of m.get('EndUser').timeslices) {
          assert.deepEqual(Object.keys(t.values).sort(), ['average_response_time', 'call_count']);
        }
        for (const t of m.get('EndUser/Apdex').timeslices) {
          assert.deepEqual(t.values, {});
        }
      },
    );

    for (const [label, appName, timer] of [
      ['ActiveRecord/all', 'billing-api', 'ActiveRecord/all'],
      ['Datastore/allWeb', 'storefront-web', 'Datastore/allWeb'],
    ] as const) {
      each(
        `"When \`values[]\` asks for a value a metric lacks, that metric comes back with \`"values": {}\`": HttpDispatcher + ${label} with average_call_time, average_response_time, call_count → the timer comes back {}`,
        async (fmt) => {
          const app = appNamed(appName);
          const md = await metricData(
            fmt,
            [
              ...names('HttpDispatcher', timer),
              ...values('average_call_time', 'average_response_time', 'call_count'),
              ...range(FROM, TO),
            ],
            `/v2/applications/${app.id}/metrics/data`,
          );
          const m = byName(md);
          assert.deepEqual(md.metrics_found, ['HttpDispatcher', timer]);
          for (const t of m.get('HttpDispatcher').timeslices) {
            assert.deepEqual(Object.keys(t.values).sort(), [
              'average_call_time',
              'average_response_time',
              'call_count',
            ]);
          }
          for (const t of m.get(timer).timeslices) {
            assert.deepEqual(t.values, {});
          }
        },
      );
    }

    each(
      '"`summarize=true`: each metric has exactly one timeslice over the whole range (its `to` ends at :59)." / 4.6 summarize "`true` returns one averaged value for the range"',
      async (fmt) => {
        const md = await metricData(fmt, [
          ...names('HttpDispatcher', 'Apdex'),
          ...range(FROM, TO),
          ['summarize', 'true'],
        ]);
        for (const m of md.metrics) {
          assert.equal(m.timeslices.length, 1);
          assert.equal(m.timeslices[0].from, iso(FROM));
          assert.equal(m.timeslices[0].to, '2026-11-20T11:29:59+00:00');
        }
        const series = await metricData(fmt, [...names('HttpDispatcher'), ...range(FROM, TO)]);
        const calls = series.metrics[0].timeslices.reduce((s: number, t: W) => s + t.values.call_count, 0);
        assert.equal(md.metrics[0].timeslices[0].values.call_count, calls);
      },
    );

    each(
      '"To get a series, omit `summarize` (do not send `summarize=false`)." / 4.6 "when omitted, a series of values is returned"',
      async (fmt) => {
        const md = await metricData(fmt, [...names('HttpDispatcher'), ...range(FROM, TO)]);
        assert.equal(md.metrics[0].timeslices.length, 30);
      },
    );

    each('"`period` (seconds per point; never finer than the default for the range...)"', async (fmt) => {
      const day = range(NOW_MS - 24 * 60 * MIN, NOW_MS);
      const step = async (query: Query) => {
        const t = (await metricData(fmt, [...names('HttpDispatcher'), ...query])).metrics[0].timeslices as W[];
        return (at(t[1].from) - at(t[0].from)) / MIN;
      };
      assert.equal(await step([...day, ['period', '60']]), 10, '1 min on a day: the default 10 min');
      assert.equal(await step([...day, ['period', '3600']]), 60, '1 h on a day is honoured');
      assert.equal(await step([...range(FROM, NOW_MS), ['period', '30']]), 1, '30 s on an hour: the default 1 min');
    });

    each('"`raw` (unformatted raw values)" is an accepted parameter', async (fmt) => {
      const md = await metricData(fmt, [...names('HttpDispatcher'), ...range(FROM, TO), ['raw', 'true']]);
      assert.deepEqual(md.metrics_found, ['HttpDispatcher']);
    });

    each(
      '"Default granularity by range: up to 3 h: 1 min; up to 6 h: 2 min; up to 14 h: 5 min; up to 24 h: 10 min; up to 4 days: 30 min; up to 7 days: 1 h; up to 3 weeks: 3 h; up to 6 weeks: 6 h; up to 9 weeks: 12 h; longer: 3 days."',
      async (fmt) => {
        const H = 60;
        const D = 24 * H;
        const rows: Array<[number, number]> = [
          [3 * H, 1],
          [6 * H, 2],
          [14 * H, 5],
          [24 * H, 10],
          [4 * D, 30],
          [7 * D, H],
          [21 * D, 3 * H],
          [42 * D, 6 * H],
          [63 * D, 12 * H],
          [70 * D, 3 * D],
        ];
        for (const [minutes, period] of rows) {
          const t = (await metricData(fmt, [...names('HttpDispatcher'), ...range(NOW_MS - minutes * MIN, NOW_MS)]))
            .metrics[0].timeslices as W[];
          for (const s of t) {
            assert.equal((at(s.to) - at(s.from)) / MIN, period, `${minutes} min range`);
            assert.equal((at(s.from) / MIN) % period, 0, `${minutes} min range: aligned`);
          }
          assert.ok(
            t.length >= Math.floor(minutes / period) && t.length <= Math.ceil(minutes / period) + 1,
            `${minutes} min: ${t.length} slices`,
          );
        }
      },
    );

    each('"Ranges under 60 seconds are rejected with 422." with {"error": {"title": "..."}}', async (fmt) => {
      const r = await get(`/v2/applications/${app0().id}/metrics/data`, fmt, {
        query: [...names('HttpDispatcher'), ...range(FROM, FROM + 59_000)],
      });
      assert.equal(r.status, 422);
      assert.equal(typeof r.body.error.title, 'string');
      assert.ok(r.body.error.title.length > 0);
      const ok60 = await get(`/v2/applications/${app0().id}/metrics/data`, fmt, {
        query: [...names('HttpDispatcher'), ...range(FROM, FROM + 60_000)],
      });
      assert.equal(ok60.status, 200);
    });

    each('422 "invalid parameter (e.g. range under 60 s, bad date)"', async (fmt) => {
      const r = await get(`/v2/applications/${app0().id}/metrics/data`, fmt, {
        query: [...names('HttpDispatcher'), ['from', 'yesterday'], ['to', iso(TO)]],
      });
      assert.equal(r.status, 422);
      assert.equal(typeof r.body.error.title, 'string');
    });

    each(
      '"Results are capped (about 3000 timeslices per metric); a very long range at a fine period is refused or truncated"',
      async (fmt) => {
        // The period is never finer than the table's, so only a range of decades passes 3000 slices.
        const r = await get(`/v2/applications/${app0().id}/metrics/data`, fmt, {
          query: [...names('HttpDispatcher'), ...range(Date.parse('1996-01-01T00:00:00Z'), NOW_MS)],
        });
        if (r.status === 200) {
          assert.ok(r.body.metric_data.metrics[0].timeslices.length <= 3000);
        } else {
          assert.equal(r.status, 422);
          assert.equal(typeof r.body.error.title, 'string');
        }
      },
    );

    each(
      '"`CPU/User Time` is sent with the space as `+` (or `%20`) in query strings, and the simulator must accept both."',
      async (fmt) => {
        for (const encoded of ['CPU/User+Time', 'CPU/User%20Time', 'CPU%2FUser%20Time']) {
          const md = await metricData(
            fmt,
            `names[]=${encoded}&from=${encodeURIComponent(iso(FROM))}&to=${encodeURIComponent(iso(TO))}`,
          );
          assert.deepEqual(md.metrics_found, ['CPU/User Time'], encoded);
          assert.equal(typeof md.metrics[0].timeslices[0].values.percent, 'number');
        }
      },
    );

    each(
      '4.7 "Metric timeslice data for one host of an application": `/v2/applications/{application_id}/hosts/{host_id}/metrics/data`',
      async (fmt) => {
        const path = `/v2/applications/${app0().id}/hosts/${host0().id}/metrics/data`;
        const host = await metricData(
          fmt,
          [...names('HttpDispatcher'), ...range(FROM, TO), ['summarize', 'true']],
          path,
        );
        const all = await metricData(fmt, [...names('HttpDispatcher'), ...range(FROM, TO), ['summarize', 'true']]);
        const hostCalls = host.metrics[0].timeslices[0].values.call_count;
        assert.ok(hostCalls > 0 && hostCalls <= all.metrics[0].timeslices[0].values.call_count);
        const other = apps.find((a) => a.id !== app0().id && a.hostIds.length > 0)!;
        const r = await get(`/v2/applications/${app0().id}/hosts/${other.hostIds[0]}/metrics/data`, fmt, {
          query: names('HttpDispatcher'),
        });
        assert.equal(r.status, 404, 'a host of another application');
      },
    );
  });

  // ---------------------------------------------------------------------------------------------
  describe('the readings of the values[] rule (documented by tests; the default is strict)', () => {
    const FROM = NOW_MS - 60 * MIN;
    const asked = (appName: string, n: string[], v: string[]) => async () => {
      const app = appNamed(appName);
      const r = await get(`/v2/applications/${app.id}/metrics/data`, 'json', {
        query: [...names(...n), ...values(...v), ...range(FROM, FROM + 30 * MIN)],
      });
      assert.equal(r.status, 200);
      return new Map<string, string[]>(
        r.body.metric_data.metrics.map((m: W) => [m.name, Object.keys(m.timeslices[0].values).sort()]),
      );
    };
    const rum = () => apps.find((a) => a.reporting && a.profile.realUserMonitoring)!.name;
    // Put back the reading in force before (not 'strict'), so a changed default still shows in later tests.
    let ruleBefore: ValuesRule = 'strict';
    beforeEach(() => {
      ruleBefore = sim.valuesRule;
    });
    afterEach(() => sim.setValuesRule(ruleBefore));

    it('strict is the default reading', () => {
      assert.equal(sim.valuesRule, 'strict');
    });

    it('first-metric: a later metric keeps the columns of the first it has; {} only when it has none', async () => {
      sim.setValuesRule('first-metric');
      const endUser = await asked(
        rum(),
        ['EndUser', 'EndUser/Apdex'],
        ['call_count', 'average_response_time', 'score'],
      )();
      assert.deepEqual(endUser.get('EndUser'), ['average_response_time', 'call_count']);
      assert.deepEqual(endUser.get('EndUser/Apdex'), []);
      const timer = await asked(
        'billing-api',
        ['HttpDispatcher', 'ActiveRecord/all'],
        ['average_call_time', 'average_response_time', 'call_count'],
      )();
      assert.deepEqual(timer.get('ActiveRecord/all'), ['average_response_time', 'call_count']);
    });

    it("lenient: each metric answers its own subset of the asked values (not the service's behaviour)", async () => {
      sim.setValuesRule('lenient');
      const endUser = await asked(
        rum(),
        ['EndUser', 'EndUser/Apdex'],
        ['call_count', 'average_response_time', 'score'],
      )();
      assert.deepEqual(endUser.get('EndUser'), ['average_response_time', 'call_count']);
      assert.deepEqual(endUser.get('EndUser/Apdex'), ['score']);
      const timer = await asked(
        'billing-api',
        ['HttpDispatcher', 'ActiveRecord/all'],
        ['average_call_time', 'average_response_time', 'call_count'],
      )();
      assert.deepEqual(timer.get('ActiveRecord/all'), ['average_response_time', 'call_count']);
    });
  });

  // ---------------------------------------------------------------------------------------------
  describe('errors (docs/service.md#rate-limits)', () => {
    afterEach(() => sim.clearFaults());

    each('bad or missing key: 401 `{"error": {"title": "..."}}`', async (fmt) => {
      for (const key of ['NRAK-NOTAKEYOFTHISACCOUNT0000000', null]) {
        const r = await get('/v2/applications', fmt, { key });
        assert.equal(r.status, 401);
        assert.equal(typeof r.body.error.title, 'string');
      }
    });

    each(
      'key not valid for this region: 403 "may be an **HTML page**, not JSON" ("Account is not valid in this region")',
      async (fmt) => {
        for (const [region, key] of [
          ['us', sim.keys.eu],
          ['eu', sim.keys.us],
        ] as const) {
          const r = await get('/v2/applications', fmt, { region, key });
          assert.equal(r.status, 403);
          assert.match(r.headers['content-type'], /^text\/html/);
          assert.match(r.text, /Account is not valid in this region/);
        }
      },
    );

    each('unknown id: 404 `{"error": {"title": "..."}}`', async (fmt) => {
      const a = app0().id;
      for (const path of [
        '/v2/applications/999',
        `/v2/applications/${a}/hosts/999`,
        `/v2/applications/${a}/instances/999`,
        '/v2/key_transactions/999',
        '/v2/applications/999/metrics',
        '/v2/applications/999/metrics/data',
        `/v2/applications/${a}/hosts/999/metrics/data`,
      ]) {
        const r = await get(path, fmt, { query: path.endsWith('data') ? names('Apdex') : [] });
        assert.equal(r.status, 404, path);
        assert.equal(typeof r.body.error.title, 'string', path);
      }
    });

    each('overload protection: 503 "`Retry-After` in seconds"', async (fmt) => {
      sim.injectFault({ endpoint: 'applications.list', kind: 'unavailable', times: 1, retryAfterSeconds: 7 });
      const r = await get('/v2/applications', fmt);
      assert.equal(r.status, 503);
      assert.equal(r.headers['retry-after'], '7');
      assert.equal((await get('/v2/applications', fmt)).status, 200);
    });

    it('server fault: "500, 502, 503, 504 | any body, maybe HTML"', async () => {
      const kinds: Array<['serverError' | 'badGateway' | 'unavailable' | 'gatewayTimeout', number]> = [
        ['serverError', 500],
        ['badGateway', 502],
        ['unavailable', 503],
        ['gatewayTimeout', 504],
      ];
      for (const [kind, status] of kinds) {
        sim.injectFault({ endpoint: 'metricData', kind, times: 1 });
        assert.equal(
          (await get(`/v2/applications/${app0().id}/metrics/data`, 'json', { query: names('Apdex') })).status,
          status,
          kind,
        );
      }
    });

    each(
      '"rate limit: 1000 calls per minute per key | 429 | body `{}`" (the limit the 429 headers announce by default)',
      async (fmt) => {
        sim.injectFault({ endpoint: 'applications.list', kind: 'rateLimited', times: 1 });
        const r = await get('/v2/applications', fmt);
        assert.equal(r.status, 429);
        assert.equal(r.text, '{}');
        assert.match(r.headers['content-type'], /^application\/json/, 'a `{}` body is JSON, whatever the suffix');
        assert.equal(r.headers['x-ratelimit-limit'], '1000');
      },
    );

    describe('with a small rate limit', () => {
      let limited: Simulator;
      let limitedAgent: Agent;
      before(async () => {
        limited = await Simulator.start({ seed: 42, apps: 4, now: () => new Date(NOW_MS), rateLimitPerMinute: 2 });
        limitedAgent = new Agent({ connect: { ca: limited.certPem } });
      });
      after(async () => {
        await limitedAgent.close();
        await limited.stop();
      });

      each(
        '429: "body `{}`; headers `X-RateLimit-Limit`, `X-RateLimit-Remaining`, `X-RateLimit-Reset` (Unix seconds)", per key',
        async (fmt) => {
          const o: GetOptions = { s: limited, dispatcher: limitedAgent };
          let r: Reply | undefined;
          for (let i = 0; i < 3; i++) {
            r = await get('/v2/applications', fmt, o);
          }
          assert.equal(r!.status, 429);
          assert.equal(r!.text, '{}');
          assert.equal(r!.headers['x-ratelimit-limit'], '2');
          assert.equal(r!.headers['x-ratelimit-remaining'], '0');
          const reset = Number(r!.headers['x-ratelimit-reset']);
          assert.ok(
            Number.isInteger(reset) && reset >= Math.floor(Date.now() / 1000) && reset <= Date.now() / 1000 + 61,
            String(reset),
          );
          // Per key: the other account's key is not limited by this one's calls.
          assert.equal((await get('/v2/applications', fmt, { ...o, region: 'eu' })).status, 200);
        },
      );
    });
  });

  // ---------------------------------------------------------------------------------------------
  describe('pagination (docs/service.md#pagination)', () => {
    let paged: Simulator;
    let pagedAgent: Agent;
    before(async () => {
      paged = await Simulator.start({ seed: 42, apps: 12, pageSize: 5, now: () => new Date(NOW_MS) });
      pagedAgent = new Agent({ connect: { ca: paged.certPem } });
    });
    after(async () => {
      await pagedAgent.close();
      await paged.stop();
    });

    const links = (header: string | undefined) =>
      new Map(
        (header ?? '')
          .split(/,\s*(?=<)/)
          .filter(Boolean)
          .map((part) => {
            const m = /^<([^>]+)>;\s*rel="([^"]+)"$/.exec(part.trim());
            assert.ok(m, `a Link part: ${part}`);
            return [m[2], m[1]] as [string, string];
          }),
      );

    /** Follows rel="next" from the first page, checking each page's links. */
    async function walk(
      path: string,
      fmt: Fmt,
      envelope: string,
      query: Query = [],
    ): Promise<{ items: W[]; pages: number; last?: string }> {
      const items: W[] = [];
      let url: string | undefined = `${paged.baseUrls.us}${path}.${fmt}${qs(query)}`;
      let pages = 0;
      let last: string | undefined;
      while (url) {
        const r = await fetchUrl(url, { 'api-key': paged.keys.us }, pagedAgent);
        assert.equal(r.status, 200);
        items.push(...r.body[envelope]);
        pages++;
        const l = links(r.headers.link);
        if (pages === 1) {
          last = l.get('last');
        }
        const next = l.get('next');
        if (next) {
          const u = new URL(next);
          assert.equal(u.origin + u.pathname, `${paged.baseUrls.us}${path}.${fmt}`);
          assert.equal(u.searchParams.get('page'), String(pages + 1));
        }
        url = next;
        assert.ok(pages < 100);
      }
      return { items, pages, last };
    }

    each(
      '"Lists that span more than one page carry an RFC 5988 `Link` header: <...?page=2>; rel="next", <...?page=5>; rel="last". Pages are selected with `page=N`."',
      async (fmt) => {
        const { items, pages, last } = await walk('/v2/applications', fmt, 'applications');
        assert.equal(pages, 3);
        assert.equal(new URL(last!).searchParams.get('page'), '3');
        assert.deepEqual(items.map((a) => a.id).sort(), paged.datasets.us.apps.map((a) => a.id).sort());
        const page2 = await fetchUrl(
          `${paged.baseUrls.us}/v2/applications.${fmt}?page=2`,
          { 'api-key': paged.keys.us },
          pagedAgent,
        );
        assert.deepEqual(
          page2.body.applications.map((a: W) => a.id),
          items.slice(5, 10).map((a) => a.id),
        );
        // A list that fits one page carries no next link.
        const one = await fetchUrl(
          `${paged.baseUrls.us}/v2/applications.${fmt}?filter[ids]=${paged.datasets.us.apps[0].id}`,
          { 'api-key': paged.keys.us },
          pagedAgent,
        );
        assert.equal(links(one.headers.link).get('next'), undefined);
      },
    );

    each(
      'pagination of key transactions and of the metric names listing ("Metric name listing: `page`"), keeping the other parameters',
      async (fmt) => {
        const kts = await walk('/v2/key_transactions', fmt, 'key_transactions');
        assert.ok(kts.pages > 1);
        assert.equal(kts.items.length, paged.datasets.us.keyTransactions.length);
        const app = paged.datasets.us.apps[0];
        const metrics = await walk(`/v2/applications/${app.id}/metrics`, fmt, 'metrics', [['name', 'Supportability/']]);
        assert.ok(metrics.pages > 1);
        assert.equal(metrics.items.length, 40);
        assert.ok(metrics.items.every((m) => m.name.startsWith('Supportability/')));
      },
    );
  });

  // ---------------------------------------------------------------------------------------------
  describe('XML (docs/service.md#records)', () => {
    it('"Replacing `.json` with `.xml` returns the same data as XML" for every endpoint', async () => {
      const a = app0().id;
      const paths: Array<[string, Query]> = [
        ['/v2/applications', []],
        [`/v2/applications/${a}`, []],
        ['/v2/key_transactions', []],
        [`/v2/key_transactions/${kt0().id}`, []],
        [`/v2/applications/${a}/hosts`, []],
        [`/v2/applications/${a}/hosts/${host0().id}`, []],
        [`/v2/applications/${a}/instances`, []],
        [`/v2/applications/${a}/instances/${instance0().id}`, []],
        [`/v2/applications/${a}/metrics`, []],
        [
          `/v2/applications/${a}/metrics/data`,
          [...names('HttpDispatcher', 'Apdex', 'Nope'), ...range(NOW_MS - 20 * MIN, NOW_MS)],
        ],
        [
          `/v2/applications/${a}/metrics/data`,
          [
            ...names('HttpDispatcher', 'Datastore/allWeb'),
            ...values('average_call_time', 'call_count'),
            ['summarize', 'true'],
          ],
        ],
      ];
      for (const [path, query] of paths) {
        const json = await ok(path, 'json', { query });
        const xml = await ok(path, 'xml', { query });
        delete json.links; // Top-level links are path templates; XML has one root, the envelope.
        assert.deepEqual(xml, json, path);
      }
    });

    it('"an array is an element with `type="array"` whose children are singular" and "scalars may carry `type="integer"`, `type="float"` or `type="boolean"`"', async () => {
      const r = await get('/v2/applications', 'xml');
      assert.match(r.text, /^<\?xml[^>]*\?>\s*<applications type="array">\s*<application>/);
      assert.match(r.text, /<id type="integer">\d+<\/id>/);
      assert.match(r.text, /<reporting type="boolean">(true|false)<\/reporting>/);
      assert.match(r.text, /<response_time type="float">[\d.]+<\/response_time>/);
      assert.match(r.text, /<application_hosts type="array">\s*<value type="integer">\d+<\/value>/);
      const md = await get(`/v2/applications/${app0().id}/metrics/data`, 'xml', { query: names('HttpDispatcher') });
      assert.match(
        md.text,
        /<metrics type="array">\s*<metric>\s*<name>HttpDispatcher<\/name>\s*<timeslices type="array">\s*<timeslice>/,
      );
      assert.match(md.text, /<metrics_found type="array">\s*<value>HttpDispatcher<\/value>/);
    });

    it('empty values map as `<values/>` or an empty element; empty arrays as type="array"', async () => {
      const md = await get(`/v2/applications/${appNamed('billing-api').id}/metrics/data`, 'xml', {
        query: [
          ...names('HttpDispatcher', 'ActiveRecord/all'),
          ...values('average_call_time', 'call_count'),
          ['summarize', 'true'],
        ],
      });
      assert.match(md.text, /<values\s*\/>|<values><\/values>/);
      assert.match(
        md.text,
        /<metrics_not_found type="array"\s*\/>|<metrics_not_found type="array"><\/metrics_not_found>/,
      );
    });

    it('"null is `nil="true"`" (the serializer; no record the simulator serves holds a null)', () => {
      const { body } = readXml(toXml({ application: { id: 1, last_reported_at: null } }));
      assert.deepEqual(body, { application: { id: 1, last_reported_at: null } });
      assert.match(toXml({ application: { last_reported_at: null } }), /<last_reported_at nil="true"\s*\/>/);
    });

    it('text is escaped, so names with markup come back as the same text', async () => {
      const hostile = appNamed('<img src=x onerror=alert(1)> & "q"');
      const body = await ok(`/v2/applications/${hostile.id}`, 'xml');
      assert.equal(body.application.name, hostile.name);
    });
  });
});
