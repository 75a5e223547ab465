/**
 * How the simulator answers a REST request that a test's fault took: each fault kind's status, body
 * and headers, modelled on what the service (or a proxy in front of it) sends.
 */
import type { Fault } from './faults';
import { rateLimitHeaders } from './rateLimit';
import type { RequestLog } from './requestLog';
import type { RestExchange } from './restReply';
import { contentType, GONE_TITLE, WRONG_REGION_HTML } from './restReply';

const HUGE_BODY_BYTES = 50 * 1024 * 1024;
const FORBIDDEN_HTML =
  '<!DOCTYPE html>\n<html><head><title>403 Forbidden</title></head><body><h1>Forbidden</h1><p>You are not authorized to access this resource.</p></body></html>\n';

/** What a fault's answer needs of the simulator around it. */
export interface FaultSurroundings {
  /** Requests per key per minute, for the 429's headers. */
  readonly rateLimit: number;
  readonly httpsPort: number;
  readonly httpPort: number;
  readonly log: RequestLog;
  /** A valid body for the request's route (the faults cut it short or spoil it). */
  fullBody(): string;
}

/** Returns true when the fault answered the request itself. */
export async function answerFault(fault: Fault, exchange: RestExchange, at: FaultSurroundings): Promise<boolean> {
  const { req, res, url, route, send, error } = exchange;
  const wait = fault.retryAfterSeconds ?? 1;
  const hostName = url.hostname;
  const json = { 'content-type': contentType(route.format) };
  switch (fault.kind) {
    case 'unauthorized':
      error(401, 'Invalid API key');
      return true;
    case 'forbiddenJson':
      error(403, 'The API key is not allowed to access this account');
      return true;
    case 'forbiddenHtml':
      send(403, FORBIDDEN_HTML, { 'content-type': 'text/html; charset=utf-8' });
      return true;
    case 'wrongRegion':
      send(403, WRONG_REGION_HTML, { 'content-type': 'text/html; charset=utf-8' });
      return true;
    case 'notFound':
      error(404, 'Resource not found');
      return true;
    case 'unprocessable':
      error(422, "Invalid parameter 'from': expected an ISO 8601 time");
      return true;
    // `{}` is JSON whatever the suffix, as on the real limit below.
    case 'rateLimited':
      send(429, '{}', { 'content-type': 'application/json', ...rateLimitHeaders(at.rateLimit, wait) });
      return true;
    case 'serverError':
      send(500, "<html><body><h1>We're sorry, but something went wrong.</h1></body></html>", {
        'content-type': 'text/html',
      });
      return true;
    case 'badGateway':
      send(502, '<html><body><h1>502 Bad Gateway</h1></body></html>', { 'content-type': 'text/html' });
      return true;
    case 'unavailable':
      send(503, '<html><body><h1>503 Service Unavailable</h1></body></html>', {
        'content-type': 'text/html',
        'retry-after': wait,
      });
      return true;
    case 'gatewayTimeout':
      send(504, '<html><body><h1>504 Gateway Time-out</h1></body></html>', { 'content-type': 'text/html' });
      return true;
    case 'delay':
      await new Promise((resolve) => setTimeout(resolve, fault.delayMs ?? 5000));
      return res.destroyed || req.socket.destroyed; // The client gave up: nothing left to answer.
    case 'resetMidBody': {
      const body = at.fullBody();
      at.log.record(req, 'https', 200, route);
      res.writeHead(200, { ...json, 'content-length': Buffer.byteLength(body) });
      res.write(body.slice(0, Math.floor(body.length / 2)), () => req.socket.destroy());
      return true;
    }
    case 'truncated':
      send(200, at.fullBody().slice(0, 40), json);
      return true;
    case 'invalidBody':
      send(
        200,
        route.format === 'xml' ? '<applications type="array"><application><id>1</id>' : '{"applications": [{"id": 1,,]',
        json,
      );
      return true;
    case 'wrongContentType':
      send(200, '<!DOCTYPE html><html><body><form>Sign in</form></body></html>', {
        'content-type': 'text/html; charset=utf-8',
      });
      return true;
    case 'hugeBody':
      await sendHuge(at, exchange);
      return true;
    case 'redirectHttp':
      send(301, 'You are being redirected', {
        location: `http://${hostName}:${at.httpPort}${url.pathname}${url.search}`,
      });
      return true;
    case 'redirectOtherHost': {
      const otherHost = hostName === 'localhost' ? '127.0.0.1' : 'localhost';
      send(301, 'You are being redirected', {
        location: `https://${otherHost}:${at.httpsPort}${url.pathname}${url.search}`,
      });
      return true;
    }
    case 'redirectOtherPort':
      // Same host name, another port: a key must not follow it either.
      send(301, 'You are being redirected', {
        location: `https://${hostName}:${at.httpPort}${url.pathname}${url.search}`,
      });
      return true;
    case 'noLastLink':
      return false;
    case 'gone':
      error(410, GONE_TITLE);
      return true;
  }
}

/** 50 MB, chunked with no length, so a client must count as it reads. */
async function sendHuge(at: FaultSurroundings, { req, res, route }: RestExchange): Promise<void> {
  at.log.record(req, 'https', 200, route);
  res.writeHead(200, { 'content-type': contentType(route.format) });
  const chunk = Buffer.alloc(256 * 1024, 0x20);
  res.write('{"applications": [], "padding": "');
  for (let sent = 0; sent < HUGE_BODY_BYTES && !res.destroyed; sent += chunk.length) {
    if (!res.write(chunk)) {
      await new Promise<void>((resolve) => {
        const done = () => {
          res.off('drain', done);
          res.off('close', done);
          resolve();
        };
        res.on('drain', done);
        res.on('close', done);
      });
    }
  }
  res.end('"}');
}
