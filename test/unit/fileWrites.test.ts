import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * Files the user chooses (exports) are written through `vscode.workspace.fs`, so remote and virtual
 * workspaces write where the user chose. A module that talks to VS Code and also to Node's `fs`
 * would write with `uri.fsPath` on the extension host's disk instead.
 */
describe('files written for the user', () => {
  it('no module that imports vscode also imports node:fs', () => {
    const root = path.join(__dirname, '../../src');
    const offenders = (fs.readdirSync(root, { recursive: true }) as string[])
      .filter((f) => f.endsWith('.ts'))
      .filter((f) => {
        const text = fs.readFileSync(path.join(root, f), 'utf8');
        return /from 'vscode'/.test(text) && /from '(node:)?fs(\/promises)?'/.test(text);
      });
    assert.deepEqual(offenders, []);
  });
});
