// What the simulator keeps of the requests it answered, for tests to inspect.
import type * as http from 'node:http';

import type { EndpointId, NerdGraphOperation } from './faults';
import type { Region } from './restAnswer';

export interface RecordedRequest {
  scheme: 'https' | 'http';
  method: string;
  host: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  region?: Region;
  endpoint?: EndpointId | NerdGraphOperation;
  status: number;
  /** The body as sent, for tests that compare what a client shows with it (absent when cut or streamed). */
  body?: string;
  requestBody?: string;
}

export type RecordedRoute = Pick<RecordedRequest, 'region' | 'endpoint'>;

export function headerValue(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

/** The key a request carries (REST takes it in either header). */
export function apiKeyOf(req: http.IncomingMessage): string | undefined {
  return headerValue(req.headers['api-key']) ?? headerValue(req.headers['x-api-key']);
}

export class RequestLog {
  readonly requests: RecordedRequest[] = [];
  private readonly answering = new Map<string, number>();
  private answeringAll = 0;
  private readonly peaks = new Map<string, number>();
  private peakAll = 0;

  constructor(private readonly max: number) {}

  record(
    req: http.IncomingMessage,
    scheme: 'https' | 'http',
    status: number,
    route?: RecordedRoute,
    body?: string,
    requestBody?: string,
  ): void {
    const url = new URL(req.url ?? '/', 'http://x');
    this.requests.push({
      scheme,
      method: req.method ?? 'GET',
      host: req.headers.host ?? '',
      path: url.pathname,
      query: url.searchParams,
      headers: { ...req.headers },
      region: route?.region,
      endpoint: route?.endpoint,
      status,
      ...(body !== undefined ? { body } : {}),
      ...(requestBody !== undefined ? { requestBody } : {}),
    });
    if (this.requests.length > this.max) {
      this.requests.splice(0, this.requests.length - this.max);
    }
  }

  countInFlight(req: http.IncomingMessage, res: http.ServerResponse): void {
    const key = apiKeyOf(req) ?? '';
    const now = (this.answering.get(key) ?? 0) + 1;
    this.answering.set(key, now);
    this.peaks.set(key, Math.max(this.peaks.get(key) ?? 0, now));
    this.peakAll = Math.max(this.peakAll, ++this.answeringAll);
    res.once('close', () => {
      this.answering.set(key, (this.answering.get(key) ?? 1) - 1);
      this.answeringAll--;
    });
  }

  get inFlight(): number {
    return this.answeringAll;
  }

  peakInFlight(key?: string): number {
    return key === undefined ? this.peakAll : (this.peaks.get(key) ?? 0);
  }

  clear(): void {
    this.requests.length = 0;
    this.peaks.clear();
    this.peakAll = 0;
  }
}
