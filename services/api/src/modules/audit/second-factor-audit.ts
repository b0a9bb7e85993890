import type { SecondFactorEvents } from '../second-factor/second-factor.events';
import type { AuditLog } from './audit-log';

/**
 * The audit log's side of the second factors' events (DECISIONS 47, 48): each change and failure is an
 * event, with the address of the request that made it (the one being answered). A factor's use is part
 * of the sign-in, which the session store records; a recovery code's use is recorded as well (the user
 * has one fewer).
 */
export function secondFactorAudit(audit: AuditLog): SecondFactorEvents {
  return {
    enrolled: (userId, kind) =>
      audit.record(kind === 'passkey' ? { type: 'passkey_added', userId } : { type: 'second_factor_enabled', userId, details: { method: kind } }),
    removed: (userId, kind) =>
      audit.record(kind === 'passkey' ? { type: 'passkey_removed', userId } : { type: 'second_factor_disabled', userId, details: { method: kind } }),
    recoveryCodesRenewed: (userId) => audit.record({ type: 'recovery_codes_created', userId }),
    used: (userId, kind) => {
      if (kind === 'recovery') audit.record({ type: 'recovery_code_used', userId });
    },
    failed: (userId) => audit.signInFailed({ userId }, 'second_factor'),
    // The request's actor is the admin: recorded as who did it.
    reset: (_adminId, userId) => audit.record({ type: 'second_factor_reset', userId }),
  };
}
