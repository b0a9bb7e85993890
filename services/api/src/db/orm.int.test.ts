import { MikroORM } from '@mikro-orm/postgresql';
import { initOrm } from './orm';
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
  });
});
