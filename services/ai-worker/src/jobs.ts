import type { StructureTaskJobData } from '@daybook/shared';
import type { WorkerEnv } from './config/env';
import type { Logger } from './log';
import { createProvider, type StructureRequest } from './providers';
import type { JobHandlers } from './run-job';
import { rulesOrPlain, structureTask } from './structure-task';
import { deliverReminder, testChannel, type NotifySettings } from './notify/deliver';
import { createNotifyStore, type NotifyStore } from './notify/store';

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
}

/** The notification settings of the worker's environment. */
export const notifySettingsOf = (env: WorkerEnv): NotifySettings => ({
  timeoutMs: env.NOTIFY_TIMEOUT_MS,
  smtp: env.SMTP_URL ? { url: env.SMTP_URL, from: env.SMTP_FROM } : null,
  vapidSubject: env.VAPID_SUBJECT,
  appUrl: env.APP_URL ?? null,
});

/** Handlers made with a database can deliver reminders; `close` ends their connections. */
export type WorkerJobHandlers = JobHandlers & { close(): Promise<void> };

export function createJobHandlers(env: WorkerEnv, log: Logger, options: JobHandlerOptions = {}): WorkerJobHandlers {
  const provider = createProvider(env);
  const databaseUrl = options.databaseUrl ?? (() => env.DATABASE_URL);
  // The reminders' pool opens with the first reminder job.
  let store: NotifyStore | undefined;
  const notifyStore = () => {
    const url = databaseUrl();
    if (!url) throw new Error('Reminder jobs need the database: set DATABASE_URL for the ai-worker');
    store ??= createNotifyStore(url);
    return store;
  };
  const notifyDeps = (signal?: AbortSignal) => ({ store: notifyStore(), settings: notifySettingsOf(env), log, signal });
  // Load the date parser and zone data now, not on the first user's request.
  rulesOrPlain({ input: 'warm up tomorrow at 9', now: new Date().toISOString(), timezone: 'America/New_York', clients: [], timeIncrements: [] });
  return {
    'structure-task': async (payload, context) => {
      const options = { provider, fallback: env.AI_FALLBACK, timeoutMs: env.AI_TIMEOUT_MS, log, signal: context?.signal };
      const outcome = await structureTask(structureRequestOf(payload), options);
      return { task: outcome.result, readBy: outcome.readBy };
    },
    'deliver-reminder': (payload, context) => deliverReminder(payload.reminderId, notifyDeps(context?.signal)),
    'test-channel': (payload, context) => testChannel(payload.userId, payload.channelId, notifyDeps(context?.signal)),
    close: async () => {
      await store?.close();
    },
  };
}
