/**
 * The Errors group of an application: its error classes over the tree's window from the error details
 * service (one NRQL request per application and refresh interval, shared with the diagnostics and the
 * panels), then the group's rows, or what stands in for them.
 */
import * as vscode from 'vscode';

import { transactionWindow } from '../api/transactionStats';
import type { ErrorApplication, ErrorClassesAnswer } from '../errors/errorModel';
import type { TimeRange } from '../api/timeRange';
import type { ApplicationNode } from './applicationNode';
import { ErrorClassNode, ErrorsGroupNode } from './errorNodes';
import type { MonitorNode } from './nodes';
import { MessageNode } from './nodes';
import { TREE_TRANSACTIONS_MINUTES } from './treeWindows';

/** The error details the tree needs. */
export interface TreeErrorSource {
  classes(app: ErrorApplication, range: TimeRange, signal?: AbortSignal): Promise<ErrorClassesAnswer>;
}

/** The application's Errors group, with its classes asked (a failure shows inside the group). */
export async function errorsGroup(
  source: TreeErrorSource,
  node: ApplicationNode,
  now = Date.now(),
): Promise<ErrorsGroupNode> {
  const window = transactionWindow(now, TREE_TRANSACTIONS_MINUTES);
  try {
    const answer = await source.classes(
      { id: node.app.id, language: node.app.language },
      { from: new Date(window.from), to: new Date(window.to) },
    );
    return new ErrorsGroupNode(
      node,
      answer.kind === 'classes'
        ? { kind: 'classes', rows: answer.rows }
        : { kind: 'needsNerdGraph', message: answer.message },
    );
  } catch (e) {
    return new ErrorsGroupNode(node, { kind: 'failed', error: e ?? new Error('failed') });
  }
}

/** The group's rows; a failure's rows come from the provider's error nodes (`errorNodes`). */
export function errorClassNodes(
  group: ErrorsGroupNode,
  errorNodes: (parentId: string, e: unknown) => MonitorNode[],
  now = Date.now(),
): MonitorNode[] {
  const state = group.state;
  switch (state.kind) {
    case 'failed':
      return errorNodes(group.id, state.error);
    case 'needsNerdGraph':
      return [new MessageNode(`${group.id}/needsNerdGraph`, state.message, 'info')];
    case 'classes':
      return state.rows.length > 0
        ? state.rows.map((r) => new ErrorClassNode(group, r, now))
        : [
            new MessageNode(
              `${group.id}/empty`,
              vscode.l10n.t('No errors in the last {0} minutes', TREE_TRANSACTIONS_MINUTES),
              'info',
            ),
          ];
  }
}
