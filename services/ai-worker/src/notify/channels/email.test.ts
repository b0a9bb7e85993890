import net, { type AddressInfo, type Socket } from 'node:net';
import { SAMPLE_REMINDER_ID, SAMPLE_TASK_ID, sampleReminder, sendError } from '../../test/notify-fixtures';
import { closedPort } from '../../test/stub-http';
import type { SMTPServerOptions } from 'smtp-server';
import { startSmtp } from '../../test/stub-smtp';
import { emailMessageId } from './email';
import { createOutboundDoor } from '../../outbound';
import { sendToChannel, type SendContext } from './index';

/** Email against a stand-in SMTP server on loopback (smtp-server), with a login. */

/** The value of a header in a raw message (unfolded). */
function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  return new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1];
}
/** The text of a raw single-part message, decoded from quoted-printable when it is. */
function bodyOf(raw: string): string {
  const body = raw.split(/\r?\n\r?\n/).slice(1).join('\r\n\r\n');
  const decoded = /quoted-printable/i.test(header(raw, 'Content-Transfer-Encoding') ?? '')
    ? Buffer.from(body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8')
    : body;
  return decoded.replace(/\r\n/g, '\n');
}

const message = sampleReminder;
const FROM = 'Daybook <daybook@example.com>';
// Email goes to the admin's SMTP server (SMTP_URL), not through the outbound door: it opens nothing here.
const outbound = createOutboundDoor();
afterAll(() => outbound.close());
const contextFor = (host: string, timeoutMs = 5_000): SendContext => ({
  timeoutMs,
  outbound,
  smtp: { url: `smtp://daybook:s3cret-pass@${host}`, from: FROM },
  vapid: null,
  appUrl: 'https://daybook.lan',
  idempotencyKey: SAMPLE_REMINDER_ID,
});

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});
async function smtp(options?: Partial<SMTPServerOptions>) {
  const server = await startSmtp(options);
  closers.push(server.close);
  return server;
}

describe('email', () => {
  it("sends one message, logged in with SMTP_URL's user, from SMTP_FROM, with the title, the text, the link and a Message-ID of the delivery", async () => {
    const server = await smtp();
    await sendToChannel({ kind: 'email', address: 'ann@example.org' }, message, contextFor(server.host));

    expect(server.logins).toEqual([{ username: 'daybook', password: 's3cret-pass' }]);
    expect(server.mails).toHaveLength(1);
    const [mail] = server.mails;
    expect(mail!.from).toBe('daybook@example.com');
    expect(mail!.to).toEqual(['ann@example.org']);
    expect(header(mail!.raw, 'Subject')).toBe('Call Ann about the invoice');
    expect(header(mail!.raw, 'From')).toBe('Daybook <daybook@example.com>');
    expect(header(mail!.raw, 'Message-ID')).toBe(`<daybook-${SAMPLE_REMINDER_ID}@example.com>`);
    expect(header(mail!.raw, 'Auto-Submitted')).toBe('auto-generated');
    expect(header(mail!.raw, 'Content-Type')).toMatch(/^text\/plain/);
    expect(bodyOf(mail!.raw)).toBe(`Due today at 14:00\n\nOpen in Daybook: https://daybook.lan/?task=${SAMPLE_TASK_ID}\n`);
  });

  it('gives a second send of the same delivery the same Message-ID, and says when a reminder is late', async () => {
    const server = await smtp();
    await sendToChannel({ kind: 'email', address: 'ann@example.org' }, message, contextFor(server.host));
    await sendToChannel({ kind: 'email', address: 'ann@example.org' }, { ...message, late: true }, { ...contextFor(server.host), appUrl: null });

    const [first, second] = server.mails;
    expect(header(second!.raw, 'Message-ID')).toBe(header(first!.raw, 'Message-ID'));
    expect(bodyOf(second!.raw)).toBe('Due today at 14:00\n\nSent late: Daybook could not send this reminder on time.\n');
    expect(emailMessageId('a b<c>', 'daybook@example.com')).toBe('<daybook-a-b-c-@example.com>');
  });

  it('is a clear permanent error when the server has no SMTP settings', async () => {
    const error = await sendError(sendToChannel({ kind: 'email', address: 'ann@example.org' }, message, { ...contextFor('127.0.0.1:25'), smtp: null }));
    expect(error).toMatchObject({ message: 'Email is not set up on this server (SMTP_URL)', permanent: true });
  });

  it('is a transient error naming the host when the SMTP server cannot be reached', async () => {
    const port = await closedPort();
    const error = await sendError(sendToChannel({ kind: 'email', address: 'ann@example.org' }, message, contextFor(`127.0.0.1:${port}`)));
    expect(error).toMatchObject({ message: `Could not reach 127.0.0.1:${port} (ECONNREFUSED)`, permanent: false });
  });

  it('gives up on a server that never greets within the time it was given', async () => {
    const sockets = new Set<Socket>();
    const silent = net.createServer((socket) => {
      socket.on('error', () => undefined); // the client gives up and hangs up, maybe with a reset
      sockets.add(socket);
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    closers.push(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    });
    const { port } = silent.address() as AddressInfo;

    const started = Date.now();
    const error = await sendError(sendToChannel({ kind: 'email', address: 'ann@example.org' }, message, contextFor(`127.0.0.1:${port}`, 500)));
    expect(error).toMatchObject({ message: 'No answer within 0.5 s', permanent: false });
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('is permanent when the server refuses the recipient for good, transient when it refuses for now', async () => {
    const refuse = (code: number) =>
      smtp({
        onRcptTo(_address, _session, callback) {
          callback(Object.assign(new Error(code === 550 ? 'No such user here' : 'Try again later'), { responseCode: code }));
        },
      });
    const forGood = await refuse(550);
    const gone = await sendError(sendToChannel({ kind: 'email', address: 'nobody@example.org' }, message, contextFor(forGood.host)));
    expect(gone).toMatchObject({ message: 'The mail server answered: 550 No such user here', permanent: true });

    const forNow = await refuse(451);
    const later = await sendError(sendToChannel({ kind: 'email', address: 'ann@example.org' }, message, contextFor(forNow.host)));
    expect(later).toMatchObject({ message: 'The mail server answered: 451 Try again later', permanent: false });
  });

  it('reports a refused login without the password', async () => {
    const server = await smtp({
      onAuth(_auth, _session, callback) {
        callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
      },
    });
    const error = await sendError(sendToChannel({ kind: 'email', address: 'ann@example.org' }, message, contextFor(server.host)));
    expect(error).toMatchObject({ message: `The mail server ${server.host} refused the login (535)`, permanent: false });
    expect(error.message).not.toContain('s3cret');
  });
});
