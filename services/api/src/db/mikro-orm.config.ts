import { defineConfig, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { entities } from './entities';
import { migrationsList } from './migrations';

/** A time limit on every statement of the app (DECISIONS 22); migrations lift it for their own transaction. */
export const STATEMENT_TIMEOUT_MS = 5_000;
/** How long opening one connection may take (start-up explains a server that does not answer: config/connection-errors.ts). */
export const CONNECT_TIMEOUT_MS = 10_000;

/**
 * MikroORM options for a database URL. Migrations are listed statically so they also run inside jest.
 * The app runs them without writing the schema snapshot (`.snapshot-daybook.json` is the migration CLI's:
 * a start or a test run must not rewrite a committed file); the CLI config below keeps it.
 */
export function ormConfig(clientUrl: string, overrides: Partial<Options> = {}): Options {
  return defineConfig({
    clientUrl,
    entities,
    extensions: [Migrator],
    migrations: {
      migrationsList,
      path: 'src/db/migrations',
      pathTs: 'src/db/migrations',
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      snapshotName: '.snapshot-daybook',
      emit: 'ts',
      silent: true,
    },
    pool: { min: 0, max: 10 },
    // Every statement and every lock wait ends within the limit, and a transaction left idle by a
    // crashed request cannot hold its locks for long: one user's slow query never stalls the pool.
    driverOptions: {
      // A server that accepts the connection but never answers fails it within CONNECT_TIMEOUT_MS.
      connection: {
        statement_timeout: STATEMENT_TIMEOUT_MS,
        idle_in_transaction_session_timeout: 60_000,
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      },
    },
    forceUtcTimezone: true,
    discovery: { warnWhenNoEntities: true },
    debug: false,
    ...overrides,
  });
}

/** Used by the MikroORM CLI (`npm run migration:create -w @daybook/api`): it keeps the snapshot up to date. */
const cliConfig = ormConfig(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/daybook');
const config: Options = { ...cliConfig, migrations: { ...cliConfig.migrations, snapshot: true } };
export default config;
