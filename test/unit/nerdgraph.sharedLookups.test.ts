/**
 * NerdGraph's two lookups shared by concurrent requests (the account NRQL runs in, a host's name): one
 * caller that cancels ends only its own wait, and the lookup goes on for the others.
 */
import * as assert from 'node:assert/strict';

import { isApiError } from '../../src/api/apiError';
import { AccountChoice } from '../../src/api/nerdgraph/accounts';
import { HostNames } from '../../src/api/nerdgraph/agentInstances';
import { hostIdFor } from '../../src/api/nerdgraph/entities';
import type { RequestOptions } from '../../src/api/types';

const cancelled = (e: unknown) => isApiError(e) && e.kind === 'cancelled';

describe('NerdGraph lookups shared by concurrent requests', () => {
  it("a host's name: the first caller cancels, the second still gets it from the same lookup", async () => {
    const names = new HostNames();
    const signals: AbortSignal[] = [];
    let answer = () => undefined as unknown;
    const lookup = (options: RequestOptions) => {
      signals.push(options.signal!);
      return new Promise<Array<Record<string, unknown>>>((resolve) => (answer = () => resolve([{ host: 'web-1' }])));
    };
    const panel = new AbortController();
    const first = names.nameOf(7, hostIdFor('web-1'), lookup, { signal: panel.signal });
    const second = names.nameOf(7, hostIdFor('web-1'), lookup, { signal: new AbortController().signal });
    panel.abort();
    await assert.rejects(first, cancelled);
    assert.equal(signals.length, 1);
    assert.equal(signals[0].aborted, false);
    answer();
    assert.equal(await second, 'web-1');
  });

  it('the account: the first caller cancels, the second still gets the resolver’s choice', async () => {
    const lists: AbortSignal[] = [];
    let answer = () => undefined as unknown;
    const choice = new AccountChoice(async (list) => (await list())[0].id);
    const list = (options: RequestOptions) => {
      lists.push(options.signal!);
      return new Promise<Array<{ id: number; name: string }>>(
        (resolve) => (answer = () => resolve([{ id: 42, name: 'a' }])),
      );
    };
    const panel = new AbortController();
    const first = choice.id(list, { signal: panel.signal });
    const second = choice.id(list, { signal: new AbortController().signal });
    await Promise.resolve();
    panel.abort();
    await assert.rejects(first, cancelled);
    assert.equal(lists.length, 1);
    assert.equal(lists[0].aborted, false);
    answer();
    assert.equal(await second, 42);
  });
});
