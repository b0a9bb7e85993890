/**
 * Where integration tests find Postgres and Redis (docs/development.md convention 10): DATABASE_URL / REDIS_URL
 * from the environment, else what the jest global setup provided (the run's embedded PostgreSQL, a Redis
 * container when a container engine answers), else the local Redis. Each jest worker of each run gets its
 * own database (dropped by the global teardown), so simultaneous runs on one machine never share data;
 * Redis databases are spread over the 16 numbers by run and worker.
 */
const workerId = Number(process.env.JEST_WORKER_ID ?? '1');
const runId = process.env.DAYBOOK_TEST_RUN_ID ?? String(process.pid);

export const TEST_DATABASE_PREFIX = 'daybook_test_';

export function testDatabaseUrl(): string {
  const base = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  base.pathname = `/${TEST_DATABASE_PREFIX}${runId}_${workerId}`;
  return base.toString();
}

/** This worker's Redis database. Without a Redis answering, a test that needs one fails with one line saying so. */
export function testRedisUrl(): string {
  const missing = process.env.DAYBOOK_TEST_REDIS_MISSING;
  if (missing) {
    const error = new Error(missing);
    error.stack = missing; // the one line is the whole story: no stack under it
    throw error;
  }
  const base = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  base.pathname = `/${(Number(runId) * 7 + workerId) % 16}`;
  return base.toString();
}
