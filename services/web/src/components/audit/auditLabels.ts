import { localTime, type AuditCategory, type AuditEvent, type AuditEventType, type SignInFailureReason } from '@daybook/shared';
import { formatInstantDate, formatTimeOfDay } from '../../lib/format';

/** What each event is called in the logs. */
export const AUDIT_EVENT_LABELS: Record<AuditEventType, string> = {
  sign_in: 'Signed in',
  sign_in_failed: 'Sign-in refused',
  sign_out: 'Signed out',
  session_ended: 'Session signed out',
  other_sessions_ended: 'Other sessions signed out',
  signed_out_everywhere: 'Signed out everywhere',
  password_changed: 'Password changed',
  password_reset: 'Password reset',
  second_factor_enabled: 'Second factor turned on',
  second_factor_disabled: 'Second factor turned off',
  second_factor_reset: 'Second factors reset',
  recovery_codes_created: 'New recovery codes',
  recovery_code_used: 'Recovery code used',
  passkey_added: 'Passkey added',
  passkey_removed: 'Passkey removed',
  api_token_created: 'API token created',
  api_token_revoked: 'API token revoked',
  api_token_used: 'API token used',
  app_password_created: 'App password created',
  app_password_revoked: 'App password revoked',
  app_password_used: 'App password used',
  export: 'Data exported',
  share_link_opened: 'Shared task opened',
  share_link_answered: 'Shared task answered',
  admin_user_created: 'Account created',
  admin_user_deleted: 'Account deleted',
  admin_password_reset: 'Password reset by an admin',
  admin_user_changed: 'Account changed',
  admin_settings_changed: 'Settings changed',
  second_factor_requirement_changed: 'Two-step sign-in requirement changed',
  admin_action: 'Admin action',
};

/** The filter groups, as the admin's filter names them. */
export const AUDIT_CATEGORY_LABELS: Record<AuditCategory, string> = {
  sign_in: 'Sign-ins and sessions',
  credentials: 'Passwords and second factors',
  tokens: 'API tokens and app passwords',
  data: 'Exports and shared tasks',
  admin: 'Admin actions',
};

const FAILURE_REASONS: Record<SignInFailureReason, string> = {
  invalid_credentials: 'wrong username or password',
  throttled: 'too many attempts',
  password_login_disabled: 'password sign-in is off',
  second_factor: 'wrong second factor',
};

/** Who must have a second factor, as the admin chose it (`details.required`). */
const REQUIREMENTS: Record<string, string> = { off: 'not required', admins: 'required of admins', everyone: 'required of everyone' };

const SHARE_ANSWERS: Record<string, string> = { done: 'marked it done', proposal: 'proposed a date', comment: 'commented' };
const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/** The facts of an event in words: 'wrong username or password', 'Backup script', 'Bruno · Collect the lease · commented'. */
export function auditDetail(event: AuditEvent): string | null {
  const { details } = event;
  switch (event.type) {
    case 'sign_in_failed':
      return FAILURE_REASONS[details.reason as SignInFailureReason] ?? null;
    case 'session_ended':
      return [text(details.device), details.thisDevice === true ? 'this device' : null].filter(Boolean).join(' · ') || null;
    case 'other_sessions_ended':
      return typeof details.count === 'number' ? `${details.count} ${details.count === 1 ? 'session' : 'sessions'}` : null;
    case 'api_token_created':
    case 'api_token_revoked':
    case 'api_token_used':
      return text(details.token);
    case 'export':
      return text(details.file);
    case 'share_link_opened':
    case 'share_link_answered':
      return [text(details.contact), text(details.task), SHARE_ANSWERS[String(details.answer)] ?? null].filter(Boolean).join(' · ') || null;
    case 'admin_user_created':
    case 'admin_user_changed':
      return text(details.role) ? `role ${String(details.role)}` : text(details.fields);
    case 'admin_settings_changed':
      return text(details.settings);
    case 'second_factor_requirement_changed':
      return REQUIREMENTS[String(details.required)] ?? null;
    case 'admin_action':
      return [text(details.method), text(details.route)].filter(Boolean).join(' ') || null;
    case 'second_factor_enabled':
    case 'second_factor_disabled':
      return details.method === 'totp' ? 'authenticator app' : text(details.method);
    default:
      return null;
  }
}

/** An instant on the reader's clock: 'Mar 5, 2026, 3:04 PM'. */
export const instantLabel = (iso: string, timeZone: string) => `${formatInstantDate(iso, timeZone)}, ${formatTimeOfDay(localTime(new Date(iso), timeZone))}`;
