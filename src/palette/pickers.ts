// The quick picks the commands share; each returns undefined on Escape, so a command stops without a message.
import * as vscode from 'vscode';

import type { Application, MetricName, MetricScope } from '../api/types';
import type { ConnectionSession } from '../session/connectionSession';
import type { Navigation, RangePresetItem, ScopeItem } from './items';
import { COMMAND } from '../constants';
import {
  acceptedValues,
  applicationSummaryItem,
  DebouncedSearch,
  metricNameItems,
  rangePresetItems,
  scopeItems,
} from './items';
import { safeText } from '../util/safeText';

/**
 * Pickers open after the palette has closed, and a chart panel may take the focus back then: without
 * this a pick would close as soon as it opened.
 */
const KEEP_OPEN = { ignoreFocusOut: true } as const;

/**
 * The current connection, or undefined after offering the two ways to get one (set a key, start the
 * demo). `why` ends the message when the command needs a connection for a reason worth saying.
 */
export function requireConnection(current: ConnectionSession | undefined, why?: string): ConnectionSession | undefined {
  if (!current) {
    const setKey = vscode.l10n.t('Set API Key…');
    const startDemo = vscode.l10n.t('Start Demo');
    const message = why
      ? vscode.l10n.t('Set an API key or start the demo first: {0}.', why)
      : vscode.l10n.t('Set an API key or start the demo first.');
    void vscode.window.showWarningMessage(message, setKey, startDemo).then((choice) => {
      if (choice) {
        void vscode.commands.executeCommand(choice === startDemo ? COMMAND.startDemo : COMMAND.setApiKey);
      }
    });
  }
  return current;
}

function loading<T>(title: string, work: () => Promise<T>): Thenable<T> {
  return vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title }, work);
}

interface PickOptions {
  title: string;
  placeholder?: string;
  matchOnDescription?: boolean;
  matchOnDetail?: boolean;
}

/** A failure reported through `fail` closes the pick and rejects, so the command shows the error. */
function showPick<T extends vscode.QuickPickItem, R>(
  options: PickOptions,
  nav: Navigation | undefined,
  setUp: (pick: vscode.QuickPick<T>, fail: (error: unknown) => void) => { accept(): R | undefined; dispose?(): void },
): Promise<R | undefined> {
  const chain = nav?.chain;
  if (chain?.stopped) {
    return Promise.resolve(undefined);
  }
  return new Promise((resolve, reject) => {
    const pick = vscode.window.createQuickPick<T>();
    pick.title = options.title;
    pick.placeholder = options.placeholder;
    pick.matchOnDescription = options.matchOnDescription ?? false;
    pick.matchOnDetail = options.matchOnDetail ?? false;
    pick.ignoreFocusOut = KEEP_OPEN.ignoreFocusOut;
    pick.buttons = nav?.canGoBack ? [vscode.QuickInputButtons.Back] : [];
    let done = false;
    // `fail` settles a microtask later, so it never runs before setUp has returned `behaviour`.
    const behaviour = setUp(
      pick,
      (error) =>
        void Promise.resolve().then(() => end(() => reject(error instanceof Error ? error : new Error(String(error))))),
    );
    // `answered`: in a chain, the pick stays up (busy) until the next step shows over it.
    const end = (settle: () => void, answered = false) => {
      if (!done) {
        done = true;
        settle();
        behaviour.dispose?.();
        if (chain && answered) {
          chain.hold(pick);
        } else {
          pick.dispose();
        }
      }
    };
    const finish = (value: R | undefined, answered = value !== undefined) => end(() => resolve(value), answered);
    pick.onDidTriggerButton((button) => {
      if (button === vscode.QuickInputButtons.Back && nav) {
        nav.wentBack = true;
        finish(undefined, true);
      }
    });
    pick.onDidAccept(() => {
      const value = behaviour.accept();
      if (value !== undefined) {
        finish(value);
      }
    });
    pick.onDidHide(() => finish(undefined));
    if (chain) {
      chain.present(pick);
    } else {
      pick.show();
    }
  });
}

function pickFrom<T extends vscode.QuickPickItem>(
  items: T[],
  options: PickOptions,
  nav?: Navigation,
): Promise<T | undefined> {
  return showPick<T, T>(options, nav, (pick) => {
    pick.items = items;
    return { accept: () => pick.selectedItems[0] ?? pick.activeItems[0] };
  });
}

/**
 * Every application (all pages), filtered locally as the user types: most accounts fit in one 200-item page,
 * local filtering is instant, and the server's filter would cost a request per pause against the 1,000 per
 * minute limit and change the list under the user's Enter.
 */
export function pickApplication(
  conn: ConnectionSession,
  title = vscode.l10n.t('Application'),
  nav?: Navigation,
): Promise<Application | undefined> {
  type Item = vscode.QuickPickItem & { app: Application };
  const loadingText = vscode.l10n.t('Loading applications ({0})…', safeText(conn.label));
  return showPick<Item, Application>(
    { title, placeholder: loadingText, matchOnDescription: true, matchOnDetail: true },
    nav,
    (pick, fail) => {
      const abort = new AbortController();
      pick.busy = true;
      conn.api
        .listApplications(
          {},
          {
            signal: abort.signal,
            onProgress: ({ itemsSoFar }) => {
              pick.placeholder = vscode.l10n.t(
                'Loading applications ({0})… {1} so far',
                safeText(conn.label),
                itemsSoFar,
              );
            },
          },
        )
        .then(
          (apps) => {
            pick.items = apps.map(applicationSummaryItem);
            pick.placeholder =
              apps.length > 0
                ? vscode.l10n.t('Type to filter applications by name or ID')
                : vscode.l10n.t('This account has no applications');
            pick.busy = false;
          },
          (error: unknown) => {
            if (!abort.signal.aborted) {
              fail(error);
            }
          },
        );
      return { accept: () => (pick.selectedItems[0] ?? pick.activeItems[0])?.app, dispose: () => abort.abort() };
    },
  );
}

export async function pickScope(
  conn: ConnectionSession,
  app: Application,
  nav?: Navigation,
): Promise<ScopeItem | undefined> {
  const [hosts, instances] = await loading(
    vscode.l10n.t('Loading hosts and instances of {0}…', safeText(app.name)),
    () => Promise.all([conn.api.listHosts(app.id), conn.api.listInstances(app.id)]),
  );
  return pickFrom(
    scopeItems(app, hosts, instances),
    {
      title: vscode.l10n.t('Scope'),
      placeholder: vscode.l10n.t('The whole application, or one host or instance'),
      matchOnDescription: true,
    },
    nav,
  );
}

/** The name filter goes to the (cached) names listing after a short pause. */
export function pickMetricName(
  conn: ConnectionSession,
  scope: MetricScope,
  nav?: Navigation,
): Promise<MetricName | undefined> {
  // An item without a metric is a message ("nothing found", an error) that Enter ignores.
  type Item = vscode.QuickPickItem & { metric?: MetricName };
  const options = {
    title: vscode.l10n.t('Metric name'),
    placeholder: vscode.l10n.t('Type part of a metric name, e.g. HttpDispatcher or Datastore/'),
  };
  return showPick<Item, MetricName>(options, nav, (pick) => {
    const search = new DebouncedSearch((query: string) => conn.metricNames.get(scope, query.trim()), {
      // The service did the filtering: alwaysShow keeps the pick's own fuzzy match from hiding its answer.
      apply: (query, names) => {
        pick.items =
          names.length > 0
            ? metricNameItems(names).map((item) => ({ ...item, alwaysShow: true }))
            : [
                {
                  label: `$(info) ${vscode.l10n.t('No metric name contains "{0}"', safeText(query.trim()))}`,
                  alwaysShow: true,
                },
              ];
      },
      fail: (_query, error) => {
        pick.items = [
          {
            label: `$(error) ${vscode.l10n.t('Could not list metric names: {0}', safeText(error instanceof Error ? error.message : String(error), 1000))}`,
            alwaysShow: true,
          },
        ];
      },
      busy: (busy) => {
        pick.busy = busy;
      },
    });
    pick.onDidChangeValue((value) => search.update(value));
    search.update('', true);
    return { accept: () => (pick.selectedItems[0] ?? pick.activeItems[0])?.metric, dispose: () => search.dispose() };
  });
}

export function pickValues(metric: MetricName, nav?: Navigation): Promise<string[] | undefined> {
  const options = {
    title: vscode.l10n.t('Values of {0}', safeText(metric.name)),
    placeholder: vscode.l10n.t('Space checks a value; Enter confirms (the highlighted one if none is checked)'),
  };
  return showPick<vscode.QuickPickItem & { value: string }, string[]>(options, nav, (pick) => {
    pick.canSelectMany = true;
    pick.items = metric.values.map((v) => ({ label: safeText(v), value: v }));
    // A multi-select does not highlight a match as the user types: do it, so that Enter has a value to take.
    const highlight = (text: string) => {
      const match = pick.items.find((i) => i.label.toLowerCase().includes(text.trim().toLowerCase()));
      pick.activeItems = match ? [match] : [];
    };
    pick.onDidChangeValue(highlight);
    highlight('');
    return {
      accept: () => {
        const values = acceptedValues(
          pick.selectedItems.map((i) => i.value),
          pick.activeItems.map((i) => i.value),
        );
        return values.length > 0 ? values : undefined;
      },
    };
  });
}

export function pickRange(nav?: Navigation): Promise<RangePresetItem | undefined> {
  return pickFrom(
    rangePresetItems(),
    { title: vscode.l10n.t('Time range'), placeholder: vscode.l10n.t('How far back to chart') },
    nav,
  );
}
