import { parseArgs } from 'node:util';
import { ServiceProblem } from '../config/connection-errors';
import { EnvError, parseEnv } from '../config/env';
import { openDatabase } from '../db/database';
import { createLogger } from '../logger';
import { DEFAULT_SEED_OPTIONS, seed } from './seed';

/**
 * `npm run seed -- --users 50 --tasks 1000 --big-user-tasks 10000 [--note-pages 12] [--reset]`
 * fills the database named by DATABASE_URL (created and migrated when needed), or with none the embedded
 * PostgreSQL under DATA_DIR (while the api is stopped: one process at a time uses it).
 */
async function main() {
  const { values } = parseArgs({
    options: {
      users: { type: 'string' },
      tasks: { type: 'string' },
      'big-user-tasks': { type: 'string' },
      'note-pages': { type: 'string' },
      password: { type: 'string' },
      'random-seed': { type: 'string' },
      reset: { type: 'boolean', default: false },
    },
  });
  const number = (value: string | undefined, fallback: number) => {
    if (value === undefined) return fallback;
    const n = Number(value);
    if (!Number.isInteger(n) || n < 0) throw new Error(`Not a whole number: ${value}`);
    return n;
  };
  const database = await openDatabase(parseEnv(), createLogger('warn', 'seed'));
  const { orm } = database;
  try {
    const em = orm.em.fork();
    if (values.reset) await em.execute('truncate users, app_settings cascade');
    const started = Date.now();
    const summary = await seed(em, {
      users: number(values.users, DEFAULT_SEED_OPTIONS.users),
      tasks: number(values.tasks, DEFAULT_SEED_OPTIONS.tasks),
      bigUserTasks: number(values['big-user-tasks'], DEFAULT_SEED_OPTIONS.bigUserTasks),
      notePages: number(values['note-pages'], DEFAULT_SEED_OPTIONS.notePages),
      password: values.password ?? DEFAULT_SEED_OPTIONS.password,
      randomSeed: number(values['random-seed'], DEFAULT_SEED_OPTIONS.randomSeed),
      now: new Date(),
    });
    process.stdout.write(`${JSON.stringify({ ...summary, usernames: undefined, firstUser: summary.usernames[0], seconds: (Date.now() - started) / 1000 })}\n`);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  process.stderr.write(error instanceof ServiceProblem || error instanceof EnvError ? `${error.message}\n` : `seed failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
