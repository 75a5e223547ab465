/**
 * An HTTPS server that answers every GET with the same bytes, so the client and its anchor read
 * identical bodies and the server's own work (none) does not dilute the ratio.
 */
import * as https from 'node:https';
import type { AddressInfo } from 'node:net';

import { makeCertificate } from '../../src/simulator/cert';

export interface BodyServer {
  baseUrl: string;
  certPem: string;
  /** Path and query of the last request, so an anchor can ask for exactly what the client asked. */
  lastPath(): string;
  close(): Promise<void>;
}

export async function serveBody(body: Buffer, contentType: string): Promise<BodyServer> {
  const { cert, key } = await makeCertificate();
  let last = '/';
  const server = https.createServer({ cert, key }, (req, res) => {
    last = req.url ?? '/';
    res.writeHead(200, { 'content-type': contentType, 'content-length': body.length });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    certPem: cert,
    lastPath: () => last,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
