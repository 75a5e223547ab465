/** The pieces every REST v2 answer is made of: content types, the service's own error wordings, the senders. */
import type * as http from 'node:http';

import type { Format } from './restAnswer';
import type { Route } from './routes';
import { toJson, toXml } from './serialize';

export type Headers = Record<string, string | number>;
/** Sends `body` with `status` (an ETag and 304 handling on 200s) and records the request. */
export type Send = (status: number, body: string, headers?: Headers) => void;
/** Sends the service's `{ error: { title } }` in the route's format. */
export type SendError = (status: number, title: string, headers?: Headers) => void;

/** One REST request being answered: the request, its route, and how to answer it. */
export interface RestExchange {
  req: http.IncomingMessage;
  res: http.ServerResponse;
  url: URL;
  route: Route;
  send: Send;
  error: SendError;
}

/** What a retired REST v2 answers (410 Gone: see src/api/backendChoice.ts for why this shape). */
export const GONE_TITLE = 'REST API v2 has reached its end of life. Use NerdGraph (POST /graphql) instead.';
/** The service's answer to a key of the other region (its own wording). */
export const WRONG_REGION_HTML =
  '<!DOCTYPE html>\n<html><head><title>403 Forbidden</title></head><body><h1>Forbidden</h1><p>Account is not valid in this region</p></body></html>\n';

export function contentType(format: Format): string {
  return format === 'xml' ? 'application/xml; charset=utf-8' : 'application/json; charset=utf-8';
}

export function serialize(format: Format, body: Record<string, unknown>): string {
  return format === 'xml' ? toXml(body) : toJson(body);
}
