import { z } from 'zod';
import { outboundAllowSchema } from '../outbound/address-policy';

/** Empty strings (e.g. `KEY=` in an env file or `${KEY:-}` in compose) count as unset. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema);

const url = (protocols: string[]) =>
  z.string().refine((value) => {
    try {
      return protocols.includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, `Must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`);

const positiveInt = (max: number) => z.coerce.number().int('Must be a whole number').min(1, 'Must be at least 1').max(max, `Must be at most ${max}`);

/** `silent` turns logging off (tests). */
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const AI_PROVIDERS = ['rules', 'ollama', 'openai'] as const;
export type AiProviderName = (typeof AI_PROVIDERS)[number];

const envSchema = z
  .object({
    // Where the worker takes its jobs from. The api reads the other settings with this parser too when it
    // runs the jobs itself (no REDIS_URL), so both accept the same variables.
    REDIS_URL: optional(url(['redis:', 'rediss:']).optional()),
    AI_PROVIDER: optional(z.enum(AI_PROVIDERS).default('rules')),
    AI_WORKER_CONCURRENCY: optional(positiveInt(64).default(4)),
    // Below the api's AI_REQUEST_TIMEOUT_MS (10 s) so that a slow model is answered by the fallback in time.
    AI_TIMEOUT_MS: optional(positiveInt(600_000).default(8_000)),
    AI_FALLBACK: optional(z.enum(['rules', 'none']).default('rules')),
    // Time budgets (DECISIONS 22): one CPU-heavy step in its thread (the rules reading an entry, a model
    // answer's normalisation), and a whole job, whatever it waits for. Past them the work is ended.
    JOB_CPU_BUDGET_MS: optional(z.coerce.number().int('Must be a whole number').min(50, 'Must be at least 50').max(60_000, 'Must be at most 60000').default(2_000)),
    JOB_TIME_BUDGET_MS: optional(positiveInt(3_600_000).default(30_000)),
    OLLAMA_URL: optional(url(['http:', 'https:']).default('http://ollama:11434')),
    OLLAMA_MODEL: optional(z.string().default('llama3.2:3b')),
    OPENAI_API_KEY: optional(z.string().optional()),
    OPENAI_MODEL: optional(z.string().default('gpt-4o-mini')),
    OPENAI_BASE_URL: optional(url(['http:', 'https:']).optional()),
    LOG_LEVEL: optional(z.enum(LOG_LEVELS).default('info')),
    // Reminders (DECISIONS 29). The worker reads and records them in the api's database; without
    // DATABASE_URL it takes no reminder jobs (the api without Redis passes its own database).
    DATABASE_URL: optional(url(['postgres:', 'postgresql:']).optional()),
    /** Email: an SMTP server as a URL (smtp://user:pass@host:587, smtps://… for TLS); unset, email channels fail with a clear message. */
    SMTP_URL: optional(url(['smtp:', 'smtps:']).optional()),
    SMTP_FROM: optional(z.string().default('Daybook <daybook@localhost>')),
    /** Who runs this server, for the push services (Web Push's VAPID subject): mailto: or https:. */
    VAPID_SUBJECT: optional(z.string().regex(/^(mailto:|https:\/\/)/, 'Must start with mailto: or https://').default('mailto:admin@daybook.invalid')),
    /** The address people open Daybook at (https://daybook.lan): links in notifications point there. */
    APP_URL: optional(url(['http:', 'https:']).optional()),
    /** Each notification send's time limit. */
    NOTIFY_TIMEOUT_MS: optional(positiveInt(60_000).default(10_000)),
    /** Hosts and ranges the admin opens to the outbound door (DECISIONS 46), such as a LAN ntfy: `ntfy.lan, 192.168.1.0/24`. */
    OUTBOUND_ALLOW: optional(outboundAllowSchema),
    /** The key channels' secrets are sealed with (DECISIONS 48), as the api has it: SECRETS_KEY, else DATA_DIR/secrets.key. */
    SECRETS_KEY: optional(z.string().min(32, 'Must be at least 32 characters (e.g. openssl rand -hex 32)').optional()),
    DATA_DIR: optional(z.string().min(1).default('data')),
  })
  .superRefine((env, ctx) => {
    // A job's own steps must fit in its budget: the model's wait and two CPU steps, or a reminder's sends.
    const longestJob = Math.max(env.AI_TIMEOUT_MS + 2 * env.JOB_CPU_BUDGET_MS, env.NOTIFY_TIMEOUT_MS);
    if (env.JOB_TIME_BUDGET_MS <= longestJob) {
      ctx.addIssue({
        code: 'custom',
        path: ['JOB_TIME_BUDGET_MS'],
        message: `Must be more than AI_TIMEOUT_MS + 2 × JOB_CPU_BUDGET_MS and more than NOTIFY_TIMEOUT_MS (here ${longestJob})`,
      });
    }
    // The official OpenAI endpoint needs a key; an OpenAI-compatible server at OPENAI_BASE_URL may not.
    if (env.AI_PROVIDER === 'openai' && !env.OPENAI_API_KEY && !env.OPENAI_BASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['OPENAI_API_KEY'],
        message: 'Required when AI_PROVIDER=openai (unless OPENAI_BASE_URL points to a server that needs no key)',
      });
    }
  });

export type WorkerEnv = z.infer<typeof envSchema>;

/** Thrown when the environment is invalid; the message lists every bad key. */
export class EnvError extends Error {
  constructor(readonly issues: { key: string; message: string }[]) {
    super(`Invalid environment for the ai-worker:\n${issues.map((i) => `  ${i.key}: ${i.message}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/** Parses the worker's environment once; throws an EnvError naming every bad key. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): WorkerEnv {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  throw new EnvError(result.error.issues.map((issue) => ({ key: issue.path.join('.') || '(env)', message: issue.message })));
}
