import type { EntityManager } from '@mikro-orm/postgresql';
import { nextDigestAt, type ImportCounts } from '@daybook/shared';
import type { Actor } from '../../core/actor';
import { reminderScheduling } from '../notifications/reminder-schedule';
import type { RemindersRepository } from '../notifications/reminders.repository';
import { createTasksService } from '../tasks/tasks.service';
import { createTimeEntriesRepository } from '../time-entries/time-entries.repository';
import { countItems, type PlanItem } from './import-plan';
import type { ImportsRepository, TargetKind } from './imports.repository';

/** What writing an item did: whether it created something, and the id of what its key now stands for. */
interface Written {
  created: boolean;
  targetId: string | null;
  /** A task whose tracked time the item changed (a time entry's). */
  trackedTaskId?: string | null;
}
const createdRow = (targetId: string): Written => ({ created: true, targetId });
const createdOrNot = (created: boolean): Written => ({ created, targetId: null });

/**
 * Writing an import's items, each kind as the app itself would have it (a task's reminders scheduled, a
 * new timezone moving the account's reminders, a time entry counted on its task), keeping what the source
 * gives (times, states, order). Runs inside the transaction of a batch (import-runner.ts).
 */
export function createItemWriter(em: EntityManager, imports: ImportsRepository, reminders: RemindersRepository, clock: () => Date) {
  const tasks = createTasksService(em, clock);
  const timeEntries = createTimeEntriesRepository(em);
  const scheduling = reminderScheduling(reminders, clock);

  /** The id of what an earlier item of the import (or an earlier import) became. */
  const target = (userId: string, key: string | null, kind: TargetKind) => (key === null ? Promise.resolve(null) : imports.targetOf(userId, key, kind));

  /** Writes one item (its key already claimed). */
  async function writeItem(actor: Actor, item: PlanItem): Promise<Written> {
    const userId = actor.id;
    switch (item.type) {
      case 'settings': {
        const before = await imports.updateProfile(userId, item.profile);
        await reminders.saveSettings(userId, item.notificationSettings);
        if (item.billingSettings) await imports.saveBillingSettings(userId, item.billingSettings);
        const { digestHour } = item.notificationSettings;
        await reminders.replaceDigest(userId, digestHour === null ? null : nextDigestAt(clock(), digestHour, item.profile.timezone));
        actor.timezone = item.profile.timezone;
        actor.enableDelegation = item.profile.enableDelegation;
        // The account's own tasks' reminders move to the same wall-clock times in the new zone.
        if (before !== item.profile.timezone) await tasks.rescheduleReminders(actor);
        return createdOrNot(true);
      }
      case 'timeIncrement':
        return createdOrNot(await imports.insertTimeIncrement(userId, item));
      case 'estimateHabit':
        return createdOrNot(await imports.insertEstimateHabit(userId, item));
      case 'client': {
        // A client the user has already (by name or alias) is the one the items mean: used, not created.
        const existing = await imports.clientNamed(userId, item.name);
        return existing ? { created: false, targetId: existing } : createdRow(await imports.insertClient(userId, item));
      }
      case 'contact':
        return createdRow(await imports.insertContact(userId, item));
      case 'notePage':
        return createdRow(
          await imports.insertNotePage(userId, {
            title: item.title,
            clientId: await target(userId, item.clientKey, 'client'),
            parentId: await target(userId, item.parentKey, 'notePage'),
            sortOrder: item.sortOrder,
            createdAt: item.createdAt,
          }),
        );
      case 'note': {
        const pageId = await target(userId, item.pageKey, 'notePage');
        if (!pageId) return createdOrNot(false);
        const clientId = await target(userId, item.clientKey, 'client');
        return createdRow(await imports.insertNote(userId, { pageId, content: item.content, clientId, sortOrder: item.sortOrder, createdAt: item.createdAt }));
      }
      case 'task': {
        const id = await imports.insertTask(userId, item.task, {
          clientId: await target(userId, item.clientKey, 'client'),
          seriesId: await target(userId, item.seriesKey, 'task'),
          delegatedToId: await target(userId, item.delegatedToKey, 'contact'),
        });
        for (const comment of item.comments) await imports.insertComment(id, comment);
        if (item.task.reminders.length > 0) await scheduling.syncTask(userId, { id, ...item.task }, actor.timezone);
        return createdRow(id);
      }
      case 'dailyPlan': {
        const taskIds: string[] = [];
        for (const key of item.taskKeys) {
          const id = await target(userId, key, 'task');
          if (id) taskIds.push(id);
        }
        return createdOrNot(await imports.insertDailyPlan(userId, { date: item.date, taskIds, reviewedAt: item.reviewedAt }));
      }
      case 'timeEntry': {
        const taskId = await target(userId, item.taskKey, 'task');
        const clientId = await target(userId, item.clientKey, 'client');
        const { startedAt, endedAt, note, billable } = item;
        await timeEntries.insert(userId, { taskId, clientId, startedAt, endedAt, note, billable }, item.createdAt);
        return { created: true, targetId: null, trackedTaskId: taskId };
      }
    }
  }

  return {
    /**
     * Inside a batch's transaction: writes the items whose keys the batch claimed, records what each key
     * became, and adds what was created to `created`.
     */
    async writeItems(actor: Actor, items: readonly PlanItem[], created: ImportCounts): Promise<void> {
      const trackedTasks: string[] = [];
      for (const item of items) {
        const written = await writeItem(actor, item);
        if (written.targetId) await imports.setTarget(actor.id, item.key, written.targetId);
        if (written.created) addCreated(created, item);
        if (written.trackedTaskId) trackedTasks.push(written.trackedTaskId);
      }
      if (trackedTasks.length > 0) {
        // Behind the user's time-entry lock (so a timer stopped meanwhile is counted too), once per batch.
        await timeEntries.lockUser(actor.id);
        await timeEntries.refreshTracked(actor.id, trackedTasks);
      }
    },
  };
}
export type ItemWriter = ReturnType<typeof createItemWriter>;

function addCreated(created: ImportCounts, item: PlanItem) {
  const counts = countItems([item]);
  // An import started before a kind was counted has no count of it yet.
  for (const [name, value] of Object.entries(counts) as Array<[keyof ImportCounts, number]>) created[name] = (created[name] ?? 0) + value;
}
