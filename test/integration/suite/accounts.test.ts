import * as assert from 'node:assert/strict';

import * as vscode from 'vscode';

import { exampleNrql } from '../../../src/api/nerdgraph/nrqlQuery';
import type { NrqlQueryArgs } from '../../../src/commands/runNrqlQuery';
import { Simulator } from '../../../src/simulator/server';
import type { TimesliceTestApi } from '../../../src/testApi';
import type { MonitorNode } from '../../../src/tree/nodes';
import { safeText } from '../../../src/util/safeText';
import { eventually, labelText, setSettings, settled, timeslice, withInputBoxes, withWindowStub } from './helpers';

/** A quick pick as the stub saw it: its items' labels and descriptions (the account ids), and its detail. */
interface Asked {
  title?: string;
  items: Array<{ label: string; description?: string; detail?: string }>;
}

/**
 * NerdGraph runs NRQL in one account and does not infer it from the key (docs/service.md#accounts). Against a
 * simulator whose key sees two accounts (`accountsPerKey: 2`), reached as the custom region: the user
 * is asked which account, the choice is stored with the key, and Switch Account… changes it with
 * exactly one new connection session.
 */
describe('NerdGraph accounts: a key that sees two', function () {
  this.timeout(120_000);
  let ts: TimesliceTestApi;
  let sim: Simulator;
  let changes = 0;
  let subscription: vscode.Disposable;

  before(async () => {
    ts = await timeslice();
    sim = await Simulator.start({ seed: 5, apps: 4, accountsPerKey: 2 });
    await setSettings({
      region: 'custom',
      customBaseUrl: sim.baseUrls.us,
      caCertificatePath: sim.certPath,
      backend: 'nerdGraph',
    });
    subscription = ts.connections.onDidChangeSession(() => changes++);
  });

  after(async () => {
    subscription.dispose();
    await ts.keys.delete('custom');
    await setSettings({
      region: undefined,
      customBaseUrl: undefined,
      caCertificatePath: undefined,
      backend: undefined,
    });
    await sim.stop();
  });

  const account = (k: number) => sim.accounts.us[k];

  /** Runs `command` answering its quick picks with the item for account `k`; returns what was asked. */
  async function choosingAccount(k: number, run: () => Thenable<unknown>): Promise<Asked[]> {
    const asked: Asked[] = [];
    await withWindowStub(
      'showQuickPick',
      (items, options) => {
        const list = items as Array<{ label: string; description?: string; detail?: string }>;
        asked.push({
          title: (options as vscode.QuickPickOptions | undefined)?.title,
          items: list.map(({ label, description, detail }) => ({ label, description, detail })),
        });
        return Promise.resolve(list.find((i) => i.description === String(account(k).id)));
      },
      async () => {
        await run();
      },
    );
    return asked;
  }

  /** The application ids the tree lists once it has loaded through the current session. */
  async function treeApplicationIds(): Promise<number[]> {
    return eventually(async () => {
      ts.tree.refresh();
      const roots: MonitorNode[] = await ts.tree.getChildren();
      const ids = roots.flatMap((n) => (n.kind === 'application' ? [n.app.id] : []));
      return ids.length > 0 ? ids.sort((a, b) => a - b) : undefined;
    }, "the tree's applications");
  }

  const idsOf = (k: number) =>
    account(k)
      .dataset.apps.map((a) => a.id)
      .sort((a, b) => a - b);

  /** The accounts NRQL ran in when the first application is expanded (its key-transaction count is NRQL). */
  async function nrqlAccountsOnExpanding(): Promise<number[]> {
    sim.clearRequests();
    const [first] = await ts.tree.getChildren();
    await ts.tree.getChildren(first);
    return [
      ...new Set(
        sim.requests
          .filter((r) => r.endpoint === 'graphql.nrql')
          .map((r) => (JSON.parse(r.requestBody!) as { variables: { id: number } }).variables.id),
      ),
    ];
  }

  it('a key stored without an account (set while REST v2 was live): the view asks for one, with Switch Account… as its action', async () => {
    await ts.keys.set('custom', sim.keys.us, new URL(sim.baseUrls.us).origin);
    const message = await eventually(async () => {
      ts.tree.refresh();
      const roots = await ts.tree.getChildren();
      return roots[0]?.kind === 'message' && roots[0].id === '/error' ? ts.tree.getTreeItem(roots[0]) : undefined;
    }, 'the tree asking for an account');
    assert.match(
      labelText(message),
      /This key sees 2 accounts, and NRQL runs in one\. Choose it with "Timeslice: Switch Account…"/,
    );
    assert.equal(message.command?.command, 'timeslice.switchAccount');
    assert.equal(await ts.keys.accountId('custom'), undefined);

    const asked = await choosingAccount(1, () =>
      vscode.commands.executeCommand(message.command!.command, ...(message.command!.arguments ?? [])),
    );
    assert.equal(asked.length, 1, 'one quick pick');
    // Names from the service are made safe for a quick pick (safeText), ids are as they are.
    assert.deepEqual(
      asked[0].items.map((i) => [i.label, i.description]),
      sim.accounts.us.map((a) => [safeText(a.name), String(a.id)]),
    );
    assert.equal(await ts.keys.accountId('custom'), account(1).id, 'the choice is stored with the key');
    assert.deepEqual(await treeApplicationIds(), idsOf(1), "the second account's applications");
    assert.deepEqual(await nrqlAccountsOnExpanding(), [account(1).id], 'NRQL runs in the second account');
  });

  it("Set API Key… on NerdGraph lists the key's accounts after checking it, and stores the one chosen with the key", async () => {
    const inputs: string[] = [];
    const asked = await withInputBoxes(
      (box) => {
        inputs.push(box.password ? 'key' : 'base URL');
        return box.password ? sim.keys.us : sim.baseUrls.us;
      },
      () => choosingAccount(0, () => vscode.commands.executeCommand('timeslice.setApiKey', 'custom')),
    );
    assert.deepEqual(inputs, ['base URL', 'key']);
    assert.equal(asked.length, 1, 'asked once, after the key check');
    assert.deepEqual(
      asked[0].items.map((i) => i.description),
      sim.accounts.us.map((a) => String(a.id)),
    );
    assert.equal(await ts.keys.accountId('custom'), account(0).id);
    assert.deepEqual(await treeApplicationIds(), idsOf(0), "the first account's applications");
    assert.deepEqual(await nrqlAccountsOnExpanding(), [account(0).id], 'NRQL runs in the first account');
  });

  it('Set API Key… on NerdGraph with a key the service rejects: not saved, and the error does not send the user back to Set API Key', async () => {
    const shown: Array<{ message: string; items: string[] }> = [];
    await withInputBoxes(
      (box) => (box.password ? 'NRAK-REJECTEDKEY000000000000000' : sim.baseUrls.us),
      () =>
        withWindowStub(
          'showErrorMessage',
          (message, ...items) => {
            shown.push({ message: String(message), items: items.map(String) });
            return Promise.resolve(undefined);
          },
          async () => {
            await vscode.commands.executeCommand('timeslice.setApiKey', 'custom');
          },
        ),
    );
    assert.equal(shown.length, 1, JSON.stringify(shown));
    assert.match(
      shown[0].message,
      /^The key was not saved: the service at this base URL rejected it\. Check that it is a User key/,
    );
    assert.doesNotMatch(shown[0].message, /Set API Key/, 'the user is in Set API Key already');
    assert.deepEqual(shown[0].items, ['Try Again', 'Show Log']);
    assert.equal(await ts.keys.accountId('custom'), account(0).id, 'the stored key and its account stay');
  });

  it('Switch Account… changes it, with exactly one new connection session', async () => {
    await settled(ts);
    const before = changes;
    const old = ts.connections.current;
    const asked = await choosingAccount(1, () => vscode.commands.executeCommand('timeslice.switchAccount'));
    assert.equal(asked.length, 1);
    assert.match(asked[0].title ?? '', /^Switch Account/);
    assert.deepEqual(
      asked[0].items.map((i) => i.detail),
      ['current account', undefined],
      'the current one is marked',
    );
    await eventually(
      () => (ts.connections.current && ts.connections.current !== old ? true : undefined),
      'the new session',
    );
    assert.deepEqual(await treeApplicationIds(), idsOf(1));
    await settled(ts);
    assert.equal(changes - before, 1, 'exactly one new connection session');
    assert.equal(await ts.keys.accountId('custom'), account(1).id);
    assert.equal(ts.connections.current!.spec.accountId, account(1).id, "the session is the chosen account's");
    assert.deepEqual(await nrqlAccountsOnExpanding(), [account(1).id], 'NRQL runs in the second account');
  });

  it('Run NRQL Query on REST v2, key stored without an account: asks once for the session, and again after the service refuses that account', async () => {
    await ts.keys.delete('custom');
    await setSettings({ backend: 'restV2' });
    await ts.keys.set('custom', sim.keys.us, new URL(sim.baseUrls.us).origin);
    await eventually(
      () =>
        ts.connections.current?.backend === 'restV2' && ts.connections.current.nrql?.storedAccountId === undefined
          ? true
          : undefined,
      'a REST v2 session without an account',
    );
    const args: NrqlQueryArgs = {
      nrql: exampleNrql(account(1).dataset.apps[0].id),
      applicationId: account(1).dataset.apps[0].id,
    };
    const runQuery = () => vscode.commands.executeCommand('timeslice.runNrqlQuery', args);
    const ranIn = () =>
      sim.requests
        .filter((r) => r.endpoint === 'graphql.nrql')
        .map((r) => (JSON.parse(r.requestBody!) as { variables: { accountId: number } }).variables.accountId);
    sim.clearRequests();
    const asked = await choosingAccount(1, async () => {
      await runQuery();
      await runQuery();
    });
    assert.equal(asked.length, 1, 'two runs, one question');
    assert.deepEqual(ranIn(), [account(1).id, account(1).id]);

    // The service refuses the account (ACCESS_DENIED): the next run asks again instead of repeating it.
    sim.injectNerdGraphFault({ endpoint: 'graphql.nrql', kind: 'accessDenied', times: 1 });
    await runQuery().then(
      () => undefined,
      () => undefined,
    ); // The command shows the refusal itself.
    sim.clearRequests();
    assert.equal((await choosingAccount(0, runQuery)).length, 1, 'asked again after the refusal');
    assert.deepEqual(ranIn(), [account(0).id]);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
});
