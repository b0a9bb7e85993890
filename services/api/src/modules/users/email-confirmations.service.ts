import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { CONFIRM_EMAIL_PATH, type User as UserDto } from '@daybook/shared';
import type { Env } from '../../config/env';
import type { Actor } from '../../core/actor';
import { AppError, badRequest } from '../../core/errors';
import { secretHash } from '../../core/secret-hash';
import type { Logger } from '../../logger';
import { createEmailConfirmationsRepository, type EmailConfirmationsRepository } from './email-confirmations.repository';
import { smtpMailer, type Mail, type Mailer } from './mailer';
import type { UsersService } from './users.service';

/** How long a confirmation link works. */
export const CONFIRMATION_VALID_HOURS = 24;
/** 192 random bits: guessing one is hopeless, so a plain SHA-256 (core/secret-hash.ts) is the right hash at rest. */
const TOKEN_BYTES = 24;

const invalidLink = () => badRequest('This confirmation link is not valid for the account you are signed in with, or it was already used.', 'confirmation_invalid');

/** The mail: who asked, the link, and what to do when the account is not yours. */
function confirmationMail(user: UserDto & { email: string }, link: string, appUrl: string): Mail {
  return {
    to: user.email,
    subject: 'Confirm your email address for Daybook',
    text: [
      'Hello,',
      `the Daybook account "${user.username}" at ${appUrl} gave this address as its own. If that is your account, open this link while you are signed in to it, to confirm the address:`,
      link,
      `The link works once, within ${CONFIRMATION_VALID_HOURS} hours. If you do not know this account, ignore this mail: the address stays unconfirmed, and nothing signs in with it.`,
    ].join('\n\n') + '\n',
  };
}

export interface EmailConfirmationsDeps {
  users: Pick<UsersService, 'get' | 'markEmailVerified'>;
  confirmations: EmailConfirmationsRepository;
  /** Null without SMTP_URL or APP_URL: no mails (the link must name the address people open Daybook at). */
  mailer: Mailer | null;
  appUrl: string | null;
  logger: Logger;
}

/**
 * Confirming an account's email address by mail (docs/administration.md): the mail holds a link with a
 * random token, stored only as its hash, valid for a day, used once, and only by the account it was sent
 * for (the person follows it signed in; a token used by another account confirms nothing and stays
 * unused). A confirmed address is one single sign-on may link to (oidc.service.ts).
 */
export function emailConfirmationsService({ users, confirmations, mailer, appUrl, logger }: EmailConfirmationsDeps) {
  /** A new token for the user's address (replacing any earlier one), and the mail that carries it. */
  async function prepare(user: UserDto & { email: string }, baseUrl: string): Promise<Mail> {
    const token = randomBytes(TOKEN_BYTES).toString('base64url');
    await confirmations.replace(user.id, user.email, secretHash(token), CONFIRMATION_VALID_HOURS);
    return confirmationMail(user, `${baseUrl}${CONFIRM_EMAIL_PATH}/${token}`, baseUrl);
  }

  const unconfirmed = (user: UserDto): user is UserDto & { email: string } => user.email !== null && !user.emailVerified;

  return {
    /** Whether this server sends confirmation mails (SMTP_URL and APP_URL set). */
    enabled: mailer !== null && appUrl !== null,

    /**
     * After a registration with an address: the confirmation mail, sent in the background (a slow mail
     * server never holds up the answer; a failure is logged, and the user can send another from Settings).
     */
    async offer(user: UserDto): Promise<void> {
      if (!mailer || !appUrl || !unconfirmed(user)) return;
      const mail = await prepare(user, appUrl);
      void mailer.send(mail).catch((error: unknown) => logger.warn('confirmation mail not sent', { error: error instanceof Error ? error.message : String(error) }));
    },

    /** POST /api/auth/user/email/confirmation: a (new) confirmation mail, sent before the answer. */
    async send(actor: Actor): Promise<void> {
      if (!mailer || !appUrl) throw badRequest('This server does not send mail. Ask your admin to set it up (SMTP_URL and APP_URL).', 'mail_not_configured');
      const user = await users.get(actor);
      if (user.email === null) throw badRequest('Your account has no email address.', 'no_email');
      if (!unconfirmed(user)) throw badRequest('Your email address is already confirmed.', 'already_confirmed');
      const mail = await prepare(user, appUrl);
      try {
        await mailer.send(mail);
      } catch (error) {
        logger.warn('confirmation mail not sent', { error: error instanceof Error ? error.message : String(error) });
        throw new AppError(502, 'mail_failed', 'The confirmation mail could not be sent. Please try again later.');
      }
    },

    /** POST /api/auth/user/email/confirm: the signed-in user follows the link of their mail. */
    async confirm(actor: Actor, token: string): Promise<UserDto> {
      const taken = await confirmations.take(actor.id, secretHash(token));
      if (!taken) throw invalidLink();
      if (taken.expired) throw badRequest('This confirmation link has expired. Send a new one from Settings, Profile Information.', 'confirmation_expired');
      // The address changed since the mail was sent: the mail proved the old one only.
      if (!(await users.markEmailVerified(actor.id, taken.email))) throw invalidLink();
      return users.get(actor);
    },
  };
}
export type EmailConfirmationsService = ReturnType<typeof emailConfirmationsService>;

/** The service on the database and the environment's mail server (app.ts). */
export function createEmailConfirmationsService(em: EntityManager, users: UsersService, env: Env, logger: Logger): EmailConfirmationsService {
  const mailer = env.SMTP_URL ? smtpMailer(env.SMTP_URL, env.SMTP_FROM) : null;
  return emailConfirmationsService({ users, confirmations: createEmailConfirmationsRepository(em), mailer, appUrl: env.APP_URL ?? null, logger });
}
