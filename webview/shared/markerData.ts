/** The deployment markers of a 'data' message, checked one by one (a bad one is dropped, not the panel). */
import type { DeploymentMarker } from '../../src/panels/deploymentMarkers';
import { MAX_MARKERS } from '../../src/panels/deploymentMarkers';

const TEXT_LIMIT = 2000;

/**
 * Controls and the invisible characters that reorder or hide text (bidi overrides and isolates,
 * zero-width characters, the BOM), as src/util/safeText.ts removes them; newlines stay (changelogs).
 * A user `eve\u202egnp.exe` would otherwise be drawn as "eveexe.png".
 */
const INVISIBLE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff]/g;

function text(v: unknown): string | undefined {
  const s = typeof v === 'string' ? v.replace(INVISIBLE, '').slice(0, TEXT_LIMIT) : '';
  return s !== '' ? s : undefined;
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
