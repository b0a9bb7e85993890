// The web front of `npm start` (scripts/start.mjs): the built web app from services/web/dist (SPA fallback
// to index.html) with /api/ passed to the api, answering with the same headers as nginx in the appliance
// (both take them from deploy/nginx/web-front.cjs; deploy/test/nginx.test.ts compares the two).
import { createReadStream, existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { frontHeaders, maskSecrets, pathKind } from '../deploy/nginx/web-front.cjs';

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

/** Maps a URL path to a file inside webRoot, or null when it escapes it or is malformed. */
function resolveStatic(urlPath, webRoot) {
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

/** Writes the head of a static answer with the headers the front adds to it (deploy/nginx/web-front.cjs, as nginx does). */
function writeHead(req, res, status, headers) {
  res.writeHead(status, { ...headers, ...frontHeaders(req.url ?? '/', status) });
}

async function serveStatic(req, res, urlPath, webRoot) {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    writeHead(req, res, 405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('Method Not Allowed\n');
    return;
  }
  let file = resolveStatic(urlPath, webRoot);
  if (file === null) {
    writeHead(req, res, 400, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('Bad Request\n');
    return;
  }
  let stats = await fileStats(file);
  if (!stats) {
    // SPA fallback: client-side routes get index.html; a missing asset or file with an extension is a 404.
    const wantsPage = !urlPath.startsWith('/assets/') && (path.extname(urlPath) === '' || (req.headers.accept ?? '').includes('text/html'));
    if (wantsPage) {
      file = path.join(webRoot, 'index.html');
      stats = await fileStats(file);
    }
  }
  if (!stats) {
    writeHead(req, res, 404, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end(existsSync(webRoot) ? 'Not Found\n' : 'The web app is not built. Run `npm run build`.\n');
    return;
  }

  const type = TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
  const etag = `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;
  const headers = { 'Content-Type': type, ETag: etag, 'Last-Modified': stats.mtime.toUTCString() };
  if (urlPath === '/sw.js') headers['Service-Worker-Allowed'] = '/';

  const inm = req.headers['if-none-match'];
  const ims = req.headers['if-modified-since'];
  const notModified = inm ? inm.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*') : ims ? Math.floor(stats.mtimeMs / 1000) <= Math.floor(Date.parse(ims) / 1000) : false;
  if (notModified) {
    writeHead(req, res, 304, headers);
    res.end();
    return;
  }

  const gzip = COMPRESSIBLE.test(type) && stats.size > 1024 && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
  headers.Vary = 'Accept-Encoding';
  if (gzip) headers['Content-Encoding'] = 'gzip';
  else headers['Content-Length'] = stats.size;
  writeHead(req, res, 200, headers);
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

function proxyToApi(req, res, { apiHost, apiPort, trustProxy, onApiError }) {
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
    const answer = withoutHopByHop(apiRes.headers);
    // Answered before the body was all sent (a 413, say): the rest of it would hold up this connection's next request.
    if (!req.complete) answer.connection = 'close';
    res.writeHead(apiRes.statusCode ?? 502, apiRes.statusMessage, answer);
    apiRes.pipe(res);
    apiRes.on('error', () => res.destroy());
  });
  let clientGone = false;
  upstream.on('error', (error) => {
    // The browser closed the request (a tab shut, a page left): the upstream was ended on purpose, no fault.
    if (clientGone) return;
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const body = JSON.stringify({ error: { code: 'bad_gateway', message: 'The Daybook api is not reachable. Is it still starting?' } });
    res.writeHead(502, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Length': Buffer.byteLength(body) });
    res.end(body);
    onApiError(`${req.method} ${maskSecrets(req.url ?? '/')}: ${error.message}`);
  });
  // The client went away before the answer was complete: stop the upstream request too.
  res.on('close', () => {
    if (res.writableFinished) return;
    clientGone = true;
    upstream.destroy();
  });
  req.on('error', () => {
    clientGone = true;
    upstream.destroy();
  });
  req.pipe(upstream);
}

// ---------------------------------------------------------------- server

/**
 * The front's HTTP server (not listening yet). `api`: where the api listens; `trustProxy`: X-Forwarded-*
 * from the client are believed (a proxy of the admin's in front); `log`: one line of this process;
 * `onApiError`: the api could not be reached for a request (its method and address, secrets masked).
 */
export function createWebServer({ webRoot, apiHost, apiPort, trustProxy = false, log = () => undefined, onApiError = () => undefined }) {
  const server = http.createServer((req, res) => {
    // The same kinds of address as nginx's: /api/ is the api's, everything else the app's files.
    if (pathKind(req.url ?? '/') === 'api') {
      proxyToApi(req, res, { apiHost, apiPort, trustProxy, onApiError });
      return;
    }
    const urlPath = (req.url ?? '/').split('?')[0] || '/';
    serveStatic(req, res, urlPath, webRoot).catch((error) => {
      log(`static file error: ${error.message}`);
      if (!res.headersSent) {
        writeHead(req, res, 500, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('Internal Server Error\n');
      } else res.destroy();
    });
  });
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });
  return server;
}
