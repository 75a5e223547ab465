/**
 * Choosing the backend: `auto` with a fake clock on both sides of REST v2's end of life, the REST
 * host answering "gone" (410) against the simulator, the account picked for NRQL, and the key record
 * that keeps the chosen account.
 */
import assert from 'node:assert/strict';

import { accountError, createBackendApi, listAccounts, pickAccount } from '../../src/api/backend';
import {
  BackendSelector,
  chooseBackend,
  describeDecision,
  isRestGoneAnswer,
  parseBackendSetting,
  REST_V2_END_OF_LIFE,
} from '../../src/api/backendChoice';
import { ApiError } from '../../src/api/apiError';
import { decodeKeyRecord, encodeKeyRecord } from '../../src/auth/keyRecord';
import { requiresNewConnection } from '../../src/connectionSettings';
import { MemoryLogger } from '../../src/log';
import { SIMULATED_ACCOUNTS } from '../../src/simulator/nerdgraph/service';
import { Simulator } from '../../src/simulator/server';

const JUST_BEFORE = new Date('2027-07-30T23:59:59.999Z');
const AT = new Date('2027-07-31T00:00:00.000Z');
const AFTER = new Date('2028-01-15T09:00:00Z');
const TODAY = new Date('2026-11-20T12:00:30Z');

describe('backend choice: the date rule', () => {
  it("REST v2's end of life is 31 July 2027, 00:00 UTC", () => {
    assert.equal(REST_V2_END_OF_LIFE.toISOString(), AT.toISOString());
  });

  it('auto: REST v2 before the end of life, NerdGraph from its first millisecond on', () => {
    assert.deepEqual(chooseBackend('auto', TODAY, false), { backend: 'restV2', reason: 'beforeEndOfLife' });
    assert.deepEqual(chooseBackend('auto', JUST_BEFORE, false), { backend: 'restV2', reason: 'beforeEndOfLife' });
    assert.deepEqual(chooseBackend('auto', AT, false), { backend: 'nerdGraph', reason: 'endOfLife' });
    assert.deepEqual(chooseBackend('auto', AFTER, false), { backend: 'nerdGraph', reason: 'endOfLife' });
  });

  it('auto: NerdGraph before the date once REST answered "gone"', () => {
    assert.deepEqual(chooseBackend('auto', TODAY, true), { backend: 'nerdGraph', reason: 'restGone' });
    assert.match(describeDecision(chooseBackend('auto', TODAY, true)), /410 Gone/);
  });

  it('an explicit setting wins on both sides of the date, gone or not', () => {
    for (const now of [TODAY, AFTER]) {
      for (const gone of [false, true]) {
        assert.deepEqual(chooseBackend('restV2', now, gone), { backend: 'restV2', reason: 'setting' });
        assert.deepEqual(chooseBackend('nerdGraph', now, gone), { backend: 'nerdGraph', reason: 'setting' });
      }
    }
  });

  it('an unknown setting value reads as auto', () => {
    assert.equal(parseBackendSetting('graphql'), 'auto');
    assert.equal(parseBackendSetting(undefined), 'auto');
    assert.equal(parseBackendSetting('nerdGraph'), 'nerdGraph');
  });

  it('the selector follows its (fake) clock across the date', () => {
    let now = JUST_BEFORE;
    const selector = new BackendSelector(() => now);
    assert.equal(selector.decide('auto', 'https://api.newrelic.com').backend, 'restV2');
    now = AT;
    assert.equal(selector.decide('auto', 'https://api.newrelic.com').backend, 'nerdGraph');
    assert.equal(selector.decide('restV2', 'https://api.newrelic.com').backend, 'restV2');
  });

  it('the selector remembers "gone" per origin and tells listeners once', () => {
    const selector = new BackendSelector(() => TODAY);
    let heard = 0;
    const sub = selector.onDidChange(() => heard++);
    selector.markRestGone('https://api.newrelic.com');
    selector.markRestGone('https://api.newrelic.com');
    assert.equal(heard, 1);
    assert.equal(selector.decide('auto', 'https://api.newrelic.com').backend, 'nerdGraph');
    assert.equal(
      selector.decide('auto', 'https://api.eu.newrelic.com').backend,
      'restV2',
      'the EU host did not say so',
    );
    sub.dispose();
    selector.markRestGone('https://api.eu.newrelic.com');
    assert.equal(heard, 1, 'a disposed listener hears nothing');
  });

  it('only 410 is "gone": 404 (a deleted app, a wrong custom URL) is not', () => {
    assert.ok(isRestGoneAnswer(new ApiError('retired', 'x', { status: 410 })));
    assert.ok(!isRestGoneAnswer(new ApiError('notFound', 'x', { status: 404 })));
    assert.ok(!isRestGoneAnswer(new Error('410')));
  });

  it('the backend settings reconnect', () => {
    const change = (key: string) => ({ affectsConfiguration: (s: string) => s === key });
    assert.ok(requiresNewConnection(change('timeslice.backend')));
    assert.ok(requiresNewConnection(change('timeslice.demo.backend')));
  });
});

describe('backend choice: REST answering "gone", against the simulator', function () {
  this.timeout(15_000);
  const KEY = 'NRAK-BACKENDCHOICEKEY000000001';
  let sim: Simulator;

  before(async () => {
    sim = await Simulator.start({ usKey: KEY, now: () => TODAY, apps: 6 });
  });
  after(async () => {
    await sim.stop();
  });

  const options = () => ({
    baseUrl: sim.baseUrls.us,
    getApiKey: () => Promise.resolve(KEY),
    ca: sim.certPem,
    log: new MemoryLogger(),
    timeoutMs: 15_000,
    backoffBaseMs: 10,
  });

  it('a retired REST host makes auto switch to NerdGraph, which lists the same applications', async () => {
    const origin = new URL(sim.baseUrls.us).origin;
    const selector = new BackendSelector(() => TODAY);
    let changes = 0;
    selector.onDidChange(() => changes++);
    const before = createBackendApi(selector.decide('auto', origin).backend, {
      ...options(),
      onRestGone: () => selector.markRestGone(origin),
    });
    const names = (await before.listApplications()).map((a) => a.name).sort();
    await before.dispose();

    sim.setRestRetired(true);
    try {
      const rest = createBackendApi(selector.decide('auto', origin).backend, {
        ...options(),
        onRestGone: () => selector.markRestGone(origin),
      });
      await assert.rejects(
        rest.listApplications(),
        (e: unknown) => e instanceof ApiError && e.kind === 'retired' && e.status === 410,
      );
      await rest.dispose();
      assert.equal(changes, 1, 'the gone answer was heard once');
      const decision = selector.decide('auto', origin);
      assert.deepEqual(decision, { backend: 'nerdGraph', reason: 'restGone' });
      let picked: number | undefined;
      const ng = createBackendApi(decision.backend, { ...options(), onAccountPicked: (a) => (picked = a.id) });
      assert.deepEqual((await ng.listApplications()).map((a) => a.name).sort(), names);
      assert.equal(picked, SIMULATED_ACCOUNTS.us.id, 'the only account was picked without asking');
      await ng.dispose();
      assert.equal(sim.requests.filter((r) => r.status === 410).length, 1);
    } finally {
      sim.setRestRetired(false);
    }
  });

  it('a stored account the key still sees is used; one it lost gives way to the only one left', async () => {
    assert.deepEqual(await listAccounts(options()), [SIMULATED_ACCOUNTS.us]);
    for (const stored of [SIMULATED_ACCOUNTS.us.id, 999]) {
      sim.clearRequests();
      const ng = createBackendApi('nerdGraph', { ...options(), accountId: stored });
      await ng.listApplications();
      await ng.dispose();
      const search = sim.requests.find((r) => r.endpoint === 'graphql.entitySearch');
      assert.match(search?.requestBody ?? '', new RegExp(`accountId = ${SIMULATED_ACCOUNTS.us.id}`));
    }
  });
});

describe('backend choice: the account NRQL runs in', () => {
  const A = { id: 11, name: 'Alpha' };
  const B = { id: 22, name: 'Beta' };
  const C = { id: 33, name: 'alpha-staging' };

  it('one account: used without asking', () => {
    assert.deepEqual(pickAccount([A]), { kind: 'use', account: A, automatic: true });
  });

  it('several: the stored one while the key sees it, else ask (sorted by name)', () => {
    assert.deepEqual(pickAccount([A, B], 22), { kind: 'use', account: B, automatic: false });
    assert.deepEqual(pickAccount([B, C, A]), { kind: 'ask', accounts: [A, C, B] });
    assert.deepEqual(pickAccount([B, A], 99), { kind: 'ask', accounts: [A, B] });
  });

  it('none: nothing to pick, and the error says so', () => {
    assert.deepEqual(pickAccount([]), { kind: 'none' });
    assert.equal(accountError({ kind: 'none' }).kind, 'noAccount');
  });

  it('the error of an unanswered choice points to Switch Account… and names a lost account', () => {
    const e = accountError({ kind: 'ask', accounts: [A, B] }, 99);
    assert.equal(e.kind, 'noAccount');
    assert.match(e.message, /2 accounts.*\(99\) is no longer among them.*Switch Account…/);
    assert.equal(e.retryable, false);
  });

  it('the chosen account is kept with the key, and older records still read', () => {
    const KEY = 'NRAK-RECORDKEY0000000000000001';
    assert.deepEqual(decodeKeyRecord(encodeKeyRecord({ key: KEY, accountId: 42 })), { key: KEY, accountId: 42 });
    assert.deepEqual(decodeKeyRecord(encodeKeyRecord({ key: KEY, origin: 'https://x.test', accountId: 42 })), {
      key: KEY,
      origin: 'https://x.test',
      accountId: 42,
    });
    assert.equal(encodeKeyRecord({ key: KEY }), KEY, 'a key without an account is stored as before');
    assert.deepEqual(decodeKeyRecord(JSON.stringify({ tag: 'timeslice-key/1', key: KEY, origin: 'https://x.test' })), {
      key: KEY,
      origin: 'https://x.test',
    });
    assert.equal(
      decodeKeyRecord(JSON.stringify({ tag: 'timeslice-key/1', key: KEY, accountId: -1 })),
      undefined,
      'a damaged account is no record',
    );
  });
});

/** Against a simulator whose key sees two accounts (`accountsPerKey: 2`), each with its own data. */
describe('backend choice: a key that sees two accounts', function () {
  this.timeout(15_000);
  const KEY = 'NRAK-TWOACCOUNTS00000000000001';
  let sim: Simulator;

  before(async () => {
    sim = await Simulator.start({ usKey: KEY, seed: 8, apps: 4, accountsPerKey: 2 });
  });
  after(() => sim.stop());

  const options = () => ({
    baseUrl: sim.baseUrls.us,
    getApiKey: () => Promise.resolve(KEY),
    ca: sim.certPem,
    log: new MemoryLogger(),
    timeoutMs: 15_000,
    backoffBaseMs: 10,
  });

  it('with no account chosen, NerdGraph asks for one (noAccount) and sends no NRQL', async () => {
    assert.deepEqual(
      (await listAccounts(options())).map((a) => a.id),
      sim.accounts.us.map((a) => a.id),
    );
    sim.clearRequests();
    const ng = createBackendApi('nerdGraph', options());
    await assert.rejects(
      ng.listApplications(),
      (e: unknown) => e instanceof ApiError && e.kind === 'noAccount' && /2 accounts/.test(e.message),
    );
    await ng.dispose();
    assert.deepEqual(
      sim.requests.map((r) => r.endpoint),
      ['graphql.accounts'],
    );
  });

  it("the chosen account's applications, and their data, come from that account only", async () => {
    for (const account of sim.accounts.us) {
      const ng = createBackendApi('nerdGraph', { ...options(), accountId: account.id });
      try {
        const apps = await ng.listApplications();
        assert.deepEqual(apps.map((a) => a.id).sort(), account.dataset.apps.map((a) => a.id).sort());
        assert.ok(apps.every((a) => a.accountId === account.id));
        const app = account.dataset.apps.find((a) => a.reporting)!;
        // By id alone (no account in the search): the ids are unique across the key's accounts.
        assert.equal((await ng.getApplication(app.id)).name, app.name);
        const data = await ng.getMetricData(
          { kind: 'application', applicationId: app.id },
          { names: ['HttpDispatcher'], summarize: true },
        );
        assert.ok(
          (data.metrics[0]?.timeslices[0]?.values.call_count ?? 0) > 0,
          `${account.name}: data for its own application`,
        );
      } finally {
        await ng.dispose();
      }
    }
  });
});
