import type { MikroORM } from '@mikro-orm/postgresql';
import { explainPostgresError } from '../config/connection-errors';
import type { Env } from '../config/env';
import type { Logger } from '../logger';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres';
import { initOrm } from './orm';

/** The api's database, connected and migrated; close() ends the connections, then the embedded server if there is one. */
export interface Database {
  orm: MikroORM;
  /** Its address (the embedded server's when there is no DATABASE_URL). */
  url: string;
  close(): Promise<void>;
}

/**
 * DATABASE_URL's PostgreSQL, or with none the embedded one under DATA_DIR (DECISIONS 25). A server that
 * cannot be reached, authenticated or found throws a ServiceProblem saying so in one line.
 */
export async function openDatabase(env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR'>, logger: Logger): Promise<Database> {
  let embedded: EmbeddedPostgres | undefined;
  if (!env.DATABASE_URL) embedded = await startEmbeddedPostgres({ dataDir: env.DATA_DIR, logger });
  const url = env.DATABASE_URL ?? embedded!.url;
  let orm: MikroORM;
  try {
    orm = await initOrm(url);
  } catch (error) {
    await embedded?.stop();
    throw explainPostgresError(error, url) ?? error;
  }
  logger.info('database ready, migrations applied');
  return {
    orm,
    url,
    async close() {
      await orm.close();
      await embedded?.stop();
    },
  };
}
