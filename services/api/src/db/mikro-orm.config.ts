import { defineConfig, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { entities } from './entities';
import { migrationsList } from './migrations';

/** MikroORM options for a database URL. Migrations are listed statically so they also run inside jest. */
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
      snapshot: true,
      snapshotName: '.snapshot-daybook',
      emit: 'ts',
      silent: true,
    },
    pool: { min: 0, max: 10 },
    forceUtcTimezone: true,
    discovery: { warnWhenNoEntities: true },
    debug: false,
    ...overrides,
  });
}

/** Used by the MikroORM CLI (`npm run migration:create -w @daybook/api`). */
export default ormConfig(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/daybook');
