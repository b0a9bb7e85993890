// The optional HTTPS front (compose profile "https"): the shipped Caddyfile run by Caddy with its own
// certificate authority, in front of the shipped nginx template and a stand-in api.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { freePort, hasCommand, repoPath, skipNote, startEchoServer, startNginx, stopChild, waitForPort } from './helpers';

const caddyfile = repoPath('deploy', 'caddy', 'Caddyfile');
const caddyInstalled = hasCommand('caddy');
const nginxInstalled = hasCommand('nginx');

if (!caddyInstalled) skipNote('HTTPS front', 'Caddy is not installed (apt-get install caddy)');

describe('the Caddyfile', () => {
  (caddyInstalled ? it : it.skip)('is valid Caddy configuration', () => {
    const result = spawnSync('caddy', ['adapt', '--config', caddyfile, '--adapter', 'caddyfile'], { encoding: 'utf8', env: { ...process.env, HTTPS_HOST: '192.168.1.20', HTTPS_ALIASES: 'daybook.home.arpa' } });
    expect(result.stderr).not.toMatch(/error/i);
    expect(result.status).toBe(0);
    const config = JSON.parse(result.stdout);
    expect(config.apps.http.servers.srv0.listen).toEqual([':8443']);
  });
});

(caddyInstalled && nginxInstalled ? describe : describe.skip)('HTTPS through Caddy and nginx', () => {
  let work: string;
  let caddy: ChildProcess;
  let nginx: Awaited<ReturnType<typeof startNginx>>;
  let api: Awaited<ReturnType<typeof startEchoServer>>;
  let httpsPort: number;
  let rootCert: string;

  /** GET over HTTPS trusting only Caddy's authority; `servername` undefined = no SNI, as for an IP address. */
  const get = (pathname: string, host = '127.0.0.1') =>
    new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
      const req = https.get({ host: '127.0.0.1', port: httpsPort, path: pathname, ca: readFileSync(rootCert), servername: host === '127.0.0.1' ? '' : host, headers: { Host: `${host}:${httpsPort}` }, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
    });

  beforeAll(async () => {
    work = mkdtempSync(path.join(os.tmpdir(), 'daybook-https-'));
    writeFileSync(path.join(work, 'index.html'), '<!doctype html><div id="root"></div>\n');
    const [listenPort, proxyListenPort, apiPort] = [await freePort(), await freePort(), await freePort()];
    httpsPort = await freePort();
    api = await startEchoServer(apiPort);
    nginx = await startNginx({ listenPort, proxyListenPort, apiUpstream: `127.0.0.1:${apiPort}`, webRoot: work });
    const data = path.join(work, 'caddy-data');
    rootCert = path.join(data, 'caddy', 'pki', 'authorities', 'local', 'root.crt');
    caddy = spawn('caddy', ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
      cwd: work,
      stdio: 'ignore',
      env: {
        PATH: process.env.PATH,
        HOME: work,
        XDG_DATA_HOME: data,
        XDG_CONFIG_HOME: path.join(work, 'caddy-config'),
        HTTPS_HOST: '127.0.0.1',
        HTTPS_ALIASES: 'daybook.home.arpa',
        HTTPS_LISTEN_PORT: String(httpsPort),
        HTTP_LISTEN_PORT: String(await freePort()),
        CADDY_PKI_DIR: path.dirname(rootCert),
        DAYBOOK_WEB_UPSTREAM: `127.0.0.1:${proxyListenPort}`,
      },
    });
    await waitForPort(httpsPort, 10_000);
    for (let i = 0; i < 100 && !existsSync(rootCert); i++) await new Promise((r) => setTimeout(r, 50));
  }, 20_000);

  afterAll(async () => {
    if (caddy) await stopChild(caddy);
    await api?.stop();
    await nginx?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('serves the app over HTTPS by IP address (no SNI) with a certificate from its own authority', async () => {
    const res = await get('/calendar');
    expect(res.status).toBe(200);
    expect(res.body.toString()).toContain('<div id="root">');
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
  });

  it('serves the alias host name too', async () => {
    expect((await get('/', 'daybook.home.arpa')).status).toBe(200);
  });

  it('tells the api the real client address, https and the host the browser used', async () => {
    const res = await get('/api/auth/user', 'daybook.home.arpa');
    const seen = JSON.parse(res.body.toString());
    expect(seen.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(seen.headers['x-forwarded-proto']).toBe('https');
    expect(seen.headers['x-forwarded-host']).toBe(`daybook.home.arpa:${httpsPort}`);
    expect(seen.headers.host).toBe(`daybook.home.arpa:${httpsPort}`);
  });

  it('offers its authority certificate for installing on phones', async () => {
    const res = await get('/daybook-ca.crt');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-x509-ca-cert');
    expect(res.body.equals(readFileSync(rootCert))).toBe(true);
  });
});
