/** What a click on a chart's deployment marker asks of the host: What Moved at that deployment. No DOM, so unit tests drive it. */
import type { FromWebview } from '../../src/panels/protocol';

/** The message for a pointer event over `hovered`, the marker under it: only a click, on a marker the host named. */
export function deploymentImpactMessage(
  eventType: string,
  hovered: { id?: string } | undefined,
): FromWebview | undefined {
  return eventType === 'click' && hovered?.id ? { type: 'showDeploymentImpact', deploymentId: hovered.id } : undefined;
}
