import { Migration } from '@mikro-orm/migrations';

/**
 * Working hours (DECISIONS 34): `users.working_minutes`, the minutes a user works on each weekday, a JSON
 * array of 7 numbers from Sunday to Saturday. Every account starts with Monday to Friday 8 h.
 */
export class Migration20261201130000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "users" add column "working_minutes" jsonb not null default '[0, 480, 480, 480, 480, 480, 0]'
         constraint "users_working_minutes_week" check (jsonb_typeof("working_minutes") = 'array' and jsonb_array_length("working_minutes") = 7);`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "users" drop column if exists "working_minutes";`);
  }
}
