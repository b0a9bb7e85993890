import { EnvError, parseEnv } from './env';

describe('parseEnv', () => {
  it('gives every setting a safe default', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, REGISTRATION_ENABLED: true, COOKIE_SECURE: 'auto', TRUST_PROXY: false });
    expect(env.SESSION_SECRET).toBeUndefined();
  });

  it('treats empty strings as unset', () => {
    expect(parseEnv({ SESSION_SECRET: '', PORT: '' }).PORT).toBe(3000);
  });

  it('lists every bad key at once', () => {
    let message = '';
    try {
      parseEnv({ PORT: 'abc', REGISTRATION_ENABLED: 'maybe', DATABASE_URL: 'nope' });
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      message = (error as Error).message;
    }
    expect(message).toContain('PORT');
    expect(message).toContain('REGISTRATION_ENABLED');
    expect(message).toContain('DATABASE_URL');
  });

  it.each(['CHANGEME', 'changeme-changeme-changeme-changeme-1', 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'short'])(
    'refuses the session secret %s',
    (secret) => {
      expect(() => parseEnv({ SESSION_SECRET: secret })).toThrow(/SESSION_SECRET/);
    },
  );

  it('accepts a strong session secret', () => {
    const secret = 'k3J9x0pQ7vT2mZ8rW4yB6nH1cL5aF0dS';
    expect(parseEnv({ SESSION_SECRET: secret }).SESSION_SECRET).toBe(secret);
  });

  it('refuses a placeholder admin password', () => {
    expect(() => parseEnv({ ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'CHANGEME' })).toThrow(/ADMIN_PASSWORD: is a placeholder/);
  });

  it('needs the admin username and password together', () => {
    expect(() => parseEnv({ ADMIN_USERNAME: 'admin' })).toThrow(/ADMIN_PASSWORD/);
    expect(parseEnv({ ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'secret123' }).ADMIN_USERNAME).toBe('admin');
  });
});
