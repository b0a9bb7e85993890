/**
 * The task rules as SQL pieces: the one home of "open", "overdue" and the default order for every
 * statement about tasks (the api's repositories, the worker's digest). Each piece mirrors a rule of this
 * package, named on it; services/api/src/db/task-sql.int.test.ts checks on generated tasks that the two
 * agree. `t` is the alias of the `tasks` table in the statement; values come in as SQL expressions
 * (a placeholder such as `?::date` or `$2::date`), each used once.
 */

/** `isActiveForPriorities` (spec §4): not completed, not archived, not in the backlog. */
export const openTaskSql = (t: string) => `(not ${t}.is_completed and not ${t}.is_archived and not ${t}.is_backlog)`;

/**
 * `isOverdue` (DECISIONS 2) at the user's `today` (a date) and time of day `time` ('HH:MM'), both read
 * in the user's zone: not completed and due before today, or today at a time already past. A task with
 * no time is due all day, so it sorts as '24:00', a time never past.
 */
export const overdueTaskSql = (t: string, today: string, time: string) =>
  `(not ${t}.is_completed and (${t}.due_date, coalesce(${t}.due_time, '24:00') collate "C") < (${today}, ${time}))`;

/** One key of an order: a non-null SQL expression, its direction and the type a keyset cursor casts its value to. */
export interface SqlOrderKey {
  sql: string;
  direction: 'asc' | 'desc';
  cast: 'int' | 'date' | 'text' | 'timestamptz' | 'uuid';
}

/**
 * `compareTasksDefault` (spec §4): higher priority, earlier due date (and time), dated before undated,
 * newest first, then the id so the order is total (keyset paging needs that). Each key is non-null: a
 * missing date or time sorts as the latest.
 */
export const taskDefaultOrderKeys = (t: string): readonly SqlOrderKey[] => [
  { sql: `case ${t}.priority when 'urgent' then 4 when 'high' then 3 when 'medium' then 2 else 1 end`, direction: 'desc', cast: 'int' },
  { sql: `coalesce(${t}.due_date, 'infinity'::date)`, direction: 'asc', cast: 'date' },
  { sql: `coalesce(${t}.due_time, '24:00') collate "C"`, direction: 'asc', cast: 'text' },
  { sql: `${t}.created_at`, direction: 'desc', cast: 'timestamptz' },
  { sql: `${t}.id`, direction: 'asc', cast: 'uuid' },
];

/** The `order by` list of the default order. */
export const taskDefaultOrderSql = (t: string) =>
  taskDefaultOrderKeys(t)
    .map((key) => `${key.sql} ${key.direction}`)
    .join(', ');
