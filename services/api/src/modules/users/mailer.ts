import { createTransport } from 'nodemailer';

/** A plain-text mail to one address. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Sends mails the api writes itself (email confirmations); resolves once the mail server took the mail. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** How long one mail may take, from connecting to the server's acceptance. */
const MAIL_TIMEOUT_MS = 10_000;

/**
 * The server's SMTP (SMTP_URL, SMTP_FROM: the mail server the worker's email channels use), one connection
 * per mail, as the worker sends (services/ai-worker/src/notify/channels/email.ts). The admin sets this
 * address, so it needs no guard against private addresses; a user never names it.
 */
export function smtpMailer(url: string, from: string): Mailer {
  return {
    async send({ to, subject, text }) {
      // nodemailer's own waits are as long as the whole send may take (its defaults are minutes).
      const transport = createTransport({ url, connectionTimeout: MAIL_TIMEOUT_MS, greetingTimeout: MAIL_TIMEOUT_MS, socketTimeout: MAIL_TIMEOUT_MS, dnsTimeout: MAIL_TIMEOUT_MS });
      try {
        // RFC 3834: no vacation auto-replies to a mail a machine sent.
        await transport.sendMail({ from, to, subject, text, headers: { 'Auto-Submitted': 'auto-generated' }, signal: AbortSignal.timeout(MAIL_TIMEOUT_MS) });
      } finally {
        transport.close();
      }
    },
  };
}
