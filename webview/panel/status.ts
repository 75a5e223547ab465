/**
 * Loading, error and notice messages. Loading and notices go to a polite live region; an error is
 * an alert with the error's fix (a button) and a Retry button when retrying can help.
 */
import * as l10n from '@vscode/l10n';

import { h, replaceChildren } from '../shared/dom';
import { button } from '../shared/elements';

export class StatusView {
  readonly element = h('div', { class: 'status-area' });
  private readonly live = h('div', { class: 'status', role: 'status' });
  private readonly alert = h('div', { class: 'status-alert', role: 'alert' });

  constructor(
    private readonly onRetry: () => void,
    private readonly onFix: () => void,
  ) {
    this.element.append(this.live, this.alert);
  }

  showLoading(text = l10n.t('Loading data…')): void {
    replaceChildren(this.alert);
    const ring = document.createElement('vscode-progress-ring');
    ring.ariaLabel = l10n.t('Loading');
    replaceChildren(this.live, h('div', { class: 'status-loading' }, ring, h('span', {}, text)));
  }

  showNotice(text: string): void {
    replaceChildren(this.live, h('p', { class: 'status-notice' }, text));
  }

  /**
   * An error; with `staleNote` the charts below stay up, so it is a warning banner that says how
   * old they are ("Showing data from 3 min ago") above the reason. `fix` labels a button for the
   * error's fix (Set API Key…, Switch Region…), shown before Retry.
   */
  showError(message: string, retryable: boolean, staleNote?: string, fix?: string): void {
    replaceChildren(this.live);
    replaceChildren(
      this.alert,
      h(
        'div',
        { class: staleNote ? 'status-error status-stale' : 'status-error' },
        h(
          'p',
          { class: 'status-error-text' },
          ...(staleNote ? [h('strong', { class: 'status-stale-note' }, staleNote), ' — '] : []),
          message,
        ),
        fix ? button(fix, this.onFix) : null,
        retryable ? button(l10n.t('Retry'), this.onRetry) : null,
      ),
    );
  }

  clear(): void {
    replaceChildren(this.live);
    replaceChildren(this.alert);
  }
}
