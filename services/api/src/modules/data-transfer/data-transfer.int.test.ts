import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RequestContext } from '@mikro-orm/core';
import { CSRF_HEADER, CSRF_HEADER_VALUE, TASK_CSV_COLUMNS, type DaybookExport, type ImportJob, type ImportPreview, type ImportSource, type Task, type TaskComment } from '@daybook/shared';
import { rowCounts, truncateAll } from '../../test/test-db';
import { startTestApp, type ApiClient, type TestContext } from '../../test/test-app';
import { createLogger } from '../../logger';
import { readCsv } from './csv';
import { planChunks } from './import-plan';
import { createImportsRepository } from './imports.repository';
import { createImportsService } from './imports.service';
import { parseTodoistCsv } from './parsers/todoist.parser';
import { longDatesCsv, manyRowsCsv } from './test-data/hostile-files';

const NOW = new Date('2026-11-27T10:00:00.000Z');
const TZ = 'Europe/Berlin';
const fixture = (name: string) => readFileSync(join(__dirname, 'test-data', name), 'utf8');
const TODOIST = fixture('todoist-500.csv');
const TICKTICK = fixture('ticktick-backup.csv');

let t: TestContext;
let anna: ApiClient;
let bob: ApiClient;

beforeAll(async () => {
  t = await startTestApp({}, () => NOW);
});
afterAll(() => t.close());
beforeEach(async () => {
  await truncateAll(t.orm);
  anna = t.client();
  bob = t.client();
  await anna.signUpAndIn('anna');
  await bob.signUpAndIn('bob');
  for (const client of [anna, bob]) expect((await client.patch('/api/auth/user/timezone', { timezone: TZ })).status).toBe(200);
});

const upload = (client: ApiClient, path: string, source: ImportSource, body: string, name?: string) =>
  client.agent
    .post(`${path}?source=${source}${name ? `&name=${encodeURIComponent(name)}` : ''}`)
    .set(CSRF_HEADER, CSRF_HEADER_VALUE)
    .set('Content-Type', source === 'daybook' ? 'text/plain; charset=utf-8' : 'text/csv; charset=utf-8')
    .send(body);

async function preview(client: ApiClient, source: ImportSource, body: string, name?: string): Promise<ImportPreview> {
  const res = await upload(client, '/api/imports/preview', source, body, name);
  if (res.status !== 200) throw new Error(`preview: ${res.status} ${res.text}`);
  return res.body as ImportPreview;
}

/** Starts an import and waits (generously: the machine is shared) until it has ended. */
async function importFile(client: ApiClient, source: ImportSource, body: string, name?: string): Promise<ImportJob> {
  const res = await upload(client, '/api/imports', source, body, name);
  if (res.status !== 202) throw new Error(`import: ${res.status} ${res.text}`);
  return waitForEnd(client, (res.body as ImportJob).id);
}

async function waitForEnd(client: ApiClient, id: string): Promise<ImportJob> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const job = (await client.get(`/api/imports/${id}`)).body as ImportJob;
    if (job.state === 'done' || job.state === 'failed') return job;
    if (Date.now() > deadline) throw new Error(`import still ${job.state} at ${job.processed}/${job.total}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function exportOf(client: ApiClient): Promise<DaybookExport> {
  const res = await client.get('/api/export/daybook.json');
  expect(res.status).toBe(200);
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="daybook-export-\d{4}-\d\d-\d\d\.json"$/);
  return JSON.parse(res.text) as DaybookExport;
}

const clientNames = (data: DaybookExport) => new Map(data.clients.map((client) => [client.id, client.name]));

describe('importing a Todoist project export', () => {
  const summary = JSON.parse(fixture('todoist-500.summary.json')) as { tasks: number; comments: number; byPriority: Record<string, number>; bySection: Record<string, number>; withDate: number; noSection: number };
  const expected = JSON.parse(fixture('todoist-500.expected.json')) as { tasks: Array<Record<string, unknown> & { title: string; client: string | null; comments: string[] }> };

  it('previews the 500 tasks without writing, then imports them with the hand-checked priorities, dates and clients', async () => {
    const before = await rowCounts(t.orm);
    const seen = await preview(anna, 'todoist', TODOIST, 'Freelance work');
    expect(seen).toMatchObject({ source: 'todoist', counts: { tasks: 500, clients: 6, comments: summary.comments }, alreadyImported: 0, problems: [], moreProblems: 0, skippedRows: 0 });
    expect(seen.clientsToCreate).toEqual(Object.keys(summary.bySection));
    expect(await rowCounts(t.orm)).toEqual(before);

    const job = await importFile(anna, 'todoist', TODOIST, 'Freelance work');
    expect(job).toMatchObject({ state: 'done', processed: 506, total: 506, created: { tasks: 500, clients: 6, comments: summary.comments }, skipped: 0, error: null });

    const data = await exportOf(anna);
    const names = clientNames(data);
    expect(data.tasks).toHaveLength(500);
    const byPriority = (priority: string) => data.tasks.filter((task) => task.priority === priority).length;
    expect([byPriority('urgent'), byPriority('high'), byPriority('medium'), byPriority('low')]).toEqual([summary.byPriority['1'], summary.byPriority['2'], summary.byPriority['3'], summary.byPriority['4']]);
    for (const [section, count] of Object.entries(summary.bySection)) expect(data.tasks.filter((task) => task.clientId && names.get(task.clientId) === section)).toHaveLength(count);
    expect(data.tasks.filter((task) => task.clientId === null)).toHaveLength(summary.noSection);
    expect(data.tasks.filter((task) => task.dueDate !== null)).toHaveLength(summary.withDate);

    const imported = data.tasks.map((task) => ({
      title: task.title,
      client: task.clientId ? names.get(task.clientId) : null,
      priority: task.priority,
      dueDate: task.dueDate,
      dueTime: task.dueTime,
      isRecurring: task.isRecurring,
      recurringType: task.recurringType,
      recurringInterval: task.recurringInterval,
      estimatedTime: task.estimatedTime,
      description: task.description,
      comments: task.comments.map((comment) => comment.content),
    }));
    for (const { row, ...task } of expected.tasks) expect({ row, found: imported.some((candidate) => JSON.stringify(candidate) === JSON.stringify(task)) }).toEqual({ row, found: true });
  });

  it('creates nothing twice when the same file is imported again', async () => {
    await importFile(anna, 'todoist', TODOIST, 'Freelance work');
    const before = await rowCounts(t.orm);
    expect((await preview(anna, 'todoist', TODOIST, 'Freelance work')).alreadyImported).toBe(506);
    const again = await importFile(anna, 'todoist', TODOIST, 'Freelance work');
    expect(again).toMatchObject({ state: 'done', created: { tasks: 0, clients: 0, comments: 0 }, skipped: 506 });
    const after = await rowCounts(t.orm);
    expect({ ...after, imports: before.imports }).toEqual(before);
  });

  it('uses a client the user already has for a section of the same name', async () => {
    expect((await anna.post('/api/clients', { name: 'acme corp' })).status).toBe(201);
    expect((await preview(anna, 'todoist', TODOIST, 'Freelance work')).clientsToCreate).not.toContain('Acme Corp');
    const job = await importFile(anna, 'todoist', TODOIST, 'Freelance work');
    expect(job.created.clients).toBe(5);
    expect(((await anna.get('/api/clients')).body as unknown[]).length).toBe(6);
  });

  it('keeps each comment’s time in Todoist (its DATE), and the file’s order, imported from Todoist', async () => {
    const file = [
      'TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE',
      'task,Call the landlord,,4,1,Anna (1),,,en,Europe/Berlin',
      'note,Left a message,,,,Anna (1),,2026-11-20 09:15,en,Europe/Berlin',
      'note,They called back,,,,Anna (1),,2026-11-20 09:15,en,Europe/Berlin',
      'note,Lease signed,,,,Anna (1),,2026-11-21T07:00:00Z,en,',
      'task,Renew the insurance,,4,1,Anna (1),,,en,',
      ...['First', 'Second', 'Third', 'Fourth', 'Fifth'].map((word) => `note,${word} undated,,,,Anna (1),,,en,`),
    ].join('\n');
    const job = await importFile(anna, 'todoist', file, 'Home');
    expect(job).toMatchObject({ state: 'done', created: { tasks: 2, comments: 8 }, problems: [] });

    const tasks = (await anna.get('/api/tasks')).body.items as Task[];
    const commentsOf = async (title: string) => (await anna.get(`/api/tasks/${tasks.find((task) => task.title === title)!.id}/comments`)).body as TaskComment[];
    expect((await commentsOf('Call the landlord')).map(({ content, createdAt, author }) => ({ content, createdAt, author }))).toEqual([
      { content: 'Left a message', createdAt: '2026-11-20T08:15:00.000Z', author: { kind: 'imported', source: 'todoist' } },
      { content: 'They called back', createdAt: '2026-11-20T08:15:00.001Z', author: { kind: 'imported', source: 'todoist' } },
      { content: 'Lease signed', createdAt: '2026-11-21T07:00:00.000Z', author: { kind: 'imported', source: 'todoist' } },
    ]);
    expect((await commentsOf('Renew the insurance')).map((comment) => comment.content)).toEqual(['First undated', 'Second undated', 'Third undated', 'Fourth undated', 'Fifth undated']);
  });
});

describe('importing a TickTick backup', () => {
  it('yields the tasks, priorities, dates, repeats and clients of the hand-checked list', async () => {
    const seen = await preview(anna, 'ticktick', TICKTICK);
    expect(seen).toMatchObject({ counts: { tasks: 12, clients: 3, notePages: 1, notes: 1 }, clientsToCreate: ['Acme Corp', 'Globex', 'Personal'] });
    expect(seen.problems).toEqual([{ row: 17, message: expect.stringContaining('is not one Daybook has') }]);
    const job = await importFile(anna, 'ticktick', TICKTICK);
    expect(job).toMatchObject({ state: 'done', created: { tasks: 12, clients: 3, notePages: 1, notes: 1 }, problems: seen.problems });

    const data = await exportOf(anna);
    const names = clientNames(data);
    const rows = data.tasks.map((task) => [task.title, task.clientId ? names.get(task.clientId) : null, task.priority, task.dueDate, task.dueTime, task.recurringType, task.recurringInterval, task.status, task.isArchived]);
    expect(rows.sort()).toEqual(
      [
        ['Buy printer paper', null, 'low', '2026-12-02', null, null, 1, 'todo', false],
        ['Send the Q4 report', 'Acme Corp', 'high', '2026-12-03', '14:30', null, 1, 'todo', false],
        ['Weekly sync with Acme', 'Acme Corp', 'medium', '2026-11-30', '10:00', 'weekly', 1, 'todo', false],
        ['Prepare agenda', 'Acme Corp', 'medium', null, null, null, 1, 'todo', false],
        ['Daily standup notes', 'Globex', 'low', '2026-11-28', null, 'weekdays', 1, 'todo', false],
        ['Invoice October', 'Globex', 'medium', '2026-11-11', null, null, 1, 'completed', false],
        ['Packing list', 'Personal', 'medium', null, null, null, 1, 'todo', false],
        ['Monthly rent', null, 'high', '2026-12-01', null, 'monthly', 1, 'todo', false],
        ['Old idea', null, 'medium', null, null, null, 1, 'todo', true],
        ['Yearly review', null, 'medium', '2027-01-10', null, 'monthly', 12, 'todo', false],
        ['Water plants', null, 'medium', '2026-11-28', '08:00', 'daily', 3, 'todo', false],
        ['Check the server', null, 'medium', '2026-11-28', '08:00', null, 1, 'todo', false],
      ].sort(),
    );
    expect(data.tasks.find((task) => task.title === 'Invoice October')).toMatchObject({ isCompleted: true, completedAt: '2026-11-12T16:45:00.000Z', createdAt: '2026-11-01T10:00:00.000Z' });
    expect(data.notePages.map((page) => page.title)).toEqual(['Personal']);
    expect(data.notes.map((note) => note.content)).toEqual(['Gift ideas\n\nBooks, a scarf']);
  });
});

describe('refused files and other users', () => {
  it('answers a bad file with a clear 4xx and changes nothing', async () => {
    const before = await rowCounts(t.orm);
    const refusals: Array<[ImportSource, string, number, RegExp]> = [
      ['todoist', TICKTICK, 400, /^This is not a Todoist project export/],
      ['ticktick', TODOIST, 400, /^This is not a TickTick backup/],
      ['daybook', TODOIST, 400, /^This is not a Daybook export/],
      ['todoist', 'TYPE,CONTENT\ntask,"never closed\n', 400, /^The file is not a valid CSV file/],
      ['todoist', '', 400, /^The file is empty/],
      ['todoist', `TYPE,CONTENT\n${Array.from({ length: 1_001 }, (_, i) => `section,Client ${i}`).join('\n')}\ntask,One`, 409, /limit of 1,000 clients/],
    ];
    for (const [source, body, status, message] of refusals) {
      for (const path of ['/api/imports/preview', '/api/imports']) {
        const res = await upload(anna, path, source, body);
        expect({ path, source, status: res.status, message: (res.body as { error?: { message?: string } }).error?.message }).toEqual({ path, source, status, message: expect.stringMatching(message) });
      }
    }
    const binary = await anna.agent.post('/api/imports?source=todoist').set(CSRF_HEADER, CSRF_HEADER_VALUE).set('Content-Type', 'application/octet-stream').send(Buffer.from([0xff, 0xfe, 0x00, 0x50, 0x4b]));
    expect(binary.status).toBe(400);
    const tooBig = await upload(anna, '/api/imports', 'todoist', `TYPE,CONTENT\n${'task,x\n'.repeat(3_000_000)}`);
    expect(tooBig.status).toBe(413);
    expect((tooBig.body as { error: { message: string } }).error.message).toMatch(/^The file is too large/);
    expect(await rowCounts(t.orm)).toEqual(before);
  });

  it('shows an import to its owner only (404 to another user), and needs a signed-in user', async () => {
    const res = await upload(anna, '/api/imports', 'ticktick', TICKTICK);
    expect(res.status).toBe(202);
    const id = (res.body as ImportJob).id;
    expect((await bob.get(`/api/imports/${id}`)).status).toBe(404);
    expect((await t.client().get(`/api/imports/${id}`)).status).toBe(401);
    expect((await waitForEnd(anna, id)).state).toBe('done');
  });

  it('takes up an import whose api process stopped, from where it was, creating nothing twice', async () => {
    const anne = (await anna.get('/api/auth/user')).body as { id: string };
    // The process had written the file's first rows (their keys recorded) but not yet its progress when it went away.
    const firstRows = TODOIST.split('\r\n').slice(0, 201).join('\r\n');
    const early = await importFile(anna, 'todoist', firstRows, 'Resumed');
    expect(early.created.tasks).toBeGreaterThan(50);
    const plan = parseTodoistCsv(TODOIST, { project: 'Resumed', now: NOW, timezone: TZ });
    const id = await RequestContext.create(t.orm.em, async () => {
      const imports = createImportsRepository(t.orm.em);
      return imports.transaction(() => imports.insertImport(anne.id, 'todoist', plan.items.length, planChunks(plan.items), { problems: [], moreProblems: 0 }));
    });
    const sql = t.orm.em.getConnection();
    await sql.execute(`update imports set heartbeat_at = now() - interval '10 minutes' where id = ?`, [id]);

    // The next api process to start takes it up.
    const restarted = createImportsService(t.orm.em, { logger: createLogger('silent'), clock: () => NOW });
    await restarted.resumeStale();
    await restarted.settled();
    const [row] = await sql.execute<Array<{ state: string; processed: number; created: { tasks: number }; skipped: number }>>('select state, processed, created, skipped from imports where id = ?', [id]);
    expect(row).toMatchObject({ state: 'done', processed: 506, created: { tasks: 500 - early.created.tasks } });
    expect((await exportOf(anna)).tasks).toHaveLength(500);
  });
});

describe('reading a hostile file never holds the event loop (issue 36)', () => {
  /**
   * Runs `work` while Bob reads his day list every 50 ms, as a dashboard might (the api runs in this
   * process): his slowest answer, counted from when it was due to be sent, so that a read the work kept
   * from even starting counts too.
   */
  async function whileBobReads<T>(work: () => Promise<T>): Promise<{ result: T; slowest: number; reads: number }> {
    const every = 50;
    let ticked = Date.now();
    const latencies: number[] = [];
    const statuses: number[] = [];
    const reads: Array<Promise<void>> = [];
    const timer = setInterval(() => {
      // Due a period after the last tick ran (as setInterval schedules it): one the event loop held up counts from then.
      const sent = ticked + every;
      ticked = Date.now();
      reads.push(
        bob.get('/api/tasks/today').then((res) => {
          statuses.push(res.status);
          latencies.push(Date.now() - sent);
        }),
      );
    }, every);
    let result: T;
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      result = await work();
    } finally {
      clearInterval(timer);
      await Promise.all(reads);
    }
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    return { result, slowest: Math.max(...latencies), reads: latencies.length };
  }
  const message = (res: { body: unknown }) => (res.body as { error?: { message?: string } }).error?.message;

  it('previews the largest file of long, different dates while another user’s day list answers at once', async () => {
    const file = longDatesCsv();
    const { result: res, slowest, reads } = await whileBobReads(() => upload(anna, '/api/imports/preview', 'todoist', file, 'Hostile'));
    expect(res.status).toBe(200);
    const seen = res.body as ImportPreview;
    expect(seen.counts.tasks).toBe(9_814);
    expect(seen.problems[0]).toEqual({ row: 2, message: expect.stringMatching(/^The date “in 1 days every other monday.*…” is too long to be a date/) });
    expect(seen.moreProblems).toBe(9_814 - seen.problems.length);
    // Before the file was read in a thread (and its dates bounded), Bob waited 17 to 72 s, and got 429s.
    expect(reads).toBeGreaterThan(2);
    expect(slowest).toBeLessThan(2_000);
  });

  it('imports a file of long, different dates, reading it off the event loop', async () => {
    const file = longDatesCsv(2_000);
    const { result: res, slowest } = await whileBobReads(() => upload(anna, '/api/imports', 'todoist', file, 'Hostile'));
    expect(res.status).toBe(202);
    expect(slowest).toBeLessThan(2_000);
    expect(await waitForEnd(anna, (res.body as ImportJob).id)).toMatchObject({ state: 'done', created: { tasks: 2_000 } });
  }, 120_000);

  it('refuses a million short rows at once and off the event loop, for preview and import alike', async () => {
    const file = manyRowsCsv();
    for (const path of ['/api/imports/preview', '/api/imports']) {
      const { result: res, slowest } = await whileBobReads(() => upload(anna, path, 'todoist', file));
      expect({ path, status: res.status, message: message(res) }).toEqual({ path, status: 400, message: 'The file has more than 100,000 rows; one import reads at most 100,000.' });
      expect(slowest).toBeLessThan(2_000);
    }
  });
});

describe('exporting', () => {
  /** An account with some of everything, made through the api. */
  async function fillAccount(client: ApiClient) {
    const ok = async (res: { status: number; text: string; body: unknown }, status = 200) => {
      if (res.status !== status) throw new Error(`${res.status} ${res.text}`);
      return res.body as { id: string };
    };
    await ok(await client.patch('/api/auth/user/settings', { enableDelegation: true, workingMinutes: [0, 480, 480, 450, 480, 240, 0] }));
    await ok(await client.put('/api/billing/settings', { currency: 'EUR', defaultHourlyRateMinor: 9000 }));
    await ok(await client.put('/api/notifications/settings', { timedDefault: { kind: 'before', minutes: 15 }, dateOnlyDefault: null, digestHour: 7, digestSkipEmpty: false }));
    await ok(await client.post('/api/time-increments', { label: '3 hours', value: '3h' }), 201);
    const acme = await ok(await client.post('/api/clients', { name: 'Acme', color: '#ff0000', aliases: ['ACME Inc'] }), 201);
    await ok(await client.post('/api/clients', { name: 'Globex', hourlyRateMinor: 12550, billable: false }), 201);
    const sam = await ok(await client.post('/api/delegation-contacts', { name: 'Sam' }), 201);
    const weekly = await ok(
      await client.post('/api/tasks', { title: 'Weekly report', clientId: acme.id, priority: 'high', dueDate: '2026-11-27', dueTime: '09:30', isRecurring: true, recurringType: 'weekly', recurringInterval: 2, reminders: [{ kind: 'before', minutes: 30 }] }),
      201,
    );
    await ok(await client.post(`/api/tasks/${weekly.id}/comments`, { content: 'First comment' }), 201);
    await t.orm.em
      .getConnection()
      .execute(`insert into task_comments (id, task_id, content, created_at, imported_from) values (gen_random_uuid(), ?, 'From Todoist', '2026-11-20T08:15:00Z', 'todoist')`, [weekly.id]);
    await ok(await client.patch(`/api/tasks/${weekly.id}/complete`, { isCompleted: true })); // creates the next occurrence
    const formula = await ok(await client.post('/api/tasks', { title: '=cmd|calc', description: 'a, "quoted"\nline', documentLinks: ['https://example.com/a'], estimatedTime: '1h' }), 201);
    const delegated = await ok(await client.post('/api/tasks', { title: 'Ask Sam', isDelegated: true, delegatedToId: sam.id, delegationNotes: 'by Friday', isBacklog: true }), 201);
    await ok(await client.patch(`/api/tasks/${delegated.id}/archive`));
    await ok(await client.put('/api/daily-plan', { priorityTaskIds: [formula.id] }));
    // Tracked time (DECISIONS 31): a timer run and stopped, manual entries, one for a client without a task.
    await ok(await client.post('/api/timer', { taskId: formula.id }), 201);
    await ok(await client.post('/api/timer/stop', {}));
    await ok(await client.post('/api/time-entries', { taskId: weekly.id, startedAt: '2026-11-24T09:00:00Z', durationSeconds: 5400, note: 'drafting' }), 201);
    await ok(await client.post('/api/time-entries', { clientId: acme.id, startedAt: '2026-11-25T14:00:00Z', endedAt: '2026-11-25T14:30:00Z', billable: false }), 201);
    const page = await ok(await client.post('/api/note-lists', { title: 'Meetings', clientId: acme.id }), 201);
    const sub = await ok(await client.post('/api/note-lists', { title: 'Acme kickoff', parentPageId: page.id }), 201);
    await ok(await client.post(`/api/note-lists/${sub.id}/items`, { content: 'Agenda: scope, budget', clientId: acme.id }), 201);
    await ok(await client.post(`/api/note-lists/${page.id}/items`, { content: 'Second note' }), 201);
  }

  /** An export with every id replaced by its place, so two accounts' exports compare. */
  function comparable(data: DaybookExport) {
    const ids = new Map<string, string>();
    const label = (prefix: string) => (id: string | null) => (id === null ? null : (ids.get(id) ?? `${prefix}:missing`));
    data.clients.forEach((client) => ids.set(client.id, `client:${client.name}`));
    data.contacts.forEach((contact) => ids.set(contact.id, `contact:${contact.name}`));
    data.tasks.forEach((task) => ids.set(task.id, `task:${task.title}:${task.createdAt}:${task.dueDate}`));
    data.notePages.forEach((page) => ids.set(page.id, `page:${page.title}`));
    const byLabel = <T extends { id: string }>(items: T[]) => items.map((item) => ({ ...item, id: ids.get(item.id) ?? item.id })).sort((a, b) => a.id.localeCompare(b.id));
    return {
      profile: { ...data.profile, username: null, email: null },
      notificationSettings: data.notificationSettings,
      billingSettings: data.billingSettings,
      timeIncrements: [...data.timeIncrements].sort((a, b) => a.value.localeCompare(b.value)),
      estimateHabits: data.estimateHabits,
      clients: byLabel(data.clients),
      contacts: byLabel(data.contacts),
      tasks: byLabel(
        data.tasks.map((task) => ({
          ...task,
          clientId: label('client')(task.clientId),
          parentTaskId: label('task')(task.parentTaskId),
          delegatedToId: label('contact')(task.delegatedToId),
          comments: task.comments.map(({ content, createdAt, importedFrom }) => ({ content, createdAt, importedFrom })),
        })),
      ),
      timeEntries: data.timeEntries
        .map(({ id: _id, ...entry }) => ({ ...entry, taskId: label('task')(entry.taskId), clientId: label('client')(entry.clientId) }))
        .sort((a, b) => a.startedAt.localeCompare(b.startedAt)),
      notePages: byLabel(data.notePages.map((page) => ({ ...page, clientId: label('client')(page.clientId), parentPageId: label('page')(page.parentPageId) }))),
      notes: data.notes
        .map(({ id: _id, ...note }) => ({ ...note, notePageId: label('page')(note.notePageId), clientId: label('client')(note.clientId) }))
        .sort((a, b) => a.content.localeCompare(b.content)),
      dailyPlans: data.dailyPlans.map((plan) => ({ ...plan, priorityTaskIds: plan.priorityTaskIds.map(label('task')) })),
    };
  }

  it('exports everything of a user’s, no secrets, and imports it losslessly into a new account', async () => {
    await fillAccount(anna);
    const original = await exportOf(anna);
    expect(original).toMatchObject({ format: 'daybook-export', version: 1 });
    expect(original.tasks).toHaveLength(4);
    expect(original.timeEntries).toHaveLength(3);
    expect(original.clients).toHaveLength(2);
    expect(original.notePages).toHaveLength(2);
    const text = JSON.stringify(original);
    expect(text).not.toMatch(/password|argon2|sess|p256dh|ntfy/i);
    // Working hours, the currency and rates (DECISIONS 31, 34) travel with the rest.
    expect(original.profile.workingMinutes).toEqual([0, 480, 480, 450, 480, 240, 0]);
    expect(original.billingSettings).toEqual({ currency: 'EUR', defaultHourlyRateMinor: 9000 });
    expect(original.clients.find((client) => client.name === 'Globex')).toMatchObject({ hourlyRateMinor: 12550, billable: false });

    const carol = t.client();
    await carol.signUpAndIn('carol');
    const job = await importFile(carol, 'daybook', JSON.stringify(original));
    expect(job).toMatchObject({ state: 'done', problems: [], created: { tasks: 4, comments: 2, clients: 2, contacts: 1, notePages: 2, notes: 2, dailyPlans: 1, settings: 1, timeEntries: 3 } });
    const copy = await exportOf(carol);
    expect(comparable(copy)).toEqual(comparable(original));
    // The tasks' tracked time comes back with their entries.
    const tracked = async (client: ApiClient, data: DaybookExport) =>
      Promise.all(data.tasks.filter((task) => task.title === 'Weekly report' && task.isCompleted).map(async (task) => (await client.get(`/api/tasks/${task.id}`)).body.trackedSeconds));
    expect(await tracked(carol, copy)).toEqual([5400]);
    expect(await tracked(anna, original)).toEqual([5400]);

    // The copy's reminders are scheduled like the original's.
    const [copyWeekly] = copy.tasks.filter((task) => task.title === 'Weekly report' && !task.isCompleted);
    expect(((await carol.get(`/api/tasks/${copyWeekly!.id}/reminders`)).body as unknown[]).length).toBe(1);
    // Importing the same export again creates nothing.
    expect((await importFile(carol, 'daybook', JSON.stringify(original))).created.tasks).toBe(0);
  });

  it('exports the tasks as CSV: a header, one row per task, quoted, formulas guarded', async () => {
    await fillAccount(anna);
    const res = await anna.get('/api/export/tasks.csv');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const [header, ...rows] = readCsv(res.text);
    expect(header).toEqual([...TASK_CSV_COLUMNS]);
    const data = await exportOf(anna);
    expect(rows.map((row) => row[0]).sort()).toEqual(data.tasks.map((task) => task.id).sort());
    const column = (name: (typeof TASK_CSV_COLUMNS)[number]) => TASK_CSV_COLUMNS.indexOf(name);
    const formula = rows.find((row) => row[column('title')] === "'=cmd|calc")!;
    expect(formula[column('description')]).toBe('a, "quoted"\nline');
    expect(formula[column('estimatedTime')]).toBe('1h');
    const weekly = rows.find((row) => row[column('title')] === 'Weekly report' && row[column('isCompleted')] === 'false')!;
    expect([weekly[column('client')], weekly[column('priority')], weekly[column('recurringType')], weekly[column('recurringInterval')], weekly[column('dueTime')]]).toEqual(['Acme', 'high', 'weekly', '2', '09:30']);
    expect(rows.find((row) => row[column('title')] === 'Ask Sam')![column('delegatedTo')]).toBe('Sam');
    expect((await bob.get('/api/export/tasks.csv')).text).toBe(`${TASK_CSV_COLUMNS.join(',')}\r\n`);
  });
});
