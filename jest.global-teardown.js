// Drops this run's test databases (or stops the embedded PostgreSQL of the run and removes its folder)
// and stops any containers the global setup started.
const fs = require('node:fs');
const { Client } = require('pg');

async function dropTestDatabases(runId) {
  const url = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = '/postgres';
  const client = new Client({ connectionString: url.toString() });
  try {
    await client.connect();
    const { rows } = await client.query('select datname from pg_database where datname like $1', [`daybook_test_${runId}_%`]);
    for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
  } catch (error) {
    console.warn(`could not drop test databases: ${error.message}`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

module.exports = async function globalTeardown() {
  const embedded = globalThis.__DAYBOOK_EMBEDDED_PG__;
  if (embedded) {
    await embedded.server.stop();
    fs.rmSync(embedded.dataDir, { recursive: true, force: true });
  } else if (process.env.DAYBOOK_TEST_RUN_ID) {
    await dropTestDatabases(process.env.DAYBOOK_TEST_RUN_ID);
  }
  for (const container of globalThis.__DAYBOOK_CONTAINERS__ ?? []) await container.stop();
};
