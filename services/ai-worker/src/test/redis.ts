import { randomUUID } from 'node:crypto';
import { Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import { STRUCTURE_TASK_JOB, STRUCTURE_TASK_JOB_OPTIONS, STRUCTURE_TASK_QUEUE, type StructureTaskJobData, type StructureTaskJobResult } from '@daybook/shared';
import { testRedisUrl } from '../../../api/src/test/test-services';

export { testRedisUrl };

/** A BullMQ key prefix of its own, so test files never see each other's jobs. */
export const testPrefix = (name: string) => `daybook-test-${name}-${randomUUID().slice(0, 8)}`;

/** A Redis connection for BullMQ workers and queue events (blocking commands need maxRetriesPerRequest: null). */
export const bullConnection = () => new Redis(testRedisUrl(), { maxRetriesPerRequest: null });

/** The producer side as the api uses it, for tests of the worker. */
export function testProducer(prefix: string) {
  const queueConnection = bullConnection();
  const eventsConnection = bullConnection();
  const queue = new Queue<StructureTaskJobData, StructureTaskJobResult, typeof STRUCTURE_TASK_JOB>(STRUCTURE_TASK_QUEUE, {
    connection: queueConnection,
    prefix,
    defaultJobOptions: STRUCTURE_TASK_JOB_OPTIONS,
  });
  // Each test has a prefix of its own, so reading its event stream from the start loses nothing: a job
  // that finishes before the first read still notifies (listening from '$' missed it on a busy machine).
  const events = new QueueEvents(STRUCTURE_TASK_QUEUE, { connection: eventsConnection, prefix, lastEventId: '0-0' });
  return {
    queue,
    events,
    async close() {
      await queue.obliterate({ force: true }).catch(() => undefined);
      await events.close();
      await queue.close();
      await Promise.all([queueConnection.quit(), eventsConnection.quit()]);
    },
  };
}
