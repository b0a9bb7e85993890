// Browser journeys (issue 5): Playwright drives Debian's Chromium against the production build behind
// nginx, with the real api, ai worker, Postgres and Redis started by harness/global-setup.ts.
//   npm run test:e2e            (builds first)
//   npx playwright test -c e2e/playwright.config.ts [journeys/settings.spec.ts] [--project desktop]
// Screenshots of every journey at 1280 and 390 px wide go to e2e/screenshots/<project>/.
import { defineConfig } from '@playwright/test';
import { CHROMIUM_PATH } from './harness/stack';

export default defineConfig({
  testDir: './journeys',
  outputDir: './test-results',
  globalSetup: './harness/global-setup.ts',
  fullyParallel: true,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  // One retry absorbs a timing hiccup on a loaded 2-core CI machine; a journey that fails twice fails the run.
  retries: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  forbidOnly: Boolean(process.env.CI),
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
    locale: 'en-US',
    timezoneId: 'America/New_York',
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
    { name: 'phone', use: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 } },
  ],
});
