/** NerdGraph over HTTP: POST /graphql (US) and /eu/graphql (EU), answered by NerdGraphService. */
import type * as http from 'node:http';

import type { NerdGraphService } from './nerdgraph/service';
import type { RequestLog } from './requestLog';
import { headerValue } from './requestLog';
import type { Region } from './restAnswer';

/** The largest request body read; a larger one gets 413 before it is parsed. */
const MAX_REQUEST_BYTES = 1024 * 1024;

export async function answerGraphql(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  region: Region,
  nerdGraph: NerdGraphService,
  log: RequestLog,
): Promise<void> {
  if (req.method !== 'POST') {
    log.record(req, 'https', 405, { region });
    res
      .writeHead(405, { allow: 'POST', 'content-type': 'application/json' })
      .end('{"errors":[{"message":"Use POST"}]}');
    return;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_REQUEST_BYTES) {
      log.record(req, 'https', 413, { region });
      res
        .writeHead(413, { 'content-type': 'application/json' })
        .end('{"errors":[{"message":"Request body too large"}]}');
      return;
    }
    chunks.push(chunk as Buffer);
  }
  const requestBody = Buffer.concat(chunks).toString('utf8');
  const reply = await nerdGraph.answer(region, headerValue(req.headers['api-key']), requestBody);
  log.record(req, 'https', reply.status, { region, endpoint: reply.operation }, reply.body, requestBody);
  if (res.destroyed || req.socket.destroyed) {
    return; // The client gave up during a delay fault.
  }
  res.writeHead(reply.status, { 'content-length': Buffer.byteLength(reply.body), ...reply.headers });
  res.end(reply.body);
}
