// "Run NRQL Query…": on either backend the query goes to the NerdGraph endpoint of the connection's host with the
// same key, as a `Nrql!` variable.
import * as vscode from 'vscode';

import type { NrqlClient } from '../api/backend';
import { ApiError } from '../api/apiError';
import { exampleNrql } from '../api/nerdgraph/nrqlQuery';
import type { NrqlResult } from '../api/nerdgraph/nrqlQuery';
import type { ConnectionSession } from '../session/connectionSession';
import { nrqlPanelData, nrqlTimeseriesCharts } from '../panels/nrqlCharts';
import type { ExplorerEntity, NrqlSource } from '../panels/protocol';
import { MAX_NRQL_LENGTH } from '../panels/protocol';
import { pickApplication, requireConnection } from '../palette/pickers';
import type { Services } from '../services';
import { askAccount, listingAccounts } from './accountCommands';

/** A query passed as the command's argument (tests, keybindings) instead of asked for. */
export interface NrqlQueryArgs {
  nrql: string;
  applicationId: number;
  /** Default: as the palette chooses it, without asking when there is one account. */
  accountId?: number;
}

export interface NrqlQueryOutcome {
  uri: string;
  charted: boolean;
}

interface TypedQuery {
  nrql: string;
  applicationId: number;
}

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

function isNrqlQueryArgs(v: unknown): v is NrqlQueryArgs {
  const a = v as Partial<NrqlQueryArgs> | undefined;
  return (
    typeof a === 'object' &&
    a !== null &&
    typeof a.nrql === 'string' &&
    a.nrql.trim() !== '' &&
    isId(a.applicationId) &&
    (a.accountId === undefined || isId(a.accountId))
  );
}

/** An account picked earlier in this session (`picked`, per NRQL client) is used without asking. */
async function chooseAccount(client: NrqlClient, picked: WeakMap<NrqlClient, number>): Promise<number | undefined> {
  if (client.storedAccountId !== undefined) {
    return client.storedAccountId;
  }
  const accountId =
    picked.get(client) ?? (await askAccount(await listingAccounts((options) => client.listAccounts(options))));
  if (accountId !== undefined) {
    picked.set(client, accountId);
  }
  return accountId;
}

async function applicationFor(services: Services, conn: ConnectionSession): Promise<number | undefined> {
  const bound = services.bindings.active()?.binding;
  if (bound && bound.region === services.connectionRegion()) {
    return bound.id;
  }
  return (await pickApplication(conn, vscode.l10n.t('Application of the NRQL query')))?.id;
}

async function askQuery(
  services: Services,
  conn: ConnectionSession,
  accountId: number,
  start?: TypedQuery,
): Promise<TypedQuery | undefined> {
  const applicationId = start?.applicationId ?? (await applicationFor(services, conn));
  if (applicationId === undefined) {
    return undefined;
  }
  const nrql = await vscode.window.showInputBox({
    title: vscode.l10n.t('Run NRQL Query (account {0})', accountId),
    prompt: vscode.l10n.t('A NRQL query; with TIMESERIES its result is charted too.'),
    value: start?.nrql ?? exampleNrql(applicationId),
    ignoreFocusOut: true,
    validateInput: (v) =>
      v.trim() === ''
        ? vscode.l10n.t('Enter a NRQL query.')
        : v.length > MAX_NRQL_LENGTH
          ? vscode.l10n.t('A query of at most {0} characters.', MAX_NRQL_LENGTH)
          : undefined,
  });
  return nrql === undefined ? undefined : { nrql, applicationId };
}

function excerpt(nrql: string): string {
  const line = nrql.replace(/\s+/g, ' ').trim();
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
}

async function run(client: NrqlClient, accountId: number, nrql: string): Promise<NrqlResult> {
  return vscode.window.withProgress(
    {
      location: vscode.ProgressLocation.Notification,
      title: vscode.l10n.t('Running the NRQL query in account {0}…', accountId),
      cancellable: true,
    },
    (_progress, token) => {
      const abort = new AbortController();
      token.onCancellationRequested(() => abort.abort());
      return client.run(accountId, nrql, { signal: abort.signal });
    },
  );
}

export function runNrqlQuery(services: Services) {
  /** A query that got no answer (refused, failed, cancelled): the next run starts from it, so a typo costs no retyping. */
  let unanswered: TypedQuery | undefined;
  /** "Switch Account…" stores one with the key for good; a new session asks again. */
  const picked = new WeakMap<NrqlClient, number>();

  return async (args?: unknown): Promise<NrqlQueryOutcome | undefined> => {
    if (args !== undefined && !isNrqlQueryArgs(args)) {
      throw new Error(
        vscode.l10n.t('Run NRQL Query was given an unusable query (NRQL text and an application ID are needed).'),
      );
    }
    const conn = requireConnection(services.connections.current);
    const client = conn?.nrql;
    if (!conn || !client) {
      return undefined;
    }
    const accountId = args?.accountId ?? (await chooseAccount(client, picked));
    if (accountId === undefined) {
      return undefined;
    }
    const query = args
      ? { nrql: args.nrql, applicationId: args.applicationId }
      : await askQuery(services, conn, accountId, unanswered);
    if (!query) {
      return undefined;
    }
    const { nrql, applicationId } = query;
    let result: NrqlResult;
    try {
      result = await run(client, accountId, nrql);
      unanswered = undefined;
    } catch (e) {
      unanswered = query;
      if (e instanceof ApiError && (e.kind === 'forbidden' || e.kind === 'notFound')) {
        // Perhaps the wrong account: the next run asks again instead of repeating it.
        picked.delete(client);
      }
      throw e; // The command wrapper shows the service's message with the error policy's actions.
    }
    const editor = await services.rawResponses.show(
      {
        status: 200,
        contentType: 'application/json',
        body: `${JSON.stringify(result.results, null, 2)}\n`,
        url: client.graphqlUrl,
      },
      'json',
      {
        title: vscode.l10n.t('NRQL in account {0} ({1} rows)', accountId, result.results.length),
        graphql: client.request(accountId, nrql),
      },
    );
    const charted = nrqlTimeseriesCharts(result) !== undefined;
    if (charted) {
      const source: NrqlSource = { accountId, query: nrql };
      const entity: ExplorerEntity = { kind: 'explorer', applicationId, title: excerpt(nrql), nrql: source };
      services.panels.show(entity, undefined, { loaded: nrqlPanelData(result, source, entity.title), beside: true });
    }
    return { uri: editor.document.uri.toString(), charted };
  };
}
