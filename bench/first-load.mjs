// The dashboard's first load in Chromium, as `npm run bench` measures it: the production build behind
// nginx with the shipped configuration (deploy/nginx/daybook.conf.template), signed in as the seeded
// 10,000-task user.
//   - Lighthouse (performance category, its default mobile preset: simulated slow 4G and a 4x slower CPU);
//   - the Performance API in an unthrottled phone-sized page: largest contentful paint, the JavaScript
//     transferred (gzip) and the time from navigation until the first task card shows (the median of
//     five fresh browsers), then the same for a repeat visit (its service worker in place).
// `npm run bench` runs it as its own process (`node bench/first-load.mjs <api port>`, the cookie in
// BENCH_COOKIE, the result as JSON on stdout). Run inside the bench's process, Lighthouse left about
// 170 MB on its heap (8 MB without it), and the garbage collections of the load generator that runs next
// then paused it for up to 14 ms at a time, adding to the latencies it measured.
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import lighthouse from 'lighthouse';
import { freePort } from './support.mjs';

const require = createRequire(import.meta.url);
const { writeNginxConfig } = require('../deploy/nginx/render.cjs');

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const NGINX_PATH = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** nginx with the shipped configuration in front of the api on `apiPort`, serving the built web app. */
export async function startNginx(root, apiPort) {
  const listenPort = await freePort();
  const { configPath, prefix } = writeNginxConfig({
    listenPort,
    proxyListenPort: await freePort(),
    apiUpstream: `127.0.0.1:${apiPort}`,
    webRoot: join(root, 'services/web/dist'),
    prefix: join(root, 'bench/.nginx'),
    resolvers: '127.0.0.1',
  });
  const checked = spawnSync(NGINX_PATH, ['-t', '-q', '-e', 'stderr', '-p', prefix, '-c', configPath], { encoding: 'utf8' });
  if (checked.status !== 0) throw new Error(`nginx -t failed:\n${checked.stderr}`);
  const child = spawn(NGINX_PATH, ['-e', 'stderr', '-p', prefix, '-c', configPath], { stdio: ['ignore', 'ignore', 'inherit'] });
  const origin = `http://127.0.0.1:${listenPort}`;
  for (let i = 0; i < 100; i += 1) {
    const ok = await fetch(`${origin}/api/health`).then((r) => r.ok, () => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    origin,
    stop() {
      child.kill('SIGQUIT');
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

/** Lighthouse's performance audit of `url` (mobile preset), in a Chromium started by Playwright. */
async function lighthouseRun(url, cookie, reportFile) {
  const port = await freePort();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`] });
  try {
    const { lhr } = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], extraHeaders: { Cookie: cookie } });
    if (reportFile) writeFileSync(reportFile, JSON.stringify(lhr));
    // An audit Lighthouse could not compute in a run (it happens now and then) reads as null.
    const value = (id) => lhr.audits[id]?.numericValue ?? null;
    const ms = (id) => (value(id) === null ? null : Math.round(value(id)));
    return {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      fcpMs: ms('first-contentful-paint'),
      lcpMs: ms('largest-contentful-paint'),
      tbtMs: ms('total-blocking-time'),
      cls: value('cumulative-layout-shift') === null ? null : +value('cumulative-layout-shift').toFixed(3),
      speedIndexMs: ms('speed-index'),
      transferKb: value('total-byte-weight') === null ? null : Math.round(value('total-byte-weight') / 1024),
    };
  } finally {
    await browser.close();
  }
}

/** Runs of each measure (fresh browsers): this machine's timings vary by a tenth or more from run to run. */
const RUNS = 5;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Records in the page, from its navigation start, when the frame showing the first task card has been
 * painted. Read by the page itself: Playwright's locators would inject their own script into the page
 * while it loads and slow what they measure.
 */
function recordTasksShown() {
  const cardShown = () => document.querySelector('[data-testid="task-card"]');
  const observer = new MutationObserver(() => {
    if (!cardShown()) return;
    observer.disconnect();
    // A frame's callbacks run before its paint; a task queued from one runs after it.
    requestAnimationFrame(() => setTimeout(() => (window.__tasksShownMs = performance.now())));
  });
  observer.observe(document, { childList: true, subtree: true });
}

/** Milliseconds from the start of a navigation to `url` until the dashboard has painted its first task card. */
async function timeToTasks(page, url) {
  await page.goto(url, { waitUntil: 'commit' });
  const shown = await page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const started = Date.now();
        const poll = () => {
          if (window.__tasksShownMs) resolve(window.__tasksShownMs);
          else if (Date.now() - started > 30_000) reject(new Error('no task card after 30 s'));
          else setTimeout(poll, 50);
        };
        poll();
      }),
  );
  return Math.round(shown);
}

/** The first load as a phone sees it without throttling, read from the Performance API. */
async function performanceApiRun(origin, cookieHeader) {
  const runs = [];
  for (let i = 0; i < RUNS; i += 1) runs.push(await performanceApiVisit(origin, cookieHeader));
  const middle = runs.find((run) => run.tasksShownMs === median(runs.map((r) => r.tasksShownMs)));
  return { ...middle, tasksShownRuns: runs.map((r) => r.tasksShownMs), repeatTasksShownMs: median(runs.map((r) => r.repeatTasksShownMs)) };
}

async function performanceApiVisit(origin, cookieHeader) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addCookies(
      cookieHeader.split('; ').map((pair) => {
        const [name, ...value] = pair.split('=');
        return { name, value: value.join('='), url: origin };
      }),
    );
    const page = await context.newPage();
    await page.addInitScript(recordTasksShown);
    await page.addInitScript(() => {
      window.__lcp = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    const tasksShownMs = await timeToTasks(page, origin);
    await page.waitForTimeout(1500); // lazy chunks loaded after the first paint
    const firstVisit = await page.evaluate((tasksShown) => {
      const scripts = performance.getEntriesByType('resource').filter((e) => e.initiatorType === 'script' || e.name.endsWith('.js'));
      const navigation = performance.getEntriesByType('navigation')[0];
      return {
        lcpMs: Math.round(window.__lcp),
        domContentLoadedMs: Math.round(navigation.domContentLoadedEventEnd),
        tasksShownMs: tasksShown,
        jsFiles: scripts.length,
        jsTransferKb: Math.round(scripts.reduce((sum, e) => sum + e.transferSize, 0) / 1024),
      };
    }, tasksShownMs);
    await serviceWorkerKeeps(page, '/api/tasks/today');
    const repeatTasksShownMs = await timeToTasks(page, origin);
    return { ...firstVisit, repeatTasksShownMs };
  } finally {
    await browser.close();
  }
}

/** Until the service worker (it registers a few seconds after the page has loaded) controls the page and keeps the answer of `path`. */
async function serviceWorkerKeeps(page, path) {
  for (let i = 0; i < 100; i += 1) {
    const kept = await page.evaluate(async (kept) => {
      if (!navigator.serviceWorker.controller) return false;
      const cache = await caches.open('daybook-api');
      return (await cache.keys()).some((request) => new URL(request.url).pathname === kept);
    }, path);
    if (kept) return;
    await page.waitForTimeout(200);
  }
  throw new Error('the service worker did not keep the first answers within 20 s');
}

/** Measures the dashboard's first load for the signed-in `cookie` against the api on `apiPort`. */
/** With `reportDir`, each Lighthouse report is written there as lighthouse-<n>.json. */
export async function measureFirstLoad({ root, apiPort, cookie, reportDir }) {
  const nginx = await startNginx(root, apiPort);
  if (reportDir) mkdirSync(reportDir, { recursive: true });
  try {
    const performanceApi = await performanceApiRun(nginx.origin, cookie);
    const runs = [];
    for (let i = 0; i < RUNS; i += 1) runs.push(await lighthouseRun(`${nginx.origin}/`, cookie, reportDir && join(reportDir, `lighthouse-${i + 1}.json`)));
    // The median run by score, as Lighthouse's own docs advise for variance.
    const lighthouseResult = [...runs].sort((a, b) => a.score - b.score)[Math.floor(runs.length / 2)];
    return { lighthouse: lighthouseResult, lighthouseScores: runs.map((r) => r.score), performanceApi };
  } finally {
    nginx.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const result = await measureFirstLoad({ root, apiPort: Number(process.argv[2]), cookie: process.env.BENCH_COOKIE, reportDir: process.env.BENCH_LIGHTHOUSE_DIR });
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
