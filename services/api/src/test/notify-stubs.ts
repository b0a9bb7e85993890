import type { IncomingHttpHeaders } from 'node:http';
import { startStubHttp } from '../../../ai-worker/src/test/stub-http';

/** A request a stub received: its path, headers and JSON body. */
export interface StubRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/**
 * An HTTP endpoint on loopback that stands in for an ntfy server or a webhook receiver: it records each
 * request with its JSON body and answers `status` (a test may change it).
 */
export async function startHttpStub(): Promise<{ url: string; requests: StubRequest[]; status: number; close(): Promise<void> }> {
  const stub = { url: '', requests: [] as StubRequest[], status: 200, close: () => Promise.resolve() };
  const server = await startStubHttp((res, request) => {
    stub.requests.push({ path: request.url, headers: request.headers, body: request.body.length > 0 ? (JSON.parse(request.body.toString()) as Record<string, unknown>) : {} });
    res.writeHead(stub.status, { 'content-type': 'application/json' }).end('{}');
  });
  stub.url = server.url;
  stub.close = server.close;
  return stub;
}
