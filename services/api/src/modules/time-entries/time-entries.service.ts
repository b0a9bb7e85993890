import type { EntityManager } from '@mikro-orm/postgresql';
import {
  billableByDefault,
  QUOTAS,
  secondsBetween,
  TIME_ENTRY_BILLED_MESSAGE,
  TIME_ENTRY_ENDS_BEFORE_START,
  TIME_ENTRY_MAX_SECONDS,
  TIME_ENTRY_TOO_LONG,
  type PageQuery,
  type TimeEntry,
  type TimeEntryCreateBody,
  type TimeEntryListQuery,
  type TimeEntryPage,
  type TimeEntryUpdateBody,
  type TimerState,
} from '@daybook/shared';
import type { Actor } from '../../core/actor';
import { badRequest, conflict, notFound } from '../../core/errors';
import { assertBelowQuota } from '../../db/quota';
import { createTimeEntriesRepository, type EntryList, type EntryState, type TimeEntriesRepository } from './time-entries.repository';

export const RUNNING_ENTRY_END_MESSAGE = 'A running entry ends when its timer is stopped';
export const RUNNING_ENTRY_FUTURE_MESSAGE = 'A running timer cannot start in the future';

/** An instant as the api stores and answers it: UTC, to the millisecond. */
const normalized = (instant: string) => new Date(Date.parse(instant)).toISOString();
const later = (a: string, b: string) => (Date.parse(a) >= Date.parse(b) ? a : b);
const present = (ids: ReadonlyArray<string | null | undefined>) => ids.filter((id): id is string => typeof id === 'string');

export interface TimeEntriesServiceOptions {
  /** The per-user quota of entries (DECISIONS 22); tests pass a small one. */
  quota?: number;
}

/** The time entries service on the database (app.ts). */
export const createTimeEntriesService = (em: EntityManager, options: TimeEntriesServiceOptions = {}) => timeEntriesService(createTimeEntriesRepository(em), options);

/**
 * Time tracking (DECISIONS 31). Every write of a user's entries (timer starts and stops from any device,
 * manual entries) runs in one transaction behind the user's entry lock, so they apply one after the other:
 * one running timer, starting another ends it at the same instant, and each write keeps the tasks' tracked
 * seconds in step. Another user's task, client or entry reads as missing (404).
 */
export function timeEntriesService(entries: TimeEntriesRepository, options: TimeEntriesServiceOptions = {}) {
  const quota = options.quota ?? QUOTAS.timeEntries;

  const answer = async (actor: Actor, id: string): Promise<TimeEntry> => (await entries.answer(actor.id, id))!;
  const maybeAnswer = (actor: Actor, id: string | null) => (id === null ? Promise.resolve(null) : answer(actor, id));

  /** Inside the transaction: whether time for the client is billable; 404 when it is not the user's. */
  async function clientBillable(actor: Actor, clientId: string | null): Promise<boolean> {
    if (clientId === null) return false;
    const billable = await entries.clientBillable(actor.id, clientId);
    if (billable === null) throw notFound('Client');
    return billableByDefault({ billable });
  }

  /** Inside the transaction: the entry as stored, refused when missing (404) or billed (409). */
  async function changeable(actor: Actor, id: string): Promise<EntryState> {
    const entry = await entries.state(actor.id, id);
    if (!entry) throw notFound('Time entry');
    if (entry.billingPeriodId !== null) throw conflict(TIME_ENTRY_BILLED_MESSAGE);
    return entry;
  }

  function assertSpan(startedAt: string, endedAt: string) {
    const seconds = secondsBetween(startedAt, endedAt);
    if (seconds <= 0) throw badRequest(TIME_ENTRY_ENDS_BEFORE_START);
    if (seconds > TIME_ENTRY_MAX_SECONDS) throw badRequest(TIME_ENTRY_TOO_LONG);
  }

  async function page(actor: Actor, list: EntryList, query: PageQuery): Promise<TimeEntryPage> {
    const result = await entries.page(actor.id, list, query);
    if (!result) throw badRequest('Invalid cursor');
    return result;
  }

  return {
    /** GET /api/timer: the running entry with its task's title, or null. */
    async timer(actor: Actor): Promise<TimerState> {
      const running = await entries.running(actor.id);
      return { running: await maybeAnswer(actor, running?.id ?? null), stopped: null };
    },

    /**
     * POST /api/timer: starts the timer on the task, ending the running one (if any) at the same instant.
     * Starting the task whose timer runs already changes nothing (`started` false). `madeAt`: the instant
     * the user started it, for a start made offline and sent later.
     */
    async start(actor: Actor, taskId: string, madeAt: string | null = null): Promise<TimerState & { started: boolean }> {
      return entries.transaction(async () => {
        await entries.lockUser(actor.id);
        const running = await entries.running(actor.id);
        const tasks = await entries.lockTasks(actor.id, present([taskId, running?.taskId]));
        const task = tasks.get(taskId);
        if (!task) throw notFound('Task');
        if (running && running.taskId === taskId) return { running: await answer(actor, running.id), stopped: null, started: false };

        assertBelowQuota('timeEntries', await entries.countForQuota(actor.id, quota), quota);
        const billable = await clientBillable(actor, task.clientId);
        let startedAt = await entries.instant(madeAt);
        if (running) {
          const endedAt = await entries.close(actor.id, running.id, startedAt);
          // The previous timer ends where the new one starts (or, if it had to end later, the new one starts there).
          if (endedAt) startedAt = later(startedAt, endedAt);
          await entries.refreshTracked(actor.id, present([running.taskId]));
        }
        const id = await entries.insert(actor.id, { taskId, clientId: task.clientId, startedAt, endedAt: null, note: '', billable });
        return { running: await answer(actor, id), stopped: await maybeAnswer(actor, running?.id ?? null), started: true };
      });
    },

    /**
     * POST /api/timer/stop: ends the running entry (or only `entryId`, when given). Idempotent: when nothing
     * (or another entry) runs, nothing changes and `stopped` is null.
     */
    async stop(actor: Actor, entryId: string | undefined, madeAt: string | null = null): Promise<TimerState> {
      return entries.transaction(async () => {
        await entries.lockUser(actor.id);
        const running = await entries.running(actor.id);
        if (!running || (entryId !== undefined && entryId !== running.id)) return { running: await maybeAnswer(actor, running?.id ?? null), stopped: null };
        await entries.lockTasks(actor.id, present([running.taskId]));
        await entries.close(actor.id, running.id, await entries.instant(madeAt));
        await entries.refreshTracked(actor.id, present([running.taskId]));
        return { running: null, stopped: await answer(actor, running.id) };
      });
    },

    /** GET /api/tasks/{id}/time-entries: the task's entries, latest first, in pages. */
    async listForTask(actor: Actor, taskId: string, query: PageQuery): Promise<TimeEntryPage> {
      if (!(await entries.taskExists(actor.id, taskId))) throw notFound('Task');
      return page(actor, { taskId }, query);
    },

    /** GET /api/time-entries: the entries started in the period (of one client), latest first, in pages. */
    list: (actor: Actor, query: TimeEntryListQuery): Promise<TimeEntryPage> =>
      page(actor, { from: normalized(query.from), to: normalized(query.to), clientId: query.clientId }, { limit: query.limit, cursor: query.cursor }),

    /** POST /api/time-entries: a manual entry. It may overlap others (its answer lists them). */
    async create(actor: Actor, body: TimeEntryCreateBody): Promise<TimeEntry> {
      return entries.transaction(async () => {
        await entries.lockUser(actor.id);
        const tasks = await entries.lockTasks(actor.id, present([body.taskId]));
        const task = body.taskId === null ? null : tasks.get(body.taskId);
        if (task === undefined) throw notFound('Task');
        const clientId = body.clientId !== undefined ? body.clientId : (task?.clientId ?? null);
        const billableClient = await clientBillable(actor, clientId);
        assertBelowQuota('timeEntries', await entries.countForQuota(actor.id, quota), quota);
        const id = await entries.insert(actor.id, {
          taskId: body.taskId,
          clientId,
          startedAt: normalized(body.startedAt),
          endedAt: normalized(body.endedAt),
          note: body.note,
          billable: body.billable ?? billableClient,
        });
        await entries.refreshTracked(actor.id, present([body.taskId]));
        return answer(actor, id);
      });
    },

    /**
     * PATCH /api/time-entries/{id}: changes what the body names. A billed entry is refused (409). Moving an
     * entry to another task brings that task's client (unless a client is given); changing the start of a
     * finished entry keeps its end.
     */
    async update(actor: Actor, id: string, body: TimeEntryUpdateBody): Promise<TimeEntry> {
      return entries.transaction(async () => {
        await entries.lockUser(actor.id);
        const current = await changeable(actor, id);
        const taskId = body.taskId !== undefined ? body.taskId : current.taskId;
        const tasks = await entries.lockTasks(actor.id, present([current.taskId, taskId]));
        const movedTo = body.taskId !== undefined && body.taskId !== null && body.taskId !== current.taskId ? tasks.get(body.taskId) : null;
        if (movedTo === undefined) throw notFound('Task');

        const clientId = body.clientId !== undefined ? body.clientId : movedTo ? movedTo.clientId : current.clientId;
        if (clientId !== current.clientId) await clientBillable(actor, clientId);

        const startedAt = body.startedAt !== undefined ? normalized(body.startedAt) : current.startedAt;
        let endedAt: string | undefined;
        if (current.endedAt === null) {
          if (body.endedAt !== undefined || body.durationSeconds !== undefined) throw badRequest(RUNNING_ENTRY_END_MESSAGE);
          if (Date.parse(startedAt) > Date.parse(await entries.instant(null))) throw badRequest(RUNNING_ENTRY_FUTURE_MESSAGE);
        } else {
          endedAt =
            body.endedAt !== undefined
              ? normalized(body.endedAt)
              : body.durationSeconds !== undefined
                ? new Date(Date.parse(startedAt) + body.durationSeconds * 1000).toISOString()
                : current.endedAt;
          assertSpan(startedAt, endedAt);
        }

        await entries.update(actor.id, id, { taskId, clientId, startedAt, endedAt, note: body.note, billable: body.billable });
        await entries.refreshTracked(actor.id, present([current.taskId, taskId]));
        return answer(actor, id);
      });
    },

    /** DELETE /api/time-entries/{id} (a running one too: the timer is discarded). A billed entry is refused (409). */
    async remove(actor: Actor, id: string): Promise<void> {
      await entries.transaction(async () => {
        await entries.lockUser(actor.id);
        const current = await changeable(actor, id);
        await entries.lockTasks(actor.id, present([current.taskId]));
        await entries.remove(actor.id, id);
        await entries.refreshTracked(actor.id, present([current.taskId]));
      });
    },
  };
}
export type TimeEntriesService = ReturnType<typeof timeEntriesService>;
