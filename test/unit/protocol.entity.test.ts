/** `PanelEntity` is told apart by kind: each kind carries exactly its ids, checked on restore too. */
import * as assert from 'node:assert/strict';

import type { MetricScope } from '../../src/api/types';
import type { PanelEntity } from '../../src/panels/protocol';
import { explorerEntity, explorerScope } from '../../src/panels/explorerScope';
import { isPanelEntity, isPanelState, presetLabel, RANGE_PRESETS } from '../../src/panels/protocol';

describe('panel entities', () => {
  const valid: PanelEntity[] = [
    { kind: 'application', applicationId: 1, title: 'a' },
    { kind: 'breakdown', applicationId: 1, title: 'a' },
    { kind: 'host', applicationId: 1, hostId: 7, title: 'h' },
    { kind: 'instance', applicationId: 1, instanceId: 9, title: 'i' },
    { kind: 'keyTransaction', applicationId: 1, keyTransactionId: 5, title: 'k' },
    { kind: 'explorer', applicationId: 1, title: 'a' },
    { kind: 'explorer', applicationId: 1, hostId: 7, title: 'h' },
    { kind: 'explorer', applicationId: 1, instanceId: 9, title: 'i' },
    {
      kind: 'explorer',
      applicationId: 1,
      title: 'q',
      nrql: { accountId: 5, query: 'SELECT count(*) FROM Metric TIMESERIES' },
    },
  ];

  it('accepts each kind with exactly the ids it carries', () => {
    for (const e of valid) {
      assert.ok(isPanelEntity(e), JSON.stringify(e));
    }
  });

  it('refuses a missing id, an id of another kind, two scopes for the explorer, and ids that are not positive whole numbers', () => {
    const refused: unknown[] = [
      { kind: 'host', applicationId: 1, title: 'h' },
      { kind: 'instance', applicationId: 1, hostId: 9, title: 'i' },
      { kind: 'keyTransaction', applicationId: 1, title: 'k' },
      { kind: 'application', applicationId: 1, hostId: 7, title: 'a' },
      { kind: 'breakdown', applicationId: 1, keyTransactionId: 5, title: 'a' },
      { kind: 'explorer', applicationId: 1, hostId: 7, instanceId: 9, title: 'x' },
      { kind: 'explorer', applicationId: 1, keyTransactionId: 5, title: 'x' },
      { kind: 'host', applicationId: 1, hostId: 0, title: 'h' },
      { kind: 'host', applicationId: 1, hostId: '7', title: 'h' },
      { kind: 'host', applicationId: 1, hostId: 7, instanceId: 1.5, title: 'h' },
      { kind: 'dashboard', applicationId: 1, title: 'a' },
      // A typed NRQL query: only the explorer charts one, for no host or instance, with an account and some text.
      { kind: 'application', applicationId: 1, title: 'q', nrql: { accountId: 5, query: 'SELECT 1' } },
      { kind: 'explorer', applicationId: 1, hostId: 7, title: 'q', nrql: { accountId: 5, query: 'SELECT 1' } },
      { kind: 'explorer', applicationId: 1, title: 'q', nrql: { accountId: 0, query: 'SELECT 1' } },
      { kind: 'explorer', applicationId: 1, title: 'q', nrql: { accountId: 5, query: '  ' } },
      { kind: 'explorer', applicationId: 1, title: 'q', nrql: { accountId: 5, query: 'x'.repeat(4001) } },
      { kind: 'explorer', applicationId: 1, title: 'q', nrql: 'SELECT 1' },
    ];
    for (const e of refused) {
      assert.equal(isPanelEntity(e), false, JSON.stringify(e));
    }
  });

  it('turns an explorer entity into its metric scope and back', () => {
    const scopes: MetricScope[] = [
      { kind: 'application', applicationId: 1 },
      { kind: 'host', applicationId: 1, hostId: 7 },
      { kind: 'instance', applicationId: 1, instanceId: 9 },
    ];
    for (const scope of scopes) {
      const entity = explorerEntity(scope, 't');
      assert.ok(isPanelEntity(entity));
      assert.deepEqual(explorerScope(entity), scope);
    }
  });

  it('has one label per range preset, shared by the panels and the palette', () => {
    const labels = RANGE_PRESETS.map(presetLabel);
    assert.ok(labels.every((l) => l.length > 0));
    assert.equal(new Set(labels).size, RANGE_PRESETS.length);
    assert.equal(presetLabel('30m'), 'Last 30 minutes');
  });
});

describe('panel state', () => {
  const state = {
    entity: { kind: 'application', applicationId: 1, title: 'a' },
    range: { preset: '30m', compare: 'none' },
    view: 'chart',
  };

  it('keeps the preview flag of a restored state only as a boolean (the serializer drops a restored preview)', () => {
    assert.ok(isPanelState(state));
    assert.ok(isPanelState({ ...state, preview: true }));
    assert.ok(isPanelState({ ...state, preview: false }));
    assert.equal(isPanelState({ ...state, preview: 'yes' }), false);
    assert.equal(isPanelState({ ...state, preview: 1 }), false);
  });
});
