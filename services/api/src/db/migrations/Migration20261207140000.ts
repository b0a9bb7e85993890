import { Migration } from '@mikro-orm/migrations';

/**
 * A second factor (DECISIONS 47; docs/administration.md, "Two-step sign-in").
 *
 * - `totp_authenticators`: a user's authenticator app. The secret is sealed with the server's secrets key
 *   (AES-256-GCM, DECISIONS 48), since the server must compute codes from it again. One confirmed and one
 *   pending (set up, waiting for its first code) per user at most; confirming a new one replaces the old.
 *   `last_used_step` is the 30-second step of the last code accepted: a code is used once.
 * - `recovery_codes`: the SHA-256 of each single-use code (80 random bits each, shown once); used ones are deleted.
 * - `passkeys`: WebAuthn credentials: the credential id, its public key (nothing secret), the signature
 *   counter, the transports the browser named, the user's name for it.
 * An admin's requirement lives in `app_settings` (`second_factor_required`: off, admins or everyone).
 */
export class Migration20261207140000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "totp_authenticators" ("id" uuid not null default gen_random_uuid(), "user_id" uuid not null, "secret" text not null, "confirmed_at" timestamptz null, "last_used_step" bigint null, "created_at" timestamptz not null default now(), constraint "totp_authenticators_pkey" primary key ("id"), constraint "totp_authenticators_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade);`,
    );
    this.addSql(`create unique index "totp_authenticators_confirmed_unique" on "totp_authenticators" ("user_id") where "confirmed_at" is not null;`);
    this.addSql(`create unique index "totp_authenticators_pending_unique" on "totp_authenticators" ("user_id") where "confirmed_at" is null;`);

    this.addSql(
      `create table "recovery_codes" ("id" uuid not null default gen_random_uuid(), "user_id" uuid not null, "code_hash" bytea not null, "created_at" timestamptz not null default now(), constraint "recovery_codes_pkey" primary key ("id"), constraint "recovery_codes_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade);`,
    );
    this.addSql(`create unique index "recovery_codes_user_code_unique" on "recovery_codes" ("user_id", "code_hash");`);

    this.addSql(
      `create table "passkeys" ("id" uuid not null default gen_random_uuid(), "user_id" uuid not null, "credential_id" text not null, "public_key" bytea not null, "counter" bigint not null default 0, "transports" jsonb not null default '[]', "name" varchar(60) not null, "created_at" timestamptz not null default now(), "last_used_at" timestamptz null, constraint "passkeys_pkey" primary key ("id"), constraint "passkeys_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade);`,
    );
    this.addSql(`create unique index "passkeys_credential_id_unique" on "passkeys" ("credential_id");`);
    this.addSql(`create index "passkeys_user_idx" on "passkeys" ("user_id", "created_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "passkeys";`);
    this.addSql(`drop table if exists "recovery_codes";`);
    this.addSql(`drop table if exists "totp_authenticators";`);
  }
}
