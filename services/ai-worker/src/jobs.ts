import path from 'node:path';
import type { StructureTaskJobData } from '@daybook/shared';
import type { WorkerEnv } from './config/env';
import type { Logger } from './log';
import { createProvider, rulesProvider, type StructureProvider, type StructureRequest } from './providers';
import type { JobHandlers } from './run-job';
import { plainTask, structureTask, type StructureCpu } from './structure-task';
import { createBoundedThreads, ThreadBudgetError, type BoundedThreads } from './threads/bounded-threads';
import { deliverReminder, testChannel, type NotifySettings } from './notify/deliver';
import { createNotifyStore, type NotifyStore } from './notify/store';
import { createOutboundDoor } from './outbound';
import { openSecretBox, type SecretBox } from './secrets/secret-box';

/** The provider request of a structure-task job: the clients' names, and their aliases as @daybook/nl takes them. */
export function structureRequestOf(data: StructureTaskJobData): StructureRequest {
  return {
    input: data.input,
    now: data.now,
    timezone: data.timezone,
    clients: data.clients.map((client) => client.name),
    aliases: data.clients.flatMap((client) => client.aliases.map((alias) => ({ alias, client: client.name }))),
    timeIncrements: data.timeIncrements,
    habits: data.habits,
  };
}

/**
 * The job handlers (DECISIONS 25): one per entry of the shared queue contract (`JOBS`), built from the
 * worker's environment (AI_PROVIDER, AI_FALLBACK, AI_TIMEOUT_MS, ...). The BullMQ worker (main.ts) and
 * the api without Redis (its in-process transport) both call these, through `runJob` (run-job.ts).
 */
export interface JobHandlerOptions {
  /** The database reminders live in: DATABASE_URL by default; the api without Redis passes its own (embedded) one. */
  databaseUrl?: () => string | undefined;
  /** The structure-task job's thread module: STRUCTURE_THREAD, or a test's (one that never answers). */
  structureThread?: string;
}

/** The notification settings of the worker's environment. */
export const notifySettingsOf = (env: WorkerEnv): NotifySettings => ({
  timeoutMs: env.NOTIFY_TIMEOUT_MS,
  smtp: env.SMTP_URL ? { url: env.SMTP_URL, from: env.SMTP_FROM } : null,
  vapidSubject: env.VAPID_SUBJECT,
  appUrl: env.APP_URL ?? null,
});

/** Handlers made with a database can deliver reminders; `close` ends their connections and threads. */
export type WorkerJobHandlers = JobHandlers & { close(): Promise<void> };

/** The structure-task job's thread module (structure.thread.ts). */
export const STRUCTURE_THREAD = path.join(__dirname, 'structure.thread');

/**
 * The structure-task job's CPU-heavy steps in bounded threads, each within JOB_CPU_BUDGET_MS: what an
 * entry costs grows with its length and with the user's clients and aliases, and neither may hold the
 * event loop that delivers reminders. A rules reading past its budget is read again without the client
 * names and aliases (the partial answer: dates, times, priority, estimate), and past the budget again the
 * text is the title; a normalisation past its budget fails like any unusable model answer.
 */
export function structureCpuIn(threads: BoundedThreads, log: Logger): StructureCpu {
  const overBudget = (error: unknown) => error instanceof ThreadBudgetError;
  return {
    async rules(request, signal) {
      try {
        return await threads.run('rules', request, { signal });
      } catch (error) {
        if (!overBudget(error)) throw error;
        log.warn('the rules ran past their budget: read again without client names', {
          budgetMs: (error as ThreadBudgetError).budgetMs,
          inputLength: request.input.length,
          clients: request.clients.length,
          aliases: request.aliases?.length ?? 0,
        });
      }
      try {
        return await threads.run('rules', { ...request, clients: [], aliases: [] }, { signal });
      } catch (error) {
        if (!overBudget(error)) throw error;
        return plainTask(request);
      }
    },
    normalize: (raw, request, draft, signal) => threads.run('normalize', { raw, request, draft }, { signal }),
  };
}

export function createJobHandlers(env: WorkerEnv, log: Logger, options: JobHandlerOptions = {}): WorkerJobHandlers {
  // One thread per job that may run at once (a job uses one at a time). Two are started now (each loads
  // the rules and reads one entry first: structure.thread.ts), so that the first user's entry, and a
  // reading again after a thread was ended over budget, find one ready.
  const threads = createBoundedThreads({
    module: options.structureThread ?? STRUCTURE_THREAD,
    threads: env.AI_WORKER_CONCURRENCY,
    warmThreads: 2,
    maxWaiting: env.AI_WORKER_CONCURRENCY,
    budgetMs: env.JOB_CPU_BUDGET_MS,
  });
  const cpu = structureCpuIn(threads, log);
  // The rules provider reads in a thread too.
  const provider: StructureProvider = env.AI_PROVIDER === 'rules' ? { ...rulesProvider, structure: (request, { signal }) => cpu.rules(request, signal) } : createProvider(env);
  const databaseUrl = options.databaseUrl ?? (() => env.DATABASE_URL);
  // The reminders' pool opens with the first reminder job.
  let store: NotifyStore | undefined;
  const notifyStore = () => {
    const url = databaseUrl();
    if (!url) throw new Error('Reminder jobs need the database: set DATABASE_URL for the ai-worker');
    store ??= createNotifyStore(url);
    return store;
  };
  // Channels reach users' addresses through the one outbound door (DECISIONS 46), and their secrets open
  // with the key the api made (DECISIONS 48; looked for again until there is one).
  const outbound = createOutboundDoor({ allow: env.OUTBOUND_ALLOW, timeoutMs: env.NOTIFY_TIMEOUT_MS });
  let secrets: SecretBox | null = null;
  const secretsBox = () => (secrets ??= openSecretBox(env, { create: false }));
  const notifyDeps = (signal?: AbortSignal) => ({ store: notifyStore(), settings: notifySettingsOf(env), outbound, secrets: secretsBox, log, signal });
  return {
    'structure-task': async (payload, context) => {
      const options = { provider, cpu, fallback: env.AI_FALLBACK, timeoutMs: env.AI_TIMEOUT_MS, log, signal: context?.signal };
      const outcome = await structureTask(structureRequestOf(payload), options);
      return { task: outcome.result, readBy: outcome.readBy };
    },
    'deliver-reminder': (payload, context) => deliverReminder(payload.reminderId, notifyDeps(context?.signal)),
    'test-channel': (payload, context) => testChannel(payload.userId, payload.channelId, notifyDeps(context?.signal)),
    close: async () => {
      await Promise.all([store?.close(), threads.close(), outbound.close()]);
    },
  };
}
