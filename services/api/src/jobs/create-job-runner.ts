import { createJobHandlers, EnvError as JobSettingsError, parseEnv as parseJobSettings } from '@daybook/ai-worker';
import { EnvError, type Env } from '../config/env';
import type { Logger } from '../logger';
import { createBullmqRunner } from './bullmq.runner';
import { createInProcessRunner } from './in-process.runner';
import type { JobRunner } from './job-runner';

/** In process, jobs that may wait for a slot, per slot (AI_WORKER_CONCURRENCY): beyond them, 503 at once. */
export const IN_PROCESS_WAITING_PER_SLOT = 16;

const withoutPassword = (value: string) => {
  const url = new URL(value);
  if (url.password) url.password = '***';
  return url.toString();
};

/**
 * The job transport of this api process (DECISIONS 25), chosen by REDIS_URL: set, jobs go through
 * BullMQ to the ai-worker replicas; unset, the api runs the worker's handlers itself, configured by the
 * same variables the worker reads (AI_PROVIDER, AI_FALLBACK, AI_TIMEOUT_MS, AI_WORKER_CONCURRENCY,
 * JOB_CPU_BUDGET_MS, JOB_TIME_BUDGET_MS, OLLAMA_*, OPENAI_*, SMTP_*, VAPID_SUBJECT, APP_URL), parsed by
 * the worker's own parser; the handlers' CPU-heavy steps run in threads of their own; reminder jobs use
 * `databaseUrl` (the api's database, known once it is open). Says at start which one it is.
 */
export function createJobRunner(env: Env, logger: Logger, source: NodeJS.ProcessEnv = process.env, databaseUrl?: () => string | undefined): JobRunner {
  if (env.REDIS_URL) {
    logger.info('jobs go to the ai-worker through Redis (BullMQ)', { redis: withoutPassword(env.REDIS_URL) });
    return createBullmqRunner({ redisUrl: env.REDIS_URL, waitMs: env.AI_REQUEST_TIMEOUT_MS, logger });
  }
  let settings;
  try {
    settings = parseJobSettings(source);
  } catch (error) {
    if (!(error instanceof JobSettingsError)) throw error;
    throw new EnvError(`Invalid environment:\n${error.issues.map((issue) => `  ${issue.key}: ${issue.message}`).join('\n')}`);
  }
  const runner = createInProcessRunner({
    // Reminder jobs read the api's own database (the embedded one too).
    handlers: createJobHandlers(settings, logger, databaseUrl ? { databaseUrl } : {}),
    concurrency: settings.AI_WORKER_CONCURRENCY,
    maxWaiting: settings.AI_WORKER_CONCURRENCY * IN_PROCESS_WAITING_PER_SLOT,
    waitMs: env.AI_REQUEST_TIMEOUT_MS,
    budgetMs: settings.JOB_TIME_BUDGET_MS,
    logger,
  });
  logger.info('jobs run in the api process (no REDIS_URL)', {
    provider: settings.AI_PROVIDER,
    fallback: settings.AI_FALLBACK,
    concurrency: settings.AI_WORKER_CONCURRENCY,
    timeoutMs: settings.AI_TIMEOUT_MS,
    jobBudgetMs: settings.JOB_TIME_BUDGET_MS,
    cpuBudgetMs: settings.JOB_CPU_BUDGET_MS,
  });
  return runner;
}
