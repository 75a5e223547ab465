// VS Code calls `prepareInvocation`, shows its dialog, then `invoke` with a fresh copy of the input and no
// shared id: the prepared write is kept under tool and input and taken once, so the call writes exactly
// what the dialog showed. A failed prepare (a 429 included) is a refusal, never a write without a dialog.
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
