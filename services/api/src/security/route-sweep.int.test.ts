import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@daybook/shared';
import { truncateAll } from '../test/test-db';
import { startTestApp, type ApiClient, type TestContext } from '../test/test-app';

/**
 * A sweep of every route the app serves (found in its routers, so a new route is swept without being
 * listed here) with hostile paths, queries and JSON bodies: wrong types, impossible dates, huge numbers,
 * NUL bytes, lone surrogates, invalid percent-encoding, other rows' ids and a signed-in user's own ids.
 * Whatever a route answers, it is never a 5xx (the bad-input catalogue checks the messages and that
 * nothing changed, class by class). The draws come from a fixed seed, so a failure repeats.
 */
let t: TestContext;
let anna: ApiClient;
const ownIds: string[] = [];

beforeAll(async () => {
  t = await startTestApp();
  await truncateAll(t.orm);
  anna = t.client();
  await anna.signUpAndIn('anna');
  const client = (await anna.post('/api/clients', { name: 'Acme' })).body.id;
  const page = (await anna.post('/api/note-lists', { title: 'Page' })).body.id;
  ownIds.push(
    client,
    page,
    (await anna.post('/api/tasks', { title: 'Mine', clientId: client, dueDate: '2026-11-25', recurrence: { frequency: 'daily' } })).body.id,
    (await anna.post(`/api/note-lists/${page}/items`, { content: 'note' })).body.id,
    (await anna.post('/api/delegation-contacts', { name: 'Bob' })).body.id,
  );
});
afterAll(() => t.close());

const REQUESTS_PER_ROUTE = 25;
let state = 12345;
const random = () => (state = (state * 48271) % 2147483647) / 2147483647;
const pick = <T,>(choices: readonly T[]): T => choices[Math.floor(random() * choices.length)]!;

const STRINGS = ['', ' ', 'x', 'a'.repeat(5000), '\u0000', '\ud800', '2026-02-30', '9999-12-31', '0000-01-01', '1899-12-31', '10000-01-01',
  '2999-12-31T23:59:59Z', '2026-11-25T10:00:00+14:00', '-infinity', 'NaN', '1e400', '-1', "' or 1=1 --", '25:00', '23:59', '%', '\\', '<script>',
  '00000000-0000-0000-0000-000000000000', '00000000-0000-4000-8000-000000000009', '#fff', 'daily', 'active', 'backlog', 'high', 'Europe/Paris', 'Mars/Base'];
const NUMBERS = [-1, 0, 1, 1.5, 59, 1440, 100_000, 2 ** 31, 2 ** 53, -(2 ** 63), 1e308, 1e-9];
const FIELDS = ['title', 'name', 'content', 'description', 'dueDate', 'dueTime', 'priority', 'status', 'clientId', 'taskIds', 'isCompleted', 'color',
  'timezone', 'estimatedTime', 'recurrence', 'sortOrder', 'items', 'type', 'date', 'startDate', 'endDate', 'start', 'end', 'minutes', 'hourlyRate',
  'currency', 'url', 'email', 'password', 'newPassword', 'currentPassword', 'username', 'input', 'contactId', 'documentLinks', 'noteListId', 'taskId',
  'clients', 'column', 'remindAt', 'channel', 'enabled', 'expiresAt', 'label', 'role', 'billable', 'startedAt', 'endedAt', 'frequency', 'interval', 'until'];
const QUERY_PARAMS = ['limit', 'cursor', 'start', 'end', 'startDate', 'endDate', 'date', 'query', 'clientId', 'status', 'type', 'from', 'to', 'period', 'archived', 'billable'];

function value(): unknown {
  const r = random();
  if (r < 0.4) return pick(STRINGS);
  if (r < 0.5) return pick([null, true, false]);
  if (r < 0.65) return pick(NUMBERS);
  if (r < 0.75) return pick([[], {}, [[]], [1, 2], ['x'], { a: 1 }]);
  return pick(ownIds);
}

function body(): unknown {
  if (random() < 0.05) return pick([null, [], 'x', 1]);
  const fields: Record<string, unknown> = {};
  for (let n = Math.ceil(random() * 4); n > 0; n -= 1) {
    const r = random();
    fields[pick(FIELDS)] = r < 0.15 ? { frequency: value(), interval: value(), [pick(FIELDS)]: value() } : r < 0.25 ? [value(), value()] : value();
  }
  return fields;
}

function query(): string {
  const params = new URLSearchParams();
  for (let n = Math.floor(random() * 4); n > 0; n -= 1) {
    const v = value();
    params.append(pick(QUERY_PARAMS), typeof v === 'string' ? v : JSON.stringify(v));
  }
  return params.toString();
}

function pathParam(): string {
  if (random() < 0.6) return pick(ownIds);
  const v = pick(STRINGS).slice(0, 300);
  return v === '\ud800' ? '%ED%A0%80%FF' : encodeURIComponent(v); // not UTF-8 once decoded
}

interface Route {
  path: string;
  methods: string[];
}
function routes(): Route[] {
  const routers = (t.app.middleware as Array<{ router?: { stack: Route[] } }>).flatMap((middleware) => middleware.router?.stack ?? []);
  return routers.map((layer) => ({ path: layer.path, methods: layer.methods.filter((method) => method !== 'HEAD') }));
}

it('answers hostile input on every route without a 5xx', async () => {
  const found = routes();
  expect(found.length).toBeGreaterThan(100);
  const failures: string[] = [];
  for (const route of found) {
    for (const method of route.methods) {
      for (let n = 0; n < REQUESTS_PER_ROUTE; n += 1) {
        const path = route.path.replace(/:\w+/g, pathParam);
        const search = method === 'GET' || random() < 0.2 ? query() : '';
        const url = search ? `${path}?${search}` : path;
        const sent = body();
        let request = anna.agent[method.toLowerCase() as 'get'](url).set(CSRF_HEADER, CSRF_HEADER_VALUE);
        if (method !== 'GET' && method !== 'DELETE') request = request.set('Content-Type', 'application/json').send(JSON.stringify(sent));
        const res = await request;
        if (res.status >= 500 && res.status !== 503) failures.push(`${res.status} ${method} ${url.slice(0, 200)} ${JSON.stringify(sent).slice(0, 200)}: ${res.text.slice(0, 200)}`);
        // A route that ends the session (logout, password change, account deletion) must not end the sweep.
        if (res.status === 401) await anna.signIn('anna');
      }
    }
  }
  expect(failures).toEqual([]);
}, 300_000);
