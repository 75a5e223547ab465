// Whatever the extension registers is offered to the agent with no setup (`vscode.lm.registerTool`, 1.95).
// A refused input, a missing key or a failed request is one sentence, never a throw; every answer passes
// the key guard.
import * as vscode from 'vscode';

import type { TransactionLensProvider } from '../code/transactionLensProvider';
import type { ChangeImpactLoader } from '../tree/changeImpactLoad';
import type { Config } from '../config';
import { CONTEXT } from '../constants';
import type { Logger } from '../log';
import type { ConnectionManager } from '../session/connectionManager';
import type { BoundAppsPoller } from '../status/boundAppsPoller';
import type { BindingRegion } from '../status/binding';
import type { WorkspaceBindings } from '../status/workspaceBinding';
import { Disposable } from '../util/lifecycle';
import { ConfirmedWrites } from './confirmedWrites';
import { withoutSecrets } from './toolAnswer';
import { noConnectionText, toolErrorText } from './toolErrors';
import type { AnyTool, ToolContext, ToolErrorSource, WriteTool } from './toolTypes';

export interface LanguageModelToolsDeps {
  tools: readonly AnyTool[];
  config: Config;
  connections: ConnectionManager;
  region: () => BindingRegion | undefined;
  bindings: WorkspaceBindings;
  poller: BoundAppsPoller;
  lenses: TransactionLensProvider;
  changes: ChangeImpactLoader;
  deploymentCode: ToolContext['deploymentCode'];
  errors: ToolErrorSource;
  /** Every key the session knows, the demo's included: none may reach an answer. */
  secrets: () => readonly string[];
  afterWrite: (applicationId: number) => void;
  log: Logger;
}

export class LanguageModelTools extends Disposable {
  private readonly writes = new ConfirmedWrites();

  constructor(private readonly deps: LanguageModelToolsDeps) {
    super();
    for (const tool of deps.tools) {
      this._register(
        vscode.lm.registerTool<unknown>(tool.name, {
          invoke: (options, token) => this.invoke(tool, options.input, token),
          ...('prepare' in tool
            ? { prepareInvocation: (options, token) => this.prepare(tool, options.input, token) }
            : {}),
        }),
      );
    }
    // Hidden (their when clause) while Timeslice has nothing to offer: no connection, or switched off.
    const offer = () =>
      void vscode.commands.executeCommand(
        'setContext',
        CONTEXT.toolsOffered,
        deps.config.toolsEnabled && deps.connections.current !== undefined,
      );
    offer();
    this._register(deps.connections.onDidChangeSession(offer));
    this._register(deps.config.onDidChange(offer));
  }

  private async withContext<T>(
    token: vscode.CancellationToken,
    run: (ctx: ToolContext) => Promise<T>,
    refused: (text: string) => T,
  ): Promise<T> {
    const { deps } = this;
    if (!deps.config.toolsEnabled) {
      return refused("Error: Timeslice's tools are switched off (the setting timeslice.tools.enabled).");
    }
    const session = deps.connections.current;
    const region = deps.region();
    if (!session || !region) {
      return refused(noConnectionText(deps.connections.state));
    }
    const abort = new AbortController();
    const cancel = token.onCancellationRequested(() => abort.abort());
    const ended = () => abort.abort();
    session.signal.addEventListener('abort', ended);
    try {
      return await run({
        session,
        region,
        bindings: deps.bindings,
        poller: deps.poller,
        lenses: deps.lenses,
        changes: deps.changes,
        deploymentCode: deps.deploymentCode,
        errors: deps.errors,
        signal: abort.signal,
        now: () => Date.now(),
        deploymentsAllowed: deps.config.toolsAllowDeployments,
        afterWrite: deps.afterWrite,
      });
    } finally {
      cancel.dispose();
      session.signal.removeEventListener('abort', ended);
    }
  }

  private async invoke(
    tool: AnyTool,
    input: unknown,
    token: vscode.CancellationToken,
  ): Promise<vscode.LanguageModelToolResult> {
    const started = Date.now();
    const text = await this.withContext(
      token,
      (ctx) =>
        ('run' in tool ? tool.run(input, ctx) : this.writes.invoke(tool, input, ctx)).catch((e: unknown) => {
          this.deps.log.warn(`tool ${tool.name}: ${e instanceof Error ? e.message : String(e)}`);
          return toolErrorText(e);
        }),
      (refused) => refused,
    );
    this.deps.log.info(`tool ${tool.name}: ${text.length} characters in ${Date.now() - started} ms`);
    const safe = withoutSecrets(text, this.deps.secrets());
    return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(safe)]);
  }

  /** A write's confirmation; none when the input is refused, the write is off or preparing failed (`invoke` then says why). */
  private async prepare(
    tool: WriteTool,
    input: unknown,
    token: vscode.CancellationToken,
  ): Promise<vscode.PreparedToolInvocation | undefined> {
    const confirmation = await this.withContext(
      token,
      (ctx) => this.writes.prepare(tool, input, ctx),
      () => undefined,
    );
    return confirmation && { confirmationMessages: confirmation };
  }
}
