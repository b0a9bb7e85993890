// The shipped nginx template (deploy/nginx/daybook.conf.template), rendered exactly as the web image
// renders it, run by Debian's nginx in front of a tiny built app and a stand-in api.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { TEMPLATE_PATH, TEMPLATE_VARIABLES, renderTemplate } from '../nginx/render.cjs';
import { PAGE_HEADERS, maskSecrets, withGeneratedBlocks } from '../nginx/web-front.cjs';
import { freePort, hasCommand, rawRequest, repoPath, skipNote, startEchoServer, startNginx, stopChild, waitForPort, type RawResponse, type Running } from './helpers';

const template = readFileSync(TEMPLATE_PATH, 'utf8');
const dockerfile = readFileSync(repoPath('Dockerfile'), 'utf8');

describe('the nginx template', () => {
  it('has exactly the documented placeholders, all set by the web image', () => {
    const placeholders = new Set([...template.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g)].map((m) => m[1]));
    expect([...placeholders].sort()).toEqual([...TEMPLATE_VARIABLES].sort());
    // Bare $UPPERCASE would also be replaced by the image's envsubst: only nginx's lowercase variables may appear.
    expect(template.replace(/\$\{[A-Z_]+\}/g, '').match(/\$[A-Z][A-Z0-9_]*/g)).toBeNull();
    const web = dockerfile.slice(dockerfile.indexOf(' AS web'));
    for (const name of TEMPLATE_VARIABLES.filter((v) => v !== 'NGINX_LOCAL_RESOLVERS')) expect(web).toMatch(new RegExp(`\\b${name}=`));
    expect(web).toMatch(/NGINX_ENTRYPOINT_LOCAL_RESOLVERS=1/);
    expect(web).toMatch(/COPY deploy\/nginx\/daybook\.conf\.template \/etc\/nginx\/templates\/default\.conf\.template/);
  });

  const envsubst = hasCommand('envsubst');
  if (!envsubst) skipNote('envsubst comparison', 'envsubst (gettext-base) is not installed');
  (envsubst ? it : it.skip)('renders the same with render.cjs as with envsubst, the image\'s tool', () => {
    const values = { LISTEN_PORT: '8080', PROXY_LISTEN_PORT: '8081', API_UPSTREAM: 'api:3000', WEB_ROOT: '/usr/share/daybook/web', NGINX_LOCAL_RESOLVERS: '127.0.0.11' };
    // As the image's 20-envsubst-on-templates.sh: only variables defined in the environment are replaced.
    const result = spawnSync('envsubst', [TEMPLATE_VARIABLES.map((v) => `\${${v}}`).join(' ')], {
      input: template,
      encoding: 'utf8',
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...values },
    });
    expect(result.status).toBe(0);
    expect(renderTemplate(values)).toBe(result.stdout);
  });

  it('refuses to render with a value missing', () => {
    expect(() => renderTemplate({ LISTEN_PORT: 8080 })).toThrow(/has no value/);
  });

  it('holds the headers and the masked log exactly as deploy/nginx/web-front.cjs renders them (the rules npm start uses too)', () => {
    // After a change of web-front.cjs: node deploy/nginx/web-front.cjs --write
    expect(withGeneratedBlocks(template)).toBe(template);
    expect(template).toContain('access_log /var/log/nginx/access.log daybook_masked;');
  });
});

describe('secrets in logged addresses', () => {
  const TOKEN = 'Abc_def-0123456789Abc_def-0123456789Abc_wxyz';
  const SECRET = 'Zyx_wvu-9876543210Zyx_wvu-987654';
  it.each([
    [`/share/${TOKEN}`, '/share/[secret]'],
    [`/SHARE/${TOKEN}?from=mail`, '/SHARE/[secret]?from=mail'],
    [`/api/shares/${TOKEN}`, '/api/shares/[secret]'],
    [`/api/shares/${TOKEN}/proposals`, '/api/shares/[secret]/proposals'],
    [`/api/calendar/${SECRET}.ics`, '/api/calendar/[secret].ics'],
    [`/confirm-email/${SECRET}`, '/confirm-email/[secret]'],
    [`http://daybook.lan:3000/confirm-email/${SECRET}`, 'http://daybook.lan:3000/confirm-email/[secret]'],
    [`http://daybook.lan:3000/share/${TOKEN}`, 'http://daybook.lan:3000/share/[secret]'],
    ['/api/calendar/feed', '/api/calendar/feed'],
    ['/api/tasks?limit=20', '/api/tasks?limit=20'],
    ['/shared-notes/x', '/shared-notes/x'],
  ])('%s is logged as %s', (address, logged) => {
    expect(maskSecrets(address)).toBe(logged);
  });
});

const nginxInstalled = hasCommand('nginx');
if (!nginxInstalled) skipNote('nginx behaviour', "Debian's nginx is not installed (apt-get install nginx-light)");

(nginxInstalled ? describe : describe.skip)("Debian's nginx with the rendered template", () => {
  const bigScript = `console.log(${JSON.stringify('daybook '.repeat(800))});\n`;
  let webRoot: string;
  let nginx: Awaited<ReturnType<typeof startNginx>>;
  let api: Awaited<ReturnType<typeof startEchoServer>> | undefined;
  let apiPort: number;
  let base: string;
  let proxyBase: string;

  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(os.tmpdir(), 'daybook-web-'));
    mkdirSync(path.join(webRoot, 'assets'));
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><html><head><script type="module" src="/assets/index-3f9a1c.js"></script></head><body><div id="root"></div></body></html>\n');
    writeFileSync(path.join(webRoot, 'assets', 'index-3f9a1c.js'), bigScript);
    writeFileSync(path.join(webRoot, 'sw.js'), 'self.addEventListener("fetch", () => {});\n');
    writeFileSync(path.join(webRoot, 'manifest.webmanifest'), '{"name":"Daybook"}\n');
    const [listenPort, proxyListenPort] = [await freePort(), await freePort()];
    apiPort = await freePort();
    api = await startEchoServer(apiPort);
    nginx = await startNginx({ listenPort, proxyListenPort, apiUpstream: `127.0.0.1:${apiPort}`, webRoot });
    base = `http://127.0.0.1:${listenPort}`;
    proxyBase = `http://127.0.0.1:${proxyListenPort}`;
  });

  afterAll(async () => {
    await api?.stop();
    await nginx?.stop();
    rmSync(webRoot, { recursive: true, force: true });
  });

  const expectAppSecurityHeaders = (res: RawResponse) => {
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/script-src 'self';/); // no inline or eval'd scripts
    expect(csp).toContain("style-src 'self' 'unsafe-inline'"); // MUI/emotion inject styles
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.headers['permissions-policy']).toContain('microphone=(self)'); // speech entry
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  };

  it('serves index.html with security headers and no caching', async () => {
    const res = await rawRequest(`${base}/`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toContain('<div id="root">');
    expect(res.headers['cache-control']).toBe('no-cache');
    expectAppSecurityHeaders(res);
    expect(res.headers.server).toBe('nginx'); // no version
  });

  it.each(['/dashboard', '/calendar', '/notes', '/admin/users', '/daily-review', '/no/such/page'])('answers the app route %s with index.html (SPA fallback)', async (route) => {
    const res = await rawRequest(`${base}${route}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('<div id="root">');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves a shared task\'s page uncached and without a referrer: its address is the key (DECISIONS 33)', async () => {
    const res = await rawRequest(`${base}/share/${'A'.repeat(43)}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('<div id="root">');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('lets browsers keep hashed assets for a year', async () => {
    const res = await rawRequest(`${base}/assets/index-3f9a1c.js`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expectAppSecurityHeaders(res);
  });

  it('answers a missing asset or file with 404, never with the app page or a long cache', async () => {
    for (const missing of ['/assets/index-000000.js', '/favicon-missing.png', '/robots.txt']) {
      const res = await rawRequest(`${base}${missing}`);
      expect(res.status).toBe(404);
      expect(res.text).not.toContain('<div id="root">');
      expect(res.headers['cache-control']).toBeUndefined();
    }
  });

  it('serves /sw.js and the manifest uncached, with the right types', async () => {
    const sw = await rawRequest(`${base}/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers['content-type']).toMatch(/javascript/);
    expect(sw.headers['cache-control']).toBe('no-cache');
    const manifest = await rawRequest(`${base}/manifest.webmanifest`);
    expect(manifest.headers['content-type']).toBe('application/manifest+json');
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it('revalidates index.html with its ETag', async () => {
    const first = await rawRequest(`${base}/`);
    const again = await rawRequest(`${base}/`, { headers: { 'If-None-Match': String(first.headers.etag) } });
    expect(again.status).toBe(304);
  });

  it('compresses text for clients that accept gzip, and says so in Vary', async () => {
    const zipped = await rawRequest(`${base}/assets/index-3f9a1c.js`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/Accept-Encoding/);
    expect(zlib.gunzipSync(zipped.body).toString()).toBe(bigScript);
    const plain = await rawRequest(`${base}/assets/index-3f9a1c.js`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const json = await rawRequest(`${base}/api/big`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(json.headers['content-encoding']).toBe('gzip');
  });

  it('passes /api to the api with the path, query, Host and forwarded headers, replacing what the client claimed', async () => {
    const res = await rawRequest(`${base}/api/tasks/calendar?start=2026-03-01&end=2026-03-08`, {
      headers: { 'X-Forwarded-For': '203.0.113.66', 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'evil.example', 'X-Real-IP': '203.0.113.66', Host: 'daybook.lan:8080' },
    });
    expect(res.status).toBe(200);
    const seen = JSON.parse(res.text);
    expect(seen.url).toBe('/api/tasks/calendar?start=2026-03-01&end=2026-03-08');
    expect(seen.headers.host).toBe('daybook.lan:8080'); // the api compares it with Origin (CSRF check)
    expect(seen.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(seen.headers['x-forwarded-proto']).toBe('http');
    expect(seen.headers['x-forwarded-host']).toBe('daybook.lan:8080');
    expect(seen.headers['x-real-ip']).toBeUndefined();
  });

  it("believes the forwarded headers on the proxy port (the HTTPS front's), and only there", async () => {
    const res = await rawRequest(`${proxyBase}/api/auth/user`, {
      headers: { 'X-Forwarded-For': '192.168.1.23', 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'daybook.home.arpa:8443', Host: 'daybook.home.arpa:8443' },
    });
    const seen = JSON.parse(res.text);
    expect(seen.headers['x-forwarded-for']).toBe('192.168.1.23');
    expect(seen.headers['x-forwarded-proto']).toBe('https');
    expect(seen.headers['x-forwarded-host']).toBe('daybook.home.arpa:8443');
  });

  it("leaves the api's own headers alone and adds none of the app's", async () => {
    const res = await rawRequest(`${base}/api/health`);
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['permissions-policy']).toBeUndefined();
  });

  it('passes request bodies up to 1 MB and refuses larger ones with 413', async () => {
    const ok = await rawRequest(`${base}/api/note-lists`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: Buffer.alloc(600 * 1024, 'a') });
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.text).bodySize).toBe(600 * 1024);
    const tooBig = await rawRequest(`${base}/api/note-lists`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: Buffer.alloc(2 * 1024 * 1024, 'a') });
    expect(tooBig.status).toBe(413);
  });

  it('answers in the api error format while the api is down, and recovers when it is back', async () => {
    await api!.stop();
    api = undefined;
    const down = await rawRequest(`${base}/api/auth/user`);
    expect(down.status).toBe(503);
    expect(down.headers['content-type']).toBe('application/json');
    expect(JSON.parse(down.text)).toEqual({ error: { code: 'api_unavailable', message: expect.stringContaining('not reachable') } });
    api = await startEchoServer(apiPort);
    await waitForPort(apiPort);
    expect((await rawRequest(`${base}/api/auth/user`)).status).toBe(200);
  });

  it('answers its own health check', async () => {
    const res = await rawRequest(`${base}/nginx-health`);
    expect(res.status).toBe(200);
    expect(res.text).toBe('ok\n');
  });

  it('writes the access log with the secrets of share links, calendar feeds and confirmation links masked', async () => {
    const token = 'Abc_def-0123456789Abc_def-0123456789Abc_wxyz';
    const secret = 'Zyx_wvu-9876543210Zyx_wvu-987654';
    await rawRequest(`${base}/share/${token}`, { headers: { 'User-Agent': 'log-check' } });
    await rawRequest(`${base}/api/shares/${token}`, { headers: { Referer: `${base}/share/${token}`, 'User-Agent': 'log-check' } });
    await rawRequest(`${base}/api/shares/${token}/comments`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'User-Agent': 'log-check' }, body: '{}' });
    await rawRequest(`${base}/api/calendar/${secret}.ics`, { headers: { 'User-Agent': 'log-check' } });
    await rawRequest(`${base}/api/tasks?limit=20`, { headers: { 'User-Agent': 'log-check' } });
    await rawRequest(`${base}/confirm-email/${secret}`, { headers: { 'User-Agent': 'log-check' } });
    const log = readFileSync(path.join(nginx.prefix, 'access.log'), 'utf8')
      .split('\n')
      .filter((line) => line.includes('"log-check"'));
    expect(log).toHaveLength(6);
    expect(log.join('\n')).not.toContain(token.slice(0, 12));
    expect(log.join('\n')).not.toContain(secret.slice(0, 12));
    expect(log[0]).toContain('"GET /share/[secret] HTTP/1.1" 200');
    expect(log[1]).toContain(`"GET /api/shares/[secret] HTTP/1.1" 200 `);
    expect(log[1]).toContain(`"${base}/share/[secret]"`);
    expect(log[2]).toContain('"POST /api/shares/[secret]/comments HTTP/1.1" 200');
    expect(log[3]).toContain('"GET /api/calendar/[secret].ics HTTP/1.1" 200');
    expect(log[4]).toContain('"GET /api/tasks?limit=20 HTTP/1.1" 200');
    expect(log[5]).toContain('"GET /confirm-email/[secret] HTTP/1.1" 200');
    expect(log[0]).toMatch(/^127\.0\.0\.1 - - \[[^\]]+\] "GET /);
  });

  describe('npm start, serving the same build with the same api', () => {
    const TOKEN = 'A'.repeat(43);
    // What the front adds (web-front.cjs) and what the api adds (services/api/src/http/security-headers.ts).
    const SECURITY_HEADERS = [...PAGE_HEADERS.map((header) => header.name.toLowerCase()), 'cross-origin-resource-policy'];
    let start: Running;
    let startBase: string;

    beforeAll(async () => {
      const port = await freePort();
      start = startWebServer({ port, apiPort, webRoot });
      await waitForPort(port, 10_000);
      startBase = `http://127.0.0.1:${port}`;
    });
    afterAll(() => start?.stop());

    const securityHeaders = (res: RawResponse) => Object.fromEntries(SECURITY_HEADERS.filter((name) => res.headers[name] !== undefined).map((name) => [name, res.headers[name]]));

    it.each(['/', '/calendar', `/share/${TOKEN}`, '/assets/index-3f9a1c.js', '/sw.js', '/api/health', `/api/shares/${TOKEN}`])(
      'answers %s with the same security headers as nginx',
      async (address) => {
        const [viaNginx, viaStart] = [await rawRequest(`${base}${address}`), await rawRequest(`${startBase}${address}`)];
        expect(viaStart.status).toBe(viaNginx.status);
        expect(Object.keys(securityHeaders(viaNginx)).length).toBeGreaterThanOrEqual(2);
        expect(securityHeaders(viaStart)).toEqual(securityHeaders(viaNginx));
      },
    );

    it('never lets another site frame the share page or see its address, both ways', async () => {
      for (const front of [base, startBase]) {
        const res = await rawRequest(`${front}/share/${TOKEN}`);
        expect(res.text).toContain('<div id="root">');
        expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
        expect(res.headers['x-frame-options']).toBe('DENY');
        expect(res.headers['referrer-policy']).toBe('no-referrer');
        expect(res.headers['cache-control']).toBe('no-store');
      }
    });
  });

  it('logged no configuration problems', () => {
    expect(nginx.errorLog()).not.toMatch(/\[(emerg|alert|crit)\]/);
  });
});

describe("npm start's front and an api that refuses a body before reading it", () => {
  let api: http.Server;
  let front: Running & { apiErrors: () => string };
  let frontPort: number;

  beforeAll(async () => {
    // As the api does with a body over its limit (services/api/src/http/error-handler.ts): 413 at once, connection closed.
    ({ api, front, frontPort } = await startFrontBefore((_req, res) => {
      res.writeHead(413, { 'Content-Type': 'application/json', Connection: 'close' });
      res.end('{"error":{"code":"payload_too_large","message":"Request body too large"}}');
    }));
  });
  afterAll(async () => {
    await front?.stop();
    await new Promise((resolve) => api?.close(resolve));
  });

  it('closes the connection too, so the rest of the body is not read as the next request', async () => {
    const socket = net.connect(frontPort, '127.0.0.1');
    let received = '';
    const ended = new Promise<boolean>((resolve) => {
      socket.on('close', () => resolve(true));
      setTimeout(() => resolve(false), 5_000);
    });
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    const body = 'a'.repeat(256 * 1024);
    socket.write(`POST /api/note-lists HTTP/1.1\r\nHost: daybook.test\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n${body.length.toString(16)}\r\n${body}\r\n`);
    expect(await ended).toBe(true);
    expect(received).toMatch(/^HTTP\/1\.1 413 /);
    expect(received.toLowerCase()).toContain('connection: close');
  });
});

describe("npm start's front and a browser that goes away mid-request", () => {
  let api: http.Server;
  let front: Running & { apiErrors: () => string };
  let frontPort: number;

  beforeAll(async () => {
    // An api that takes its time: the browser leaves before it answers.
    ({ api, front, frontPort } = await startFrontBefore((_req, res) => setTimeout(() => res.end('{}'), 2_000).unref()));
  });
  afterAll(async () => {
    await front?.stop();
    api?.closeAllConnections();
    await new Promise((resolve) => api?.close(resolve));
  });

  it('reports no api failure: a request the client abandoned is not a server fault', async () => {
    const socket = net.connect(frontPort, '127.0.0.1');
    socket.on('error', () => undefined);
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write('GET /api/clients HTTP/1.1\r\nHost: daybook.test\r\n\r\n');
    await new Promise((resolve) => setTimeout(resolve, 300));
    socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(front.apiErrors()).toBe('');
  });

  it('still reports an api that cannot be reached', async () => {
    const closedPort = await freePort();
    const port = await freePort();
    const unreachable = startWebServer({ port, apiPort: closedPort, webRoot: os.tmpdir() });
    try {
      await waitForPort(port, 10_000);
      const answer = await rawRequest(`http://127.0.0.1:${port}/api/clients`);
      expect(answer.status).toBe(502);
      await waitFor(() => unreachable.apiErrors().includes('GET /api/clients'));
    } finally {
      await unreachable.stop();
    }
  });
});

/** A stand-in api answering with `handler`, and npm start's front before it (no build: the app's files are not asked for). */
async function startFrontBefore(handler: http.RequestListener) {
  const api = http.createServer(handler);
  const apiPort = await freePort();
  await new Promise<void>((resolve) => api.listen(apiPort, '127.0.0.1', resolve));
  const frontPort = await freePort();
  const front = startWebServer({ port: frontPort, apiPort, webRoot: os.tmpdir() });
  await waitForPort(frontPort, 10_000);
  return { api, front, frontPort };
}

async function waitFor(check: () => boolean, ms = 5_000) {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * scripts/web-server.mjs (npm start's front) in a process of its own, with the api at `apiPort` and the build at
 * `webRoot`; `apiErrors()` is what it reported through `onApiError`, one line each.
 */
function startWebServer({ port, apiPort, webRoot }: { port: number; apiPort: number; webRoot: string }): Running & { apiErrors: () => string } {
  const module = pathToFileURL(repoPath('scripts', 'web-server.mjs')).href;
  const script = `import(${JSON.stringify(module)}).then(({ createWebServer }) => createWebServer({ webRoot: ${JSON.stringify(webRoot)}, apiHost: '127.0.0.1', apiPort: ${apiPort}, onApiError: (what) => console.log(what) }).listen(${port}, '127.0.0.1'))`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  let reported = '';
  child.stdout?.on('data', (chunk: Buffer) => (reported += chunk.toString()));
  return { stop: () => stopChild(child), apiErrors: () => reported };
}
