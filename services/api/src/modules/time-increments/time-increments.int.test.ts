import { DEFAULT_TIME_INCREMENTS, type TimeIncrement } from '@daybook/shared';
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
const BASE = '/api/time-increments';
const values = (list: TimeIncrement[]) => list.map((i) => i.value);

describe('time increments', () => {
  it('lists a new user’s defaults, shortest first', async () => {
    const res = await anna.get(BASE);
    expect(res.status).toBe(200);
    expect(res.body.map(({ label, value }: TimeIncrement) => ({ label, value }))).toEqual(DEFAULT_TIME_INCREMENTS);
  });

  it('adds one (201) and keeps the list sorted by minutes, a day counting 8 hours', async () => {
    const res = await anna.post(BASE, { label: '6 hours', value: '6h' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), label: '6 hours', value: '6h' });
    await anna.post(BASE, { label: '10 hours', value: '10h' });
    await anna.post(BASE, { label: '5 minutes', value: '5min' });
    await anna.post(BASE, { label: '2 days', value: '2d' });
    expect(values((await anna.get(BASE)).body)).toEqual(['5min', '15min', '30min', '45min', '1h', '2h', '4h', '6h', '1d', '10h', '2d']);
  });

  it('refuses a duplicate with 409 and a clear message', async () => {
    const res = await anna.post(BASE, { label: '1 hour', value: '1h' });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('This time increment already exists');
    // Another user may have the same value.
    expect((await bob.post(BASE, { label: '3 days', value: '3d' })).status).toBe(201);
    expect((await anna.post(BASE, { label: '3 days', value: '3d' })).status).toBe(201);
  });

  it.each([
    [{ label: '7 minutes', value: '7min' }, 'Value must be {n}min, {n}h or {n}d with n one of 1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 30, 45'],
    [{ label: '2 weeks', value: '2w' }, null],
    [{ label: '1.5 hours', value: '1.5h' }, null],
    [{ label: '', value: '2h' }, 'Label is required'],
    [{ value: '2h' }, 'Label is required'],
    [{ label: '2 hours' }, 'Value is required'],
    [{ label: '2 hour', value: '2h' }, "Label must be '2 hours'"],
    [{ label: '1 hours', value: '1h' }, "Label must be '1 hour'"],
    [{ label: 2, value: 2 }, null],
  ])('refuses %j with 400', async (body, message) => {
    const before = await rowCounts(t.orm);
    const res = await anna.post(BASE, body);
    expect(res.status).toBe(400);
    if (message) expect(res.body.error.message).toBe(message);
    expect(await rowCounts(t.orm)).toEqual(before);
  });

  it('deletes one of the user’s own; another user’s or an unknown id is 404 and changes nothing', async () => {
    const [first] = (await anna.get(BASE)).body as TimeIncrement[];
    const before = await rowCounts(t.orm);
    expect((await bob.delete(`${BASE}/${first!.id}`)).status).toBe(404);
    expect((await anna.delete(`${BASE}/${MISSING}`)).status).toBe(404);
    expect((await anna.delete(`${BASE}/nope`)).status).toBe(400);
    expect(await rowCounts(t.orm)).toEqual(before);
    expect((await anna.delete(`${BASE}/${first!.id}`)).status).toBe(204);
    expect(values((await anna.get(BASE)).body)).not.toContain(first!.value);
    expect(values((await bob.get(BASE)).body)).toContain(first!.value);
    // Deleted, it can be added again.
    expect((await anna.post(BASE, { label: first!.label, value: first!.value })).status).toBe(201);
  });

  it.each([
    ['get', BASE],
    ['post', BASE],
    ['delete', `${BASE}/${MISSING}`],
  ])('%s %s is 401 signed out', async (method, path) => {
    const guest = t.client();
    const before = await rowCounts(t.orm);
    const res = method === 'get' ? await guest.get(path) : method === 'delete' ? await guest.delete(path) : await guest.post(path, { label: '3 days', value: '3d' });
    expect(res.status).toBe(401);
    expect(await rowCounts(t.orm)).toEqual(before);
  });
});
