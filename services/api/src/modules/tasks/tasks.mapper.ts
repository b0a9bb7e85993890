import type { Task as TaskDto, TaskComment as TaskCommentDto } from '@daybook/shared';
import { orderByKeys, type SortKey } from '../../db/keyset';
import { isoInstantSql, toIsoInstant } from '../../db/sql';

/**
 * The columns a task answer needs, for list reads that select plain rows instead of hydrating entities.
 * Dates and instants come back as ISO text made by Postgres: no conversion can shift them, and
 * formatting thousands of instants in JavaScript showed up at 10% of the profile of a list read.
 */
export const TASK_COLUMNS = `t.id, t.title, t.description, t.client_id, t.priority, t.status, t.due_date::text as due_date,
  t.due_time, t.estimated_time, t.is_completed, t.is_backlog, t.is_archived, t.document_links, t.is_recurring,
  t.recurring_type, t.recurring_interval, ${isoInstantSql('t.last_recurrence_date')} as last_recurrence_date, t.parent_task_id,
  t.is_delegated, t.delegated_to_id, t.delegation_notes, t.sort_order, ${isoInstantSql('t.created_at')} as created_at`;

/**
 * The default order of `compareTasksDefault` in @daybook/shared (spec §4): higher priority, earlier due
 * date (and time), dated before undated, newest first, then the id so the order is total (keyset paging
 * needs that). Each key is a non-null expression (a missing date or time sorts as the latest). The list
 * order puts the manual sortOrder first. tasks-order.int.test.ts checks that this SQL and the shared rules
 * agree.
 */
export const TASK_DEFAULT_KEYS: readonly SortKey[] = [
  { sql: `case t.priority when 'urgent' then 4 when 'high' then 3 when 'medium' then 2 else 1 end`, direction: 'desc', cast: 'int' },
  { sql: `coalesce(t.due_date, 'infinity'::date)`, direction: 'asc', cast: 'date' },
  { sql: `coalesce(t.due_time, '24:00') collate "C"`, direction: 'asc', cast: 'text' },
  { sql: 't.created_at', direction: 'desc', cast: 'timestamptz' },
  { sql: 't.id', direction: 'asc', cast: 'uuid' },
];
export const TASK_LIST_KEYS: readonly SortKey[] = [{ sql: 't.sort_order', direction: 'asc', cast: 'int' }, ...TASK_DEFAULT_KEYS];
/** Archived tasks, newest archived first (DECISIONS 15); `tasks_user_archived_idx` holds exactly this order. */
export const TASK_ARCHIVED_KEYS: readonly SortKey[] = [
  { sql: 't.archived_at', direction: 'desc', cast: 'timestamptz' },
  { sql: 't.id', direction: 'desc', cast: 'uuid' },
];
export const TASK_DEFAULT_ORDER = orderByKeys(TASK_DEFAULT_KEYS);
export const TASK_LIST_ORDER = orderByKeys(TASK_LIST_KEYS);

export interface TaskRow {
  id: string;
  title: string;
  description: string | null;
  client_id: string | null;
  priority: TaskDto['priority'];
  status: TaskDto['status'];
  due_date: string | null;
  due_time: string | null;
  estimated_time: string | null;
  is_completed: boolean;
  is_backlog: boolean;
  is_archived: boolean;
  document_links: string[] | null;
  is_recurring: boolean;
  recurring_type: TaskDto['recurringType'];
  recurring_interval: number;
  last_recurrence_date: string | null;
  parent_task_id: string | null;
  is_delegated: boolean;
  delegated_to_id: string | null;
  delegation_notes: string | null;
  sort_order: number;
  created_at: string;
}

export function toTaskDto(row: TaskRow): TaskDto {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    clientId: row.client_id,
    priority: row.priority,
    status: row.status,
    dueDate: row.due_date,
    dueTime: row.due_time,
    estimatedTime: row.estimated_time,
    isCompleted: row.is_completed,
    isBacklog: row.is_backlog,
    isArchived: row.is_archived,
    documentLinks: row.document_links ?? [],
    isRecurring: row.is_recurring,
    recurringType: row.recurring_type,
    recurringInterval: row.recurring_interval,
    lastRecurrenceDate: row.last_recurrence_date,
    parentTaskId: row.parent_task_id,
    isDelegated: row.is_delegated,
    delegatedToId: row.delegated_to_id,
    delegationNotes: row.delegation_notes,
    sortOrder: row.sort_order,
    createdAt: row.created_at,
  };
}

export interface TaskCommentRow {
  id: string;
  task_id: string;
  content: string;
  created_at: string;
}

export function toTaskCommentDto(row: TaskCommentRow): TaskCommentDto {
  return { id: row.id, taskId: row.task_id, content: row.content, createdAt: toIsoInstant(row.created_at) };
}
