/**
 * The simulator's NerdGraph endpoint over the SDL in schema.ts; GraphQL-level failures are HTTP 200 with
 * `errors` whose `extensions.errorClass` names the class (docs/service.md#nerdgraph-errors).
 */
import { graphql, GraphQLError, parse, print, visit } from 'graphql';
import type { DocumentNode } from 'graphql';

import type { Dataset } from '../dataset';
import type { AnyFault, FaultTable, NerdGraphOperation } from '../faults';
import { RecordBuilder } from '../records';
import type { Region } from '../restAnswer';
import type { EntityContext, ErrorRateScale } from './entities';
import { aiIssuesFor } from './aiIssues';
import { decodeCursor, encodeCursor } from './cursor';
import type { ChangeEventArgs } from './changeEvents';
import { createChangeEvent } from './changeEvents';
import { createDeployment, withDeploymentSearch } from './deployments';
import type { DeploymentInput } from './deployments';
import { decodeGuid, EntitySearchError, entityByGuid, searchEntities } from './entities';
import { withException } from './exceptions';
import type { NrqlFieldErrors } from './fieldErrors';
import { exceptionTimesOut, nrqlTimesOut, timedOutError } from './fieldErrors';
import { NrqlError, runNrql } from './nrqlEngine';
import { nerdGraphSchema } from './schema';

export interface NerdGraphOptions {
  accounts: Readonly<Record<Region, readonly SimulatedAccount[]>>;
  keys: Readonly<Record<Region, string>>;
  now: () => Date;
  faults: FaultTable;
  /** Entities per `entitySearch` page (the service's is 200). */
  pageSize?: number;
  /** Issues per `aiIssues.issues` page (AI_ISSUES_PAGE_SIZE by default). */
  aiIssuesPageSize?: number;
  /** `apmSummary.errorRate` as a fraction (default) or a percentage (entities.ts, ErrorRateScale). */
  errorRateScale?: ErrorRateScale;
  /** Requests in flight per key before 429 (the service's limit is 25 per user). */
  maxInFlight?: number;
}

export interface GraphqlReply {
  status: number;
  body: string;
  headers: Record<string, string>;
  operation?: NerdGraphOperation;
  region: Region;
}

export const SIMULATED_ACCOUNTS: Readonly<Record<Region, { id: number; name: string }>> = {
  us: { id: 1_234_567, name: 'Timeslice Simulator (US)' },
  eu: { id: 7_654_321, name: 'Timeslice Simulator (EU)' },
};

export interface SimulatedAccount {
  id: number;
  name: string;
  dataset: Dataset;
}

/** A region's account number `index`: ids a million apart, so a test tells them apart at a glance. */
export function simulatedAccountOutline(region: Region, index: number): { id: number; name: string } {
  const first = SIMULATED_ACCOUNTS[region];
  return index === 0 ? first : { id: first.id + index * 1_000_000, name: `${first.name} #${index + 1}` };
}

/** The service's own 401 body (docs/service.md#nerdgraph-errors; newrelic-client-go PR #603). */
export const BAD_API_KEY_BODY = JSON.stringify({
  errors: [{ extensions: { error_code: 'BAD_API_KEY' }, message: 'Bad API Key or no API Key provided' }],
});

const FIELD_FAULTS: Partial<Record<AnyFault['kind'], { errorClass: string; message: string }>> = {
  tooManyRequests: { errorClass: 'TOO_MANY_REQUESTS', message: 'Too many requests, please try again later.' },
  nrqlTimeout: { errorClass: 'TIMEOUT', message: "Your query either timed out or we're under heavy load." },
  invalidInput: {
    errorClass: 'INVALID_INPUT',
    message: "NRQL Syntax Error: Error at line 1 position 15, unexpected 'FROM'",
  },
  // The class the service gives for an account the key's user may not query (as in root() below).
  accessDenied: { errorClass: 'ACCESS_DENIED', message: 'You are not authorized to query this account' },
  graphqlServerError: { errorClass: 'SERVER_ERROR', message: 'Server Error' },
  internalServerError: { errorClass: 'INTERNAL_SERVER_ERROR', message: 'Internal Server Error' },
};

interface Ctx {
  operation: NerdGraphOperation;
  fail?: { errorClass: string; message: string };
}

const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' };

/** NRQL over change-tracking events is `graphql.changeEvents`, so a test can fail the deployments alone. */
export function operationOf(doc: DocumentNode, variables?: unknown): NerdGraphOperation {
  const names = new Set<string>();
  visit(doc, {
    Field: (node) => {
      names.add(node.name.value);
    },
  });
  if (names.has('aiIssues')) {
    return 'graphql.aiIssues';
  }
  if (names.has('nrql')) {
    const values: unknown[] = typeof variables === 'object' && variables ? Object.values(variables) : [];
    const texts = [print(doc), ...values];
    const changes = texts.some((t) => typeof t === 'string' && /\bfrom\s+(deployment|changetrackingevent)\b/i.test(t));
    return changes ? 'graphql.changeEvents' : 'graphql.nrql';
  }
  if (names.has('entitySearch')) {
    return 'graphql.entitySearch';
  }
  if (names.has('entity') || names.has('entities')) {
    return 'graphql.entity';
  }
  return names.has('accounts') ? 'graphql.accounts' : 'graphql.user';
}

export class NerdGraphService {
  private readonly inFlight = new Map<string, number>();
  private readonly records = new Map<number, RecordBuilder>();
  errorRateScale: ErrorRateScale;
  aiIssuesPageSize: number | undefined;
  /** NRQL fields answered as timed out (see NrqlFieldErrors); none when undefined. */
  nrqlFieldErrors: NrqlFieldErrors | undefined;

  constructor(private readonly options: NerdGraphOptions) {
    this.aiIssuesPageSize = options.aiIssuesPageSize;
    for (const account of [...options.accounts.us, ...options.accounts.eu]) {
      this.records.set(account.id, new RecordBuilder(account.dataset, options.now));
    }
    this.errorRateScale = options.errorRateScale ?? 'fraction';
  }

  /** Requests of this key being answered now (tests wait on it instead of sleeping). */
  inFlightFor(key: string): number {
    return this.inFlight.get(key) ?? 0;
  }

  async answer(region: Region, key: string | undefined, rawBody: string): Promise<GraphqlReply> {
    const reply = (
      status: number,
      body: unknown,
      operation?: NerdGraphOperation,
      headers: Record<string, string> = JSON_TYPE,
    ): GraphqlReply => ({
      status,
      body: typeof body === 'string' ? body : JSON.stringify(body),
      headers,
      operation,
      region,
    });
    let request: { query?: unknown; variables?: unknown; operationName?: unknown };
    try {
      request = JSON.parse(rawBody) as typeof request;
    } catch {
      return reply(400, { errors: [{ message: 'The request body is not valid JSON.' }] });
    }
    if (typeof request !== 'object' || request === null || typeof request.query !== 'string') {
      return reply(400, { errors: [{ message: 'The request body must be {"query": "...", "variables": {...}}.' }] });
    }
    let doc: DocumentNode;
    try {
      doc = parse(request.query);
    } catch (e) {
      return reply(200, { errors: [{ message: (e as Error).message, extensions: { errorClass: 'INVALID_INPUT' } }] });
    }
    const operation = operationOf(doc, request.variables);
    const fault = this.options.faults.take(operation);
    if (!key || key !== this.options.keys[region] || fault?.kind === 'unauthorized') {
      return reply(401, BAD_API_KEY_BODY, operation);
    }
    const busy = this.inFlight.get(key) ?? 0;
    if (busy >= (this.options.maxInFlight ?? 25) || fault?.kind === 'rateLimited') {
      return reply(429, '{}', operation); // The 429 body is not documented (docs/service.md#rate-limits): send `{}`.
    }
    // The request counts as in flight for its whole life, delay included: the limit is on concurrency.
    this.inFlight.set(key, busy + 1);
    try {
      if (fault?.kind === 'delay') {
        await new Promise((resolve) => setTimeout(resolve, fault.delayMs ?? 5000));
      }
      switch (fault?.kind) {
        case 'paymentRequired':
          return reply(402, { errors: [{ message: 'Payment Required' }] }, operation);
        case 'serverError':
          return reply(500, '<html><body><h1>Internal Server Error</h1></body></html>', operation, {
            'content-type': 'text/html',
          });
        case 'badGateway':
          return reply(502, '<html><body><h1>502 Bad Gateway</h1></body></html>', operation, {
            'content-type': 'text/html',
          });
        case 'unavailable':
          return reply(503, '<html><body><h1>503 Service Unavailable</h1></body></html>', operation, {
            'content-type': 'text/html',
            'retry-after': String(fault.retryAfterSeconds ?? 1),
          });
        case 'gatewayTimeout':
          return reply(504, '<html><body><h1>504 Gateway Time-out</h1></body></html>', operation, {
            'content-type': 'text/html',
          });
        case 'wrongContentType':
          return reply(200, '<!DOCTYPE html><html><body><form>Sign in</form></body></html>', operation, {
            'content-type': 'text/html; charset=utf-8',
          });
        default:
          break;
      }
      const ctx: Ctx = { operation, fail: fault ? FIELD_FAULTS[fault.kind] : undefined };
      const result = await graphql({
        schema: nerdGraphSchema,
        source: request.query,
        rootValue: this.root(region),
        contextValue: ctx,
        variableValues:
          typeof request.variables === 'object' && request.variables !== null
            ? (request.variables as Record<string, unknown>)
            : undefined,
        operationName: typeof request.operationName === 'string' ? request.operationName : undefined,
      });
      const body: Record<string, unknown> = { ...result };
      if (fault?.kind === 'deprecation') {
        // A warning beside intact data (docs/service.md#nerdgraph-errors: client-go keeps the data).
        body.errors = [
          ...(result.errors ?? []),
          { message: 'This field is deprecated! Use `applicationInstancesV2` instead.', path: ['actor'] },
        ];
      }
      const text = JSON.stringify(body);
      return reply(200, fault?.kind === 'truncated' ? text.slice(0, 40) : text, operation);
    } finally {
      this.inFlight.set(key, (this.inFlight.get(key) ?? 1) - 1);
    }
  }

  private entityContexts(region: Region): EntityContext[] {
    return this.options.accounts[region].map((a) => ({
      dataset: a.dataset,
      records: this.records.get(a.id)!,
      accountId: a.id,
      errorRateScale: this.errorRateScale,
    }));
  }

  private entity(region: Region, guid: string): Record<string, unknown> | null {
    for (const ctx of this.entityContexts(region)) {
      const found = entityByGuid(ctx, guid);
      if (found) {
        const entity = withException(
          withDeploymentSearch(found, ctx.dataset, this.options.now),
          ctx.dataset,
          this.options.now,
        );
        if (entity.exception && exceptionTimesOut(this.nrqlFieldErrors, decodeGuid(guid)?.domainId)) {
          entity.exception = () => {
            throw timedOutError();
          };
        }
        return entity;
      }
    }
    return null;
  }

  private root(region: Region): Record<string, unknown> {
    const accounts = this.options.accounts[region];
    const failIf = (ctx: Ctx, op: NerdGraphOperation) => {
      if (ctx.fail && ctx.operation === op) {
        throw new GraphQLError(ctx.fail.message, { extensions: { errorClass: ctx.fail.errorClass } });
      }
    };
    const actor = {
      user: (_: unknown, ctx: Ctx) => {
        failIf(ctx, 'graphql.user');
        return { id: 1_000_001, name: 'Simulated User', email: 'user@example.com' };
      },
      accounts: (_: unknown, ctx: Ctx) => {
        failIf(ctx, 'graphql.accounts');
        return accounts.map((a) => ({ id: a.id, name: a.name, reportingEventTypes: ['Metric', 'Transaction'] }));
      },
      account: ({ id }: { id: number }) => {
        const account = accounts.find((a) => a.id === id);
        return {
          id,
          name: account?.name ?? null,
          aiIssues: account
            ? aiIssuesFor(account.dataset, account.id, region, this.options.now, this.aiIssuesPageSize)
            : null,
          nrql: async ({ query }: { query: string }, ctx: Ctx) => {
            failIf(ctx, 'graphql.nrql');
            failIf(ctx, 'graphql.changeEvents');
            if (nrqlTimesOut(this.nrqlFieldErrors, query, id)) {
              throw timedOutError();
            }
            if (!account) {
              // Spelled as the account-management docs do, so clients read both places (docs/service.md#nerdgraph-errors).
              throw new GraphQLError(`You are not authorized to query account ${id}`, {
                extensions: { nerdGraphExtensions: { errorClass: 'ACCESS_DENIED' } },
              });
            }
            try {
              return {
                ...(await runNrql({ dataset: account.dataset, accountId: account.id, now: this.options.now() }, query)),
                nrql: query,
              };
            } catch (e) {
              if (e instanceof NrqlError) {
                throw new GraphQLError(e.message, { extensions: { errorClass: e.errorClass } });
              }
              throw e;
            }
          },
        };
      },
      entitySearch: ({ query }: { query?: string }, ctx: Ctx) => {
        failIf(ctx, 'graphql.entitySearch');
        let all: Array<Record<string, unknown>>;
        try {
          all = this.entityContexts(region)
            .flatMap((c) => searchEntities(c, query ?? ''))
            .sort((a, b) => String(a.name).localeCompare(String(b.name)));
        } catch (e) {
          if (e instanceof EntitySearchError) {
            throw new GraphQLError(e.message, { extensions: { errorClass: 'INVALID_INPUT' } });
          }
          throw e;
        }
        const size = this.options.pageSize ?? 200;
        return {
          count: all.length,
          query: query ?? '',
          results: ({ cursor }: { cursor?: string | null }) => {
            const offset = cursor ? decodeCursor(cursor) : 0;
            if (offset === undefined) {
              throw new GraphQLError('Invalid cursor', { extensions: { errorClass: 'INVALID_INPUT' } });
            }
            const next = offset + size < all.length ? encodeCursor(offset + size) : null;
            return { nextCursor: next, entities: all.slice(offset, offset + size) };
          },
        };
      },
      entity: ({ guid }: { guid: string }, ctx: Ctx) => {
        failIf(ctx, 'graphql.entity');
        return this.entity(region, guid);
      },
      entities: ({ guids }: { guids: string[] }, ctx: Ctx) => {
        failIf(ctx, 'graphql.entity');
        return guids.map((g) => this.entity(region, g)).filter((e) => e !== null);
      },
    };
    // A mutation (docs/service.md#deployments): the entity's GUID names the account, which must be one the key sees.
    const find = (guid: string) => {
      const g = decodeGuid(guid);
      const dataset = accounts.find((a) => a.id === g?.accountId)?.dataset;
      const app = g?.domain === 'APM' ? dataset?.appsById.get(g.domainId) : undefined;
      return dataset && app ? { dataset, app } : undefined;
    };
    const changeTrackingCreateDeployment = ({ deployment }: { deployment: DeploymentInput }) =>
      createDeployment(deployment, find, this.options.now);
    // The recommended write: its entity search runs over the key's accounts; markers go on APM applications.
    const changeTrackingCreateEvent = (args: ChangeEventArgs) =>
      createChangeEvent(
        args,
        (query) =>
          this.entityContexts(region)
            .flatMap((c) => searchEntities(c, query))
            .map((e) => ({ guid: String(e.guid), name: String(e.name), target: find(String(e.guid)) })),
        this.options.now,
      );
    return {
      changeTrackingCreateDeployment,
      changeTrackingCreateEvent,
      actor: () => actor,
      requestContext: () => ({ userId: '1000001', apiKey: `${this.options.keys[region].slice(0, 9)}…` }),
    };
  }
}
