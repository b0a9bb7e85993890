import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAtProperty, idProperty, updatedAtProperty } from '../../db/entity-helpers';
import { ClientEntity } from '../clients/client.entity';
import { TaskEntity } from '../tasks/task.entity';
import { UserEntity } from '../users/user.entity';

/** Tracked time (DECISIONS 31); the schema is Migration20261201100000's, the SQL time-entries.repository.ts's. */
export const TimeEntryEntity = defineEntity({
  name: 'TimeEntry',
  tableName: 'time_entries',
  properties: {
    id: idProperty(),
    user: () => p.manyToOne(UserEntity).ref().deleteRule('cascade'),
    task: () => p.manyToOne(TaskEntity).ref().nullable().deleteRule('set null'),
    /** Copied from the task when the entry is made; editable. */
    client: () => p.manyToOne(ClientEntity).ref().nullable().deleteRule('set null'),
    startedAt: p.datetime(),
    /** Null while the timer runs: one such entry per user (a unique partial index). */
    endedAt: p.datetime().nullable(),
    note: p.text().default(''),
    billable: p.boolean(),
    /** Set by billing's "mark as billed": the entry can no longer be changed or deleted. */
    billingPeriodId: p.uuid().nullable(),
    createdAt: createdAtProperty(),
    updatedAt: updatedAtProperty(),
  },
  indexes: [
    { name: 'time_entries_user_started_idx', expression: 'create index "time_entries_user_started_idx" on "time_entries" ("user_id", "started_at" desc, "id" desc)' },
    { name: 'time_entries_task_idx', expression: 'create index "time_entries_task_idx" on "time_entries" ("task_id", "started_at" desc, "id" desc)' },
    { name: 'time_entries_client_idx', properties: ['client'] },
  ],
  uniques: [
    {
      name: 'time_entries_one_running_per_user',
      expression: 'create unique index "time_entries_one_running_per_user" on "time_entries" ("user_id") where "ended_at" is null',
    },
  ],
});
export type TimeEntryRow = InferEntity<typeof TimeEntryEntity>;
