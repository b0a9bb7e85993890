import type { AuthConfig, PasswordLoginMode, RegisterBody, User as UserDto } from '@daybook/shared';
import type { Env } from '../../config/env';
import { AppError } from '../../core/errors';
import type { EmailConfirmationsService } from '../users/email-confirmations.service';
import type { UsersService } from '../users/users.service';
import { decoyPasswordHash, verifyPassword } from './passwords';

/** How this server signs people in (the environment, docs/configuration.md). */
export interface AuthOptions {
  /** PASSWORD_LOGIN_ENABLED. */
  passwordLogin: boolean;
  /** ADMIN_USERNAME: with password login off, this admin still signs in with a password. */
  adminUsername: string | null;
  registrationEnabled: boolean;
  /** OIDC_BUTTON_LABEL when OpenID Connect is configured. */
  oidcLabel: string | null;
}

export const authOptions = (env: Env): AuthOptions => ({
  passwordLogin: env.PASSWORD_LOGIN_ENABLED,
  adminUsername: env.ADMIN_USERNAME ?? null,
  registrationEnabled: env.REGISTRATION_ENABLED,
  oidcLabel: env.OIDC_ISSUER_URL ? env.OIDC_BUTTON_LABEL : null,
});

/**
 * Who may sign in with a password (DECISIONS 30): with PASSWORD_LOGIN_ENABLED=false, only the admin the
 * environment names (ADMIN_USERNAME), so that a provider that is down or misconfigured never locks the admin
 * out; without one, nobody.
 */
export const passwordLoginMode = (options: AuthOptions): PasswordLoginMode => (options.passwordLogin ? 'on' : options.adminUsername ? 'admin' : 'off');

const passwordLoginOff = (options: AuthOptions) =>
  new AppError(403, 'password_login_disabled', `Password sign-in is turned off on this server. Sign in with ${options.oidcLabel ?? 'single sign-on'}.`);

const sameUsername = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Signing in and up (DECISIONS 4–6, 30). Throttling by address stays with the route, which knows the address
 * and counts each attempt before it reaches this service.
 */
export function createAuthService(
  users: Pick<UsersService, 'register' | 'findCredentials' | 'recordSignIn' | 'hasAdmin'>,
  options: AuthOptions,
  confirmations: Pick<EmailConfirmationsService, 'enabled' | 'offer'>,
) {
  const mode = passwordLoginMode(options);
  return {
    /** A new account; when it gives an address and the server can mail, a confirmation mail goes out. */
    async register(body: RegisterBody): Promise<UserDto> {
      if (mode !== 'on') throw passwordLoginOff(options);
      const user = await users.register(body);
      await confirmations.offer(user);
      return user;
    },

    /**
     * Whether this account may sign in without single sign-on (a password, or a passkey in its place): every
     * account while password login is on; with it off, only the admin of ADMIN_USERNAME.
     */
    localSignIn(user: { username: string; role: UserDto['role'] }): boolean {
      return mode === 'on' || (mode === 'admin' && sameUsername(user.username, options.adminUsername!) && user.role === 'admin');
    },

    /** Refuses a password sign-in at once (before it is counted) when this server takes none for this username. */
    assertPasswordLogin(username: string): void {
      if (mode === 'off' || (mode === 'admin' && !sameUsername(username, options.adminUsername!))) throw passwordLoginOff(options);
    },

    /**
     * The user these credentials belong to, or null. An unknown username, or an account without a password
     * (it signs in through OpenID Connect), costs a password check too (a decoy hash), so the answer's timing
     * does not tell which usernames exist or how they sign in.
     */
    async checkCredentials(username: string, password: string): Promise<UserDto | null> {
      const found = await users.findCredentials(username);
      const valid = await verifyPassword(found?.passwordHash ?? (await decoyPasswordHash()), password);
      if (!found || !found.passwordHash || !valid) return null;
      // The exception of password login turned off is the admin's: an account of that name that is no admin has none.
      if (mode === 'admin' && found.user.role !== 'admin') throw passwordLoginOff(options);
      return found.user;
    },

    /** Notes a sign-in (password or OpenID Connect): User Management shows the last one. */
    recordSignIn: (userId: string) => users.recordSignIn(userId),

    /** What the landing page offers (GET /api/auth/config). */
    async config(): Promise<AuthConfig> {
      // Until an admin exists, the first account may sign up even with registration closed (DECISIONS 6).
      const registration = mode === 'on' && (options.registrationEnabled || !(await users.hasAdmin()));
      return { passwordLogin: mode, registration, oidc: options.oidcLabel ? { label: options.oidcLabel } : null, emailConfirmation: confirmations.enabled };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
