import type { Context } from 'koa';
import { parseEnv } from '../config/env';
import { AppError } from '../core/errors';
import { addressKey, createRateLimits } from './rate-limits';

describe('addressKey', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['::ffff:10.0.0.7', '10.0.0.7'],
    ['::1', '0:0:0:0::/64'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:DB8:1:2::99', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
  ])('keys %s as %s', (ip, key) => {
    expect(addressKey(ip)).toBe(key);
  });

  it('gives every host of one IPv6 /64 the same key', () => {
    expect(addressKey('2001:db8:aa:bb:1::1')).toBe(addressKey('2001:db8:aa:bb:ffff:ffff:ffff:ffff'));
    expect(addressKey('2001:db8:aa:bb::1')).not.toBe(addressKey('2001:db8:aa:bc::1'));
  });
});

describe('without Redis (no REDIS_URL: counted in this process)', () => {
  const env = parseEnv({ NODE_ENV: 'test', LOGIN_MAX_FAILURES: '3', REGISTRATION_MAX_PER_HOUR: '2', AI_MAX_PER_MINUTE: '2' });
  const refused = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 429 });
    expect((error as AppError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    return (error as AppError).message;
  };

  it('counts a burst of parallel sign-in failures exactly and refuses the rest; a right password starts over', async () => {
    const limits = createRateLimits(null, env);
    const answers = await Promise.allSettled(Array.from({ length: 10 }, () => limits.login.attempt('Anna', '203.0.113.9')));
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(3);
    const rejection = answers.find((a) => a.status === 'rejected') as PromiseRejectedResult;
    expect(await refused(Promise.reject(rejection.reason))).toBe('Too many failed login attempts. Try again in 15 minutes.');
    // Another username from that address is not refused; a success gives the count back.
    const bob = await limits.login.attempt('bob', '203.0.113.9');
    await bob.succeeded();
    for (let i = 0; i < 3; i += 1) await limits.login.attempt('bob', '203.0.113.9');
    await refused(limits.login.attempt('bob', '203.0.113.9'));
  });

  it('limits registrations per address', async () => {
    const limits = createRateLimits(null, env);
    await limits.registration('198.51.100.1');
    await limits.registration('198.51.100.1');
    expect(await refused(limits.registration('198.51.100.1'))).toMatch(/^Too many accounts were created from your network/);
    await limits.registration('198.51.100.2');
  });

  it('limits task descriptions per user', async () => {
    const limits = createRateLimits(null, env);
    const call = (userId: string) => {
      const ctx = { state: { actor: { id: userId } } } as unknown as Context;
      return limits.aiRequests(ctx, async () => undefined);
    };
    await call('anna');
    await call('anna');
    expect(await refused(call('anna'))).toMatch(/^You are sending task descriptions too quickly/);
    await call('bert');
  });
});
