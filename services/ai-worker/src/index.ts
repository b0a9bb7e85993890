/**
 * What the api imports from the worker package (DECISIONS 25): the job handlers, the contract check
 * around them and the parser of their settings, so that without Redis the api runs the same handlers in
 * its own process, and the bounded threads the api reads import files in too. The BullMQ side (main.ts,
 * worker.ts) is not part of it.
 */
export { AI_PROVIDERS, EnvError, parseEnv, type AiProviderName, type WorkerEnv } from './config/env';
export { createJobHandlers } from './jobs';
export { InvalidJobPayloadError, JobBudgetError, runJob, type JobContext, type JobHandler, type JobHandlers, type RunJobOptions } from './run-job';
export { createBoundedThreads, ThreadBudgetError, ThreadsBusyError, type BoundedThreads, type BoundedThreadsOptions } from './threads/bounded-threads';
export { generateVapidKeys } from './notify/channels';
// The outbound door (DECISIONS 46) and secrets at rest (DECISIONS 48): the api checks addresses when they
// are saved, and seals channels' secrets, with the same code the worker sends and opens them with.
export * from './outbound';
export { isSealed, openSecretBox, secretBox, SecretUnreadable, type SecretBox, type SecretsKeySource } from './secrets/secret-box';
export { isSealedConfig, sealChannelConfig, type SealedConfig } from './notify/channel-secrets';
