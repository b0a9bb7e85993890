import { Migration } from '@mikro-orm/migrations';

/**
 * Sign-in with OpenID Connect (DECISIONS 30).
 *
 * - `users.password_hash` may be null: an account created by a single sign-on has no password (password
 *   login refuses it like a wrong password) until an admin sets one.
 * - `users.last_sign_in_at`: the last sign-in, with a password or through a provider.
 * - `user_identities`: the provider accounts (issuer and subject, unique together) that sign a user in.
 */
export class Migration20261127120000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "users" alter column "password_hash" drop not null;`);
    this.addSql(`alter table "users" add column "last_sign_in_at" timestamptz null;`);
    this.addSql(
      `create table "user_identities" ("id" uuid not null, "user_id" uuid not null, "issuer" text not null, "subject" text not null, "created_at" timestamptz not null default now(), constraint "user_identities_pkey" primary key ("id"), constraint "user_identities_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade);`,
    );
    this.addSql(`create index "user_identities_user_idx" on "user_identities" ("user_id");`);
    this.addSql(`alter table "user_identities" add constraint "user_identities_issuer_subject_unique" unique ("issuer", "subject");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "user_identities";`);
    this.addSql(`alter table "users" drop column if exists "last_sign_in_at";`);
    // Accounts without a password cannot be kept by the older schema.
    this.addSql(`delete from "users" where "password_hash" is null;`);
    this.addSql(`alter table "users" alter column "password_hash" set not null;`);
  }
}
