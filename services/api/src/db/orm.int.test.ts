import { statSync } from 'node:fs';
import path from 'node:path';
import { MikroORM } from '@mikro-orm/postgresql';
import { initOrm, MIGRATIONS_LOCK } from './orm';
import { migrationsList } from './migrations';
import { STATEMENT_TIMEOUT_MS } from './mikro-orm.config';
import { testDatabaseUrl } from '../test/test-services';

/** Api replicas started together. */
const REPLICAS = 4;

describe('initOrm', () => {
  /** A database of its own on the test server, dropped before and after `work`. */
  async function onFreshDatabase(suffix: string, work: (url: string, name: string) => Promise<void>): Promise<void> {
    const url = new URL(testDatabaseUrl());
    url.pathname = `${url.pathname}_${suffix}`;
    const name = url.pathname.slice(1);
    const admin = await MikroORM.init({ clientUrl: testDatabaseUrl(), entities: [], discovery: { warnWhenNoEntities: false } });
    const drop = () => admin.em.getConnection().execute(`drop database if exists "${name}" with (force)`);
    await drop();
    try {
      await work(url.toString(), name);
    } finally {
      await drop();
      await admin.close(true);
    }
  }

  /** Each replica is on `name`, nothing is pending, and every migration was recorded exactly once. */
  async function expectMigratedOnce(orms: MikroORM[], name: string): Promise<void> {
    for (const orm of orms) {
      const [where] = await orm.em.getConnection().execute<{ db: string }[]>('select current_database() as db');
      expect(where!.db).toBe(name);
      expect(await orm.getMigrator().getPendingMigrations()).toEqual([]);
    }
    const applied = await orms[0]!.em.getConnection().execute<{ name: string; times: number }[]>(
      'select name, count(*)::int as times from mikro_orm_migrations group by name order by name',
    );
    expect(applied).toEqual(migrationsList.map((migration) => ({ name: migration.name, times: 1 })).sort((a, b) => a.name.localeCompare(b.name)));
  }

  it('lets several replicas start at once on a server without the database: one creates and migrates, all come up on it', async () => {
    await onFreshDatabase('replicas', async (url, name) => {
      const orms = await Promise.all(Array.from({ length: REPLICAS }, () => initOrm(url)));
      try {
        await expectMigratedOnce(orms, name);
      } finally {
        await Promise.all(orms.map((orm) => orm.close(true)));
      }
    });
    // Four migration runs one after the other on a loaded 2-core CI machine: tens of seconds, not 5.
  }, 120_000);

  it('makes replicas wait for one that migrates for longer than the statement time limit, then start', async () => {
    await onFreshDatabase('replicas_wait', async (url, name) => {
      await initOrm(url).then((orm) => orm.close(true)); // the database exists and is migrated
      // Another replica holds the migrations' lock, as while it applies a long migration.
      const holder = await MikroORM.init({ clientUrl: url, entities: [], discovery: { warnWhenNoEntities: false }, pool: { min: 1, max: 1 } });
      await holder.em.getConnection().execute('select pg_advisory_lock(hashtext(?))', [MIGRATIONS_LOCK]);
      const settled: string[] = [];
      const starting = Array.from({ length: REPLICAS }, () =>
        initOrm(url).then(
          (orm) => (settled.push('started'), orm),
          (error: Error) => (settled.push(error.message), null),
        ),
      );
      try {
        await new Promise((resolve) => setTimeout(resolve, STATEMENT_TIMEOUT_MS + 2_000));
        expect(settled).toEqual([]); // still waiting, none given up
      } finally {
        await holder.em.getConnection().execute('select pg_advisory_unlock(hashtext(?))', [MIGRATIONS_LOCK]);
        await holder.close(true);
      }
      const orms = await Promise.all(starting);
      try {
        expect(settled).toEqual(Array(REPLICAS).fill('started'));
        await expectMigratedOnce(orms as MikroORM[], name);
      } finally {
        await Promise.all(orms.map((orm) => orm?.close(true)));
      }
    });
  }, 120_000);

  it('applies migrations without writing the committed schema snapshot (a start or a test run leaves the tree clean)', async () => {
    const snapshot = path.join(__dirname, 'migrations', '.snapshot-daybook.json');
    const before = statSync(snapshot).mtimeMs;
    const url = new URL(testDatabaseUrl());
    url.pathname = `${url.pathname}_snapshot`;
    // As the api runs: from its package's folder, where the ORM's relative migrations path is the committed one
    // (the ORM reads the working folder when it loads, so it is loaded afresh from there).
    const cwd = process.cwd();
    process.chdir(path.join(__dirname, '..', '..'));
    let initFromApiFolder: typeof initOrm = initOrm;
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- a fresh copy needs a synchronous require
      initFromApiFolder = (require('./orm') as { initOrm: typeof initOrm }).initOrm;
    });
    const orm = await initFromApiFolder(url.toString()).finally(() => process.chdir(cwd));
    try {
      expect(await orm.getMigrator().getPendingMigrations()).toEqual([]);
      expect(statSync(snapshot).mtimeMs).toBe(before);
    } finally {
      await orm.close(true);
      const admin = await MikroORM.init({ clientUrl: testDatabaseUrl(), entities: [], discovery: { warnWhenNoEntities: false } });
      await admin.em.getConnection().execute(`drop database if exists "${url.pathname.slice(1)}" with (force)`);
      await admin.close(true);
    }
  }, 60_000);

  it('ends a statement that runs past the time limit instead of letting it hold a connection', async () => {
    const orm = await initOrm(testDatabaseUrl());
    try {
      const started = Date.now();
      await expect(orm.em.getConnection().execute(`select pg_sleep(${(STATEMENT_TIMEOUT_MS / 1000) * 3})`)).rejects.toMatchObject({ code: '57014' });
      expect(Date.now() - started).toBeLessThan(STATEMENT_TIMEOUT_MS * 2);
    } finally {
      await orm.close(true);
    }
  }, 60_000);
});
