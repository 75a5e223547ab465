/**
 * What an error or transaction panel's loader gets to show errors: the error details service's answers
 * (src/errors/errorDetails.ts), NRQL in the connection's account for the per-minute chart, and where each
 * frame of a stack opens in the folder bound to the application. No `vscode`: the host builds it.
 */
import type { NrqlResult } from '../api/nerdgraph/nrqlQuery';
import type { TimeRange } from '../api/timeRange';
import type { ErrorApplication, ErrorClassesAnswer, StackAnswer } from '../errors/errorModel';
import type { StackFrame } from '../errors/stackFrame';

/** A frame's file and line in the bound folder. */
export interface FrameTarget {
  /** The file, as the host opens it (a `vscode.Uri` string). */
  uri: string;
  /** As shown: the path within its folder. */
  relativePath: string;
  /** One-based. */
  line: number;
}

export interface PanelErrorSource {
  classes(app: ErrorApplication, range: TimeRange, signal?: AbortSignal): Promise<ErrorClassesAnswer>;
  latestStack(
    app: ErrorApplication,
    errorClass: string,
    transactionName: string,
    range: TimeRange,
    signal?: AbortSignal,
  ): Promise<StackAnswer>;
  /** NRQL in the connection's account; undefined when the connection has no NerdGraph access. */
  runNrql?(nrql: string, signal?: AbortSignal): Promise<NrqlResult>;
  /**
   * Each frame's file and line in the folder bound to the application (undefined: the folder lacks it);
   * `bound` false when no folder of the workspace is bound to it.
   */
  locate(
    app: ErrorApplication,
    frames: readonly StackFrame[],
  ): Promise<{ bound: boolean; targets: Array<FrameTarget | undefined> }>;
}
