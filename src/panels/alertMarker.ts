/**
 * Open-alert markers as a panel shows them: what the host sends with a panel's data and the webview
 * draws on every time chart (in another style than a deployment), lists in the table view and writes in
 * the exports. Shared by the host and the webview, so no `vscode` and no import.
 */
/** When an open alert of the application started. `title` and `condition` are foreign text, like a deployment's. */
export interface AlertMarker {
  /** Ms since the epoch. */
  time: number;
  title: string;
  /** critical, high, medium, low or warning. */
  priority: string;
  condition?: string;
}

/** The most alert markers a panel gets (the newest). */
export const MAX_ALERT_MARKERS = 50;

/** The Open alerts table of the table view and the exports: one row per marker (time ISO UTC, priority, title, condition), titles whole. */
export function alertRows(markers: readonly AlertMarker[]): Array<[string, string, string, string]> {
  return markers.map((m) => [new Date(m.time).toISOString(), m.priority, m.title, m.condition ?? '']);
}
