/**
 * The one write (`timeslice_record_deployment`) through confirmedWrites.ts: the call writes exactly what
 * the confirmation showed, refuses after a failed prepare, and refuses input the dialog cannot show.
 */
import * as assert from 'node:assert/strict';

import { ApiError } from '../../src/api/apiError';
import type { Application } from '../../src/api/types';
import type { DeploymentWrite } from '../../src/api/deployments';
import type { ConnectionSession } from '../../src/session/connectionSession';
import type { Binding } from '../../src/status/binding';
import { CONNECTION_CHANGED, ConfirmedWrites, NOT_CONFIRMED } from '../../src/tools/confirmedWrites';
import { DEPLOYMENTS_OFF, recordDeploymentTool } from '../../src/tools/recordDeploymentTool';
import type { ToolContext } from '../../src/tools/toolTypes';

const app = (id: number, name: string) => ({ id, name, language: 'ruby' }) as Application;
const CHECKOUT = app(11, 'checkout');
const BILLING = app(22, 'billing');

/** A session whose client records the writes; `failNext` makes the next lookups fail (a 429). */
function fakeSession(apps: Application[]) {
  const writes: Array<{ id: number; write: DeploymentWrite }> = [];
  const state = { failures: 0 };
  const api = {
    getApplication: (id: number) => {
      if (state.failures-- > 0) {
        return Promise.reject(new ApiError('rateLimited', 'Too many requests.'));
      }
      const found = apps.find((a) => a.id === id);
      return found ? Promise.resolve(found) : Promise.reject(new ApiError('notFound', 'No such application.'));
    },
    listApplications: (filter: { name?: string }) =>
      Promise.resolve(apps.filter((a) => a.name.includes(filter.name ?? ''))),
    recordDeployment: (id: number, write: DeploymentWrite) => {
      writes.push({ id, write });
      return Promise.resolve({ id: 'd1', revision: write.revision, description: write.description, time: 0 });
    },
  };
  const session = {
    api,
    label: 'US',
    spec: { accountId: 7 },
    backendLabel: 'NerdGraph',
  } as unknown as ConnectionSession;
  return { session, writes, state };
}

/** A context whose active folder is `active.binding` (changed by the test between prepare and invoke). */
function context(session: ConnectionSession, active: { binding?: Binding }, allowed = true): ToolContext {
  return {
    session,
    region: 'us',
    bindings: {
      active: () => (active.binding ? ({ binding: active.binding } as never) : undefined),
      all: () => [],
    },
    poller: { snapshot: () => undefined },
    lenses: { numbersFor: () => Promise.reject(new Error('unused')) },
    changes: { sinceRevision: () => Promise.reject(new Error('unused')) },
    deploymentCode: () => Promise.reject(new Error('unused')),
    errors: {} as ToolContext['errors'],
    signal: new AbortController().signal,
    now: () => 0,
    deploymentsAllowed: allowed,
    afterWrite: () => undefined,
  };
}

describe('timeslice_record_deployment: the write is what the dialog said', () => {
  it('writes the application the confirmation named, though the active folder changed before the call', async () => {
    const { session, writes } = fakeSession([CHECKOUT, BILLING]);
    const active: { binding?: Binding } = { binding: { id: CHECKOUT.id, region: 'us' } };
    const writesOf = new ConfirmedWrites();
    const input = { revision: 'v42', description: 'Payments\nrounding fix' };
    const confirmation = await writesOf.prepare(recordDeploymentTool, input, context(session, active));
    assert.ok(confirmation);
    assert.match(confirmation.message, /"checkout"/);
    active.binding = { id: BILLING.id, region: 'us' }; // The user opened a file of another bound folder.
    // The call gets its own copy of the input, as over the extension host's protocol.
    const text = await writesOf.invoke(recordDeploymentTool, structuredClone(input), context(session, active));
    assert.match(text, /^Deployment recorded on application 11\./);
    assert.deepEqual(writes, [{ id: 11, write: { revision: 'v42', description: 'Payments\nrounding fix' } }]);
    assert.equal(await writesOf.invoke(recordDeploymentTool, input, context(session, active)), NOT_CONFIRMED);
    assert.equal(writes.length, 1, 'one confirmation, one write');
  });

  it('refuses the write after a failed prepare (a 429 that would succeed on retry) and without one', async () => {
    const { session, writes, state } = fakeSession([CHECKOUT]);
    const ctx = context(session, { binding: { id: CHECKOUT.id, region: 'us' } });
    const writesOf = new ConfirmedWrites();
    const input = { revision: 'v1' };
    state.failures = 1;
    assert.equal(await writesOf.prepare(recordDeploymentTool, input, ctx), undefined, 'no dialog');
    const text = await writesOf.invoke(recordDeploymentTool, input, ctx);
    assert.match(
      text,
      /^Error: Nothing was written, because the confirmation could not be prepared: Too many requests\./,
    );
    assert.equal(text.split('\n').length, 1);
    assert.equal(await writesOf.invoke(recordDeploymentTool, { revision: 'v2' }, ctx), NOT_CONFIRMED);
    assert.deepEqual(writes, []);
  });

  it('refuses when the connection changed after the confirmation, and says why when writes are off', async () => {
    const first = fakeSession([CHECKOUT]);
    const second = fakeSession([CHECKOUT]);
    const active = { binding: { id: CHECKOUT.id, region: 'us' } as Binding };
    const writesOf = new ConfirmedWrites();
    await writesOf.prepare(recordDeploymentTool, { revision: 'v1' }, context(first.session, active));
    assert.equal(
      await writesOf.invoke(recordDeploymentTool, { revision: 'v1' }, context(second.session, active)),
      CONNECTION_CHANGED,
    );
    const off = context(first.session, active, false);
    assert.equal(await writesOf.prepare(recordDeploymentTool, { revision: 'v1' }, off), undefined);
    assert.equal(await writesOf.invoke(recordDeploymentTool, { revision: 'v1' }, off), `Error: ${DEPLOYMENTS_OFF}`);
    assert.deepEqual([...first.writes, ...second.writes], []);
  });

  it('shows the whole description and the revision as sent; refuses characters the dialog cannot show', async () => {
    const { session } = fakeSession([CHECKOUT]);
    const ctx = context(session, { binding: { id: CHECKOUT.id, region: 'us' } });
    const writesOf = new ConfirmedWrites();
    const description = `${'d'.repeat(997)}end`;
    const shown = await writesOf.prepare(recordDeploymentTool, { revision: 'rel-2026.11', description }, ctx);
    assert.ok(shown);
    assert.ok(shown.message.includes('Record deployment rel-2026.11 of "checkout"'), shown.message);
    assert.ok(shown.message.endsWith(`Description: ${description}`), 'the whole description');
    for (const [field, value] of [
      ['revision', 'v1\u202e2v'],
      ['revision', 'v1\u200b'],
      ['revision', 'v1\nv2'],
      ['revision', 'v1\u2028v2'],
      ['description', 'fix\u2066hidden\u2069'],
      ['description', 'fix\u{e0041}'],
      ['description', 'fix\u061c'],
    ]) {
      const input = { revision: 'v1', [field]: value };
      assert.equal(await writesOf.prepare(recordDeploymentTool, input, ctx), undefined, JSON.stringify(value));
      assert.match(
        await writesOf.invoke(recordDeploymentTool, input, ctx),
        new RegExp(`^Error: "${field}" holds characters a confirmation cannot show`),
      );
    }
    assert.match(
      await writesOf.invoke(recordDeploymentTool, { revision: 'v1', description: 'x'.repeat(1001) }, ctx),
      /^Error: /,
    );
  });
});
