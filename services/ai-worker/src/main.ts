import { Redis } from 'ioredis';
import { EnvError, parseEnv, type WorkerEnv } from './config/env';
import { createLogger, redactUrl } from './log';
import { createProvider } from './providers';
import { rulesOrPlain, structureTask } from './structure-task';
import { createStructureTaskWorker } from './worker';

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
  const log = createLogger(env.LOG_LEVEL);
  const provider = createProvider(env);

  // BullMQ needs maxRetriesPerRequest: null on connections used by workers.
  const redis = new Redis(env.REDIS_URL, { maxRetriesPerRequest: null });
  let lastRedisError = '';
  redis.on('error', (error: Error) => {
    // ioredis reconnects on its own; log each distinct failure once instead of once per retry.
    if (error.message !== lastRedisError) log.warn('redis connection error', { error: error.message });
    lastRedisError = error.message;
  });
  redis.on('ready', () => {
    if (lastRedisError) log.info('redis connection restored');
    lastRedisError = '';
  });

  // Load the date parser and zone data now, not on the first user's request.
  rulesOrPlain({ input: 'warm up tomorrow at 9', now: new Date().toISOString(), timezone: 'America/New_York', clients: [], timeIncrements: [] });

  const shutdownSignal = new AbortController();
  const worker = createStructureTaskWorker({
    connection: redis,
    concurrency: env.AI_WORKER_CONCURRENCY,
    log,
    structure: async (data) => {
      const outcome = await structureTask(data, {
        provider,
        fallback: env.AI_FALLBACK,
        timeoutMs: env.AI_TIMEOUT_MS,
        log,
        signal: shutdownSignal.signal,
      });
      return outcome.result;
    },
  });

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
    worker
      .close()
      .catch((error: unknown) => log.warn('worker close failed', { error: String(error) }))
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
    provider: provider.name,
    fallback: env.AI_FALLBACK,
    concurrency: env.AI_WORKER_CONCURRENCY,
    timeoutMs: env.AI_TIMEOUT_MS,
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`ai-worker failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
