// docs/impact.md#verdict
import * as l10n from '@vscode/l10n';

import type { MovementRow } from './movement';
import { VERDICT_MIN_TIME_COVERAGE } from './thresholds';

export type Verdict = 'better' | 'unchanged' | 'worse' | 'notEnoughCalls';

export interface ApplicationVerdict {
  verdict: Verdict;
  /** The rows it rests on: worse → the rows that moved the wrong way; better → those that moved the right way; otherwise the rows with enough calls. */
  restsOn: MovementRow[];
  coverage: number;
  message: string;
}

export function applicationVerdict(rows: readonly MovementRow[]): ApplicationVerdict {
  const checked = rows.filter((r) => r.status !== 'tooFewCalls');
  const total = rows.reduce((sum, r) => sum + r.time.before, 0);
  const covered = checked.reduce((sum, r) => sum + r.time.before, 0);
  const coverage = total > 0 ? covered / total : 0;
  const worse = checked.filter((r) => r.status === 'worse');
  if (worse.length > 0) {
    return {
      verdict: 'worse',
      restsOn: worse,
      coverage,
      message: l10n.t(
        'Worse: {0} of {1} transactions with enough calls moved the wrong way.',
        worse.length,
        checked.length,
      ),
    };
  }
  if (checked.length === 0 || coverage < VERDICT_MIN_TIME_COVERAGE) {
    return {
      verdict: 'notEnoughCalls',
      restsOn: checked,
      coverage,
      message: l10n.t(
        "Not enough calls yet: the transactions with enough calls held {0} % of the application's time before.",
        Math.round(coverage * 100),
      ),
    };
  }
  const better = checked.filter((r) => r.status === 'better');
  if (better.length > 0) {
    return {
      verdict: 'better',
      restsOn: better,
      coverage,
      message: l10n.t(
        'Better: {0} of {1} transactions with enough calls improved, none got worse.',
        better.length,
        checked.length,
      ),
    };
  }
  return {
    verdict: 'unchanged',
    restsOn: checked,
    coverage,
    message: l10n.t('Unchanged: none of {0} transactions with enough calls moved past the thresholds.', checked.length),
  };
}
