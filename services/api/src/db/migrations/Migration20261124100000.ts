import { Migration } from '@mikro-orm/migrations';
import { usernameSkeleton } from '../../modules/users/username';

const USERNAME_MAX = 64;

/**
 * Names are what they look like (DECISIONS 24, issue 11 finding 8).
 *
 * - `users.username_skeleton` holds the TR39 skeleton of the username (computed by the api, see
 *   modules/users/username.ts) under a unique index, so a look-alike of a taken name cannot be created.
 *   Existing usernames are NFKC-normalised as new ones are (the login form's text is normalised too, so
 *   they sign in as before), unless that meets another name. An existing look-alike of an older account
 *   keeps a null skeleton: it is left as it is, and the older account's skeleton still bars new look-alikes.
 * - `clients` names are unique per user ignoring case. Existing duplicates are made distinct first: the
 *   oldest keeps its name, the others get ' (2)', ' (3)', ... in order of creation.
 */
export class Migration20261124100000 extends Migration {
  override async up(): Promise<void> {
    await this.execute(`alter table "users" add column "username_skeleton" text null;`);
    const users = await this.execute(`select "id", "username" from "users" order by "created_at", "id";`);
    const skeletons = new Set<string>();
    for (const user of users) {
      let username = String(user.username);
      const normalized = username.normalize('NFKC').trim();
      if (normalized !== username && normalized.length <= USERNAME_MAX) {
        const [renamed] = await this.execute(
          `update "users" set "username" = ? where "id" = ?
              and not exists (select 1 from "users" o where o."id" <> ? and lower(o."username") = lower(?)) returning "username";`,
          [normalized, user.id, user.id, normalized],
        );
        if (renamed) username = normalized;
      }
      const skeleton = usernameSkeleton(username);
      if (skeletons.has(skeleton)) continue;
      skeletons.add(skeleton);
      await this.execute(`update "users" set "username_skeleton" = ? where "id" = ?;`, [skeleton, user.id]);
    }
    await this.execute(`create unique index "users_username_skeleton_unique" on "users" ("username_skeleton");`);

    // Each pass renames all but the oldest of every group of equal names; a new name can meet an older
    // 'Acme (2)', which the next pass resolves.
    for (;;) {
      const renamed = await this.execute(
        `update "clients" c set "name" = c."name" || ' (' || d."rank" || ')', "updated_at" = now()
           from (select "id", row_number() over (partition by "user_id", lower("name") order by "created_at", "id") as "rank" from "clients") d
          where d."id" = c."id" and d."rank" > 1
          returning c."id";`,
      );
      if (renamed.length === 0) break;
    }
    await this.execute(`create unique index "clients_user_name_lower_unique" on "clients" ("user_id", lower("name"));`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "clients_user_name_lower_unique";`);
    this.addSql(`drop index if exists "users_username_skeleton_unique";`);
    this.addSql(`alter table "users" drop column if exists "username_skeleton";`);
  }
}
