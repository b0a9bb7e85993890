import { MikroORM } from '@mikro-orm/postgresql';
import { ormConfig } from '../db/mikro-orm.config';
import { initOrm } from '../db/orm';
import { testDatabaseUrl } from './test-services';

/** This worker's database, created and migrated on first use, emptied for each test file. */
export async function createTestOrm(): Promise<MikroORM> {
  const orm = await initOrm(testDatabaseUrl());
  await truncateAll(orm);
  return orm;
}

export async function truncateAll(orm: MikroORM): Promise<void> {
  const tables = Object.values(orm.getMetadata().getAll())
    .filter((meta) => meta.tableName && !meta.embeddable && !meta.virtual)
    .map((meta) => `"${meta.tableName}"`);
  await orm.em.getConnection().execute(`truncate ${[...new Set(tables)].join(', ')} cascade`);
}

/** Row counts of every table, to show that a refused request changed nothing. */
export async function rowCounts(orm: MikroORM): Promise<Record<string, number>> {
  const rows = await orm.em.getConnection().execute<{ table_name: string; count: string }[]>(
    `select table_name, (xpath('/row/c/text()', query_to_xml(format('select count(*) as c from %I', table_name), false, true, '')))[1]::text as count
       from information_schema.tables where table_schema = 'public' and table_name not like 'mikro_orm%' order by table_name`,
  );
  return Object.fromEntries(rows.map((r) => [r.table_name, Number(r.count)]));
}

/**
 * A database of its own, named after this worker's with `suffix`, for a test of migrations on existing
 * data: `work` gets an ORM connected to it with nothing migrated; the database is dropped afterwards.
 */
export async function withScratchDatabase(suffix: string, work: (orm: MikroORM) => Promise<void>): Promise<void> {
  const url = new URL(testDatabaseUrl());
  url.pathname = `${url.pathname}_${suffix}`;
  const name = url.pathname.slice(1);
  const server = await MikroORM.init({ clientUrl: testDatabaseUrl(), entities: [], discovery: { warnWhenNoEntities: false } });
  await server.em.getConnection().execute(`drop database if exists "${name}" with (force)`);
  const orm = await MikroORM.init(ormConfig(url.toString(), { connect: false }));
  try {
    await orm.schema.ensureDatabase();
    await orm.connect();
    await work(orm);
  } finally {
    await orm.close(true);
    await server.em.getConnection().execute(`drop database if exists "${name}" with (force)`);
    await server.close(true);
  }
}
