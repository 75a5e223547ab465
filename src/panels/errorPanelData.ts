// Pure: no `vscode`, no requests.
import * as l10n from '@vscode/l10n';

import { metricNameOf } from '../errors/errorDiagnosticModel';
import type { ErrorClassesAnswer, ErrorClassRow, StackAnswer } from '../errors/errorModel';
import { errorText } from '../errors/errorText';
import type { ErrorClassView, ErrorPanelData, ErrorStackView } from './errorEntity';
import { MAX_PANEL_FRAMES } from './errorEntity';
import type { FrameTarget } from './errorSource';

/** Said wherever error counts show: what they leave out, and that they are a floor (docs/errors.md#queries). */
export function errorCountsNote(): string {
  return l10n.t(
    'Expected errors are left out. Counts come from error events, which agents sample: read them as a floor.',
  );
}

export function stackView(answer: StackAnswer, targets: ReadonlyArray<FrameTarget | undefined>): ErrorStackView {
  switch (answer.kind) {
    case 'stack':
      return {
        kind: 'stack',
        message: errorText(answer.message, 'message'),
        occurredAt: answer.timestamp.toISOString(),
        frames: answer.frames.slice(0, MAX_PANEL_FRAMES).map((frame, i) => {
          const target = frame.inApp ? targets[i] : undefined;
          return {
            text: errorText(frame.text, 'frame'),
            inApp: frame.inApp,
            ...(target ? { opens: `${target.relativePath}:${target.line}` } : {}),
          };
        }),
      };
    case 'aged-out':
      return {
        kind: 'agedOut',
        message: errorText(answer.message, 'message'),
        occurredAt: answer.timestamp.toISOString(),
      };
    case 'none':
      return { kind: 'none' };
  }
}

export function transactionClasses(answer: ErrorClassesAnswer, metricName: string, language: string): ErrorPanelData {
  if (answer.kind === 'needs-nerdgraph') {
    return { kind: 'classes', rows: [], note: answer.message };
  }
  const rows = answer.rows.filter((r) => metricNameOf(language, r.transactionName) === metricName).map(classView);
  return { kind: 'classes', rows, note: errorCountsNote() };
}

function classView(row: ErrorClassRow): ErrorClassView {
  return {
    errorClass: row.errorClass,
    label: errorText(row.errorClass, 'class'),
    transactionName: row.transactionName,
    message: row.message,
    count: row.count,
    lastSeen: row.lastSeen.toISOString(),
  };
}
