import { QUOTAS, quotaMessage, type Task } from '@daybook/shared';
import { truncateAll } from '../test/test-db';
import { startTestApp, type ApiClient, type TestContext } from '../test/test-app';

/**
 * Red team, DECISIONS 21: two devices of one user writing the same task at the same moment never undo
 * each other, and writes racing a deletion end consistent (issue 11 §1, §7). Each round fires its
 * requests together from two signed-in clients of the same user.
 */

let t: TestContext;
let phone: ApiClient;
let laptop: ApiClient;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await truncateAll(t.orm);
  phone = t.client();
  laptop = t.client();
  await phone.signUpAndIn('anna');
  await laptop.signIn('anna');
});

const create = async (body: Record<string, unknown>) => {
  const res = await phone.post('/api/tasks', body);
  if (res.status !== 201) throw new Error(`create: ${res.status} ${res.text}`);
  return res.body as Task;
};
const read = async (id: string) => (await phone.get(`/api/tasks/${id}`)).body as Task;
const allTasks = async () => ((await phone.get('/api/tasks?limit=200')).body as { items: Task[] }).items;

const ROUNDS = 50;

describe('two devices writing one task at once', () => {
  it(`completing while the other device edits the title loses neither, ${ROUNDS} rounds`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const task = await create({ title: `round ${round}` });
      const [completed, edited] = await Promise.all([
        phone.patch(`/api/tasks/${task.id}/complete`, { isCompleted: true }),
        laptop.patch(`/api/tasks/${task.id}`, { title: `edited ${round}` }),
      ]);
      expect([completed.status, edited.status]).toEqual([200, 200]);
      expect(await read(task.id)).toMatchObject({ title: `edited ${round}`, isCompleted: true, status: 'completed' });
    }
  }, 120_000);

  it(`a status change and a priority edit both stay, ${ROUNDS} rounds`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const task = await create({ title: `round ${round}`, priority: 'low' });
      const [moved, edited] = await Promise.all([
        phone.patch(`/api/tasks/${task.id}`, { status: 'in_progress' }),
        laptop.patch(`/api/tasks/${task.id}`, { priority: 'urgent' }),
      ]);
      expect([moved.status, edited.status]).toEqual([200, 200]);
      expect(await read(task.id)).toMatchObject({ status: 'in_progress', priority: 'urgent', isCompleted: false });
    }
  }, 120_000);

  it('moving to the backlog while the other device renames keeps both', async () => {
    for (let round = 0; round < 20; round += 1) {
      const task = await create({ title: `round ${round}` });
      await Promise.all([phone.patch(`/api/tasks/${task.id}/backlog`), laptop.patch(`/api/tasks/${task.id}`, { description: 'notes' })]);
      expect(await read(task.id)).toMatchObject({ isBacklog: true, status: 'backlog', description: 'notes' });
    }
  }, 60_000);

  it('a recurring task completed while edited stays completed with exactly one next occurrence', async () => {
    for (let round = 0; round < 20; round += 1) {
      const task = await create({ title: `daily ${round}`, dueDate: '2026-03-09', isRecurring: true, recurringType: 'daily' });
      await Promise.all([
        phone.patch(`/api/tasks/${task.id}/complete`, { isCompleted: true }),
        laptop.patch(`/api/tasks/${task.id}`, { estimatedTime: '30min' }),
      ]);
      expect(await read(task.id)).toMatchObject({ isCompleted: true, estimatedTime: '30min' });
      const series = (await allTasks()).filter((x) => x.parentTaskId === task.id);
      expect(series).toHaveLength(1);
      expect(series[0]).toMatchObject({ dueDate: '2026-03-10', isCompleted: false });
    }
  }, 60_000);

  it('20 completions of one recurring task at once make exactly one next occurrence', async () => {
    const task = await create({ title: 'Standup', dueDate: '2026-03-09', isRecurring: true, recurringType: 'weekly' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? phone : laptop).patch(`/api/tasks/${task.id}/complete`, { isCompleted: true })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const open = (await allTasks()).filter((x) => x.title === 'Standup' && !x.isCompleted);
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ dueDate: '2026-03-16', parentTaskId: task.id });
  }, 60_000);
});

describe('writes racing a deletion', () => {
  it('delegating to a contact while it is deleted leaves no task delegated to nobody, and never a 500', async () => {
    await phone.patch('/api/auth/user/settings', { enableDelegation: true });
    for (let round = 0; round < 20; round += 1) {
      const task = await create({ title: `hand over ${round}` });
      const contact = (await phone.post('/api/delegation-contacts', { name: `Sam ${round}` })).body as { id: string };
      const [delegated, deleted] = await Promise.all([
        laptop.patch(`/api/tasks/${task.id}`, { isDelegated: true, delegatedToId: contact.id }),
        phone.delete(`/api/delegation-contacts/${contact.id}`),
      ]);
      expect([200, 404]).toContain(delegated.status);
      expect(deleted.status).toBe(204);
      expect(await read(task.id)).toMatchObject({ isDelegated: false, delegatedToId: null });
    }
  }, 60_000);

  it('assigning a client while it is deleted never answers 500 and leaves no dangling client', async () => {
    for (let round = 0; round < 20; round += 1) {
      const task = await create({ title: `bill ${round}` });
      const client = (await phone.post('/api/clients', { name: `Acme ${round}` })).body as { id: string };
      const [assigned, deleted] = await Promise.all([
        laptop.patch(`/api/tasks/${task.id}`, { clientId: client.id }),
        phone.delete(`/api/clients/${client.id}`),
      ]);
      expect([200, 404]).toContain(assigned.status);
      expect(deleted.status).toBe(204);
      expect((await read(task.id)).clientId).toBeNull();
    }
  }, 60_000);
});

describe('the live-task quota (DECISIONS 22)', () => {
  it('refuses the task past the quota with a clear message, even when requests arrive together', async () => {
    const me = (await phone.get('/api/auth/user')).body as { id: string };
    // One below the quota, written straight to the table (the api would take minutes).
    await t.orm.em.getConnection().execute(
      `insert into tasks (id, user_id, title) select gen_random_uuid(), ?, 'bulk ' || n from generate_series(1, ?) n`,
      [me.id, QUOTAS.liveTasks - 1],
    );
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? phone : laptop).post('/api/tasks', { title: `extra ${i}` })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused.map((a) => a.status)).toEqual(Array(9).fill(409));
    expect(refused[0]!.body).toEqual({ error: { code: 'quota_exceeded', message: quotaMessage('liveTasks') } });

    // Archiving one makes room; unarchiving it again is refused while the room is taken.
    const [first] = ((await phone.get('/api/tasks/active?limit=1')).body as { items: Task[] }).items;
    await phone.patch(`/api/tasks/${first!.id}/archive`);
    expect((await phone.post('/api/tasks', { title: 'fits again' })).status).toBe(201);
    expect((await phone.patch(`/api/tasks/${first!.id}/unarchive`)).status).toBe(409);
  }, 60_000);
});
