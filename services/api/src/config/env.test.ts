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

  it("refuses a database password left as .env.example's placeholder (POSTGRES_PASSWORD=CHANGEME under compose)", () => {
    expect(() => parseEnv({ DATABASE_URL: 'postgres://daybook:CHANGEME@postgres:5432/daybook' })).toThrow(/DATABASE_URL: has a placeholder password/);
    expect(parseEnv({ DATABASE_URL: 'postgres://daybook:3f9c1d0e7a5b42c8@postgres:5432/daybook' }).DATABASE_URL).toBe('postgres://daybook:3f9c1d0e7a5b42c8@postgres:5432/daybook');
    expect(parseEnv({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/daybook' }).DATABASE_URL).toBeDefined();
  });

  it('leaves DATABASE_URL unset by default (the embedded PostgreSQL, in DATA_DIR) and takes only postgres:// addresses', () => {
    const defaults = parseEnv({});
    expect([defaults.DATABASE_URL, defaults.DATA_DIR]).toEqual([undefined, 'data']);
    const emptied = parseEnv({ DATABASE_URL: '', DATA_DIR: '/srv/daybook' });
    expect([emptied.DATABASE_URL, emptied.DATA_DIR]).toEqual([undefined, '/srv/daybook']);
    expect(parseEnv({ DATABASE_URL: 'postgresql://db.lan/daybook' }).DATABASE_URL).toBe('postgresql://db.lan/daybook');
    expect(() => parseEnv({ DATABASE_URL: 'mysql://db.lan/daybook' })).toThrow(/DATABASE_URL: must be a postgres:\/\/ address/);
  });

  it('refuses a placeholder admin password', () => {
    expect(() => parseEnv({ ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'CHANGEME' })).toThrow(/ADMIN_PASSWORD: is a placeholder/);
  });

  it('needs the admin username and password together', () => {
    expect(() => parseEnv({ ADMIN_USERNAME: 'admin' })).toThrow(/ADMIN_PASSWORD/);
    expect(parseEnv({ ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'secret123' }).ADMIN_USERNAME).toBe('admin');
  });
});
