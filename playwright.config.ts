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

/** The cash-on-delivery specs: their own projects, run last (below). */
const COD_SPECS = /\/cod(-no-js)?\.spec\.ts/;

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
      testIgnore: [/no-js\.spec\.ts/, COD_SPECS],
      use: { ...devices['Pixel 5'], viewport: { width: 375, height: 812 }, launchOptions: chromium },
    },
    {
      name: 'desktop',
      testIgnore: [/no-js\.spec\.ts/, COD_SPECS],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, launchOptions: chromium },
    },
    {
      // The shop without its scripts (docs/web.md 'Forms, sessions and messages'): forms post, links lead, the server says what happened.
      name: 'no-js',
      testMatch: /no-js\.spec\.ts/,
      testIgnore: COD_SPECS,
      use: {
        ...devices['Pixel 5'],
        viewport: { width: 375, height: 812 },
        javaScriptEnabled: false,
        launchOptions: chromium,
      },
    },
    // Cash on delivery is a shop-wide switch and the specs share one shop: its specs run after every other
    // (forms.spec checks the seed's refusal while it is off), one project after another, each switching it off at its end.
    // Alone: `npx playwright test apps/web/e2e/cod.spec.ts --no-deps --workers=1` (one worker: the two sizes in turn).
    {
      name: 'cod-phone',
      testMatch: /\/cod\.spec\.ts/,
      dependencies: ['phone', 'desktop', 'no-js'],
      use: { ...devices['Pixel 5'], viewport: { width: 375, height: 812 }, launchOptions: chromium },
    },
    {
      name: 'cod-desktop',
      testMatch: /\/cod\.spec\.ts/,
      dependencies: ['cod-phone'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, launchOptions: chromium },
    },
    {
      name: 'cod-no-js',
      testMatch: /cod-no-js\.spec\.ts/,
      dependencies: ['cod-desktop'],
      use: {
        ...devices['Pixel 5'],
        viewport: { width: 375, height: 812 },
        javaScriptEnabled: false,
        launchOptions: chromium,
      },
    },
  ],
});
