import * as assert from 'node:assert/strict';

import { ApiError } from '../../src/api/apiError';
import type { NrqlResult } from '../../src/api/nerdgraph/nrqlQuery';
import type { ErrorDetailsClient, ServiceException } from '../../src/errors/errorDetails';
import { AgedCache } from '../../src/errors/agedCache';
import {
  ErrorDetails,
  LIVE_RANGE_MS,
  MAX_CACHED_CLASS_ANSWERS,
  MAX_CACHED_STACKS,
  OCCURRENCES_MAX_AGE_MS,
} from '../../src/errors/errorDetails';
import { isShowErrorArgs, SHOW_ERROR_COMMAND } from '../../src/errors/errorCommands';
import type { ErrorApplication } from '../../src/errors/errorModel';

const NOW = Date.UTC(2026, 10, 28, 4);
const RANGE = { from: new Date(NOW - 30 * 60_000), to: new Date(NOW) };
const APP: ErrorApplication = { id: 42, language: 'ruby' };
const TXN = 'WebTransaction/Controller/orders/show';
const INTERVAL = 60_000;

const result = (results: Array<Record<string, unknown>>): NrqlResult => ({
  results,
  metadata: { facets: [], eventTypes: [], messages: [] },
});

/** A client that answers from tables and records every request. */
class FakeClient implements ErrorDetailsClient {
  readonly requests: string[] = [];
  classes: Array<Record<string, unknown>> = [
    {
      facet: [TXN, 'Timeout::Error'],
      count: 120,
      'latest.timestamp': NOW - 60_000,
      'latest.error.message': 'upstream timed out\nat line 2',
    },
    {
      facet: [TXN, 'ActiveRecord::RecordNotFound'],
      count: 7,
      'latest.timestamp': NOW - 5_000,
      'latest.error.message': 'gone',
    },
    {
      facet: ['WebTransaction/Controller/home/index', 'KeyError'],
      count: 120,
      'latest.timestamp': NOW - 1_000,
      'latest.error.message': null,
    },
  ];
  occurrences: Array<Record<string, unknown>> = [
    {
      facet: [TXN, 'Timeout::Error'],
      'latest.id': 'occ-1',
      'latest.timestamp': NOW - 60_000,
      'latest.error.message': 'upstream timed out',
      count: 3,
    },
    {
      facet: [TXN, 'ActiveRecord::RecordNotFound'],
      'latest.id': 'occ-old',
      'latest.timestamp': NOW - 5_000,
      'latest.error.message': 'gone',
      count: 1,
    },
  ];
  stacks = new Map<string, ServiceException | null>([
    [
      'occ-1',
      {
        message: 'upstream \u202etimed out',
        frames: [
          { formatted: "/srv/app/vendor/bundle/ruby/3.3.0/gems/net-http/lib/net/http.rb:10:in 'read'" },
          { formatted: "/srv/app/app/controllers/orders_controller.rb:12:in 'show'" },
        ],
      },
    ],
    ['occ-old', null],
  ]);
  failWith: ApiError | undefined;
  failStacks = 0;

  runNrql(nrql: string): Promise<NrqlResult> {
    this.requests.push(nrql.startsWith('SELECT count') ? 'classes' : 'occurrences');
    if (this.failWith) {
      return Promise.reject(this.failWith);
    }
    return Promise.resolve(result(nrql.includes('FROM TransactionError') ? this.classes : this.occurrences));
  }
  entityGuid(): Promise<string> {
    this.requests.push('guid');
    return Promise.resolve('GUID-42');
  }
  exception(_guid: string, occurrenceId: string): Promise<ServiceException | null> {
    this.requests.push(`exception ${occurrenceId}`);
    if (this.failStacks > 0) {
      this.failStacks--;
      return Promise.reject(new ApiError('timeout', 'NRDB query duration exceeded the set timeout'));
    }
    return Promise.resolve(this.stacks.get(occurrenceId) ?? null);
  }
}

function details(client: ErrorDetailsClient | undefined, clock = { now: NOW }) {
  return new ErrorDetails({ client: () => client, now: () => clock.now, maxAgeMs: () => INTERVAL });
}

describe('errors: ErrorDetails (classes per transaction, stacks by occurrence)', () => {
  it('answers the classes most frequent first, messages on one plain line, expected errors left out', async () => {
    const answer = await details(new FakeClient()).classes(APP, RANGE);
    assert.equal(answer.kind, 'classes');
    if (answer.kind !== 'classes') return;
    assert.equal(answer.expectedLeftOut, true);
    assert.deepEqual(
      answer.rows.map((r) => [r.transactionName, r.errorClass, r.message, r.count, r.lastSeen.getTime()]),
      [
        ['WebTransaction/Controller/home/index', 'KeyError', '', 120, NOW - 1_000],
        [TXN, 'Timeout::Error', 'upstream timed out', 120, NOW - 60_000],
        [TXN, 'ActiveRecord::RecordNotFound', 'gone', 7, NOW - 5_000],
      ],
    );
  });

  it('drops rows without a transaction and class, a count or a time', async () => {
    const client = new FakeClient();
    client.classes = [
      { facet: 'only-one', count: 3, 'latest.timestamp': NOW },
      { facet: [TXN, 'X'], count: 0, 'latest.timestamp': NOW },
      { facet: [TXN, 'X'], count: 2, 'latest.timestamp': 'yesterday' },
      { facet: [TXN, 7], count: 2, 'latest.timestamp': NOW },
      { facet: [TXN, 'Kept'], count: 2, 'latest.timestamp': NOW },
    ];
    const answer = await details(client).classes(APP, RANGE);
    assert.deepEqual(answer.kind === 'classes' && answer.rows.map((r) => r.errorClass), ['Kept']);
  });

  it('asks once per application and refresh interval however many views ask, then again', async () => {
    const client = new FakeClient();
    const clock = { now: NOW };
    const d = details(client, clock);
    await Promise.all([d.classes(APP, RANGE), d.classes(APP, RANGE)]);
    clock.now += 5_000;
    await d.classes(APP, RANGE);
    assert.deepEqual(client.requests, ['classes'], 'a view asking a little later for the same range shares it');
    // A minute later "the last 30 minutes" is another range: its answer is asked.
    await d.classes(APP, { from: new Date(RANGE.from.getTime() + 60_000), to: new Date(RANGE.to.getTime() + 60_000) });
    assert.deepEqual(client.requests, ['classes', 'classes']);
    clock.now = NOW + INTERVAL;
    await d.classes(APP, RANGE);
    await d.classes({ id: 43, language: 'ruby' }, RANGE);
    assert.deepEqual(client.requests, ['classes', 'classes', 'classes', 'classes']);
  });

  it('says that classes need NerdGraph when the connection has none or NerdGraph refuses the key', async () => {
    const none = await details(undefined).classes(APP, RANGE);
    assert.equal(none.kind, 'needs-nerdgraph');
    const client = new FakeClient();
    client.failWith = new ApiError('auth', 'Invalid API key');
    const refused = await details(client).classes(APP, RANGE);
    assert.equal(refused.kind, 'needs-nerdgraph');
    assert.match(refused.kind === 'needs-nerdgraph' ? refused.message : '', /REST API v2 gives error counts only/);
  });

  it('rejects with any other failure, and asks again next time', async () => {
    const client = new FakeClient();
    client.failWith = new ApiError('server', 'boom');
    const d = details(client);
    await assert.rejects(d.classes(APP, RANGE), (e: unknown) => e instanceof ApiError && e.kind === 'server');
    client.failWith = undefined;
    assert.equal((await d.classes(APP, RANGE)).kind, 'classes');
    assert.deepEqual(client.requests, ['classes', 'classes']);
  });

  it('gives the latest stack of a class, parsed with its agent, library frames told apart', async () => {
    const answer = await details(new FakeClient()).latestStack(APP, 'Timeout::Error', TXN, RANGE);
    assert.equal(answer.kind, 'stack');
    if (answer.kind !== 'stack') return;
    assert.equal(answer.occurrenceId, 'occ-1');
    assert.equal(answer.message, 'upstream timed out', 'the bidi control is gone');
    assert.deepEqual(
      answer.frames.map((f) => [f.path, f.line, f.inApp]),
      [
        ['/srv/app/vendor/bundle/ruby/3.3.0/gems/net-http/lib/net/http.rb', 10, false],
        ['/srv/app/app/controllers/orders_controller.rb', 12, true],
      ],
    );
  });

  it('says when a stack aged out, and when a class has no occurrence with a stack', async () => {
    const d = details(new FakeClient());
    const old = await d.latestStack(APP, 'ActiveRecord::RecordNotFound', TXN, RANGE);
    assert.deepEqual(old, {
      kind: 'aged-out',
      occurrenceId: 'occ-old',
      message: 'gone',
      timestamp: new Date(NOW - 5_000),
    });
    assert.deepEqual(await d.latestStack(APP, 'KeyError', TXN, RANGE), { kind: 'none' });
    assert.deepEqual(await details(undefined).latestStack(APP, 'KeyError', TXN, RANGE), { kind: 'none' });
  });

  it('fetches a stack once per occurrence id; looks the latest occurrences up once per OCCURRENCES_MAX_AGE_MS', async () => {
    const client = new FakeClient();
    const clock = { now: NOW };
    const d = details(client, clock);
    await Promise.all([
      d.latestStack(APP, 'Timeout::Error', TXN, RANGE),
      d.latestStack(APP, 'Timeout::Error', TXN, RANGE),
      d.latestStack(APP, 'ActiveRecord::RecordNotFound', TXN, RANGE),
    ]);
    const counts = (name: string) => client.requests.filter((r) => r === name).length;
    // The views ask for "the last 30 minutes" as time goes on.
    const last30 = () => ({ from: new Date(clock.now - 30 * 60_000), to: new Date(clock.now) });
    clock.now += OCCURRENCES_MAX_AGE_MS - 1;
    await d.latestStack(APP, 'Timeout::Error', TXN, last30());
    assert.equal(counts('occurrences'), 1, 'the occurrences are kept');
    clock.now += 1;
    await d.latestStack(APP, 'Timeout::Error', TXN, last30());
    assert.equal(counts('exception occ-1'), 1);
    assert.equal(counts('exception occ-old'), 1);
    assert.equal(counts('occurrences'), 2, 'then looked up again');
  });

  it('a failed stack lookup is not kept: the next ask looks it up again, never "aged out"', async () => {
    const client = new FakeClient();
    client.failStacks = 1;
    const d = details(client);
    await assert.rejects(d.latestStack(APP, 'Timeout::Error', TXN, RANGE), (e: unknown) => e instanceof ApiError);
    assert.equal(d.knownStack(APP, 'Timeout::Error', TXN), undefined);
    assert.equal((await d.latestStack(APP, 'Timeout::Error', TXN, RANGE)).kind, 'stack');
    assert.equal(client.requests.filter((r) => r === 'exception occ-1').length, 2);
  });

  it('gives a class that appeared after the occurrences were fetched its stack at the next refresh', async () => {
    const client = new FakeClient();
    const clock = { now: NOW };
    const d = details(client, clock);
    const last30 = () => ({ from: new Date(clock.now - 30 * 60_000), to: new Date(clock.now) });
    await d.latestStack(APP, 'Timeout::Error', TXN, last30());
    client.occurrences.push({ facet: [TXN, 'NewError'], 'latest.id': 'occ-new', 'latest.timestamp': NOW, count: 1 });
    client.stacks.set('occ-new', { message: 'new', frames: [{ formatted: "/srv/app/app/x.rb:1:in 'y'" }] });
    clock.now += INTERVAL;
    assert.equal((await d.latestStack(APP, 'NewError', TXN, last30())).kind, 'stack');
    assert.equal(client.requests.filter((r) => r === 'occurrences').length, 2);
    // A class with no occurrence at all asks again at most once per refresh interval.
    await d.latestStack(APP, 'NoTrace', TXN, last30());
    clock.now += 1;
    await d.latestStack(APP, 'NoTrace', TXN, last30());
    assert.equal(client.requests.filter((r) => r === 'occurrences').length, 2);
  });

  it("keeps a class's stack across refreshes, and asks a range in the past under its own key", async () => {
    const client = new FakeClient();
    const clock = { now: NOW };
    const d = details(client, clock);
    await d.latestStack(APP, 'Timeout::Error', TXN, RANGE);
    clock.now += 10 * INTERVAL;
    const live = { from: new Date(clock.now - 30 * 60_000), to: new Date(clock.now) };
    assert.equal((await d.latestStack(APP, 'Timeout::Error', TXN, live)).kind, 'stack');
    assert.deepEqual(client.requests, ['guid', 'occurrences', 'exception occ-1'], 'kept: no request');
    assert.equal(d.knownStack(APP, 'Timeout::Error', TXN)?.due, false);
    // Thirty minutes ago is not "the last 30 minutes": its own occurrences.
    const past = { from: new Date(clock.now - 60 * 60_000), to: new Date(clock.now - LIVE_RANGE_MS - 25 * 60_000) };
    await d.latestStack(APP, 'Timeout::Error', TXN, past);
    assert.equal(client.requests.filter((r) => r === 'occurrences').length, 2);
  });

  it('keeps its caches bounded while the window moves every minute for a day', async () => {
    const client = new FakeClient();
    const clock = { now: NOW };
    const d = details(client, clock);
    let most = 0;
    for (let minute = 0; minute < 24 * 60; minute++) {
      const last30 = { from: new Date(clock.now - 30 * 60_000), to: new Date(clock.now) };
      await d.classes(APP, last30);
      await d.classes({ id: 43, language: 'ruby' }, last30);
      await d.latestStack(APP, 'Timeout::Error', TXN, last30);
      most = Math.max(most, d.cachedEntries);
      clock.now += INTERVAL;
    }
    assert.ok(most <= 10, `at most ${most} entries`);
  });

  it('AgedCache drops entries by age and past its count, oldest first', () => {
    const clock = { now: 0 };
    const cache = new AgedCache<string>({ maxAgeMs: () => 100, maxEntries: 3 }, () => clock.now);
    for (const k of ['a', 'b', 'c', 'd']) {
      cache.set(k, k);
      clock.now += 10;
    }
    assert.equal(cache.size, 3);
    assert.equal(cache.entry('a'), undefined, 'the oldest went past the count');
    clock.now = 125;
    assert.equal(cache.entry('b'), undefined, 'aged out');
    assert.equal(cache.entry('d')?.value, 'd');
    cache.set('e', 'e');
    assert.equal(cache.size, 2, 'c aged out too');
    const e = cache.entry('e')!;
    cache.set('e', 'newer');
    cache.delete('e', e);
    assert.equal(cache.entry('e')?.value, 'newer', 'a stale failure does not remove a newer answer');
    assert.ok(MAX_CACHED_CLASS_ANSWERS > 0);
  });

  it('keeps at most MAX_CACHED_STACKS stacks', async () => {
    const client = new FakeClient();
    const clock = { now: NOW };
    const d = details(client, clock);
    for (let i = 0; i <= MAX_CACHED_STACKS; i++) {
      client.occurrences = [{ facet: [TXN, 'E'], 'latest.id': `o${i}`, 'latest.timestamp': NOW, count: 1 }];
      clock.now += OCCURRENCES_MAX_AGE_MS;
      await d.latestStack(APP, 'E', TXN, RANGE);
    }
    client.occurrences = [{ facet: [TXN, 'E'], 'latest.id': 'o0', 'latest.timestamp': NOW, count: 1 }];
    clock.now += OCCURRENCES_MAX_AGE_MS;
    await d.latestStack(APP, 'E', TXN, RANGE);
    assert.equal(client.requests.filter((r) => r === 'exception o0').length, 2, 'the oldest was dropped');
  });

  it('keeps a stack of an agent it has no parser for as text', async () => {
    const answer = await details(new FakeClient()).latestStack(
      { id: 42, language: 'cobol' },
      'Timeout::Error',
      TXN,
      RANGE,
    );
    assert.deepEqual(answer.kind === 'stack' && answer.frames.map((f) => [f.parsed, f.inApp]), [
      [false, false],
      [false, false],
    ]);
  });

  it('tells listeners when classes change or everything is forgotten, and forgets for another client', async () => {
    let client = new FakeClient();
    const clock = { now: NOW };
    const d = new ErrorDetails({ client: () => client, now: () => clock.now, maxAgeMs: () => INTERVAL });
    let told = 0;
    const sub = d.onDidChange(() => told++);
    await d.classes(APP, RANGE);
    clock.now += INTERVAL;
    await d.classes(APP, RANGE);
    assert.equal(told, 0, 'the same classes');
    client.classes = client.classes.slice(1);
    clock.now += INTERVAL;
    await d.classes(APP, RANGE);
    assert.equal(told, 1);
    d.reset();
    assert.equal(told, 2);
    client = new FakeClient();
    await d.classes(APP, RANGE);
    assert.deepEqual(client.requests, ['classes'], 'a new client is asked, not answered from the old one');
    sub.dispose();
    d.reset();
    assert.equal(told, 2);
  });

  it('a cancelled ask rejects at once; the shared request still answers the others', async () => {
    const d = details(new FakeClient());
    const abort = new AbortController();
    const cancelledAsk = d.classes(APP, RANGE, abort.signal);
    const other = d.classes(APP, RANGE);
    abort.abort();
    await assert.rejects(cancelledAsk, (e: unknown) => e instanceof ApiError && e.kind === 'cancelled');
    assert.equal((await other).kind, 'classes');
  });
});

describe('errors: the Show Error command argument', () => {
  it('accepts an application id, a class and a transaction, nothing else', () => {
    assert.ok(isShowErrorArgs({ applicationId: 1, errorClass: 'E', transactionName: TXN }));
    for (const bad of [
      undefined,
      null,
      'x',
      { applicationId: 0, errorClass: 'E', transactionName: TXN },
      { applicationId: 1.5, errorClass: 'E', transactionName: TXN },
      { applicationId: 1, errorClass: '', transactionName: TXN },
      { applicationId: 1, errorClass: 'E' },
      { applicationId: '1', errorClass: 'E', transactionName: TXN },
    ]) {
      assert.equal(isShowErrorArgs(bad), false, JSON.stringify(bad));
    }
    assert.equal(SHOW_ERROR_COMMAND, 'timeslice.showError');
  });
});
