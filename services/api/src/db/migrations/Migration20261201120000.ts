import { Migration } from '@mikro-orm/migrations';

/**
 * Delegation that closes the loop (DECISIONS 33).
 *
 * - `task_shares`: the private links to a delegated task, one contact each. Only the token's SHA-256 is kept
 *   (`token_hash`, unique: the lookup); `hint` is its last characters. A link works until `expires_at`, or
 *   until it is revoked (`revoked_at`; the row stays, so what the contact sent stays on the task).
 * - `task_share_responses`: what a contact sent through a link: `done`, a `proposal` (a date, maybe a time,
 *   maybe a message) or a `comment`. `accepted_at`: the owner made the proposed date the task's due date.
 * - `reminders` gains the source `share`: a notice to the owner that a response came, due at once and
 *   delivered once by the reminder pipeline (DECISIONS 29); `share_response_id` names the response.
 */
export class Migration20261201120000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "task_shares" ("id" uuid not null default gen_random_uuid(), "user_id" uuid not null, "task_id" uuid not null, "contact_id" uuid not null, "token_hash" bytea not null, "hint" text not null, "expires_at" timestamptz not null, "revoked_at" timestamptz null, "last_opened_at" timestamptz null, "created_at" timestamptz not null default now(), constraint "task_shares_pkey" primary key ("id"), constraint "task_shares_token_hash_unique" unique ("token_hash"), constraint "task_shares_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade, constraint "task_shares_task_id_foreign" foreign key ("task_id") references "tasks" ("id") on update cascade on delete cascade, constraint "task_shares_contact_id_foreign" foreign key ("contact_id") references "delegation_contacts" ("id") on update cascade on delete cascade);`,
    );
    this.addSql(`create index "task_shares_task_idx" on "task_shares" ("task_id");`);
    this.addSql(`create index "task_shares_user_idx" on "task_shares" ("user_id");`);
    this.addSql(`create index "task_shares_contact_idx" on "task_shares" ("contact_id");`);

    this.addSql(
      `create table "task_share_responses" ("id" uuid not null default gen_random_uuid(), "share_id" uuid not null, "task_id" uuid not null, "user_id" uuid not null, "kind" text check ("kind" in ('done', 'proposal', 'comment')) not null, "proposed_date" date null, "proposed_time" varchar(5) null, "text" text null, "accepted_at" timestamptz null, "created_at" timestamptz not null default now(), constraint "task_share_responses_pkey" primary key ("id"), constraint "task_share_responses_proposal_has_date" check ("kind" <> 'proposal' or "proposed_date" is not null), constraint "task_share_responses_share_id_foreign" foreign key ("share_id") references "task_shares" ("id") on update cascade on delete cascade, constraint "task_share_responses_task_id_foreign" foreign key ("task_id") references "tasks" ("id") on update cascade on delete cascade, constraint "task_share_responses_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade);`,
    );
    this.addSql(`create index "task_share_responses_task_idx" on "task_share_responses" ("task_id", "created_at" desc);`);
    this.addSql(`create index "task_share_responses_share_idx" on "task_share_responses" ("share_id");`);
    this.addSql(`create index "task_share_responses_user_idx" on "task_share_responses" ("user_id");`);

    this.addSql(`alter table "reminders" drop constraint "reminders_source_check";`);
    this.addSql(`alter table "reminders" add constraint "reminders_source_check" check ("source" in ('task', 'snooze', 'digest', 'share'));`);
    this.addSql(
      `alter table "reminders" add column "share_response_id" uuid null, add constraint "reminders_share_response_id_foreign" foreign key ("share_response_id") references "task_share_responses" ("id") on delete cascade;`,
    );
    this.addSql(`create index "reminders_share_response_idx" on "reminders" ("share_response_id") where "share_response_id" is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "reminders" where "source" = 'share';`);
    this.addSql(`alter table "reminders" drop column if exists "share_response_id";`);
    this.addSql(`alter table "reminders" drop constraint "reminders_source_check";`);
    this.addSql(`alter table "reminders" add constraint "reminders_source_check" check ("source" in ('task', 'snooze', 'digest'));`);
    this.addSql(`drop table if exists "task_share_responses";`);
    this.addSql(`drop table if exists "task_shares";`);
  }
}
