import { formatRecoveryCode, isPendingSignIn, recoveryCodeSchema, secondFactorSignInBodySchema, totpCodeSchema } from './second-factor.schemas';

describe('second-factor schemas', () => {
  it('reads a code of an authenticator app as six digits, spaces ignored', () => {
    expect(totpCodeSchema.parse(' 123 456 ')).toBe('123456');
    for (const bad of ['12345', '1234567', '12a456', '', '１２３４５６']) expect(totpCodeSchema.safeParse(bad).success).toBe(false);
  });

  it('reads a recovery code in any case, with or without its dashes, and shows it in groups of four', () => {
    expect(recoveryCodeSchema.parse('ABCD-EFGH-IJKL-MNOP')).toBe('abcdefghijklmnop');
    expect(recoveryCodeSchema.parse('abcd efgh ijkl mnop')).toBe('abcdefghijklmnop');
    expect(formatRecoveryCode('abcdefghijklmnop')).toBe('abcd-efgh-ijkl-mnop');
    // base32 has no 0, 1, 8, 9; sixteen letters exactly
    for (const bad of ['abcd-efgh-ijkl-mno0', 'abcd-efgh-ijkl-mno', 'abcd-efgh-ijkl-mnopq', 'x'.repeat(70)]) expect(recoveryCodeSchema.safeParse(bad).success).toBe(false);
  });

  it('takes one method per second step, with what that method needs', () => {
    expect(secondFactorSignInBodySchema.safeParse({ method: 'totp', code: '123456' }).success).toBe(true);
    expect(secondFactorSignInBodySchema.safeParse({ method: 'recovery', code: '123456' }).success).toBe(false);
    expect(secondFactorSignInBodySchema.safeParse({ method: 'passkey', code: '123456' }).success).toBe(false);
    expect(secondFactorSignInBodySchema.safeParse({ method: 'sms', code: '123456' }).success).toBe(false);
  });

  it('tells a waiting sign-in from a user', () => {
    expect(isPendingSignIn({ secondFactor: { methods: ['totp'], enrol: false, expiresAt: '2026-12-07T14:10:00.000Z' } })).toBe(true);
  });
});
