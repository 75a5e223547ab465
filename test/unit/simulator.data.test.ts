import * as assert from 'node:assert/strict';

import { HEALTH_STATUSES } from '../../src/api/types';
import { Dataset } from '../../src/simulator/dataset';
import { parseFaultFlag } from '../../src/simulator/faults';
import { metricDataBody, ParameterError } from '../../src/simulator/metricData';
import { RecordBuilder } from '../../src/simulator/records';
import { toJson, toXml } from '../../src/simulator/serialize';
import { metricCatalog } from '../../src/simulator/metricCatalog';
import type { SimScope } from '../../src/simulator/minutes';

const NOW = new Date('2026-11-20T12:00:30Z');

type Body = {
  metric_data: {
    metrics: Array<{ name: string; timeslices: Array<{ values: Record<string, number> }> }>;
    metrics_found: string[];
  };
};

function query(entries: Array<[string, string]>): URLSearchParams {
  return new URLSearchParams(entries);
}

describe('simulator data', () => {
  const dataset = new Dataset({ seed: 42, apps: 30 });
  const scopeOf = (i: number): SimScope => ({ kind: 'application', app: dataset.apps[i] });

  it('same seed gives the same bytes; another seed does not', () => {
    const build = (seed: number) => {
      const d = new Dataset({ seed, apps: 30 });
      const r = new RecordBuilder(d, () => NOW);
      return (
        toJson({ applications: d.apps.map((a) => r.application(a)) }) +
        toXml({
          metric_data: metricDataBody(
            d.seed,
            { kind: 'application', app: d.apps[0] },
            query([
              ['names[]', 'HttpDispatcher'],
              ['names[]', 'Apdex'],
            ]),
            NOW,
          ).metric_data,
        })
      );
    };
    assert.equal(build(42), build(42));
    assert.notEqual(build(42), build(43));
  });

  it('has every health status, a non-reporting app, and Ruby apps on both sides of the 4.8 rule', () => {
    const statuses = new Set(dataset.apps.map((a) => a.health));
    for (const s of HEALTH_STATUSES) {
      assert.ok(statuses.has(s), s);
    }
    const silent = dataset.apps.find((a) => !a.reporting)!;
    assert.equal(silent.health, 'gray');
    const record = new RecordBuilder(dataset, () => NOW).application(silent);
    assert.equal(record.application_summary, undefined);
    assert.equal(record.last_reported_at, undefined);
    const ruby = dataset.apps.filter((a) => a.language === 'ruby');
    const names = (i: number) => metricCatalog(ruby[i]).map((d) => d.name);
    assert.ok(
      ruby.some((_, i) => names(i).includes('ActiveRecord/all') && !names(i).some((n) => n.startsWith('Datastore/'))),
    );
    assert.ok(ruby.some((_, i) => names(i).includes('Datastore/allWeb') && !names(i).includes('ActiveRecord/all')));
  });

  it('names things a client must render as text', () => {
    assert.ok(dataset.apps.some((a) => a.name === '<img src=x onerror=alert(1)> & "q"'));
    assert.ok(dataset.apps.some((a) => /[\u0080-\uffff]/.test(a.name)));
    assert.ok(metricCatalog(dataset.apps[0]).some((d) => d.name.includes('<img src=x onerror=alert(1)> & "q"')));
  });

  it('Apdex s + t + f = count = HttpDispatcher call_count, and score = (s + t/2) / count', () => {
    const body = metricDataBody(
      dataset.seed,
      scopeOf(0),
      query([
        ['names[]', 'Apdex'],
        ['names[]', 'HttpDispatcher'],
        ['from', '2026-11-20T10:00:00+00:00'],
        ['to', '2026-11-20T11:00:00+00:00'],
      ]),
      NOW,
    ) as Body;
    const [apdex, web] = body.metric_data.metrics;
    apdex.timeslices.forEach((slice, i) => {
      const { s, t, f, count, score } = slice.values;
      assert.equal(s + t + f, count);
      assert.equal(count, web.timeslices[i].values.call_count);
      assert.ok(Math.abs(score - (s + t / 2) / count) <= 0.005 + 1e-9, `${score} vs ${(s + t / 2) / count}`);
    });
  });

  it('breakdown components stay inside the total response time', () => {
    const names = [
      'WebTransactionTotalTime',
      'HttpDispatcher',
      'Datastore/allWeb',
      'External/allWeb',
      'Memcache/allWeb',
    ];
    const body = metricDataBody(
      dataset.seed,
      scopeOf(0),
      query([...names.map((n): [string, string] => ['names[]', n]), ['summarize', 'true']]),
      NOW,
    ) as Body;
    const by = new Map(body.metric_data.metrics.map((m) => [m.name, m.timeslices[0].values]));
    const calls = by.get('HttpDispatcher')!.call_count;
    const part = (n: string) => (by.get(n) ? (by.get(n)!.average_response_time * by.get(n)!.call_count) / calls : 0);
    const parts = part('Datastore/allWeb') + part('External/allWeb') + part('Memcache/allWeb');
    assert.ok(parts > 0 && parts < by.get('WebTransactionTotalTime')!.average_response_time);
  });

  it('host traffic adds up to the application traffic', () => {
    const app = dataset.apps[0];
    const calls = (scope: SimScope) =>
      (
        metricDataBody(
          dataset.seed,
          scope,
          query([
            ['names[]', 'HttpDispatcher'],
            ['summarize', 'true'],
          ]),
          NOW,
        ) as Body
      ).metric_data.metrics[0].timeslices[0].values.call_count;
    const total = calls({ kind: 'application', app });
    const sum = app.hostIds.reduce((a, id) => a + calls({ kind: 'host', app, host: dataset.hosts.get(id)! }), 0);
    assert.ok(Math.abs(sum - total) <= app.hostIds.length * 30, `${sum} vs ${total}`);
  });

  it('refuses what the service refuses with a parameter error (422)', () => {
    const refuse = (entries: Array<[string, string]>) =>
      assert.throws(() => metricDataBody(dataset.seed, scopeOf(0), query(entries), NOW), ParameterError);
    refuse([
      ['from', '2026-11-20T10:00:00+00:00'],
      ['to', '2026-11-20T11:00:00+00:00'],
    ]);
    refuse([
      ['names[]', 'Apdex'],
      ['from', '2026-11-20T10:00:00+00:00'],
      ['to', '2026-11-20T10:00:30+00:00'],
    ]);
    refuse([
      ['names[]', 'Apdex'],
      ['from', 'yesterday'],
      ['to', '2026-11-20T10:00:30+00:00'],
    ]);
    refuse([
      ['names[]', 'Apdex'],
      ['period', '90'],
    ]);
  });

  it('never serves a period finer than the default for the range', () => {
    const body = metricDataBody(
      dataset.seed,
      scopeOf(0),
      query([
        ['names[]', 'Apdex'],
        ['period', '60'],
        ['from', '2026-11-19T12:00:00+00:00'],
        ['to', '2026-11-20T12:00:00+00:00'],
      ]),
      NOW,
    ) as Body;
    assert.equal(body.metric_data.metrics[0].timeslices.length, 144); // 24 h at 10 min.
  });

  it('scales to 5,000 applications', () => {
    const big = new Dataset({ seed: 1, apps: 5000 });
    assert.equal(big.apps.length, 5000);
    assert.equal(new Set(big.apps.map((a) => a.id)).size, 5000);
    assert.equal(new Set(big.apps.map((a) => a.name)).size, 5000);
  });

  it('parses CLI faults and rejects unknown ones', () => {
    assert.deepEqual(parseFaultFlag('metricData:unavailable:2'), {
      endpoint: 'metricData',
      kind: 'unavailable',
      times: 2,
    });
    assert.deepEqual(parseFaultFlag('*:delay'), { endpoint: '*', kind: 'delay', times: undefined });
    assert.throws(() => parseFaultFlag('nope:delay'), /Unknown endpoint/);
    assert.throws(() => parseFaultFlag('*:explode'), /Unknown fault/);
    assert.throws(() => parseFaultFlag('*:delay:0'), /positive/);
  });

  it("the demo's names look like a real account, with the same numbers as the test names", () => {
    const test = new Dataset({ seed: 42, apps: 12 });
    const demo = new Dataset({ seed: 42, apps: 12, names: 'demo' });
    assert.ok(
      test.apps.some((a) => a.name.includes('<img')),
      'the tests keep the HTML-special name',
    );
    const markup = /[<>&"]/;
    assert.deepEqual(
      demo.apps.filter((a) => markup.test(a.name)).map((a) => a.name),
      [],
    );
    assert.deepEqual(
      demo.apps.flatMap((a) => a.profile.transactions.map((t) => t.name)).filter((n) => markup.test(n)),
      [],
    );
    assert.ok(
      demo.apps.some((a) => a.name === 'Zahlungsdienst – Köln ☕'),
      'one plausible Unicode name stays',
    );
    const numbers = (d: Dataset) =>
      JSON.stringify(
        d.apps.map((a) => ({
          ...a,
          name: undefined,
          profile: { ...a.profile, transactions: a.profile.transactions.map((t) => [t.weight, t.speed]) },
        })),
      );
    assert.equal(numbers(demo), numbers(test));
  });
});
