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

/**
 * The specs about what a width draws (axe and layout at both widths, the back office's table or
 * cards, the catalogue's grid): at both widths, always.
 */
const WIDTH_SPECS = /\/(a11y|admin-lists|browse|smoke)\.spec\.ts$/;
/**
 * E2E_JOURNEY_WIDTH=phone|desktop runs every other spec (the journeys) at that width only. CI runs
 * the suite once per database and gives each database one width (.ci/run: phone on PGlite, desktop
 * on PostgreSQL), so every journey is seen at both widths and on both databases in one CI run at
 * about half the time (docs/web.md 'Browser tests'). Unset: every spec at both widths.
 */
const journeyWidth = process.env.E2E_JOURNEY_WIDTH;
if (journeyWidth && journeyWidth !== 'phone' && journeyWidth !== 'desktop')
  throw new Error(`E2E_JOURNEY_WIDTH is phone or desktop, not '${journeyWidth}'`);
/**
 * E2E_WIDTH_SPECS=off leaves the width specs out: what a width draws does not depend on the
 * database, so CI runs them on one database only (.ci/run: on PGlite).
 */
const widthSpecs = process.env.E2E_WIDTH_SPECS ?? 'on';
if (widthSpecs !== 'on' && widthSpecs !== 'off') throw new Error(`E2E_WIDTH_SPECS is on or off, not '${widthSpecs}'`);
const widthIgnore = widthSpecs === 'off' ? [WIDTH_SPECS] : [];
/** A width's project runs the journeys too, or only the width specs. */
const journeysAt = (width: 'phone' | 'desktop') =>
  !journeyWidth || journeyWidth === width ? {} : { testMatch: WIDTH_SPECS };
/** A width's cash-on-delivery project runs, or (the other width's turn) matches nothing. */
/**
 * E2E_TRACE=off records no trace (CI: nobody opens a trace after its run, and recording one costs
 * every test time); otherwise a failed test keeps its trace.
 */
const trace = process.env.E2E_TRACE ?? 'retain-on-failure';
if (trace !== 'off' && trace !== 'retain-on-failure')
  throw new Error(`E2E_TRACE is off or retain-on-failure, not '${trace}'`);
const codAt = (width: 'phone' | 'desktop', specs: RegExp) => (!journeyWidth || journeyWidth === width ? specs : /^$/);

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
    trace,
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'phone',
      testIgnore: [/no-js\.spec\.ts/, COD_SPECS, ...widthIgnore],
      ...journeysAt('phone'),
      use: { ...devices['Pixel 5'], viewport: { width: 375, height: 812 }, launchOptions: chromium },
    },
    {
      name: 'desktop',
      testIgnore: [/no-js\.spec\.ts/, COD_SPECS, ...widthIgnore],
      ...journeysAt('desktop'),
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
      testMatch: codAt('phone', /\/cod\.spec\.ts/),
      dependencies: ['phone', 'desktop', 'no-js'],
      use: { ...devices['Pixel 5'], viewport: { width: 375, height: 812 }, launchOptions: chromium },
    },
    {
      name: 'cod-desktop',
      testMatch: codAt('desktop', /\/cod\.spec\.ts/),
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
