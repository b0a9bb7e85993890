// A small closed-loop HTTP load generator: `connections` keep-alive connections, each sending its next
// request as soon as the last one answers, for `seconds`. Records every latency, so percentiles are exact.
// `headers` may be a function of the connection's number (each connection signed in as another user).
import http from 'node:http';

export async function load({ url, method = 'GET', headers = {}, body, seconds = 5, connections = 1, warmupSeconds = 1 }) {
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const makeBody = typeof body === 'function' ? body : () => body;

  const headersOf = typeof headers === 'function' ? headers : () => headers;

  const send = (connection) =>
    new Promise((resolve) => {
      const started = process.hrtime.bigint();
      const payload = makeBody();
      const data = payload === undefined ? undefined : Buffer.from(typeof payload === 'string' ? payload : JSON.stringify(payload));
      const req = http.request(
        { agent, host: target.hostname, port: target.port, path: target.pathname + target.search, method, headers: { ...headersOf(connection), ...(data ? { 'content-type': 'application/json', 'content-length': data.length } : {}) } },
        (res) => {
          res.resume();
          res.on('end', () => resolve({ ok: res.statusCode >= 200 && res.statusCode < 300, status: res.statusCode, ms: Number(process.hrtime.bigint() - started) / 1e6 }));
        },
      );
      req.on('error', () => resolve({ ok: false, status: 0, ms: Number(process.hrtime.bigint() - started) / 1e6 }));
      if (data) req.write(data);
      req.end();
    });

  const run = async (durationMs, record) => {
    const deadline = Date.now() + durationMs;
    const latencies = [];
    const statuses = {};
    let errors = 0;
    await Promise.all(
      Array.from({ length: connections }, async (_, connection) => {
        while (Date.now() < deadline) {
          const result = await send(connection);
          if (!record) continue;
          latencies.push(result.ms);
          if (!result.ok) {
            errors += 1;
            statuses[result.status] = (statuses[result.status] ?? 0) + 1;
          }
        }
      }),
    );
    return { latencies, errors, statuses };
  };

  if (warmupSeconds > 0) await run(warmupSeconds * 1000, false);
  const started = Date.now();
  const { latencies, errors, statuses } = await run(seconds * 1000, true);
  const elapsed = (Date.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] : NaN);
  return {
    requests: latencies.length,
    rps: latencies.length / elapsed,
    p50: pct(50),
    p95: pct(95),
    p99: pct(99),
    errors,
    statuses,
  };
}
