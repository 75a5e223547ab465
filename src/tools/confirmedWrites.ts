/**
 * The one write's confirmation bound to its call. VS Code calls `prepareInvocation`, shows its
 * confirmation, then calls `invoke` with the same input, each through the extension host's protocol (a
 * fresh copy of the input each time, no id shared by the two). So the prepared write is kept under its
 * tool and input and the call takes it, once: it writes exactly the application, account, revision and
 * description the dialog showed, even if the active folder or a name's match changed in between. A
 * prepare that failed (a 429 included) is a refusal, never a write without a dialog. Pure (no `vscode`).
 */
import { createHash } from 'node:crypto';

import type { ConnectionSession } from '../session/connectionSession';
import { toolErrorText } from './toolErrors';
import { ToolInputError } from './toolInput';
import type { PreparedWrite, ToolConfirmation, ToolContext, WriteTool } from './toolTypes';

/** Prepared writes kept for their call: a cancelled dialog's is never taken, so the oldest go first. */
export const MAX_WAITING_WRITES = 16;

export const NOT_CONFIRMED =
  'Error: Nothing was written: no confirmation was prepared for this call; call the tool again.';

export const CONNECTION_CHANGED =
  'Error: Nothing was written: the connection changed after the confirmation; call the tool again to confirm on the new one.';

type Waiting = { session: ConnectionSession; prepared: PreparedWrite } | { refusal: string };

function keyOf(tool: WriteTool, input: unknown): string {
  return createHash('sha256')
    .update(`${tool.name}\n${JSON.stringify(input) ?? ''}`)
    .digest('hex');
}

export class ConfirmedWrites {
  private readonly waiting = new Map<string, Waiting>();

  /** The confirmation to show, remembered for the call; undefined when refused (the call then says why). */
  async prepare(tool: WriteTool, input: unknown, ctx: ToolContext): Promise<ToolConfirmation | undefined> {
    let entry: Waiting;
    try {
      entry = { session: ctx.session, prepared: await tool.prepare(input, ctx) };
    } catch (e) {
      entry = {
        refusal:
          e instanceof ToolInputError
            ? toolErrorText(e)
            : `Error: Nothing was written, because the confirmation could not be prepared: ${toolErrorText(e).replace(/^Error: /, '')}`,
      };
    }
    const key = keyOf(tool, input);
    this.waiting.delete(key);
    this.waiting.set(key, entry);
    for (const old of this.waiting.keys()) {
      if (this.waiting.size <= MAX_WAITING_WRITES) {
        break;
      }
      this.waiting.delete(old);
    }
    return 'prepared' in entry ? entry.prepared.confirmation : undefined;
  }

  /** The call after the dialog: the prepared write, taken once; without one, the refusal. */
  async invoke(tool: WriteTool, input: unknown, ctx: ToolContext): Promise<string> {
    const key = keyOf(tool, input);
    const entry = this.waiting.get(key);
    this.waiting.delete(key);
    if (!entry) {
      return NOT_CONFIRMED;
    }
    if ('refusal' in entry) {
      return entry.refusal;
    }
    return entry.session === ctx.session ? entry.prepared.write(ctx) : CONNECTION_CHANGED;
  }
}
