// The simulator's loopback listeners: HTTPS, and plain HTTP answering 301 as the service does (docs/service.md#regions-and-keys).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as http from 'node:http';
import * as https from 'node:https';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';

import { makeCertificate } from './cert';

export class Listeners {
  private constructor(
    private readonly httpsServer: https.Server,
    private readonly httpServer: http.Server,
    private readonly certDir: string,
    readonly certPem: string,
    readonly certPath: string,
  ) {}

  /** `onRedirect` hears of each plain-HTTP request after its 301 is decided, so it can be recorded. */
  static async open(
    port: number,
    httpPort: number,
    handle: (req: http.IncomingMessage, res: http.ServerResponse) => void,
    onRedirect: (req: http.IncomingMessage) => void,
  ): Promise<Listeners> {
    const { cert, key } = await makeCertificate();
    const certDir = mkdtempSync(path.join(os.tmpdir(), 'timeslice-sim-'));
    const certPath = path.join(certDir, 'simulator-cert.pem');
    writeFileSync(certPath, cert);
    const httpsServer = https.createServer({ cert, key }, handle);
    const httpServer = http.createServer((req, res) => redirectToHttps(req, res, httpsPortOf(httpsServer), onRedirect));
    await new Promise<void>((resolve, reject) => {
      httpsServer.once('error', reject).listen(port, '127.0.0.1', () => resolve());
    });
    await new Promise<void>((resolve, reject) => {
      httpServer.once('error', reject).listen(httpPort, '127.0.0.1', () => resolve());
    });
    return new Listeners(httpsServer, httpServer, certDir, cert, certPath);
  }

  get httpsPort(): number {
    return httpsPortOf(this.httpsServer);
  }

  get httpPort(): number {
    return (this.httpServer.address() as AddressInfo).port;
  }

  async close(): Promise<void> {
    const close = (server: http.Server | https.Server) =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    await Promise.all([close(this.httpsServer), close(this.httpServer)]);
    rmSync(this.certDir, { recursive: true, force: true });
  }
}

function httpsPortOf(server: https.Server): number {
  return (server.address() as AddressInfo).port;
}

function redirectToHttps(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  httpsPort: number,
  onRedirect: (req: http.IncomingMessage) => void,
): void {
  const url = new URL(req.url ?? '/', 'http://x');
  const hostName = (req.headers.host ?? '127.0.0.1').replace(/:\d+$/, '');
  const target = `https://${hostName}:${httpsPort}${url.pathname}${url.search}`;
  onRedirect(req);
  res.writeHead(301, { location: target, 'content-type': 'text/plain; charset=utf-8' });
  res.end(`You are being redirected to ${target}\n`);
}
