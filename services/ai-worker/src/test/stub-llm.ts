import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** What the stub answers to the next chat call. */
export type StubBehaviour =
  | { kind: 'content'; content: string }
  | { kind: 'status'; status: number; body?: unknown }
  | { kind: 'hang' };

export interface RecordedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

export interface StubLlmServer {
  /** http://127.0.0.1:PORT */
  url: string;
  requests: RecordedRequest[];
  behave(behaviour: StubBehaviour): void;
  close(): Promise<void>;
}

/**
 * A stand-in for the model servers on loopback (ARCHITECTURE convention 10: the LLM's HTTP API is the one
 * boundary we double). It speaks both protocols the providers use: Ollama's `POST /api/chat` (non-streamed)
 * and OpenAI's `POST /v1/chat/completions`, and can answer with any content, an HTTP error, or not at all.
 */
export async function startStubLlm(): Promise<StubLlmServer> {
  let behaviour: StubBehaviour = { kind: 'content', content: '{}' };
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();

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
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const current = behaviour;
      if (current.kind === 'hang') return; // never answers
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      if (current.kind === 'status') {
        const error = current.body ?? { error: { message: `stub error ${current.status}`, type: 'server_error' } };
        return send(current.status, error);
      }
      if (req.url === '/api/chat') {
        return send(200, {
          model: body.model,
          created_at: new Date().toISOString(),
          message: { role: 'assistant', content: current.content },
          done: true,
          done_reason: 'stop',
        });
      }
      if (req.url === '/v1/chat/completions') {
        return send(200, {
          id: 'chatcmpl-stub',
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: body.model,
          choices: [{ index: 0, message: { role: 'assistant', content: current.content, refusal: null }, finish_reason: 'stop', logprobs: null }],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        });
      }
      return send(404, { error: 'not found' });
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
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
