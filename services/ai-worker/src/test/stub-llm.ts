import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** What the stub answers to the next chat call. */
export type StubBehaviour =
  /** A well-formed chat answer whose message is `content`, after `delayMs` (a slow model). */
  | { kind: 'content'; content: string; delayMs?: number }
  /** A well-formed chat answer without content: Ollama's message content '', OpenAI's null. */
  | { kind: 'empty' }
  /** An HTTP error with a JSON body (by default an OpenAI-style error). */
  | { kind: 'status'; status: number; body?: unknown }
  /** `body` sent as it is, with a JSON content type: a broken gateway, a body that is not JSON. */
  | { kind: 'raw'; status: number; body: string }
  /** Reads the request and never answers; the socket stays open until the client gives up or the stub closes. */
  | { kind: 'hang' };

export interface RecordedRequest {
  method: string;
  url: string;
  /** When the request's body had arrived (Date.now()). */
  receivedAt?: number;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

export interface StubLlmServer {
  /** http://127.0.0.1:PORT (Ollama's base URL; OpenAI's is this plus `/v1`) */
  url: string;
  /** Every request received so far, oldest first. */
  requests: RecordedRequest[];
  behave(behaviour: StubBehaviour): void;
  /** Resolves once `count` requests have been received in total. */
  waitForRequests(count: number, timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

function chatAnswer(url: string | undefined, model: unknown, content: string | null): { status: number; payload: unknown } {
  if (url === '/api/chat') {
    return {
      status: 200,
      payload: { model, created_at: new Date().toISOString(), message: { role: 'assistant', content: content ?? '' }, done: true, done_reason: 'stop' },
    };
  }
  if (url === '/v1/chat/completions') {
    return {
      status: 200,
      payload: {
        id: 'chatcmpl-stub',
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model,
        choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop', logprobs: null }],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      },
    };
  }
  return { status: 404, payload: { error: { message: 'not found' } } };
}

/**
 * A stand-in for the model servers on loopback (docs/development.md convention 10: the LLM's HTTP API is the one
 * boundary we double), used by the worker's and the api's tests and by the fault drills. It speaks both
 * protocols the providers use: Ollama's `POST /api/chat` (non-streamed) and OpenAI's `POST /v1/chat/completions`,
 * and can answer with any content (also slowly), no content, an HTTP error, a body that is not JSON, or not at all.
 */
export async function startStubLlm(): Promise<StubLlmServer> {
  let behaviour: StubBehaviour = { kind: 'content', content: '{}' };
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const waiters = new Set<() => void>();

  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      let body: Record<string, unknown> = {};
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        body = { raw };
      }
      requests.push({ method: req.method ?? '', url: req.url ?? '', receivedAt: Date.now(), headers: req.headers, body });
      for (const wake of waiters) wake();
      const current = behaviour;
      if (current.kind === 'hang') return;
      const send = (status: number, text: string) => res.writeHead(status, { 'content-type': 'application/json' }).end(text);
      if (current.kind === 'raw') return send(current.status, current.body);
      if (current.kind === 'status') {
        return send(current.status, JSON.stringify(current.body ?? { error: { message: `stub error ${current.status}`, type: 'server_error' } }));
      }
      const { status, payload } = chatAnswer(req.url, body.model, current.kind === 'empty' ? null : current.content);
      if (current.kind === 'content' && current.delayMs) {
        const timer = setTimeout(() => send(status, JSON.stringify(payload)), current.delayMs);
        res.on('close', () => clearTimeout(timer));
        return;
      }
      return send(status, JSON.stringify(payload));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    behave(next) {
      behaviour = next;
    },
    waitForRequests(count, timeoutMs) {
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          if (requests.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`the model stub got ${requests.length} requests, expected ${count} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
