import { Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import {
  STRUCTURE_TASK_JOB,
  STRUCTURE_TASK_JOB_OPTIONS,
  STRUCTURE_TASK_QUEUE,
  structureTaskJobResultSchema,
  type StructureTaskJobData,
  type StructureTaskJobResult,
} from '@daybook/shared';
import type { Logger } from '../logger';

/** Why no structured task came back: Redis unreachable, no worker answered in time, or the job failed. */
export class StructureTaskQueueError extends Error {
  constructor(
    readonly reason: 'unavailable' | 'timeout' | 'failed',
    message: string,
  ) {
    super(message);
    this.name = 'StructureTaskQueueError';
  }
}

/** The BullMQ producer of natural-language structuring: one Queue and one QueueEvents per api process. */
export interface StructureTaskQueue {
  /** Enqueues a job and waits (bounded) for its result; throws StructureTaskQueueError. */
  structure(data: StructureTaskJobData): Promise<StructureTaskJobResult>;
  close(): Promise<void>;
}

export interface StructureTaskQueueOptions {
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

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Creates the producer. Connections are made in the background and never block start-up; while Redis
 * is unreachable every call fails at once (the connection state is checked first, commands are not
 * queued offline and have a short timeout), so the api answers 503 quickly instead of hanging.
 */
export function createStructureTaskQueue(options: StructureTaskQueueOptions): StructureTaskQueue {
  const { logger } = options;
  const commandTimeoutMs = options.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS;
  const retryStrategy = (times: number) => Math.min(200 * times, 2_000);
  // Commands fail at once while disconnected (no offline queue); reconnects continue in the background.
  const queueConnection = new Redis(options.redisUrl, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    connectTimeout: 2_000,
    retryStrategy,
  });
  // QueueEvents blocks on XREAD: a dedicated connection, as BullMQ requires.
  const eventsConnection = new Redis(options.redisUrl, { maxRetriesPerRequest: null, connectTimeout: 2_000, retryStrategy });
  const logged = new Set<string>();
  const onError = (what: string) => (error: Error) => {
    const key = `${what}:${error.message}`;
    if (!logged.has(key)) logger.warn('ai queue redis error', { connection: what, error: error.message });
    logged.add(key);
  };
  queueConnection.on('error', onError('queue'));
  eventsConnection.on('error', onError('events'));
  queueConnection.on('ready', () => logged.clear());

  const prefix = options.prefix ? { prefix: options.prefix } : {};
  let closed = false;
  const queue = new Queue<StructureTaskJobData, StructureTaskJobResult, typeof STRUCTURE_TASK_JOB>(STRUCTURE_TASK_QUEUE, {
    connection: queueConnection,
    defaultJobOptions: STRUCTURE_TASK_JOB_OPTIONS,
    ...prefix,
  });
  // Listening starts once Redis answers: a loop started against an unreachable Redis would keep retrying
  // (and keep the process alive) after close.
  const events = new QueueEvents(STRUCTURE_TASK_QUEUE, { connection: eventsConnection, autorun: false, ...prefix });
  eventsConnection.once('ready', () => {
    if (!closed) events.run().catch(onError('events'));
  });
  // Every request waiting for its job listens for the queue closing (BullMQ's waitUntilFinished): as many
  // listeners as requests in flight. Node's default cap of 10 printed a MaxListenersExceeded warning to
  // the api's log whenever more than 10 natural-language requests were waiting at once.
  queue.setMaxListeners(0);
  queue.on('error', onError('queue'));
  events.on('error', onError('events'));

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
  const firstAttempt = Promise.all([settled(queueConnection), settled(eventsConnection)]);

  const unavailable = () =>
    new StructureTaskQueueError('unavailable', 'Natural-language entry is unavailable right now: the task queue cannot be reached');

  return {
    async structure(data) {
      await withTimeout(firstAttempt, commandTimeoutMs, 'connecting').catch(() => undefined);
      if (closed || queueConnection.status !== 'ready' || eventsConnection.status !== 'ready') throw unavailable();
      let job;
      try {
        await withTimeout(events.waitUntilReady(), commandTimeoutMs, 'queue events not ready');
        job = await withTimeout(queue.add(STRUCTURE_TASK_JOB, data), commandTimeoutMs, 'enqueue timed out');
      } catch (error) {
        logger.warn('ai job not enqueued', { error: error instanceof Error ? error.message : String(error) });
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
          throw new StructureTaskQueueError('timeout', 'The task assistant did not answer in time');
        }
        logger.warn('ai job failed', { jobId: job.id, error: message });
        throw new StructureTaskQueueError('failed', 'The task assistant could not process this text');
      }
      const parsed = structureTaskJobResultSchema.safeParse(result);
      if (!parsed.success) {
        logger.warn('ai job answered an invalid result', { jobId: job.id });
        throw new StructureTaskQueueError('failed', 'The task assistant could not process this text');
      }
      return parsed.data;
    },

    async close() {
      if (closed) return;
      closed = true;
      // While Redis is away there is nothing to flush: drop the connections so closing does not wait for them.
      const reachable = queueConnection.status === 'ready' && eventsConnection.status === 'ready';
      for (const connection of [queueConnection, eventsConnection]) if (connection.status !== 'ready') connection.disconnect();
      const wait = reachable ? 2_000 : 200;
      await Promise.allSettled([withTimeout(events.close(), wait, 'close'), withTimeout(queue.close(), wait, 'close')]);
      for (const connection of [queueConnection, eventsConnection]) {
        if (connection.status === 'end') continue;
        await withTimeout(connection.quit(), 1_000, 'quit').catch(() => connection.disconnect());
      }
    },
  };
}
