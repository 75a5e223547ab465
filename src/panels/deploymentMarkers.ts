// Shared by host and webview (no `vscode`, no import). Every text field is foreign text: drawn on the
// canvas or set as text, never HTML.
export interface DeploymentMarker {
  /** The service's id of the deployment: a click on its marker opens What Moved at it (src/panels/panelActions.ts). */
  id?: string;
  time: number;
  revision: string;
  short: string;
  user?: string;
  description?: string;
  changelog?: string;
  /** The webview does not read it: NerdGraph's commit, which What Moved reads before the revision. */
  commit?: string;
}

/** The most markers a panel gets: beyond this the lines would only paint the chart. */
export const MAX_MARKERS = 100;

export function deploymentRows(markers: readonly DeploymentMarker[]): Array<[string, string, string, string, string]> {
  return markers.map((m) => [
    new Date(m.time).toISOString(),
    m.revision,
    m.user ?? '',
    m.description ?? '',
    m.changelog ?? '',
  ]);
}
