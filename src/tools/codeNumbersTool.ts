// Only files inside a workspace folder, in a language the lenses read and under their size cap are opened.
import { isAbsolute, normalize, posix, relative } from 'node:path';

import * as vscode from 'vscode';

import { MAX_SOURCE_BYTES } from '../code/parseSource';
import { EXTENSIONS_OF } from '../code/sourceIndex';
import { sourceLanguageOf } from '../code/symbols';
import { answer, describeWindow, foreign } from './toolAnswer';
import { inputObject, optionalText, ToolInputError } from './toolInput';
import { TRANSACTION_UNITS, transactionRow } from './transactionsTool';
import type { TimesliceTool } from './toolTypes';

export const MAX_CODE_ENTRIES = 50;

/** The file `given` names inside a workspace folder (absolute, folder-relative, or "folder/relative"), or why not. */
export async function workspaceFile(given: string | undefined): Promise<vscode.Uri> {
  if (given === undefined) {
    const active = vscode.window.activeTextEditor?.document.uri;
    if (!active || active.scheme !== 'file') {
      throw new ToolInputError('No file is open in the editor: give "path", a file of the workspace.');
    }
    return active;
  }
  const folders = vscode.workspace.workspaceFolders ?? [];
  const candidates = isAbsolute(given)
    ? [vscode.Uri.file(normalize(given))]
    : folders.flatMap((f) => {
        const [first, ...rest] = given.split(/[\\/]+/);
        return [
          vscode.Uri.joinPath(f.uri, posix.normalize(given.replace(/\\/g, '/'))),
          ...(first === f.name && rest.length > 0 ? [vscode.Uri.joinPath(f.uri, ...rest)] : []),
        ];
      });
  for (const uri of candidates) {
    const folder = vscode.workspace.getWorkspaceFolder(uri);
    // Inside its folder after normalizing: "../" cannot leave the workspace.
    if (!folder || relative(folder.uri.fsPath, uri.fsPath).startsWith('..')) {
      continue;
    }
    try {
      if ((await vscode.workspace.fs.stat(uri)).type & vscode.FileType.File) {
        return uri;
      }
    } catch {
      // Not in this folder: try the next.
    }
  }
  // The path is not echoed: the model has it, and it is foreign text.
  throw new ToolInputError(`"path" is not a file of the workspace's folders.`);
}

// Checked before opening, which loads the whole file into the extension host.
export async function sourceFile(uri: vscode.Uri): Promise<vscode.Uri> {
  if (sourceLanguageOf(uri.path) === undefined) {
    throw new ToolInputError(
      `The file is not in a language the lenses read (${Object.values(EXTENSIONS_OF)
        .flat()
        .map((e) => `.${e}`)
        .join(', ')}).`,
    );
  }
  const { size } = await vscode.workspace.fs.stat(uri);
  if (size > MAX_SOURCE_BYTES) {
    throw new ToolInputError(
      `The file has ${Math.ceil(size / 1024)} KB, over the ${MAX_SOURCE_BYTES / 1024} KB a source file may have for the lenses (generated or minified code).`,
    );
  }
  return uri;
}

export const codeNumbersTool: TimesliceTool = {
  name: 'timeslice_code_numbers',
  async run(input, ctx) {
    const uri = await sourceFile(await workspaceFile(optionalText(inputObject(input, ['path']), 'path', 1000)));
    const document = await vscode.workspace.openTextDocument(uri);
    const numbers = await ctx.lenses.numbersFor(document, ctx.signal);
    if ('none' in numbers) {
      throw new ToolInputError(numbers.none);
    }
    return answer({
      heading: `Methods and routes of "file" that serve transactions of application ${numbers.applicationId}`,
      range: describeWindow(numbers.from, numbers.to),
      notes: [`line is 1-based. ${TRANSACTION_UNITS}`],
      key: 'entries',
      rows: numbers.entries.map((e) => ({ line: e.line + 1, lens: foreign(e.title), ...transactionRow(e.stats) })),
      maxRows: MAX_CODE_ENTRIES,
      narrowHint: 'the first ones are nearest the top of the file',
      extra: { file: foreign(vscode.workspace.asRelativePath(uri)) },
    });
  },
};
