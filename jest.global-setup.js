// Finds PostgreSQL and Redis for the integration tests (docs/development.md convention 10):
// - DATABASE_URL when set; else ONE embedded PostgreSQL for the whole run (the api's own,
//   services/api/src/db/embedded-postgres.ts), in a temporary folder the teardown removes.
// - REDIS_URL when set; else a container when a container engine answers; else 127.0.0.1:6379.
//   When that Redis does not answer, the tests that need it fail with one line saying so
//   (testRedisUrl() in services/api/src/test/test-services.ts); the others run.
// This file is compiled by the jest transform, which also lets it require the api's TypeScript.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

function containerEngineLikely() {
  if (process.env.DOCKER_HOST) return true;
  return ['/var/run/docker.sock', `${process.env.HOME}/.docker/run/docker.sock`].some((p) => fs.existsSync(p));
}

async function startEmbeddedPostgres() {
  const { startEmbeddedPostgres: start } = require('./services/api/src/db/embedded-postgres.ts');
  const { createLogger } = require('./services/api/src/logger.ts');
  // mkdtemp makes it private (0700); as root, PostgreSQL runs as the "postgres" user, which must enter it.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'daybook-test-pg-'));
  fs.chmodSync(dataDir, 0o755);
  const server = await start({ dataDir, logger: createLogger('warn', 'jest'), durable: false });
  globalThis.__DAYBOOK_EMBEDDED_PG__ = { server, dataDir };
  const url = new URL(server.url);
  url.pathname = '/postgres';
  process.env.DATABASE_URL = url.toString();
}

async function startRedisContainer() {
  try {
    const { GenericContainer } = require('testcontainers');
    const redis = await new GenericContainer('redis:7-alpine').withExposedPorts(6379).start();
    globalThis.__DAYBOOK_CONTAINERS__ = [redis];
    process.env.REDIS_URL = `redis://${redis.getHost()}:${redis.getMappedPort(6379)}`;
  } catch (error) {
    console.warn(`testcontainers unavailable (${error.message}); using the local Redis`);
  }
}

module.exports = async function globalSetup() {
  // Names this run's test databases (see services/api/src/test/test-services.ts).
  process.env.DAYBOOK_TEST_RUN_ID = String(process.pid);
  if (!process.env.DATABASE_URL) await startEmbeddedPostgres();
  if (!process.env.REDIS_URL && containerEngineLikely()) await startRedisContainer();

  const { checkRedis, displayAddress } = require('./services/api/src/config/connection-errors.ts');
  const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  await checkRedis(redisUrl, 1_000).catch(() => {
    process.env.DAYBOOK_TEST_REDIS_MISSING = `Redis is needed for these tests and ${displayAddress(redisUrl)} does not answer: start one on 127.0.0.1:6379 or set REDIS_URL.`;
  });
};
