/**
 * Deployment markers as a panel shows them: what the host sends with a panel's data and
 * the webview draws on every time chart, lists in the table view and writes in the exports. Shared by
 * the host and the webview, so no `vscode` and no import. Every text field is foreign text (from the
 * account): the webview draws it on the canvas or sets it as text, never as HTML.
 */
export interface DeploymentMarker {
  /** The service's id of the deployment: a click on its marker opens What Moved at it (src/panels/panelActions.ts). */
  id?: string;
  /** Ms since the epoch. */
  time: number;
  revision: string;
  /** The revision as the marker's label shows it (7 characters of a SHA). */
  short: string;
  user?: string;
  description?: string;
  changelog?: string;
  /** The webview does not read it: NerdGraph's commit, which What Moved reads before the revision. */
  commit?: string;
}

/** The most markers a panel gets: beyond this the lines would only paint the chart. */
export const MAX_MARKERS = 100;

/** The Deployments table of the table view and the exports: one row per marker, newest first. */
export function deploymentRows(markers: readonly DeploymentMarker[]): Array<[string, string, string, string, string]> {
  return markers.map((m) => [
    new Date(m.time).toISOString(),
    m.revision,
    m.user ?? '',
    m.description ?? '',
    m.changelog ?? '',
  ]);
}
