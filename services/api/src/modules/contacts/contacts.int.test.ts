import { QUOTAS, quotaMessage, type DelegationContact, type Task } from '@daybook/shared';
import { rowCounts, truncateAll } from '../../test/test-db';
import { startTestApp, type ApiClient, type TestContext } from '../../test/test-app';

let t: TestContext;
let anna: ApiClient;
let bob: ApiClient;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await truncateAll(t.orm);
  anna = t.client();
  bob = t.client();
  await anna.signUpAndIn('anna');
  await bob.signUpAndIn('bob');
});

const MISSING = '00000000-0000-4000-8000-000000000001';
const BASE = '/api/delegation-contacts';
const create = async (client: ApiClient, name: string) => {
  const res = await client.post(BASE, { name });
  if (res.status !== 201) throw new Error(`create: ${res.status} ${res.text}`);
  return res.body as DelegationContact;
};
const createTask = async (client: ApiClient, body: Record<string, unknown>) => {
  const res = await client.post('/api/tasks', body);
  if (res.status !== 201) throw new Error(`task: ${res.status} ${res.text}`);
  return res.body as Task;
};

describe('delegation contacts', () => {
  it('refuses contacts past the quota (409 with the message), also when requests arrive together', async () => {
    const me = (await anna.get('/api/auth/user')).body as { id: string };
    await t.orm.em.getConnection().execute(
      `insert into delegation_contacts (id, user_id, name) select gen_random_uuid(), ?, 'contact ' || n from generate_series(1, ?) n`,
      [me.id, QUOTAS.contacts - 1],
    );
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => anna.post(BASE, { name: `extra ${i}` })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(answers.find((a) => a.status === 409)!.body.error).toEqual({ code: 'quota_exceeded', message: quotaMessage('contacts') });
    expect((await bob.post(BASE, { name: 'Sam' })).status).toBe(201);
  });

  it('creates with a trimmed name (201) and lists by sortOrder, then name', async () => {
    const res = await anna.post(BASE, { name: '  Sam  ' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), name: 'Sam', sortOrder: 0, createdAt: expect.any(String), updatedAt: expect.any(String) });
    await create(anna, 'alex');
    await create(anna, 'Zoe');
    const list = await anna.get(BASE);
    expect(list.status).toBe(200);
    expect(list.body.map((c: DelegationContact) => c.name)).toEqual(['alex', 'Sam', 'Zoe']);
  });

  it.each([
    [{}, 'Contact name is required'],
    [{ name: '' }, 'Contact name is required'],
    [{ name: ' \t ' }, 'Contact name is required'],
    [{ name: ['Sam'] }, 'Contact name is required'],
    [{ name: 'x'.repeat(101) }, 'Must be at most 100 characters'],
    [{ name: 'Sam\u0000' }, 'Text must not contain NUL characters'],
  ])('refuses %j with 400 "%s"', async (body, message) => {
    const before = await rowCounts(t.orm);
    const res = await anna.post(BASE, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    expect(await rowCounts(t.orm)).toEqual(before);
  });

  it('renames a contact', async () => {
    const sam = await create(anna, 'Sam');
    const res = await anna.patch(`${BASE}/${sam.id}`, { name: ' Samantha ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: sam.id, name: 'Samantha' });
    expect((await anna.patch(`${BASE}/${sam.id}`, {})).body).toMatchObject({ name: 'Samantha' });
    const blank = await anna.patch(`${BASE}/${sam.id}`, { name: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.body.error.message).toBe('Contact name is required');
  });

  it('deleting a contact un-delegates the tasks that pointed to it, and only those', async () => {
    const sam = await create(anna, 'Sam');
    const alex = await create(anna, 'Alex');
    const toSam = await createTask(anna, { title: 'For Sam', isDelegated: true, delegatedToId: sam.id, delegationNotes: 'by Friday' });
    const toAlex = await createTask(anna, { title: 'For Alex', isDelegated: true, delegatedToId: alex.id });
    expect(toSam).toMatchObject({ isDelegated: true, delegatedToId: sam.id });

    const res = await anna.delete(`${BASE}/${sam.id}`);
    expect(res.status).toBe(204);
    expect((await anna.get(BASE)).body.map((c: DelegationContact) => c.name)).toEqual(['Alex']);
    expect((await anna.get(`/api/tasks/${toSam.id}`)).body).toMatchObject({ isDelegated: false, delegatedToId: null, delegationNotes: 'by Friday' });
    expect((await anna.get(`/api/tasks/${toAlex.id}`)).body).toMatchObject({ isDelegated: true, delegatedToId: alex.id });
    expect((await anna.delete(`${BASE}/${sam.id}`)).status).toBe(404);
  });

  it('treats another user’s contact as missing on every route, and changes nothing', async () => {
    const sam = await create(anna, 'Sam');
    const task = await createTask(anna, { title: 'For Sam', isDelegated: true, delegatedToId: sam.id });
    const before = await rowCounts(t.orm);
    expect((await bob.get(BASE)).body).toEqual([]);
    expect((await bob.patch(`${BASE}/${sam.id}`, { name: 'Hijacked' })).status).toBe(404);
    expect((await bob.patch(`${BASE}/${sam.id}`, {})).status).toBe(404);
    expect((await bob.delete(`${BASE}/${sam.id}`)).status).toBe(404);
    expect(await rowCounts(t.orm)).toEqual(before);
    expect((await anna.get(BASE)).body).toEqual([sam]);
    expect((await anna.get(`/api/tasks/${task.id}`)).body).toMatchObject({ isDelegated: true, delegatedToId: sam.id });
  });

  it('answers 404 for unknown and 400 for malformed ids', async () => {
    expect((await anna.patch(`${BASE}/${MISSING}`, { name: 'X' })).status).toBe(404);
    expect((await anna.delete(`${BASE}/${MISSING}`)).status).toBe(404);
    expect((await anna.patch(`${BASE}/nope`, { name: 'X' })).status).toBe(400);
    expect((await anna.delete(`${BASE}/nope`)).status).toBe(400);
  });

  it.each([
    ['get', BASE],
    ['post', BASE],
    ['patch', `${BASE}/${MISSING}`],
    ['delete', `${BASE}/${MISSING}`],
  ])('%s %s is 401 signed out', async (method, path) => {
    const guest = t.client();
    const before = await rowCounts(t.orm);
    const res =
      method === 'get' ? await guest.get(path) : method === 'delete' ? await guest.delete(path) : method === 'post' ? await guest.post(path, { name: 'Sam' }) : await guest.patch(path, { name: 'Sam' });
    expect(res.status).toBe(401);
    expect(await rowCounts(t.orm)).toEqual(before);
  });
});
