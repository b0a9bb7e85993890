import { RequestContext } from '@mikro-orm/core';
import { ESTIMATE_HABITS_MAX, type Client } from '@daybook/shared';
import type { Actor } from '../../core/actor';
import { rowCounts, truncateAll } from '../../test/test-db';
import { startTestApp, type ApiClient, type TestContext } from '../../test/test-app';
import { createClientsService } from '../clients/clients.service';
import { createCaptureService } from './capture.service';

/** Corrections teach the structurer (DECISIONS 28): client aliases and usual estimates, on the real database. */

let t: TestContext;
let anna: ApiClient;
let bob: ApiClient;
let annaId: string;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await truncateAll(t.orm);
  anna = t.client();
  bob = t.client();
  annaId = (await anna.signUpAndIn('anna')).id;
  await bob.signUpAndIn('bob');
});

const newClient = async (client: ApiClient, name: string, aliases: string[] = []) => (await client.post('/api/clients', { name, aliases })).body as Client;
const correct = (client: ApiClient, body: unknown) => client.post('/api/capture/corrections', body);
const context = async (client: ApiClient) => (await client.get('/api/capture/context')).body as { habits: unknown[]; modelReview: boolean };
const sql = () => t.orm.em.getConnection();

describe('GET /api/capture/context', () => {
  it('answers no habits and no model review for a new user of the rules provider', async () => {
    expect(await context(anna)).toEqual({ habits: [], modelReview: false });
  });

  it('needs a session', async () => {
    expect((await t.client().get('/api/capture/context')).status).toBe(401);
  });
});

describe('POST /api/capture/corrections', () => {
  it('learns an alias into the named client and answers it', async () => {
    const harbor = await newClient(anna, 'Harbor Dental', ['the dentists']);
    const res = await correct(anna, { clientAliases: [{ alias: 'Dr. Lee', clientId: harbor.id }, { alias: 'THE DENTISTS', clientId: harbor.id }] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ clients: [{ ...harbor, aliases: ['the dentists', 'Dr. Lee'], updatedAt: expect.any(String) }], habits: [], skippedAliases: [] });
    expect(((await anna.get('/api/clients')).body as Client[])[0]!.aliases).toEqual(['the dentists', 'Dr. Lee']);
  });

  it('skips an alias another client answers to and reports it; learns the rest', async () => {
    const harbor = await newClient(anna, 'Harbor Dental');
    const northwind = await newClient(anna, 'Northwind', ['NW']);
    const res = await correct(anna, {
      clientAliases: [
        { alias: 'nw', clientId: harbor.id },
        { alias: 'northwind', clientId: harbor.id },
        { alias: 'the dentists', clientId: harbor.id },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.skippedAliases).toEqual([
      { alias: 'nw', clientId: harbor.id, reason: 'taken' },
      { alias: 'northwind', clientId: harbor.id, reason: 'taken' },
    ]);
    expect(res.body.clients.map((c: Client) => [c.name, c.aliases])).toEqual([['Harbor Dental', ['the dentists']]]);
    expect(((await anna.get('/api/clients')).body as Client[]).find((c) => c.id === northwind.id)!.aliases).toEqual(['NW']);
  });

  it('is 404 for another user’s client, like a missing one, and stores nothing (no alias, no habit)', async () => {
    const mine = await newClient(anna, 'Harbor Dental');
    const bobs = await newClient(bob, 'Smile Co');
    const before = await rowCounts(t.orm);
    for (const clientId of [bobs.id, '00000000-0000-4000-8000-000000000001']) {
      const res = await correct(anna, {
        clientAliases: [
          { alias: 'the dentists', clientId: mine.id },
          { alias: 'smiles', clientId },
        ],
        estimates: [{ title: 'Payroll run', estimatedTime: '1h' }],
      });
      expect(res.status).toBe(404);
      expect(res.body.error).toEqual({ code: 'not_found', message: 'Client not found' });
    }
    expect(await rowCounts(t.orm)).toEqual(before);
    expect(((await anna.get('/api/clients')).body as Client[])[0]!.aliases).toEqual([]);
  });

  it('stores an estimate as the usual one of its kind of work; the newest wins', async () => {
    await newClient(anna, 'Harbor Dental');
    const first = await correct(anna, { estimates: [{ title: 'Weekly review with Harbor Dental', estimatedTime: '1h' }, { title: 'Draft the lease', estimatedTime: '2h' }] });
    expect(first.status).toBe(200);
    expect(first.body.habits).toEqual([
      { kind: 'weekly review', estimatedTime: '1h' },
      { kind: 'draft lease', estimatedTime: '2h' },
    ]);
    await correct(anna, { estimates: [{ title: 'weekly review', estimatedTime: '45min' }] });
    expect((await context(anna)).habits).toEqual([
      { kind: 'weekly review', estimatedTime: '45min' },
      { kind: 'draft lease', estimatedTime: '2h' },
    ]);
    // Another user's habits are theirs.
    expect((await context(bob)).habits).toEqual([]);
  });

  it(`keeps at most ESTIMATE_HABITS_MAX (${ESTIMATE_HABITS_MAX}) habits per user, the least recently updated going first`, async () => {
    // The user's habits are full; 'site visit' is the oldest of them.
    await sql().execute(
      `insert into estimate_habits (id, user_id, kind, estimated_time, updated_at)
       select gen_random_uuid(), ?, 'old kind ' || n, '1h', now() - make_interval(mins => n) from generate_series(1, ?) n`,
      [annaId, ESTIMATE_HABITS_MAX - 1],
    );
    await sql().execute(`insert into estimate_habits (id, user_id, kind, estimated_time, updated_at) values (gen_random_uuid(), ?, 'site visit', '2h', now() - interval '10 days')`, [annaId]);
    const res = await correct(anna, { estimates: [{ title: 'Payroll run', estimatedTime: '1h' }, { title: 'Site visit', estimatedTime: '3h' }] });
    expect(res.body.habits).toEqual([
      { kind: 'payroll run', estimatedTime: '1h' },
      { kind: 'site visit', estimatedTime: '3h' },
    ]);
    const rows = await sql().execute<{ kind: string; estimated_time: string }[]>('select kind, estimated_time from estimate_habits where user_id = ? order by updated_at desc', [annaId]);
    expect(rows).toHaveLength(ESTIMATE_HABITS_MAX);
    // Updated, 'site visit' is the newest now and stays; the oldest other habit made room for 'payroll run'.
    expect(rows.slice(0, 2).map((r) => [r.kind, r.estimated_time])).toEqual([
      ['site visit', '3h'],
      ['payroll run', '1h'],
    ]);
    const kinds = new Set(rows.map((r) => r.kind));
    expect(kinds.has(`old kind ${ESTIMATE_HABITS_MAX - 1}`)).toBe(false);
    expect(kinds.has(`old kind ${ESTIMATE_HABITS_MAX - 2}`)).toBe(true);
    expect((await context(anna)).habits).toHaveLength(ESTIMATE_HABITS_MAX);
  });

  it('holds the limit when corrections arrive together', async () => {
    const clients = createClientsService(t.orm.em);
    const capture = createCaptureService(t.orm.em, clients, { modelReview: false, habitsMax: 3 });
    const actor: Actor = { id: annaId, username: 'anna', role: 'user', timezone: 'America/New_York', enableDelegation: false };
    const kinds = ['Payroll run', 'Draft the lease', 'Site visit', 'Weekly review', 'Tax filing', 'Board minutes'];
    await Promise.all(kinds.map((title) => RequestContext.create(t.orm.em, () => capture.learn(actor, { clientAliases: [], estimates: [{ title, estimatedTime: '1h' }] }))));
    const [row] = await sql().execute<{ n: number }[]>('select count(*)::int as n from estimate_habits where user_id = ?', [annaId]);
    expect(row!.n).toBe(3);
  });

  it('never gives one alias to two clients when corrections arrive together', async () => {
    const names = ['Alpha Legal', 'Beta Legal', 'Gamma Legal', 'Delta Legal'];
    const clients = await Promise.all(names.map((name) => newClient(anna, name)));
    const answers = await Promise.all(clients.map((client) => correct(anna, { clientAliases: [{ alias: 'the lawyers', clientId: client.id }] })));
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200]);
    expect(answers.filter((res) => res.body.skippedAliases.length === 0)).toHaveLength(1);
    const [row] = await sql().execute<{ n: number }[]>(`select count(*)::int as n from clients where 'the lawyers' = any(aliases)`);
    expect(row!.n).toBe(1);
  });

  it.each([
    [{ estimates: [{ title: 'Payroll run', estimatedTime: 'a while' }] }, 'Estimate must be a duration such as 30min, 2h or 1d'],
    [{ clientAliases: [{ alias: '  ', clientId: '00000000-0000-4000-8000-000000000001' }] }, 'An alias must not be blank'],
    [{ clientAliases: [{ alias: 'x', clientId: 'acme' }] }, null],
  ])('refuses an invalid correction with 400 %#', async (body, message) => {
    const res = await correct(anna, body);
    expect(res.status).toBe(400);
    if (message) expect(res.body.error.message).toBe(message);
  });

  it('needs a session', async () => {
    expect((await correct(t.client(), { estimates: [] })).status).toBe(401);
  });
});
