// It cannot be read back, so what it shows is kept as `view`.
import * as vscode from 'vscode';

import type { Config } from '../config';
import { COMMAND } from '../constants';
import type { ConnectionManager } from '../session/connectionManager';
import { Disposable } from '../util/lifecycle';
import type { StatusInput, StatusView } from './statusModel';
import { describeStatus } from './statusModel';

export class ApdexItem extends Disposable {
  private readonly item: vscode.StatusBarItem;
  private viewValue: StatusView | undefined;
  private shownKind: StatusInput['kind'] | undefined;

  constructor(
    private readonly connections: Pick<ConnectionManager, 'scheduleChanged'>,
    private readonly config: Pick<Config, 'statusBar'>,
  ) {
    super();
    this.item = this._register(
      vscode.window.createStatusBarItem('timeslice.apdex', vscode.StatusBarAlignment.Left, 10),
    );
    this.item.name = vscode.l10n.t('Timeslice Apdex');
  }

  get view(): StatusView | undefined {
    return this.viewValue;
  }

  /** Whether it shows an application's data, whose age must be redrawn to stay true. */
  get showsData(): boolean {
    return this.viewValue?.visible === true && this.shownKind === 'bound';
  }

  render(input: StatusInput): void {
    const view = describeStatus(input, this.config.statusBar, Date.now());
    const wasShowingData = this.showsData;
    this.viewValue = view;
    this.shownKind = input.kind;
    if (wasShowingData !== this.showsData) {
      this.connections.scheduleChanged(); // The age redraw starts or stops.
    }
    this.item.text = view.text;
    const tooltip = new vscode.MarkdownString(view.tooltip, true);
    // Only the link to What Moved runs; every foreign text in the tooltip is escaped (statusModel.ts).
    tooltip.isTrusted = { enabledCommands: [COMMAND.showDeploymentImpact] };
    this.item.tooltip = tooltip;
    this.item.accessibilityInformation = { label: view.accessibilityLabel, role: 'button' };
    this.item.backgroundColor = view.background
      ? new vscode.ThemeColor(`statusBarItem.${view.background}Background`)
      : undefined;
    this.item.command =
      view.action === 'bind'
        ? { command: COMMAND.bindWorkspace, title: vscode.l10n.t('Bind Workspace to Application…') }
        : view.action === 'setApiKey'
          ? { command: COMMAND.setApiKey, title: vscode.l10n.t('Set API Key…') }
          : view.action === 'switchRegion'
            ? { command: COMMAND.switchRegion, title: vscode.l10n.t('Switch Region…') }
            : { command: COMMAND.openBoundApplication, title: vscode.l10n.t('Open Dashboard') };
    // A window without a folder has nowhere to keep a binding: offering one there would only fail.
    const hasFolder = (vscode.workspace.workspaceFolders?.length ?? 0) > 0;
    if (view.visible && (hasFolder || input.kind !== 'unbound')) {
      this.item.show();
    } else {
      this.item.hide();
    }
  }
}
