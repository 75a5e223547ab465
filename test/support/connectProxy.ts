/**
 * A tiny HTTP proxy on loopback for tests: it only tunnels (CONNECT), counts the tunnels, records
 * each CONNECT target and its headers, and keeps every byte the client sent through a tunnel, so a
 * test can check that the proxy never saw the API key. Plain (non-CONNECT) requests are recorded and
 * refused. With `credentials` set it answers 407 unless Proxy-Authorization carries them.
 */
import * as http from 'node:http';
import * as https from 'node:https';
import * as net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface ConnectRecord {
  target: string;
  headers: http.IncomingHttpHeaders;
  allowed: boolean;
}

export class ConnectProxy {
  readonly connects: ConnectRecord[] = [];
  /** Requests that were not CONNECT (a client sending its request to the proxy in plain text). */
  readonly plainRequests: Array<{ method: string; url: string; headers: http.IncomingHttpHeaders }> = [];
  private readonly clientBytes: Buffer[] = [];
  private readonly sockets = new Set<net.Socket>();

  private constructor(
    private readonly server: http.Server,
    private readonly credentials?: string,
  ) {}
  private secure = false;

  /** `tls`: the proxy itself speaks HTTPS (an https:// proxy URL) with this certificate. */
  static async start(
    options: { credentials?: { user: string; password: string }; tls?: { cert: string; key: string } } = {},
  ): Promise<ConnectProxy> {
    const server = options.tls ? https.createServer(options.tls) : http.createServer();
    const creds = options.credentials
      ? Buffer.from(`${options.credentials.user}:${options.credentials.password}`).toString('base64')
      : undefined;
    const proxy = new ConnectProxy(server, creds);
    proxy.secure = options.tls !== undefined;
    server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => proxy.onRequest(req, res));
    server.on('connect', (req: http.IncomingMessage, socket: net.Socket, head: Buffer) =>
      proxy.onConnect(req, socket, head),
    );
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', () => resolve()));
    return proxy;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  get url(): string {
    return `${this.secure ? 'https' : 'http'}://127.0.0.1:${this.port}`;
  }

  /** Tunnels that were opened (CONNECT answered 200). */
  get tunnels(): number {
    return this.connects.filter((c) => c.allowed).length;
  }

  /** Everything clients sent into tunnels, as one buffer (TLS records when the client does HTTPS). */
  tunnelledBytes(): Buffer {
    return Buffer.concat(this.clientBytes);
  }

  reset(): void {
    this.connects.length = 0;
    this.plainRequests.length = 0;
    this.clientBytes.length = 0;
  }

  async stop(): Promise<void> {
    for (const s of this.sockets) {
      s.destroy();
    }
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private onRequest(req: http.IncomingMessage, res: http.ServerResponse): void {
    this.plainRequests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    res.writeHead(405, { 'content-type': 'text/plain' }).end('This test proxy only tunnels (CONNECT).');
  }

  private onConnect(req: http.IncomingMessage, client: net.Socket, head: Buffer): void {
    this.sockets.add(client);
    client.on('close', () => this.sockets.delete(client));
    client.on('error', () => client.destroy());
    const target = req.url ?? '';
    const allowed = !this.credentials || req.headers['proxy-authorization'] === `Basic ${this.credentials}`;
    this.connects.push({ target, headers: req.headers, allowed });
    if (!allowed) {
      client.end(
        'HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="test"\r\nContent-Length: 0\r\n\r\n',
      );
      return;
    }
    const [host, port] = splitHostPort(target);
    let established = false;
    const upstream = net.connect(port, host, () => {
      established = true;
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) {
        this.clientBytes.push(head);
        upstream.write(head);
      }
      client.on('data', (chunk: Buffer) => this.clientBytes.push(chunk));
      client.pipe(upstream);
      upstream.pipe(client);
    });
    this.sockets.add(upstream);
    upstream.on('close', () => {
      this.sockets.delete(upstream);
      client.destroy();
    });
    upstream.on('error', () => {
      if (!established && !client.destroyed) {
        client.end('HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n');
      } else {
        client.destroy();
      }
    });
    client.on('close', () => upstream.destroy());
  }
}

function splitHostPort(target: string): [string, number] {
  const m = /^\[?([^\]]+?)\]?:(\d+)$/.exec(target);
  return m ? [m[1], Number(m[2])] : [target, 443];
}
