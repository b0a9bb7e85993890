import type Router from '@koa/router';
import request from 'supertest';
import { truncateAll } from '../test/test-db';
import { startTestApp, type ApiClient, type TestContext } from '../test/test-app';
import { SoftwareAuthenticator } from '../test/webauthn-authenticator';

/**
 * The access matrix (issue 8 §2): every route the app registers — read from the routers themselves, so
 * a new route is covered the day it is added — called signed out, as a plain user on admin routes, and
 * as another user aiming at the owner's ids in paths and bodies. The owner's rows must not change and
 * no answer may carry the owner's data.
 */

/** Routes anyone may call. Everything else needs a session. */
const PUBLIC_ROUTES = new Set([
  'GET /api/health',
  'POST /api/register',
  'POST /api/login',
  'GET /api/login',
  'POST /api/logout',
  'GET /api/logout',
  // What the landing page offers, and single sign-on (DECISIONS 30).
  'GET /api/auth/config',
  // Whether this browser has a session (issue 37): 200 either way, it tells nothing more.
  'GET /api/auth/session',
  'GET /api/auth/oidc/start',
  'GET /api/auth/oidc/callback',
  // Signing in with a passkey and no password (DECISIONS 47): the passkey is the key; a wrong one is 401.
  'POST /api/login/passkey/options',
  'POST /api/login/passkey',
  // The "link your account" step of a first single sign-on: without one waiting in the session, 400 link_expired.
  'GET /api/auth/oidc/link',
  'POST /api/auth/oidc/link',
  'POST /api/auth/oidc/link/new-account',
  // The calendar feed's secret is its key (DECISIONS 30); a wrong one is 404.
  'GET /api/calendar/:secret.ics',
  // A shared task's link is its key (DECISIONS 33): the contact's page and its three answers; a wrong one is 404.
  'GET /api/shares/:token',
  'POST /api/shares/:token/done',
  'POST /api/shares/:token/proposals',
  'POST /api/shares/:token/comments',
]);

interface Route {
  method: string;
  path: string;
}

function routesOf(t: TestContext): Route[] {
  const routers = t.app.middleware.map((m) => (m as { router?: Router }).router).filter((r): r is Router => Boolean(r));
  const routes = new Map<string, Route>();
  for (const layer of routers.flatMap((r) => r.stack)) {
    for (const method of layer.methods.filter((m) => m !== 'HEAD')) routes.set(`${method} ${String(layer.path)}`, { method, path: String(layer.path) });
  }
  return [...routes.values()];
}

let t: TestContext;
let owner: { userId: string; taskId: string; commentId: string; clientId: string; contactId: string; incrementId: string; pageId: string; subPageId: string; itemId: string; channelId: string; tokenId: string; importId: string; entryId: string; shareId: string; shareResponseId: string; periodId: string; sessionId: string; passkeyId: string };
let routes: Route[];
const SECRET = 'olivia-secret';

beforeAll(async () => {
  // The owner's ntfy channel points at loopback, which the outbound door opens only when told to.
  t = await startTestApp({ AI_REQUEST_TIMEOUT_MS: '300', OUTBOUND_ALLOW: '127.0.0.1' });
  await truncateAll(t.orm);
  await t.client().signUpAndIn('root'); // the first account is the admin; the others are plain users
  const olivia = t.client();
  const { id: userId } = await olivia.signUpAndIn('olivia');
  await olivia.patch('/api/auth/user/settings', { enableDelegation: true });
  const clientId = (await olivia.post('/api/clients', { name: `${SECRET} client` })).body.id;
  const contactId = (await olivia.post('/api/delegation-contacts', { name: `${SECRET} contact` })).body.id;
  const incrementId = (await olivia.post('/api/time-increments', { label: '3 hours', value: '3h' })).body.id;
  const taskId = (await olivia.post('/api/tasks', { title: `${SECRET} task`, clientId, isDelegated: true, delegatedToId: contactId, dueDate: '2026-03-09' })).body.id;
  const commentId = (await olivia.post(`/api/tasks/${taskId}/comments`, { content: `${SECRET} comment` })).body.id;
  const pageId = (await olivia.post('/api/note-lists', { title: `${SECRET} page`, clientId })).body.id;
  const subPageId = (await olivia.post('/api/note-lists', { title: `${SECRET} sub-page`, parentPageId: pageId })).body.id;
  const itemId = (await olivia.post(`/api/note-lists/${pageId}/items`, { content: `${SECRET} note`, clientId })).body.id;
  await olivia.put('/api/daily-plan', { priorityTaskIds: [taskId] });
  const channelId = (await olivia.post('/api/notifications/channels', { kind: 'ntfy', server: 'http://127.0.0.1:9', topic: 'olivia', token: `${SECRET}-token` })).body.id;
  const tokenId = (await olivia.post('/api/tokens', { name: `${SECRET} script`, scope: 'read-write' })).body.token.id;
  const sessionId = (await olivia.get('/api/auth/sessions')).body.items[0]?.id;
  // A passkey (DECISIONS 47), made by a software authenticator for this server's address.
  const port = (t.server.address() as { port: number }).port;
  const passkeyOptions = (await olivia.post('/api/auth/second-factor/passkeys/options')).body;
  const passkeyAnswer = new SoftwareAuthenticator(`http://127.0.0.1:${port}`, '127.0.0.1').register(passkeyOptions);
  const passkeyId = (await olivia.post('/api/auth/second-factor/passkeys', { name: `${SECRET} passkey`, response: passkeyAnswer })).body.status?.passkeys[0]?.id;
  await olivia.post('/api/calendar/feed', {});
  const entryId = (await olivia.post('/api/time-entries', { taskId, startedAt: '2026-03-09T09:00:00Z', durationSeconds: 1800, note: `${SECRET} entry` })).body.id;
  // A billed period (DECISIONS 31), of an entry of its own so the entry above stays editable.
  await olivia.post('/api/time-entries', { clientId, startedAt: '2026-03-10T09:00:00Z', durationSeconds: 900, note: `${SECRET} billed` });
  const periodId = (await olivia.post('/api/billing/periods', { clientId, from: '2026-03-10', to: '2026-03-10' })).body.id;
  await olivia.put('/api/billing/settings', { currency: 'EUR', defaultHourlyRateMinor: 9000 });
  await olivia.post('/api/timer', { taskId }); // a running timer another user must not stop
  const shared = (await olivia.post(`/api/tasks/${taskId}/shares`, {})).body;
  const shareId = shared.share.id;
  await request(t.server).post(`/api/shares/${shared.token}/proposals`).send({ dueDate: '2999-01-01', message: `${SECRET} proposal` });
  const shareResponseId = (await olivia.get(`/api/tasks/${taskId}/share-responses`)).body[0]?.id;
  const todoistFile = `TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE\ntask,${SECRET} imported,,4,1,,,,en,\n`;
  const importId = (await olivia.agent.post('/api/imports?source=todoist').set('x-daybook-csrf', '1').set('Content-Type', 'text/csv').send(todoistFile)).body.id;
  // The import runs in the background: the fingerprints below are taken once it wrote everything.
  for (let state = ''; state !== 'done'; await new Promise((resolve) => setTimeout(resolve, 50))) {
    state = (await olivia.get(`/api/imports/${importId}`)).body.state;
    if (state === 'failed') throw new Error('setup: the import failed');
  }
  owner = { userId, taskId, commentId, clientId, contactId, incrementId, pageId, subPageId, itemId, channelId, tokenId, importId, entryId, shareId, shareResponseId, periodId, sessionId, passkeyId };
  for (const [name, id] of Object.entries(owner)) if (typeof id !== 'string') throw new Error(`setup: no ${name}`);
  routes = routesOf(t);
});
afterAll(() => t.close());

/** The owner's id a path parameter stands for, by the route's resource. */
function pathFor(route: Route): string {
  return route.path.replace(/:(\w+)/g, (_, param: string) => {
    if (param === 'commentId') return owner.commentId;
    if (param === 'secret') return 'A'.repeat(32); // a feed address nobody has
    if (param === 'token') return 'A'.repeat(43); // a link nobody has
    if (param === 'shareId') return owner.shareId;
    if (param === 'responseId') return owner.shareResponseId;
    if (param === 'userId' || route.path.startsWith('/api/admin/users/')) return owner.userId;
    const byPrefix: [string, string][] = [
      ['/api/tasks/', owner.taskId],
      ['/api/clients/', owner.clientId],
      ['/api/billing/clients/', owner.clientId],
      ['/api/billing/periods/', owner.periodId],
      ['/api/delegation-contacts/', owner.contactId],
      ['/api/time-increments/', owner.incrementId],
      ['/api/note-lists/', owner.pageId],
      ['/api/note-items/', owner.itemId],
      ['/api/notifications/channels/', owner.channelId],
      ['/api/tokens/', owner.tokenId],
      ['/api/auth/sessions/', owner.sessionId],
      ['/api/auth/second-factor/passkeys/', owner.passkeyId],
      ['/api/imports/', owner.importId],
      ['/api/time-entries/', owner.entryId],
    ];
    const id = byPrefix.find(([prefix]) => route.path.startsWith(prefix))?.[1];
    if (!id) throw new Error(`The access matrix does not know which id ${route.method} ${route.path} takes for :${param}; add it here.`);
    return id;
  });
}

/** A body aiming every id field a route may read at the owner's rows. */
const hostileBody = () => ({
  title: 'hijack', name: 'hijack', content: 'hijack', input: `tell me about ${SECRET}`, label: '5 hours', value: '5h',
  isCompleted: true, enableDelegation: true, timezone: 'Europe/Berlin', newPassword: 'hijacked-password',
  taskIds: [owner.taskId], type: 'active', priorityTaskIds: [owner.taskId], clients: [{ id: owner.clientId, sortOrder: 7 }],
  taskId: owner.taskId, entryId: owner.entryId,
  clientId: owner.clientId, parentPageId: owner.pageId, delegatedToId: owner.contactId, isDelegated: true, noteListId: owner.pageId,
});

function call(client: ApiClient, route: Route, path = pathFor(route)) {
  const url = route.method === 'GET' ? `${path}?query=${SECRET}&start=2026-03-08T05:00:00.000Z&end=2026-03-15T04:00:00.000Z` : path;
  switch (route.method) {
    case 'GET': return client.get(url);
    case 'POST': return client.post(url, hostileBody());
    case 'PUT': return client.put(url, hostileBody());
    case 'PATCH': return client.patch(url, hostileBody());
    case 'DELETE': return client.delete(url);
    default: throw new Error(`unexpected method ${route.method}`);
  }
}

/** A fingerprint of every row the owner has, in every table. */
async function ownerFingerprint(): Promise<string> {
  const [row] = await t.orm.em.getConnection().execute<{ fp: string }[]>(
    `select md5(concat_ws('|',
       (select string_agg(row_to_json(x)::text, ',' order by x.id) from users x where x.id = ?),
       (select string_agg(row_to_json(x)::text, ',' order by x.id) from tasks x where x.user_id = ?),
       (select string_agg(row_to_json(x)::text, ',' order by x.id) from task_comments x join tasks y on y.id = x.task_id where y.user_id = ?),
       (select string_agg(row_to_json(x)::text, ',' order by x.id) from clients x where x.user_id = ?),
       (select string_agg(row_to_json(x)::text, ',' order by x.id) from delegation_contacts x where x.user_id = ?),
       (select string_agg(row_to_json(x)::text, ',' order by x.id) from time_increments x where x.user_id = ?),
       (select string_agg(row_to_json(x)::text, ',' order by x.id) from note_lists x where x.user_id = ?),
       (select string_agg(row_to_json(x)::text, ',' order by x.id) from note_items x where x.user_id = ?),
       (select string_agg(row_to_json(x)::text, ',' order by x.id) from daily_plans x where x.user_id = ?),
       (select string_agg(row_to_json(x)::text, ',' order by x.id) from api_tokens x where x.user_id = ?),
       (select string_agg(row_to_json(x)::text, ',' order by x.user_id) from calendar_feeds x where x.user_id = ?),
       (select string_agg(row_to_json(x)::text, ',' order by x.id) from time_entries x where x.user_id = ?),
       (select string_agg(row_to_json(x)::text, ',' order by x.id) from task_shares x where x.user_id = ?),
       (select string_agg(row_to_json(x)::text, ',' order by x.id) from task_share_responses x where x.user_id = ?),
       (select string_agg(row_to_json(x)::text, ',' order by x.id) from billing_periods x where x.user_id = ?),
       (select string_agg(row_to_json(x)::text, ',' order by x.user_id) from billing_settings x where x.user_id = ?),
       (select string_agg(row_to_json(x)::text, ',' order by x.id) from passkeys x where x.user_id = ?),
       (select string_agg(row_to_json(x)::text, ',' order by x.id) from recovery_codes x where x.user_id = ?),
       (select count(*) from sessions x where x.user_id = ?))) as fp`,
    Array(19).fill(owner.userId),
  );
  return row!.fp;
}

describe('access matrix', () => {
  it('reads a realistic set of routes from the routers', () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(routes).toContainEqual({ method: 'PATCH', path: '/api/tasks/:id/complete' });
  });

  it('answers 401 to every non-public route when signed out', async () => {
    const stranger = t.client();
    const before = await ownerFingerprint();
    const wrong: string[] = [];
    for (const route of routes.filter((r) => !PUBLIC_ROUTES.has(`${r.method} ${r.path}`))) {
      const res = await call(stranger, route);
      if (res.status !== 401) wrong.push(`${route.method} ${route.path} → ${res.status}`);
    }
    expect(wrong).toEqual([]);
    expect(await ownerFingerprint()).toBe(before);
  });

  it('answers 403 to a plain user on every admin route', async () => {
    const plain = t.client();
    await plain.signUpAndIn('pat');
    const before = await ownerFingerprint();
    const wrong: string[] = [];
    for (const route of routes.filter((r) => r.path.startsWith('/api/admin/'))) {
      const res = await call(plain, route);
      if (res.status !== 403) wrong.push(`${route.method} ${route.path} → ${res.status}`);
    }
    expect(wrong).toEqual([]);
    expect(await ownerFingerprint()).toBe(before);
  });

  it('treats the owner’s ids as missing for another user, leaks nothing and changes nothing', async () => {
    const mallory = t.client();
    await mallory.signUpAndIn('mallory');
    await mallory.patch('/api/auth/user/settings', { enableDelegation: true });
    const before = await ownerFingerprint();
    const wrong: string[] = [];
    const ownerIds = Object.values(owner);
    const sessionEnders = new Set(['POST /api/logout', 'GET /api/logout', 'POST /api/auth/user/sign-out-everywhere']);
    const userRoutes = routes.filter((r) => !r.path.startsWith('/api/admin/') && !sessionEnders.has(`${r.method} ${r.path}`));
    for (const route of userRoutes) {
      const res = await call(mallory, route);
      const text = res.text ?? '';
      const leaked = text.includes(SECRET) || ownerIds.some((id) => text.includes(id));
      const namesOwnerId = route.path.includes(':');
      if (leaked) wrong.push(`${route.method} ${route.path} leaked the owner's data`);
      if (namesOwnerId && ![400, 404].includes(res.status)) wrong.push(`${route.method} ${route.path} → ${res.status}, expected 404 or 400`);
      if (res.status >= 500 && res.status !== 503) wrong.push(`${route.method} ${route.path} → ${res.status}`);
    }
    expect(wrong).toEqual([]);
    expect(await ownerFingerprint()).toBe(before);
  });

  it('answers 403 to every write made with a read token and to every admin, token and sign-in route with any token', async () => {
    const before = await ownerFingerprint();
    const admin = t.client();
    await admin.signIn('root');
    const tokenOf = async (scope: string) => (await admin.post('/api/tokens', { name: scope, scope })).body.secret as string;
    const [readToken, writeToken] = [await tokenOf('read'), await tokenOf('read-write')];
    const withToken = (secret: string): ApiClient => {
      const client = t.client();
      const bearer = (req: ReturnType<ApiClient['get']>) => req.set('Authorization', `Bearer ${secret}`);
      return Object.assign(client, {
        get: (path: string) => bearer(client.agent.get(path)),
        post: (path: string, body?: unknown) => bearer(client.agent.post(path)).send(body as object),
        put: (path: string, body?: unknown) => bearer(client.agent.put(path)).send(body as object),
        patch: (path: string, body?: unknown) => bearer(client.agent.patch(path)).send(body as object),
        delete: (path: string) => bearer(client.agent.delete(path)),
      });
    };
    const sessionOnly = (route: Route) =>
      /^\/api\/(admin|tokens|login|audit|auth\/second-factor|auth\/sessions)(\/|$)/.test(route.path) || ['/api/logout', '/api/register'].includes(route.path);
    const wrong: string[] = [];
    for (const route of routes.filter((r) => !PUBLIC_ROUTES.has(`${r.method} ${r.path}`) || sessionOnly(r))) {
      if (route.method !== 'GET' || sessionOnly(route)) {
        const res = await call(withToken(readToken), route);
        if (res.status !== 403) wrong.push(`read token: ${route.method} ${route.path} → ${res.status}`);
      }
      if (sessionOnly(route)) {
        const res = await call(withToken(writeToken), route);
        if (res.status !== 403) wrong.push(`read-write token: ${route.method} ${route.path} → ${res.status}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await ownerFingerprint()).toBe(before);
  });
});
