/**
 * Error classes new since the latest deployment, in VS Code, on both backends (docs/errors.md, "New since
 * a deployment": the classes and the look-back window come from NerdGraph with the same key on each): with
 * the demo's story on, 0922c08 brought Aws::SQS::Errors::NonExistentQueue to orders/create, so its
 * diagnostic and its row in the Errors group say it is new since 0922c08, and no other class does.
 */
import * as assert from 'node:assert/strict';

import * as vscode from 'vscode';

import type { TimesliceTestApi } from '../../../src/testApi';
import type { MonitorNode } from '../../../src/tree/nodes';
import {
  BACKENDS,
  backendLabel,
  bindDemoApp,
  copyDemoSample,
  eventually,
  leaveDemoWorkspace,
  startDemo,
  timeslice,
  tooltipText,
} from './helpers';

const APP = 'storefront-web';
const NEW_CLASS = 'Aws::SQS::Errors::NonExistentQueue';

for (const backend of BACKENDS) {
  describe(`error classes new since the latest deployment, on ${backendLabel(backend)}`, function () {
    this.timeout(120_000);
    let ts: TimesliceTestApi;
    let folder: vscode.WorkspaceFolder;

    before(async () => {
      ts = await timeslice();
      await vscode.commands.executeCommand('timeslice.stopDemo');
      ts.demo.story = true;
      await startDemo(ts, backend);
      folder = vscode.workspace.workspaceFolders![0];
      await copyDemoSample(APP, folder.uri);
      await bindDemoApp(ts, folder.uri, APP);
    });

    after(async () => {
      await leaveDemoWorkspace(folder.uri);
      ts.demo.story = false;
    });

    it('the Problems panel says "New since 0922c08" on the new class only, at the line its stack points to', async () => {
      const ours = () =>
        vscode.languages
          .getDiagnostics()
          .filter(([uri]) => uri.path.startsWith(`${folder.uri.path}/`))
          .flatMap(([uri, list]) =>
            list
              .filter((d) => ts.errorDiagnostics.shownAt(uri).some((s) => s.diagnostic.message === d.message))
              .map((d) => ({ file: uri.path.slice(folder.uri.path.length + 1), line: d.range.start.line + 1, d })),
          );
      const found = await eventually(
        async () => {
          await ts.errorDiagnostics.refresh();
          return ours().find((s) => s.d.message.includes(NEW_CLASS));
        },
        'the new class in the Problems panel',
        60_000,
      );
      assert.match(found.d.message, /^New since 0922c08 · Aws::SQS::Errors::NonExistentQueue: .* in the last 30 min/);
      assert.equal(found.file, 'app/controllers/orders_controller.rb');
      assert.equal(found.line, 10);
      assert.equal(found.d.source, 'Controller/orders/create');
      const others = ours().filter((s) => !s.d.message.includes(NEW_CLASS));
      assert.ok(others.length > 0, 'other classes are shown');
      for (const s of others) {
        assert.doesNotMatch(s.d.message, /New since/, s.d.message);
      }
    });

    it("the Errors group's row has the badge, and its tooltip says since which deployment", async () => {
      const rows = await eventually(async () => {
        ts.tree.refresh();
        const app = (await ts.tree.getChildren()).find((n) => n.kind === 'application' && n.app.name === APP);
        const group = app && (await ts.tree.getChildren(app)).find((n: MonitorNode) => n.kind === 'errorsGroup');
        const children = group ? await ts.tree.getChildren(group) : [];
        return children.some((n) => n.kind === 'errorClass' && n.row.errorClass === NEW_CLASS) ? children : undefined;
      }, "the new class in storefront-web's Errors group");
      for (const node of rows) {
        if (node.kind !== 'errorClass') continue;
        const item = ts.tree.getTreeItem(node);
        const description = typeof item.description === 'string' ? item.description : '';
        if (node.row.errorClass === NEW_CLASS) {
          assert.match(description, /^new · ×\d+ · Controller\/orders\/create$/);
          assert.match(tooltipText(item), /New since 0922c08 \(deployed 3 h ago\): none in the 7 days before it/);
        } else {
          assert.doesNotMatch(description, /new/, node.row.errorClass);
          assert.doesNotMatch(tooltipText(item), /New since/);
        }
      }
    });
  });
}
