import * as vscode from 'vscode';

import { COMMAND } from '../constants';
import type { DeploymentImpact } from '../impact/impactLoader';
import type { ImpactViewModel } from '../impact/impactView';
import type { DeploymentCodeQuery } from '../tree/deploymentCodeLoad';
import { Disposable } from '../util/lifecycle';
import type { ImpactPageBody } from './impactHtml';
import { renderImpactPage } from './impactHtml';

export const IMPACT_VIEW_TYPE = 'timeslice.deploymentImpact';

/** What a drawn panel compared: its numbers (kept when the user picks the two commits) and its code's query. */
export interface ImpactPanelState {
  title: string;
  impact: Extract<DeploymentImpact, { kind: 'impact' }>;
  code: DeploymentCodeQuery;
  candidates: { from: readonly string[]; to: readonly string[] };
}

export class ImpactPanels extends Disposable {
  private readonly open = new Map<string, vscode.WebviewPanel>();
  private readonly closed = new WeakSet<vscode.WebviewPanel>();
  private readonly loads = new Map<string, number>();
  /** Read by the integration tests. */
  readonly shown = new Map<string, ImpactViewModel>();
  private readonly states = new Map<string, ImpactPanelState>();
  private lastActive: string | undefined;

  constructor(private readonly extensionUri: vscode.Uri) {
    super();
  }

  async show(key: string, title: string, load: () => Promise<ImpactViewModel>): Promise<ImpactViewModel> {
    const panel = this.open.get(key) ?? this.create(key, title);
    const generation = (this.loads.get(key) ?? 0) + 1;
    this.loads.set(key, generation);
    const current = () => this.loads.get(key) === generation && !this.closed.has(panel);
    panel.reveal(undefined, false);
    this.lastActive = key;
    this.shown.delete(key);
    this.draw(panel, { kind: 'loading', title });
    try {
      const model = await load();
      if (current()) {
        panel.title = model.title;
        this.draw(panel, { kind: 'view', model });
        this.shown.set(key, model);
      }
      return model;
    } catch (e) {
      if (current()) {
        this.draw(panel, { kind: 'error', title, message: e instanceof Error ? e.message : String(e) });
      }
      throw e;
    }
  }

  private create(key: string, title: string): vscode.WebviewPanel {
    const panel = vscode.window.createWebviewPanel(IMPACT_VIEW_TYPE, title, vscode.ViewColumn.Active, {
      enableScripts: false,
      // A changed method's link; its arguments are checked as any caller's (changedMethodLink.ts).
      enableCommandUris: [COMMAND.openChangedMethod],
      localResourceRoots: [vscode.Uri.joinPath(this.extensionUri, 'media')],
    });
    panel.iconPath = vscode.Uri.joinPath(this.extensionUri, 'media', 'timeslice.svg');
    this.open.set(key, panel);
    panel.onDidChangeViewState(() => {
      if (panel.active) this.lastActive = key;
    });
    panel.onDidDispose(() => {
      this.closed.add(panel);
      this.open.delete(key);
      this.shown.delete(key);
      this.states.delete(key);
      if (this.lastActive === key) this.lastActive = undefined;
    });
    return panel;
  }

  remember(key: string, state: ImpactPanelState): void {
    if (this.open.has(key)) this.states.set(key, state);
  }

  /** The open panel the user is in, or was in last, with what it compared (none before its windows loaded). */
  active(): { key: string; state?: ImpactPanelState } | undefined {
    // Not `panel.active`: another panel's flag lags until its view-state event arrives.
    const key = this.lastActive;
    return key !== undefined && this.open.has(key) ? { key, state: this.states.get(key) } : undefined;
  }

  private draw(panel: vscode.WebviewPanel, body: ImpactPageBody): void {
    const styleUri = panel.webview.asWebviewUri(vscode.Uri.joinPath(this.extensionUri, 'media', 'impact.css'));
    panel.webview.html = renderImpactPage(
      { cspSource: panel.webview.cspSource, styleUri: styleUri.toString(), lang: vscode.env.language },
      body,
    );
  }

  override dispose(): void {
    for (const panel of [...this.open.values()]) {
      panel.dispose();
    }
    super.dispose();
  }
}
