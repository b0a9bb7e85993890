import { Migration } from '@mikro-orm/migrations';

/**
 * Ended links stay ended, and the calendar feed's secret is kept hashed (issue 36, DECISIONS 33 and 48).
 *
 * - `task_shares.ended_at` and `end_reason` record when and why a link stopped: `revoked` (the owner turned
 *   it off), `undelegated`, `reassigned` (delegated to another contact) or `archived`, written in the same
 *   transaction as that change. A link whose end is recorded never works again, whatever happens to its task
 *   afterwards (delegated again, unarchived). They replace `revoked_at`. Links that had already stopped
 *   working because of their task's state are ended here with the reason that state gives.
 * - `calendar_feeds.secret_hash` replaces `secret`: the SHA-256 of the secret, like API tokens and share
 *   tokens (the secret is 192 random bits, so a plain hash is the right one). Existing feeds keep working:
 *   their secrets are hashed here. The settings can show the address only when it is made.
 */
export class Migration20261207130000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "task_shares" add column "ended_at" timestamptz null, add column "end_reason" text null,
         add constraint "task_shares_end_reason_check" check ("end_reason" in ('revoked', 'undelegated', 'reassigned', 'archived')),
         add constraint "task_shares_ended_with_reason" check (("ended_at" is null) = ("end_reason" is null));`,
    );
    this.addSql(`update "task_shares" set "ended_at" = "revoked_at", "end_reason" = 'revoked' where "revoked_at" is not null;`);
    this.addSql(
      `update "task_shares" s set "ended_at" = now(), "end_reason" = case when t.is_archived then 'archived' when not t.is_delegated then 'undelegated' else 'reassigned' end
         from "tasks" t
        where t.id = s.task_id and s.ended_at is null
          and (t.is_archived or not t.is_delegated or t.delegated_to_id is distinct from s.contact_id);`,
    );
    this.addSql(`alter table "task_shares" drop column "revoked_at";`);

    this.addSql(`alter table "calendar_feeds" add column "secret_hash" bytea null;`);
    this.addSql(`update "calendar_feeds" set "secret_hash" = sha256(convert_to("secret", 'UTF8'));`);
    this.addSql(`alter table "calendar_feeds" alter column "secret_hash" set not null;`);
    this.addSql(`create unique index "calendar_feeds_secret_hash_unique" on "calendar_feeds" ("secret_hash");`);
    this.addSql(`drop index "calendar_feeds_secret_unique";`);
    this.addSql(`alter table "calendar_feeds" drop column "secret";`);
  }

  override async down(): Promise<void> {
    // A hash cannot be turned back into an address: the feeds are turned off (each user turns theirs on again).
    this.addSql(`delete from "calendar_feeds";`);
    this.addSql(`alter table "calendar_feeds" add column "secret" text not null;`);
    this.addSql(`create unique index "calendar_feeds_secret_unique" on "calendar_feeds" ("secret");`);
    this.addSql(`drop index "calendar_feeds_secret_hash_unique";`);
    this.addSql(`alter table "calendar_feeds" drop column "secret_hash";`);

    this.addSql(`alter table "task_shares" add column "revoked_at" timestamptz null;`);
    this.addSql(`update "task_shares" set "revoked_at" = "ended_at" where "ended_at" is not null;`);
    this.addSql(`alter table "task_shares" drop constraint "task_shares_ended_with_reason", drop constraint "task_shares_end_reason_check";`);
    this.addSql(`alter table "task_shares" drop column "ended_at", drop column "end_reason";`);
  }
}
