import { Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import { JOB_NAMES, JOBS, parseJobResult, type JobName } from '@daybook/shared';
import type { Logger } from '../logger';
import { JobError, type JobRunner } from './job-runner';

export interface BullmqRunnerOptions {
  redisUrl: string;
  /** AI_REQUEST_TIMEOUT_MS: how long a request waits for the worker's answer. */
  waitMs: number;
  logger: Logger;
  /** BullMQ key prefix (tests use their own). */
  prefix?: string;
  /** How long enqueueing may take before Redis counts as down. */
  commandTimeoutMs?: number;
}

const DEFAULT_COMMAND_TIMEOUT_MS = 1_500;
/** How long a connection attempt to Redis may take; the first call after start waits for the first attempt to end. */
const CONNECT_TIMEOUT_MS = 2_000;

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The BullMQ producer (REDIS_URL set): one Queue per job of the contract (named like the job, with the
 * contract's job options) on one connection, and one QueueEvents each on a connection of its own; the
 * ai-worker replicas take the jobs. Connections are made in the background and never block start-up;
 * while Redis is unreachable every call fails at once (the connection state is checked first, commands
 * are not queued offline and have a short timeout), so the api answers 503 quickly instead of hanging.
 */
export function createBullmqRunner(options: BullmqRunnerOptions): JobRunner {
  const { logger } = options;
  const commandTimeoutMs = options.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS;
  const retryStrategy = (times: number) => Math.min(200 * times, 2_000);
  // Commands fail at once while disconnected (no offline queue); reconnects continue in the background.
  const queueConnection = new Redis(options.redisUrl, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    connectTimeout: CONNECT_TIMEOUT_MS,
    retryStrategy,
  });
  const connections = [queueConnection];
  // An outage is logged by main.ts's own Redis client (one line when Redis goes, one when it is back):
  // the same Redis, so these connections' failures (a system error such as ECONNRESET, or any error while
  // one of them is down) stay quiet; other errors are logged.
  const onError = (error: Error) => {
    const connectionFailure = typeof (error as NodeJS.ErrnoException).code === 'string' || connections.some((connection) => connection.status !== 'ready');
    if (!connectionFailure) logger.warn('job queue error', { error: error.message });
  };
  queueConnection.on('error', onError);
  const prefix = options.prefix ? { prefix: options.prefix } : {};
  let closed = false;

  // Until the first connection attempt has either succeeded or failed, a call waits for it (start-up);
  // afterwards a call never waits for a Redis that is not there.
  const settled = (connection: Redis) =>
    new Promise<void>((resolve) => {
      if (connection.status === 'ready') return resolve();
      const done = () => {
        connection.off('ready', done);
        connection.off('error', done);
        resolve();
      };
      connection.once('ready', done);
      connection.once('error', done);
    });

  function producer(name: JobName) {
    const queue = new Queue(name, { connection: queueConnection, defaultJobOptions: JOBS[name].options, ...prefix });
    // QueueEvents blocks on XREAD: a dedicated connection, as BullMQ requires.
    const eventsConnection = new Redis(options.redisUrl, { maxRetriesPerRequest: null, connectTimeout: CONNECT_TIMEOUT_MS, retryStrategy });
    connections.push(eventsConnection);
    eventsConnection.on('error', onError);
    // Listening starts once Redis answers: a loop started against an unreachable Redis would keep retrying
    // (and keep the process alive) after close.
    const events = new QueueEvents(name, { connection: eventsConnection, autorun: false, ...prefix });
    eventsConnection.once('ready', () => {
      if (!closed) events.run().catch(onError);
    });
    // Every request waiting for its job listens for the queue closing (BullMQ's waitUntilFinished): as many
    // listeners as requests in flight. Node's default cap of 10 printed a MaxListenersExceeded warning to
    // the api's log whenever more than 10 natural-language requests were waiting at once.
    queue.setMaxListeners(0);
    queue.on('error', onError);
    events.on('error', onError);
    return { queue, events, eventsConnection, firstAttempt: Promise.all([settled(queueConnection), settled(eventsConnection)]) };
  }
  const producers = new Map(JOB_NAMES.map((name) => [name, producer(name)]));

  const unavailable = () => new JobError('unavailable', 'The job queue cannot be reached');

  return {
    transport: 'bullmq',

    async run(name, payload) {
      const { queue, events, eventsConnection, firstAttempt } = producers.get(name)!;
      await withTimeout(firstAttempt, CONNECT_TIMEOUT_MS + commandTimeoutMs, 'connecting').catch(() => undefined);
      if (closed || queueConnection.status !== 'ready' || eventsConnection.status !== 'ready') throw unavailable();
      let job;
      try {
        await withTimeout(events.waitUntilReady(), commandTimeoutMs, 'queue events not ready');
        job = await withTimeout(queue.add(name, payload), commandTimeoutMs, 'enqueue timed out');
      } catch (error) {
        logger.warn('job not enqueued', { job: name, error: error instanceof Error ? error.message : String(error) });
        throw unavailable();
      }
      let result: unknown;
      try {
        result = await job.waitUntilFinished(events, options.waitMs);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (/timed out before finishing/u.test(message)) {
          // Nobody took it in time: drop it so a worker that starts later does not do useless work.
          await withTimeout(job.remove(), commandTimeoutMs, 'remove timed out').catch(() => undefined);
          throw new JobError('timeout', 'No worker answered in time');
        }
        logger.warn('job failed', { job: name, jobId: job.id, error: message });
        throw new JobError('failed', 'The job failed');
      }
      try {
        return parseJobResult(name, result);
      } catch {
        logger.warn('job answered an invalid result', { job: name, jobId: job.id });
        throw new JobError('failed', 'The job answered an invalid result');
      }
    },

    async dispatch(name, payload, { jobId, runAt }) {
      const { queue, firstAttempt } = producers.get(name)!;
      await withTimeout(firstAttempt, CONNECT_TIMEOUT_MS + commandTimeoutMs, 'connecting').catch(() => undefined);
      if (closed || queueConnection.status !== 'ready') throw unavailable();
      try {
        await withTimeout(queue.add(name, payload, { jobId, delay: Math.max(0, runAt.getTime() - Date.now()) }), commandTimeoutMs, 'enqueue timed out');
      } catch (error) {
        logger.warn('job not enqueued', { job: name, error: error instanceof Error ? error.message : String(error) });
        throw unavailable();
      }
    },

    async close() {
      if (closed) return;
      closed = true;
      // While Redis is away there is nothing to flush: drop the connections so closing does not wait for them.
      const reachable = connections.every((connection) => connection.status === 'ready');
      for (const connection of connections) if (connection.status !== 'ready') connection.disconnect();
      const wait = reachable ? 2_000 : 200;
      await Promise.allSettled([...producers.values()].flatMap((p) => [withTimeout(p.events.close(), wait, 'close'), withTimeout(p.queue.close(), wait, 'close')]));
      for (const connection of connections) {
        if (connection.status === 'end') continue;
        await withTimeout(connection.quit(), 1_000, 'quit').catch(() => connection.disconnect());
      }
    },
  };
}
