// The scale-out drill (docs/scaling.md): two api processes started together on an empty PostgreSQL, behind
// the shipped nginx configuration, and two ai workers, on one PostgreSQL and one Redis. Both apis serve the
// same signed-in user, a user's rate limit counts across both, reminders go out once each although two
// sweeps and two workers see them, and killing one api while a user writes loses no acknowledged write.
import { sleep, waitUntil } from '../e2e/harness/processes';
import { startNtfyStub, type NtfyStub } from './harness/ntfy-stub';
import { ScaleOutStack } from './harness/scaleout';
import type { Reply } from './harness/stack';

/** The drill's allowance of natural-language entries per user per minute (AI_MAX_PER_MINUTE). */
const AI_PER_MINUTE = 6;

let stack: ScaleOutStack;
let ntfy: NtfyStub;
const credentials = { username: 'scale-user', password: 'scale-out drill password' };

beforeAll(async () => {
  stack = await ScaleOutStack.start();
  ntfy = await startNtfyStub();
}, 60_000);

afterAll(async () => {
  await stack?.stop();
  await ntfy?.close();
}, 60_000);

describe('scale-out drill: two apis behind nginx, two workers, one PostgreSQL and Redis', () => {
  it('both apis start together on an empty database: one migrates, both serve, the migrations applied once', async () => {
    const started = Date.now();
    await stack.startApis({ AI_MAX_PER_MINUTE: String(AI_PER_MINUTE) });
    const upMs = Date.now() - started;
    expect(stack.apis.map((api) => api!.child.exitCode)).toEqual([null, null]);
    const applied = await stack.query<{ name: string; times: number }>('select name, count(*)::int as times from mikro_orm_migrations group by name');
    expect(applied.length).toBeGreaterThan(0);
    expect(applied.filter((migration) => migration.times !== 1)).toEqual([]);
    await Promise.all([stack.startWorkers(), stack.startNginx()]);
    console.log(`[drills] scale-out: both apis up ${upMs} ms after starting together on an empty cluster, ${applied.length} migrations applied once`);
  }, 90_000);

  it('both apis serve the same signed-in user (sessions shared through the database)', async () => {
    expect((await stack.web.call('POST', '/api/register', credentials)).status).toBe(201);
    expect((await stack.web.call('POST', '/api/login', credentials)).status).toBe(200);
    for (const index of [0, 1] as const) {
      const me = await stack.web.at(stack.apiUrl(index)).call<{ username: string }>('GET', '/api/auth/user');
      expect({ index, status: me.status, username: me.body.username }).toEqual({ index, status: 200, username: credentials.username });
    }
  });

  it("a user's rate limit counts across both apis", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < AI_PER_MINUTE + 2; i += 1) {
      const client = stack.web.at(stack.apiUrl((i % 2) as 0 | 1));
      statuses.push((await client.call('POST', '/api/ai/structure-task', { input: 'call Acme tomorrow 3pm' }, 20_000)).status);
    }
    expect(statuses).toEqual([...Array(AI_PER_MINUTE).fill(200), 429, 429]);
  }, 60_000);

  it('reminders go out exactly once with two apis sweeping and two workers delivering', async () => {
    const channel = await stack.web.call<{ id: string }>('POST', '/api/notifications/channels', { kind: 'ntfy', server: ntfy.url, topic: 'scale-out' });
    expect(channel.status).toBe(201);
    // Ahead of the time all six tasks take to save under load: a reminder already past is not armed.
    const dueAt = new Date(Date.now() + 8_000).toISOString();
    const titles = Array.from({ length: 6 }, (_, i) => `Reminder ${i + 1}`);
    for (const [i, title] of titles.entries()) {
      // Half made through each api.
      const client = stack.web.at(stack.apiUrl((i % 2) as 0 | 1));
      expect((await client.call('POST', '/api/tasks', { title, reminders: [{ kind: 'at', at: dueAt }] })).status).toBe(201);
    }
    expect(Date.now()).toBeLessThan(Date.parse(dueAt));
    await waitUntil('every reminder at the ntfy stub', async () => ntfy.publishes.filter((p) => p.outcome === 'answered').length >= titles.length, 20_000);
    await sleep(3_000); // room for a duplicate to show up
    expect(ntfy.publishes.map((p) => p.message.title).sort()).toEqual(titles);
    const recorded = await stack.query<{ title: string; deliveries: number }>(
      `select t.title, count(d.*)::int as deliveries from reminders r join tasks t on t.id = r.task_id left join reminder_deliveries d on d.reminder_id = r.id group by t.title order by t.title`,
    );
    expect(recorded).toEqual(titles.map((title) => ({ title, deliveries: 1 })));
    expect((await stack.web.call('DELETE', `/api/notifications/channels/${channel.body.id}`)).status).toBe(204);
  }, 60_000);

  it('one api killed while a user writes through nginx: every acknowledged write is kept, the other api takes over', async () => {
    const acknowledged: Array<{ id: string; title: string }> = [];
    const refused: Array<Reply<unknown>> = [];
    let written = 0;
    let writing = true;
    let killedAt = 0;
    let afterKill = 0;
    const writer = async (lane: number) => {
      while (writing) {
        const title = `Written ${lane}-${(written += 1)}`;
        const reply = await stack.web.call<{ id: string; title: string }>('POST', '/api/tasks', { title });
        if (reply.status === 201) {
          acknowledged.push({ id: reply.body.id, title });
          if (killedAt) afterKill += 1;
        } else refused.push(reply);
      }
    };
    const writers = Promise.all([1, 2, 3, 4].map(writer));
    await sleep(1_500);
    await stack.killApi(0);
    killedAt = Date.now();
    await waitUntil('writes acknowledged after the kill', async () => afterKill >= 40, 20_000);
    writing = false;
    await writers;

    const kept = await stack.query<{ id: string; title: string }>('select id, title from tasks where id = any($1::uuid[])', [acknowledged.map((write) => write.id)]);
    const keptById = new Map(kept.map((row) => [row.id, row.title]));
    expect(acknowledged.filter((write) => keptById.get(write.id) !== write.title)).toEqual([]);
    // Only requests that were inside the killed api fail, with nginx's "api unavailable" answer, never an api error.
    expect(refused.length).toBeLessThanOrEqual(4);
    expect(refused.map((reply) => reply.status).filter((status) => status !== 503)).toEqual([]);
    expect((await stack.web.call('GET', '/api/health')).status).toBe(200);
    console.log(`[drills] scale-out: ${acknowledged.length} writes acknowledged (${afterKill} after api 1 was killed), all kept; ${refused.length} answered 503`);
  }, 60_000);
});
