/** Faults the simulator can inject per endpoint, from tests (the in-process API) or CLI flags. */

export const ENDPOINTS = [
  'applications.list', 'applications.show', 'hosts.list', 'hosts.show', 'instances.list', 'instances.show',
  'keyTransactions.list', 'keyTransactions.show', 'metricNames', 'metricData',
] as const;
export type EndpointId = (typeof ENDPOINTS)[number];

export const FAULT_KINDS = [
  'unauthorized', 'forbiddenJson', 'forbiddenHtml', 'wrongRegion', 'notFound', 'unprocessable', 'rateLimited', 'serverError',
  'badGateway', 'unavailable', 'gatewayTimeout', 'delay', 'resetMidBody', 'truncated', 'invalidBody',
  'wrongContentType', 'hugeBody', 'redirectHttp', 'redirectOtherHost', 'redirectOtherPort', 'noLastLink',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface Fault {
  endpoint: EndpointId | '*';
  kind: FaultKind;
  /** How many requests it hits; unlimited when omitted. */
  times?: number;
  /** For `delay`: how long before answering normally (default 5 s). */
  delayMs?: number;
  /** For `rateLimited` and `unavailable`: the wait announced in the headers (default 1 s). */
  retryAfterSeconds?: number;
}

export class FaultTable {
  private readonly faults: Array<Fault & { left: number }> = [];

  add(fault: Fault): void {
    this.faults.push({ ...fault, left: fault.times ?? Number.POSITIVE_INFINITY });
  }

  clear(): void {
    this.faults.length = 0;
  }

  /** The first live fault for this endpoint, used up by one. */
  take(endpoint: EndpointId): Fault | undefined {
    const hit = this.faults.find((f) => f.left > 0 && (f.endpoint === '*' || f.endpoint === endpoint));
    if (hit) {
      hit.left--;
    }
    return hit;
  }
}

/** Parses a CLI fault, `endpoint:kind[:times]`, e.g. `metricData:unavailable:2` or `*:delay`. */
export function parseFaultFlag(flag: string): Fault {
  const [endpoint, kind, times] = flag.split(':');
  if (endpoint !== '*' && !(ENDPOINTS as readonly string[]).includes(endpoint)) {
    throw new Error(`Unknown endpoint "${endpoint}" in --fault ${flag}; use one of *, ${ENDPOINTS.join(', ')}.`);
  }
  if (!(FAULT_KINDS as readonly string[]).includes(kind)) {
    throw new Error(`Unknown fault "${kind}" in --fault ${flag}; use one of ${FAULT_KINDS.join(', ')}.`);
  }
  const count = times === undefined ? undefined : Number(times);
  if (count !== undefined && !(Number.isInteger(count) && count > 0)) {
    throw new Error(`The count in --fault ${flag} must be a positive whole number.`);
  }
  return { endpoint: endpoint as EndpointId | '*', kind: kind as FaultKind, times: count };
}
