/** Faults the simulator can inject per endpoint, from tests (the in-process API) or CLI flags. */

export const ENDPOINTS = [
  'applications.list',
  'applications.show',
  'hosts.list',
  'hosts.show',
  'instances.list',
  'instances.show',
  'keyTransactions.list',
  'keyTransactions.show',
  'metricNames',
  'metricData',
  'deployments.list',
  'alertsViolations.list',
] as const;
export type EndpointId = (typeof ENDPOINTS)[number];

/** NerdGraph operations, named by the top-level field a request asks for (docs/service.md#nerdgraph-mapping). */
export const NERDGRAPH_OPERATIONS = [
  'graphql.user',
  'graphql.accounts',
  'graphql.entitySearch',
  'graphql.entity',
  'graphql.nrql',
  'graphql.changeEvents',
  'graphql.aiIssues',
] as const;
export type NerdGraphOperation = (typeof NERDGRAPH_OPERATIONS)[number];

export const FAULT_KINDS = [
  'unauthorized',
  'forbiddenJson',
  'forbiddenHtml',
  'wrongRegion',
  'notFound',
  'unprocessable',
  'rateLimited',
  'serverError',
  'badGateway',
  'unavailable',
  'gatewayTimeout',
  'delay',
  'resetMidBody',
  'truncated',
  'invalidBody',
  'wrongContentType',
  'hugeBody',
  'redirectHttp',
  'redirectOtherHost',
  'redirectOtherPort',
  'noLastLink',
  'gone',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** NerdGraph-only answers (docs/service.md#nerdgraph-errors); REST routes ignore them. */
export const NERDGRAPH_FAULT_KINDS = [
  'paymentRequired',
  'tooManyRequests',
  'nrqlTimeout',
  'invalidInput',
  'accessDenied',
  'graphqlServerError',
  'internalServerError',
  'deprecation',
] as const;
export type NerdGraphFaultKind = (typeof NERDGRAPH_FAULT_KINDS)[number];

export function isNerdGraphFault(kind: string): kind is NerdGraphFaultKind {
  return (NERDGRAPH_FAULT_KINDS as readonly string[]).includes(kind);
}

export interface Fault {
  endpoint: EndpointId | NerdGraphOperation | '*';
  kind: FaultKind;
  /** How many requests it hits; unlimited when omitted. */
  times?: number;
  /** For `delay`: how long before answering normally (default 5 s). */
  delayMs?: number;
  /** For `rateLimited` and `unavailable`: the wait announced in the headers (default 1 s). */
  retryAfterSeconds?: number;
}

/** A fault only the NerdGraph endpoint answers. */
export interface NerdGraphFault extends Omit<Fault, 'kind' | 'endpoint'> {
  endpoint: NerdGraphOperation | '*';
  kind: NerdGraphFaultKind;
}

export type AnyFault = Fault | NerdGraphFault;

export class FaultTable {
  private readonly faults: Array<AnyFault & { left: number }> = [];

  add(fault: AnyFault): void {
    this.faults.push({ ...fault, left: fault.times ?? Number.POSITIVE_INFINITY });
  }

  clear(): void {
    this.faults.length = 0;
  }

  /** How many times the faults injected for `endpoint` have been applied (a delayed request counts when it starts waiting). */
  used(endpoint: EndpointId | NerdGraphOperation): number {
    return this.faults
      .filter((f) => f.endpoint === endpoint && f.times !== undefined)
      .reduce((n, f) => n + (f.times! - f.left), 0);
  }

  /** The first live fault for this endpoint, used up by one. */
  take(endpoint: EndpointId | NerdGraphOperation): AnyFault | undefined {
    const hit = this.faults.find((f) => f.left > 0 && (f.endpoint === '*' || f.endpoint === endpoint));
    if (hit) {
      hit.left--;
    }
    return hit;
  }
}

/** Parses a CLI fault, `endpoint:kind[:times]`, e.g. `metricData:unavailable:2` or `*:delay`. */
export function parseFaultFlag(flag: string): AnyFault {
  const [endpoint, kind, times] = flag.split(':');
  if (endpoint !== '*' && ![...ENDPOINTS, ...NERDGRAPH_OPERATIONS].includes(endpoint as EndpointId)) {
    throw new Error(
      `Unknown endpoint "${endpoint}" in --fault ${flag}; use one of *, ${[...ENDPOINTS, ...NERDGRAPH_OPERATIONS].join(', ')}.`,
    );
  }
  const kinds: readonly string[] = [...FAULT_KINDS, ...NERDGRAPH_FAULT_KINDS];
  if (!kinds.includes(kind)) {
    throw new Error(`Unknown fault "${kind}" in --fault ${flag}; use one of ${kinds.join(', ')}.`);
  }
  const count = times === undefined ? undefined : Number(times);
  if (count !== undefined && !(Number.isInteger(count) && count > 0)) {
    throw new Error(`The count in --fault ${flag} must be a positive whole number.`);
  }
  return { endpoint: endpoint as EndpointId | NerdGraphOperation | '*', kind: kind as FaultKind, times: count };
}
