/**
 * Owns the Apdex status-bar item. It follows the active editor's folder's binding (the first bound
 * folder otherwise) and applies what `describeStatus` says: text, colour, Markdown tooltip, click.
 */
import * as vscode from 'vscode';

import type { Config } from '../config';
import type { ConnectionManager } from '../session/connectionManager';
import { COMMAND } from '../constants';
import { Disposable } from '../util/lifecycle';
import type { BoundAppsPoller } from './boundAppsPoller';
import type { BindingRegion, StatusInput, StatusView } from './statusModel';
import { describeStatus } from './statusModel';
import type { WorkspaceBindings } from './workspaceBinding';

/** The tooltip says how old the data is: redraw now and then (on the session's scheduler) so "3 min ago" stays true. */
const AGE_REDRAW_MS = 30_000;

export class ApdexStatusBar extends Disposable {
  private readonly item: vscode.StatusBarItem;
  private viewValue: StatusView | undefined;
  private shownKind: StatusInput['kind'] | undefined;

  constructor(
    private readonly bindings: WorkspaceBindings,
    private readonly poller: BoundAppsPoller,
    private readonly connections: ConnectionManager,
    private readonly connectionRegion: () => BindingRegion | undefined,
    private readonly config: Config,
  ) {
    super();
    this.item = this._register(
      vscode.window.createStatusBarItem('timeslice.apdex', vscode.StatusBarAlignment.Left, 10),
    );
    this.item.name = vscode.l10n.t('Timeslice Apdex');
    const render = () => this.render();
    this._register(bindings.onDidChange(render));
    this._register(bindings.onDidChangeActive(render));
    this._register(poller.onDidRefresh(render));
    this._register(connections.onDidChangeSession(render));
    this._register(
      config.onDidChange((e) => {
        if (e.affectsConfiguration('timeslice.statusBar')) {
          render();
        }
      }),
    );
    this._register(
      connections.registerJob({
        name: 'status bar age',
        everyMs: AGE_REDRAW_MS,
        // Only an item that shows an application's data has an age to keep true.
        active: () => this.viewValue?.visible === true && this.shownKind === 'bound',
        run: render,
      }),
    );
    this.render();
  }

  /** What the item shows now (integration tests read it; the item itself cannot be read back). */
  get view(): StatusView | undefined {
    return this.viewValue;
  }

  /** The input of the item: which binding, and what is known about it. */
  private input(): StatusInput {
    const active = this.bindings.active();
    if (!active) {
      return { kind: 'unbound' };
    }
    const { binding } = active;
    const region = this.connectionRegion();
    if (region === undefined) {
      return { kind: 'noConnection', binding };
    }
    if (region !== binding.region) {
      return { kind: 'otherRegion', binding, connectionRegion: region };
    }
    return {
      kind: 'bound',
      binding,
      snapshot: this.poller.snapshot(binding),
      otherBound: this.bindings.all().length - 1,
      via: this.connections.current?.backendLabel,
    };
  }

  render(): void {
    const input = this.input();
    const view = describeStatus(input, this.config.statusBar, Date.now());
    const wasShowingData = this.viewValue?.visible === true && this.shownKind === 'bound';
    this.viewValue = view;
    this.shownKind = input.kind;
    if (wasShowingData !== (view.visible && input.kind === 'bound')) {
      this.connections.scheduleChanged(); // The age redraw starts or stops.
    }
    this.item.text = view.text;
    const tooltip = new vscode.MarkdownString(view.tooltip, true);
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
