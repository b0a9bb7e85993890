import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A request a stub received: its path, headers and JSON body. */
export interface StubRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

/**
 * An HTTP endpoint on loopback that stands in for an ntfy server or a webhook receiver: it records each
 * request and answers `status` (a test may change it, or hold answers back to play a server that hangs).
 */
export async function startHttpStub(): Promise<{ url: string; requests: StubRequest[]; status: number; close(): Promise<void>; server: Server }> {
  const stub = {
    url: '',
    requests: [] as StubRequest[],
    status: 200,
    server: undefined as unknown as Server,
    close: () => new Promise<void>((resolve) => {
      stub.server.closeAllConnections();
      stub.server.close(() => resolve());
    }),
  };
  stub.server = createServer((req, res) => {
    let data = '';
    req.on('data', (chunk: Buffer) => (data += chunk.toString()));
    req.on('end', () => {
      stub.requests.push({ path: req.url ?? '/', headers: req.headers, body: data ? (JSON.parse(data) as Record<string, unknown>) : {} });
      res.writeHead(stub.status, { 'content-type': 'application/json' }).end('{}');
    });
  });
  stub.server.listen(0, '127.0.0.1');
  await new Promise((resolve) => stub.server.once('listening', resolve));
  stub.url = `http://127.0.0.1:${(stub.server.address() as AddressInfo).port}`;
  return stub;
}

/** An SMTP server on loopback that accepts any sign-in and records each message (raw). */
export async function startSmtpStub(): Promise<{ url: string; messages: string[]; close(): Promise<void> }> {
  const messages: string[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onAuth: (_auth, _session, callback) => callback(null, { user: 'daybook' }),
    onData(stream, _session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        messages.push(raw);
        callback();
      });
    },
    logger: false,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://daybook:secret@127.0.0.1:${port}`, messages, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
