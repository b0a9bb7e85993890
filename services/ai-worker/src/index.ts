/**
 * What the api imports from the worker package (DECISIONS 25): the job handlers, the contract check
 * around them and the parser of their settings, so that without Redis the api runs the same handlers in
 * its own process. The BullMQ side (main.ts, worker.ts) is not part of it.
 */
export { AI_PROVIDERS, EnvError, parseEnv, type AiProviderName, type WorkerEnv } from './config/env';
export { createJobHandlers } from './jobs';
export { InvalidJobPayloadError, runJob, type JobContext, type JobHandler, type JobHandlers } from './run-job';
export { generateVapidKeys } from './notify/channels';
