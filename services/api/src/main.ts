import { Redis } from 'ioredis';
import { createApp } from './app';
import { EnvError, parseEnv } from './config/env';
import { initOrm, resolveSessionSecret } from './db/orm';
import { purgeExpiredSessions } from './http/session-store';
import { createLogger } from './logger';
import { createUsersService } from './modules/users/users.service';
import { createStructureTaskQueue } from './queue/structure-task.queue';
import { RequestContext } from '@mikro-orm/core';

const SESSION_PURGE_INTERVAL_MS = 60 * 60 * 1000;

async function main() {
  const env = parseEnv();
  const logger = createLogger(env.LOG_LEVEL);
  const orm = await initOrm(env.DATABASE_URL);
  logger.info('database ready, migrations applied');
  // Commands fail at once while Redis is away (health says so, login throttling steps aside).
  const redis = new Redis(env.REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false });
  redis.on('error', (error) => logger.warn('redis error', { error: error.message }));

  if (env.ADMIN_USERNAME && env.ADMIN_PASSWORD) {
    const users = createUsersService(orm.em, { registrationEnabled: env.REGISTRATION_ENABLED });
    const outcome = await RequestContext.create(orm.em, () => users.ensureAdmin(env.ADMIN_USERNAME!, env.ADMIN_PASSWORD!));
    logger.info('admin account from environment', { username: env.ADMIN_USERNAME, outcome });
  }

  const sessionSecret = await resolveSessionSecret(orm, env.SESSION_SECRET);
  const aiQueue = createStructureTaskQueue({ redisUrl: env.REDIS_URL, waitMs: env.AI_REQUEST_TIMEOUT_MS, logger });
  const app = createApp({ env, orm, redis, logger, sessionSecret, aiQueue });
  const server = app.listen(env.PORT, env.HOST, () => logger.info('api listening', { host: env.HOST, port: env.PORT }));

  const purge = setInterval(() => {
    purgeExpiredSessions(orm.em.fork()).catch((error) => logger.warn('session purge failed', { error }));
  }, SESSION_PURGE_INTERVAL_MS);
  purge.unref();

  const shutdown = (signal: string) => {
    logger.info('shutting down', { signal });
    clearInterval(purge);
    server.close(() => {
      void Promise.allSettled([orm.close(), redis.quit(), aiQueue.close()]).then(() => process.exit(0));
    });
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error) => {
  if (error instanceof EnvError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`daybook api failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  }
  process.exit(1);
});
