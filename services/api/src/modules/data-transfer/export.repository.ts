import type { EntityManager } from '@mikro-orm/postgresql';
import type {
  BillingSettings,
  CommentImportSource,
  ExportedClient,
  ExportedContact,
  ExportedDailyPlan,
  ExportedNote,
  ExportedNotePage,
  ExportedProfile,
  ExportedTask,
  ExportedTimeEntry,
} from '@daybook/shared';
import { isoInstantSql, jsonParam } from '../../db/sql';
import { dataAccess } from '../../db/unit-of-work';

/** A task without its comments, as one page of the export reads it. */
export type ExportedTaskRow = Omit<ExportedTask, 'comments'>;

/** A task as the CSV export writes it: its client's and delegate's names instead of their ids. */
export type TaskCsvRow = ExportedTaskRow & { clientName: string | null; delegateName: string | null };

const TASK_COLUMNS = `t.id, t.title, t.description, t.client_id as "clientId", t.priority, t.status, to_char(t.due_date, 'YYYY-MM-DD') as "dueDate",
  t.due_time as "dueTime", t.estimated_time as "estimatedTime", t.is_completed as "isCompleted", t.is_backlog as "isBacklog",
  t.is_archived as "isArchived", t.document_links as "documentLinks", t.is_recurring as "isRecurring", t.recurring_type as "recurringType",
  t.recurring_interval as "recurringInterval", ${isoInstantSql('t.last_recurrence_date')} as "lastRecurrenceDate", t.parent_task_id as "parentTaskId",
  t.is_delegated as "isDelegated", t.delegated_to_id as "delegatedToId", t.delegation_notes as "delegationNotes", t.sort_order as "sortOrder",
  t.reminders, ${isoInstantSql('t.completed_at')} as "completedAt", ${isoInstantSql('t.archived_at')} as "archivedAt", ${isoInstantSql('t.created_at')} as "createdAt"`;

/** The first id of a keyset page: every uuid sorts after it. */
export const FIRST_ID = '00000000-0000-0000-0000-000000000000';

/**
 * The reads of an export, every one scoped by the owner. The large lists (tasks, notes) are read in pages
 * by id, so an export of a large account never holds it all at once.
 */
export function createExportRepository(rootEm: EntityManager) {
  const { db } = dataAccess(rootEm);

  return {
    async profile(userId: string): Promise<ExportedProfile | null> {
      const [row] = await db().execute<ExportedProfile[]>(
        `select username, email, first_name as "firstName", last_name as "lastName", profile_image_url as "profileImageUrl", timezone,
                enable_delegation as "enableDelegation", working_minutes as "workingMinutes"
           from users where id = ?`,
        [userId],
      );
      return row ?? null;
    },

    /** The currency and default rate; null while the user has never set them. */
    billingSettings: async (userId: string): Promise<BillingSettings | null> =>
      (
        await db().execute<BillingSettings[]>(
          'select currency, default_hourly_rate_minor as "defaultHourlyRateMinor" from billing_settings where user_id = ?',
          [userId],
        )
      )[0] ?? null,

    timeIncrements: (userId: string) => db().execute<{ label: string; value: string }[]>('select label, value from time_increments where user_id = ? order by created_at, id', [userId]),

    estimateHabits: (userId: string) =>
      db().execute<{ kind: string; estimatedTime: string }[]>('select kind, estimated_time as "estimatedTime" from estimate_habits where user_id = ? order by updated_at, id', [userId]),

    clients: (userId: string) =>
      db().execute<ExportedClient[]>(
        `select id, name, color, aliases, sort_order as "sortOrder", hourly_rate_minor as "hourlyRateMinor", billable, ${isoInstantSql('created_at')} as "createdAt"
           from clients where user_id = ? order by sort_order, name, id`,
        [userId],
      ),

    contacts: (userId: string) =>
      db().execute<ExportedContact[]>(
        `select id, name, sort_order as "sortOrder", ${isoInstantSql('created_at')} as "createdAt" from delegation_contacts where user_id = ? order by sort_order, name, id`,
        [userId],
      ),

    /** Up to `limit` tasks (archived ones too) with ids after `afterId`, by id. */
    tasksAfter: (userId: string, afterId: string, limit: number) =>
      db().execute<ExportedTaskRow[]>(`select ${TASK_COLUMNS} from tasks t where t.user_id = ? and t.id > ? order by t.id limit ?`, [userId, afterId, limit]),

    /** `tasksAfter` with the client's and the delegate's names, for the CSV. */
    taskCsvRowsAfter: (userId: string, afterId: string, limit: number) =>
      db().execute<TaskCsvRow[]>(
        `select ${TASK_COLUMNS}, c.name as "clientName", d.name as "delegateName"
           from tasks t left join clients c on c.id = t.client_id left join delegation_contacts d on d.id = t.delegated_to_id
          where t.user_id = ? and t.id > ? order by t.id limit ?`,
        [userId, afterId, limit],
      ),

    /** The comments of the tasks, oldest first. */
    commentsOf: (taskIds: readonly string[]) =>
      taskIds.length === 0
        ? Promise.resolve([])
        : db().execute<{ taskId: string; id: string; content: string; createdAt: string; importedFrom: CommentImportSource | null }[]>(
            `select task_id as "taskId", id, content, ${isoInstantSql('created_at')} as "createdAt", imported_from as "importedFrom" from task_comments
              where task_id = any(array(select x::uuid from jsonb_array_elements_text(?::jsonb) x)) order by created_at, id`,
            [jsonParam(taskIds)],
          ),

    /** Up to `limit` time entries with ids after `afterId`, by id (DECISIONS 31). */
    timeEntriesAfter: (userId: string, afterId: string, limit: number) =>
      db().execute<ExportedTimeEntry[]>(
        `select id, task_id as "taskId", client_id as "clientId", ${isoInstantSql('started_at')} as "startedAt", ${isoInstantSql('ended_at')} as "endedAt",
                note, billable, billing_period_id as "billingPeriodId", ${isoInstantSql('created_at')} as "createdAt"
           from time_entries where user_id = ? and id > ? order by id limit ?`,
        [userId, afterId, limit],
      ),

    notePages: (userId: string) =>
      db().execute<ExportedNotePage[]>(
        `select id, title, client_id as "clientId", parent_page_id as "parentPageId", sort_order as "sortOrder", ${isoInstantSql('created_at')} as "createdAt"
           from note_lists where user_id = ? order by sort_order, id`,
        [userId],
      ),

    notesAfter: (userId: string, afterId: string, limit: number) =>
      db().execute<ExportedNote[]>(
        `select id, note_list_id as "notePageId", content, client_id as "clientId", sort_order as "sortOrder", ${isoInstantSql('created_at')} as "createdAt"
           from note_items where user_id = ? and id > ? order by id limit ?`,
        [userId, afterId, limit],
      ),

    dailyPlans: (userId: string) =>
      db().execute<ExportedDailyPlan[]>(
        `select to_char(day, 'YYYY-MM-DD') as date, coalesce(priority_task_ids, '{}') as "priorityTaskIds", ${isoInstantSql('reviewed_at')} as "reviewedAt"
           from daily_plans where user_id = ? order by day`,
        [userId],
      ),
  };
}
export type ExportRepository = ReturnType<typeof createExportRepository>;
