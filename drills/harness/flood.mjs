// A flood from a process of its own, so that its work does not slow the drill's own measurements:
// `node flood.mjs '<json>'` with {cookie, seconds, targets: [{url, method?, body?, connections}]}, each target
// driven closed-loop by bench/load.mjs; prints the answers' statuses as JSON ({"200": n, "429": m, ...}).
import { load } from '../../bench/load.mjs';

const { cookie, seconds, targets } = JSON.parse(process.argv[2]);
const headers = { cookie, 'x-daybook-csrf': '1', accept: 'application/json' };
const results = await Promise.all(
  targets.map((target) => load({ url: target.url, method: target.method, body: target.body, headers, seconds, connections: target.connections, warmupSeconds: 0 })),
);
const statuses = {};
for (const result of results) {
  const ok = result.requests - result.errors;
  if (ok > 0) statuses[200] = (statuses[200] ?? 0) + ok;
  for (const [status, count] of Object.entries(result.statuses)) statuses[status] = (statuses[status] ?? 0) + count;
}
process.stdout.write(JSON.stringify(statuses));
