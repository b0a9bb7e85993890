import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@daybook/shared';
import { rowCounts, truncateAll } from '../test/test-db';
import { startTestApp, type ApiClient, type TestContext } from '../test/test-app';

/**
 * The bad input catalogue (issue 8 §2): each class of malformed or hostile input is answered with a
 * 4xx and a readable message — never a 500 — and a row count before and after shows nothing changed.
 */
let t: TestContext;
let anna: ApiClient;
let ids: { task: string; client: string; page: string; foreignTask: string; foreignClient: string };

beforeAll(async () => {
  t = await startTestApp();
  await truncateAll(t.orm);
  anna = t.client();
  await anna.signUpAndIn('anna');
  const bob = t.client();
  await bob.signUpAndIn('bob');
  ids = {
    task: (await anna.post('/api/tasks', { title: 'Mine' })).body.id,
    client: (await anna.post('/api/clients', { name: 'Acme' })).body.id,
    page: (await anna.post('/api/note-lists', { title: 'Page' })).body.id,
    foreignTask: (await bob.post('/api/tasks', { title: 'Theirs' })).body.id,
    foreignClient: (await bob.post('/api/clients', { name: 'Globex' })).body.id,
  };
});
afterAll(() => t.close());

type Send = (client: ApiClient) => Promise<{ status: number; body: { error?: { message?: string } } }>;
const raw = (method: 'post' | 'patch' | 'put', path: string, body: string, contentType = 'application/json'): Send => (client) =>
  client.agent[method](path).set(CSRF_HEADER, CSRF_HEADER_VALUE).set('Content-Type', contentType).send(body);

const cases: [string, Send][] = [
  ['empty title', (c) => c.post('/api/tasks', { title: '' })],
  ['whitespace-only title', (c) => c.post('/api/tasks', { title: ' \t\n ' })],
  ['over-long title', (c) => c.post('/api/tasks', { title: 'x'.repeat(501) })],
  ['over-long description', (c) => c.post('/api/tasks', { title: 'ok', description: 'x'.repeat(10_001) })],
  ['NUL byte in a title', (c) => c.post('/api/tasks', { title: 'a\u0000b' })],
  ['NUL byte in a client name', (c) => c.post('/api/clients', { name: 'Ac\u0000me' })],
  ['NUL byte in a note', (c) => c.post(`/api/note-lists/${ids.page}/items`, { content: 'x\u0000' })],
  ['number for a string', (c) => c.post('/api/tasks', { title: 42 })],
  ['object for a string', (c) => c.post('/api/clients', { name: { $ne: null } })],
  ['array for a scalar', (c) => c.post('/api/tasks', { title: ['a', 'b'] })],
  ['string for a boolean', (c) => c.patch(`/api/tasks/${ids.task}/complete`, { isCompleted: 'true' })],
  ['null for a required boolean', (c) => c.patch(`/api/tasks/${ids.task}/complete`, { isCompleted: null })],
  ['invalid uuid in a path', (c) => c.get('/api/tasks/not-a-uuid')],
  ['SQL in a path id', (c) => c.get("/api/tasks/1'%20or%20'1'='1")],
  ['invalid uuid in a body', (c) => c.post('/api/tasks', { title: 'ok', clientId: '1234' })],
  ['foreign client id in a body', (c) => c.post('/api/tasks', { title: 'ok', clientId: ids.foreignClient })],
  ['unknown client id in a body', (c) => c.post('/api/tasks', { title: 'ok', clientId: '00000000-0000-4000-8000-000000000009' })],
  ['impossible date 2026-02-30', (c) => c.post('/api/tasks', { title: 'ok', dueDate: '2026-02-30' })],
  ['impossible time 24:61', (c) => c.post('/api/tasks', { title: 'ok', dueTime: '24:61' })],
  ['words for a date', (c) => c.post('/api/tasks', { title: 'ok', dueDate: 'next tuesday' })],
  ['invalid timezone', (c) => c.patch('/api/auth/user/timezone', { timezone: 'Mars/Olympus_Mons' })],
  ['invalid colour', (c) => c.post('/api/clients', { name: 'Acme 2', color: 'red' })],
  ['colour with CSS injection', (c) => c.post('/api/clients', { name: 'Acme 3', color: '#fff;background:url(x)' })],
  ['negative sortOrder', (c) => c.patch('/api/clients/reorder', { clients: [{ id: ids.client, sortOrder: -1 }] })],
  ['huge sortOrder', (c) => c.patch('/api/clients/reorder', { clients: [{ id: ids.client, sortOrder: 2 ** 40 }] })],
  ['fractional sortOrder', (c) => c.post('/api/tasks', { title: 'ok', sortOrder: 1.5 })],
  ['huge recurring interval', (c) => c.post('/api/tasks', { title: 'ok', isRecurring: true, recurringType: 'daily', recurringInterval: 1e9 })],
  ['duplicate ids in a reorder', (c) => c.patch('/api/tasks/reorder', { taskIds: [ids.task, ids.task], type: 'active' })],
  ['foreign id in a reorder', (c) => c.patch('/api/tasks/reorder', { taskIds: [ids.task, ids.foreignTask], type: 'active' })],
  ['empty reorder list', (c) => c.patch('/api/tasks/reorder', { taskIds: [], type: 'active' })],
  ['unknown reorder type', (c) => c.patch('/api/tasks/reorder', { taskIds: [ids.task], type: 'everything' })],
  ['more than 3 daily priorities', (c) => c.put('/api/daily-plan', { priorityTaskIds: [ids.task, ids.task, ids.task, ids.task] })],
  ['1 MB body', (c) => c.post('/api/tasks', { title: 'ok', description: 'x'.repeat(1_048_576) })],
  ['malformed JSON', raw('post', '/api/tasks', '{"title": "ok",')],
  ['JSON array body', raw('post', '/api/tasks', '[{"title":"ok"}]')],
  ['JSON string body', raw('post', '/api/tasks', '"ok"')],
  ['text/plain body', raw('post', '/api/tasks', 'title=ok', 'text/plain')],
  ['form-encoded body', raw('post', '/api/tasks', 'title=ok', 'application/x-www-form-urlencoded')],
  ['__proto__ key', raw('post', '/api/tasks', '{"__proto__": {"isAdmin": true}, "title": ""}')],
  ['constructor.prototype key', raw('post', '/api/clients', '{"constructor": {"prototype": {"x": 1}}, "name": ""}')],
  ['repeated query parameter', (c) => c.get('/api/tasks/calendar?start=2026-03-08T05:00:00Z&start=2026-03-09T05:00:00Z&end=2026-03-15T04:00:00Z')],
  ['reversed calendar range', (c) => c.get('/api/tasks/calendar?start=2026-03-15T04:00:00Z&end=2026-03-08T05:00:00Z')],
  ['calendar window over 62 days', (c) => c.get('/api/tasks/calendar?start=2026-01-01T00:00:00Z&end=2026-06-01T00:00:00Z')],
  ['garbage archived cursor', (c) => c.get('/api/tasks/archived?cursor=%00%00')],
  ['negative page limit', (c) => c.get('/api/tasks/archived?limit=-5')],
  ['invalid time increment value', (c) => c.post('/api/time-increments', { label: '7 hours', value: '7h' })],
  ['time increment label not matching value', (c) => c.post('/api/time-increments', { label: '5 days', value: '2h' })],
  ['page made its own parent', (c) => c.patch(`/api/note-lists/${ids.page}`, { parentPageId: ids.page })],
  ['missing CSRF header', (c) => c.agent.post('/api/tasks').send({ title: 'ok' })],
];

describe('bad input catalogue', () => {
  it('has at least 40 classes', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
  });

  it.each(cases)('%s → 4xx with a message, nothing stored', async (_name, send) => {
    const before = await rowCounts(t.orm);
    const res = await send(anna);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body.error?.message ?? '').not.toBe('');
    expect(await rowCounts(t.orm)).toEqual(before);
  });

  it('keeps RTL text and emoji intact (valid input stays valid)', async () => {
    const title = 'مرحبا 👋 שלום \u202Egnp.exe';
    const res = await anna.post('/api/tasks', { title });
    expect(res.status).toBe(201);
    expect((await anna.get(`/api/tasks/${res.body.id}`)).body.title).toBe(title);
  });
});
