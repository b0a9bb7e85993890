import { Redis } from 'ioredis';
import { DELIVER_REMINDER_JOB, JOB_NAMES, TEST_CHANNEL_JOB, type JobName } from '@daybook/shared';
import { EnvError, parseEnv, type WorkerEnv } from './config/env';
import { createJobHandlers } from './jobs';
import { createLogger, redactUrl } from './log';
import type { JobHandlers } from './run-job';
import { createJobWorker } from './worker';

function loadEnv(): WorkerEnv {
  try {
    return parseEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const env = loadEnv();
  if (!env.REDIS_URL) {
    process.stderr.write('ai-worker: REDIS_URL is not set. The worker takes jobs from Redis; without Redis the api runs the jobs itself and no worker is needed.\n');
    process.exit(1);
  }
  const log = createLogger(env.LOG_LEVEL);
  // The handlers load the rules' date parser and zone data now, not on the first user's request.
  const handlers = createJobHandlers(env, log);
  const jobHandlers: JobHandlers = handlers;

  // BullMQ needs maxRetriesPerRequest: null on connections used by workers.
  const redis = new Redis(env.REDIS_URL, { maxRetriesPerRequest: null });
  // ioredis reconnects on its own: one line when Redis is lost and one when it is back, not one per retry
  // (the workers' own connections notice an outage too, sometimes first).
  let lost = false;
  const connectionLost = (error: Error) => {
    if (!lost) log.warn('redis connection lost; retrying in the background', { error: error.message });
    lost = true;
  };
  redis.on('error', connectionLost);
  redis.on('ready', () => {
    if (lost) log.info('redis connection restored');
    lost = false;
  });
  /** A worker's error: a failing connection (a system error such as ECONNREFUSED, or Redis already lost) or something else. */
  const workerError = (name: JobName) => (error: Error) => {
    if (lost || redis.status !== 'ready' || typeof (error as NodeJS.ErrnoException).code === 'string') connectionLost(error);
    else log.warn('worker error', { job: name, error: error.message });
  };

  // One BullMQ worker per job of the contract, on one connection.
  const shutdownSignal = new AbortController();
  const startWorker = <N extends JobName>(name: N) =>
    createJobWorker({
      name,
      handler: jobHandlers[name],
      connection: redis,
      concurrency: env.AI_WORKER_CONCURRENCY,
      log,
      signal: shutdownSignal.signal,
      budgetMs: env.JOB_TIME_BUDGET_MS,
      onError: workerError(name),
    });
  // Reminder jobs read and write the database: a worker without DATABASE_URL leaves them to one that has it.
  const needsDatabase: JobName[] = [DELIVER_REMINDER_JOB, TEST_CHANNEL_JOB];
  const jobs = JOB_NAMES.filter((name) => env.DATABASE_URL || !needsDatabase.includes(name));
  if (jobs.length < JOB_NAMES.length) log.warn('reminders are not delivered by this worker: DATABASE_URL is not set');
  const workers = jobs.map(startWorker);

  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info('shutting down', { signal });
    const force = setTimeout(() => {
      log.error('shutdown timed out, exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    // Finish the jobs in hand (a model call still running is cut short and answered by the rules).
    setTimeout(() => shutdownSignal.abort(), 5_000).unref();
    Promise.all(workers.map((worker) => worker.close()))
      .catch((error: unknown) => log.warn('worker close failed', { error: String(error) }))
      .then(() => handlers.close())
      .then(() => redis.quit())
      .catch(() => redis.disconnect())
      .finally(() => {
        log.info('stopped');
        process.exit(0);
      });
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);

  log.info('ai-worker ready', {
    redis: redactUrl(env.REDIS_URL),
    jobs,
    provider: env.AI_PROVIDER,
    fallback: env.AI_FALLBACK,
    concurrency: env.AI_WORKER_CONCURRENCY,
    timeoutMs: env.AI_TIMEOUT_MS,
    jobBudgetMs: env.JOB_TIME_BUDGET_MS,
    cpuBudgetMs: env.JOB_CPU_BUDGET_MS,
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`ai-worker failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
