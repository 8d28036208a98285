import { defineConfig } from '@playwright/test';

/**
 * Browser tests against the real app: the built page and API on a free port, a
 * temporary SQLite file and a fake voice platform on 127.0.0.1 (see support/).
 * Debian's Chromium is used as is: Playwright never downloads a browser here.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  globalSetup: './support/global-setup.ts',
  // One app and one fake voice platform are shared: tests that steer them run in order.
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Room for a machine several times slower than a quiet one (CI's shared cores): the longest
  // flows take 13-16 s here on 2 quiet cores, and a hung test still ends within a minute.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['./support/api-log-reporter.ts']],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
