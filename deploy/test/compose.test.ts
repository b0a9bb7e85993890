// docker-compose.yml: validated by Docker Compose itself when it is installed (Debian's docker-compose
// or the docker compose plugin; neither needs a running engine for `config`), and always checked
// structurally here: services, profiles, volumes, health checks, published ports, and that every
// setting comes from .env and is documented.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { hasCommand, repoPath, skipNote } from './helpers';

type Service = {
  image?: string;
  build?: { context: string; target: string };
  profiles?: string[];
  restart?: string;
  depends_on?: string[] | Record<string, { condition?: string }>;
  environment?: Record<string, string | null>;
  volumes?: (string | { type: string; source: string; target: string })[];
  ports?: (string | { published: string | number; target: number })[];
  healthcheck?: { test?: string[] | string; disable?: boolean };
  command?: string[] | string;
  entrypoint?: string[] | string;
};
type ComposeFile = { services: Record<string, Service>; volumes?: Record<string, unknown> };

const composeText = readFileSync(repoPath('docker-compose.yml'), 'utf8');
const raw = parse(composeText) as ComposeFile;
const envExample = readFileSync(repoPath('.env.example'), 'utf8');
const configurationDoc = readFileSync(repoPath('docs', 'configuration.md'), 'utf8');
const dockerfile = readFileSync(repoPath('Dockerfile'), 'utf8');

const CORE = ['postgres', 'redis', 'api', 'ai-worker', 'web', 'backup'];
const PROFILED: Record<string, string> = { caddy: 'https', ollama: 'ollama', 'ollama-pull': 'ollama' };

/** Compose's variable substitution (${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?error}, $$) over parsed YAML. */
function interpolate<T>(value: T, env: Record<string, string>): T {
  if (typeof value === 'string') {
    return value
      .replace(/\$\$/g, '\u0000')
      .replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}/g, (_m, name: string, op?: string, fallback?: string) => {
        const set = env[name];
        if (op === ':-') return set ? set : (fallback ?? '');
        if (op === '-') return set !== undefined ? set : (fallback ?? '');
        if (op === ':?' && !set) throw new Error(`required variable ${name} is missing a value: ${fallback}`);
        return set ?? '';
      })
      .replace(/\u0000/g, '$') as T;
  }
  if (Array.isArray(value)) return value.map((v) => interpolate(v, env)) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolate(v, env)])) as T;
  return value;
}

const dependencies = (service: Service): Record<string, string | undefined> =>
  Array.isArray(service.depends_on)
    ? Object.fromEntries(service.depends_on.map((d) => [d, undefined]))
    : Object.fromEntries(Object.entries(service.depends_on ?? {}).map(([k, v]) => [k, v?.condition]));
const volumeSpec = (v: string | { source: string; target: string }) => (typeof v === 'string' ? { source: v.split(':')[0]!, target: v.split(':')[1]!, readOnly: v.endsWith(':ro') } : { ...v, readOnly: false });
const publishedPorts = (service: Service) => (service.ports ?? []).map((p) => (typeof p === 'string' ? p : `${p.published}:${p.target}`));
const variablesIn = (text: string) => new Set([...text.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!));
const envExampleNames = new Set([...envExample.matchAll(/^#?\s?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]!));
const documented = new Set([...configurationDoc.matchAll(/^## ([A-Z][A-Z0-9_]*)\s*$/gm)].map((m) => m[1]!));
/** The least .env that compose accepts: the database password (there is no default). */
const MINIMAL_ENV = { POSTGRES_PASSWORD: '3f9c1d0e7a5b42c8' };
/** .env.example's uncommented settings, as compose reads them. */
const envExampleValues = Object.fromEntries([...envExample.matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((m) => [m[1]!, m[2]!]));

describe('docker-compose.yml, structure', () => {
  const compose = interpolate(raw, MINIMAL_ENV);

  it('refuses to run without a database password, and with .env.example copied but not edited', () => {
    const message = /required variable POSTGRES_PASSWORD is missing a value: POSTGRES_PASSWORD must be set - copy \.env\.example to \.env and set it there/;
    expect(() => interpolate(raw, {})).toThrow(message);
    expect(envExampleValues).toHaveProperty('POSTGRES_PASSWORD', '');
    expect(() => interpolate(raw, envExampleValues)).toThrow(message);
    // Every service that needs the password takes it from there: none has a default of its own.
    expect(composeText).not.toMatch(/POSTGRES_PASSWORD:-/);
  });

  it('has the core services without a profile and the optional ones behind theirs', () => {
    for (const name of CORE) {
      expect(compose.services[name]).toBeDefined();
      expect(compose.services[name]!.profiles).toBeUndefined();
    }
    for (const [name, profile] of Object.entries(PROFILED)) expect(compose.services[name]?.profiles).toEqual([profile]);
    expect(Object.keys(compose.services).sort()).toEqual([...CORE, ...Object.keys(PROFILED)].sort());
  });

  it('references only defined services, and no core service needs an optional one', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      for (const dependency of Object.keys(dependencies(service))) {
        expect({ name, dependency, defined: dependency in compose.services }).toEqual({ name, dependency, defined: true });
        if (CORE.includes(name)) expect(CORE).toContain(dependency);
      }
    }
  });

  it('declares every named volume it uses and uses every one it declares; bind mounts exist in the repo', () => {
    const declared = Object.keys(compose.volumes ?? {});
    const used = new Set<string>();
    for (const service of Object.values(compose.services)) {
      for (const volume of (service.volumes ?? []).map(volumeSpec)) {
        if (/^[./~]/.test(volume.source)) {
          if (volume.source.startsWith('./deploy/')) expect(existsSync(repoPath(volume.source))).toBe(true);
        } else {
          expect(declared).toContain(volume.source);
          used.add(volume.source);
        }
      }
    }
    expect([...used].sort()).toEqual([...declared].sort());
  });

  it('keeps data in volumes: postgres, redis, Caddy authority, Ollama models', () => {
    const mounts = (name: string) => (compose.services[name]!.volumes ?? []).map(volumeSpec).map((v) => `${v.source}:${v.target}`);
    expect(mounts('postgres')).toContain('postgres-data:/var/lib/postgresql/data');
    expect(mounts('redis')).toContain('redis-data:/data');
    expect(mounts('caddy')).toContain('caddy-data:/data');
    expect(mounts('ollama')).toContain('ollama-models:/root/.ollama');
  });

  it('publishes only the web app (and, with the https profile, Caddy)', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      if (name === 'web') expect(publishedPorts(service)).toEqual(['8080:8080']);
      else if (name === 'caddy') expect(publishedPorts(service)).toEqual(['8443:8443']);
      else expect(service.ports).toBeUndefined();
    }
  });

  it('restarts long-running services and gives the database and queue health checks the others wait for', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      expect({ name, restart: service.restart }).toEqual({ name, restart: name === 'ollama-pull' ? 'no' : 'unless-stopped' });
      expect(service.healthcheck?.disable).not.toBe(true);
    }
    for (const name of ['postgres', 'redis', 'backup', 'ollama']) expect(compose.services[name]!.healthcheck?.test).toBeDefined();
    expect(dependencies(compose.services.api!)).toEqual({ postgres: 'service_healthy', redis: 'service_healthy' });
    // The worker delivers reminders, which live in the database (DECISIONS 29).
    expect(dependencies(compose.services['ai-worker']!)).toEqual({ postgres: 'service_healthy', redis: 'service_healthy' });
    expect(dependencies(compose.services.backup!)).toEqual({ postgres: 'service_healthy' });
    expect(dependencies(compose.services['ollama-pull']!)).toEqual({ ollama: 'service_healthy' });
  });

  it('runs Redis without eviction and with append-only persistence', () => {
    const command = ([] as string[]).concat(compose.services.redis!.command ?? []).join(' ');
    expect(command).toMatch(/--maxmemory-policy noeviction/);
    expect(command).toMatch(/--appendonly yes/);
  });

  it('builds api, ai-worker and web from the Dockerfile targets of the same names', () => {
    for (const name of ['api', 'ai-worker', 'web']) {
      expect(compose.services[name]!.build).toEqual({ context: '.', target: name });
      expect(dockerfile).toMatch(new RegExp(`^FROM \\S+ AS ${name}$`, 'm'));
    }
  });

  it('wires the services to each other by the names and ports the images expect', () => {
    const api = compose.services.api!.environment!;
    expect(api.DATABASE_URL).toBe('postgres://daybook:3f9c1d0e7a5b42c8@postgres:5432/daybook');
    expect(api.REDIS_URL).toBe('redis://redis:6379');
    expect(api.TRUST_PROXY).toBe('true');
    expect(compose.services['ai-worker']!.environment!.REDIS_URL).toBe('redis://redis:6379');
    expect(compose.services['ai-worker']!.environment!.OLLAMA_URL).toBe('http://ollama:11434');
    // nginx in the web image finds the api as api:3000 and offers the proxy port 8081 to Caddy.
    expect(dockerfile).toMatch(/API_UPSTREAM=api:3000/);
    expect(dockerfile).toMatch(/PORT=3000/);
    expect(dockerfile).toMatch(/PROXY_LISTEN_PORT=8081/);
    expect(compose.services.caddy!.environment!.DAYBOOK_WEB_UPSTREAM).toBe('web:8081');
    expect(compose.services.ollama!.profiles).toEqual(['ollama']);
  });

  it('backs up daily with the database image (matching pg_dump) and keeps 14 by default', () => {
    const backup = compose.services.backup!;
    expect(backup.image).toBe(compose.services.postgres!.image);
    expect(backup.environment).toMatchObject({ PGHOST: 'postgres', PGUSER: 'daybook', PGPASSWORD: '3f9c1d0e7a5b42c8', PGDATABASE: 'daybook', BACKUP_KEEP: '14', BACKUP_HOUR: '3', BACKUP_DIR: '/backups' });
    const mounts = (backup.volumes ?? []).map(volumeSpec);
    expect(mounts).toContainEqual({ source: './deploy/backup', target: '/daybook/backup', readOnly: true });
    expect(mounts.map((m) => `${m.source}:${m.target}`)).toContain('./backups:/backups');
    expect(backup.entrypoint).toEqual(['sh', '/daybook/backup/schedule.sh']);
  });

  it('follows .env: ports, passwords, profiles and the model', () => {
    const custom = interpolate(raw, { WEB_PORT: '80', HTTPS_PORT: '443', POSTGRES_PASSWORD: 'a1b2c3d4e5f60718', OLLAMA_MODEL: 'qwen2.5:3b', BACKUP_LOCATION: '/srv/daybook-backups', BACKUP_KEEP: '30' });
    expect(publishedPorts(custom.services.web!)).toEqual(['80:8080']);
    expect(publishedPorts(custom.services.caddy!)).toEqual(['443:8443']);
    expect(custom.services.api!.environment!.DATABASE_URL).toBe('postgres://daybook:a1b2c3d4e5f60718@postgres:5432/daybook');
    expect(custom.services.postgres!.environment!.POSTGRES_PASSWORD).toBe('a1b2c3d4e5f60718');
    expect(custom.services.backup!.environment!.PGPASSWORD).toBe('a1b2c3d4e5f60718');
    expect(custom.services.backup!.environment!.BACKUP_KEEP).toBe('30');
    expect((custom.services.backup!.volumes ?? []).map(volumeSpec).map((v) => v.source)).toContain('/srv/daybook-backups');
    expect(custom.services['ollama-pull']!.entrypoint).toEqual(['ollama', 'pull', 'qwen2.5:3b']);
  });
});

describe('docker-compose.yml and the settings', () => {
  const used = variablesIn(composeText);
  // .env.example variables that docker compose does not pass on, and why.
  const NOT_FOR_COMPOSE: Record<string, string> = {
    NODE_ENV: 'the images set production',
    PORT: 'the api listens on 3000 inside its container; WEB_PORT is the published one',
    HOST: 'fixed inside the container',
    API_PORT: 'npm start only',
    TRUST_PROXY: 'compose sets it (nginx is in front)',
    DATABASE_URL: 'compose builds it from POSTGRES_*',
    DATA_DIR: 'the embedded PostgreSQL of npm start; compose runs its own postgres service',
    REDIS_URL: 'compose points at the redis service',
    COMPOSE_PROFILES: 'read by docker compose itself',
    COMPOSE_PROJECT_NAME: 'read by docker compose itself',
  };

  it('takes every setting from .env, and .env.example and docs/configuration.md describe each one', () => {
    for (const name of used) {
      expect({ name, inEnvExample: envExampleNames.has(name) }).toEqual({ name, inEnvExample: true });
      expect({ name, documented: documented.has(name) }).toEqual({ name, documented: true });
    }
  });

  it('passes on every .env.example setting that the containers read', () => {
    for (const name of envExampleNames) {
      if (name in NOT_FOR_COMPOSE) continue;
      expect({ name, usedByCompose: used.has(name) }).toEqual({ name, usedByCompose: true });
    }
  });

  it("passes every variable of the api's and the worker's environment schema to their containers", () => {
    const schemaKeys = (file: string) => {
      const text = readFileSync(repoPath(file), 'utf8');
      const start = text.indexOf('envSchema = z');
      const body = text.slice(start, text.indexOf('export type', start));
      return [...body.matchAll(/^\s+([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]!);
    };
    const compose = interpolate(raw, MINIMAL_ENV);
    // Set by the image, or meaningless there (DATA_DIR: /app/data, the app-data volume; its embedded PostgreSQL is never used with DATABASE_URL).
    const fixedByImage = ['NODE_ENV', 'PORT', 'HOST', 'DATA_DIR'];
    for (const [service, file] of [['api', 'services/api/src/config/env.ts'], ['ai-worker', 'services/ai-worker/src/config/env.ts']] as const) {
      const keys = schemaKeys(file);
      expect(keys.length).toBeGreaterThan(3);
      for (const key of keys.filter((k) => !fixedByImage.includes(k))) {
        expect({ service, key, passed: key in (compose.services[service]!.environment ?? {}) }).toEqual({ service, key, passed: true });
      }
    }
  });
});

/** How to run Docker Compose here, if at all: Debian's docker-compose (v1) or the docker compose plugin (v2). */
function composeCommand(): string[] | null {
  if (hasCommand('docker-compose')) return ['docker-compose'];
  if (hasCommand('docker') && spawnSync('docker', ['compose', 'version'], { stdio: 'ignore' }).status === 0) return ['docker', 'compose'];
  return null;
}
const composeCli = composeCommand();
if (!composeCli) skipNote('docker compose config', 'neither docker-compose (apt-get install docker-compose) nor the docker compose plugin is installed; the structural checks above still ran');

(composeCli ? describe : describe.skip)('docker compose config (Docker Compose itself)', () => {
  let work: string;
  beforeAll(() => {
    work = mkdtempSync(path.join(os.tmpdir(), 'daybook-compose-'));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  /** `config` with only the given env file (a developer's own .env must not change the result). */
  function run(envFileText: string, extraArgs: string[] = []) {
    const envFile = path.join(work, `env-${Math.random().toString(36).slice(2)}`);
    writeFileSync(envFile, envFileText);
    const [command, ...prefix] = composeCli!;
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !variablesIn(composeText).has(k) && !k.startsWith('COMPOSE_')));
    return spawnSync(command!, [...prefix, '--project-directory', repoPath(), '-f', repoPath('docker-compose.yml'), '--env-file', envFile, ...extraArgs, 'config'], { encoding: 'utf8', env });
  }
  function config(envFileText: string, extraArgs: string[] = []) {
    const result = run(envFileText, extraArgs);
    if (result.status !== 0) throw new Error(`${composeCli!.join(' ')} config failed:\n${result.stderr}`);
    return parse(result.stdout) as ComposeFile;
  }

  it.each([
    ['no .env at all', ''],
    ['.env.example copied but not edited', envExample],
  ])('refuses %s, saying which setting to make and where', (_case, envFileText) => {
    const result = run(envFileText);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('POSTGRES_PASSWORD must be set - copy .env.example to .env and set it there');
  });

  it('accepts .env.example with the password set, and resolves every default', () => {
    const resolved = config(envExample.replace(/^POSTGRES_PASSWORD=$/m, 'POSTGRES_PASSWORD=3f9c1d0e7a5b42c8'));
    expect(Object.keys(resolved.services)).toEqual(expect.arrayContaining(CORE));
    expect(resolved.services.api!.environment!.DATABASE_URL).toBe('postgres://daybook:3f9c1d0e7a5b42c8@postgres:5432/daybook');
    expect(resolved.services.postgres!.environment!.POSTGRES_PASSWORD).toBe('3f9c1d0e7a5b42c8');
    expect(publishedPorts(resolved.services.web!).map((p) => p.replace(/^0\.0\.0\.0:/, ''))).toEqual(['8080:8080']);
    expect(resolved.services.backup!.environment!.BACKUP_KEEP).toBe('14');
  });

  it('resolves both profiles with every service they need', () => {
    const resolved = config('POSTGRES_PASSWORD=3f9c1d0e7a5b42c8\nCOMPOSE_PROFILES=https,ollama\nAI_PROVIDER=ollama\nOLLAMA_MODEL=qwen2.5:3b\nHTTPS_HOST=192.168.1.20\n', ['--profile', 'https', '--profile', 'ollama']);
    expect(Object.keys(resolved.services)).toEqual(expect.arrayContaining([...CORE, 'caddy', 'ollama', 'ollama-pull']));
    expect(resolved.services['ai-worker']!.environment!.AI_PROVIDER).toBe('ollama');
    expect(resolved.services['ollama-pull']!.entrypoint).toEqual(['ollama', 'pull', 'qwen2.5:3b']);
    expect(resolved.services.caddy!.environment!.HTTPS_HOST).toBe('192.168.1.20');
    expect(Object.keys(resolved.volumes ?? {})).toEqual(expect.arrayContaining(['postgres-data', 'redis-data', 'caddy-data', 'caddy-config', 'ollama-models']));
  });
});
