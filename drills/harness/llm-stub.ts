// A loopback stand-in for an OpenAI-compatible model server (POST /v1/chat/completions), for the worker
// started with AI_PROVIDER=openai and OPENAI_BASE_URL pointing here. Like the unit-level stub of the
// ai-worker (services/ai-worker/src/test/stub-llm.ts) it can answer well, answer garbage, fail or hang,
// and it counts the chat calls it receives so the drills can tell how often a job reached the model.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * - answer: a valid structured answer (its title is MODEL_TITLE, so the drills can tell it from the rules')
 * - prose: HTTP 200, a well-formed completion whose content is not JSON
 * - not-json: HTTP 200 with a body that is not JSON at all
 * - error500: HTTP 500 with an OpenAI-style error body
 * - hang: reads the request and never answers
 */
export type StubBehaviour = 'answer' | 'prose' | 'not-json' | 'error500' | 'hang';

export const MODEL_TITLE = 'Call Acme [model]';

/** What a well-behaved model says to "call Acme tomorrow 3pm". */
const MODEL_ANSWER = {
  title: MODEL_TITLE,
  description: '',
  clientName: null,
  priority: 'medium',
  dueDate: null,
  dueTime: '15:00',
  estimatedTime: null,
  isRecurring: false,
  recurringType: null,
  recurringInterval: 1,
};

export interface LlmStub {
  /** The OPENAI_BASE_URL to give the worker: http://127.0.0.1:PORT/v1 */
  baseUrl: string;
  /** Chat-completion calls received so far. */
  readonly calls: number;
  behave(next: StubBehaviour): void;
  /** Resolves once `count` calls have been received in total. */
  waitForCalls(count: number, timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

function completion(model: unknown, content: string) {
  return {
    id: 'chatcmpl-drill',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop', logprobs: null }],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  };
}

export async function startLlmStub(): Promise<LlmStub> {
  let behaviour: StubBehaviour = 'answer';
  let calls = 0;
  const sockets = new Set<Socket>();
  const waiters = new Set<() => void>();

  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
        return;
      }
      calls += 1;
      for (const wake of waiters) wake();
      let model: unknown = 'stub-model';
      try {
        model = (JSON.parse(raw) as { model?: unknown }).model;
      } catch {
        // the worker always sends JSON; the model name only decorates the answer
      }
      const json = (status: number, payload: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
      switch (behaviour) {
        case 'hang':
          return; // the socket stays open until the client gives up or the stub closes
        case 'error500':
          return json(500, { error: { message: 'stub: internal error', type: 'server_error' } });
        case 'not-json':
          res.writeHead(200, { 'content-type': 'application/json' }).end('<html>502 Bad Gateway</html> {"choices": [');
          return;
        case 'prose':
          return json(200, completion(model, 'Sure! I would be happy to help you call Acme tomorrow at 3pm. Anything else?'));
        case 'answer':
          return json(200, completion(model, JSON.stringify(MODEL_ANSWER)));
      }
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    get calls() {
      return calls;
    },
    behave(next) {
      behaviour = next;
    },
    waitForCalls(count, timeoutMs) {
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          if (calls < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`the model stub got ${calls} calls, expected ${count} within ${timeoutMs} ms`));
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
