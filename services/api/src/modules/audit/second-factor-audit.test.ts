import type { AuditLog } from './audit-log';
import { secondFactorAudit } from './second-factor-audit';

/** The second factors' events as audit events (DECISIONS 47, 48). */
describe('secondFactorAudit', () => {
  it('records each change and a wrong factor as a refused sign-in; a factor’s use only when it is a recovery code', async () => {
    const calls: [string, unknown[]][] = [];
    const audit = new Proxy({} as AuditLog, { get: (_target, name: string) => (...args: unknown[]) => void calls.push([name, args]) });
    const events = secondFactorAudit(audit);
    await events.enrolled('u', 'totp');
    await events.enrolled('u', 'passkey');
    await events.removed('u', 'totp');
    await events.removed('u', 'passkey');
    await events.recoveryCodesRenewed('u');
    await events.used('u', 'totp', { passwordless: false });
    await events.used('u', 'recovery', { passwordless: false });
    await events.failed('u', 'totp');
    await events.reset('admin', 'u');
    expect(calls).toEqual([
      ['record', [{ type: 'second_factor_enabled', userId: 'u', details: { method: 'totp' } }]],
      ['record', [{ type: 'passkey_added', userId: 'u' }]],
      ['record', [{ type: 'second_factor_disabled', userId: 'u', details: { method: 'totp' } }]],
      ['record', [{ type: 'passkey_removed', userId: 'u' }]],
      ['record', [{ type: 'recovery_codes_created', userId: 'u' }]],
      ['record', [{ type: 'recovery_code_used', userId: 'u' }]],
      ['signInFailed', [{ userId: 'u' }, 'second_factor']],
      ['record', [{ type: 'second_factor_reset', userId: 'u' }]],
    ]);
  });
});
