import type { NotificationPayload } from '@daybook/shared';
import { createTransport } from 'nodemailer';
import { noAnswer, unreachable, withinDeadline } from './deadline';
import { LATE_NOTE, messageLink } from './message';
import { ChannelSendError, type ChannelConfig, type SendContext, type SmtpSettings } from './types';

type EmailChannel = Extract<ChannelConfig, { kind: 'email' }>;

/** What nodemailer puts on its errors (its own types say the same; these are the fields we read). */
interface SmtpFailure {
  code?: string;
  responseCode?: number;
  response?: string;
  permanent?: boolean;
}

/** The plain-text body: the message, a note when late, and the link when the app's address is known. */
export function emailText(message: NotificationPayload, appUrl: string | null): string {
  const parts = [message.body];
  if (message.late) parts.push(LATE_NOTE);
  if (appUrl) parts.push(`Open in Daybook: ${messageLink(message, appUrl)}`);
  return `${parts.filter((part) => part !== '').join('\n\n')}\n`;
}

/**
 * `<key@domain>`, the same for every send of one delivery, so that a duplicate can be recognised. The
 * domain is the sender's (SMTP_FROM), as RFC 5322 suggests.
 */
export function emailMessageId(idempotencyKey: string, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'daybook.invalid';
  return `<daybook-${idempotencyKey.replace(/[^A-Za-z0-9._-]/g, '-')}@${domain}>`;
}

/** Sends the message by the server's SMTP (SMTP_URL, SMTP_FROM), one connection per message. */
export async function sendEmail(channel: EmailChannel, message: NotificationPayload, context: SendContext): Promise<void> {
  const smtp = context.smtp;
  if (!smtp) throw new ChannelSendError('Email is not set up on this server (SMTP_URL)', true);
  const target = smtpHost(smtp);
  // nodemailer's own waits are as long as the whole send may take (its defaults are minutes).
  const transport = createTransport({
    url: smtp.url,
    connectionTimeout: context.timeoutMs,
    greetingTimeout: context.timeoutMs,
    socketTimeout: context.timeoutMs,
    dnsTimeout: context.timeoutMs,
  });
  try {
    await withinDeadline(context, target, async (signal) => {
      try {
        await transport.sendMail({
          from: smtp.from,
          to: channel.address,
          subject: message.title,
          text: emailText(message, context.appUrl),
          messageId: emailMessageId(context.idempotencyKey, smtp.from),
          // RFC 3834: no vacation auto-replies to a reminder.
          headers: { 'Auto-Submitted': 'auto-generated' },
          signal,
        });
      } catch (error) {
        throw smtpFailure(target, error, context.timeoutMs);
      }
    });
  } finally {
    transport.close();
  }
}

/** The SMTP server's host[:port] for messages (SMTP_URL's user and password stay out). */
function smtpHost(smtp: SmtpSettings): string {
  try {
    const url = new URL(smtp.url);
    if (url.protocol === 'smtp:' || url.protocol === 'smtps:') return url.host;
  } catch {
    // reported below
  }
  throw new ChannelSendError('Email is not set up correctly on this server (SMTP_URL)', true);
}

/**
 * What went wrong, for the user. Permanent: the server refused the recipient or the message with a 5xx
 * (RFC 5321), or nodemailer cannot use the address. Transient: a 4xx, a network failure, and a refused
 * login or TLS failure (the server's configuration, which an admin can fix).
 */
function smtpFailure(target: string, error: unknown, timeoutMs: number): ChannelSendError {
  const failure = (typeof error === 'object' && error !== null ? error : {}) as SmtpFailure;
  if (failure.code === 'EAUTH' || failure.code === 'ENOAUTH') {
    return new ChannelSendError(`The mail server ${target} refused the login${failure.responseCode ? ` (${failure.responseCode})` : ''}`, false);
  }
  // nodemailer's own wait ended just before ours
  if (failure.code === 'ETIMEDOUT') return noAnswer(timeoutMs);
  if (failure.code === 'ETLS') return new ChannelSendError(`Could not set up TLS with the mail server ${target}`, false);
  if (failure.responseCode && failure.response) {
    const answer = failure.response.split(/\r?\n/)[0]!.slice(0, 160);
    return new ChannelSendError(`The mail server answered: ${answer}`, failure.permanent === true);
  }
  if (failure.code === 'EENVELOPE') return new ChannelSendError('The email address cannot be used', true);
  return unreachable(target, error);
}
