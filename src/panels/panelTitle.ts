/** A chart panel's tab title: what it charts, then the entity's name (from the service: plain text in a tab). */
import * as vscode from 'vscode';

import type { PanelEntity } from './protocol';

/** An extension's webview tab cannot be italic (https://github.com/microsoft/vscode/issues/110245). */
export function panelTitle(entity: PanelEntity, name: string, preview = false): string {
  const title = chartTitle(entity, name);
  return preview ? vscode.l10n.t('{0} (Preview)', title) : title;
}

function chartTitle(entity: PanelEntity, name: string): string {
  if (entity.kind === 'explorer' && entity.nrql) {
    return vscode.l10n.t('NRQL: {0}', name);
  }
  return {
    application: vscode.l10n.t('Dashboard: {0}', name),
    breakdown: vscode.l10n.t('Breakdown: {0}', name),
    error: vscode.l10n.t('Error: {0}', name),
    explorer: vscode.l10n.t('Explorer: {0}', name),
    host: vscode.l10n.t('Host: {0}', name),
    instance: vscode.l10n.t('Instance: {0}', name),
    keyTransaction: vscode.l10n.t('Key transaction: {0}', name),
    transaction: vscode.l10n.t('Transaction: {0}', name),
    transactions: vscode.l10n.t('Transactions: {0}', name),
  }[entity.kind];
}
