import { Migration } from '@mikro-orm/migrations';

/**
 * A comment remembers the app it was imported from (`imported_from`: todoist or ticktick; null for the
 * user's own), so the task dialog names its author ("Imported from Todoist").
 */
export class Migration20261208100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "task_comments" add column "imported_from" text null
         constraint "task_comments_imported_from_check" check ("imported_from" in ('todoist', 'ticktick'));`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "task_comments" drop column "imported_from";`);
  }
}
