// The bare-machine journey (issue 13, DECISIONS 25): the README's run command (`npm run dev`, i.e.
// scripts/dev.mjs) with DATABASE_URL and REDIS_URL unset and an empty data folder serves Daybook: sign up,
// a task typed as a sentence (structured in the api's own process: no Redis, no worker), Ctrl-C stops
// everything (exit 0, no forced kill, no PostgreSQL left running), a second start builds nothing and is
// up within 10 s, and the task and the session are still there.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  structureTaskAnswerSchema,
  taskFromStructured,
  taskPageSchema,
  taskSchema,
  userSchema,
  type RegisterBody,
} from '@daybook/shared';
import { descendants, root, scratchDaybook, untilRunning } from './one-address';

const SENTENCE = 'Call Acme about the invoice friday 3pm, high priority';
/** The Node flags the api is deployed with (the Dockerfile's copy has its own test). */
const API_NODE_FLAGS: string[] = JSON.parse(readFileSync(path.join(root, 'services', 'api', 'node-flags.json'), 'utf8'));
/** The promise for a start with nothing to build. */
const LATER_START_MS = 10_000;
/** Issue 37: what a newcomer reads before the address, at most. */
const FIRST_START_LINES = 30;

let daybook: Awaited<ReturnType<typeof scratchDaybook>>;

beforeAll(async () => {
  daybook = await scratchDaybook('daybook-c-bare-');
  // As on a fresh clone, the first start builds every workspace.
  daybook.env.DAYBOOK_BUILD_STAMPS = path.join(daybook.work, 'build-stamps');
});

afterAll(() => daybook.cleanUp());

describe('npm run dev on a bare machine', () => {
  let me: ReturnType<typeof daybook.browser>;
  let taskId: string;

  it('starts with an embedded PostgreSQL and no worker, serves the app, and takes a task typed as a sentence', async () => {
    me = daybook.browser();
    const run = daybook.start('dev.mjs');
    await untilRunning(run);
    expect(run.output()).toMatch(/no REDIS_URL/);
    // A few human lines, then the address; npm's, Vite's and the api's details are in the log file.
    const beforeAddress = run.output().slice(0, run.output().indexOf('Daybook is running at')).split('\n');
    expect(beforeAddress.length).toBeLessThan(FIRST_START_LINES);
    expect(beforeAddress.filter((line) => /^\s*\{/.test(line))).toEqual([]);
    expect(run.output()).toMatch(/building @daybook\/web/);
    const details = readFileSync(path.join(daybook.work, 'data', 'logs', 'daybook.log'), 'utf8');
    expect(details).toMatch(/vite v\d+/);
    expect(details).toMatch(/"message":"database ready, migrations applied"/);
    expect(descendants(run.child.pid!).filter((p) => p.args.includes('ai-worker'))).toEqual([]);
    expect(existsSync(path.join(daybook.work, 'data', 'postgres'))).toBe(true);

    const page = await me.call('GET', '/');
    expect(page.status).toBe(200);
    expect(page.type).toMatch(/text\/html/);
    expect((await me.call('GET', '/api/health')).status).toBe(200);

    const account: RegisterBody = { username: 'bare', password: 'bare machine', timezone: 'Europe/Madrid' };
    const registered = await me.call('POST', '/api/register', account);
    expect(registered.status).toBe(201);
    expect(userSchema.parse(registered.json())).toMatchObject({ username: 'bare', role: 'admin', timezone: 'Europe/Madrid' });
    expect((await me.call('POST', '/api/login', { username: account.username, password: account.password })).status).toBe(200);

    // The structure-task job runs in the api's own process (no Redis); the web's box then saves the task.
    const structuring = await me.call('POST', '/api/ai/structure-task', { input: SENTENCE });
    expect(structuring.status).toBe(200);
    const answer = structureTaskAnswerSchema.parse(structuring.json());
    expect(answer).toMatchObject({ readBy: 'rules', clientId: null, task: { priority: 'high', dueTime: '15:00' } });
    const body = taskFromStructured(answer.task, answer.clientId);
    const created = await me.call('POST', '/api/tasks', body);
    expect(created.status).toBe(201);
    const task = taskSchema.parse(created.json());
    expect(task.title).toMatch(/Call Acme about the invoice/i);
    taskId = task.id;

    const stop = await daybook.pressCtrlC(run);
    expect(stop.exit).toEqual({ code: 0, signal: null });
    expect(run.output()).not.toMatch(/killing it/);
    expect(stop.tree.some((p) => /postgres/.test(p.args))).toBe(true);
    const api = stop.tree.find((p) => p.args.includes(path.join('services', 'api', 'dist', 'main.js')));
    expect(api?.args.split(' ')).toEqual(expect.arrayContaining(API_NODE_FLAGS));
    expect(stop.leftRunning).toEqual([]);
    expect(stop.postgresOfThisData).toEqual([]);
  });

  it('starts again within 10 s without building, with the task and the session still there', async () => {
    expect(taskId).toBeDefined();
    const run = daybook.start('dev.mjs');
    const startMs = await untilRunning(run);
    expect(run.output()).toMatch(/dependencies are up to date/);
    expect(run.output()).toMatch(/build is up to date/);
    expect(startMs).toBeLessThan(LATER_START_MS);

    const tasks = await me.call('GET', '/api/tasks');
    expect(tasks.status).toBe(200);
    expect(taskPageSchema.parse(tasks.json()).items.map((t) => t.id)).toContain(taskId);

    const stop = await daybook.pressCtrlC(run);
    expect(stop.exit).toEqual({ code: 0, signal: null });
    expect(stop.leftRunning).toEqual([]);
    expect(stop.postgresOfThisData).toEqual([]);
  });
});
