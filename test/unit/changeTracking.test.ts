/**
 * Change tracking (docs/service.md#change-tracking): the NerdGraph reader merging markers of both
 * event kinds, and the simulator's `changeTrackingCreateEvent` and change events checked on the wire
 * with undici; then the NerdGraph backend writing and reading through them.
 */
import assert from 'node:assert/strict';

import { changeEventsNrql, DUPLICATE_WINDOW_MS, mergeChangeRows } from '../../src/api/nerdgraph/deployments';
import { NerdGraphTimesliceApi } from '../../src/api/nerdgraph/nerdGraphApi';
import { HttpTimesliceApi } from '../../src/api/rest/client';
import { TIMESTAMP_REFUSAL } from '../../src/simulator/nerdgraph/changeEvents';
import { entityGuid } from '../../src/simulator/nerdgraph/entities';
import { parseNrql } from '../../src/simulator/nerdgraph/nrqlParser';
import { SIMULATED_ACCOUNTS } from '../../src/simulator/nerdgraph/service';
import { deploymentsBetween } from '../../src/simulator/deployments';
import type { Simulator } from '../../src/simulator/server';
import { wireSimulator } from '../support/wireSimulator';

const NOW_MS = Date.parse('2026-11-20T12:00:00Z');
const HOUR = 3_600_000;
const KEY = 'NRAK-CHANGETRACK0000000000000001';
const SHA = '3f2a9c1d4e5b6a7980f1e2d3c4b5a69788776655';
const CREATE_EVENT =
  'mutation($e: ChangeTrackingCreateEventInput!, $r: ChangeTrackingDataHandlingRules) { changeTrackingCreateEvent(changeTrackingEvent: $e, dataHandlingRules: $r) { changeTrackingEvent { category categoryAndType changeTrackingId customAttributes description entity { name guid } groupId shortDescription timestamp user type } messages } }';
const CREATE_LEGACY =
  'mutation($d: ChangeTrackingDeploymentInput!) { changeTrackingCreateDeployment(deployment: $d) { deploymentId } }';
const NRQL =
  'query($id: Int!, $q: Nrql!) { actor { account(id: $id) { nrql(query: $q) { results metadata { eventTypes } } } } }';

// Bodies are open maps read from the wire; the assertions give them their shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type W = any;

describe('Change tracking: the reader merges both event kinds', () => {
  const t = NOW_MS;
  const event = { changeTrackingId: 'ct-1', version: 'v3.2.0', timestamp: t, user: 'pipeline' };
  const twin = { deploymentId: '900000001', version: 'v3.2.0', timestamp: t + 2_000, commit: SHA, changelog: 'c' };

  it('one change seen as a ChangeTrackingEvent and its REST twin (other ids, same version, seconds apart) is listed once', () => {
    const [d, ...rest] = mergeChangeRows([twin, event]);
    assert.equal(rest.length, 0);
    assert.equal(d.id, 'ct-1', "the change event's id");
    assert.equal(d.commit, SHA, 'the commit from whichever kind has it');
    assert.equal(d.user, 'pipeline');
    assert.equal(d.changelog, 'c');
  });

  it('an id in common merges; one version further apart than DUPLICATE_WINDOW_MS, or with two commits, does not', () => {
    assert.equal(mergeChangeRows([event, { ...twin, deploymentId: 'ct-1', timestamp: t + 10 * HOUR }]).length, 1);
    assert.equal(mergeChangeRows([event, { ...twin, timestamp: t + DUPLICATE_WINDOW_MS + 1 }]).length, 2);
    assert.equal(mergeChangeRows([{ ...event, commit: 'a'.repeat(40) }, twin]).length, 2);
    assert.equal(mergeChangeRows([event, { ...twin, version: 'v3.2.1' }]).length, 2);
  });

  it("keeps REST's `revision` when `version` is absent, skips rows without a version or a time, newest first", () => {
    const list = mergeChangeRows([
      { deploymentId: '1', revision: 'abc1234', timestamp: t - HOUR },
      { deploymentId: '2', version: 'def5678', timestamp: t },
      { deploymentId: '3', timestamp: t },
      { deploymentId: '4', version: 'x' },
    ]);
    assert.deepEqual(
      list.map((d) => d.revision),
      ['def5678', 'abc1234'],
    );
  });

  it("asks the docs' pattern: both types, category Deployment, the entity's GUID", () => {
    const q = parseNrql(changeEventsNrql('R1VJRA==', t - HOUR, t, 5000));
    assert.deepEqual(q.types, ['Deployment', 'ChangeTrackingEvent']);
    assert.equal(q.where?.k, 'and');
    assert.equal(q.limit, 5000);
  });
});

describe('Simulator change tracking (docs/service.md#change-tracking)', function () {
  this.timeout(20_000);
  const wire = wireSimulator({ usKey: KEY, now: () => new Date(NOW_MS) });
  let sim: Simulator;
  let ng: NerdGraphTimesliceApi;
  let rest: HttpTimesliceApi;

  before(() => {
    sim = wire.sim;
    const common = { ...wire.clientOptions(), timeoutMs: 15_000 };
    rest = new HttpTimesliceApi(common);
    ng = new NerdGraphTimesliceApi({ ...common, accountId: SIMULATED_ACCOUNTS.us.id, now: () => new Date(NOW_MS) });
  });
  after(() => Promise.all([rest.dispose(), ng.dispose()]));
  afterEach(() => sim.setChangeEventsInDeploymentLists(true));

  const guid = (id: number) => entityGuid(SIMULATED_ACCOUNTS.us.id, 'APM', 'APPLICATION', id);

  const graphql = (query: string, variables: Record<string, unknown>): Promise<W> => wire.graphql(query, variables);

  const deploymentEvent = (appId: number, version: string, extra: Record<string, unknown> = {}) => ({
    categoryAndTypeData: {
      kind: { category: 'deployment', type: 'basic' },
      categoryFields: { deployment: { version, commit: SHA } },
    },
    entitySearch: { query: `id = '${guid(appId)}'` },
    ...extra,
  });

  async function nrql(q: string): Promise<W[]> {
    const answer = await graphql(NRQL, { id: SIMULATED_ACCOUNTS.us.id, q });
    assert.equal(answer.errors, undefined, JSON.stringify(answer.errors));
    return answer.data.actor.account.nrql.results as W[];
  }

  it('changeTrackingCreateEvent(changeTrackingEvent: {categoryAndTypeData {kind, categoryFields {deployment}}, entitySearch {query}}) answers the stored event with a generated changeTrackingId', async () => {
    const app = sim.datasets.us.apps[1];
    const answer = await graphql(CREATE_EVENT, { e: deploymentEvent(app.id, 'v1.0.0', { user: 'ci' }) });
    const e = answer.data.changeTrackingCreateEvent.changeTrackingEvent;
    assert.match(e.changeTrackingId, /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    assert.deepEqual([e.category, e.type, e.timestamp, e.user], ['Deployment', 'Basic', NOW_MS, 'ci']);
    assert.deepEqual(e.entity, { name: app.name, guid: guid(app.id) });
    assert.deepEqual(answer.data.changeTrackingCreateEvent.messages, []);
  });

  it('refuses what the docs refuse: a custom kind without ALLOW_CUSTOM_CATEGORY_OR_TYPE, a Deployment without a version, a timestamp beyond ±24 h, reserved custom-attribute names, a search matching no entity', async () => {
    const id = sim.datasets.us.apps[1].id;
    const refused = async (e: unknown, r?: unknown) => {
      const answer = await graphql(CREATE_EVENT, { e, r });
      assert.equal(answer.data?.changeTrackingCreateEvent ?? null, null);
      assert.equal(answer.errors[0].extensions.errorClass, 'INVALID_INPUT');
      return String(answer.errors[0].message);
    };
    const custom = { ...deploymentEvent(id, 'v'), categoryAndTypeData: { kind: { category: 'Rainbow', type: 'Arc' } } };
    await refused(custom);
    const allowed = await graphql(CREATE_EVENT, {
      e: custom,
      r: { validationFlags: ['ALLOW_CUSTOM_CATEGORY_OR_TYPE'] },
    });
    assert.equal(allowed.data.changeTrackingCreateEvent.changeTrackingEvent.category, 'Rainbow');
    await refused({
      ...deploymentEvent(id, 'v'),
      categoryAndTypeData: { kind: { category: 'Deployment', type: 'Basic' } },
    });
    assert.equal(await refused(deploymentEvent(id, 'v', { timestamp: NOW_MS - 25 * HOUR })), TIMESTAMP_REFUSAL);
    assert.equal(await refused(deploymentEvent(id, 'v', { timestamp: NOW_MS + 25 * HOUR })), TIMESTAMP_REFUSAL);
    const legacy = await graphql(CREATE_LEGACY, {
      d: { version: 'v', entityGuid: guid(id), timestamp: NOW_MS - 25 * HOUR },
    });
    assert.equal(legacy.errors[0].message, TIMESTAMP_REFUSAL, 'the legacy mutation keeps the same rule');
    const ok = await graphql(CREATE_EVENT, { e: deploymentEvent(id, 'v-23h', { timestamp: NOW_MS - 23 * HOUR }) });
    assert.equal(ok.data.changeTrackingCreateEvent.changeTrackingEvent.timestamp, NOW_MS - 23 * HOUR);
    assert.match(await refused(deploymentEvent(id, 'v', { customAttributes: { Category: 'x' } })), /reserved/);
    assert.match(await refused(deploymentEvent(id, 'v', { customAttributes: { user: 'x' } })), /reserved/);
    const fine = await graphql(CREATE_EVENT, {
      e: deploymentEvent(id, 'v-ca', { customAttributes: { region: 'eu', n: 2 } }),
    });
    assert.deepEqual(fine.data.changeTrackingCreateEvent.changeTrackingEvent.customAttributes, { region: 'eu', n: 2 });
    await refused({ ...deploymentEvent(id, 'v'), entitySearch: { query: "id = 'nope'" } });
  });

  it('FROM Deployment, ChangeTrackingEvent: generated markers are Deployment events of api.rest.deployments.v2, the legacy mutation its own source, a change event a ChangeTrackingEvent with its REST twin', async () => {
    const app = sim.datasets.us.apps.filter((a) => a.reporting)[4];
    await graphql(CREATE_LEGACY, { d: { version: 'legacy-1', entityGuid: guid(app.id), timestamp: NOW_MS - HOUR } });
    const created = await graphql(CREATE_EVENT, { e: deploymentEvent(app.id, 'event-1') });
    const ctId = created.data.changeTrackingCreateEvent.changeTrackingEvent.changeTrackingId as string;
    const rows = await nrql(
      `SELECT version, commit, changeTrackingId, category, newrelic.source FROM Deployment, ChangeTrackingEvent WHERE entity.guid = '${guid(app.id)}' AND (eventType() = 'Deployment' OR (eventType() = 'ChangeTrackingEvent' AND category = 'Deployment')) SINCE ${NOW_MS - 3 * 86_400_000} UNTIL ${NOW_MS + 1} LIMIT MAX`,
    );
    const generated = deploymentsBetween(sim.datasets.us, app, NOW_MS - 3 * 86_400_000, NOW_MS).find(
      (d) => !d.recorded,
    )!;
    const source = (version: string) => rows.filter((r) => r.version === version).map((r) => r['newrelic.source']);
    assert.deepEqual(source(generated.revision), ['api.rest.deployments.v2']);
    assert.deepEqual(source('legacy-1'), ['api.graphql.changeTrackingCreateDeployment']);
    assert.deepEqual(source('event-1').sort(), ['api.graphql.changeTrackingCreateEvent', 'api.rest.deployments.v2']);
    assert.equal(rows.find((r) => r.changeTrackingId === ctId)?.category, 'Deployment');
    assert.ok(
      rows.every((r, i) => i === 0 || rows[i - 1].timestamp >= r.timestamp),
      'newest first',
    );
    sim.setChangeEventsInDeploymentLists(false);
    const unlisted = await nrql(
      `SELECT version FROM Deployment, ChangeTrackingEvent WHERE entity.guid = '${guid(app.id)}' AND version = 'event-1' SINCE ${NOW_MS - HOUR} UNTIL ${NOW_MS + 1}`,
    );
    assert.equal(unlisted.length, 1, 'no REST twin while the write-through is off');
  });

  it('NRQL refuses a bare attribute on Metric and bare attributes mixed with aggregates; OR binds looser than AND', () => {
    assert.throws(() => parseNrql('SELECT appName FROM Metric'), /unexpected 'appName'/);
    assert.throws(() => parseNrql('SELECT version, count(*) FROM Deployment'), /unexpected 'version'/);
    assert.throws(() => parseNrql('SELECT count(*) FROM Metric, Deployment'), /unexpected 'Deployment'/);
    const q = parseNrql('SELECT version FROM Deployment WHERE a = 1 OR b = 2 AND c = 3');
    assert.equal(q.where?.k, 'or');
  });

  it('the NerdGraph backend records changeTrackingCreateEvent with the commit, and lists the change once (REST twin merged)', async () => {
    const app = sim.datasets.us.apps[2];
    sim.clearRequests();
    const stored = await ng.recordDeployment(app.id, {
      revision: 'v3.2.0',
      commit: SHA,
      description: 'from the editor',
    });
    const body = sim.requests.find((r) => (r.requestBody ?? '').includes('changeTrackingCreateEvent'))?.requestBody;
    const sent = JSON.parse(body ?? '{}').variables.event;
    assert.deepEqual(sent.categoryAndTypeData.kind, { category: 'Deployment', type: 'Basic' });
    assert.deepEqual(sent.categoryAndTypeData.categoryFields.deployment, { version: 'v3.2.0', commit: SHA });
    assert.equal(sent.entitySearch.query, `id = '${guid(app.id)}'`);
    assert.equal(stored.commit, SHA);
    const range = { from: new Date(NOW_MS - HOUR), to: new Date(NOW_MS) };
    const listed = (await ng.listDeployments(app.id, range)).filter((d) => d.revision === 'v3.2.0');
    assert.deepEqual(
      listed.map((d) => [d.id, d.commit, d.time]),
      [[stored.id, SHA, NOW_MS]],
    );
    assert.ok(
      (await rest.listDeployments(app.id, range)).some((d) => d.revision === 'v3.2.0'),
      'REST lists it too',
    );
    const full = await ng.recordDeployment(app.id, { revision: SHA.replace('3f', '4e') });
    assert.equal(full.commit, SHA.replace('3f', '4e'), 'a full SHA as revision is its own commit');
  });

  it("a pipeline's change event shows on NerdGraph even where REST and deploymentSearch do not list it", async () => {
    const app = sim.datasets.us.apps[3];
    sim.setChangeEventsInDeploymentLists(false);
    await graphql(CREATE_EVENT, { e: deploymentEvent(app.id, 'pipeline-7', { user: 'github-actions' }) });
    const range = { from: new Date(NOW_MS - HOUR), to: new Date(NOW_MS) };
    const fromNg = await ng.listDeployments(app.id, range);
    assert.deepEqual(
      fromNg.filter((d) => d.revision === 'pipeline-7').map((d) => [d.commit, d.user]),
      [[SHA, 'github-actions']],
    );
    assert.ok(!(await rest.listDeployments(app.id, range)).some((d) => d.revision === 'pipeline-7'));
  });
});
