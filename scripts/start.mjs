#!/usr/bin/env node
// `npm start`: runs a built Daybook on one address without Docker or nginx.
//   - the api (services/api/dist/main.js) on 127.0.0.1:API_PORT (default 3001); with no DATABASE_URL it
//     runs its own embedded PostgreSQL (data under ./data), with no REDIS_URL it runs the jobs itself,
//   - the ai worker (services/ai-worker/dist/main.js), only with REDIS_URL (jobs then go through Redis),
//   - and, on HOST:PORT (default 0.0.0.0:3000), the web app from services/web/dist (SPA fallback to
//     index.html) with /api proxied to the api.
// The children get this process's environment (plus .env at the root, when present). They run in their
// own process groups, so Ctrl-C reaches them once, from here: SIGINT/SIGTERM/SIGHUP are forwarded and
// each stops in its own order (the api stops its database last). When one of them exits on its own, the
// others are stopped and this process exits with that child's code.
import { spawn } from 'node:child_process';
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webRoot = path.join(root, 'services', 'web', 'dist');
const apiMain = path.join(root, 'services', 'api', 'dist', 'main.js');
const workerMain = path.join(root, 'services', 'ai-worker', 'dist', 'main.js');
// The api's Node flags, as in the Dockerfile (docs/architecture.md, "Choices worth knowing").
const apiNodeFlags = JSON.parse(readFileSync(path.join(root, 'services', 'api', 'node-flags.json'), 'utf8'));

// A .env at the repository root (see .env.example) is read when present; variables already set win.
const envFile = path.join(root, '.env');
if (existsSync(envFile)) {
  process.loadEnvFile(envFile);
  console.log('[daybook] read .env');
}

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

function log(message) {
  console.log(`[daybook] ${message}`);
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
  const child = spawn(process.execPath, [...nodeFlags, file], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'], detached });
  children.set(name, child);
  child.on('error', (error) => {
    console.error(`[daybook] could not start the ${name}: ${error.message}`);
    children.delete(name);
    shutdown(1);
  });
  child.on('exit', (code, signal) => {
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

// ---------------------------------------------------------------- static files

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.wav': 'audio/wav',
  '.pdf': 'application/pdf',
};
const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json|xml|javascript)|image\/svg\+xml)/;

function cacheControl(urlPath) {
  if (urlPath.startsWith('/assets/')) return 'public, max-age=31536000, immutable'; // hashed file names
  return 'no-cache'; // index.html, /sw.js, the manifest, icons: revalidate every time (ETag)
}

/** Maps a URL path to a file inside webRoot, or null when it escapes it or is malformed. */
function resolveStatic(urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const file = path.join(webRoot, path.normalize(decoded));
  if (file !== webRoot && !file.startsWith(webRoot + path.sep)) return null;
  return file;
}

async function fileStats(file) {
  try {
    const s = await stat(file);
    return s.isFile() ? s : null;
  } catch {
    return null;
  }
}

async function serveStatic(req, res, urlPath) {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('Method Not Allowed\n');
    return;
  }
  let file = resolveStatic(urlPath);
  if (file === null) {
    res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('Bad Request\n');
    return;
  }
  let stats = await fileStats(file);
  let servedPath = urlPath;
  if (!stats) {
    // SPA fallback: client-side routes get index.html; a missing asset or file with an extension is a 404.
    const wantsPage = !urlPath.startsWith('/assets/') && (path.extname(urlPath) === '' || (req.headers.accept ?? '').includes('text/html'));
    if (wantsPage) {
      file = path.join(webRoot, 'index.html');
      stats = await fileStats(file);
      servedPath = '/index.html';
    }
  }
  if (!stats) {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
    res.end(existsSync(webRoot) ? 'Not Found\n' : 'The web app is not built. Run `npm run build`.\n');
    return;
  }

  const type = TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
  const etag = `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;
  const headers = {
    'Content-Type': type,
    'Cache-Control': cacheControl(servedPath),
    ETag: etag,
    'Last-Modified': stats.mtime.toUTCString(),
    'X-Content-Type-Options': 'nosniff',
  };
  if (servedPath === '/sw.js') headers['Service-Worker-Allowed'] = '/';

  const inm = req.headers['if-none-match'];
  const ims = req.headers['if-modified-since'];
  const notModified = inm ? inm.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*') : ims ? Math.floor(stats.mtimeMs / 1000) <= Math.floor(Date.parse(ims) / 1000) : false;
  if (notModified) {
    res.writeHead(304, headers);
    res.end();
    return;
  }

  const gzip = COMPRESSIBLE.test(type) && stats.size > 1024 && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
  headers.Vary = 'Accept-Encoding';
  if (gzip) headers['Content-Encoding'] = 'gzip';
  else headers['Content-Length'] = stats.size;
  res.writeHead(200, headers);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const source = createReadStream(file);
  const body = gzip ? source.pipe(zlib.createGzip()) : source;
  const fail = () => res.destroy();
  source.on('error', fail);
  body.on('error', fail);
  res.on('close', () => source.destroy());
  body.pipe(res);
}

// ---------------------------------------------------------------- /api proxy

const HOP_BY_HOP = new Set(['expect', 'connection', 'keep-alive', 'proxy-connection', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade']);
const agent = new http.Agent({ keepAlive: true });

function withoutHopByHop(headers) {
  const named = String(headers.connection ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  const out = {};
  for (const [key, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(key) || named.includes(key)) continue;
    out[key] = value;
  }
  return out;
}

function first(value) {
  return (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim() || undefined;
}

function proxyToApi(req, res) {
  const headers = withoutHopByHop(req.headers);
  const clientAddress = (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
  if (trustProxy) {
    // Behind a trusted proxy: keep what it said and add the address it connected from.
    const prior = req.headers['x-forwarded-for'];
    headers['x-forwarded-for'] = prior ? `${[prior].flat().join(', ')}, ${clientAddress}` : clientAddress;
    headers['x-forwarded-proto'] = first(req.headers['x-forwarded-proto']) ?? 'http';
    headers['x-forwarded-host'] = first(req.headers['x-forwarded-host']) ?? req.headers.host ?? '';
  } else {
    // This server is the edge: whatever the client claimed in X-Forwarded-* is replaced.
    headers['x-forwarded-for'] = clientAddress;
    headers['x-forwarded-proto'] = 'http';
    headers['x-forwarded-host'] = req.headers.host ?? '';
  }
  if (!headers['x-forwarded-host']) delete headers['x-forwarded-host'];

  const upstream = http.request({ host: apiHost, port: apiPort, method: req.method, path: req.url, headers, agent }, (apiRes) => {
    res.writeHead(apiRes.statusCode ?? 502, apiRes.statusMessage, withoutHopByHop(apiRes.headers));
    apiRes.pipe(res);
    apiRes.on('error', () => res.destroy());
  });
  upstream.on('error', (error) => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const body = JSON.stringify({ error: { code: 'bad_gateway', message: 'The Daybook api is not reachable. Is it still starting?' } });
    res.writeHead(502, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Length': Buffer.byteLength(body) });
    res.end(body);
    if (apiWasHealthy && !shuttingDown) log(`api request failed: ${req.method} ${req.url}: ${error.message}`);
  });
  // The client went away before the answer was complete: stop the upstream request too.
  res.on('close', () => {
    if (!res.writableFinished) upstream.destroy();
  });
  req.on('error', () => upstream.destroy());
  req.pipe(upstream);
}

// ---------------------------------------------------------------- server

const server = http.createServer((req, res) => {
  const urlPath = (req.url ?? '/').split('?')[0] || '/';
  if (urlPath === '/api' || urlPath.startsWith('/api/')) {
    proxyToApi(req, res);
    return;
  }
  serveStatic(req, res, urlPath).catch((error) => {
    log(`static file error: ${error.message}`);
    if (!res.headersSent) {
      res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Internal Server Error\n');
    } else res.destroy();
  });
});
server.on('clientError', (_error, socket) => {
  if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
  else socket.destroy();
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
  log(`web and /api proxy listening on ${host}:${port} (api on ${apiHost}:${apiPort}); waiting for the api...`);
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
      log('the api has not answered /api/health for 60 s; still waiting (its log above says why)');
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
