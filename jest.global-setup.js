// Finds Postgres and Redis for the integration tests (ARCHITECTURE convention 10):
// DATABASE_URL / REDIS_URL when set; else containers started with testcontainers when a container
// engine answers; else the local defaults (127.0.0.1:5432 and :6379).
const fs = require('node:fs');

function containerEngineLikely() {
  if (process.env.DOCKER_HOST) return true;
  return ['/var/run/docker.sock', `${process.env.HOME}/.docker/run/docker.sock`].some((p) => fs.existsSync(p));
}

module.exports = async function globalSetup() {
  // Names this run's test databases (see services/api/src/test/test-services.ts).
  process.env.DAYBOOK_TEST_RUN_ID = String(process.pid);
  if (process.env.DATABASE_URL && process.env.REDIS_URL) return;
  if (!containerEngineLikely()) return;
  try {
    const { GenericContainer, Wait } = require('testcontainers');
    const started = [];
    if (!process.env.DATABASE_URL) {
      const pg = await new GenericContainer('postgres:15-alpine')
        .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust' })
        .withExposedPorts(5432)
        .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
        .start();
      started.push(pg);
      process.env.DATABASE_URL = `postgres://postgres@${pg.getHost()}:${pg.getMappedPort(5432)}/postgres`;
    }
    if (!process.env.REDIS_URL) {
      const redis = await new GenericContainer('redis:7-alpine').withExposedPorts(6379).start();
      started.push(redis);
      process.env.REDIS_URL = `redis://${redis.getHost()}:${redis.getMappedPort(6379)}`;
    }
    globalThis.__DAYBOOK_CONTAINERS__ = started;
  } catch (error) {
    console.warn(`testcontainers unavailable (${error.message}); using local Postgres and Redis`);
  }
};
