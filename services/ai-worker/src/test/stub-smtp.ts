import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

/** A message the stub SMTP server accepted. */
export interface ReceivedMail {
  from: string | false;
  to: string[];
  raw: string;
}

/**
 * An SMTP server on 127.0.0.1 (the smtp-server package) standing in for the mail server: it accepts any
 * login (recorded) and records each message. `options` change its behaviour (refuse, stall, …).
 */
export async function startSmtp(options: Partial<SMTPServerOptions> = {}) {
  const logins: Array<{ username: string | null | undefined; password: string | null | undefined }> = [];
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    logger: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      logins.push({ username: auth.username, password: auth.password });
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        mails.push({ from: session.envelope.mailFrom && session.envelope.mailFrom.address, to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw });
        callback();
      });
    },
    ...options,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    host: `127.0.0.1:${port}`,
    logins,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
