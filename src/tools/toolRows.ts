/**
 * The rows several tools share: an application's figures, a deployment with its before/after change,
 * an open alert. Numbers in the views' units, foreign text through `foreign`. Pure (no `vscode`).
 */
import type { Deployment } from '../api/deployments';
import type { OpenAlert } from '../api/openAlerts';
import type { Application, ApplicationSummary } from '../api/types';
import type { DeploymentChange } from '../panels/deploymentChange';
import { foreign, isoMinute, rounded } from './toolAnswer';

/** The line that says what the figures' names mean. */
export const UNITS_NOTE =
  'Units: responseTimeMs in ms, throughputRpm in calls per minute, errorRatePercent in % of calls, apdex a score from 0 to 1.';

/** A summary's figures (the tree's, the dashboard's tiles). */
export function summaryRow(s: ApplicationSummary) {
  return {
    apdex: rounded(s.apdexScore),
    apdexTargetS: s.apdexTarget,
    responseTimeMs: rounded(s.responseTime, 1),
    throughputRpm: rounded(s.throughput, 1),
    errorRatePercent: rounded(s.errorRate * 100),
  };
}

/** One application with the service's rolling summary, as the tree shows it. */
export function applicationRow(app: Application) {
  return {
    id: app.id,
    name: foreign(app.name),
    language: foreign(app.language),
    health: app.healthStatus,
    reporting: app.reporting,
    ...(app.summary ? summaryRow(app.summary) : {}),
  };
}

/** The units of the change's figures (the dashboard charts'). */
const CHANGE_FIELDS = {
  responseTime: 'responseTimeMs',
  throughput: 'throughputRpm',
  errorRate: 'errorRatePercent',
  apdex: 'apdex',
} as const;

/** A deployment, and (when measured) the panels' before/after change around it. */
export function deploymentRow(d: Deployment, change?: DeploymentChange | null) {
  return {
    time: isoMinute(d.time),
    revision: foreign(d.revision),
    ...(d.user ? { user: foreign(d.user) } : {}),
    ...(d.description ? { description: foreign(d.description) } : {}),
    ...(change
      ? {
          change: {
            summary: change.figures.map((f) => f.text).join(', '),
            figures: change.figures.map((f) => ({
              figure: CHANGE_FIELDS[f.id],
              before: rounded(f.before),
              after: rounded(f.after),
            })),
          },
        }
      : change === null
        ? { change: 'not measured: the windows around it are too short or hold no calls' }
        : {}),
  };
}

/** An open alert (its title, condition and policy are foreign). */
export function alertRow(a: OpenAlert) {
  return {
    applicationId: a.applicationId,
    priority: a.priority,
    openedAt: isoMinute(a.openedAt),
    title: foreign(a.title),
    ...(a.conditionName ? { condition: foreign(a.conditionName) } : {}),
    ...(a.policyName ? { policy: foreign(a.policyName) } : {}),
  };
}
