// Only a hex SHA or a ref name the repository lists reaches git (changeImpactLoad.ts, gitCommits.ts).
import * as vscode from 'vscode';

import { changeSummary, methodLabel } from '../impact/changeImpact';
import { answer, describeWindow, foreign } from './toolAnswer';
import { inputObject, optionalText, ToolInputError } from './toolInput';
import { TRANSACTION_UNITS, transactionRow } from './transactionsTool';
import type { TimesliceTool } from './toolTypes';
import { workspaceFile } from './codeNumbersTool';

export const MAX_CHANGE_ROWS = 60;

/** A base as git spells a ref or a SHA: anything else (an option, a range, a ref expression) is refused here. */
const BASE = /^(?!-)(?!.*\.\.)[A-Za-z0-9._/-]{1,200}$/;

/** The folder `given` names (its name, a path in it, or absolute), else the active editor's, else the active binding's. */
async function folderOf(given: string | undefined, bound: vscode.WorkspaceFolder | undefined) {
  const folders = vscode.workspace.workspaceFolders ?? [];
  const byName = given === undefined ? undefined : folders.find((f) => f.name === given || f.uri.fsPath === given);
  if (byName) return byName;
  if (given !== undefined) {
    const folder = vscode.workspace.getWorkspaceFolder(await workspaceFile(given));
    if (folder) return folder;
  }
  const active = vscode.window.activeTextEditor?.document.uri;
  const folder = (active && vscode.workspace.getWorkspaceFolder(active)) ?? bound;
  if (!folder) {
    throw new ToolInputError(
      'No workspace folder is bound to an application: give "path", a bound folder or a file in it.',
    );
  }
  return folder;
}

export const changeImpactTool: TimesliceTool = {
  name: 'timeslice_change_impact',
  async run(input, ctx) {
    const fields = inputObject(input, ['path', 'base']);
    const base = optionalText(fields, 'base', 200) ?? 'HEAD';
    if (!BASE.test(base)) {
      throw new ToolInputError('"base" must be HEAD, a branch or tag name, or a commit SHA.');
    }
    const folder = await folderOf(optionalText(fields, 'path', 1000), ctx.bindings.active()?.folder);
    const changes = await ctx.changes.sinceRevision(folder, base, ctx.signal);
    if (changes.kind === 'none') {
      throw new ToolInputError(changes.message);
    }
    const impact = changes.sections[0]?.impact;
    if (!impact) {
      throw new ToolInputError(changes.sections[0]?.message ?? 'No change to read.');
    }
    const rows = impact.rows.flatMap((r) =>
      r.transactions.map((t) => ({
        method: foreign(methodLabel(r.change)),
        file: foreign(r.change.path),
        line: r.change.method.line + 1,
        change: r.change.kind,
        ...(t.stats ? transactionRow(t.stats) : { name: foreign(t.name), calls: 0 }),
        ...(t.topErrorClass ? { topErrorClass: foreign(t.topErrorClass) } : {}),
      })),
    );
    return answer({
      heading: `What the working tree's change against the base will touch in application ${changes.applicationId}: changed methods and the transactions they serve, largest share of time first`,
      range: describeWindow(changes.window.from, changes.window.to),
      notes: [`line is 1-based, of the file after the change (before it, for a removed method). ${TRANSACTION_UNITS}`],
      key: 'methods',
      rows,
      maxRows: MAX_CHANGE_ROWS,
      narrowHint: 'the first ones hold the largest share of time',
      extra: {
        folder: foreign(folder.name),
        base: foreign(base),
        summary: foreign(changeSummary(impact)),
        servingNoTransaction: impact.unserved.length,
        filesChangedOutsideMethods: impact.elsewhere,
      },
    });
  },
};
