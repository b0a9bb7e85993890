import { Migration } from '@mikro-orm/migrations';

/**
 * Capture (DECISIONS 28 and 35).
 *
 * - `tasks.recurring_type` also takes `weekdays` (Monday to Friday; the api keeps such a series at
 *   interval 1).
 * - `clients.aliases`: the other names a user calls a client by, learned from corrections or typed in the
 *   client dialog. Every existing client starts without any.
 * - `estimate_habits`: a user's usual estimate per kind of work (`taskKind` of a title), at most
 *   ESTIMATE_HABITS_MAX rows per user.
 */
export class Migration20261125100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "tasks" drop constraint if exists "tasks_recurring_type_check";`);
    this.addSql(`alter table "tasks" add constraint "tasks_recurring_type_check" check("recurring_type" in ('daily', 'weekdays', 'weekly', 'monthly'));`);

    this.addSql(`alter table "clients" add column "aliases" text[] not null default '{}';`);

    this.addSql(
      `create table "estimate_habits" ("id" uuid not null, "user_id" uuid not null, "kind" varchar(500) not null, "estimated_time" varchar(50) not null, "updated_at" timestamptz not null default now(), constraint "estimate_habits_pkey" primary key ("id"));`,
    );
    this.addSql(`alter table "estimate_habits" add constraint "estimate_habits_user_kind_unique" unique ("user_id", "kind");`);
    this.addSql(
      `alter table "estimate_habits" add constraint "estimate_habits_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "estimate_habits" cascade;`);
    this.addSql(`alter table "clients" drop column if exists "aliases";`);
    // A weekdays series becomes a daily one: the closest repeat the older schema knows.
    this.addSql(`update "tasks" set "recurring_type" = 'daily' where "recurring_type" = 'weekdays';`);
    this.addSql(`alter table "tasks" drop constraint if exists "tasks_recurring_type_check";`);
    this.addSql(`alter table "tasks" add constraint "tasks_recurring_type_check" check("recurring_type" in ('daily', 'weekly', 'monthly'));`);
  }
}
