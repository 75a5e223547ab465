/** The deployment markers of a 'data' message, checked one by one (a bad one is dropped, not the panel). */
import type { DeploymentMarker } from '../../src/panels/deploymentMarkers';
import { MAX_MARKERS } from '../../src/panels/deploymentMarkers';

const TEXT_LIMIT = 2000;

function text(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v.slice(0, TEXT_LIMIT) : undefined;
}

export function readMarkers(v: unknown): DeploymentMarker[] | undefined {
  if (!Array.isArray(v)) {
    return undefined;
  }
  const out: DeploymentMarker[] = [];
  for (const m of v.slice(0, MAX_MARKERS) as unknown[]) {
    const r = typeof m === 'object' && m !== null ? (m as Record<string, unknown>) : {};
    const revision = text(r.revision);
    if (typeof r.time !== 'number' || !Number.isFinite(r.time) || revision === undefined) {
      continue;
    }
    out.push({
      time: r.time,
      revision,
      short: text(r.short) ?? revision.slice(0, 12),
      user: text(r.user),
      description: text(r.description),
      changelog: text(r.changelog),
    });
  }
  return out;
}
