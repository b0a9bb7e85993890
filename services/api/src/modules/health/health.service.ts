import type { EntityManager } from '@mikro-orm/postgresql';
import type { Redis } from 'ioredis';

const CHECK_TIMEOUT_MS = 2000;

/** 'not used': no REDIS_URL, the api does without Redis (DECISIONS 25). */
export type DependencyState = 'ok' | 'unavailable' | 'not used';

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

/** Whether PostgreSQL and Redis (when configured) answer, each within 2 s. */
export function createHealthService(em: EntityManager, redis: Redis | null) {
  return {
    async check(): Promise<{ healthy: boolean; postgres: DependencyState; redis: DependencyState }> {
      const [postgres, redisState] = await Promise.all([
        check(() => em.getConnection().execute('select 1')),
        redis ? check(() => redis.ping()) : Promise.resolve('not used' as const),
      ]);
      return { healthy: postgres === 'ok' && redisState !== 'unavailable', postgres, redis: redisState };
    },
  };
}
export type HealthService = ReturnType<typeof createHealthService>;
