import { parseArgs } from 'node:util';
import { initOrm } from '../db/orm';
import { DEFAULT_SEED_OPTIONS, seed } from './seed';

/**
 * `npm run seed -- --users 50 --tasks 1000 --big-user-tasks 10000 [--note-pages 12] [--reset]`
 * fills the database named by DATABASE_URL (created and migrated when needed).
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
  const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/daybook';
  const orm = await initOrm(databaseUrl);
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
    await orm.close();
  }
}

main().catch((error) => {
  process.stderr.write(`seed failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
