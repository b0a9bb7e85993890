import type { EntityManager } from '@mikro-orm/postgresql';
import type { Redis } from 'ioredis';

const CHECK_TIMEOUT_MS = 2000;

export type DependencyState = 'ok' | 'unavailable';

async function check(probe: () => Promise<unknown>): Promise<DependencyState> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([probe(), timeout]);
    return 'ok';
  } catch {
    return 'unavailable';
  } finally {
    clearTimeout(timer);
  }
}

/** Whether PostgreSQL and Redis answer, each within 2 s. */
export function createHealthService(em: EntityManager, redis: Redis) {
  return {
    async check() {
      const [postgres, redisState] = await Promise.all([check(() => em.getConnection().execute('select 1')), check(() => redis.ping())]);
      return { healthy: postgres === 'ok' && redisState === 'ok', postgres, redis: redisState };
    },
  };
}
export type HealthService = ReturnType<typeof createHealthService>;
