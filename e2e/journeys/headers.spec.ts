// Security and caching headers as a browser receives them through nginx (deploy/nginx/web-front.cjs, rendered
// into deploy/nginx/daybook.conf.template and used by `npm start` too, for the app's files;
// services/api/src/http/security-headers.ts for every /api answer, errors included).
import type { APIResponse } from '@playwright/test';
import { Api, expect, test, uniqueName } from '../support/fixtures';

/** The page's policy: scripts from this origin only (no inline, no eval), inline styles for MUI/emotion. */
const APP_CSP: Record<string, string> = {
  'default-src': "'self'",
  'script-src': "'self'",
  'style-src': "'self' 'unsafe-inline'",
  'img-src': "'self' data: blob:",
  'font-src': "'self' data:",
  'connect-src': "'self'",
  'manifest-src': "'self'",
  'worker-src': "'self'",
  'media-src': "'self' blob:",
  'object-src': "'none'",
  'frame-src': "'none'",
  'base-uri': "'self'",
  'form-action': "'self'",
  'frame-ancestors': "'none'",
};
const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Every value of a header (so a header sent twice, by nginx and by the api, shows as two). */
const all = (response: APIResponse, name: string) =>
  response
    .headersArray()
    .filter((header) => header.name.toLowerCase() === name)
    .map((header) => header.value);
const one = (response: APIResponse, name: string) => {
  const values = all(response, name);
  expect(values, `exactly one ${name} header`).toHaveLength(1);
  return values[0]!;
};

function parseCsp(policy: string): Record<string, string> {
  return Object.fromEntries(
    policy
      .split(';')
      .map((directive) => directive.trim())
      .filter(Boolean)
      .map((directive) => {
        const [name, ...sources] = directive.split(/\s+/);
        return [name!.toLowerCase(), sources.join(' ')];
      }),
  );
}

/** What nginx adds to the app's own files (index.html, assets, /sw.js). */
function expectAppHeaders(response: APIResponse) {
  const csp = parseCsp(one(response, 'content-security-policy'));
  expect(csp).toEqual(APP_CSP);
  expect(csp['script-src']).not.toMatch(/'unsafe-inline'|'unsafe-eval'|'strict-dynamic'|data:|\*/);
  for (const sources of Object.values(csp)) expect(sources).not.toContain("'unsafe-eval'");
  expect(one(response, 'x-content-type-options')).toBe('nosniff');
  expect(one(response, 'x-frame-options')).toBe('DENY');
  expect(one(response, 'referrer-policy')).toBe('same-origin');
  expect(one(response, 'permissions-policy')).toBe('camera=(), geolocation=(), microphone=(self), payment=(), usb=()');
  expect(one(response, 'cross-origin-opener-policy')).toBe('same-origin');
  expect(one(response, 'server')).toBe('nginx'); // server_tokens off: no version
}

/** What the api sends on every answer; nginx adds none of its own page headers to /api. */
function expectApiHeaders(response: APIResponse) {
  expect(one(response, 'content-type')).toMatch(/^application\/json/);
  expect(one(response, 'cache-control')).toBe('no-store');
  expect(one(response, 'content-security-policy')).toBe(API_CSP);
  expect(one(response, 'x-content-type-options')).toBe('nosniff');
  expect(one(response, 'x-frame-options')).toBe('DENY');
  expect(one(response, 'referrer-policy')).toBe('same-origin');
  expect(one(response, 'cross-origin-resource-policy')).toBe('same-origin');
  expect(all(response, 'permissions-policy')).toEqual([]);
  expect(all(response, 'cross-origin-opener-policy')).toEqual([]);
}

test('headers: index.html, deep links, hashed assets and the service worker carry the page headers', async ({ request }) => {
  let html = '';
  for (const path of ['/', '/calendar', '/admin/users']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(one(response, 'content-type')).toMatch(/^text\/html/);
    // Revalidated on every load, so a new version reaches browsers as soon as it is deployed.
    expect(one(response, 'cache-control')).toBe('no-cache');
    expectAppHeaders(response);
    html = await response.text();
    expect(html).toContain(`<div id="root">`);
  }

  // No inline script in the page: everything the CSP allows comes from /assets/.
  const scripts = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)];
  expect(scripts.length).toBeGreaterThan(0);
  for (const [tag, body] of scripts) {
    expect(body!.trim(), 'inline script').toBe('');
    expect(tag).toMatch(/src="\/assets\/[^"]+\.js"/);
  }

  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
  expect(assets.length).toBeGreaterThan(1);
  for (const asset of assets.slice(0, 3)) {
    const response = await request.get(asset);
    expect(response.status(), asset).toBe(200);
    expect(one(response, 'content-type')).toMatch(/javascript/);
    expect(one(response, 'cache-control')).toBe('public, max-age=31536000, immutable');
    expectAppHeaders(response);
  }
  // A missing hashed file is a 404, never the app's page (which a year-long cache would keep).
  const missing = await request.get('/assets/index-00000000.js');
  expect(missing.status()).toBe(404);
  expect(all(missing, 'cache-control')).toEqual([]);

  const worker = await request.get('/sw.js');
  expect(worker.status()).toBe(200);
  expect(one(worker, 'cache-control')).toBe('no-cache');
  expectAppHeaders(worker);
});

test('headers: api answers carry the api headers: signed out, signed in, health and errors', async ({ request }) => {
  const signedOut = await request.get('/api/auth/user');
  expect(signedOut.status()).toBe(401);
  expectApiHeaders(signedOut);

  const health = await request.get('/api/health');
  expect(health.status()).toBe(200);
  expectApiHeaders(health);

  const notFound = await request.get('/api/no-such-route');
  expect(notFound.status()).toBe(404);
  expectApiHeaders(notFound);

  // A refused state-changing call (no CSRF header) too.
  const refused = await request.post('/api/login', { data: { username: 'x', password: 'y' } });
  expect(refused.status()).toBe(403);
  expectApiHeaders(refused);

  const api = new Api(request);
  const username = uniqueName('headers');
  await api.register(username, 'headers-password');
  await api.login(username, 'headers-password');
  await api.createTask({ title: 'Header check' });
  for (const path of ['/api/auth/user', '/api/tasks', '/api/tasks/today']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expectApiHeaders(response);
  }
  expect(((await (await request.get('/api/tasks')).json()) as { items: Array<{ title: string }> }).items.map((task) => task.title)).toContain('Header check');
});

test('headers: a shared task page is never stored, sends no referrer, and a page of another site cannot frame it', async ({ page, request, baseURL }) => {
  const sharePath = `/share/${'A'.repeat(43)}`;
  const response = await request.get(sharePath);
  expect(response.status()).toBe(200);
  expect(parseCsp(one(response, 'content-security-policy'))).toEqual(APP_CSP);
  expect(one(response, 'x-frame-options')).toBe('DENY');
  expect(one(response, 'referrer-policy')).toBe('no-referrer');
  expect(one(response, 'cache-control')).toBe('no-store');

  // A page on another origin puts the share page in a frame: the browser shows an error page in its place
  // (while a page without those headers, the control, is framed as usual).
  const attacker = 'http://attacker.invalid';
  await page.route(`${attacker}/control`, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><p id="control">framed</p>' }));
  await page.route(`${attacker}/`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>Not Daybook</title><iframe name="share" src="${baseURL}${sharePath}"></iframe><iframe name="control" src="${attacker}/control"></iframe>`,
    }),
  );
  await page.goto(`${attacker}/`);
  await expect(page.frameLocator('iframe[name="control"]').locator('#control')).toHaveText('framed');
  await expect.poll(() => page.frame({ name: 'share' })?.url(), { message: 'the framed share page is replaced by an error page' }).toMatch(/^chrome-error:/);
  expect(await page.frame({ name: 'share' })!.locator('#root').count()).toBe(0);
});
