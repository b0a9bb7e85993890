import { Migration } from '@mikro-orm/migrations';

/**
 * Time tracking (DECISIONS 31).
 *
 * - `time_entries`: a user's tracked time, on a task (or not), for a client (copied from the task when the
 *   entry is made, editable). `ended_at` is null while the timer runs; one running entry per user, which
 *   the database enforces (`time_entries_one_running_per_user`). An entry lasts at most 24 hours.
 *   `billing_period_id` is set by billing's "mark as billed" (its foreign key comes with billing).
 * - `tasks.tracked_seconds`: the seconds of the task's finished entries, written in the same transaction
 *   as every entry write, so task lists show tracked time without reading entries.
 * - `clients.billable`: whether time for the client is billable unless an entry says otherwise.
 */
export class Migration20261201100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "clients" add column "billable" boolean not null default true;`);
    this.addSql(`alter table "tasks" add column "tracked_seconds" int not null default 0;`);
    this.addSql(
      `create table "time_entries" ("id" uuid not null default gen_random_uuid(), "user_id" uuid not null, "task_id" uuid null, "client_id" uuid null, "started_at" timestamptz not null, "ended_at" timestamptz null, "note" text not null default '', "billable" boolean not null, "billing_period_id" uuid null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "time_entries_pkey" primary key ("id"), constraint "time_entries_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade, constraint "time_entries_task_id_foreign" foreign key ("task_id") references "tasks" ("id") on update cascade on delete set null, constraint "time_entries_client_id_foreign" foreign key ("client_id") references "clients" ("id") on update cascade on delete set null, constraint "time_entries_ends_after_start" check ("ended_at" is null or "ended_at" > "started_at"), constraint "time_entries_at_most_a_day" check ("ended_at" is null or "ended_at" <= "started_at" + interval '24 hours'));`,
    );
    this.addSql(`create unique index "time_entries_one_running_per_user" on "time_entries" ("user_id") where "ended_at" is null;`);
    this.addSql(`create index "time_entries_user_started_idx" on "time_entries" ("user_id", "started_at" desc, "id" desc);`);
    this.addSql(`create index "time_entries_task_idx" on "time_entries" ("task_id", "started_at" desc, "id" desc);`);
    this.addSql(`create index "time_entries_client_idx" on "time_entries" ("client_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "time_entries";`);
    this.addSql(`alter table "tasks" drop column if exists "tracked_seconds";`);
    this.addSql(`alter table "clients" drop column if exists "billable";`);
  }
}
