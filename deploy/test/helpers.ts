// Shared pieces of the deploy tests: finding tools, free ports, raw HTTP, running nginx and stub servers.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { writeNginxConfig } from '../nginx/render.cjs';

export const repoRoot = path.resolve(__dirname, '..', '..');
export const repoPath = (...parts: string[]) => path.join(repoRoot, ...parts);

/** True when `name` runs from PATH. */
export function hasCommand(name: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

/** Says in the test output why a test is skipped (jest itself only counts skips). */
export function skipNote(what: string, why: string): void {
  console.warn(`[deploy tests] skipped: ${what}: ${why}`);
}

/** A port that was free a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function waitForPort(port: number, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on port ${port} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text: string;
}

/** One HTTP request with nothing decoded or followed, so headers and encodings can be checked as sent. */
export function rawRequest(url: string, options: { method?: string; headers?: Record<string, string>; body?: Buffer | string } = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: options.method ?? 'GET', headers: options.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text: body.toString('utf8') });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

export interface Running {
  stop(): Promise<void>;
}

/** Stops a child process we started (by its pid), waiting for it to exit. */
export function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill(signal);
  });
}

/** Debian's nginx running the rendered shipped template in the foreground; stop() also removes its files. */
export async function startNginx(options: { listenPort: number; proxyListenPort: number; apiUpstream: string | readonly string[]; webRoot: string }): Promise<Running & { prefix: string; errorLog: () => string }> {
  const { prefix, configPath } = writeNginxConfig(options);
  const test = spawnSync('nginx', ['-t', '-q', '-e', 'stderr', '-p', prefix, '-c', configPath], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx -t failed:\n${test.stderr}`);
  let stderr = '';
  const child = spawn('nginx', ['-e', 'stderr', '-p', prefix, '-c', configPath], { stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  await waitForPort(options.listenPort).catch((error: Error) => {
    child.kill('SIGKILL');
    throw new Error(`${error.message}\n${stderr}`);
  });
  return {
    prefix,
    errorLog: () => stderr,
    async stop() {
      await stopChild(child, 'SIGQUIT');
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

/** A stand-in for the api: answers every request with what it received (path, headers, body size). */
export async function startEchoServer(port: number): Promise<Running & { requests: { url: string; headers: IncomingHttpHeaders }[] }> {
  const requests: { url: string; headers: IncomingHttpHeaders }[] = [];
  const server = http.createServer((req, res) => {
    let size = 0;
    req.on('data', (chunk: Buffer) => (size += chunk.length));
    req.on('end', () => {
      requests.push({ url: req.url ?? '', headers: req.headers });
      // The real api's own headers, which must reach the browser untouched.
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
      res.end(JSON.stringify({ url: req.url, method: req.method, headers: req.headers, bodySize: size, padding: 'x'.repeat(2048) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    requests,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The shells the backup scripts are run with: Debian's sh (dash) and, when busybox is installed,
 * busybox's sh with busybox's date/find/sed/... first on PATH, as in the postgres:*-alpine image the
 * backup service runs in. `cleanup()` removes the busybox folder.
 */
export function scriptShells(): { name: string; shell: string; env: Record<string, string>; cleanup(): void }[] {
  const shells = [{ name: 'dash', shell: 'sh', env: {}, cleanup: () => undefined }];
  if (hasCommand('busybox')) {
    const bin = mkdtempSync(path.join(os.tmpdir(), 'daybook-busybox-'));
    const busybox = spawnSync('sh', ['-c', 'command -v busybox'], { encoding: 'utf8' }).stdout.trim();
    for (const applet of ['sh', 'date', 'find', 'mkdir', 'mv', 'rm', 'cat', 'sed', 'head', 'wc', 'tr', 'id', 'mktemp', 'sleep', 'dirname', 'touch', 'ls']) {
      symlinkSync(busybox, path.join(bin, applet));
    }
    shells.push({ name: 'busybox', shell: path.join(bin, 'sh'), env: { PATH: `${bin}:${process.env.PATH}` }, cleanup: () => rmSync(bin, { recursive: true, force: true }) });
  }
  return shells;
}
