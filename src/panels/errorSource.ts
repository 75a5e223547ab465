// No `vscode`: the host builds it.
import type { NrqlResult } from '../api/nerdgraph/nrqlQuery';
import type { TimeRange } from '../api/timeRange';
import type { ErrorApplication, ErrorClassesAnswer, StackAnswer } from '../errors/errorModel';
import type { StackFrame } from '../errors/stackFrame';

export interface FrameTarget {
  uri: string;
  relativePath: string;
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
  runNrql?(nrql: string, signal?: AbortSignal): Promise<NrqlResult>;
  /** Undefined: the folder lacks it; `bound` false when no folder is bound to the application. */
  locate(
    app: ErrorApplication,
    frames: readonly StackFrame[],
  ): Promise<{ bound: boolean; targets: Array<FrameTarget | undefined> }>;
}
