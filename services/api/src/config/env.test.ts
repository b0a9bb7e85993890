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

  describe('OpenID Connect', () => {
    const oidc = { OIDC_ISSUER_URL: 'https://auth.example.com/application/o/daybook/', OIDC_CLIENT_ID: 'daybook', OIDC_CLIENT_SECRET: 's3cr3t-from-the-provider' };

    it('is off by default, with password login on and the documented defaults', () => {
      expect(parseEnv({})).toMatchObject({
        PASSWORD_LOGIN_ENABLED: true,
        OIDC_BUTTON_LABEL: 'OpenID Connect',
        OIDC_SCOPES: 'openid email profile',
        OIDC_AUTO_REGISTER: false,
        OIDC_LINK_BY_EMAIL: false,
        OIDC_GROUPS_CLAIM: 'groups',
      });
      expect(parseEnv({}).OIDC_ISSUER_URL).toBeUndefined();
    });

    it('keeps the issuer exactly as written (trailing slash and all) and APP_URL without its trailing slash', () => {
      const env = parseEnv({ ...oidc, APP_URL: 'https://daybook.lan/' });
      expect(env.OIDC_ISSUER_URL).toBe('https://auth.example.com/application/o/daybook/');
      expect(env.APP_URL).toBe('https://daybook.lan');
    });

    it('needs the issuer and the client id together', () => {
      expect(() => parseEnv({ OIDC_ISSUER_URL: oidc.OIDC_ISSUER_URL })).toThrow(/OIDC_ISSUER_URL and OIDC_CLIENT_ID must be set together/);
      expect(() => parseEnv({ OIDC_CLIENT_ID: 'daybook' })).toThrow(/OIDC_ISSUER_URL and OIDC_CLIENT_ID/);
    });

    it('refuses an issuer that is no http(s) address, scopes without openid and a placeholder secret', () => {
      expect(() => parseEnv({ ...oidc, OIDC_ISSUER_URL: 'ftp://auth.example.com' })).toThrow(/OIDC_ISSUER_URL: must be an http/);
      expect(() => parseEnv({ ...oidc, OIDC_SCOPES: 'email profile' })).toThrow(/OIDC_SCOPES: must include openid/);
      expect(() => parseEnv({ ...oidc, OIDC_CLIENT_SECRET: 'CHANGEME' })).toThrow(/OIDC_CLIENT_SECRET: is a placeholder/);
    });

    it('reads the switches and tidies the scopes', () => {
      const env = parseEnv({ ...oidc, OIDC_SCOPES: ' openid  email groups ', OIDC_AUTO_REGISTER: 'true', OIDC_LINK_BY_EMAIL: 'yes', OIDC_ADMIN_GROUP: 'daybook-admins' });
      expect(env).toMatchObject({ OIDC_SCOPES: 'openid email groups', OIDC_AUTO_REGISTER: true, OIDC_LINK_BY_EMAIL: true, OIDC_ADMIN_GROUP: 'daybook-admins' });
    });

    it('turns password login off only when OpenID Connect can sign people in', () => {
      expect(() => parseEnv({ PASSWORD_LOGIN_ENABLED: 'false' })).toThrow(/PASSWORD_LOGIN_ENABLED=false needs OpenID Connect/);
      expect(parseEnv({ ...oidc, PASSWORD_LOGIN_ENABLED: 'false' }).PASSWORD_LOGIN_ENABLED).toBe(false);
    });
  });
});
