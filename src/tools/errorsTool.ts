// Through the diagnostics' error details and the panel's frame locator, so the answer is what the
// Problems panel shows.
import * as vscode from 'vscode';

import { transactionWindow } from '../api/transactionStats';
import { workspaceFile } from './codeNumbersTool';
import {
  ERRORS_NOTES,
  errorClassRow,
  errorsInput,
  isTransaction,
  MAX_ERROR_CLASSES,
  NEEDS_NERDGRAPH_TEXT,
  topFrame,
} from './errorClassRows';
import { answer, describeWindow, foreign } from './toolAnswer';
import { ToolInputError } from './toolInput';
import { resolveApplication } from './toolTarget';
import type { TimesliceTool } from './toolTypes';

export const errorsTool: TimesliceTool = {
  name: 'timeslice_errors',
  async run(input, ctx) {
    const given = errorsInput(input);
    const file = given.path === undefined ? undefined : await workspaceFile(given.path);
    const app = await resolveApplication(given.application, ctx);
    const errorApp = { id: app.id, language: app.language };
    const window = transactionWindow(ctx.now(), given.minutes ?? ctx.errors.minutes());
    const range = { from: new Date(window.from), to: new Date(window.to) };
    const classes = await ctx.errors.details.classes(errorApp, range, ctx.signal);
    if (classes.kind !== 'classes') {
      throw new ToolInputError(NEEDS_NERDGRAPH_TEXT);
    }
    const { transaction } = given;
    const all =
      transaction === undefined
        ? classes.rows
        : classes.rows.filter((r) => isTransaction(r, app.language, transaction));
    // The stacks of the most frequent classes only (MAX_ERROR_CLASSES): a file's are among them.
    const read = all.slice(0, MAX_ERROR_CLASSES);
    const rows = [];
    for (const row of read) {
      const stack = await ctx.errors.details.latestStack(
        errorApp,
        row.errorClass,
        row.transactionName,
        range,
        ctx.signal,
      );
      const frames = stack.kind === 'stack' ? stack.frames : [];
      const located = await ctx.errors.locate(errorApp, frames, ctx.signal);
      const top = topFrame(frames, located.targets);
      const inFile = top?.inWorkspace === true && located.targets[top.index]?.uri === file?.toString();
      if (!file || inFile) {
        rows.push(errorClassRow(row, app.language, stack, top));
      }
    }
    // What the call named is foreign text: only inside the JSON, under the data notice.
    const about = file ? ' whose top in-app frame is in "file"' : transaction !== undefined ? ' of "transaction"' : '';
    const named = file
      ? { file: foreign(vscode.workspace.asRelativePath(file)) }
      : transaction !== undefined
        ? { transaction: foreign(transaction) }
        : undefined;
    return answer({
      heading: `Error classes of application ${app.id}${about} (most frequent first)`,
      range: describeWindow(window.from, window.to),
      notes: [
        ...ERRORS_NOTES,
        ...(file && all.length > read.length
          ? [`Only the ${read.length} most frequent of ${all.length} classes were looked at for the file.`]
          : []),
      ],
      key: 'errors',
      // The unread ones count as "more" (maxRows stops before them).
      rows: file
        ? rows
        : [...rows, ...all.slice(read.length).map((r) => errorClassRow(r, app.language, undefined, undefined))],
      maxRows: MAX_ERROR_CLASSES,
      narrowHint: 'give "transaction" or "path" to narrow',
      ...(named ? { extra: named } : {}),
    });
  },
};
