import { randomUUID } from 'node:crypto';
import { rowCounts, truncateAll, withScratchDatabase } from '../test/test-db';
import { startTestApp, TEST_PASSWORD, type ApiClient, type TestContext } from '../test/test-app';

/**
 * Names are what they look like (issue 11 finding 8, DECISIONS 24): an admin's name cannot be copied
 * with an invisible character, a letter of another script or a text-direction override, neither at
 * registration nor by an admin; a user's client names are unique ignoring case, also under parallel creates.
 */

const ZERO_WIDTH_SPACE = '\u200b';
const CYRILLIC_A = '\u0430';
const RIGHT_TO_LEFT_OVERRIDE = '\u202e';
const INVISIBLE = 'Username must not contain invisible or text-direction characters';
const LOOKS_TAKEN = 'Username is too similar to an existing username';

let t: TestContext;
let admin: ApiClient;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await truncateAll(t.orm);
  await t.redis.flushdb();
  admin = t.client();
  await admin.signUpAndIn('admin');
});

const register = (username: string) => t.client().post('/api/register', { username, password: TEST_PASSWORD });
const adminCreates = (username: string) =>
  admin.post('/api/admin/users', { username, firstName: 'Mallory', lastName: 'Mimic', role: 'user', password: TEST_PASSWORD });

describe('look-alike usernames', () => {
  it.each([
    ['a zero-width space', `ad${ZERO_WIDTH_SPACE}min`, 400, INVISIBLE],
    ['a zero-width joiner', `admin\u200d`, 400, INVISIBLE],
    ['a right-to-left override', `${RIGHT_TO_LEFT_OVERRIDE}nimda`, 400, INVISIBLE],
    ['a left-to-right isolate', `admin\u2066`, 400, INVISIBLE],
    ['a Hangul filler', `admin\u3164`, 400, INVISIBLE],
    ['a C1 control character', `admin\u0085`, 400, 'Username must not contain spaces or control characters'],
    ['a Cyrillic "а"', `${CYRILLIC_A}dmin`, 409, LOOKS_TAKEN],
    ['Cyrillic capitals', '\u0410DM\u0406N', 409, LOOKS_TAKEN],
    ['mathematical letters (NFKC)', '\u{1d41a}\u{1d41d}\u{1d426}\u{1d422}\u{1d427}', 409, 'Username already exists'],
    ['full-width letters (NFKC)', '\uff41\uff44\uff4d\uff49\uff4e', 409, 'Username already exists'],
    ['"rn" for "m"', 'adrnin', 409, LOOKS_TAKEN],
    ['another case', 'ADMIN', 409, 'Username already exists'],
  ])('refuses the admin\'s name with %s, at registration and by an admin, and stores nothing', async (_case, username, status, message) => {
    const before = await rowCounts(t.orm);
    for (const res of [await register(username), await adminCreates(username)]) {
      expect(res.status).toBe(status);
      expect(res.body.error.message).toBe(message);
    }
    expect(await rowCounts(t.orm)).toEqual(before);
    const list = await admin.get('/api/admin/users');
    expect(list.body.map((u: { username: string }) => u.username)).toEqual(['admin']);
  });

  it('stores the NFKC form and signs in by it, whichever form is typed', async () => {
    const res = await register('\uff42\uff4f\uff42'); // full-width 'bob'
    expect(res.status).toBe(201);
    expect(res.body.username).toBe('bob');
    await t.client().signIn('bob');
    await t.client().signIn('\uff22\uff2f\uff22'); // full-width 'BOB'
  });

  it('lets distinct names in, accents included', async () => {
    for (const username of ['renee', 'renée', 'admin2', 'administrator']) expect((await register(username)).status).toBe(201);
  });

  it('settles simultaneous look-alikes: exactly one of them is created', async () => {
    const names = ['paypal', `p${CYRILLIC_A}ypal`, `payp${CYRILLIC_A}l`, 'paypa1', 'PAYPAL'];
    const answers = await Promise.all(names.map((name) => adminCreates(name)));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    for (const res of answers.filter((r) => r.status !== 201)) {
      expect(res.status).toBe(409);
      expect(['Username already exists', LOOKS_TAKEN]).toContain(res.body.error.message);
    }
  });
});

describe('client names', () => {
  const createClient = (client: ApiClient, name: string) => client.post('/api/clients', { name });

  it('refuses a duplicate name, in any case, with 409 and a message', async () => {
    expect((await createClient(admin, 'Acme')).status).toBe(201);
    for (const name of ['Acme', 'ACME', ' acme ']) {
      const res = await createClient(admin, name);
      expect(res.status).toBe(409);
      expect(res.body.error).toEqual({ code: 'conflict', message: 'A client with this name already exists' });
    }
    expect((await admin.get('/api/clients')).body).toHaveLength(1);
  });

  it('refuses a rename to a taken name, allows a change of case of its own name', async () => {
    const acme = (await createClient(admin, 'Acme')).body;
    const globex = (await createClient(admin, 'Globex')).body;
    const res = await admin.patch(`/api/clients/${globex.id}`, { name: 'acme' });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('A client with this name already exists');
    expect((await admin.patch(`/api/clients/${acme.id}`, { name: 'ACME' })).body.name).toBe('ACME');
    expect((await admin.get('/api/clients')).body.map((c: { name: string }) => c.name).sort()).toEqual(['ACME', 'Globex']);
  });

  it('is per user: another user may have a client of the same name', async () => {
    await createClient(admin, 'Acme');
    const bob = t.client();
    await bob.signUpAndIn('bob');
    expect((await createClient(bob, 'acme')).status).toBe(201);
  });

  it('settles parallel creates of one name: exactly one is created', async () => {
    const answers = await Promise.all(['Initech', 'initech', 'INITECH', 'Initech', 'iNiTeCh', 'Initech', 'initech', 'Initech'].map((n) => createClient(admin, n)));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(7);
    const [{ n } = { n: 0 }] = await t.orm.em.getConnection().execute<{ n: string }[]>(`select count(*) as n from clients where lower(name) = 'initech'`);
    expect(Number(n)).toBe(1);
  });

  it('settles a parallel rename and create of one name', async () => {
    const globex = (await createClient(admin, 'Globex')).body;
    const answers = await Promise.all([admin.patch(`/api/clients/${globex.id}`, { name: 'Hooli' }), createClient(admin, 'hooli')]);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 200 || r.status === 201)).toHaveLength(1);
    const [{ n } = { n: 0 }] = await t.orm.em.getConnection().execute<{ n: string }[]>(`select count(*) as n from clients where lower(name) = 'hooli'`);
    expect(Number(n)).toBe(1);
  });
});

describe('the migration on existing data (Migration20261124100000)', () => {
  it('normalises existing usernames, leaves earlier look-alikes without a skeleton, and makes duplicate client names distinct', async () => {
    await withScratchDatabase('names', async (orm) => {
      await orm.getMigrator().up({ to: 'Migration20261121110000' });
      const sql = orm.em.getConnection();
      const user = async (username: string, minutesAgo: number) => {
        const id = randomUUID();
        await sql.execute(`insert into users (id, username, password_hash, created_at) values (?, ?, 'x', now() - make_interval(mins => ?))`, [id, username, minutesAgo]);
        return id;
      };
      const anna = await user('anna', 50);
      await user(`${CYRILLIC_A}nna`, 40); // a look-alike that got in before
      const wide = await user('\uff42\uff4f\uff42', 30); // full-width 'bob'
      await user('\uff43\uff41\uff4c', 20); // full-width 'cal' ...
      await user('cal', 25); // ... whose NFKC form is taken
      const client = (userId: string, clientName: string, minutesAgo: number) =>
        sql.execute(`insert into clients (id, user_id, name, created_at) values (gen_random_uuid(), ?, ?, now() - make_interval(mins => ?))`, [userId, clientName, minutesAgo]);
      await client(anna, 'Acme', 10);
      await client(anna, 'ACME', 9);
      await client(anna, 'acme', 8);
      await client(anna, 'Acme (2)', 20);
      await client(wide, 'Acme', 7);

      await orm.getMigrator().up();

      const users = await sql.execute<{ username: string; username_skeleton: string | null }[]>(
        'select username, username_skeleton from users order by created_at',
      );
      expect(users).toEqual([
        { username: 'anna', username_skeleton: 'anna' },
        { username: `${CYRILLIC_A}nna`, username_skeleton: null },
        { username: 'bob', username_skeleton: 'bob' },
        { username: 'cal', username_skeleton: 'cal' },
        { username: '\uff43\uff41\uff4c', username_skeleton: null },
      ]);
      const clients = await sql.execute<{ name: string }[]>('select name from clients where user_id = ? order by created_at', [anna]);
      expect(clients.map((c) => c.name)).toEqual(['Acme (2)', 'Acme', 'ACME (2) (2)', 'acme (3)']);
      const indexes = await sql.execute<{ indexname: string }[]>(
        `select indexname from pg_indexes where indexname in ('users_username_skeleton_unique', 'clients_user_name_lower_unique') order by indexname`,
      );
      expect(indexes.map((i) => i.indexname)).toEqual(['clients_user_name_lower_unique', 'users_username_skeleton_unique']);
    });
  }, 120_000);
});
