// Backup and restore drill (issue 7): real Daybook data made through the api, deploy/backup/backup.sh
// against that database, the database dropped, deploy/backup/restore.sh, then the same row counts, the
// same tasks (checksum) and a working sign-in. The scripts run as the compose "backup" service runs
// them: libpq variables (PGHOST, PGUSER, ...) or DATABASE_URL, BACKUP_DIR, BACKUP_KEEP; with busybox's
// sh and tools when busybox is installed (the service's image is alpine), else Debian's sh.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { createApp } from './app';
import { parseEnv } from './config/env';
import { initOrm } from './db/orm';
import { createLogger } from './logger';
import { ApiClient, TEST_PASSWORD, TEST_SESSION_SECRET } from './test/test-app';
import { TEST_DATABASE_PREFIX, testRedisUrl } from './test/test-services';

// pg has no type declarations in this repo (no @types/pg); the little used here is typed by hand.
interface PgClient {
  connect(): Promise<void>;
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
  end(): Promise<void>;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Client } = require('pg') as { Client: new (config: { connectionString: string }) => PgClient };

const scripts = path.resolve(__dirname, '..', '..', '..', 'deploy', 'backup');
const hasTool = (name: string) => spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
const serverUrl = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');

/** Why the drill cannot run here, if it cannot: the tools are missing, or older than the server (pg_dump refuses a newer server, e.g. Debian 12's 15 and the embedded PostgreSQL 17). */
function pgToolsProblem(): string | null {
  if (!(hasTool('pg_dump') && hasTool('pg_restore') && hasTool('psql'))) return 'pg_dump, pg_restore and psql are not installed (apt-get install postgresql-client)';
  const tools = Number(/\(PostgreSQL\) (\d+)/.exec(spawnSync('pg_dump', ['--version'], { encoding: 'utf8' }).stdout)?.[1]);
  const versionNum = spawnSync('psql', [serverUrl.toString(), '-Atc', 'show server_version_num'], { encoding: 'utf8' }).stdout.trim();
  const server = Math.floor(Number(versionNum) / 10000);
  return tools < server ? `pg_dump ${tools} cannot dump the PostgreSQL ${server} server of this run (install postgresql-client-${server}, or set DATABASE_URL to a PostgreSQL ${tools} server)` : null;
}
const pgToolsMissing = pgToolsProblem();
const pgToolsInstalled = pgToolsMissing === null;
if (!pgToolsInstalled) console.warn(`[backup drill] skipped: ${pgToolsMissing}`);
const runId = process.env.DAYBOOK_TEST_RUN_ID ?? String(process.pid);
const database = `${TEST_DATABASE_PREFIX}${runId}_drill_${process.env.JEST_WORKER_ID ?? '1'}`;
const databaseUrl = (name: string) => Object.assign(new URL(serverUrl.toString()), { pathname: `/${name}` }).toString();

/** libpq settings for the drill database, the way docker-compose.yml gives them to the backup service. */
const libpqEnv = () => ({
  PGHOST: serverUrl.hostname,
  PGPORT: serverUrl.port || '5432',
  PGUSER: decodeURIComponent(serverUrl.username) || 'postgres',
  ...(serverUrl.password ? { PGPASSWORD: decodeURIComponent(serverUrl.password) } : {}),
  PGDATABASE: database,
});

let busyboxBin: string | undefined;
/** Runs a deploy/backup script with only the given environment (plus PATH), like the container does. */
function runScript(name: string, args: string[], env: Record<string, string>) {
  const pathValue = busyboxBin ? `${busyboxBin}:${process.env.PATH}` : (process.env.PATH ?? '');
  const shell = busyboxBin ? path.join(busyboxBin, 'sh') : 'sh';
  return spawnSync(shell, [path.join(scripts, name), ...args], { encoding: 'utf8', env: { PATH: pathValue, TMPDIR: os.tmpdir(), ...env } });
}

async function admin<T>(work: (client: PgClient) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: databaseUrl('postgres') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
const dropDatabase = () => admin((c) => c.query(`drop database if exists "${database}" with (force)`));

/** Row counts of every table and a checksum of the tasks (every column of every row, in id order). */
async function fingerprint() {
  const client = new Client({ connectionString: databaseUrl(database) });
  await client.connect();
  try {
    const tables = await client.query<{ table_name: string }>(`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`);
    const counts: Record<string, number> = {};
    for (const { table_name } of tables.rows) {
      counts[table_name] = Number((await client.query<{ n: string }>(`select count(*) as n from "${table_name}"`)).rows[0]!.n);
    }
    const tasks = await client.query<{ sum: string | null }>(`select md5(string_agg(t::text, '|' order by t.id)) as sum from tasks t`);
    return { counts, tasksChecksum: tasks.rows[0]!.sum };
  } finally {
    await client.end();
  }
}

/** The api on the drill database, as main.ts starts it (migrations run at start-up). */
async function startApi() {
  const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl(database), REDIS_URL: testRedisUrl() });
  const orm = await initOrm(env.DATABASE_URL!);
  const redis = new Redis(testRedisUrl(), { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true });
  await redis.connect();
  await redis.flushdb();
  const server: Server = createApp({ env, orm, redis, logger: createLogger('silent'), sessionSecret: TEST_SESSION_SECRET }).listen(0, '127.0.0.1');
  return {
    client: () => new ApiClient(server),
    /** Like stopping the api container: its process, and so every connection it had, goes away. */
    async close() {
      await new Promise((resolve) => server.close(resolve));
      redis.disconnect();
      await orm.close(true);
      // initOrm leaves the connection of its database check open after close (see the issue note).
      await admin((c) => c.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`, [database]));
    },
  };
}

async function ok<T>(request: PromiseLike<{ status: number; body: unknown; text: string }>, status = 201): Promise<T> {
  const res = await request;
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${res.text}`);
  return res.body as T;
}

/** Two users with clients, tasks (one recurring and completed, so it has a next occurrence), comments, notes. */
async function seed() {
  const api = await startApi();
  try {
    for (const username of ['drill-anna', 'drill-bob']) {
      const user = api.client();
      await user.signUpAndIn(username);
      const acme = await ok<{ id: string }>(user.post('/api/clients', { name: `Acme of ${username}`, color: '#1565c0' }));
      await ok(user.post('/api/clients', { name: 'Globex' }));
      for (let i = 1; i <= 12; i++) {
        const task = await ok<{ id: string }>(
          user.post('/api/tasks', {
            title: `${username} task ${i} — naïve café ✓`,
            description: i % 3 === 0 ? 'Line one\nLine "two", with \'quotes\' and a tab\t.' : undefined,
            priority: ['low', 'medium', 'high', 'urgent'][i % 4],
            clientId: i % 2 === 0 ? acme.id : null,
            dueDate: `2026-02-${String(i + 1).padStart(2, '0')}`,
            estimatedTime: `${i}h`,
            documentLinks: i % 4 === 0 ? ['https://docs.example/a', 'https://docs.example/b'] : [],
            ...(i === 1 ? { isRecurring: true, recurringType: 'weekly', recurringInterval: 2 } : {}),
          }),
        );
        if (i % 5 === 0) await ok(user.post(`/api/tasks/${task.id}/comments`, { content: `Comment on ${i}` }));
        if (i === 1) await ok(user.patch(`/api/tasks/${task.id}/complete`, { isCompleted: true }), 200);
      }
      const page = await ok<{ id: string }>(user.post('/api/note-lists', { title: 'Meeting notes' }));
      await ok(user.post(`/api/note-lists/${page.id}/items`, { content: '# Heading\n\n- a **bold** point', sortOrder: 0, clientId: null }));
    }
  } finally {
    await api.close();
  }
}

(pgToolsInstalled ? describe : describe.skip)('backup and restore drill', () => {
  let backups: string;
  /** The database as backed up by the first test. */
  let backedUp: Awaited<ReturnType<typeof fingerprint>>;

  beforeAll(async () => {
    if (hasTool('busybox')) {
      busyboxBin = mkdtempSync(path.join(os.tmpdir(), 'daybook-busybox-'));
      const busybox = spawnSync('sh', ['-c', 'command -v busybox'], { encoding: 'utf8' }).stdout.trim();
      for (const applet of ['sh', 'date', 'find', 'mkdir', 'mv', 'rm', 'cat', 'sed', 'head', 'wc', 'tr', 'id', 'mktemp', 'sleep', 'dirname', 'touch', 'ls']) {
        symlinkSync(busybox, path.join(busyboxBin, applet));
      }
    }
    backups = mkdtempSync(path.join(os.tmpdir(), 'daybook-drill-'));
    await dropDatabase();
    await seed();
  }, 30_000);

  afterAll(async () => {
    await dropDatabase();
    rmSync(backups, { recursive: true, force: true });
    if (busyboxBin) rmSync(busyboxBin, { recursive: true, force: true });
  });

  const dumps = () => readdirSync(backups).filter((f) => /^daybook-.*\.dump$/.test(f)).sort();

  it('backs up, survives dropping the database, restores the same rows and tasks, and the users sign in again', async () => {
    const before = await fingerprint();
    backedUp = before;
    expect(before.counts.users).toBe(2);
    expect(before.counts.tasks).toBe(26); // 12 each + the next occurrence of each completed recurring task
    expect(before.tasksChecksum).toMatch(/^[0-9a-f]{32}$/);

    const backup = runScript('backup.sh', [], { ...libpqEnv(), BACKUP_DIR: backups, BACKUP_KEEP: '14' });
    expect(backup.stderr).toBe('');
    expect(backup.status).toBe(0);
    expect(dumps()).toHaveLength(1);
    const file = path.join(backups, dumps()[0]!);
    expect(statSync(file).mode & 0o077).toBe(0); // only its owner may read it
    expect(readdirSync(backups).filter((f) => f.endsWith('.partial'))).toEqual([]);

    await dropDatabase();

    const restore = runScript('restore.sh', [file], { ...libpqEnv(), BACKUP_DIR: backups });
    expect(restore.stderr).toBe('');
    expect(restore.status).toBe(0);
    expect(restore.stdout).toContain('does not exist; creating it');
    expect(await fingerprint()).toEqual(before);

    const api = await startApi(); // migrations again on the restored database: nothing pending, no error
    try {
      const anna = api.client();
      expect((await anna.signIn('drill-anna', TEST_PASSWORD)).username).toBe('drill-anna');
      const active = await anna.get('/api/tasks/active');
      expect(active.status).toBe(200);
      expect((active.body as { items: unknown[] }).items.length).toBeGreaterThan(0);
    } finally {
      await api.close();
    }
  }, 30_000);

  it('restores over an existing database in one go (DATABASE_URL form), after saving what it replaces', async () => {
    const file = path.join(backups, dumps()[0]!);
    // Change the data after the backup: the restore must bring back the backup's state exactly.
    await admin(async () => {
      const client = new Client({ connectionString: databaseUrl(database) });
      await client.connect();
      await client.query(`delete from task_comments`);
      await client.query(`update tasks set title = 'changed after the backup'`);
      await client.end();
    });
    expect((await fingerprint()).tasksChecksum).not.toBe(backedUp.tasksChecksum);

    const restore = runScript('restore.sh', [file], { DATABASE_URL: databaseUrl(database), BACKUP_DIR: backups });
    expect(restore.stderr).toBe('');
    expect(restore.status).toBe(0);
    expect(await fingerprint()).toEqual(backedUp);
    const safety = readdirSync(backups).filter((f) => f.startsWith('pre-restore-'));
    expect(safety).toHaveLength(1);
    expect(restore.stdout).toContain(safety[0]);
  }, 30_000);

  it('refuses while Daybook is connected, unless --force', async () => {
    const file = path.join(backups, dumps()[0]!);
    const connected = new Client({ connectionString: databaseUrl(database) });
    await connected.connect();
    try {
      const refused = runScript('restore.sh', ['--no-safety-copy', file], { ...libpqEnv(), BACKUP_DIR: backups });
      expect(refused.status).toBe(1);
      expect(refused.stderr).toMatch(/other connection\(s\).*\n.*docker compose stop api ai-worker/);
      const forced = runScript('restore.sh', ['--force', '--no-safety-copy', file], { ...libpqEnv(), BACKUP_DIR: backups });
      expect(forced.status).toBe(0);
    } finally {
      await connected.end();
    }
  }, 30_000);

  it('leaves the database untouched when the backup file is damaged', async () => {
    const before = await fingerprint();
    const good = readFileSync(path.join(backups, dumps()[0]!));
    const damaged = path.join(backups, 'damaged.dump');
    writeFileSync(damaged, good.subarray(0, Math.floor(good.length * 0.6))); // the table of contents survives, the data does not
    const restore = runScript('restore.sh', ['--no-safety-copy', damaged], { ...libpqEnv(), BACKUP_DIR: backups });
    expect(restore.status).not.toBe(0);
    expect(await fingerprint()).toEqual(before);
    rmSync(damaged);
  }, 30_000);

  it('keeps only the newest BACKUP_KEEP backups, and nothing else in the folder is deleted', () => {
    for (let day = 1; day <= 15; day++) writeFileSync(path.join(backups, `daybook-2020-01-${String(day).padStart(2, '0')}_030000.dump`), 'old');
    writeFileSync(path.join(backups, 'notes.txt'), 'mine');
    const result = runScript('backup.sh', [], { ...libpqEnv(), BACKUP_DIR: backups, BACKUP_KEEP: '3' });
    expect(result.status).toBe(0);
    const kept = dumps();
    expect(kept).toHaveLength(3);
    expect(kept.slice(0, 1)).toEqual(['daybook-2020-01-15_030000.dump']); // the newest old one; then the two real ones
    expect(existsSync(path.join(backups, 'notes.txt'))).toBe(true);
    expect(readdirSync(backups).filter((f) => f.startsWith('pre-restore-'))).toHaveLength(1);
    expect(result.stdout.match(/removed old backup/g)).toHaveLength(14);
  }, 30_000);

  it('the backup service makes a first backup at start-up and stops at once on docker stop (SIGTERM)', async () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), 'daybook-drill-schedule-'));
    const shell = busyboxBin ? path.join(busyboxBin, 'sh') : 'sh';
    const child = spawn(shell, [path.join(scripts, 'schedule.sh')], {
      env: { PATH: busyboxBin ? `${busyboxBin}:${process.env.PATH}` : (process.env.PATH ?? ''), ...libpqEnv(), BACKUP_DIR: empty, BACKUP_HOUR: '23' },
      stdio: 'ignore',
    });
    try {
      const deadline = Date.now() + 15_000;
      while (!existsSync(path.join(empty, '.last-daily-backup')) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(readdirSync(empty).filter((f) => f.endsWith('.dump'))).toHaveLength(1);
      const stopped = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      const sent = Date.now();
      child.kill('SIGTERM');
      expect(await stopped).toBe(0);
      expect(Date.now() - sent).toBeLessThan(3000);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(empty, { recursive: true, force: true });
    }
  }, 30_000);
});
