#!/usr/bin/env node
// `npm start`: runs a built Daybook on one address without Docker or nginx.
//   - the api (services/api/dist/main.js) on 127.0.0.1:API_PORT (default 3001); with no DATABASE_URL it
//     runs its own embedded PostgreSQL (data under ./data), with no REDIS_URL it runs the jobs itself,
//   - the ai worker (services/ai-worker/dist/main.js), only with REDIS_URL (jobs then go through Redis),
//   - and, on HOST:PORT (default 0.0.0.0:3000), the web app from services/web/dist (SPA fallback to
//     index.html) with /api proxied to the api (scripts/web-server.mjs), with the same security headers as
//     nginx in the appliance (deploy/nginx/web-front.cjs).
// The children get this process's environment (plus .env at the root, when present). They run in their
// own process groups, so Ctrl-C reaches them once, from here: SIGINT/SIGTERM/SIGHUP are forwarded and
// each stops in its own order (the api stops its database last). When one of them exits on its own, the
// others are stopped and this process exits with that child's code.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { captureDetails, childStdio, loadDotEnv, log, logFile, root, serviceLine } from './output.mjs';
import { createWebServer } from './web-server.mjs';

const webRoot = path.join(root, 'services', 'web', 'dist');
const apiMain = path.join(root, 'services', 'api', 'dist', 'main.js');
const workerMain = path.join(root, 'services', 'ai-worker', 'dist', 'main.js');
// The api's Node flags, as in the Dockerfile (docs/architecture.md, "Choices worth knowing").
const apiNodeFlags = JSON.parse(readFileSync(path.join(root, 'services', 'api', 'node-flags.json'), 'utf8'));

loadDotEnv();

const port = toPort(process.env.PORT, 3000, 'PORT');
const host = process.env.HOST || '0.0.0.0';
const apiPort = toPort(process.env.API_PORT, 3001, 'API_PORT');
const apiHost = '127.0.0.1';
// When true, this server itself sits behind a proxy whose X-Forwarded-* headers are trusted and passed on.
const trustProxy = /^(1|true|yes)$/i.test(process.env.TRUST_PROXY ?? '');

function toPort(value, fallback, name) {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 65535) {
    console.error(`[daybook] ${name} must be a port number (1-65535), got "${value}"`);
    process.exit(1);
  }
  return n;
}

// Without Redis the api runs the jobs in process (DECISIONS 25): there is no worker to start.
const withWorker = Boolean(process.env.REDIS_URL);

for (const [file, what] of [
  [apiMain, 'api'],
  ...(withWorker ? [[workerMain, 'ai worker']] : []),
]) {
  if (!existsSync(file)) {
    console.error(`[daybook] The ${what} is not built (${path.relative(root, file)} is missing). Run \`npm run build\` first, or \`npm run dev\`.`);
    process.exit(1);
  }
}
if (port === apiPort) {
  console.error(`[daybook] PORT and API_PORT must differ (both are ${port})`);
  process.exit(1);
}
if (!existsSync(path.join(webRoot, 'index.html'))) {
  log(`warning: ${path.relative(root, webRoot)}/index.html is missing; only /api will work. Run \`npm run build\`.`);
}

// ---------------------------------------------------------------- children

const children = new Map(); // name -> ChildProcess
let shuttingDown = false;
let exitCode = 0;

const detached = process.platform !== 'win32';

function startChild(name, file, env, nodeFlags = []) {
  // detached: a process group of its own, out of the terminal's reach (Ctrl-C would signal the api's
  // PostgreSQL directly, before the api could stop it in order); this process forwards the signals.
  const child = spawn(process.execPath, [...nodeFlags, file], { cwd: root, env, stdio: childStdio(), detached });
  captureDetails(child, serviceLine(name === 'ai worker' ? 'worker' : name));
  children.set(name, child);
  child.on('error', (error) => {
    console.error(`[daybook] could not start the ${name}: ${error.message}`);
    children.delete(name);
    shutdown(1);
  });
  // 'close': after its last output has been passed on (the log file's lines, an error for the terminal).
  child.on('close', (code, signal) => {
    children.delete(name);
    if (!shuttingDown) {
      // A child died on its own: stop the rest and exit with its code.
      log(`the ${name} exited (${signal ?? `code ${code}`}); stopping`);
      shutdown(code ?? 128 + (SIGNAL_NUMBERS[signal] ?? 0));
      return;
    }
    if (code !== null && code !== 0 && exitCode === 0) exitCode = code;
    finishIfDone();
  });
}

const SIGNAL_NUMBERS = { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 };
// How long the children may take to stop (the api waits for requests in flight, then its database).
const STOP_TIMEOUT_MS = 20_000;

let apiWasHealthy = false; // quiet 502s while the api is still starting
let forceTimer;
/** Stops the server and the remaining children (with `signal`), then exits with `code` (or a child's failure code). */
function shutdown(code, signal = 'SIGTERM') {
  if (shuttingDown) return;
  shuttingDown = true;
  exitCode = code;
  server.close();
  server.closeAllConnections?.();
  for (const child of children.values()) child.kill(signal);
  forceTimer = setTimeout(() => {
    for (const [name, child] of children) {
      log(`the ${name} did not stop within ${STOP_TIMEOUT_MS / 1000} s; killing it`);
      // Its whole process group: the api's PostgreSQL too, or it would hold the data folder.
      try {
        if (detached) process.kill(-child.pid, 'SIGKILL');
        else child.kill('SIGKILL');
      } catch {
        // already gone
      }
    }
  }, STOP_TIMEOUT_MS);
  forceTimer.unref();
  finishIfDone();
}

function finishIfDone() {
  if (children.size > 0) return;
  clearTimeout(forceTimer);
  if (exitCode === 0) log('stopped');
  process.exit(exitCode);
}

// SIGHUP: the terminal was closed. The children, in their own groups, would not hear of it otherwise.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (shuttingDown) return;
    log(`${signal === 'SIGINT' ? 'Ctrl-C' : signal} received; stopping`);
    shutdown(0, signal === 'SIGHUP' ? 'SIGTERM' : signal);
  });
}

// ---------------------------------------------------------------- server

const server = createWebServer({
  webRoot,
  apiHost,
  apiPort,
  trustProxy,
  log,
  // Quiet while the api is still starting (its 502s are expected then).
  onApiError: (what) => {
    if (apiWasHealthy && !shuttingDown) log(`api request failed: ${what}`);
  },
});
server.on('error', (error) => {
  console.error(`[daybook] cannot listen on ${host}:${port}: ${error.message}`);
  shutdown(1);
});

const apiEnv = { ...process.env, PORT: String(apiPort), HOST: apiHost, TRUST_PROXY: 'true' };
startChild('api', apiMain, apiEnv, apiNodeFlags);
if (withWorker) startChild('ai worker', workerMain, { ...process.env });
else log('no REDIS_URL: the api runs the background jobs itself (no ai worker process)');

server.listen(port, host, () => {
  if (host === '0.0.0.0' || host === '::') log('on every network interface: other devices on your network can open it too (HOST=127.0.0.1 keeps it to this computer)');
  log(`starting the api (on ${apiHost}:${apiPort}, behind ${host}:${port}) and its database...`);
  void announceWhenHealthy();
});

async function announceWhenHealthy() {
  const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  const started = Date.now();
  let warned = false;
  while (!shuttingDown) {
    if (await apiHealthy()) {
      apiWasHealthy = true;
      log(`Daybook is running at http://${shownHost}:${port}`);
      return;
    }
    if (!warned && Date.now() - started > 60_000) {
      warned = true;
      log(`the api has not answered /api/health for 60 s; still waiting (its log ${logFile() ? `in ${logFile()}` : 'above'} says why)`);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

function apiHealthy() {
  return new Promise((resolve) => {
    const req = http.get({ host: apiHost, port: apiPort, path: '/api/health', timeout: 2000 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
  });
}
