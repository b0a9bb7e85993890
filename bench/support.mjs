// Helpers the benchmarks share: ports, a fresh database, waiting for a server.
import net from 'node:net';
import pg from 'pg';

/** A TCP port nothing listens on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Drops and creates `database` on the server at `pgUrl` (postgres://user@host:port). */
export async function freshDatabase(pgUrl, database) {
  const admin = new pg.Client({ connectionString: `${pgUrl}/postgres` });
  await admin.connect();
  await admin.query(`drop database if exists "${database}" with (force)`);
  await admin.query(`create database "${database}"`);
  await admin.end();
}

/** Resolves once `url` answers below 500; fails after a minute, or at once when `child` has exited. */
export async function waitForServer(url, child) {
  for (let i = 0; i < 120; i += 1) {
    if (child && child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const up = await fetch(url).then((res) => res.status < 500, () => false);
    if (up) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer`);
}
