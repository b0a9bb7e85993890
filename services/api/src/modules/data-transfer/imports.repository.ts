import type { EntityManager, Knex } from '@mikro-orm/postgresql';
import { emptyImportCounts, type BillingSettings, type ImportCounts, type ImportJob, type ImportProblem, type ImportSource, type ImportState, type QuotaName } from '@daybook/shared';
import type { Actor } from '../../core/actor';
import { countForQuota } from '../../db/quota';
import { isoInstantSql, jsonParam, TEXT_ARRAY_PARAM } from '../../db/sql';
import { dataAccess, type UnitOfWork } from '../../db/unit-of-work';
import type { PlanChunk, PlannedComment, PlannedProfile, PlannedTask, PlanItem } from './import-plan';

/** An import whose runner has not moved its heartbeat for this long has stopped (its api process went away). */
export const IMPORT_STALE_SECONDS = 60;

const JOB = `i.id, i.source, i.state, i.processed, i.total, i.created, i.skipped, i.problems, i.more_problems as "moreProblems", i.error,
  ${isoInstantSql('i.created_at')} as "createdAt", ${isoInstantSql('i.finished_at')} as "finishedAt"`;

/** The tables an imported item's target may live in. */
const TARGET_TABLES = { client: 'clients', contact: 'delegation_contacts', notePage: 'note_lists', task: 'tasks' } as const;
export type TargetKind = keyof typeof TARGET_TABLES;

/** The quotas (DECISIONS 22) an import's items count against. */
export type ImportQuota = Extract<QuotaName, 'liveTasks' | 'notes' | 'notePages' | 'clients' | 'contacts' | 'timeEntries'>;

/** The rows each of those quotas counts, as countForQuota takes them. */
const QUOTA_ROWS: Record<ImportQuota, string> = {
  liveTasks: 'from tasks where user_id = ? and not is_archived',
  notes: 'from note_items where user_id = ?',
  notePages: 'from note_lists where user_id = ?',
  clients: 'from clients where user_id = ?',
  contacts: 'from delegation_contacts where user_id = ?',
  timeEntries: 'from time_entries where user_id = ?',
};

/** The running state of an import, read under its lock. */
export interface ImportProgress {
  id: string;
  userId: string;
  state: ImportState;
  processed: number;
  total: number;
  created: ImportCounts;
  skipped: number;
}

/**
 * Every statement of imports: the jobs and their plans, the keys of what was imported, and the writes of
 * imported items (which keep what the source gives: times, states, order). Scoped by the owner.
 */
export interface ImportsRepository extends UnitOfWork {
  /** Inside a transaction: a new running import with its plan of `total` items, as JSON text in chunks (planChunks). */
  insertImport(userId: string, source: ImportSource, total: number, plan: readonly PlanChunk[], problems: { problems: ImportProblem[]; moreProblems: number }): Promise<string>;
  /** True when the user has an import queued or running. */
  hasLiveImport(userId: string): Promise<boolean>;
  find(userId: string, id: string): Promise<ImportJob | null>;
  /** Inside a transaction: the import, its row locked until the transaction ends. */
  lockProgress(id: string): Promise<ImportProgress | null>;
  /** The plan's items after the first `from`, at most `limit`. */
  planItems(id: string, from: number, limit: number): Promise<PlanItem[]>;
  saveProgress(id: string, progress: Pick<ImportProgress, 'processed' | 'created' | 'skipped'>): Promise<void>;
  /** Ends the import (done or failed) and drops its plan. */
  finish(id: string, state: 'done' | 'failed', error: string | null): Promise<void>;
  /**
   * Takes over live imports whose heartbeat stopped (all of them, or the one given): moves their heartbeat
   * so no other process takes them too, and answers their ids.
   */
  claimStale(id?: string): Promise<string[]>;
  /** The user an import runs as (a resumed import has no request). */
  ownerOf(id: string): Promise<Actor | null>;

  /** Which of `keys` the user has imported already. */
  importedKeys(userId: string, keys: readonly string[]): Promise<Set<string>>;
  /** Records a key as imported by this import; false when it was already (by this or an earlier import). */
  claimKey(userId: string, key: string, importId: string): Promise<boolean>;
  setTarget(userId: string, key: string, targetId: string): Promise<void>;
  /** What an imported key became, when that still exists. */
  targetOf(userId: string, key: string, kind: TargetKind): Promise<string | null>;

  /** Inside a transaction: the user's rows of a quota, counted up to it, holding the quota's lock. */
  countForQuota(userId: string, quota: ImportQuota): Promise<number>;
  /** The user's client called `name` (its name or one of its aliases, ignoring case). */
  clientNamed(userId: string, name: string): Promise<string | null>;
  /** The user's client names and aliases, lower-cased. */
  clientNames(userId: string): Promise<Set<string>>;
  insertClient(
    userId: string,
    client: { name: string; color: string | null; aliases: string[]; sortOrder: number; createdAt: string | null; hourlyRateMinor?: number | null; billable?: boolean },
  ): Promise<string>;
  insertContact(userId: string, contact: { name: string; sortOrder: number; createdAt: string | null }): Promise<string>;
  insertNotePage(userId: string, page: { title: string; clientId: string | null; parentId: string | null; sortOrder: number; createdAt: string | null }): Promise<string>;
  /** A note; without sortOrder it goes to the end of its page. */
  insertNote(userId: string, note: { pageId: string; content: string; clientId: string | null; sortOrder: number | null; createdAt: string | null }): Promise<string>;
  insertTask(userId: string, task: PlannedTask, refs: { clientId: string | null; seriesId: string | null; delegatedToId: string | null }): Promise<string>;
  /** A comment without a source time is stamped as written (clock_timestamp), so a file's comments keep its order. */
  insertComment(taskId: string, comment: PlannedComment): Promise<void>;
  /** False when the user has a plan for that day already (it stays). */
  insertDailyPlan(userId: string, plan: { date: string; taskIds: string[]; reviewedAt: string | null }): Promise<boolean>;
  /** False when the user has that increment already. */
  insertTimeIncrement(userId: string, increment: { label: string; value: string }): Promise<boolean>;
  insertEstimateHabit(userId: string, habit: { kind: string; estimatedTime: string }): Promise<boolean>;
  /** Answers the timezone before the change. */
  updateProfile(userId: string, profile: PlannedProfile): Promise<string | null>;
  /** Sets the currency and default rate (DECISIONS 31). */
  saveBillingSettings(userId: string, settings: BillingSettings): Promise<void>;
}

export function createImportsRepository(rootEm: EntityManager): ImportsRepository {
  const { db, transaction } = dataAccess(rootEm);
  const firstId = async (sql: string, params: unknown[]) => (await db().execute<{ id: string }[]>(sql, params))[0]?.id ?? null;
  const inserted = async (sql: string, params: unknown[]) => (await firstId(sql, params))!;

  /**
   * A statement whose values are large (a file's keys, its plan: up to megabytes) with the values bound,
   * not written into the SQL text: `em.execute` escapes a value character by character on the event loop
   * (about 70 ms per 500 KB, measured), which held every other request while an import started.
   */
  async function withBoundValues<Row>(sql: string, params: readonly unknown[]): Promise<Row[]> {
    const em = db();
    const query = em.getConnection().getKnex().raw(sql, params as Knex.RawBinding[]);
    const transaction = em.getTransactionContext<Knex.Transaction>();
    if (transaction) query.transacting(transaction);
    try {
      return ((await query) as { rows: Row[] }).rows;
    } catch (error) {
      throw em.getDriver().convertException(error as Error);
    }
  }

  return {
    transaction,

    async insertImport(userId, source, total, plan, { problems, moreProblems }) {
      const id = await inserted(
        `insert into imports (user_id, source, state, total, created, problems, more_problems, heartbeat_at)
         values (?, ?, 'running', ?, ?::jsonb, ?::jsonb, ?, now()) returning id`,
        [userId, source, total, JSON.stringify(emptyImportCounts()), JSON.stringify(problems), moreProblems],
      );
      for (const chunk of plan) {
        await withBoundValues(
          `insert into import_plan_items (import_id, position, item)
           select ?, ?::int + x.n, x.item from jsonb_array_elements(?::jsonb) with ordinality as x(item, n)`,
          [id, chunk.from, chunk.items],
        );
      }
      return id;
    },

    async hasLiveImport(userId) {
      return (await db().execute(`select 1 from imports where user_id = ? and state in ('queued', 'running')`, [userId])).length > 0;
    },

    async find(userId, id) {
      const [job] = await db().execute<ImportJob[]>(`select ${JOB} from imports i where i.user_id = ? and i.id = ?`, [userId, id]);
      return job ?? null;
    },

    async lockProgress(id) {
      const [row] = await db().execute<ImportProgress[]>(
        `select id, user_id as "userId", state, processed, total, created, skipped from imports where id = ? for update`,
        [id],
      );
      return row ?? null;
    },

    async planItems(id, from, limit) {
      const rows = await db().execute<{ item: PlanItem }[]>(
        'select item from import_plan_items where import_id = ? and position > ? order by position limit ?',
        [id, from, limit],
      );
      return rows.map((row) => row.item);
    },

    async saveProgress(id, { processed, created, skipped }) {
      await db().execute('update imports set processed = ?, created = ?::jsonb, skipped = ?, heartbeat_at = now() where id = ?', [processed, JSON.stringify(created), skipped, id]);
    },

    async finish(id, state, error) {
      await db().execute('update imports set state = ?, error = ?, finished_at = now(), heartbeat_at = null where id = ?', [state, error, id]);
      await db().execute('delete from import_plan_items where import_id = ?', [id]);
    },

    async claimStale(id) {
      const rows = await db().execute<{ id: string }[]>(
        `update imports set state = 'running', heartbeat_at = now()
          where state in ('queued', 'running') and (heartbeat_at is null or heartbeat_at < now() - make_interval(secs => ?))
            ${id ? 'and id = ?' : ''}
          returning id`,
        id ? [IMPORT_STALE_SECONDS, id] : [IMPORT_STALE_SECONDS],
      );
      return rows.map((row) => row.id);
    },

    async ownerOf(id) {
      const [row] = await db().execute<Actor[]>(
        `select u.id, u.username, u.role, u.timezone, u.enable_delegation as "enableDelegation" from imports i join users u on u.id = i.user_id where i.id = ?`,
        [id],
      );
      return row ?? null;
    },

    async importedKeys(userId, keys) {
      if (keys.length === 0) return new Set();
      const rows = await withBoundValues<{ key: string }>(
        'select key from imported_items where user_id = ? and key in (select jsonb_array_elements_text(?::jsonb))',
        [userId, jsonParam(keys)],
      );
      return new Set(rows.map((row) => row.key));
    },

    async claimKey(userId, key, importId) {
      const rows = await db().execute('insert into imported_items (user_id, key, import_id) values (?, ?, ?) on conflict do nothing returning key', [userId, key, importId]);
      return rows.length > 0;
    },

    async setTarget(userId, key, targetId) {
      await db().execute('update imported_items set target_id = ? where user_id = ? and key = ?', [targetId, userId, key]);
    },

    targetOf: (userId, key, kind) =>
      firstId(
        `select t.id from imported_items i join ${TARGET_TABLES[kind]} t on t.id = i.target_id and t.user_id = i.user_id where i.user_id = ? and i.key = ?`,
        [userId, key],
      ),

    countForQuota: (userId, quota) => countForQuota(db(), userId, quota, QUOTA_ROWS[quota]),

    clientNamed: (userId, name) =>
      firstId(
        `select c.id from clients c where c.user_id = ? and (lower(c.name) = lower(?) or lower(?) = any(select lower(a) from unnest(c.aliases) a))
          order by lower(c.name) = lower(?) desc limit 1`,
        [userId, name, name, name],
      ),

    async clientNames(userId) {
      const rows = await db().execute<{ name: string }[]>(
        'select lower(c.name) as name from clients c where c.user_id = ? union select lower(a) from clients c, unnest(c.aliases) a where c.user_id = ?',
        [userId, userId],
      );
      return new Set(rows.map((row) => row.name));
    },

    insertClient: (userId, client) =>
      inserted(
        `insert into clients (id, user_id, name, color, aliases, sort_order, created_at, hourly_rate_minor, billable)
         values (gen_random_uuid(), ?, ?, coalesce(?, '#e5e7eb'), ${TEXT_ARRAY_PARAM}, ?, coalesce(?::timestamptz, now()), ?, ?) returning id`,
        [userId, client.name, client.color, jsonParam(client.aliases), client.sortOrder, client.createdAt, client.hourlyRateMinor ?? null, client.billable ?? true],
      ),

    insertContact: (userId, contact) =>
      inserted(
        `insert into delegation_contacts (id, user_id, name, sort_order, created_at) values (gen_random_uuid(), ?, ?, ?, coalesce(?::timestamptz, now())) returning id`,
        [userId, contact.name, contact.sortOrder, contact.createdAt],
      ),

    insertNotePage: (userId, page) =>
      inserted(
        `insert into note_lists (id, user_id, client_id, parent_page_id, title, sort_order, created_at)
         values (gen_random_uuid(), ?, ?, ?, ?, ?, coalesce(?::timestamptz, now())) returning id`,
        [userId, page.clientId, page.parentId, page.title, page.sortOrder, page.createdAt],
      ),

    insertNote: (userId, note) =>
      inserted(
        `insert into note_items (id, user_id, note_list_id, client_id, content, sort_order, created_at)
         values (gen_random_uuid(), ?, ?, ?, ?, coalesce(?, (select count(*) from note_items where note_list_id = ?)), coalesce(?::timestamptz, now())) returning id`,
        [userId, note.pageId, note.clientId, note.content, note.sortOrder, note.pageId, note.createdAt],
      ),

    insertTask: (userId, task, refs) =>
      inserted(
        `insert into tasks (id, user_id, client_id, title, description, priority, status, due_date, due_time, estimated_time, is_completed, is_backlog,
                            is_archived, document_links, is_recurring, recurring_type, recurring_interval, last_recurrence_date, parent_task_id,
                            delegated_to_id, is_delegated, delegation_notes, sort_order, reminders, completed_at, archived_at, created_at)
         values (gen_random_uuid(), ?, ?, ?, ?, ?, ?, ?::date, ?, ?, ?, ?, ?, ${TEXT_ARRAY_PARAM}, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?,
                 case when ? then coalesce(?::timestamptz, now()) end, coalesce(?::timestamptz, now()))
         returning id`,
        [
          userId,
          refs.clientId,
          task.title,
          task.description,
          task.priority,
          task.status,
          task.dueDate,
          task.dueTime,
          task.estimatedTime,
          task.isCompleted,
          task.isBacklog,
          task.isArchived,
          jsonParam(task.documentLinks),
          task.isRecurring,
          task.recurringType,
          task.recurringInterval,
          task.lastRecurrenceDate,
          refs.seriesId,
          refs.delegatedToId,
          task.isDelegated && refs.delegatedToId !== null,
          task.delegationNotes,
          task.sortOrder,
          JSON.stringify(task.reminders),
          task.completedAt,
          task.isArchived,
          task.archivedAt,
          task.createdAt,
        ],
      ),

    async insertComment(taskId, comment) {
      await db().execute(
        'insert into task_comments (id, task_id, content, created_at, imported_from) values (gen_random_uuid(), ?, ?, coalesce(?::timestamptz, clock_timestamp()), ?)',
        [taskId, comment.content, comment.createdAt, comment.importedFrom ?? null],
      );
    },

    async insertDailyPlan(userId, plan) {
      const rows = await db().execute(
        `insert into daily_plans (id, user_id, day, priority_task_ids, reviewed_at)
         values (gen_random_uuid(), ?, ?::date, array(select x::uuid from jsonb_array_elements_text(?::jsonb) x), ?)
         on conflict (user_id, day) do nothing returning id`,
        [userId, plan.date, jsonParam(plan.taskIds), plan.reviewedAt],
      );
      return rows.length > 0;
    },

    async insertTimeIncrement(userId, increment) {
      const rows = await db().execute(
        'insert into time_increments (id, user_id, label, value) values (gen_random_uuid(), ?, ?, ?) on conflict (user_id, value) do nothing returning id',
        [userId, increment.label, increment.value],
      );
      return rows.length > 0;
    },

    async insertEstimateHabit(userId, habit) {
      const rows = await db().execute(
        'insert into estimate_habits (id, user_id, kind, estimated_time) values (gen_random_uuid(), ?, ?, ?) on conflict (user_id, kind) do nothing returning id',
        [userId, habit.kind, habit.estimatedTime],
      );
      return rows.length > 0;
    },

    async updateProfile(userId, profile) {
      const [before] = await db().execute<{ timezone: string }[]>('select timezone from users where id = ? for update', [userId]);
      await db().execute(
        `update users set first_name = ?, last_name = ?, profile_image_url = ?, timezone = ?, enable_delegation = ?,
                working_minutes = coalesce(?::jsonb, working_minutes), updated_at = now() where id = ?`,
        [profile.firstName, profile.lastName, profile.profileImageUrl, profile.timezone, profile.enableDelegation, profile.workingMinutes ? jsonParam(profile.workingMinutes) : null, userId],
      );
      return before?.timezone ?? null;
    },

    async saveBillingSettings(userId, settings) {
      await db().execute(
        `insert into billing_settings (user_id, currency, default_hourly_rate_minor) values (?, ?, ?)
         on conflict (user_id) do update set currency = excluded.currency, default_hourly_rate_minor = excluded.default_hourly_rate_minor, updated_at = now()`,
        [userId, settings.currency, settings.defaultHourlyRateMinor],
      );
    },
  };
}
