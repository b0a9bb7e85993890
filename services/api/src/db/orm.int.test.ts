import { statSync } from 'node:fs';
import path from 'node:path';
import { MikroORM } from '@mikro-orm/postgresql';
import { initOrm } from './orm';
import { STATEMENT_TIMEOUT_MS } from './mikro-orm.config';
import { testDatabaseUrl } from '../test/test-services';

describe('initOrm', () => {
  it('lets several replicas start at once on an empty server: one creates and migrates, all come up', async () => {
    const url = new URL(testDatabaseUrl());
    url.pathname = `${url.pathname}_replicas`;
    const admin = await MikroORM.init({ clientUrl: testDatabaseUrl(), entities: [], discovery: { warnWhenNoEntities: false } });
    await admin.em.getConnection().execute(`drop database if exists "${url.pathname.slice(1)}" with (force)`);
    try {
      const orms = await Promise.all([initOrm(url.toString()), initOrm(url.toString()), initOrm(url.toString())]);
      const [row] = await orms[0]!.em.getConnection().execute<{ n: string }[]>('select count(*) as n from mikro_orm_migrations');
      expect(Number(row!.n)).toBeGreaterThan(0);
      expect(await orms[1]!.getMigrator().getPendingMigrations()).toEqual([]);
      await Promise.all(orms.map((orm) => orm.close(true)));
    } finally {
      await admin.em.getConnection().execute(`drop database if exists "${url.pathname.slice(1)}" with (force)`);
      await admin.close(true);
    }
    // Three migrations runs one after the other on a loaded 2-core CI machine: tens of seconds, not 5.
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
