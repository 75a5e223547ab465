// The one place every chart gets its open-alert markers from, as panelDeployments.ts is for deployments.
import type { OpenAlertsCache } from '../api/openAlertsCache';
import type { AlertMarker } from './alertMarker';
import { MAX_ALERT_MARKERS } from './alertMarker';
import type { OnOlderMarkers } from './panelDeployments';
import { applicationMarkers } from './panelDeployments';
import type { PanelEntity } from './protocol';

/** Undefined for a typed NRQL query; a failure shows no alert markers rather than no chart. */
export function panelAlerts(
  cache: Pick<OpenAlertsCache, 'answer'> | undefined,
  entity: PanelEntity,
  signal?: AbortSignal,
  onOlder?: OnOlderMarkers,
): Promise<AlertMarker[] | undefined> {
  return applicationMarkers(
    entity,
    cache && ((applicationId) => cache.answer(applicationId, signal)),
    (alerts) =>
      [...alerts]
        .sort((a, b) => b.openedAt - a.openedAt)
        .slice(0, MAX_ALERT_MARKERS)
        .map((a) => ({
          time: a.openedAt,
          title: a.title || a.conditionName || a.id,
          priority: a.priority,
          ...(a.conditionName ? { condition: a.conditionName } : {}),
        })),
    onOlder,
  );
}
