import { randomBytes } from 'node:crypto';
import { MikroORM } from '@mikro-orm/postgresql';
import { ormConfig } from './mikro-orm.config';

/** The advisory lock every replica takes to migrate (hashed to a lock key). */
export const MIGRATIONS_LOCK = 'daybook:migrations';

/**
 * Connects, creates the database when it does not exist yet, and applies every pending migration.
 * Several api replicas may start at once: the migrations run under an advisory lock, one replica after
 * the other (the later ones find nothing pending).
 */
export async function initOrm(databaseUrl: string): Promise<MikroORM> {
  const orm = await MikroORM.init(ormConfig(databaseUrl, { connect: false }));
  const dbName = orm.config.get('dbName');
  try {
    await orm.schema.ensureDatabase();
  } catch (error) {
    // Another replica created it between our check and our create ("already exists", or the unique
    // index of database names when both created at the same moment). The ORM made its attempt from its
    // management database and stays connected there: back to ours, or we would migrate and serve that one.
    if (!/already exists|pg_database_datname_index/.test(String((error as Error).message))) throw error;
    await orm.reconnect({ dbName });
  }
  if (!(await orm.isConnected())) await orm.connect();
  await orm.em.fork().transactional(async (em) => {
    // No time limit in this transaction: waiting for the lock while another replica applies a long
    // migration, or building an index on a large table, may take longer than a request's statement limit.
    await em.execute('set local statement_timeout = 0');
    await em.execute('select pg_advisory_xact_lock(hashtext(?))', [MIGRATIONS_LOCK]);
    await orm.getMigrator().up({ transaction: em.getTransactionContext() });
  });
  return orm;
}

/**
 * The session secret: SESSION_SECRET when set, else one generated on first start and kept in the
 * database, so every api replica and every restart signs cookies with the same key.
 */
export async function resolveSessionSecret(orm: MikroORM, configured?: string): Promise<string> {
  if (configured) return configured;
  const connection = orm.em.getConnection();
  await connection.execute(
    `insert into app_settings (key, value) values ('session_secret', ?) on conflict (key) do nothing`,
    [randomBytes(48).toString('base64url')],
  );
  const rows = await connection.execute<{ value: string }[]>(`select value from app_settings where key = 'session_secret'`);
  return rows[0]!.value;
}
