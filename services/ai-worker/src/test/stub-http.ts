import http from 'node:http';
import net, { type AddressInfo, type Socket } from 'node:net';

/** A request a stub received, its body as sent. */
export interface StubRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface StubHttp {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** `127.0.0.1:<port>` */
  host: string;
  received: StubRequest[];
  /** TCP connections it accepted (a request refused before connecting leaves this at 0). */
  connections: number;
  close(): Promise<void>;
}

/**
 * An HTTP server on 127.0.0.1 standing in for a service we cannot reach (ntfy, a webhook, a push service):
 * it records each request, then lets `answer` reply (or never reply). Closing drops open connections.
 */
export async function startStubHttp(answer: (res: http.ServerResponse, request: StubRequest) => void = (res) => res.writeHead(200).end('{}')): Promise<StubHttp> {
  const received: StubRequest[] = [];
  const sockets = new Set<Socket>();
  const stub: StubHttp = {
    url: '',
    host: '',
    received,
    connections: 0,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
      received.push(request);
      answer(res, request);
    });
  });
  server.on('connection', (socket) => {
    stub.connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  stub.url = `http://127.0.0.1:${port}`;
  stub.host = `127.0.0.1:${port}`;
  return stub;
}

/** A loopback port nothing listens on. */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
