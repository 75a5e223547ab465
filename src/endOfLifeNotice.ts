/**
 * The one-time notice of REST API v2's end of life: shown once per install, the first time a real
 * (not demo) connection speaks REST v2, with a "Use NerdGraph now" action that sets
 * `timeslice.backend` to `nerdGraph` in the user settings. The flag is the second (and last) thing
 * Timeslice keeps in globalState: one boolean, like the walkthrough's.
 */
import * as vscode from 'vscode';

import { shouldShowEndOfLifeNotice } from './api/backendChoice';
import type { Config } from './config';
import type { ConnectionManager } from './session/connectionManager';
import { Disposable } from './util/lifecycle';

const SHOWN_KEY = 'timeslice.endOfLifeNoticeShown';

export class EndOfLifeNotice extends Disposable {
  private showing = false;

  constructor(
    private readonly connections: ConnectionManager,
    private readonly state: vscode.Memento,
    private readonly config: Config,
    /** The test harness's quiet start (as for the walkthrough; see testHarness.ts). */
    private readonly quiet: boolean,
  ) {
    super();
    this._register(connections.onDidChangeSession(() => void this.maybeShow()));
  }

  private async maybeShow(): Promise<void> {
    if (
      this.showing ||
      !shouldShowEndOfLifeNotice(this.connections.current, this.state.get<boolean>(SHOWN_KEY) === true, this.quiet)
    ) {
      return;
    }
    this.showing = true;
    // Flagged before it shows: a window closed with the notice open does not ask again.
    await this.state.update(SHOWN_KEY, true);
    const useNerdGraph = vscode.l10n.t('Use NerdGraph now');
    const choice = await vscode.window.showInformationMessage(
      vscode.l10n.t(
        'Timeslice speaks REST API v2, which reaches its end of life on 31 July 2027 (US and EU). With the "Automatic" backend it then switches to NerdGraph, its successor, by itself (the same key; NerdGraph also needs the account its queries run in). You can switch now.',
      ),
      useNerdGraph,
    );
    if (choice === useNerdGraph) {
      await this.config.update('backend', 'nerdGraph');
    }
  }
}
