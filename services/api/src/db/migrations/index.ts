import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261121064028 } from './Migration20261121064028';
import { Migration20261121065000 } from './Migration20261121065000';
import { Migration20261121110000 } from './Migration20261121110000';
import { Migration20261124100000 } from './Migration20261124100000';
import { Migration20261125100000 } from './Migration20261125100000';
import { Migration20261126100000 } from './Migration20261126100000';
import { Migration20261127100000 } from './Migration20261127100000';
import { Migration20261127110000 } from './Migration20261127110000';
import { Migration20261127120000 } from './Migration20261127120000';
import { Migration20261201100000 } from './Migration20261201100000';
import { Migration20261201110000 } from './Migration20261201110000';
import { Migration20261201120000 } from './Migration20261201120000';
import { Migration20261201130000 } from './Migration20261201130000';
import { Migration20261207120000 } from './Migration20261207120000';
import { Migration20261207130000 } from './Migration20261207130000';
import { Migration20261207140000 } from './Migration20261207140000';
import { Migration20261207150000 } from './Migration20261207150000';
import { Migration20261208100000 } from './Migration20261208100000';
import { Migration20261208110000 } from './Migration20261208110000';

/**
 * Every migration, in order. They are listed here rather than discovered from the folder so the same
 * list runs at api start-up and inside jest. Create one with `npm run migration:create -w @daybook/api`
 * and add it below.
 */
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261121064028', class: Migration20261121064028 },
  { name: 'Migration20261121065000', class: Migration20261121065000 },
  { name: 'Migration20261121110000', class: Migration20261121110000 },
  { name: 'Migration20261124100000', class: Migration20261124100000 },
  { name: 'Migration20261125100000', class: Migration20261125100000 },
  { name: 'Migration20261126100000', class: Migration20261126100000 },
  { name: 'Migration20261127100000', class: Migration20261127100000 },
  { name: 'Migration20261127110000', class: Migration20261127110000 },
  { name: 'Migration20261127120000', class: Migration20261127120000 },
  { name: 'Migration20261201100000', class: Migration20261201100000 },
  { name: 'Migration20261201110000', class: Migration20261201110000 },
  { name: 'Migration20261201120000', class: Migration20261201120000 },
  { name: 'Migration20261201130000', class: Migration20261201130000 },
  { name: 'Migration20261207120000', class: Migration20261207120000 },
  { name: 'Migration20261207130000', class: Migration20261207130000 },
  { name: 'Migration20261207140000', class: Migration20261207140000 },
  { name: 'Migration20261207150000', class: Migration20261207150000 },
  { name: 'Migration20261208100000', class: Migration20261208100000 },
  { name: 'Migration20261208110000', class: Migration20261208110000 },
];
