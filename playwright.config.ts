import { defineConfig, devices } from '@playwright/test';

/** Debian's Chromium (Playwright cannot download its own browser here). */
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: 'apps/web/e2e',
  globalSetup: './apps/web/e2e/global-setup.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    launchOptions: chromium,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'phone',
      testIgnore: /no-js\.spec\.ts/,
      use: { ...devices['Pixel 5'], viewport: { width: 375, height: 812 }, launchOptions: chromium },
    },
    {
      name: 'desktop',
      testIgnore: /no-js\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, launchOptions: chromium },
    },
    {
      // The shop without its scripts (issue #12): forms post, links lead, the server says what happened.
      name: 'no-js',
      testMatch: /no-js\.spec\.ts/,
      use: {
        ...devices['Pixel 5'],
        viewport: { width: 375, height: 812 },
        javaScriptEnabled: false,
        launchOptions: chromium,
      },
    },
  ],
});
