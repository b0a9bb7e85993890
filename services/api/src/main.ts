import { once } from 'node:events';
import { RequestContext } from '@mikro-orm/core';
import { Redis } from 'ioredis';
import { DEFAULT_TIMEZONE } from '@daybook/shared';
import { createApp } from './app';
import { checkRedis, logConnectionState, ServiceProblem } from './config/connection-errors';
import { EnvError, parseEnv } from './config/env';
import { openDatabase, type Database } from './db/database';
import { resolveSessionSecret } from './db/orm';
import { purgeExpiredSessions } from './http/session-store';
import { pruneAuditLog } from './modules/audit/audit-retention';
import { createJobRunner } from './jobs/create-job-runner';
import { createLogger } from './logger';
import { startReminderSweep } from './modules/notifications/reminder-sweep';
import { createTasksRepository } from './modules/tasks/tasks.repository';
import { UNDELETE_WINDOW_SECONDS } from './modules/tasks/tasks.service';
import { ensureVapidKeys } from './modules/notifications/vapid';
import { createChannelsRepository } from './modules/notifications/channels.repository';
import { sealPlainChannelConfigs } from './modules/notifications/notifications.service';
import { openSecretBox } from '@daybook/ai-worker';
import { createUsersService } from './modules/users/users.service';

const SESSION_PURGE_INTERVAL_MS = 60 * 60 * 1000;
const STOP_TIMEOUT_MS = 10_000;

/** The database, once open: a start that fails later closes it too (the embedded PostgreSQL stops with the api). */
let database: Database | undefined;

async function main() {
  const env = parseEnv();
  const logger = createLogger(env.LOG_LEVEL);
  // Stopped while starting: exit at once (an embedded PostgreSQL already running is told to stop on exit).
  let shutdown: (signal: string) => void = (signal) => {
    logger.info('stopped while starting', { signal });
    process.exit(0);
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  // A configured Redis must answer before anything starts (else one line says why).
  if (env.REDIS_URL) await checkRedis(env.REDIS_URL);
  // The job transport first: its settings (AI_*) are checked before the database starts.
  const jobs = createJobRunner(env, logger, process.env, () => database?.url);
  database = await openDatabase(env, logger);
  const { orm } = database;
  // Commands fail at once while Redis is away (health says so, login throttling steps aside); an
  // outage logs one line when Redis is lost and one when it is back.
  const redis = env.REDIS_URL ? new Redis(env.REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false }) : null;
  if (redis) logConnectionState(redis, 'Redis', env.REDIS_URL!, logger);

  if (env.ADMIN_USERNAME && env.ADMIN_PASSWORD) {
    const users = createUsersService(orm.em, { registrationEnabled: env.REGISTRATION_ENABLED });
    const outcome = await RequestContext.create(orm.em, () => users.ensureAdmin(env.ADMIN_USERNAME!, env.ADMIN_PASSWORD!));
    // An admin made here has the default timezone, not their browser's: say where to change it.
    const timezone = outcome === 'created' ? { timezone: DEFAULT_TIMEZONE, changeIt: 'Settings (the gear icon) > Profile Information > Timezone' } : {};
    logger.info('admin account from environment', { username: env.ADMIN_USERNAME, outcome, ...timezone });
  }

  const sessionSecret = await resolveSessionSecret(orm, env.SESSION_SECRET);
  // Web Push keys are made once, on the first start, and kept (DECISIONS 29).
  await ensureVapidKeys(orm);
  // Channels' secrets are sealed with a key kept outside the database (DECISIONS 48): SECRETS_KEY, or
  // DATA_DIR/secrets.key made now. Configs stored before sealing existed are sealed here, once.
  const secrets = openSecretBox(env, { create: true });
  const sealed = await RequestContext.create(orm.em, () => sealPlainChannelConfigs(createChannelsRepository(orm.em), secrets));
  if (sealed > 0) logger.info('notification channel secrets sealed', { channels: sealed });
  const app = createApp({ env, orm, redis, logger, sessionSecret, secrets, jobs });
  const server = app.listen(env.PORT, env.HOST);
  await once(server, 'listening').catch((error: NodeJS.ErrnoException) => {
    throw error.code === 'EADDRINUSE' ? new ServiceProblem(`Port ${env.PORT} on ${env.HOST} is in use: stop what uses it, or set PORT to another port.`) : error;
  });
  logger.info('api listening', { host: env.HOST, port: env.PORT });

  // Reminders due while the api was down are handed to the jobs now, and the rest as they come due.
  const reminderSweep = startReminderSweep({ em: orm.em, jobs, logger, intervalMs: env.REMINDER_SWEEP_MS });

  const purge = setInterval(() => {
    purgeExpiredSessions(orm.em.fork()).catch((error) => logger.warn('session purge failed', { error }));
    pruneAuditLog(orm.em.fork(), env.AUDIT_RETENTION_DAYS).catch((error) => logger.warn('audit log prune failed', { error }));
    createTasksRepository(orm.em.fork()).purgeDeleted(UNDELETE_WINDOW_SECONDS).catch((error) => logger.warn('deleted tasks purge failed', { error }));
  }, SESSION_PURGE_INTERVAL_MS);
  purge.unref();

  // In order: no new requests (those in flight finish), Redis and the jobs, then the database.
  let stopping = false;
  shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('shutting down', { signal });
    clearInterval(purge);
    setTimeout(() => process.exit(1), STOP_TIMEOUT_MS).unref();
    server.close(() => {
      void reminderSweep
        .stop()
        .then(() => Promise.allSettled([redis?.quit(), jobs.close()]))
        .then(() => database?.close())
        .then(
          () => process.exit(0),
          (error) => {
            logger.error('stopping the database failed', { error });
            process.exit(1);
          },
        );
    });
  };
}

main().catch(async (error) => {
  const oneLine = error instanceof EnvError || error instanceof ServiceProblem;
  process.stderr.write(oneLine ? `${error.message}\n` : `daybook api failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  await database?.close().catch(() => undefined);
  process.exit(1);
});
