import { QUOTAS, quotaMessage, type Client } from '@daybook/shared';
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
const create = async (client: ApiClient, body: Record<string, unknown>) => {
  const res = await client.post('/api/clients', body);
  if (res.status !== 201) throw new Error(`create: ${res.status} ${res.text}`);
  return res.body as Client;
};
const names = (clients: Client[]) => clients.map((c) => c.name);
const sql = () => t.orm.em.getConnection();

describe('listing and creating clients', () => {
  it('creates with a trimmed name and the default colour, answering 201 with the client', async () => {
    const res = await anna.post('/api/clients', { name: '  Acme  ' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      name: 'Acme',
      color: '#e5e7eb',
      aliases: [],
      sortOrder: 0,
      hourlyRateMinor: null,
      billable: true,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updatedAt: expect.any(String),
    });
    const list = await anna.get('/api/clients');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([res.body]);
  });

  it('keeps a given colour, lower-cased, and treats a blank colour as the default', async () => {
    expect((await create(anna, { name: 'Globex', color: '#FF00AA' })).color).toBe('#ff00aa');
    expect((await create(anna, { name: 'Initech', color: '' })).color).toBe('#e5e7eb');
  });

  it('lists by sortOrder, then name ignoring case', async () => {
    for (const name of ['zeta', 'Beta', 'alpha', 'Delta']) await create(anna, { name });
    expect(names((await anna.get('/api/clients')).body)).toEqual(['alpha', 'Beta', 'Delta', 'zeta']);
    const [alpha, beta] = (await anna.get('/api/clients')).body as Client[];
    await anna.patch(`/api/clients/${alpha!.id}`, { sortOrder: 5 });
    await anna.patch(`/api/clients/${beta!.id}`, { sortOrder: 1 });
    expect(names((await anna.get('/api/clients')).body)).toEqual(['Delta', 'zeta', 'Beta', 'alpha']);
  });

  it('puts a new client at the end once the user has a manual order', async () => {
    const a = await create(anna, { name: 'Zed' });
    const b = await create(anna, { name: 'Amy' });
    await anna.patch('/api/clients/reorder', { clients: [{ id: a.id, sortOrder: 0 }, { id: b.id, sortOrder: 1 }] });
    const c = await create(anna, { name: 'Abe' });
    expect(c.sortOrder).toBe(2);
    expect(names((await anna.get('/api/clients')).body)).toEqual(['Zed', 'Amy', 'Abe']);
  });

  it.each([
    [{}, 'Client name is required'],
    [{ name: '' }, 'Client name is required'],
    [{ name: '   ' }, 'Client name is required'],
    [{ name: 42 }, 'Client name is required'],
    [{ name: 'x'.repeat(101) }, 'Must be at most 100 characters'],
    [{ name: 'Acme', color: 'red' }, 'Colour must be a hex colour like #e5e7eb'],
    [{ name: 'Acme', color: '#fff' }, 'Colour must be a hex colour like #e5e7eb'],
    [{ name: 'Acme', color: '#gggggg' }, 'Colour must be a hex colour like #e5e7eb'],
  ])('refuses %j with 400 "%s" and stores nothing', async (body, message) => {
    const before = await rowCounts(t.orm);
    const res = await anna.post('/api/clients', body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    expect(await rowCounts(t.orm)).toEqual(before);
  });

  it('refuses a body that is not an object', async () => {
    expect((await anna.post('/api/clients', ['Acme'])).status).toBe(400);
  });
});

describe('updating and deleting clients', () => {
  it('renames and recolours; an empty body changes nothing', async () => {
    const client = await create(anna, { name: 'Acme' });
    const res = await anna.patch(`/api/clients/${client.id}`, { name: ' Acme Corp ', color: '#123ABC' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: client.id, name: 'Acme Corp', color: '#123abc', sortOrder: 0 });
    const same = await anna.patch(`/api/clients/${client.id}`, {});
    expect(same.body).toMatchObject({ name: 'Acme Corp', color: '#123abc' });
  });

  it.each([
    [{ name: '' }, 'Client name is required'],
    [{ color: 'blue' }, 'Colour must be a hex colour like #e5e7eb'],
    [{ sortOrder: -1 }, 'Sort order must not be negative'],
    [{ sortOrder: 1_000_001 }, 'Sort order must be at most 1000000'],
    [{ sortOrder: '3' }, 'Sort order must be a number'],
  ])('refuses an update %j with "%s"', async (body, message) => {
    const client = await create(anna, { name: 'Acme' });
    const res = await anna.patch(`/api/clients/${client.id}`, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    expect((await anna.get('/api/clients')).body).toEqual([client]);
  });

  it('deletes a client; its tasks and notes stay, unassigned', async () => {
    const client = await create(anna, { name: 'Acme' });
    const task = await anna.post('/api/tasks', { title: 'Call Acme', clientId: client.id });
    expect(task.status).toBe(201);
    const page = await anna.post('/api/note-lists', { title: 'Acme notes', clientId: client.id });
    const item = await anna.post(`/api/note-lists/${page.body.id}/items`, { content: 'Invoice', clientId: client.id });
    expect(item.status).toBe(201);

    const res = await anna.delete(`/api/clients/${client.id}`);
    expect(res.status).toBe(204);
    expect((await anna.get('/api/clients')).body).toEqual([]);
    expect((await anna.get(`/api/tasks/${task.body.id}`)).body).toMatchObject({ title: 'Call Acme', clientId: null });
    expect((await anna.get('/api/note-lists')).body).toEqual([expect.objectContaining({ id: page.body.id, clientId: null })]);
    expect((await anna.get(`/api/note-lists/${page.body.id}/items`)).body.items).toEqual([expect.objectContaining({ id: item.body.id, clientId: null })]);
    expect((await anna.delete(`/api/clients/${client.id}`)).status).toBe(404);
  });
});

describe('hourly rate and billable (DECISIONS 31)', () => {
  it('keeps a rate in minor units, clears it back to the default, and turns billable off and on', async () => {
    const acme = await create(anna, { name: 'Acme', hourlyRateMinor: 8550, billable: false });
    expect(acme).toMatchObject({ hourlyRateMinor: 8550, billable: false });
    expect((await anna.patch(`/api/clients/${acme.id}`, { hourlyRateMinor: null })).body).toMatchObject({ hourlyRateMinor: null, billable: false });
    expect((await anna.patch(`/api/clients/${acme.id}`, { billable: true, hourlyRateMinor: 12000 })).body).toMatchObject({ hourlyRateMinor: 12000, billable: true });
    expect((await anna.patch(`/api/clients/${acme.id}`, { name: 'Acme Corp' })).body).toMatchObject({ hourlyRateMinor: 12000, billable: true });
    expect((await anna.get('/api/clients')).body).toEqual([expect.objectContaining({ name: 'Acme Corp', hourlyRateMinor: 12000, billable: true })]);
  });

  it.each([
    [{ hourlyRateMinor: 85.5 }, 'Hourly rate must be a whole number of minor units (cents)'],
    [{ hourlyRateMinor: -100 }, 'Hourly rate must not be negative'],
    [{ hourlyRateMinor: '8550' }, 'Hourly rate must be a number'],
    [{ hourlyRateMinor: 100_000_001 }, 'Hourly rate must be at most 100000000 minor units'],
    [{ billable: 'no' }, 'Billable must be true or false'],
  ])('refuses %j with 400 "%s" and changes nothing', async (body, message) => {
    const acme = await create(anna, { name: 'Acme', hourlyRateMinor: 5000 });
    const res = await anna.patch(`/api/clients/${acme.id}`, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    expect((await anna.post('/api/clients', { name: 'Other', ...body })).status).toBe(400);
    expect((await anna.get('/api/clients')).body).toEqual([acme]);
  });
});

describe('aliases (DECISIONS 28)', () => {
  it('creates, lists and replaces them, trimmed', async () => {
    const robertson = await create(anna, { name: 'Robertson Retail', aliases: ["  Bob's shop ", 'RR'] });
    expect(robertson.aliases).toEqual(["Bob's shop", 'RR']);
    expect((await anna.get('/api/clients')).body).toEqual([robertson]);
    const res = await anna.patch(`/api/clients/${robertson.id}`, { aliases: ['the corner store'] });
    expect(res.status).toBe(200);
    expect(res.body.aliases).toEqual(['the corner store']);
    expect((await anna.patch(`/api/clients/${robertson.id}`, { color: '#112233' })).body.aliases).toEqual(['the corner store']);
  });

  it('is 409 for an alias that is another client’s name or alias (any case), and stores nothing', async () => {
    const harbor = await create(anna, { name: 'Harbor Dental', aliases: ['the dentists'] });
    const northwind = await create(anna, { name: 'Northwind' });
    const before = await rowCounts(t.orm);
    for (const [res, alias] of [
      [await anna.post('/api/clients', { name: 'Southwind', aliases: ['harbor DENTAL'] }), 'harbor DENTAL'],
      [await anna.post('/api/clients', { name: 'Southwind', aliases: ['The Dentists'] }), 'The Dentists'],
      [await anna.patch(`/api/clients/${northwind.id}`, { aliases: ['x', 'THE DENTISTS'] }), 'THE DENTISTS'],
    ] as const) {
      expect(res.status).toBe(409);
      expect(res.body.error).toEqual({ code: 'conflict', message: `“${alias}” is already the name or an alias of another client` });
    }
    expect(await rowCounts(t.orm)).toEqual(before);
    expect((await anna.get('/api/clients')).body).toEqual([harbor, northwind]);
  });

  it('is 409 for a name that is another client’s alias', async () => {
    await create(anna, { name: 'Harbor Dental', aliases: ['the dentists'] });
    const northwind = await create(anna, { name: 'Northwind' });
    const created = await anna.post('/api/clients', { name: 'The Dentists' });
    expect(created.status).toBe(409);
    expect(created.body.error.message).toBe('“The Dentists” is already an alias of another client');
    expect((await anna.patch(`/api/clients/${northwind.id}`, { name: 'the dentists' })).status).toBe(409);
  });

  it('keeps users apart: another user may use the same aliases', async () => {
    await create(anna, { name: 'Harbor Dental', aliases: ['the dentists'] });
    expect((await bob.post('/api/clients', { name: 'Smile Co', aliases: ['the dentists'] })).status).toBe(201);
  });

  it('never gives one alias to two clients, even when two requests ask at once', async () => {
    const clients = await Promise.all(['Alpha Legal', 'Beta Legal', 'Gamma Legal', 'Delta Legal'].map((name) => create(anna, { name })));
    const answers = await Promise.all(clients.map((client) => anna.patch(`/api/clients/${client.id}`, { aliases: ['the lawyers'] })));
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409, 409, 409]);
    const [row] = await sql().execute<{ n: number }[]>(`select count(*)::int as n from clients where 'the lawyers' = any(aliases)`);
    expect(row!.n).toBe(1);
  });

  it('refuses aliases that are blank, repeated or too many (400)', async () => {
    const acme = await create(anna, { name: 'Acme' });
    for (const aliases of [[' '], ['AC', 'ac'], Array.from({ length: 21 }, (_, i) => `a${i}`), 'Acme Inc']) {
      expect((await anna.patch(`/api/clients/${acme.id}`, { aliases })).status).toBe(400);
    }
  });
});

describe('reordering clients', () => {
  it('applies every new sortOrder and answers the list in its new order', async () => {
    const a = await create(anna, { name: 'A' });
    const b = await create(anna, { name: 'B' });
    const c = await create(anna, { name: 'C' });
    const res = await anna.patch('/api/clients/reorder', {
      clients: [{ id: c.id, sortOrder: 0 }, { id: a.id, sortOrder: 1 }, { id: b.id, sortOrder: 2 }],
    });
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual(['C', 'A', 'B']);
    expect(names((await anna.get('/api/clients')).body)).toEqual(['C', 'A', 'B']);
  });

  it('lets simultaneous reorders of the same clients all succeed, without deadlocks', async () => {
    const created = [];
    for (let i = 0; i < 20; i += 1) created.push(await create(anna, { name: `C${String(i).padStart(2, '0')}` }));
    const forward = created.map((c, i) => ({ id: c.id, sortOrder: i }));
    const backward = created.map((c, i) => ({ id: c.id, sortOrder: created.length - i }));
    const orders = Array.from({ length: 10 }, (_, i) => anna.patch('/api/clients/reorder', { clients: i % 2 ? forward : [...backward].reverse() }));
    expect((await Promise.all(orders)).map((r) => r.status)).toEqual(Array(10).fill(200));
  });

  it('changes nothing when one id is unknown or another user’s (404)', async () => {
    const a = await create(anna, { name: 'A' });
    const b = await create(anna, { name: 'B' });
    const bobs = await create(bob, { name: 'Bob’s' });
    const before = (await anna.get('/api/clients')).body;
    for (const stranger of [MISSING, bobs.id]) {
      const res = await anna.patch('/api/clients/reorder', { clients: [{ id: b.id, sortOrder: 0 }, { id: a.id, sortOrder: 1 }, { id: stranger, sortOrder: 2 }] });
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe('Client not found');
    }
    expect((await anna.get('/api/clients')).body).toEqual(before);
    expect((await bob.get('/api/clients')).body).toEqual([bobs]);
  });

  it.each([
    [{ clients: [] }, 'At least one client is required'],
    [{ clients: 'x' }, null],
    [{}, null],
    [{ clients: [{ id: 'nope', sortOrder: 0 }] }, 'Invalid id'],
    [{ clients: [{ id: MISSING, sortOrder: -1 }] }, 'Sort order must not be negative'],
    [{ clients: [{ id: MISSING, sortOrder: 10_000_000 }] }, 'Sort order must be at most 1000000'],
    [{ clients: [{ id: MISSING, sortOrder: 0 }, { id: MISSING, sortOrder: 1 }] }, 'Client ids must not repeat'],
  ])('refuses %j with 400', async (body, message) => {
    const res = await anna.patch('/api/clients/reorder', body);
    expect(res.status).toBe(400);
    if (message) expect(res.body.error.message).toBe(message);
  });

  it('refuses duplicates of a real id and changes nothing', async () => {
    const a = await create(anna, { name: 'A' });
    const res = await anna.patch('/api/clients/reorder', { clients: [{ id: a.id, sortOrder: 3 }, { id: a.id, sortOrder: 4 }] });
    expect(res.status).toBe(400);
    expect((await anna.get('/api/clients')).body).toEqual([a]);
  });
});

describe('ownership and sign-in', () => {
  it('treats another user’s client as missing on every route, and changes nothing', async () => {
    const annas = await create(anna, { name: 'Acme', color: '#ff0000' });
    const before = await rowCounts(t.orm);
    expect((await bob.get('/api/clients')).body).toEqual([]);
    expect((await bob.patch(`/api/clients/${annas.id}`, { name: 'Hijacked' })).status).toBe(404);
    expect((await bob.patch(`/api/clients/${annas.id}`, {})).status).toBe(404);
    expect((await bob.delete(`/api/clients/${annas.id}`)).status).toBe(404);
    expect((await bob.patch('/api/clients/reorder', { clients: [{ id: annas.id, sortOrder: 9 }] })).status).toBe(404);
    expect(await rowCounts(t.orm)).toEqual(before);
    expect((await anna.get('/api/clients')).body).toEqual([annas]);
  });

  it('answers 404 for unknown and 400 for malformed ids', async () => {
    expect((await anna.patch(`/api/clients/${MISSING}`, { name: 'X' })).status).toBe(404);
    expect((await anna.delete(`/api/clients/${MISSING}`)).status).toBe(404);
    const bad = await anna.patch('/api/clients/not-a-uuid', { name: 'X' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Invalid id');
    expect((await anna.delete('/api/clients/not-a-uuid')).status).toBe(400);
  });

  it.each([
    ['get', '/api/clients'],
    ['post', '/api/clients'],
    ['patch', '/api/clients/reorder'],
    ['patch', `/api/clients/${MISSING}`],
    ['delete', `/api/clients/${MISSING}`],
  ])('%s %s is 401 signed out', async (method, path) => {
    const before = await rowCounts(t.orm);
    const guest = t.client();
    const res =
      method === 'get'
        ? await guest.get(path)
        : method === 'delete'
          ? await guest.delete(path)
          : await (method === 'post' ? guest.post(path, { name: 'Acme' }) : guest.patch(path, { clients: [{ id: MISSING, sortOrder: 0 }] }));
    expect(res.status).toBe(401);
    expect(await rowCounts(t.orm)).toEqual(before);
  });

  it('stores clients against their owner only', async () => {
    await create(anna, { name: 'Acme' });
    const rows = await sql().execute<{ username: string; n: string }[]>(
      'select u.username, count(c.id) as n from users u left join clients c on c.user_id = u.id group by u.username order by u.username',
    );
    expect(rows.map((r) => [r.username, Number(r.n)])).toEqual([['anna', 1], ['bob', 0]]);
  });
});

describe('the clients quota (DECISIONS 22)', () => {
  it('refuses clients past QUOTAS.clients with 409 and its message, also when created in parallel', async () => {
    const { id } = (await anna.get('/api/auth/user')).body as { id: string };
    await sql().execute(`insert into clients (id, user_id, name) select gen_random_uuid(), ?, 'Client ' || n from generate_series(1, ?) n`, [
      id,
      QUOTAS.clients - 2,
    ]);
    const answers = await Promise.all(['Acme', 'Globex', 'Initech', 'Hooli', 'Umbrella'].map((name) => anna.post('/api/clients', { name })));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(2);
    for (const res of answers.filter((r) => r.status !== 201)) {
      expect(res.status).toBe(409);
      expect(res.body.error).toEqual({ code: 'quota_exceeded', message: quotaMessage('clients') });
    }
    const [{ n } = { n: 0 }] = await sql().execute<{ n: string }[]>('select count(*) as n from clients where user_id = ?', [id]);
    expect(Number(n)).toBe(QUOTAS.clients);
    // Another user's allowance is their own.
    expect((await bob.post('/api/clients', { name: 'Acme' })).status).toBe(201);
  }, 30_000);
});
