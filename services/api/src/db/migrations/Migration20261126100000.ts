import { Migration } from '@mikro-orm/migrations';

/**
 * Reminders and notification channels (DECISIONS 29).
 *
 * - `tasks.reminders`: the reminders the user set on the task (shared `ReminderSpec`s), copied to its next
 *   occurrences. Every existing task starts without any.
 * - `notification_settings`: one row per user who changed them (default reminders, digest hour).
 * - `notification_channels`: where a user's notifications go. `config` holds what sending needs, secrets
 *   included, and is never answered; `target` is what the settings show. A push channel's `endpoint` is
 *   unique: a browser delivers to the one user who subscribed it last.
 * - `reminders`: one scheduled reminder per task reminder, snooze or digest, with its state. The worker
 *   claims a row whose `next_attempt_at` has come (a claim moves it a lease ahead, so a worker that dies
 *   gives it back), and `queued_at` says when the api last handed it to the job transport.
 *   `reminder_deliveries` records each channel a reminder reached, so a retry never sends twice.
 */
export class Migration20261126100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "tasks" add column "reminders" jsonb not null default '[]';`);

    this.addSql(
      `create table "notification_settings" ("user_id" uuid not null, "timed_default" jsonb null, "date_only_default" jsonb null, "digest_hour" smallint null check ("digest_hour" between 0 and 23), "digest_skip_empty" boolean not null default true, "updated_at" timestamptz not null default now(), constraint "notification_settings_pkey" primary key ("user_id"), constraint "notification_settings_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade);`,
    );

    this.addSql(
      `create table "notification_channels" ("id" uuid not null default gen_random_uuid(), "user_id" uuid not null, "kind" text check ("kind" in ('push', 'ntfy', 'email', 'webhook')) not null, "name" varchar(100) not null, "target" text not null, "config" jsonb not null, "endpoint" text null, "reminders" boolean not null default true, "digest" boolean not null default true, "paused" boolean not null default false, "failures" int not null default 0, "last_error" text null, "last_error_at" timestamptz null, "last_success_at" timestamptz null, "created_at" timestamptz not null default now(), constraint "notification_channels_pkey" primary key ("id"), constraint "notification_channels_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade);`,
    );
    this.addSql(`create index "notification_channels_user_idx" on "notification_channels" ("user_id", "created_at");`);
    this.addSql(`create unique index "notification_channels_endpoint_unique" on "notification_channels" ("endpoint") where "endpoint" is not null;`);

    this.addSql(
      `create table "reminders" ("id" uuid not null default gen_random_uuid(), "user_id" uuid not null, "task_id" uuid null, "source" text check ("source" in ('task', 'snooze', 'digest')) not null, "spec_key" text null, "spec" jsonb null, "fire_at" timestamptz null, "state" text check ("state" in ('pending', 'sending', 'sent', 'failed', 'cancelled')) not null default 'pending', "next_attempt_at" timestamptz null, "queued_at" timestamptz null, "attempts" int not null default 0, "claim_token" uuid null, "late" boolean not null default false, "sent_at" timestamptz null, "last_error" text null, "created_at" timestamptz not null default now(), constraint "reminders_pkey" primary key ("id"), constraint "reminders_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade, constraint "reminders_task_id_foreign" foreign key ("task_id") references "tasks" ("id") on update cascade on delete cascade);`,
    );
    this.addSql(`create unique index "reminders_task_spec_unique" on "reminders" ("task_id", "spec_key") where "source" = 'task';`);
    this.addSql(`create index "reminders_task_idx" on "reminders" ("task_id");`);
    this.addSql(`create unique index "reminders_live_digest_unique" on "reminders" ("user_id") where "source" = 'digest' and "state" in ('pending', 'sending');`);
    // The sweep's range scan: live reminders by when they are next looked at.
    this.addSql(`create index "reminders_due_idx" on "reminders" ("next_attempt_at") where "state" in ('pending', 'sending');`);

    this.addSql(
      `create table "reminder_deliveries" ("reminder_id" uuid not null, "channel_id" uuid not null, "delivered_at" timestamptz not null default now(), constraint "reminder_deliveries_pkey" primary key ("reminder_id", "channel_id"), constraint "reminder_deliveries_reminder_id_foreign" foreign key ("reminder_id") references "reminders" ("id") on delete cascade, constraint "reminder_deliveries_channel_id_foreign" foreign key ("channel_id") references "notification_channels" ("id") on delete cascade);`,
    );
    this.addSql(`create index "reminder_deliveries_channel_idx" on "reminder_deliveries" ("channel_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "reminder_deliveries" cascade;`);
    this.addSql(`drop table if exists "reminders" cascade;`);
    this.addSql(`drop table if exists "notification_channels" cascade;`);
    this.addSql(`drop table if exists "notification_settings" cascade;`);
    this.addSql(`alter table "tasks" drop column if exists "reminders";`);
  }
}
