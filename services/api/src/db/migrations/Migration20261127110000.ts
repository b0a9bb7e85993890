import { Migration } from '@mikro-orm/migrations';

/**
 * Imports (DECISIONS 30).
 *
 * - `imports`: one row per import job, the truth about it: its state, how many items are done (`processed`,
 *   of `total`), what was created and skipped, and the problems found. The api process that runs it moves
 *   `heartbeat_at` after each batch; an import whose heartbeat stopped (the api restarted) is taken up again
 *   from `processed` by the next api process that starts or is asked about it. A user runs one import at a time.
 * - `import_plan_items`: the items an import writes, in order, parsed and checked when the file was uploaded;
 *   removed when the import ends.
 * - `imported_items`: each source item an import wrote, by a key that is the item's stable identity in its
 *   source (a TickTick taskId, a Daybook id, a hash of a Todoist row's place and text), with the id of what
 *   it became: importing the same file twice creates nothing twice, and later items find the client or
 *   task an earlier one became.
 */
export class Migration20261127110000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "imports" ("id" uuid not null default gen_random_uuid(), "user_id" uuid not null, "source" text check ("source" in ('todoist', 'ticktick', 'daybook')) not null, "state" text check ("state" in ('queued', 'running', 'done', 'failed')) not null default 'queued', "total" int not null, "processed" int not null default 0, "created" jsonb not null default '{}', "skipped" int not null default 0, "problems" jsonb not null default '[]', "more_problems" int not null default 0, "error" text null, "heartbeat_at" timestamptz null, "created_at" timestamptz not null default now(), "finished_at" timestamptz null, constraint "imports_pkey" primary key ("id"), constraint "imports_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade);`,
    );
    this.addSql(`create index "imports_user_idx" on "imports" ("user_id", "created_at" desc);`);
    this.addSql(`create unique index "imports_one_live_per_user" on "imports" ("user_id") where "state" in ('queued', 'running');`);
    this.addSql(`create index "imports_live_idx" on "imports" ("heartbeat_at") where "state" in ('queued', 'running');`);
    this.addSql(
      `create table "import_plan_items" ("import_id" uuid not null, "position" int not null, "item" jsonb not null, constraint "import_plan_items_pkey" primary key ("import_id", "position"), constraint "import_plan_items_import_id_foreign" foreign key ("import_id") references "imports" ("id") on delete cascade);`,
    );

    this.addSql(
      `create table "imported_items" ("user_id" uuid not null, "key" text not null, "target_id" uuid null, "import_id" uuid null, "created_at" timestamptz not null default now(), constraint "imported_items_pkey" primary key ("user_id", "key"), constraint "imported_items_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade, constraint "imported_items_import_id_foreign" foreign key ("import_id") references "imports" ("id") on delete set null);`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "imported_items" cascade;`);
    this.addSql(`drop table if exists "import_plan_items" cascade;`);
    this.addSql(`drop table if exists "imports" cascade;`);
  }
}
