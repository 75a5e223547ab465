/** What my change will touch: the command that shows the Change Impact view, and Copy as Markdown. */
import * as vscode from 'vscode';

import { CHANGE_IMPACT_VIEW_ID } from '../constants';
import type { Services } from '../services';

export function showChangeImpact(services: Services) {
  return async () => {
    await vscode.commands.executeCommand(`${CHANGE_IMPACT_VIEW_ID}.focus`);
    return services.changeImpactView.refresh();
  };
}

export function copyChangeImpact(services: Services) {
  return async () => {
    await services.changeImpactView.refresh();
    const markdown = services.changeImpactView.markdown();
    if (!markdown) {
      void vscode.window.showInformationMessage(vscode.l10n.t('No change in a bound folder to copy.'));
      return undefined;
    }
    await vscode.env.clipboard.writeText(markdown);
    void vscode.window.showInformationMessage(vscode.l10n.t('Copied what the change will touch as Markdown.'));
    return markdown;
  };
}
