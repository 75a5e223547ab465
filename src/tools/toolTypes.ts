/**
 * What a language-model tool is to the registration (languageModelTools.ts) and what it gets to answer
 * with: the current session (its client, limiter and caches, shared with the views), the workspace's
 * bindings and the lenses' numbers. One tool per module; toolList.ts lists them.
 */
import type { TransactionLensProvider } from '../code/transactionLensProvider';
import type { ChangeImpactLoader } from '../tree/changeImpactLoad';
import type { DeploymentCodeQuery } from '../tree/deploymentCodeLoad';
import type { DeploymentCodeAnswer } from '../impact/deploymentCode';
import type { ErrorDetails } from '../errors/errorDetails';
import type { ErrorApplication } from '../errors/errorModel';
import type { StackFrame } from '../errors/stackFrame';
import type { FrameTarget } from '../panels/errorSource';
import type { ConnectionSession } from '../session/connectionSession';
import type { BoundAppsPoller } from '../status/boundAppsPoller';
import type { BindingRegion } from '../status/binding';
import type { WorkspaceBindings } from '../status/workspaceBinding';

export interface ToolContext {
  session: ConnectionSession;
  /** The region the session queries ('demo' for the demo): a binding of another region is not its application. */
  region: BindingRegion;
  bindings: Pick<WorkspaceBindings, 'active' | 'all'>;
  poller: Pick<BoundAppsPoller, 'snapshot'>;
  /** The lenses' numbers for one file (code tools). */
  lenses: Pick<TransactionLensProvider, 'numbersFor'>;
  /** What a change in a bound folder will touch (the Change Impact view's loader). */
  changes: Pick<ChangeImpactLoader, 'sinceRevision'>;
  /** The code of a deployment's range in the application's bound folder (What Moved's loader). */
  deploymentCode(query: DeploymentCodeQuery, signal: AbortSignal): Promise<DeploymentCodeAnswer>;
  /** Production errors as the diagnostics and the error panel read them. */
  errors: ToolErrorSource;
  /** Cancelled with the tool call or the session. */
  signal: AbortSignal;
  now(): number;
  /** Whether the user allowed the write tool (`timeslice.tools.allowDeployments`). */
  deploymentsAllowed: boolean;
  /** After a write: the views drop what they hold of the application. */
  afterWrite(applicationId: number): void;
}

export interface ToolErrorSource {
  /** The service the diagnostics and the error panel ask (its caches are theirs). */
  details: Pick<ErrorDetails, 'classes' | 'latestStack'>;
  /** Frames in the folders bound to the application, as the error panel locates them. */
  locate(
    app: ErrorApplication,
    frames: readonly StackFrame[],
    signal: AbortSignal,
  ): Promise<{ targets: ReadonlyArray<FrameTarget | undefined> }>;
  /** The diagnostics' range (the lenses' setting), in minutes. */
  minutes(): number;
}

/** What the confirmation modal says before a write runs. */
export interface ToolConfirmation {
  title: string;
  message: string;
}

/** A tool that reads. */
export interface TimesliceTool {
  /** As declared in package.json's `contributes.languageModelTools` (`timeslice_…`, no dots). */
  readonly name: string;
  /** The answer: plain text for the model. Throws ToolInputError (a refused input) or the client's errors. */
  run(input: unknown, ctx: ToolContext): Promise<string>;
}

/** A write as the confirmation showed it: the dialog's words and the write of exactly that target. */
export interface PreparedWrite {
  confirmation: ToolConfirmation;
  /** Writes what was resolved for the confirmation (never resolved again); `ctx` gives the call's signal. */
  write(ctx: ToolContext): Promise<string>;
}

/** A tool that writes: VS Code asks the user with `prepare`'s confirmation, then the call writes it. */
export interface WriteTool {
  readonly name: string;
  /** Reads the input and resolves the target. Throws ToolInputError (refused) or the client's errors. */
  prepare(input: unknown, ctx: ToolContext): Promise<PreparedWrite>;
}

export type AnyTool = TimesliceTool | WriteTool;
