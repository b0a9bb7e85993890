import type { EntityManager } from '@mikro-orm/postgresql';
import { CLIENT_COLOR_PALETTE, DEFAULT_TIME_INCREMENTS, TIMEZONES, addDays, todayIn } from '@daybook/shared';
import { jsonParam } from '../db/sql';
import { hashPassword } from '../modules/auth/passwords';
import { usernameSkeleton } from '../modules/users/username';

export interface SeedOptions {
  users: number;
  /** Tasks of each ordinary user. */
  tasks: number;
  /** Tasks of the first user, the "big" one the benchmark signs in as. */
  bigUserTasks: number;
  notePages: number;
  password: string;
  /** Deterministic data: the same options give the same rows. */
  randomSeed: number;
  now: Date;
}

export const DEFAULT_SEED_OPTIONS: SeedOptions = {
  users: 50,
  tasks: 1000,
  bigUserTasks: 10_000,
  notePages: 12,
  password: 'daybook-seed-password',
  randomSeed: 42,
  now: new Date(),
};

export interface SeedSummary {
  users: number;
  tasks: number;
  clients: number;
  notePages: number;
  noteItems: number;
  usernames: string[];
}

/** A small deterministic PRNG (mulberry32), so seeded databases are reproducible. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}

const CLIENT_NAMES = ['Acme Corp', 'Globex', 'Initech', 'Umbrella Health', 'Stark Industries', 'Wayne Foundation', 'Hooli', 'Vandelay Imports', 'Müller GmbH', 'Riverside Dental', 'Blue Harbor Legal', 'Oakwood School'];
const VERBS = ['Call', 'Email', 'Review', 'Draft', 'Send', 'Prepare', 'Follow up with', 'Schedule', 'Invoice', 'Update', 'Plan', 'Fix'];
const OBJECTS = ['the quarterly report', 'contract renewal', 'tax documents', 'meeting notes', 'project proposal', 'budget sheet', 'onboarding checklist', 'website copy', 'insurance claim', 'supplier quote', 'team offsite', 'slides for Monday'];
const PRIORITIES = ['low', 'medium', 'medium', 'medium', 'high', 'high', 'urgent'] as const;
const ESTIMATES = [null, '15min', '30min', '45min', '1h', '2h', '4h', '1d', '1.5h'];
const CONTACTS = ['Sam Rivera', 'Priya Patel', 'Jonas Becker', 'Mei Chen'];

/** A page of markdown a few kilobytes long, the kind notes hold: headings, lists, links, code. */
function markdown(rng: ReturnType<typeof random>, topic: string): string {
  const parts = [`# ${topic}`, '', `Notes about **${topic.toLowerCase()}** from the last meetings.`, ''];
  for (let s = 0; s < rng.int(2, 5); s += 1) {
    parts.push(`## ${rng.pick(VERBS)} ${rng.pick(OBJECTS)}`, '');
    for (let i = 0; i < rng.int(3, 8); i += 1) parts.push(`- ${rng.pick(VERBS)} ${rng.pick(OBJECTS)} before the ${rng.int(1, 28)}th`);
    parts.push('', `See [the shared folder](https://files.example.com/${rng.int(1000, 9999)}) and \`ref-${rng.int(100, 999)}\`.`, '');
    parts.push('Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. '.repeat(rng.int(1, 4)), '');
  }
  return parts.join('\n');
}

/**
 * The share of a user's tasks that are live (not archived): about 250 plus 1.5% of their history, so
 * 265 of 1,000 and 400 of 10,000, as for someone who archives what is done. The dashboard reads only
 * live tasks, so this, not the history, sets their size.
 */
function liveTaskShare(taskCount: number): number {
  return Math.min(1, (250 + taskCount * 0.015) / Math.max(1, taskCount));
}

/** Inserts rows given as objects in batches, through one JSON parameter per batch. */
async function insertRows(em: EntityManager, table: string, columns: string, recordType: string, rows: object[]) {
  for (let i = 0; i < rows.length; i += 2000) {
    await em.execute(
      `insert into ${table} (${columns}) select ${columns} from jsonb_to_recordset(?::jsonb) as r(${recordType})`,
      [jsonParam(rows.slice(i, i + 2000))],
    );
  }
}

/**
 * Fills a database with realistic data: users (the first one big) with clients, time increments,
 * delegation contacts, tasks in every state and across dates (recurring, delegated, archived, backlog),
 * and note pages with sub-pages and long markdown. All users share `options.password`.
 */
export async function seed(em: EntityManager, partial: Partial<SeedOptions> = {}): Promise<SeedSummary> {
  const options = { ...DEFAULT_SEED_OPTIONS, ...partial };
  const rng = random(options.randomSeed);
  const passwordHash = await hashPassword(options.password);
  const summary: SeedSummary = { users: 0, tasks: 0, clients: 0, notePages: 0, noteItems: 0, usernames: [] };
  const uuid = () => crypto.randomUUID();

  for (let u = 0; u < options.users; u += 1) {
    const userId = uuid();
    const username = `seed-user-${u + 1}`;
    const timezone = u === 0 ? 'America/New_York' : rng.pick(TIMEZONES);
    await em.execute(
      `insert into users (id, username, username_skeleton, email, password_hash, first_name, last_name, role, timezone, enable_delegation)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [userId, username, usernameSkeleton(username), `${username}@example.com`, passwordHash, 'Seed', `User ${u + 1}`, u === 0 ? 'admin' : 'user', timezone, u % 3 === 0],
    );
    summary.users += 1;
    summary.usernames.push(username);

    const clients = CLIENT_NAMES.slice(0, rng.int(4, 10)).map((name, i) => ({
      id: uuid(), user_id: userId, name, color: CLIENT_COLOR_PALETTE[i % CLIENT_COLOR_PALETTE.length], sort_order: i,
    }));
    await insertRows(em, 'clients', 'id, user_id, name, color, sort_order', 'id uuid, user_id uuid, name text, color text, sort_order int', clients);
    summary.clients += clients.length;
    await insertRows(
      em, 'time_increments', 'id, user_id, label, value', 'id uuid, user_id uuid, label text, value text',
      DEFAULT_TIME_INCREMENTS.map((i) => ({ id: uuid(), user_id: userId, label: i.label, value: i.value })),
    );
    const contacts = CONTACTS.map((name, i) => ({ id: uuid(), user_id: userId, name, sort_order: i }));
    await insertRows(em, 'delegation_contacts', 'id, user_id, name, sort_order', 'id uuid, user_id uuid, name text, sort_order int', contacts);

    const today = todayIn(options.now, timezone);
    const taskCount = u === 0 ? options.bigUserTasks : options.tasks;
    const tasks = [];
    const liveShare = liveTaskShare(taskCount);
    for (let i = 0; i < taskCount; i += 1) {
      // History grows, the live list does not: finished work gets archived (see liveTaskShare). Of the
      // live tasks a fifth wait in the backlog, some are done (recently) and the open ones are mostly due
      // ahead, a few overdue.
      const state = rng.next();
      const isArchived = state >= liveShare;
      const live = state / liveShare;
      const isBacklog = !isArchived && live < 0.2;
      const isCompleted = isArchived ? rng.chance(0.9) : !isBacklog && live < 0.35;
      const dated = rng.chance(isBacklog ? 0.2 : 0.8);
      const dueOffset = isArchived ? rng.int(-700, -1) : isCompleted ? rng.int(-6, 0) : rng.chance(0.08) ? rng.int(-14, -1) : rng.int(0, 30);
      const dueDate = dated ? addDays(today, dueOffset) : null;
      const delegated = rng.chance(0.06);
      const recurring = rng.chance(0.05);
      const createdAt = new Date(options.now.getTime() - rng.int(0, 700) * 86_400_000 - rng.int(0, 86_399_999));
      tasks.push({
        id: uuid(),
        user_id: userId,
        client_id: rng.chance(0.7) ? rng.pick(clients).id : null,
        title: `${rng.pick(VERBS)} ${rng.pick(OBJECTS)}`,
        description: rng.chance(0.5) ? `Context for this task: ${rng.pick(OBJECTS)}, see the notes page.` : null,
        priority: rng.pick(PRIORITIES),
        status: isCompleted ? 'completed' : isBacklog ? 'backlog' : rng.pick(['todo', 'todo', 'todo', 'in_progress', 'review']),
        due_date: dueDate,
        due_time: dueDate && rng.chance(0.3) ? `${String(rng.int(7, 19)).padStart(2, '0')}:${rng.pick(['00', '15', '30', '45'])}` : null,
        estimated_time: rng.pick(ESTIMATES),
        is_completed: isCompleted,
        is_backlog: isBacklog,
        is_archived: isArchived,
        document_links: rng.chance(0.2) ? [`https://docs.example.com/${rng.int(1, 99999)}`] : [],
        is_recurring: recurring,
        recurring_type: recurring ? rng.pick(['daily', 'weekly', 'monthly']) : null,
        recurring_interval: recurring ? rng.int(1, 3) : 1,
        is_delegated: delegated,
        delegated_to_id: delegated ? rng.pick(contacts).id : null,
        sort_order: rng.int(0, 50),
        completed_at: isCompleted ? createdAt.toISOString() : null,
        archived_at: isArchived ? new Date(createdAt.getTime() + 86_400_000).toISOString() : null,
        created_at: createdAt.toISOString(),
      });
    }
    await insertRows(
      em,
      'tasks',
      'id, user_id, client_id, title, description, priority, status, due_date, due_time, estimated_time, is_completed, is_backlog, is_archived, document_links, is_recurring, recurring_type, recurring_interval, is_delegated, delegated_to_id, sort_order, completed_at, archived_at, created_at',
      'id uuid, user_id uuid, client_id uuid, title text, description text, priority text, status text, due_date date, due_time text, estimated_time text, is_completed boolean, is_backlog boolean, is_archived boolean, document_links text[], is_recurring boolean, recurring_type text, recurring_interval int, is_delegated boolean, delegated_to_id uuid, sort_order int, completed_at timestamptz, archived_at timestamptz, created_at timestamptz',
      tasks,
    );
    summary.tasks += tasks.length;

    const pages = [];
    const items = [];
    for (let p = 0; p < options.notePages; p += 1) {
      const page = { id: uuid(), user_id: userId, client_id: rng.chance(0.5) ? rng.pick(clients).id : null, parent_page_id: null as string | null, title: `${rng.pick(OBJECTS)} (${p + 1})`, sort_order: p };
      pages.push(page);
      for (let s = 0; s < rng.int(0, 3); s += 1) {
        pages.push({ id: uuid(), user_id: userId, client_id: page.client_id, parent_page_id: page.id, title: `${rng.pick(VERBS)} ${rng.pick(OBJECTS)}`, sort_order: s });
      }
    }
    for (const page of pages) {
      for (let n = 0; n < rng.int(1, 5); n += 1) {
        items.push({ id: uuid(), user_id: userId, note_list_id: page.id, client_id: page.client_id, content: markdown(rng, page.title), sort_order: n });
      }
    }
    await insertRows(em, 'note_lists', 'id, user_id, client_id, parent_page_id, title, sort_order', 'id uuid, user_id uuid, client_id uuid, parent_page_id uuid, title text, sort_order int', pages);
    await insertRows(em, 'note_items', 'id, user_id, note_list_id, client_id, content, sort_order', 'id uuid, user_id uuid, note_list_id uuid, client_id uuid, content text, sort_order int', items);
    summary.notePages += pages.length;
    summary.noteItems += items.length;
  }
  await em.execute('analyze');
  return summary;
}
