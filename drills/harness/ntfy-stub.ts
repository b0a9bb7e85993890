// A stand-in ntfy server for the reminder drills, on loopback (the ai worker's stub HTTP server underneath):
// it keeps each message the worker publishes and whether the worker got the answer, and can hold a publish
// open without answering, so that the worker can be killed while it waits.
import { startStubHttp } from '../../services/ai-worker/src/test/stub-http';

/** What the worker publishes (`ntfyMessage` in services/ai-worker/src/notify/channels/ntfy.ts): the parts the drills read. */
export interface NtfyMessage {
  topic: string;
  title: string;
  message: string;
  tags: string[];
}

/**
 * One publish the stub received in full. `answered`: its 200 went out; `cut`: the worker went away before
 * the answer (a real ntfy server, which publishes on receipt, would have shown it all the same); `open`:
 * still waiting.
 */
export interface NtfyPublish {
  message: NtfyMessage;
  receivedAt: number;
  outcome: 'open' | 'answered' | 'cut';
}

export interface NtfyStub {
  /** The channel's server: `http://127.0.0.1:<port>` */
  url: string;
  publishes: NtfyPublish[];
  /** The next publish gets no answer: it is held until the worker goes away. */
  holdNext(): void;
  close(): Promise<void>;
}

export async function startNtfyStub(): Promise<NtfyStub> {
  const publishes: NtfyPublish[] = [];
  let hold = false;
  const server = await startStubHttp((res, request) => {
    const publish: NtfyPublish = { message: JSON.parse(request.body.toString()) as NtfyMessage, receivedAt: Date.now(), outcome: 'open' };
    publishes.push(publish);
    res.once('close', () => (publish.outcome = res.writableFinished ? 'answered' : 'cut'));
    if (hold) hold = false;
    else res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  return {
    url: server.url,
    publishes,
    holdNext: () => (hold = true),
    close: server.close,
  };
}
