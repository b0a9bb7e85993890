import { RequestContext } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DELIVER_REMINDER_JOB, reminderJobId } from '@daybook/shared';
import type { JobRunner } from '../../jobs/job-runner';
import type { Logger } from '../../logger';
import { createRemindersRepository, type DueReminder } from './reminders.repository';

export interface ReminderSweepOptions {
  em: EntityManager;
  jobs: JobRunner;
  logger: Logger;
  /** How often the sweep runs: reminders set a few seconds ahead still go out on time. */
  intervalMs?: number;
  /** How far ahead reminders are handed to the transport (as delayed jobs). */
  horizonMs?: number;
}

export const SWEEP_INTERVAL_MS = 1_000;
export const SWEEP_HORIZON_MS = 5 * 60_000;
/** A reminder still waiting this long after its time although it was handed over… */
export const OVERDUE_MS = 30_000;
/** …more than this long ago is handed over again: the transport lost it (Redis restarted, the api in-process died). */
export const REQUEUE_AFTER_MS = 60_000;
export const SWEEP_BATCH = 500;

/**
 * The api's side of delivery (DECISIONS 29): PostgreSQL holds every reminder; each second the sweep hands
 * the ones due within the horizon to the job transport as delayed jobs (BullMQ with Redis, timers in
 * process without), once. The job id names the reminder and the time it is due, so replicas sweeping
 * together, or a sweep that repeats itself, queue it once; a reminder moved to another time gets a job of
 * its own (the old one finds nothing to claim). Started with the api, so a restart (or a Redis that lost
 * its jobs) picks up whatever fell due meanwhile, which the worker then marks late.
 */
export function startReminderSweep(options: ReminderSweepOptions): { stop(): Promise<void>; sweepNow(): Promise<number> } {
  const { jobs, logger } = options;
  const reminders = createRemindersRepository(options.em);
  const intervalMs = options.intervalMs ?? SWEEP_INTERVAL_MS;
  const horizonMs = options.horizonMs ?? SWEEP_HORIZON_MS;
  // What was handed over before this api started may be gone with a Redis that restarted too (or with the
  // in-process timers of the api that stopped): the first sweeps hand it over again; job ids keep it once.
  const startedAt = new Date();
  let running: Promise<number> | null = null;
  let failing = false;

  async function handOver(reminder: DueReminder): Promise<boolean> {
    try {
      await jobs.dispatch(DELIVER_REMINDER_JOB, { reminderId: reminder.id }, { jobId: reminderJobId(reminder.id, reminder.nextAttemptAt.getTime()), runAt: reminder.nextAttemptAt });
      return true;
    } catch {
      return false;
    }
  }

  const sweep = (): Promise<number> =>
    RequestContext.create(options.em, async () => {
      const due = await reminders.dueSoon(new Date(Date.now() + horizonMs), startedAt, OVERDUE_MS, REQUEUE_AFTER_MS, SWEEP_BATCH);
      const queued: DueReminder[] = [];
      for (const reminder of due) if (await handOver(reminder)) queued.push(reminder);
      await reminders.markQueued(queued);
      return queued.length;
    });

  /** One sweep at a time; a failure is logged once until a sweep succeeds again. */
  function sweepNow(): Promise<number> {
    running ??= sweep()
      .then((count) => {
        if (failing) logger.info('reminder sweep works again');
        failing = false;
        return count;
      })
      .catch((error: unknown) => {
        if (!failing) logger.warn('reminder sweep failed; retrying', { error: error instanceof Error ? error.message : String(error) });
        failing = true;
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  void sweepNow();
  const timer = setInterval(() => void sweepNow(), intervalMs);
  timer.unref();
  return {
    sweepNow,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
