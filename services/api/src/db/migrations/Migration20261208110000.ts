import { Migration } from '@mikro-orm/migrations';

/**
 * Undo of a task's deletion: a deleted task leaves `tasks` at once (every read of tasks stays
 * as it is), and `deleted_tasks` keeps what brings it back for a short while: the row (`task`, as jsonb),
 * its comments, and the time entries and later occurrences that pointed at it (their links are cleared by
 * the delete). Rows older than the restore window are purged on each delete and hourly (main.ts); the
 * owner's deletion removes them with the account.
 */
export class Migration20261208110000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "deleted_tasks" ("id" uuid not null, "user_id" uuid not null, "deleted_at" timestamptz not null default now(),
         "task" jsonb not null, "comments" jsonb not null default '[]', "time_entry_ids" jsonb not null default '[]',
         "child_task_ids" jsonb not null default '[]',
         constraint "deleted_tasks_pkey" primary key ("id"),
         constraint "deleted_tasks_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade);`,
    );
    this.addSql(`create index "deleted_tasks_user_idx" on "deleted_tasks" ("user_id");`);
    this.addSql(`create index "deleted_tasks_deleted_at_idx" on "deleted_tasks" ("deleted_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "deleted_tasks";`);
  }
}
