import request from 'supertest';
import { createJobHandlers, parseEnv as parseJobSettings } from '@daybook/ai-worker';
import {
  SHARE_RESPONSES_PER_LINK_MAX,
  TASK_SHARES_PER_TASK_MAX,
  type CreatedTaskShare,
  type SharedTask,
  type Task,
  type TaskShare,
  type TaskShareResponse,
} from '@daybook/shared';
import { SHARE_REQUESTS_PER_MINUTE_PER_ADDRESS, SHARE_REQUESTS_PER_MINUTE_PER_LINK } from '../../http/rate-limits';
import { createInProcessRunner } from '../../jobs/in-process.runner';
import { createLogger } from '../../logger';
import { startHttpStub } from '../../test/notify-stubs';
import { truncateAll } from '../../test/test-db';
import { startTestApp, type ApiClient, type TestContext } from '../../test/test-app';
import { testDatabaseUrl } from '../../test/test-services';
import { startReminderSweep } from '../notifications/reminder-sweep';

/**
 * Delegation that closes the loop (DECISIONS 33) end to end: the owner shares a delegated task, the
 * contact — no cookie, no CSRF header, only the link — reads it and answers, and the owner sees the answer
 * on the task and is notified on their channels (the reminder pipeline, here with the worker's handlers in
 * process and a stand-in ntfy server).
 */

const logger = createLogger('silent');
let t: TestContext;
let ntfy: Awaited<ReturnType<typeof startHttpStub>>;
let jobs: ReturnType<typeof createInProcessRunner>;
let sweep: ReturnType<typeof startReminderSweep>;
let anna: ApiClient;
let contactId: string;

beforeAll(async () => {
  ntfy = await startHttpStub();
  // The ntfy stand-in is on loopback: opened to the outbound door as an admin would open a LAN ntfy.
  const settings = parseJobSettings({ NOTIFY_TIMEOUT_MS: '3000', LOG_LEVEL: 'silent', OUTBOUND_ALLOW: '127.0.0.1' });
  jobs = createInProcessRunner({ handlers: createJobHandlers(settings, logger, { databaseUrl: testDatabaseUrl }), concurrency: 2, maxWaiting: 64, waitMs: 10_000, logger });
  t = await startTestApp({ OUTBOUND_ALLOW: '127.0.0.1' }, undefined, { jobs });
  sweep = startReminderSweep({ em: t.orm.em, jobs, logger, intervalMs: 200 });
});
afterAll(async () => {
  await sweep.stop();
  await jobs.close();
  await t.close();
  await ntfy.close();
});
beforeEach(async () => {
  await truncateAll(t.orm);
  await t.redis.flushdb(); // each test starts with fresh rate limits
  ntfy.requests.length = 0;
  anna = t.client();
  await anna.signUpAndIn('anna');
  await anna.patch('/api/auth/user/settings', { enableDelegation: true });
  contactId = (await anna.post('/api/delegation-contacts', { name: 'Bruno' })).body.id;
});

const db = () => t.orm.em.getConnection();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The contact's browser: no cookie jar and no CSRF header, only the link. */
const contact = {
  get: (token: string, tail = '') => request(t.server).get(`/api/shares/${token}${tail}`),
  post: (token: string, tail: string, body: object = {}) => request(t.server).post(`/api/shares/${token}${tail}`).send(body),
};

async function delegatedTask(client: ApiClient, body: Record<string, unknown> = {}): Promise<Task> {
  const res = await client.post('/api/tasks', {
    title: 'Collect the signed lease',
    description: 'Private: the landlord owes us 3 months',
    dueDate: '2027-03-10',
    dueTime: '15:00',
    isDelegated: true,
    delegatedToId: contactId,
    delegationNotes: 'Pick it up at the front desk, ask for Ms. Ortega.',
    ...body,
  });
  expect(res.status).toBe(201);
  return res.body as Task;
}

async function share(client: ApiClient, taskId: string, body: object = {}): Promise<CreatedTaskShare> {
  const res = await client.post(`/api/tasks/${taskId}/shares`, body);
  expect(res.status).toBe(201);
  return res.body as CreatedTaskShare;
}

describe('making links', () => {
  it('shows the token once, stores only its hash, and lists the link with a hint, its contact and expiry', async () => {
    const task = await delegatedTask(anna);
    const created = await share(anna, task.id, { expiresInDays: 7 });
    expect(created.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.path).toBe(`/share/${created.token}`);
    expect(created.share).toMatchObject({ contactId, contactName: 'Bruno', hint: `…${created.token.slice(-4)}`, lastOpenedAt: null, isLive: true, endedAt: null, endReason: null });
    expect((Date.parse(created.share.expiresAt) - Date.parse(created.share.createdAt)) / 86_400_000).toBeCloseTo(7, 3);

    const listed = await anna.get(`/api/tasks/${task.id}/shares`);
    expect(listed.body).toEqual([created.share]);
    expect(listed.text).not.toContain(created.token);
    const [stored] = await db().execute<{ row: string }[]>(`select row_to_json(s)::text as row from task_shares s`);
    expect(stored!.row).not.toContain(created.token);
    expect(stored!.row).not.toContain(created.token.slice(0, 20));
  });

  it('defaults to 14 days and refuses a bad expiry, a task that is not delegated and another user’s task', async () => {
    const task = await delegatedTask(anna);
    const created = await share(anna, task.id);
    expect((Date.parse(created.share.expiresAt) - Date.parse(created.share.createdAt)) / 86_400_000).toBeCloseTo(14, 3);
    for (const expiresInDays of [0, 31, 1.5, '7']) expect((await anna.post(`/api/tasks/${task.id}/shares`, { expiresInDays })).status).toBe(400);
    expect((await anna.post(`/api/tasks/${task.id}/shares`, { expiresInDays: 7, contactId })).status).toBe(400);

    const plain = (await anna.post('/api/tasks', { title: 'Not delegated' })).body as Task;
    const refused = await anna.post(`/api/tasks/${plain.id}/shares`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe('Delegate the task to a contact before you share it');

    const bob = t.client();
    await bob.signUpAndIn('bob');
    for (const res of [
      await bob.post(`/api/tasks/${task.id}/shares`, {}),
      await bob.get(`/api/tasks/${task.id}/shares`),
      await bob.delete(`/api/tasks/${task.id}/shares/${created.share.id}`),
      await bob.get(`/api/tasks/${task.id}/share-responses`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.text).not.toContain('lease');
    }
    expect((await anna.get(`/api/tasks/${task.id}/shares`)).body).toHaveLength(1);
  });

  it(`keeps a task to ${TASK_SHARES_PER_TASK_MAX} live links; a revoked one makes room`, async () => {
    const task = await delegatedTask(anna);
    const links = [];
    for (let i = 0; i < TASK_SHARES_PER_TASK_MAX; i += 1) links.push(await share(anna, task.id));
    const refused = await anna.post(`/api/tasks/${task.id}/shares`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('quota_exceeded');
    expect((await anna.delete(`/api/tasks/${task.id}/shares/${links[0]!.share.id}`)).status).toBe(204);
    await share(anna, task.id);
  });
});

describe('the contact’s page', () => {
  it('shows that task and nothing else: title, due date and time, the notes, and no owner data', async () => {
    const client = (await anna.post('/api/clients', { name: 'Ortega Holdings' })).body;
    const task = await delegatedTask(anna, { clientId: client.id });
    await anna.post('/api/tasks', { title: 'Another task of anna', isDelegated: true, delegatedToId: contactId, delegationNotes: 'other notes' });
    await anna.post(`/api/tasks/${task.id}/comments`, { content: 'owner comment' });
    const { token } = await share(anna, task.id);

    const res = await contact.get(token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual<SharedTask>({
      title: 'Collect the signed lease',
      dueDate: '2027-03-10',
      dueTime: '15:00',
      notes: 'Pick it up at the front desk, ask for Ms. Ortega.',
      isCompleted: false,
      expiresAt: expect.any(String),
      responses: [],
      canRespond: true,
    });
    for (const secret of ['Private', 'Ortega Holdings', 'anna', 'Another task', 'other notes', 'owner comment', task.id, client.id, contactId, 'Bruno']) {
      expect(res.text).not.toContain(secret);
    }
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['set-cookie']).toBeUndefined();
    // The owner sees when it was opened, to the minute (docs/api.md), as a token's last use.
    const [opened] = (await anna.get(`/api/tasks/${task.id}/shares`)).body as { lastOpenedAt: string }[];
    expect(opened!.lastOpenedAt).toMatch(/:00\.000Z$/);
    const [stored] = await t.orm.em.getConnection().execute<{ exact: boolean }[]>(`select last_opened_at = date_trunc('minute', last_opened_at) as exact from task_shares`);
    expect(stored!.exact).toBe(true);
  });

  it('answers the same 404 to a wrong, malformed, revoked and expired link, and to one whose task is no longer delegated to the contact', async () => {
    const tasks = await Promise.all([1, 2, 3, 4, 5].map((n) => delegatedTask(anna, { title: `Task ${n}` })));
    const [revoked, expired, undelegated, redelegated, deleted] = await Promise.all(tasks.map((task) => share(anna, task.id)));
    expect((await contact.get(revoked!.token)).status).toBe(200);

    expect((await anna.delete(`/api/tasks/${tasks[0]!.id}/shares/${revoked!.share.id}`)).status).toBe(204);
    await db().execute(`update task_shares set expires_at = now() - interval '1 second' where id = ?`, [expired!.share.id]);
    await anna.patch(`/api/tasks/${tasks[2]!.id}`, { isDelegated: false });
    const other = (await anna.post('/api/delegation-contacts', { name: 'Carla' })).body.id;
    await anna.patch(`/api/tasks/${tasks[3]!.id}`, { delegatedToId: other });
    await anna.delete(`/api/tasks/${tasks[4]!.id}`);

    const wrong = 'A'.repeat(43);
    const answers = await Promise.all(
      [wrong, 'short', revoked!.token, expired!.token, undelegated!.token, redelegated!.token, deleted!.token].flatMap((token) => [
        contact.get(token),
        contact.post(token, '/done'),
        contact.post(token, '/comments', { text: 'hello' }),
        contact.post(token, '/proposals', { dueDate: '2027-04-01' }),
      ]),
    );
    for (const res of answers) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: { code: 'not_found', message: 'Link not found' } });
    }
    // Nothing was written through them, and the owner's lists show them as no longer working.
    expect((await db().execute<{ count: number }[]>('select count(*)::int as count from task_share_responses'))[0]!.count).toBe(0);
    const listed = await Promise.all(tasks.slice(0, 4).map(async (task) => ((await anna.get(`/api/tasks/${task.id}/shares`)).body as TaskShare[]).map((one) => [one.isLive, one.endReason])));
    expect(listed).toEqual([[[false, 'revoked']], [[false, null]], [[false, 'undelegated']], [[false, 'reassigned']]]);
    expect((await anna.get(`/api/tasks/${tasks[0]!.id}`)).body.isCompleted).toBe(false);
  });

  it('stops while the owner has delegation turned off, and works again when it is back on', async () => {
    const task = await delegatedTask(anna);
    const { token } = await share(anna, task.id);
    await anna.patch('/api/auth/user/settings', { enableDelegation: false });
    expect((await contact.get(token)).status).toBe(404);
    expect((await contact.post(token, '/comments', { text: 'hello' })).status).toBe(404);
    const refused = await anna.post(`/api/tasks/${task.id}/shares`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe('Turn on task delegation in the settings to share a task');
    await anna.patch('/api/auth/user/settings', { enableDelegation: true });
    expect((await contact.get(token)).status).toBe(200);
  });

  it('refuses every write but its three actions, and the link opens no owner route', async () => {
    const task = await delegatedTask(anna);
    const { token } = await share(anna, task.id);
    const before = (await anna.get(`/api/tasks/${task.id}`)).body;
    const base = `/api/shares/${token}`;
    const refused = [
      await request(t.server).patch(base).send({ title: 'changed', isCompleted: true }),
      await request(t.server).put(base).send({ title: 'changed' }),
      await request(t.server).delete(base),
      await request(t.server).post(base).send({ title: 'changed' }),
      await request(t.server).patch(`${base}/done`).send({}),
      await request(t.server).delete(`${base}/comments`),
      await request(t.server).post(`${base}/archive`).send({}),
      await request(t.server).post(`${base}/complete`).send({}),
      await request(t.server).patch(`${base}/task`).send({ title: 'changed' }),
    ];
    for (const res of refused) expect([404, 405]).toContain(res.status);
    // The token is no API token and no session: every owner route stays shut.
    const asBearer = (req: request.Test) => req.set('Authorization', `Bearer ${token}`);
    for (const res of [
      await asBearer(request(t.server).get(`/api/tasks/${task.id}`)),
      await asBearer(request(t.server).patch(`/api/tasks/${task.id}`)).send({ title: 'changed' }),
      await asBearer(request(t.server).delete(`/api/tasks/${task.id}`)),
      await asBearer(request(t.server).get(`/api/tasks/${task.id}/shares`)),
      await request(t.server).get(`/api/tasks/${task.id}`).query({ token }),
      await request(t.server).get(`/api/tasks/${task.id}/share-responses`),
    ]) {
      expect(res.status).toBe(401);
    }
    // Its three actions take only their own fields.
    expect((await contact.post(token, '/done', { isCompleted: false })).status).toBe(400);
    expect((await contact.post(token, '/comments', { text: 'hi', title: 'changed' })).status).toBe(400);
    expect((await contact.post(token, '/proposals', { dueDate: '2027-04-01', title: 'changed' })).status).toBe(400);
    expect((await anna.get(`/api/tasks/${task.id}`)).body).toEqual(before);
    expect((await db().execute<{ count: number }[]>('select count(*)::int as count from task_share_responses'))[0]!.count).toBe(0);
  });

  it('validates proposals and comments with clear messages, and bounds what one link takes', async () => {
    const task = await delegatedTask(anna);
    const { token } = await share(anna, task.id);
    const messageOf = async (tail: string, body: object) => {
      const res = await contact.post(token, tail, body);
      expect(res.status).toBe(400);
      return res.body.error.message as string;
    };
    expect(await messageOf('/proposals', {})).toBe('Choose a date');
    expect(await messageOf('/proposals', { dueDate: '2027-02-30' })).toBe('Date does not exist');
    expect(await messageOf('/proposals', { dueDate: '3001-01-01' })).toMatch(/between/);
    expect(await messageOf('/proposals', { dueDate: '2027-04-01', dueTime: '25:00' })).toBe('Due time must be HH:mm (24-hour)');
    expect(await messageOf('/proposals', { dueDate: '2027-04-01', message: 'x'.repeat(1001) })).toBe('Must be at most 1000 characters');
    expect(await messageOf('/comments', { text: '   ' })).toBe('Write a comment');
    expect(await messageOf('/comments', { text: 'x'.repeat(1001) })).toBe('Must be at most 1000 characters');
    const past = await contact.post(token, '/proposals', { dueDate: '2020-01-01' });
    expect(past.status).toBe(409);
    expect(past.body.error.message).toBe('Propose a date from today on');

    await db().execute(
      `insert into task_share_responses (share_id, task_id, user_id, kind, text)
       select s.id, s.task_id, s.user_id, 'comment', 'filler' from task_shares s, generate_series(1, ?)`,
      [SHARE_RESPONSES_PER_LINK_MAX - 1],
    );
    const last = await contact.post(token, '/comments', { text: 'The last one' });
    expect(last.status).toBe(201);
    expect(last.body.canRespond).toBe(false);
    const full = await contact.post(token, '/comments', { text: 'One too many' });
    expect(full.status).toBe(409);
    expect(full.body.error.message).toBe(`This link has taken its ${SHARE_RESPONSES_PER_LINK_MAX} responses. Ask for a new link.`);
  });
});

describe('the contact’s answers', () => {
  it('takes a proposal and a comment; the owner sees them on the task and accepts the date in one call', async () => {
    const task = await delegatedTask(anna);
    const { token, share: link } = await share(anna, task.id);
    const proposed = await contact.post(token, '/proposals', { dueDate: '2027-03-17', dueTime: '9:30', message: 'The office is closed that week' });
    expect(proposed.status).toBe(201);
    const commented = await contact.post(token, '/comments', { text: 'I will call them first.' });
    expect(commented.status).toBe(201);
    expect((commented.body as SharedTask).responses).toEqual([
      { kind: 'proposal', proposedDate: '2027-03-17', proposedTime: '09:30', text: 'The office is closed that week', createdAt: expect.any(String) },
      { kind: 'comment', proposedDate: null, proposedTime: null, text: 'I will call them first.', createdAt: expect.any(String) },
    ]);

    const responses = (await anna.get(`/api/tasks/${task.id}/share-responses`)).body as TaskShareResponse[];
    expect(responses.map((r) => [r.kind, r.contactName, r.shareId, r.acceptedAt])).toEqual([
      ['comment', 'Bruno', link.id, null],
      ['proposal', 'Bruno', link.id, null],
    ]);
    const proposal = responses[1]!;

    const bob = t.client();
    await bob.signUpAndIn('bob');
    expect((await bob.post(`/api/tasks/${task.id}/share-responses/${proposal.id}/accept`, {})).status).toBe(404);
    expect((await anna.post(`/api/tasks/${task.id}/share-responses/${responses[0]!.id}/accept`, {})).status).toBe(404); // a comment

    const accepted = await anna.post(`/api/tasks/${task.id}/share-responses/${proposal.id}/accept`, {});
    expect(accepted.status).toBe(200);
    expect(accepted.body.task).toMatchObject({ id: task.id, dueDate: '2027-03-17', dueTime: '09:30' });
    expect(accepted.body.response.acceptedAt).not.toBeNull();
    expect((await anna.get(`/api/tasks/${task.id}`)).body).toMatchObject({ dueDate: '2027-03-17', dueTime: '09:30', title: task.title });
    // The contact's page shows the new date.
    expect((await contact.get(token)).body).toMatchObject({ dueDate: '2027-03-17', dueTime: '09:30' });
  });

  it('lists the owner’s delegated tasks their contact answered, latest first, for the task cards; only the owner’s, only the present contact’s', async () => {
    const quiet = await delegatedTask(anna, { title: 'Nobody answered' });
    await share(anna, quiet.id);
    const lease = await delegatedTask(anna);
    const invoice = await delegatedTask(anna, { title: 'Send the invoice' });
    const leaseLink = await share(anna, lease.id);
    const invoiceLink = await share(anna, invoice.id);
    expect((await anna.get('/api/share-answers')).body).toEqual([]);

    await contact.post(leaseLink.token, '/comments', { text: 'On it.' });
    await contact.post(invoiceLink.token, '/proposals', { dueDate: '2027-03-17' });
    await contact.post(leaseLink.token, '/comments', { text: 'Picked it up.' });
    const answers = await anna.get('/api/share-answers');
    expect(answers.status).toBe(200);
    expect(answers.body).toEqual([
      { taskId: lease.id, count: 2, lastAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) },
      { taskId: invoice.id, count: 1, lastAt: expect.any(String) },
    ]);

    // Another user sees none of them; signed out, nothing.
    const bob = t.client();
    await bob.signUpAndIn('bob');
    expect((await bob.get('/api/share-answers')).body).toEqual([]);
    expect((await request(t.server).get('/api/share-answers')).status).toBe(401);

    // Delegated to someone else, the earlier contact's answers are no sign of an answer; archived, the task is not listed.
    const carla = (await anna.post('/api/delegation-contacts', { name: 'Carla' })).body.id as string;
    await anna.patch(`/api/tasks/${invoice.id}`, { delegatedToId: carla });
    expect((await anna.patch(`/api/tasks/${lease.id}/archive`, {})).status).toBe(200);
    expect((await anna.get('/api/share-answers')).body).toEqual([]);
  });

  it('marks the task done by its status transition: a recurring task makes its next occurrence once, a second "done" changes nothing', async () => {
    const task = await delegatedTask(anna, { isRecurring: true, recurringType: 'weekly', recurringInterval: 1 });
    const { token } = await share(anna, task.id);
    const done = await contact.post(token, '/done');
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ isCompleted: true, responses: [{ kind: 'done' }] });
    const again = await contact.post(token, '/done', {});
    expect(again.status).toBe(200);
    expect(again.body.responses).toHaveLength(1);

    const completed = (await anna.get(`/api/tasks/${task.id}`)).body as Task;
    expect(completed).toMatchObject({ isCompleted: true, status: 'completed' });
    expect((await db().execute<{ at: Date | null }[]>('select completed_at as at from tasks where id = ?', [task.id]))[0]!.at).not.toBeNull();
    const series = await db().execute<{ due: string }[]>(`select due_date::text as due from tasks where parent_task_id = ?`, [task.id]);
    expect(series).toEqual([{ due: '2027-03-17' }]);
    // A proposal for a task that is done is refused; a comment is still taken.
    expect((await contact.post(token, '/proposals', { dueDate: '2027-04-01' })).status).toBe(409);
    expect((await contact.post(token, '/comments', { text: 'Done, the lease is on your desk.' })).status).toBe(201);
  });

  it('completes once when two "done" arrive at the same moment', async () => {
    const task = await delegatedTask(anna, { isRecurring: true, recurringType: 'daily', recurringInterval: 1 });
    const { token } = await share(anna, task.id);
    const other = await share(anna, task.id);
    const answers = await Promise.all([contact.post(token, '/done'), contact.post(token, '/done'), contact.post(other.token, '/done'), contact.post(other.token, '/done')]);
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200]);
    const [counts] = await db().execute<{ done: number; next: number; notices: number }[]>(
      `select (select count(*)::int from task_share_responses where kind = 'done') as done,
              (select count(*)::int from tasks where parent_task_id = ?) as next,
              (select count(*)::int from reminders where source = 'share') as notices`,
      [task.id],
    );
    expect(counts).toEqual({ done: 1, next: 1, notices: 1 });
  });

  it('notifies the owner once on their channels, naming the contact and the task', async () => {
    const channel = await anna.post('/api/notifications/channels', { kind: 'ntfy', server: ntfy.url, topic: 'anna-daybook' });
    expect(channel.status).toBe(201);
    const task = await delegatedTask(anna);
    const { token } = await share(anna, task.id);
    await contact.post(token, '/proposals', { dueDate: '2027-03-17', dueTime: '09:30', message: 'Closed that week' });
    await contact.post(token, '/comments', { text: 'Calling them now.' });
    await contact.post(token, '/done');

    const deadline = Date.now() + 15_000;
    while (ntfy.requests.length < 3 && Date.now() < deadline) await sleep(100);
    await sleep(1_000); // nothing more arrives
    const messages = ntfy.requests.map((req) => req.body as { title: string; message: string; click?: string });
    expect(messages.map((m) => m.title).sort()).toEqual(
      ['Bruno commented on “Collect the signed lease”', 'Bruno marked “Collect the signed lease” done', 'Bruno proposes a new date for “Collect the signed lease”'].sort(),
    );
    const proposal = messages.find((m) => m.title.includes('proposes'))!;
    expect(proposal.message).toBe('Wednesday, Mar 17, 2027 at 09:30\nClosed that week\nOpen the task to accept it.');
    expect(messages.find((m) => m.title.includes('commented'))!.message).toBe('Calling them now.');
    const states = await db().execute<{ state: string }[]>(`select state from reminders where source = 'share'`);
    expect(states.map((row) => row.state)).toEqual(['sent', 'sent', 'sent']);
    // Notices are not the task's reminders.
    expect((await anna.get(`/api/tasks/${task.id}/reminders`)).body).toEqual([]);
  }, 30_000);
});

describe('ended links stay ended', () => {
  const listOf = async (taskId: string) => (await anna.get(`/api/tasks/${taskId}/shares`)).body as TaskShare[];
  const endOf = async (shareId: string) =>
    (await db().execute<{ ended: boolean; reason: string | null }[]>('select ended_at is not null as ended, end_reason as reason from task_shares where id = ?', [shareId]))[0];

  it.each([
    ['un-delegated, then delegated to the same contact again', 'undelegated', async (task: Task) => {
      await anna.patch(`/api/tasks/${task.id}`, { isDelegated: false });
      await anna.patch(`/api/tasks/${task.id}`, { isDelegated: true, delegatedToId: contactId });
    }],
    ['delegated to another contact, then back', 'reassigned', async (task: Task) => {
      const carla = (await anna.post('/api/delegation-contacts', { name: 'Carla' })).body.id as string;
      await anna.patch(`/api/tasks/${task.id}`, { delegatedToId: carla });
      await anna.patch(`/api/tasks/${task.id}`, { delegatedToId: contactId });
    }],
    ['archived, then unarchived', 'archived', async (task: Task) => {
      expect((await anna.patch(`/api/tasks/${task.id}/archive`, {})).status).toBe(200);
      expect((await anna.patch(`/api/tasks/${task.id}/unarchive`, {})).status).toBe(200);
    }],
    ['turned off by the owner', 'revoked', async (task: Task, link: CreatedTaskShare) => {
      expect((await anna.delete(`/api/tasks/${task.id}/shares/${link.share.id}`)).status).toBe(204);
    }],
  ])('a link whose task was %s does not come back; the owner sees it ended and makes a new one', async (_what, reason, change) => {
    const task = await delegatedTask(anna);
    const link = await share(anna, task.id);
    expect((await contact.get(link.token)).status).toBe(200);

    await change(task, link);
    // The task is delegated to the link's contact again and not archived: only the recorded end stops the link.
    expect((await anna.get(`/api/tasks/${task.id}`)).body).toMatchObject({ isDelegated: true, delegatedToId: contactId, isArchived: false });
    for (const res of [await contact.get(link.token), await contact.post(link.token, '/comments', { text: 'still here?' })]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: { code: 'not_found', message: 'Link not found' } });
    }
    expect(await endOf(link.share.id)).toEqual({ ended: true, reason });
    expect(await listOf(task.id)).toEqual([{ ...link.share, isLive: false, endedAt: expect.any(String), endReason: reason, lastOpenedAt: expect.any(String) }]);

    const fresh = await share(anna, task.id);
    expect((await contact.get(fresh.token)).status).toBe(200);
    expect((await contact.get(link.token)).status).toBe(404);
    // The ended link took nothing, so it is forgotten when the new one is made.
    expect((await listOf(task.id)).map((one) => [one.id, one.isLive])).toEqual([[fresh.share.id, true]]);
  });

  it('keeps an ended link that took responses, listed after the live ones, and its responses on the task', async () => {
    const task = await delegatedTask(anna);
    const old = await share(anna, task.id);
    await contact.post(old.token, '/comments', { text: 'Calling them tomorrow.' });
    await anna.patch(`/api/tasks/${task.id}`, { isDelegated: false });
    await anna.patch(`/api/tasks/${task.id}`, { isDelegated: true, delegatedToId: contactId });
    const fresh = await share(anna, task.id);
    expect((await listOf(task.id)).map((one) => [one.id, one.isLive, one.endReason])).toEqual([
      [fresh.share.id, true, null],
      [old.share.id, false, 'undelegated'],
    ]);
    expect(((await anna.get(`/api/tasks/${task.id}/share-responses`)).body as TaskShareResponse[]).map((r) => r.text)).toEqual(['Calling them tomorrow.']);
    expect((await contact.get(old.token)).status).toBe(404);
  });

  it('a link made while the task is un-delegated at the same moment never works after it is delegated again', async () => {
    for (let round = 0; round < 5; round += 1) {
      const task = await delegatedTask(anna, { title: `Race ${round}` });
      const [made, undelegated] = await Promise.all([anna.post(`/api/tasks/${task.id}/shares`, {}), anna.patch(`/api/tasks/${task.id}`, { isDelegated: false })]);
      expect(undelegated.status).toBe(200);
      expect([201, 409]).toContain(made.status);
      await anna.patch(`/api/tasks/${task.id}`, { isDelegated: true, delegatedToId: contactId });
      if (made.status === 201) expect((await contact.get((made.body as CreatedTaskShare).token)).status).toBe(404);
    }
  });

  it('an expired link is not marked ended by a later change: it simply expired', async () => {
    const task = await delegatedTask(anna);
    const link = await share(anna, task.id);
    await db().execute(`update task_shares set expires_at = now() - interval '1 second' where id = ?`, [link.share.id]);
    await anna.patch(`/api/tasks/${task.id}`, { isDelegated: false });
    expect(await endOf(link.share.id)).toEqual({ ended: false, reason: null });
    expect((await listOf(task.id)).map((one) => [one.isLive, one.endReason])).toEqual([[false, null]]);
  });
});

describe('the task’s life', () => {
  it('deleting the contact or the task removes the links and what they took', async () => {
    const task = await delegatedTask(anna);
    const { token } = await share(anna, task.id);
    await contact.post(token, '/comments', { text: 'hello' });
    expect((await anna.delete(`/api/delegation-contacts/${contactId}`)).status).toBe(204);
    expect((await contact.get(token)).status).toBe(404);
    const [left] = await db().execute<{ shares: number; responses: number }[]>(
      `select (select count(*)::int from task_shares) as shares, (select count(*)::int from task_share_responses) as responses`,
    );
    expect(left).toEqual({ shares: 0, responses: 0 });
  });
});

// Last: a refused address stays refused in this process for the rest of its minute.
describe('rate limits', () => {
  it('answers 429 with Retry-After past the requests of one link per minute, and past those of one address', async () => {
    const task = await delegatedTask(anna);
    const { token } = await share(anna, task.id);
    const perLink = await Promise.all(Array.from({ length: SHARE_REQUESTS_PER_MINUTE_PER_LINK + 5 }, () => contact.get(token)));
    expect(perLink.filter((res) => res.status === 200)).toHaveLength(SHARE_REQUESTS_PER_MINUTE_PER_LINK);
    const limited = perLink.filter((res) => res.status === 429);
    expect(limited).toHaveLength(5);
    expect(Number(limited[0]!.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited[0]!.body.error.message).toMatch(/^Too many requests for this link\. Try again in \d+ seconds?\.$/);

    // Guessing links from one address is cut short too, whichever links it tries.
    const guesses = await Promise.all(Array.from({ length: SHARE_REQUESTS_PER_MINUTE_PER_ADDRESS }, (_, i) => contact.get(`${'B'.repeat(40)}${String(i).padStart(3, '0')}`)));
    expect(guesses.filter((res) => res.status === 429).length).toBeGreaterThan(0);
    expect(guesses.every((res) => [404, 429].includes(res.status))).toBe(true);
  }, 60_000);
});
