import { Migration } from '@mikro-orm/migrations';

/**
 * Personal API tokens and the private calendar feed (DECISIONS 30).
 *
 * - `api_tokens`: a token's SHA-256 (the token itself is 192 random bits, shown once), so a leaked
 *   database does not hand out working tokens; `hint` is what the settings show to tell tokens apart.
 *   Revoking deletes the row.
 * - `calendar_feeds`: a user's feed secret, looked up on every poll; rotating replaces it, turning the
 *   feed off deletes the row. It is kept as is (the settings show the address again).
 */
export class Migration20261127100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "api_tokens" ("id" uuid not null default gen_random_uuid(), "user_id" uuid not null, "name" varchar(100) not null, "scope" text check ("scope" in ('read', 'read-write')) not null, "token_hash" bytea not null, "hint" text not null, "created_at" timestamptz not null default now(), "last_used_at" timestamptz null, "expires_at" timestamptz null, constraint "api_tokens_pkey" primary key ("id"), constraint "api_tokens_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade);`,
    );
    this.addSql(`create unique index "api_tokens_token_hash_unique" on "api_tokens" ("token_hash");`);
    this.addSql(`create index "api_tokens_user_idx" on "api_tokens" ("user_id", "created_at");`);

    this.addSql(
      `create table "calendar_feeds" ("user_id" uuid not null, "secret" text not null, "created_at" timestamptz not null default now(), constraint "calendar_feeds_pkey" primary key ("user_id"), constraint "calendar_feeds_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade);`,
    );
    this.addSql(`create unique index "calendar_feeds_secret_unique" on "calendar_feeds" ("secret");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "calendar_feeds";`);
    this.addSql(`drop table if exists "api_tokens";`);
  }
}
