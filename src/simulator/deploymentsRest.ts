/**
 * REST v2 deployments (docs/service.md#deployments): `GET /v2/applications/{id}/deployments.json`, newest
 * first over the last DEPLOYMENT_LIST_DAYS (paginated by the server like every list), and `POST` of
 * `{"deployment": {revision (required, ≤ 127), changelog, description, user (≤ 31), timestamp}}`.
 * Timestamps carry the account's offset, as the docs' sample does.
 */
import type { Dataset, SimApp } from './dataset';
import type { SimDeployment } from './deployments';
import {
  ACCOUNT_OFFSET_MINUTES,
  DEPLOYMENT_LIST_DAYS,
  deploymentsBetween,
  recordDeployment,
  withOffset,
} from './deployments';
import type { Answer, Region } from './restAnswer';

/** The status of a created deployment. Not documented; 201 is what a Rails `create` answers (docs/service.md#deployments). */
export const DEPLOYMENT_CREATED_STATUS = 201;

export function deploymentRecord(d: SimDeployment, region: Region): Record<string, unknown> {
  return {
    id: d.id,
    revision: d.revision,
    changelog: d.changelog,
    description: d.description,
    user: d.user,
    timestamp: withOffset(d.at, ACCOUNT_OFFSET_MINUTES[region]),
    links: { application: d.appId },
  };
}

export function deploymentList(dataset: Dataset, app: SimApp, region: Region, now: Date): Answer {
  const to = now.getTime();
  const items = deploymentsBetween(dataset, app, to - DEPLOYMENT_LIST_DAYS * 86_400_000, to);
  return {
    type: 'list',
    envelope: 'deployments',
    items: items.map((d) => deploymentRecord(d, region)),
    links: { 'deployment.agent': '/v2/applications/{application_id}' },
  };
}

function text(o: Record<string, unknown>, name: string, max: number): string | undefined {
  const v = o[name];
  if (v === undefined || v === null) {
    return undefined;
  }
  if (typeof v !== 'string' || v.length > max) {
    throw new Error(`Invalid parameter '${name}'${typeof v === 'string' ? `: at most ${max} characters` : ''}`);
  }
  return v;
}

/** The answer to a POST with `rawBody`: the recorded deployment, or 422 as the service answers a bad parameter. */
export function deploymentCreate(dataset: Dataset, app: SimApp, region: Region, rawBody: string, now: Date): Answer {
  let write: Record<string, unknown>;
  try {
    const parsed = JSON.parse(rawBody) as { deployment?: unknown };
    if (typeof parsed?.deployment !== 'object' || parsed.deployment === null) {
      return { type: 'error', status: 422, title: "Missing parameter 'deployment'" };
    }
    write = parsed.deployment as Record<string, unknown>;
  } catch {
    return { type: 'error', status: 400, title: 'The request body is not valid JSON' };
  }
  try {
    const revision = text(write, 'revision', 127);
    if (!revision) {
      return { type: 'error', status: 422, title: "Missing parameter 'revision'" };
    }
    const stamp = text(write, 'timestamp', 64);
    const at = stamp === undefined ? now.getTime() : Date.parse(stamp);
    if (Number.isNaN(at)) {
      return { type: 'error', status: 422, title: "Invalid parameter 'timestamp'" };
    }
    const d = recordDeployment(dataset, app, {
      revision,
      at,
      user: text(write, 'user', 31),
      description: text(write, 'description', 65_535),
      changelog: text(write, 'changelog', 65_535),
      source: 'api.rest.deployments.v2',
    });
    return {
      type: 'one',
      status: DEPLOYMENT_CREATED_STATUS,
      body: {
        deployment: deploymentRecord(d, region),
        links: { 'deployment.agent': '/v2/applications/{application_id}' },
      },
    };
  } catch (e) {
    return { type: 'error', status: 422, title: (e as Error).message };
  }
}
