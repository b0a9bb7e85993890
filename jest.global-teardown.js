// Drops this run's test databases and stops any containers the global setup started.
const { Client } = require('pg');

module.exports = async function globalTeardown() {
  const runId = process.env.DAYBOOK_TEST_RUN_ID;
  if (runId) {
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
  for (const container of globalThis.__DAYBOOK_CONTAINERS__ ?? []) await container.stop();
};
