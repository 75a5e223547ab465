/**
 * "Timeslice: Run API Request…": pick an endpoint, fill its parameters step by step, pick JSON or XML,
 * and read the raw answer in a read-only tab. "Timeslice: Copy as curl" turns that tab's request (or
 * a "Run NRQL Query…" tab's NerdGraph POST) into a command line that reads the key from the shell,
 * never containing it.
 */
import * as vscode from 'vscode';

import { curlCommand, CURL_KEY_VARIABLE, graphqlCurlCommand } from '../api/curl';
import { buildRawRequest, parseIdList, RAW_ENDPOINTS } from '../api/rest/endpoints';
import type { ApiEndpointId, ApiRequest } from '../api/rest/requests';
import { formatApiTime, lastMinutes, validPeriods } from '../api/timeRange';
import type { ApiFormat } from '../api/types';
import type { ConnectionSession } from '../session/connectionSession';
import {
  pickApplication,
  pickMetricName,
  pickRange,
  pickScope,
  pickValues,
  requireConnection,
} from '../palette/pickers';
import { QuickSteps } from '../palette/quickSteps';
import { RAW_SCHEME } from '../palette/rawResponseProvider';
import type { Services } from '../services';
import { safeText } from '../util/safeText';

interface FilterField {
  key: string;
  prompt: string;
  ids?: boolean;
}

/** A function: module-level text would be read before VS Code has loaded the translations. */
const filters = (): Partial<Record<ApiEndpointId, FilterField[]>> => ({
  'applications.list': [
    { key: 'name', prompt: vscode.l10n.t('Part of the application name') },
    { key: 'host', prompt: vscode.l10n.t('Part of a host name') },
    { key: 'ids', prompt: vscode.l10n.t('Application IDs, comma-separated'), ids: true },
    { key: 'language', prompt: vscode.l10n.t('Agent language, e.g. java') },
  ],
  'hosts.list': [
    { key: 'hostname', prompt: vscode.l10n.t('Part of the host name') },
    { key: 'ids', prompt: vscode.l10n.t('Host IDs, comma-separated'), ids: true },
  ],
  'instances.list': [
    { key: 'hostname', prompt: vscode.l10n.t('Part of the host name') },
    { key: 'ids', prompt: vscode.l10n.t('Instance IDs, comma-separated'), ids: true },
  ],
  'keyTransactions.list': [
    { key: 'name', prompt: vscode.l10n.t('Part of the key transaction name') },
    { key: 'ids', prompt: vscode.l10n.t('Key transaction IDs, comma-separated'), ids: true },
  ],
});

/** Optional filters: pick one to set, again to change; "Send" ends. Undefined on Escape. */
async function askFilters(
  fields: FilterField[],
  chain: QuickSteps,
): Promise<Record<string, string | number[]> | undefined> {
  const values: Record<string, string | number[]> = {};
  for (;;) {
    const send = {
      label: `$(arrow-right) ${vscode.l10n.t('Continue')}`,
      description: Object.keys(values).length ? vscode.l10n.t('with these filters') : vscode.l10n.t('without filters'),
      field: undefined,
    };
    const items = [
      send,
      ...fields.map((f) => ({
        label: `filter[${f.key}]`,
        description: values[f.key] !== undefined ? `= ${String(values[f.key])}` : vscode.l10n.t('optional'),
        field: f,
      })),
    ];
    const picked = await chain.pick(items, {
      title: vscode.l10n.t('Filters'),
      placeholder: vscode.l10n.t('Add a filter, or continue'),
    });
    if (!picked) {
      return undefined;
    }
    if (!picked.field) {
      return values;
    }
    const field = picked.field;
    const text = await chain.input({
      title: `filter[${field.key}]`,
      prompt: vscode.l10n.t('{0} (empty removes the filter)', field.prompt),
      value: String(values[field.key] ?? ''),
      validate: (v) => {
        if (!field.ids) {
          return undefined;
        }
        try {
          parseIdList(v);
          return undefined;
        } catch (e) {
          return e instanceof Error ? e.message : String(e);
        }
      },
    });
    if (text === undefined) {
      continue; // Escape in the box goes back to the filter list.
    }
    const value = field.ids ? parseIdList(text) : text.trim() || undefined;
    if (value === undefined) {
      delete values[field.key];
    } else {
      values[field.key] = value;
    }
  }
}

/** Whole sentences per kind: a translated noun spliced into a sentence breaks case and agreement. */
interface PickTexts {
  title: string;
  loading: string;
  none: string;
}

async function pickOne<T>(
  texts: PickTexts,
  load: () => Promise<T[]>,
  item: (t: T) => vscode.QuickPickItem,
  chain: QuickSteps,
): Promise<T | undefined> {
  const { title } = texts;
  const all = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Window, title: texts.loading },
    load,
  );
  if (all.length === 0) {
    void vscode.window.showInformationMessage(texts.none);
    return undefined;
  }
  const picked = await chain.pick(
    all.map((t) => ({ ...item(t), value: t })),
    { title, matchOnDescription: true },
  );
  return picked?.value;
}

/** Asks everything `endpoint` needs; undefined when the user stops. */
async function askSpec(
  conn: ConnectionSession,
  endpoint: ApiEndpointId,
  chain: QuickSteps,
): Promise<ApiRequest | undefined> {
  const nav = { canGoBack: false, chain };
  switch (endpoint) {
    case 'applications.list':
    case 'keyTransactions.list': {
      const filter = await askFilters(filters()[endpoint]!, chain);
      return filter && { endpoint, filter };
    }
    case 'keyTransactions.show': {
      const kt = await pickOne(
        {
          title: vscode.l10n.t('Key transaction'),
          loading: vscode.l10n.t('Loading key transactions…'),
          none: vscode.l10n.t('There is no key transaction to pick here.'),
        },
        () => conn.api.listKeyTransactions(),
        (k) => ({ label: safeText(k.name), description: `${k.id}` }),
        chain,
      );
      return kt && { endpoint, keyTransactionId: kt.id };
    }
    default:
      break;
  }
  const app = await pickApplication(conn, vscode.l10n.t('Application'), nav);
  if (!app) {
    return undefined;
  }
  switch (endpoint) {
    case 'applications.show':
      return { endpoint, applicationId: app.id };
    case 'hosts.list':
    case 'instances.list': {
      const filter = await askFilters(filters()[endpoint]!, chain);
      return filter && { endpoint, applicationId: app.id, filter };
    }
    case 'hosts.show': {
      const host = await pickOne(
        {
          title: vscode.l10n.t('Host'),
          loading: vscode.l10n.t('Loading hosts…'),
          none: vscode.l10n.t('There is no host to pick here.'),
        },
        () => conn.api.listHosts(app.id),
        (h) => ({ label: safeText(h.host), description: `${h.id}` }),
        chain,
      );
      return host && { endpoint, applicationId: app.id, hostId: host.id };
    }
    case 'instances.show': {
      const inst = await pickOne(
        {
          title: vscode.l10n.t('Instance'),
          loading: vscode.l10n.t('Loading instances…'),
          none: vscode.l10n.t('There is no instance to pick here.'),
        },
        () => conn.api.listInstances(app.id),
        (i) => ({ label: safeText(`${i.host}:${i.port ?? ''}`), description: `${i.id}` }),
        chain,
      );
      return inst && { endpoint, applicationId: app.id, instanceId: inst.id };
    }
    default:
      break;
  }
  const scope = await pickScope(conn, app, nav);
  if (!scope) {
    return undefined;
  }
  if (endpoint === 'metricNames') {
    const name = await chain.input({
      title: vscode.l10n.t('name (optional)'),
      prompt: vscode.l10n.t('Only metric names containing this text; empty lists all'),
    });
    return name === undefined ? undefined : { endpoint, scope: scope.scope, name };
  }
  const metric = await pickMetricName(conn, scope.scope, nav);
  const values = metric && (await pickValues(metric, nav));
  const range = values && (await pickRange(nav));
  if (!metric || !values || !range) {
    return undefined;
  }
  const period = await chain.pick(
    validPeriods(range.minutes * 60).map((p, i) => ({
      label: periodLabel(p),
      description: i === 0 ? vscode.l10n.t('default for this range') : undefined,
      seconds: p,
    })),
    { title: vscode.l10n.t('Period'), placeholder: vscode.l10n.t('Seconds per point') },
  );
  const summarize =
    period &&
    (await chain.pick(
      [
        { label: vscode.l10n.t('Series'), description: vscode.l10n.t('one value per period'), summarize: false },
        {
          label: vscode.l10n.t('Summarize'),
          description: vscode.l10n.t('summarize=true: one value for the whole range'),
          summarize: true,
        },
      ],
      { title: vscode.l10n.t('Summarize') },
    ));
  if (!period || !summarize) {
    return undefined;
  }
  const { from, to } = lastMinutes(range.minutes);
  return {
    endpoint,
    scope: scope.scope,
    names: [metric.name],
    values,
    from: formatApiTime(from),
    to: formatApiTime(to),
    period: period.seconds,
    ...(summarize.summarize ? { summarize: true } : {}),
  };
}

function periodLabel(seconds: number): string {
  return seconds < 3600 ? `${seconds / 60} min` : seconds < 86_400 ? `${seconds / 3600} h` : `${seconds / 86_400} d`;
}

async function askFormat(preferred: ApiFormat, chain: QuickSteps): Promise<ApiFormat | undefined> {
  const items = [
    { label: 'JSON', format: 'json' as const },
    { label: 'XML', format: 'xml' as const },
  ];
  const picked = await chain.pick(preferred === 'xml' ? items.reverse() : items, {
    title: vscode.l10n.t('Response format'),
  });
  return picked?.format;
}

/** A request passed as the command's argument (tests, keybindings) instead of asked for. */
export interface RawRequestArgs {
  spec: ApiRequest;
  format: ApiFormat;
}

function isRawRequestArgs(v: unknown): v is RawRequestArgs {
  const a = v as Partial<RawRequestArgs> | undefined;
  return (
    typeof a === 'object' &&
    a !== null &&
    (a.format === 'json' || a.format === 'xml') &&
    typeof a.spec === 'object' &&
    a.spec !== null &&
    RAW_ENDPOINTS.some((e) => e.id === a.spec!.endpoint)
  );
}

/** Runs the request; returns the URI (as a string) of the tab that shows the answer. */
export function runApiRequest(services: Services) {
  return async (args?: unknown): Promise<string | undefined> => {
    if (args !== undefined && !isRawRequestArgs(args)) {
      throw new Error(
        vscode.l10n.t(
          'Run API Request was given an unusable request (an endpoint and a format, json or xml, are needed).',
        ),
      );
    }
    const conn = requireConnection(services.connections.current);
    if (!conn) {
      return undefined;
    }
    let request = args;
    if (!request) {
      // Every step is one quick input that never hides in between (see QuickSteps).
      const chain = new QuickSteps();
      try {
        const endpoint = await chain.pick(
          RAW_ENDPOINTS.map((e) => ({ label: e.label, description: e.path, id: e.id })),
          {
            title: vscode.l10n.t('API endpoint'),
            placeholder: vscode.l10n.t('Which request to send (GET)'),
            matchOnDescription: true,
          },
        );
        const spec = endpoint && (await askSpec(conn, endpoint.id, chain));
        const format = spec && (await askFormat(services.config.responseFormat, chain));
        if (!spec || !format) {
          return undefined;
        }
        request = { spec, format };
      } finally {
        chain.dispose();
      }
    }
    const { path, query } = buildRawRequest(request.spec, request.format);
    // rawRequest goes through the same transport as everything else: key rules, limiter, retries, log.
    const response = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `GET ${path}…`, cancellable: true },
      (_p, token) => {
        const abort = new AbortController();
        token.onCancellationRequested(() => abort.abort());
        return conn.api.rawRequest(path, query, { signal: abort.signal });
      },
    );
    const editor = await services.rawResponses.show(response, request.format);
    return editor.document.uri.toString();
  };
}

/** Copies the curl command of a raw-response tab (the active one by default); returns it. */
export function copyAsCurl(services: Services) {
  return async (uri?: vscode.Uri): Promise<string | undefined> => {
    const target = uri instanceof vscode.Uri ? uri : vscode.window.activeTextEditor?.document.uri;
    const raw = target?.scheme === RAW_SCHEME ? services.rawResponses.get(target) : undefined;
    if (!raw) {
      void vscode.window.showWarningMessage(
        vscode.l10n.t(
          'Open a response of "Timeslice: Run API Request…" or "Timeslice: Run NRQL Query…" first; "Copy as curl" copies that request.',
        ),
      );
      return undefined;
    }
    // A NRQL tab's request is the NerdGraph POST it came from (NRQL as a variable), else the REST GET.
    const command = raw.graphql
      ? graphqlCurlCommand(raw.response.url, raw.graphql)
      : curlCommand(raw.response.url, services.config.apiKeyHeader);
    await vscode.env.clipboard.writeText(command);
    void vscode.window.showInformationMessage(
      vscode.l10n.t(
        'Copied the curl command. It reads the key from ${0}: set that variable in your shell first.',
        CURL_KEY_VARIABLE,
      ),
    );
    return command;
  };
}

/** Switches a JSON response tab between the body as sent and an indented view of it. */
export function togglePrettyPrint(services: Services) {
  return (uri?: vscode.Uri): void => {
    const target = uri instanceof vscode.Uri ? uri : vscode.window.activeTextEditor?.document.uri;
    if (!target || target.scheme !== RAW_SCHEME || !services.rawResponses.togglePretty(target)) {
      void vscode.window.showWarningMessage(
        vscode.l10n.t(
          'Pretty print works on a JSON response of "Timeslice: Run API Request…". XML is shown as the service sent it.',
        ),
      );
    }
  };
}
