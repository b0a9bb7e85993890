import { EnvError, parseEnv } from './env';

describe('parseEnv', () => {
  it('applies the documented defaults', () => {
    expect(parseEnv({})).toEqual({
      AI_PROVIDER: 'rules',
      AI_WORKER_CONCURRENCY: 4,
      AI_TIMEOUT_MS: 8000,
      AI_FALLBACK: 'rules',
      JOB_CPU_BUDGET_MS: 2000,
      JOB_TIME_BUDGET_MS: 30000,
      OLLAMA_URL: 'http://ollama:11434',
      OLLAMA_MODEL: 'llama3.2:3b',
      OPENAI_MODEL: 'gpt-4o-mini',
      LOG_LEVEL: 'info',
      SMTP_FROM: 'Daybook <daybook@localhost>',
      VAPID_SUBJECT: 'mailto:admin@daybook.invalid',
      NOTIFY_TIMEOUT_MS: 10000,
      OUTBOUND_ALLOW: { hosts: [], suffixes: [], ranges: [] },
      DATA_DIR: 'data',
    });
  });

  it('reads OUTBOUND_ALLOW and SECRETS_KEY, naming a bad entry or a short key', () => {
    expect(parseEnv({ OUTBOUND_ALLOW: 'ntfy.lan, *.home.arpa' }).OUTBOUND_ALLOW).toEqual({ hosts: ['ntfy.lan'], suffixes: ['.home.arpa'], ranges: [] });
    expect(() => parseEnv({ OUTBOUND_ALLOW: '10.0.0.0/33' })).toThrow(/OUTBOUND_ALLOW: "10.0.0.0\/33" is not an address range/);
    expect(() => parseEnv({ SECRETS_KEY: 'short' })).toThrow(/SECRETS_KEY: Must be at least 32 characters/);
  });

  it('takes the notification settings and refuses a VAPID subject push services would not accept', () => {
    expect(parseEnv({ SMTP_URL: 'smtps://u:p@mail.example.com:465', APP_URL: 'https://daybook.lan', DATABASE_URL: 'postgres://db/daybook' })).toMatchObject({
      SMTP_URL: 'smtps://u:p@mail.example.com:465',
      APP_URL: 'https://daybook.lan',
      DATABASE_URL: 'postgres://db/daybook',
    });
    expect(() => parseEnv({ VAPID_SUBJECT: 'admin@example.com' })).toThrow(/VAPID_SUBJECT: Must start with mailto: or https:/);
    expect(() => parseEnv({ SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL/);
  });

  it('treats empty values as unset and coerces numbers', () => {
    const env = parseEnv({ AI_PROVIDER: '', AI_WORKER_CONCURRENCY: '8', OPENAI_BASE_URL: '' });
    expect(env.AI_PROVIDER).toBe('rules');
    expect(env.AI_WORKER_CONCURRENCY).toBe(8);
    expect(env.OPENAI_BASE_URL).toBeUndefined();
  });

  it('accepts a full openai configuration', () => {
    const env = parseEnv({ AI_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: 'https://llm.example/v1' });
    expect(env).toMatchObject({ AI_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: 'https://llm.example/v1' });
  });

  it('wants a job budget that fits the job’s own steps (the model’s wait and two CPU steps, a reminder’s sends)', () => {
    expect(parseEnv({ AI_TIMEOUT_MS: '60000', JOB_TIME_BUDGET_MS: '65000' })).toMatchObject({ JOB_TIME_BUDGET_MS: 65000, JOB_CPU_BUDGET_MS: 2000 });
    expect(() => parseEnv({ AI_TIMEOUT_MS: '60000' })).toThrow(/JOB_TIME_BUDGET_MS: Must be more than AI_TIMEOUT_MS \+ 2 × JOB_CPU_BUDGET_MS and more than NOTIFY_TIMEOUT_MS \(here 64000\)/);
    expect(() => parseEnv({ NOTIFY_TIMEOUT_MS: '40000' })).toThrow(/JOB_TIME_BUDGET_MS/);
    expect(() => parseEnv({ JOB_CPU_BUDGET_MS: '10' })).toThrow(/JOB_CPU_BUDGET_MS: Must be at least 50/);
  });

  it('names the bad key', () => {
    expect(() => parseEnv({ AI_PROVIDER: 'gpt' })).toThrow(/AI_PROVIDER/);
  });

  it('lists every bad key at once', () => {
    let error: unknown;
    try {
      parseEnv({ REDIS_URL: 'localhost:6379', AI_WORKER_CONCURRENCY: '0', AI_TIMEOUT_MS: 'soon', LOG_LEVEL: 'loud' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    const keys = (error as EnvError).issues.map((i) => i.key).sort();
    expect(keys).toEqual(['AI_TIMEOUT_MS', 'AI_WORKER_CONCURRENCY', 'LOG_LEVEL', 'REDIS_URL']);
    for (const key of keys) expect((error as EnvError).message).toContain(key);
  });

  it('requires a key or a base url for the openai provider', () => {
    expect(() => parseEnv({ AI_PROVIDER: 'openai' })).toThrow(/OPENAI_API_KEY/);
    expect(parseEnv({ AI_PROVIDER: 'openai', OPENAI_BASE_URL: 'http://127.0.0.1:8000/v1' }).AI_PROVIDER).toBe('openai');
  });
});
