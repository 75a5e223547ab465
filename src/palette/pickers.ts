/**
 * The quick picks the palette commands share. Each returns undefined when the user presses Escape,
 * so a command can stop at any step without a message.
 */
import * as vscode from 'vscode';

import type { Application, MetricName, MetricScope } from '../api/types';
import type { Connection } from '../connection';
import type { RangePresetItem, ScopeItem } from './items';
import { acceptedValues, applicationSummaryItem, DebouncedSearch, metricNameItems, rangePresetItems, scopeItems } from './items';

/**
 * Pickers open after the palette has closed, and a chart panel may take the focus back then: without
 * this a pick would close as soon as it opened.
 */
const KEEP_OPEN = { ignoreFocusOut: true } as const;

/** The current connection, or undefined after telling the user how to get one. */
export function requireConnection(current: Connection | undefined): Connection | undefined {
  if (!current) {
    void vscode.window.showWarningMessage('Set an API key or start the demo first.', 'Set API Key…', 'Start Demo').then((c) => {
      if (c) {
        void vscode.commands.executeCommand(c === 'Start Demo' ? 'timeslice.startDemo' : 'timeslice.setApiKey');
      }
    });
  }
  return current;
}

function loading<T>(title: string, work: () => Promise<T>): Thenable<T> {
  return vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title }, work);
}

/** Applications with health icon and summary numbers. */
export async function pickApplicationWithSummary(conn: Connection, title = 'Application'): Promise<Application | undefined> {
  const apps = await loading('Loading applications…', () => conn.api.listApplications());
  if (apps.length === 0) {
    void vscode.window.showInformationMessage('This account has no applications to show.');
    return undefined;
  }
  const picked = await vscode.window.showQuickPick(apps.map(applicationSummaryItem), {
    title, placeHolder: 'Type to filter applications by name or ID', matchOnDescription: true, matchOnDetail: true, ...KEEP_OPEN,
  });
  return picked?.app;
}

/** The application itself or one of its hosts or instances. */
export async function pickScope(conn: Connection, app: Application): Promise<ScopeItem | undefined> {
  const [hosts, instances] = await loading(`Loading hosts and instances of ${app.name}…`, () =>
    Promise.all([conn.api.listHosts(app.id), conn.api.listInstances(app.id)]));
  return vscode.window.showQuickPick(scopeItems(app, hosts, instances), {
    title: 'Scope', placeHolder: 'The whole application, or one host or instance', matchOnDescription: true, ...KEEP_OPEN,
  });
}

/**
 * Metric names as the user types: the name filter goes to the (cached) names listing after a short
 * pause, and the pick shows its busy bar meanwhile.
 */
export function pickMetricName(conn: Connection, scope: MetricScope): Promise<MetricName | undefined> {
  return new Promise((resolve) => {
    // An item without a metric is a message ("nothing found", an error) that Enter ignores.
    const pick = vscode.window.createQuickPick<vscode.QuickPickItem & { metric?: MetricName }>();
    pick.title = 'Metric name';
    pick.placeholder = 'Type part of a metric name, e.g. HttpDispatcher or Datastore/';
    pick.ignoreFocusOut = true;
    const search = new DebouncedSearch((query: string) => conn.metricNames.get(scope, query.trim()), {
      // The service did the filtering: alwaysShow keeps the pick's own fuzzy match from hiding its answer.
      apply: (query, names) => {
        pick.items = names.length > 0
          ? metricNameItems(names).map((item) => ({ ...item, alwaysShow: true }))
          : [{ label: `$(info) No metric name contains "${query.trim()}"`, alwaysShow: true }];
      },
      fail: (_query, error) => {
        pick.items = [{ label: `$(error) Could not list metric names: ${error instanceof Error ? error.message : String(error)}`, alwaysShow: true }];
      },
      busy: (busy) => { pick.busy = busy; },
    });
    let done = false;
    const finish = (value: MetricName | undefined) => {
      if (!done) {
        done = true;
        resolve(value);
        search.dispose();
        pick.dispose();
      }
    };
    pick.onDidChangeValue((value) => search.update(value));
    pick.onDidAccept(() => {
      const item = pick.selectedItems[0] ?? pick.activeItems[0];
      if (item?.metric) {
        finish(item.metric);
      }
    });
    pick.onDidHide(() => finish(undefined));
    pick.show();
    search.update('', true);
  });
}

/** The metric's value names, several at once; Enter with none checked takes the highlighted one. */
export function pickValues(metric: MetricName): Promise<string[] | undefined> {
  return new Promise((resolve) => {
    const pick = vscode.window.createQuickPick<vscode.QuickPickItem>();
    pick.title = `Values of ${metric.name}`;
    pick.placeholder = 'Space checks a value; Enter confirms (the highlighted one if none is checked)';
    pick.canSelectMany = true;
    pick.ignoreFocusOut = true;
    pick.items = metric.values.map((v) => ({ label: v }));
    // A multi-select does not highlight a match as the user types: do it, so that Enter has a value to take.
    const highlight = (text: string) => {
      const match = pick.items.find((i) => i.label.toLowerCase().includes(text.trim().toLowerCase()));
      pick.activeItems = match ? [match] : [];
    };
    pick.onDidChangeValue(highlight);
    highlight('');
    let done = false;
    const finish = (value: string[] | undefined) => {
      if (!done) {
        done = true;
        resolve(value);
        pick.dispose();
      }
    };
    pick.onDidAccept(() => {
      const values = acceptedValues(pick.selectedItems.map((i) => i.label), pick.activeItems.map((i) => i.label));
      if (values.length > 0) {
        finish(values);
      }
    });
    pick.onDidHide(() => finish(undefined));
    pick.show();
  });
}

export function pickRange(): Thenable<RangePresetItem | undefined> {
  return vscode.window.showQuickPick(rangePresetItems(), { title: 'Time range', placeHolder: 'How far back to chart', ...KEEP_OPEN });
}
