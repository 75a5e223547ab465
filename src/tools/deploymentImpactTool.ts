// What Moved at a Deployment for the agent (docs/impact.md).
import type { Deployment } from '../api/deployments';
import { RECENT_DEPLOYMENT_DAYS } from '../api/deployments';
import { methodLabel } from '../impact/changeImpact';
import type { DeploymentCodeAnswer, MovedCode, RangeCommit } from '../impact/deploymentCode';
import { loadDeploymentImpact } from '../impact/impactLoader';
import type { MovementRow, WindowNumbers } from '../impact/movement';
import { errorRateOf } from '../impact/movement';
import { MIN_CALLS_PER_WINDOW } from '../impact/thresholds';
import { answer, describeWindow, foreign, isoMinute, recordAnswer, rounded } from './toolAnswer';
import {
  APPLICATION_FIELDS,
  applicationRef,
  inputObject,
  optionalInteger,
  optionalText,
  ToolInputError,
} from './toolInput';
import { resolveApplication } from './toolTarget';
import type { TimesliceTool, ToolContext } from './toolTypes';

export const MAX_IMPACT_ROWS = 25;
export const MAX_ELSEWHERE_FILES = 20;
const MAX_LISTED_DEPLOYMENTS = 10;
const MAX_DAYS = 90;
const DAY = 86_400_000;

const UNITS =
  'Units: timeMsPerMinute is server time consumed per minute (average response time × throughput), responseTimeMs the average in ms, throughputRpm calls per minute, errorRatePercent % of calls; change is after − before. status: worse, better, unchanged, or tooFewCalls (a window had fewer than ' +
  `${MIN_CALLS_PER_WINDOW} calls: no verdict). signals: per measure, the named thresholds passed and failed; moved when all pass.`;

/** The deployment `revision` names (the revision or its commit, exactly or as a SHA's prefix), or the latest. */
function pickDeployment(list: readonly Deployment[], revision: string | undefined): Deployment {
  if (!revision) return list[0];
  const wanted = revision.toLowerCase();
  const exact = list.filter((d) => d.revision.toLowerCase() === wanted || d.commit?.toLowerCase() === wanted);
  const prefixed = /^[0-9a-f]{7,}$/.test(wanted)
    ? list.filter((d) => [d.revision, d.commit ?? ''].some((r) => r.toLowerCase().startsWith(wanted)))
    : [];
  const found = exact.length > 0 ? exact : prefixed;
  if (found.length > 0 && new Set(found.map((d) => d.revision)).size === 1) return found[0];
  const listed = found.length > 0 ? found : list;
  throw new ToolInputError(
    found.length > 0
      ? 'The "revision" given names several deployments: give one of the candidates\' revisions in full.'
      : 'No deployment in the range has the "revision" given: give one of the candidates\' revisions, or more "days".',
    {
      given: foreign(revision),
      candidates: listed
        .slice(0, MAX_LISTED_DEPLOYMENTS)
        .map((d) => ({ revision: foreign(d.revision), time: isoMinute(d.time) })),
      more: Math.max(0, listed.length - MAX_LISTED_DEPLOYMENTS),
    },
  );
}

function side(w: WindowNumbers) {
  return {
    calls: w.callCount,
    responseTimeMs: rounded(w.averageMs, 1),
    throughputRpm: rounded(w.callsPerMinute, 1),
    errorRatePercent: rounded(errorRateOf(w) * 100),
  };
}

const commitsOf = (commits: readonly RangeCommit[]) =>
  commits.map((c) => ({ sha: foreign(c.sha), subject: foreign(c.subject) }));

function codeOf(moved: MovedCode | undefined) {
  if (!moved) return {};
  if (moved.methods.length === 0) return { code: 'its code did not change in this range' };
  return {
    code: moved.methods.map((m) => ({
      method: foreign(methodLabel(m.change)),
      file: foreign(m.change.path),
      line: m.change.method.line + 1,
      change: m.change.kind,
      commits: commitsOf(m.commits),
      ...(m.perFile ? { commitsAreTheFiles: true } : {}),
    })),
  };
}

function row(r: MovementRow, code: DeploymentCodeAnswer | undefined) {
  const moved = code?.kind === 'code' ? code.code.moved.find((m) => m.name === r.name) : undefined;
  return {
    name: foreign(r.name),
    ...(r.kind ? { kind: r.kind } : {}),
    status: r.status,
    before: side(r.before),
    after: side(r.after),
    change: {
      timeMsPerMinute: rounded(r.time.change, 0),
      ...(r.time.relative !== undefined ? { timePercent: rounded(r.time.relative * 100, 1) } : {}),
      responseTimeMs: rounded(r.average.change, 1),
      errorRatePoints: rounded(r.errorRate.change * 100),
      ...(r.apdex ? { apdex: rounded(r.apdex.change) } : {}),
    },
    signals: r.signals.map((s) => ({
      measure: s.measure,
      direction: s.direction,
      moved: s.moved,
      passes: s.passes,
      fails: s.fails,
    })),
    ...codeOf(moved),
  };
}

function codeSection(code: DeploymentCodeAnswer | undefined) {
  if (!code) return undefined;
  if (code.kind === 'none') {
    return {
      compared: false,
      why: code.messages.map((m) => foreign(m)),
      ...(code.pick ? { userMayPick: 'the user can pick the two commits in What Moved (Pick the Two Commits…)' } : {}),
    };
  }
  const elsewhere = code.code.elsewhere;
  return {
    compared: true,
    from: code.from.slice(0, 12),
    to: code.to.slice(0, 12),
    changedElsewhere: elsewhere
      .slice(0, MAX_ELSEWHERE_FILES)
      .map((f) => ({ file: foreign(f.path), commits: f.commits.map((c) => foreign(c.sha)) })),
    changedElsewhereMore: Math.max(0, elsewhere.length - MAX_ELSEWHERE_FILES),
  };
}

async function deploymentsAround(ctx: ToolContext, appId: number, days: number, now: number) {
  const from = now - days * DAY;
  return ctx.session.deployments.get(appId, { from: new Date(from), to: new Date(now) }, ctx.signal);
}

export const deploymentImpactTool: TimesliceTool = {
  name: 'timeslice_deployment_impact',
  async run(input, ctx) {
    const fields = inputObject(input, [...APPLICATION_FIELDS, 'revision', 'days']);
    const revision = optionalText(fields, 'revision', 127);
    const days = optionalInteger(fields, 'days', 1, MAX_DAYS) ?? RECENT_DEPLOYMENT_DAYS;
    const app = await resolveApplication(applicationRef(fields), ctx);
    const now = ctx.now();
    const list = await deploymentsAround(ctx, app.id, days, now);
    if (list.length === 0) {
      throw new ToolInputError(`Application ${app.id} has no deployments in the last ${days} days: give more "days".`);
    }
    const d = pickDeployment(list, revision);
    // The neighbours clip the windows: the list reaches a day before the deployment, as What Moved's does.
    const deployments =
      d.time - DAY < now - days * DAY ? await deploymentsAround(ctx, app.id, (now - d.time) / DAY + 1, now) : list;
    const application = { id: app.id, name: app.name, language: app.language };
    const impact = await loadDeploymentImpact(
      ctx.session.api,
      { application, deployment: d, deployments, now },
      { signal: ctx.signal, metricNames: ctx.session.metricNames },
    );
    const deployment = {
      revision: foreign(d.revision),
      ...(d.commit ? { commit: foreign(d.commit) } : {}),
      time: isoMinute(d.time),
      ...(d.user ? { user: foreign(d.user) } : {}),
      ...(impact.previous
        ? { previous: { revision: foreign(impact.previous.revision), time: isoMinute(impact.previous.time) } }
        : {}),
    };
    if (impact.kind === 'tooEarly') {
      return recordAnswer({
        heading: `What moved at a deployment of application ${app.id}: less than a whole minute has passed since it, nothing to compare yet`,
        record: { deployment },
      });
    }
    const moved = impact.rows.flatMap((r) =>
      r.status === 'worse' || r.status === 'better' ? [{ name: r.name, status: r.status }] : [],
    );
    const code = await ctx.deploymentCode(
      { applicationId: app.id, agentLanguage: app.language, previous: impact.previous, current: d, moved },
      ctx.signal,
    );
    const { windows, verdict } = impact;
    return answer({
      heading: `What moved at a deployment of application ${app.id}: its transactions ranked by how much they moved (worse, better, unchanged, too few calls), with the code of the deployment's range`,
      range: `before ${describeWindow(windows.before.from, windows.before.to)}, after ${describeWindow(windows.after.from, windows.after.to)} (the deployment's minute left out)`,
      notes: [
        UNITS,
        'code (moved rows): the changed methods that serve the transaction, line 1-based after the change, with the commits that touched the method (commitsAreTheFiles: those of its file).',
      ],
      key: 'transactions',
      rows: impact.rows.map((r) => row(r, code)),
      maxRows: MAX_IMPACT_ROWS,
      narrowHint: 'the first ones moved the most',
      extra: {
        deployment,
        verdict: {
          verdict: verdict.verdict,
          message: verdict.message,
          restsOn: verdict.restsOn.slice(0, MAX_IMPACT_ROWS).map((r) => foreign(r.name)),
          coveragePercent: rounded(verdict.coverage * 100, 1),
        },
        code: codeSection(code),
      },
    });
  },
};
