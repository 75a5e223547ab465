// Open-alert markers, shared by the host and the webview, so no `vscode` and no import.
/** When an open alert of the application started. `title` and `condition` are foreign text, like a deployment's. */
export interface AlertMarker {
  time: number;
  title: string;
  priority: string;
  condition?: string;
}

export const MAX_ALERT_MARKERS = 50;

export function alertRows(markers: readonly AlertMarker[]): Array<[string, string, string, string]> {
  return markers.map((m) => [new Date(m.time).toISOString(), m.priority, m.title, m.condition ?? '']);
}
