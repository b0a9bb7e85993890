// `npm run bench:capture`: how long the capture box's structurer takes per keystroke on a phone.
// The production build behind nginx with the shipped configuration, the real api on a fresh database,
// one user with clients (some with aliases), in Chromium at 390 px with the CPU slowed 4x (CDP
// Emulation.setCPUThrottlingRate). Realistic sentences are typed key by key; the box records a User
// Timing measure around each structurer run (features/capture/structure.ts) and the page collects them,
// with the Event Timing of each keystroke (from the key to the next paint). Prints p50/p95/max and
// writes bench/results/capture-keystroke-<date>.json. Not a timed test: run it on an idle machine.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { startNginx } from './first-load.mjs';
import { freePort, freshDatabase, waitForServer } from './support.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const env = process.env;
const PG_URL = env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const DATABASE = 'daybook_capture_bench';
const CHROMIUM_PATH = env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// As the browser journeys launch it (e2e/playwright.config.ts).
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const CPU_SLOWDOWN = Number(env.BENCH_CPU_SLOWDOWN ?? 4);
/** Pause between keys: a quick thumb typist, about 8 characters a second. */
const KEY_DELAY_MS = Number(env.BENCH_KEY_DELAY_MS ?? 120);
const TARGET_P95_MS = 5;
const MEASURE = 'daybook:capture:structure';
const CSRF = { 'x-daybook-csrf': '1' };

/** The user's clients; aliases as corrections would have taught them (DECISIONS 28). */
const CLIENTS = [
  { name: 'Harbor Dental', aliases: ['the dentists'] },
  { name: 'Northwind Traders', aliases: ['Northwind'] },
  { name: 'Robertson Retail', aliases: ["Bob's shop"] },
  { name: 'Acme' },
  { name: 'Globex' },
  { name: 'Initech' },
  { name: 'Blue Fern Yoga' },
  { name: 'Mill Street Bakery', aliases: ['the bakery'] },
  { name: 'Okafor & Sons' },
  { name: 'Lumen Architects' },
  { name: 'Carver Legal' },
  { name: 'Pine Valley School', aliases: ['the school'] },
  { name: 'Redwood Clinic' },
  { name: 'Stellar Freight' },
  { name: 'Quayside Hotel' },
  { name: 'Vega Studios' },
  { name: 'Hartley Farms' },
  { name: 'Greenway Cycles' },
  { name: 'Summit Insurance' },
  { name: 'Oakline Furniture' },
];

/** What people type into the box: dates, times, clients, priorities, estimates, repeats, several tasks at once. */
const SENTENCES = [
  'Call Harbor Dental tomorrow at 3pm about the overdue invoice, urgent, 30 min',
  'Send the quarterly report to Northwind by Friday noon',
  'Invoice the dentists for November every month on the 1st',
  'Review the lease for Lumen Architects next Tuesday morning, high priority, 2 hours',
  "Pick up samples from Bob's shop on Thursday and drop them at the bakery, then email Carver Legal the signed NDA",
  'Stand-up notes for Vega Studios every weekday at 9:15',
  'Book flights for the Okafor & Sons site visit in 2 weeks, low priority',
  'Water the office plants every other Friday',
  'Draft the proposal for Pine Valley School by end of day tomorrow 1.5h',
  'Remind Stellar Freight about the pallet count tonight at 8',
  'Prepare slides for the Summit Insurance pitch on Dec 3 at 10am, 45 min, then rehearse with Sam the day before',
];

/** A signed-in user with the clients above; the cookie header. */
async function setUpUser(apiOrigin) {
  const call = async (path, body, cookie = '') => {
    const res = await fetch(`${apiOrigin}${path}`, { method: 'POST', headers: { ...CSRF, 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
    return res;
  };
  const username = `bench-${randomBytes(4).toString('hex')}`;
  const password = randomBytes(12).toString('base64url');
  await call('/api/register', { username, password });
  const login = await call('/api/login', { username, password });
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  for (const client of CLIENTS) await call('/api/clients', client, cookie);
  return cookie;
}

const percentile = (sorted, p) => (sorted.length === 0 ? null : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]);
const summary = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const round = (v) => (v === null ? null : +v.toFixed(2));
  return { count: sorted.length, p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), max: round(sorted.at(-1) ?? null) };
};

async function measure(origin, cookie) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    // No service worker: its install (the app shell's precache) would compete for the slowed CPU while typing.
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 3,
      isMobile: true,
      hasTouch: true,
      locale: 'en-US',
      timezoneId: 'America/New_York',
      serviceWorkers: 'block',
    });
    await context.addCookies(cookie.split('; ').map((pair) => {
      const [name, ...value] = pair.split('=');
      return { name, value: value.join('='), url: origin };
    }));
    const page = await context.newPage();
    await page.addInitScript((measureName) => {
      window.__structure = [];
      window.__keystrokes = new Map();
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) if (entry.name === measureName) window.__structure.push(entry.duration);
      }).observe({ type: 'measure' });
      // Event Timing of each keystroke: its handlers' time (the structurer and React's render run inside
      // the input event) and the time from the key to the next paint (whole frames, in 8 ms steps).
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          if (!entry.interactionId) continue;
          const seen = window.__keystrokes.get(entry.interactionId) ?? { handlers: 0, toPaint: 0 };
          seen.handlers += entry.processingEnd - entry.processingStart;
          seen.toPaint = Math.max(seen.toPaint, entry.duration);
          window.__keystrokes.set(entry.interactionId, seen);
        }
      }).observe({ type: 'event', durationThreshold: 16, buffered: true });
    }, MEASURE);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });

    await page.goto(`${origin}/`, { waitUntil: 'load' });
    const box = page.getByRole('textbox', { name: 'Describe your task' });
    await box.waitFor();
    await box.click();
    await page.locator('[data-testid="capture-box"][data-engine="ready"]').waitFor({ timeout: 30_000 });
    // Every keystroke is typed after the engine has loaded (its load is the chunk's, not the structurer's).
    const perSentence = [];
    let keys = 0;
    for (const sentence of SENTENCES) {
      const before = await page.evaluate(() => window.__structure.length);
      await box.pressSequentially(sentence, { delay: KEY_DELAY_MS });
      await page.waitForTimeout(200);
      const times = await page.evaluate((from) => window.__structure.slice(from), before);
      const chips = await page.getByTestId('capture-chip').count();
      const proposals = await page.getByTestId('capture-proposal').count();
      perSentence.push({ sentence, keystrokes: sentence.length, ...summary(times), proposals, chips });
      keys += sentence.length;
      await box.fill('');
    }
    const structure = await page.evaluate(() => window.__structure);
    // Event Timing reports only interactions of 16 ms or more (key to paint): the others took less.
    const keystrokes = await page.evaluate(() => [...window.__keystrokes.values()]);
    return {
      keys,
      structure: summary(structure),
      perSentence,
      keystrokes: {
        reported: keystrokes.length,
        handlersMs: summary(keystrokes.map((k) => k.handlers)),
        keyToPaintMs: summary(keystrokes.map((k) => k.toPaint)),
      },
    };
  } finally {
    await browser.close();
  }
}

async function main() {
  await freshDatabase(PG_URL, DATABASE);
  const apiPort = await freePort();
  // No Redis, no model: the api runs its jobs itself (DECISIONS 25); only the browser is measured.
  const { REDIS_URL: _redis, ...inherited } = env;
  const api = spawn(process.execPath, ['services/api/dist/main.js'], {
    cwd: root,
    env: {
      ...inherited,
      NODE_ENV: 'production',
      PORT: String(apiPort),
      HOST: '127.0.0.1',
      DATABASE_URL: `${PG_URL}/${DATABASE}`,
      AI_PROVIDER: 'rules',
      SESSION_SECRET: randomBytes(32).toString('base64url'),
      TRUST_PROXY: 'true',
      COOKIE_SECURE: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let nginx = null;
  try {
    await waitForServer(`http://127.0.0.1:${apiPort}/api/health`, api);
    const cookie = await setUpUser(`http://127.0.0.1:${apiPort}`);
    nginx = await startNginx(root, apiPort);
    process.stderr.write(`[bench] typing ${SENTENCES.length} sentences key by key, 390 px, CPU ${CPU_SLOWDOWN}x slower...\n`);
    const measured = await measure(nginx.origin, cookie);
    const result = {
      date: new Date().toISOString(),
      profile: { viewport: '390x844', cpuSlowdown: CPU_SLOWDOWN, keyDelayMs: KEY_DELAY_MS, clients: CLIENTS.length },
      ...measured,
      target: { target: `structurer per keystroke p95 < ${TARGET_P95_MS} ms`, measured: `${measured.structure.p95} ms`, met: measured.structure.p95 !== null && measured.structure.p95 < TARGET_P95_MS },
    };
    mkdirSync(join(root, 'bench/results'), { recursive: true });
    const file = join(root, 'bench/results', `capture-keystroke-${result.date.replace(/[:.]/g, '-')}.json`);
    writeFileSync(file, JSON.stringify(result, null, 2) + '\n');
    const s = result.structure;
    process.stdout.write(`\nCapture box, structurer time per keystroke (${s.count} runs over ${measured.keys} keys, phone profile, CPU ${CPU_SLOWDOWN}x):\n`);
    process.stdout.write(`  p50 ${s.p50} ms   p95 ${s.p95} ms   max ${s.max} ms\n`);
    const { handlersMs, keyToPaintMs, reported } = measured.keystrokes;
    process.stdout.write(`  a keystroke's handlers (structurer + render): p50 ${handlersMs.p50} ms   p95 ${handlersMs.p95} ms   max ${handlersMs.max} ms\n`);
    process.stdout.write(`  key to next paint (${reported} keystrokes of 16 ms or more): p50 ${keyToPaintMs.p50} ms   p95 ${keyToPaintMs.p95} ms\n`);
    for (const row of measured.perSentence) process.stdout.write(`  ${String(row.p95).padStart(6)} ms p95  ${String(row.max).padStart(6)} ms max  ${row.proposals} task(s), ${row.chips} chips  ${row.sentence}\n`);
    process.stdout.write(`\n  ${result.target.met ? 'met    ' : 'MISSED '} ${result.target.target}: ${result.target.measured}\n\nwritten to ${file}\n`);
  } finally {
    nginx?.stop();
    api.kill('SIGTERM');
    await new Promise((resolve) => (api.exitCode !== null ? resolve() : api.once('exit', resolve)));
    const admin = new pg.Client({ connectionString: `${PG_URL}/postgres` });
    await admin.connect();
    await admin.query(`drop database if exists "${DATABASE}" with (force)`);
    await admin.end();
  }
}

main().catch((error) => {
  process.stderr.write(`[bench] failed: ${error.stack ?? error}\n`);
  process.exitCode = 1;
});
