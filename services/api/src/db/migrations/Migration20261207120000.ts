import { Migration } from '@mikro-orm/migrations';

/**
 * Verified email addresses, so that single sign-on never links a provider account to an address nobody
 * proved (issue 36; docs/administration.md, "Single sign-on and email addresses").
 *
 * - `users.email_verified_at`: when the address became known to be the user's (an admin set it, the user
 *   followed a confirmation mail, or a sign-in provider verified it); null while unverified.
 *   Existing addresses: those of accounts with a single sign-on identity count as verified (such an
 *   account got its address from the provider's verified claim, or was linked because the provider
 *   verified that same address); all others count as unverified, since nothing records whether the person
 *   or an admin typed them.
 * - `email_confirmations`: the one pending confirmation mail of a user, for the address it was sent to:
 *   the SHA-256 of its token (the token is 192 random bits, shown only in the mail), expiring, deleted
 *   when used.
 * - `api_tokens.last_used_at` is kept to the minute (docs/api.md): existing values are rounded down.
 */
export class Migration20261207120000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "users" add column "email_verified_at" timestamptz null;`);
    this.addSql(
      `update "users" u set "email_verified_at" = now()
        where u."email" is not null and exists (select 1 from "user_identities" i where i."user_id" = u."id");`,
    );
    this.addSql(
      `create table "email_confirmations" ("user_id" uuid not null, "email" varchar(254) not null, "token_hash" bytea not null, "expires_at" timestamptz not null, "created_at" timestamptz not null default now(), constraint "email_confirmations_pkey" primary key ("user_id"), constraint "email_confirmations_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade);`,
    );
    this.addSql(`create unique index "email_confirmations_token_hash_unique" on "email_confirmations" ("token_hash");`);
    this.addSql(`update "api_tokens" set "last_used_at" = date_trunc('minute', "last_used_at") where "last_used_at" is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "email_confirmations";`);
    this.addSql(`alter table "users" drop column if exists "email_verified_at";`);
  }
}
