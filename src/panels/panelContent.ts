// A failure leaves the data up only when the error policy calls it passing and the data is the current
// session's: another account's or region's data never stays on screen.
import * as l10n from '@vscode/l10n';

import type { ConnectionSession } from '../session/connectionSession';
import { formatAge } from '../format/presentation';
import type { ErrorAction } from '../session/errorPolicy';
import type { PanelData } from './panelLoad';

export interface PanelFailure {
  message: string;
  /** "Showing data from 3 min ago" when the data stays up. */
  staleNote?: string;
  fix?: ErrorAction;
}

export class PanelContent {
  private loaded: { data: PanelData; at: number; session: ConnectionSession } | undefined;
  private failure: PanelFailure | undefined;

  get data(): PanelData | undefined {
    return this.loaded?.data;
  }

  get dataAt(): number | undefined {
    return this.loaded?.at;
  }

  get session(): ConnectionSession | undefined {
    return this.loaded?.session;
  }

  get error(): PanelFailure | undefined {
    return this.failure;
  }

  show(data: PanelData, session: ConnectionSession, at = Date.now()): void {
    this.loaded = { data, at, session };
    this.failure = undefined;
  }

  /** Records a failure of a load through `session`; `keepData`: the error policy's keepLastData. */
  fail(
    message: string,
    session: ConnectionSession,
    keepData: boolean,
    fix?: ErrorAction,
    now = Date.now(),
  ): PanelFailure {
    const kept = keepData && this.loaded?.session === session ? this.loaded : undefined;
    const staleNote = kept ? l10n.t('Showing data from {0}', formatAge(now - kept.at)) : undefined;
    this.failure = { message, staleNote, fix };
    return this.failure;
  }

  forget(): void {
    this.loaded = undefined;
    this.failure = undefined;
  }
}
