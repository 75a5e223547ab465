import * as assert from 'node:assert/strict';

import {
  breakdown,
  breakdownNeeds,
  breakdownSeries,
  componentTime,
  compareVersions,
  databaseSource,
  responseTimeWithQueue,
  rubyDatabaseSourceForVersion,
} from '../../src/api/metrics';
import type { PointValues } from '../../src/api/metrics';
import type { MetricData } from '../../src/api/types';

/** A worked point: 400 web requests. */
const point: PointValues = {
  HttpDispatcher: { average_call_time: 120, average_response_time: 120, call_count: 400 },
  'WebFrontend/QueueTime': { call_count: 400, average_response_time: 10 },
  WebTransactionTotalTime: { average_response_time: 130 },
  'Datastore/MySQL/allWeb': { average_response_time: 5, call_count: 1600 },
  'Datastore/Redis/allWeb': { average_response_time: 1, call_count: 800 },
  'Database/allWeb': { average_response_time: 4, call_count: 200 },
  'ActiveRecord/all': { average_response_time: 6, call_count: 1000 },
  'Memcache/allWeb': { average_response_time: 0.5, call_count: 800 },
  'External/allWeb': { average_response_time: 50, call_count: 200 },
};

describe('4.8 calculations', () => {
  it('response time adds queue time weighted by calls: 120 + 400*10/400 = 130', () => {
    assert.equal(responseTimeWithQueue(point), 130);
  });

  it('response time with half the requests queued: 120 + 200*10/400 = 125', () => {
    assert.equal(
      responseTimeWithQueue({ ...point, 'WebFrontend/QueueTime': { call_count: 200, average_response_time: 10 } }),
      125,
    );
  });

  it('response time without a queue metric is the call time alone', () => {
    const { 'WebFrontend/QueueTime': _q, ...noQueue } = point;
    assert.equal(responseTimeWithQueue(noQueue), 120);
  });

  it('component time = art * calls / web calls (datastore MySQL: 5*1600/400 = 20)', () => {
    assert.equal(componentTime(point, 'Datastore/MySQL/allWeb'), 20);
    assert.equal(componentTime(point, 'External/allWeb'), 25);
    assert.equal(componentTime(point, 'Memcache/allWeb'), 1);
    assert.equal(componentTime(point, 'Nope'), undefined);
  });

  it('component time is 0 when there were no web calls, not a division by zero', () => {
    assert.equal(
      componentTime(
        { ...point, HttpDispatcher: { average_call_time: 0, average_response_time: 0, call_count: 0 } },
        'External/allWeb',
      ),
      0,
    );
  });

  it('generic breakdown (non-Ruby): datastore types summed, database, memcache, external, rest is application', () => {
    const { 'ActiveRecord/all': _ar, ...generic } = point;
    const b = breakdown(generic, { language: 'java', metricsFound: Object.keys(generic) })!;
    assert.equal(b.datastore, 20 + 2);
    assert.equal(b.database, 2);
    assert.equal(b.rubyDatabase, 0);
    assert.equal(b.memcache, 1);
    assert.equal(b.external, 25);
    assert.equal(b.queue, 10);
    assert.equal(b.total, 130);
    assert.equal(b.totalSource, 'WebTransactionTotalTime');
    assert.equal(b.application, 130 - 22 - 2 - 1 - 25);
    assert.equal(b.responseTime, 130);
  });

  it('ignores ActiveRecord for a Java application even when present', () => {
    const b = breakdown(point, { language: 'java', metricsFound: Object.keys(point) })!;
    assert.equal(b.rubyDatabase, 0);
    assert.equal(b.databaseSource, 'generic');
  });

  it('Ruby agent up to 3.10.0.279 uses ActiveRecord and never also the generic terms', () => {
    const b = breakdown(point, { language: 'ruby', agentVersion: '3.10.0.279', metricsFound: Object.keys(point) })!;
    assert.equal(b.databaseSource, 'activeRecord');
    assert.equal(b.rubyDatabase, (6 * 1000) / 400);
    assert.equal(b.datastore, 0);
    assert.equal(b.database, 0);
    assert.equal(b.application, 130 - 15 - 1 - 25);
  });

  it('Ruby agent 3.11.0 and later uses the generic terms', () => {
    const b = breakdown(point, { language: 'ruby', agentVersion: '3.11.0', metricsFound: Object.keys(point) })!;
    assert.equal(b.databaseSource, 'generic');
    assert.equal(b.rubyDatabase, 0);
    assert.equal(b.datastore, 22);
  });

  it('version boundary: 3.10.0.279 is ActiveRecord, 3.10.0.280 undecided, 3.11.0 generic', () => {
    assert.equal(rubyDatabaseSourceForVersion('3.10.0.279'), 'activeRecord');
    assert.equal(rubyDatabaseSourceForVersion('3.9.9'), 'activeRecord');
    assert.equal(rubyDatabaseSourceForVersion('3.10.0.280'), undefined);
    assert.equal(rubyDatabaseSourceForVersion('3.11.0'), 'generic');
    assert.equal(rubyDatabaseSourceForVersion('3.11'), 'generic');
    assert.equal(rubyDatabaseSourceForVersion('9.6.0'), 'generic');
    assert.equal(rubyDatabaseSourceForVersion('not-a-version'), undefined);
  });

  it('without a version, Ruby is decided by data: ActiveRecord/all found or not', () => {
    assert.equal(databaseSource('ruby', ['HttpDispatcher', 'ActiveRecord/all']), 'activeRecord');
    assert.equal(databaseSource('ruby', ['HttpDispatcher', 'Datastore/allWeb']), 'generic');
    assert.equal(databaseSource('Ruby', ['ActiveRecord/all'], '3.10.0.285'), 'activeRecord');
  });

  it('falls back to HttpDispatcher when WebTransactionTotalTime is not reported', () => {
    const { WebTransactionTotalTime: _w, 'ActiveRecord/all': _a, ...older } = point;
    const b = breakdown(older, { language: 'php', metricsFound: Object.keys(older) })!;
    assert.equal(b.totalSource, 'HttpDispatcher');
    assert.equal(b.total, 120);
    assert.equal(b.application, 120 - 22 - 2 - 1 - 25);
  });

  it('lists absent terms and treats them as zero', () => {
    const b = breakdown(
      { HttpDispatcher: point.HttpDispatcher },
      { language: 'go', metricsFound: ['HttpDispatcher'] },
    )!;
    assert.deepEqual(b.absent.sort(), [
      'Database/allWeb',
      'Datastore',
      'External/allWeb',
      'Memcache/allWeb',
      'WebFrontend/QueueTime',
    ]);
    assert.equal(b.application, 120);
  });

  it('uses Datastore/allWeb when no per-type datastore metric is found', () => {
    const b = breakdown(
      { HttpDispatcher: point.HttpDispatcher, 'Datastore/allWeb': { average_response_time: 3, call_count: 400 } },
      { language: 'go', metricsFound: [] },
    )!;
    assert.equal(b.datastore, 3);
  });

  it('is undefined without HttpDispatcher', () => {
    assert.equal(
      breakdown(
        { 'External/allWeb': { average_response_time: 1, call_count: 1 } },
        { language: 'go', metricsFound: [] },
      ),
      undefined,
    );
  });

  it('needs every term in one request', () => {
    const needs = breakdownNeeds(['Datastore/MySQL/allWeb', 'Datastore/statement/MySQL/x', 'Datastore/Redis/allWeb']);
    for (const name of [
      'HttpDispatcher',
      'WebFrontend/QueueTime',
      'WebTransactionTotalTime',
      'Database/allWeb',
      'ActiveRecord/all',
      'Memcache/allWeb',
      'External/allWeb',
      'Datastore/MySQL/allWeb',
      'Datastore/Redis/allWeb',
    ]) {
      assert.ok(needs.names.includes(name), name);
    }
    assert.ok(!needs.names.includes('Datastore/statement/MySQL/x'));
    assert.deepEqual([...needs.values].sort(), ['average_call_time', 'average_response_time', 'call_count']);
  });

  it('computes a series per timeslice, aligned by start time', () => {
    const slice = (from: string, values: Record<string, number>) => ({ from, to: from, values });
    const data: MetricData = {
      from: '',
      to: '',
      metricsFound: ['HttpDispatcher', 'External/allWeb'],
      metricsNotFound: [],
      metrics: [
        {
          name: 'HttpDispatcher',
          timeslices: [
            slice('2026-01-01T00:01:00+00:00', { average_call_time: 100, average_response_time: 100, call_count: 10 }),
            slice('2026-01-01T00:00:00+00:00', { average_call_time: 50, average_response_time: 50, call_count: 10 }),
          ],
        },
        {
          name: 'External/allWeb',
          timeslices: [slice('2026-01-01T00:00:00+00:00', { average_response_time: 20, call_count: 5 })],
        },
      ],
    };
    const series = breakdownSeries(data, { language: 'go' });
    assert.deepEqual(
      series.map((s) => s.from),
      ['2026-01-01T00:00:00+00:00', '2026-01-01T00:01:00+00:00'],
    );
    assert.equal(series[0].breakdown.external, 10);
    assert.equal(series[0].breakdown.application, 40);
    assert.equal(series[1].breakdown.external, 0);
  });

  it('compares versions numerically', () => {
    assert.equal(compareVersions('3.10.0', '3.9.9'), 1);
    assert.equal(compareVersions('3.10', '3.10.0.0'), 0);
    assert.equal(compareVersions('3.10.0.279', '3.10.0.280'), -1);
  });
});
