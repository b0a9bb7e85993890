import { Migration } from '@mikro-orm/migrations';

/**
 * Where a user is signed in, and what happened (DECISIONS 48).
 *
 * - `sessions` gains what the sessions list shows, filled by the session store (http/session-store.ts):
 *   `public_id` (the id the browser may see: never the cookie's value), `created_at` (the sign-in),
 *   `last_seen_at` (written at most once a minute), the `user_agent` and the client `ip` of the last use.
 *   Sessions that exist already get the migration's time and no device.
 * - `audit_events`: the log. `user_id` is the account an event concerns (null for a sign-in with an
 *   unknown username; set to null when the account is deleted, so an admin still sees its history until
 *   it ages out); `username` keeps that account's name (or the name tried), `actor_*` who did it when that
 *   was someone else (an admin). An event that may repeat quickly is kept once per period under its
 *   `bound_key` and counted (`count`, `last_at`): a flood of failed sign-ins adds a row per minute and
 *   address, not per attempt. Read newest first per user (`audit_events_user_idx`) or across users
 *   (`audit_events_created_idx`, `audit_events_type_idx`); pruned by age and per-user count
 *   (modules/audit/audit.repository.ts).
 */
export class Migration20261207150000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "sessions" add column "public_id" uuid not null default gen_random_uuid(),
         add column "created_at" timestamptz not null default now(),
         add column "last_seen_at" timestamptz not null default now(),
         add column "user_agent" varchar(512) null,
         add column "ip" varchar(64) null;`,
    );
    this.addSql(`create unique index "sessions_public_id_unique" on "sessions" ("public_id");`);

    this.addSql(
      `create table "audit_events" ("id" uuid not null default gen_random_uuid(), "type" varchar(40) not null,
         "user_id" uuid null, "username" varchar(64) null, "actor_id" uuid null, "actor_username" varchar(64) null,
         "ip" varchar(64) null, "user_agent" varchar(512) null, "details" jsonb not null default '{}',
         "count" int not null default 1, "bound_key" varchar(200) null,
         "created_at" timestamptz not null default now(), "last_at" timestamptz not null default now(),
         constraint "audit_events_pkey" primary key ("id"),
         constraint "audit_events_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete set null,
         constraint "audit_events_actor_id_foreign" foreign key ("actor_id") references "users" ("id") on update cascade on delete set null);`,
    );
    this.addSql(`create index "audit_events_user_idx" on "audit_events" ("user_id", "created_at" desc, "id" desc);`);
    this.addSql(`create index "audit_events_created_idx" on "audit_events" ("created_at" desc, "id" desc);`);
    this.addSql(`create index "audit_events_type_idx" on "audit_events" ("type", "created_at" desc, "id" desc);`);
    this.addSql(`create index "audit_events_actor_idx" on "audit_events" ("actor_id");`);
    this.addSql(`create unique index "audit_events_bound_key_unique" on "audit_events" ("bound_key") where "bound_key" is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "audit_events";`);
    this.addSql(`drop index if exists "sessions_public_id_unique";`);
    this.addSql(
      `alter table "sessions" drop column "public_id", drop column "created_at", drop column "last_seen_at", drop column "user_agent", drop column "ip";`,
    );
  }
}
