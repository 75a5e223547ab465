/**
 * Open alerts, one model for REST v2 `alerts_violations.json` and NerdGraph `aiIssues` (docs/service.md#open-alerts):
 * a red application's CRITICAL opened three days ago is still open, so a 24-hour search window misses it.
 */
import type { Dataset, SimApp } from './dataset';

/** REST's `entity.product` / `entity.type` values are not documented; these read `ambitioninc/newrelic-api`'s examples (docs/service.md#open-alerts). */
export const VIOLATION_ENTITY = { product: 'Apm', type: 'Application' } as const;

export interface SimViolation {
  id: number;
  app: SimApp;
  label: string;
  conditionName: string;
  policyName: string;
  priority: 'Critical' | 'Warning';
  openedAt: number;
  closedAt?: number;
}

const HOUR = 3_600_000;
const HOSTILE_APP_NAME = '<img src=x onerror=alert(1)> & "q"';

export function violations(dataset: Dataset, now: number): SimViolation[] {
  const out: SimViolation[] = [];
  for (const app of dataset.apps) {
    const id = (k: number) => 700_000_000 + (app.id % 1_000_000) * 10 + k;
    const hostile = app.name === HOSTILE_APP_NAME;
    const make = (k: number, priority: SimViolation['priority'], openedAgo: number, closedAgo?: number) =>
      out.push({
        id: id(k),
        app,
        label: `${app.name}: ${priority === 'Critical' ? 'Apdex < 0.7' : 'Response time > 500 ms'}`,
        conditionName: hostile
          ? '[Open terminal](command:workbench.action.terminal.new) <b>x</b>'
          : priority === 'Critical'
            ? 'Apdex too low'
            : 'Slow responses',
        policyName: hostile ? 'policy \u202egnp.exe' : `${app.language} services`,
        priority,
        openedAt: now - openedAgo,
        closedAt: closedAgo === undefined ? undefined : now - closedAgo,
      });
    if (!app.reporting) {
      continue;
    }
    if (app.health === 'red') {
      make(1, 'Critical', 3 * 24 * HOUR);
      make(2, 'Critical', 20 * 60_000);
    } else if (app.health === 'orange' || hostile) {
      make(3, 'Warning', 2 * HOUR);
    }
    make(4, 'Warning', 30 * HOUR, 28 * HOUR);
  }
  return out;
}

/** `opened_at` / `closed_at` in epoch ms, as client-go's `EpochTime` reads them (docs/service.md#open-alerts). */
export function violationRecord(v: SimViolation): Record<string, unknown> {
  const end = v.closedAt ?? undefined;
  return {
    id: v.id,
    label: v.label,
    duration: Math.round(((end ?? v.openedAt) - v.openedAt) / 1000),
    policy_name: v.policyName,
    condition_name: v.conditionName,
    priority: v.priority,
    opened_at: v.openedAt,
    ...(v.closedAt === undefined ? {} : { closed_at: v.closedAt }),
    entity: { ...VIOLATION_ENTITY, group_id: v.app.alertPolicyId ?? 0, id: v.app.id, name: v.app.name },
    links: { policy_id: v.app.alertPolicyId ?? 0, condition_id: 800_000 + (v.id % 1000), incident_id: v.id + 1 },
  };
}

/** The REST answer's items: `only_open=true` keeps the open ones; `start_date`/`end_date` keep those overlapping. */
export function violationItems(dataset: Dataset, now: number, params: URLSearchParams): Array<Record<string, unknown>> {
  const onlyOpen = params.get('only_open') === 'true';
  const start = Date.parse(params.get('start_date') ?? '');
  const end = Date.parse(params.get('end_date') ?? '');
  return violations(dataset, now)
    .filter(
      (v) =>
        (!onlyOpen || v.closedAt === undefined) &&
        (Number.isNaN(end) || v.openedAt <= end) &&
        (Number.isNaN(start) || (v.closedAt ?? Infinity) >= start),
    )
    .sort((a, b) => b.openedAt - a.openedAt)
    .map(violationRecord);
}
