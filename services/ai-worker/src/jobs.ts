import type { StructureTaskJobData } from '@daybook/shared';
import type { WorkerEnv } from './config/env';
import type { Logger } from './log';
import { createProvider, type StructureRequest } from './providers';
import type { JobHandlers } from './run-job';
import { rulesOrPlain, structureTask } from './structure-task';

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
export function createJobHandlers(env: WorkerEnv, log: Logger): JobHandlers {
  const provider = createProvider(env);
  // Load the date parser and zone data now, not on the first user's request.
  rulesOrPlain({ input: 'warm up tomorrow at 9', now: new Date().toISOString(), timezone: 'America/New_York', clients: [], timeIncrements: [] });
  return {
    'structure-task': async (payload, context) => {
      const options = { provider, fallback: env.AI_FALLBACK, timeoutMs: env.AI_TIMEOUT_MS, log, signal: context?.signal };
      const outcome = await structureTask(structureRequestOf(payload), options);
      return { task: outcome.result, readBy: outcome.readBy };
    },
  };
}
