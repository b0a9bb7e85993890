import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { PRIORITIES, RECURRING_TYPES, TASK_STATUSES, type ReminderSpec } from '@daybook/shared';
import { createdAtProperty, idProperty, updatedAtProperty } from '../../db/entity-helpers';
import { ClientEntity } from '../clients/client.entity';
import { DelegationContactEntity } from '../contacts/contact.entity';
import { UserEntity } from '../users/user.entity';

export const TaskEntity = defineEntity({
  name: 'Task',
  tableName: 'tasks',
  properties: {
    id: idProperty(),
    user: () => p.manyToOne(UserEntity).ref().deleteRule('cascade'),
    client: () => p.manyToOne(ClientEntity).ref().nullable().deleteRule('set null'),
    title: p.string().length(500),
    description: p.text().nullable(),
    priority: p.enum([...PRIORITIES]).default('medium'),
    status: p.enum([...TASK_STATUSES]).default('todo'),
    /** A calendar date in the owner's timezone (DECISIONS 2), `YYYY-MM-DD`. */
    dueDate: p.string().columnType('date').nullable(),
    /** Optional local due time, `HH:mm`. */
    dueTime: p.string().length(5).nullable(),
    estimatedTime: p.string().length(50).nullable(),
    isCompleted: p.boolean().default(false),
    isBacklog: p.boolean().default(false),
    isArchived: p.boolean().default(false),
    documentLinks: p.array().default([]),
    reminders: p.json<ReminderSpec[]>().default('[]'),
    isRecurring: p.boolean().default(false),
    recurringType: p.enum([...RECURRING_TYPES]).nullable(),
    recurringInterval: p.integer().default(1),
    /** Set when completing this occurrence created the next one: it never creates a second. */
    lastRecurrenceDate: p.datetime().nullable(),
    parentTask: () => p.manyToOne(TaskEntity).ref().nullable().deleteRule('set null'),
    delegatedTo: () => p.manyToOne(DelegationContactEntity).ref().nullable().deleteRule('set null'),
    isDelegated: p.boolean().default(false),
    delegationNotes: p.text().nullable(),
    sortOrder: p.integer().default(0),
    /** Seconds of the task's finished time entries, written with every entry write (time-entries.repository.ts). */
    trackedSeconds: p.integer().default(0),
    completedAt: p.datetime().nullable(),
    archivedAt: p.datetime().nullable(),
    createdAt: createdAtProperty(),
    updatedAt: updatedAtProperty(),
  },
  // The dashboard's reads, each an index scan for a user with thousands of tasks.
  indexes: [
    { name: 'tasks_user_due_idx', expression: 'create index "tasks_user_due_idx" on "tasks" ("user_id", "due_date") where not "is_archived"' },
    { name: 'tasks_user_list_idx', expression: 'create index "tasks_user_list_idx" on "tasks" ("user_id", "is_backlog", "sort_order") where not "is_archived"' },
    { name: 'tasks_user_archived_idx', expression: 'create index "tasks_user_archived_idx" on "tasks" ("user_id", "archived_at" desc, "id" desc) where "is_archived"' },
    { name: 'tasks_user_delegated_idx', expression: 'create index "tasks_user_delegated_idx" on "tasks" ("user_id", "sort_order") where "is_delegated" and not "is_archived"' },
    { name: 'tasks_client_idx', properties: ['client'] },
    { name: 'tasks_delegated_to_idx', properties: ['delegatedTo'] },
    { name: 'tasks_parent_task_idx', properties: ['parentTask'] },
  ],
});
export type Task = InferEntity<typeof TaskEntity>;

export const TaskCommentEntity = defineEntity({
  name: 'TaskComment',
  tableName: 'task_comments',
  properties: {
    id: idProperty(),
    task: () => p.manyToOne(TaskEntity).ref().deleteRule('cascade').index('task_comments_task_idx'),
    content: p.text(),
    /** todoist or ticktick for an imported comment (Migration20261208100000); null for the user's own. */
    importedFrom: p.text().nullable(),
    createdAt: createdAtProperty(),
  },
});
export type TaskComment = InferEntity<typeof TaskCommentEntity>;
