// The shipped nginx template in front of several api replicas on one host: render.cjs, given a list of api
// addresses, defines a server group that the template's API_UPSTREAM names (the drills run Daybook so).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_REPLICAS_GROUP, renderMainConfig } from '../nginx/render.cjs';
import { freePort, hasCommand, rawRequest, startEchoServer, startNginx, type Running } from './helpers';

describe('render.cjs with several api addresses', () => {
  it('defines one server group of them and passes /api to it; one address stays as it is', () => {
    const options = { listenPort: 8080, webRoot: '/srv/web', prefix: '/tmp/nginx', resolvers: '127.0.0.1' };
    const several = renderMainConfig({ ...options, apiUpstream: ['127.0.0.1:3001', '127.0.0.1:3002'] });
    expect(several).toContain(`upstream ${API_REPLICAS_GROUP} {\n        server 127.0.0.1:3001 max_fails=1 fail_timeout=5s;\n        server 127.0.0.1:3002 max_fails=1 fail_timeout=5s;\n    }`);
    expect(several).toContain(`set $daybook_api http://${API_REPLICAS_GROUP};`);
    const one = renderMainConfig({ ...options, apiUpstream: '127.0.0.1:3001' });
    expect(one).not.toMatch(/^\s*upstream /m);
    expect(one).toContain('set $daybook_api http://127.0.0.1:3001;');
    expect(() => renderMainConfig({ ...options, apiUpstream: [] })).toThrow(/host:port or a list/);
    expect(() => renderMainConfig({ ...options, apiUpstream: ['127.0.0.1:3001', 'api'] })).toThrow(/host:port or a list/);
  });
});

(hasCommand('nginx') ? describe : describe.skip)("Debian's nginx in front of two api replicas", () => {
  let webRoot: string;
  let base: string;
  let nginx: Running | undefined;
  const apis: Array<Running & { requests: unknown[] }> = [];

  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(os.tmpdir(), 'daybook-web-'));
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Daybook</title>\n');
    const ports = [await freePort(), await freePort()];
    for (const port of ports) apis.push(await startEchoServer(port));
    const [listenPort, proxyListenPort] = [await freePort(), await freePort()];
    nginx = await startNginx({ listenPort, proxyListenPort, apiUpstream: ports.map((port) => `127.0.0.1:${port}`), webRoot });
    base = `http://127.0.0.1:${listenPort}`;
  });

  afterAll(async () => {
    await Promise.all(apis.map((api) => api.stop()));
    await nginx?.stop();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('spreads requests over both, and sends every request, writes too, to the other while one is down', async () => {
    for (let i = 0; i < 10; i += 1) expect((await rawRequest(`${base}/api/health`)).status).toBe(200);
    expect(apis.map((api) => api.requests.length)).toEqual([5, 5]);
    await apis[0]!.stop(); // refuses connections from now on: nginx tries the other
    for (const method of ['GET', 'POST', 'PATCH', 'GET']) expect((await rawRequest(`${base}/api/tasks`, { method, body: '{}' })).status).toBe(200);
    expect(apis.map((api) => api.requests.length)).toEqual([5, 9]);
  });
});
