import { Migration } from '@mikro-orm/migrations';

export class Migration20261121064028 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "app_settings" ("key" varchar(100) not null, "value" text not null, constraint "app_settings_pkey" primary key ("key"));`);

    this.addSql(`create table "users" ("id" uuid not null, "username" varchar(64) not null, "email" varchar(254) null, "password_hash" text not null, "first_name" varchar(100) null, "last_name" varchar(100) null, "profile_image_url" text null, "role" text check ("role" in ('user', 'admin')) not null default 'user', "timezone" varchar(100) not null default 'America/New_York', "enable_delegation" boolean not null default false, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "users_pkey" primary key ("id"));`);
    this.addSql(`create unique index "users_username_lower_unique" on "users" (lower("username"));`);
    this.addSql(`create unique index "users_email_lower_unique" on "users" (lower("email"));`);

    this.addSql(`create table "time_increments" ("id" uuid not null, "user_id" uuid not null, "label" varchar(50) not null, "value" varchar(20) not null, "created_at" timestamptz not null default now(), constraint "time_increments_pkey" primary key ("id"));`);
    this.addSql(`alter table "time_increments" add constraint "time_increments_user_value_unique" unique ("user_id", "value");`);

    this.addSql(`create table "sessions" ("sid" varchar(128) not null, "sess" jsonb not null, "expire" timestamptz not null, "user_id" uuid null, constraint "sessions_pkey" primary key ("sid"));`);
    this.addSql(`create index "sessions_expire_idx" on "sessions" ("expire");`);
    this.addSql(`create index "sessions_user_idx" on "sessions" ("user_id");`);

    this.addSql(`create table "delegation_contacts" ("id" uuid not null, "user_id" uuid not null, "name" varchar(200) not null, "sort_order" int not null default 0, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "delegation_contacts_pkey" primary key ("id"));`);
    this.addSql(`create index "delegation_contacts_user_order_idx" on "delegation_contacts" ("user_id", "sort_order");`);

    this.addSql(`create table "daily_plans" ("id" uuid not null, "user_id" uuid not null, "day" date not null, "priority_task_ids" uuid[] null, "reviewed_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "daily_plans_pkey" primary key ("id"));`);
    this.addSql(`alter table "daily_plans" add constraint "daily_plans_user_day_unique" unique ("user_id", "day");`);

    this.addSql(`create table "clients" ("id" uuid not null, "user_id" uuid not null, "name" varchar(200) not null, "color" varchar(7) not null default '#e5e7eb', "sort_order" int not null default 0, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "clients_pkey" primary key ("id"));`);
    this.addSql(`create index "clients_user_order_idx" on "clients" ("user_id", "sort_order", "name");`);

    this.addSql(`create table "tasks" ("id" uuid not null, "user_id" uuid not null, "client_id" uuid null, "title" varchar(500) not null, "description" text null, "priority" text check ("priority" in ('low', 'medium', 'high', 'urgent')) not null default 'medium', "status" text check ("status" in ('todo', 'in_progress', 'review', 'completed', 'backlog')) not null default 'todo', "due_date" date null, "due_time" varchar(5) null, "estimated_time" varchar(50) null, "is_completed" boolean not null default false, "is_backlog" boolean not null default false, "is_archived" boolean not null default false, "document_links" text[] not null default '{}', "is_recurring" boolean not null default false, "recurring_type" text check ("recurring_type" in ('daily', 'weekly', 'monthly')) null, "recurring_interval" int not null default 1, "last_recurrence_date" timestamptz null, "parent_task_id" uuid null, "delegated_to_id" uuid null, "is_delegated" boolean not null default false, "delegation_notes" text null, "sort_order" int not null default 0, "completed_at" timestamptz null, "archived_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "tasks_pkey" primary key ("id"));`);
    this.addSql(`create index "tasks_user_due_idx" on "tasks" ("user_id", "due_date") where not "is_archived";`);
    this.addSql(`create index "tasks_user_list_idx" on "tasks" ("user_id", "is_backlog", "sort_order") where not "is_archived";`);
    this.addSql(`create index "tasks_user_archived_idx" on "tasks" ("user_id", "archived_at" desc, "id" desc) where "is_archived";`);
    this.addSql(`create index "tasks_user_delegated_idx" on "tasks" ("user_id", "sort_order") where "is_delegated" and not "is_archived";`);
    this.addSql(`create index "tasks_client_idx" on "tasks" ("client_id");`);
    this.addSql(`create index "tasks_delegated_to_idx" on "tasks" ("delegated_to_id");`);
    this.addSql(`create index "tasks_parent_task_idx" on "tasks" ("parent_task_id");`);

    this.addSql(`create table "task_comments" ("id" uuid not null, "task_id" uuid not null, "content" text not null, "created_at" timestamptz not null default now(), constraint "task_comments_pkey" primary key ("id"));`);
    this.addSql(`create index "task_comments_task_idx" on "task_comments" ("task_id");`);

    this.addSql(`create table "note_lists" ("id" uuid not null, "user_id" uuid not null, "client_id" uuid null, "parent_page_id" uuid null, "title" varchar(500) not null, "sort_order" int not null default 0, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "note_lists_pkey" primary key ("id"));`);
    this.addSql(`create index "note_lists_parent_idx" on "note_lists" ("parent_page_id");`);
    this.addSql(`create index "note_lists_user_order_idx" on "note_lists" ("user_id", "sort_order");`);

    this.addSql(`create table "note_items" ("id" uuid not null, "user_id" uuid not null, "note_list_id" uuid not null, "client_id" uuid null, "content" text not null, "sort_order" int not null default 0, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "note_items_pkey" primary key ("id"));`);
    this.addSql(`create index "note_items_user_idx" on "note_items" ("user_id");`);
    this.addSql(`create index "note_items_list_order_idx" on "note_items" ("note_list_id", "sort_order");`);

    this.addSql(`alter table "time_increments" add constraint "time_increments_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "sessions" add constraint "sessions_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "delegation_contacts" add constraint "delegation_contacts_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "daily_plans" add constraint "daily_plans_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "clients" add constraint "clients_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "tasks" add constraint "tasks_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "tasks" add constraint "tasks_client_id_foreign" foreign key ("client_id") references "clients" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "tasks" add constraint "tasks_parent_task_id_foreign" foreign key ("parent_task_id") references "tasks" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "tasks" add constraint "tasks_delegated_to_id_foreign" foreign key ("delegated_to_id") references "delegation_contacts" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "task_comments" add constraint "task_comments_task_id_foreign" foreign key ("task_id") references "tasks" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "note_lists" add constraint "note_lists_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "note_lists" add constraint "note_lists_client_id_foreign" foreign key ("client_id") references "clients" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "note_lists" add constraint "note_lists_parent_page_id_foreign" foreign key ("parent_page_id") references "note_lists" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "note_items" add constraint "note_items_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "note_items" add constraint "note_items_note_list_id_foreign" foreign key ("note_list_id") references "note_lists" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "note_items" add constraint "note_items_client_id_foreign" foreign key ("client_id") references "clients" ("id") on update cascade on delete set null;`);
  }

}
