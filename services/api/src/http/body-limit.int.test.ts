import net from 'node:net';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@daybook/shared';
import { startTestApp, type TestContext } from '../test/test-app';

/**
 * A body too large is refused with 413 before it is read (issue 36). The rest of it is still on its way on
 * that connection: kept alive, the connection would read it as the start of the next request, which then
 * waits for an answer that never comes. So such a 413 ends the connection (`Connection: close`), and the
 * client's next request goes on a new one; answers after a body that was read keep the connection.
 */

let t: TestContext;
beforeAll(async () => {
  t = await startTestApp();
  if (!t.server.listening) await new Promise((resolve) => t.server.once('listening', resolve));
});
afterAll(() => t.close());

/** Generous: a loaded 2-core CI box. A stalled connection never ends at all (Node's keep-alive wait is longer). */
const ENDS_WITHIN_MS = 4_000;
const TOO_BIG = 2 * 1024 * 1024; // the JSON limit is 512 KB

/** A raw connection to the api: what it was sent back, and whether the server ended it. */
function connect() {
  const socket = net.connect((t.server.address() as net.AddressInfo).port, '127.0.0.1');
  let received = '';
  let ended = false;
  const waiters: Array<() => void> = [];
  const notify = () => waiters.splice(0).forEach((wake) => wake());
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString('latin1');
    notify();
  });
  socket.on('end', () => {
    ended = true;
    notify();
  });
  socket.on('close', () => {
    ended = true;
    notify();
  });
  socket.on('error', () => undefined); // the server may end it while the rest of a body is still being written
  /** Waits until `done` holds, or `ms` passed; says whether it held. */
  const until = async (done: () => boolean, ms = ENDS_WITHIN_MS) => {
    const deadline = Date.now() + ms;
    while (!done() && Date.now() < deadline) await new Promise<void>((wake) => (waiters.push(wake), setTimeout(wake, 50)));
    return done();
  };
  const answers = () => [...received.matchAll(/HTTP\/1\.1 (\d{3})[^\r\n]*\r\n((?:[^\r\n]+\r\n)*)\r\n/g)].map((m) => ({ status: Number(m[1]), head: m[2]!.toLowerCase() }));
  return { socket, answers, until, ended: () => ended };
}

const head = (lines: string[]) => `${lines.join('\r\n')}\r\n\r\n`;
const postLogin = (framing: string) => head(['POST /api/login HTTP/1.1', 'Host: daybook.test', 'Content-Type: application/json', `${CSRF_HEADER}: ${CSRF_HEADER_VALUE}`, framing]);
const getHealth = head(['GET /api/health HTTP/1.1', 'Host: daybook.test']);

describe('a 413 answered before the body was read', () => {
  it.each([
    ['a declared length', (body: string) => `${postLogin(`Content-Length: ${body.length}`)}${body}`],
    ['a chunked body', (body: string) => `${postLogin('Transfer-Encoding: chunked')}${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`],
  ])('with %s closes the connection, so a second request on the same socket never waits', async (_framing, request) => {
    const conn = connect();
    conn.socket.write(request(`{"username":"${'a'.repeat(TOO_BIG)}"}`));
    expect(await conn.until(() => conn.answers().length >= 1)).toBe(true);
    const [refused] = conn.answers();
    expect(refused!.status).toBe(413);
    expect(refused!.head).toMatch(/^connection: close$/m);
    expect(refused!.head).not.toMatch(/^keep-alive:/m);

    // The client's next request on that socket: answered, or the socket ends at once; never left waiting.
    if (!conn.ended()) conn.socket.write(getHealth);
    expect(await conn.until(() => conn.ended() || conn.answers().length >= 2)).toBe(true);
    expect(conn.ended()).toBe(true);
    conn.socket.destroy();

    // The api itself is fine: a new connection is answered.
    const next = connect();
    next.socket.write(getHealth);
    expect(await next.until(() => next.answers().length >= 1)).toBe(true);
    expect(next.answers()[0]!.status).toBe(200);
    next.socket.destroy();
  });

  it('keeps the connection after a refusal whose body was read (a malformed JSON body): the next request is answered on it', async () => {
    const conn = connect();
    const body = '{"username": ';
    conn.socket.write(`${postLogin(`Content-Length: ${body.length}`)}${body}`);
    expect(await conn.until(() => conn.answers().length >= 1)).toBe(true);
    expect(conn.answers()[0]!.status).toBe(400);
    expect(conn.answers()[0]!.head).toMatch(/^connection: keep-alive$/m);
    conn.socket.write(getHealth);
    expect(await conn.until(() => conn.answers().length >= 2)).toBe(true);
    expect(conn.answers()[1]!.status).toBe(200);
    expect(conn.ended()).toBe(false);
    conn.socket.destroy();
  });
});
