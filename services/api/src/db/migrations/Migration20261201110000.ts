import { Migration } from '@mikro-orm/migrations';

/**
 * Billing (DECISIONS 31), after time tracking's `time_entries` (Migration20261201100000).
 *
 * - `clients.hourly_rate_minor`: the client's hourly rate in minor units (cents); null: the user's default.
 * - `billing_settings`: per user, the currency (ISO 4217) of every amount and the default hourly rate.
 * - `billing_periods`: what "mark as billed" recorded: a client, its dates (calendar dates in the user's
 *   timezone, both included) and a snapshot of what was billed (entries, seconds, hours, rate, amount,
 *   currency), so a later rate change leaves it alone.
 * - `time_entries.billing_period_id` → `billing_periods`: a billed entry names its period; undoing the
 *   period (deleting it) makes its entries unbilled again.
 * - `time_entries_unbilled_idx`: the unbilled totals of the clients list read only unbilled entries.
 */
export class Migration20261201110000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "clients" add column "hourly_rate_minor" integer null;`);
    this.addSql(`alter table "clients" add constraint "clients_hourly_rate_minor_check" check ("hourly_rate_minor" between 0 and 100000000);`);

    this.addSql(
      `create table "billing_settings" ("user_id" uuid not null, "currency" varchar(3) not null default 'USD', "default_hourly_rate_minor" integer not null default 0, "updated_at" timestamptz not null default now(), constraint "billing_settings_pkey" primary key ("user_id"), constraint "billing_settings_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade, constraint "billing_settings_rate_check" check ("default_hourly_rate_minor" between 0 and 100000000));`,
    );

    this.addSql(
      `create table "billing_periods" ("id" uuid not null, "user_id" uuid not null, "client_id" uuid not null, "from_date" date not null, "to_date" date not null, "billed_at" timestamptz not null default now(), "entry_count" integer not null, "seconds" bigint not null, "hours_hundredths" bigint not null, "rate_minor" integer not null, "amount_minor" bigint not null, "currency" varchar(3) not null, constraint "billing_periods_pkey" primary key ("id"), constraint "billing_periods_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade, constraint "billing_periods_client_id_foreign" foreign key ("client_id") references "clients" ("id") on update cascade on delete cascade, constraint "billing_periods_dates_check" check ("from_date" <= "to_date"));`,
    );
    this.addSql(`create index "billing_periods_user_billed_idx" on "billing_periods" ("user_id", "billed_at" desc, "id" desc);`);
    this.addSql(`create index "billing_periods_client_billed_idx" on "billing_periods" ("client_id", "billed_at" desc, "id" desc);`);

    this.addSql(
      `alter table "time_entries" add constraint "time_entries_billing_period_id_foreign" foreign key ("billing_period_id") references "billing_periods" ("id") on update cascade on delete set null;`,
    );
    this.addSql(`create index "time_entries_billing_period_idx" on "time_entries" ("billing_period_id") where "billing_period_id" is not null;`);
    this.addSql(
      `create index "time_entries_unbilled_idx" on "time_entries" ("user_id", "client_id") where "billable" and "billing_period_id" is null and "ended_at" is not null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "time_entries_unbilled_idx";`);
    this.addSql(`drop index if exists "time_entries_billing_period_idx";`);
    this.addSql(`alter table "time_entries" drop constraint if exists "time_entries_billing_period_id_foreign";`);
    this.addSql(`update "time_entries" set "billing_period_id" = null;`);
    this.addSql(`drop table if exists "billing_periods";`);
    this.addSql(`drop table if exists "billing_settings";`);
    this.addSql(`alter table "clients" drop constraint if exists "clients_hourly_rate_minor_check";`);
    this.addSql(`alter table "clients" drop column if exists "hourly_rate_minor";`);
  }
}
