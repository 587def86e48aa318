import { availableParallelism } from 'node:os';
import { defineConfig, devices } from '@playwright/test';
import { findBrowsers } from '../../scripts/browsers.mjs';
import { ASYNC_UTIL_TIMEOUT_MS, TEST_TIMEOUT_MS } from '../../vitest.shared.ts';
import type { Engine } from './e2e/engines/fixtures';

// Journeys run in real browsers against the mock server serving the built portal: every journey in
// Chromium, and the journeys of every engine (e2e/engines) in Firefox and WebKit as well. Each
// engine takes the system's browser where there is one (CI installs them) and Playwright's own
// build elsewhere; `node scripts/browsers.mjs` says which, and `--install` brings what is missing.
const browsers = findBrowsers();
const systemPath = (found: (typeof browsers)[keyof typeof browsers]) =>
  found.kind === 'system' ? found.path : undefined;
// CI runs Chromium's headless shell where Debian's is installed (a fifth less CPU for the same
// pages); a developer keeps the full browser, which `--headed` needs.
const systemChromium =
  process.env.CI && browsers.chromium.kind === 'system' && browsers.chromium.headlessShell
    ? browsers.chromium.headlessShell
    : systemPath(browsers.chromium);
const systemFirefox = systemPath(browsers.firefox);

/** The journeys of every engine. */
const EVERY_ENGINE = /[\\/]e2e[\\/]engines[\\/].*\.spec\.ts$/;

// Each worker starts a world of its own (e2e/fixtures.ts: a mock server behind the contract
// proxy, on ports the system gives out), so journeys run side by side, in any order. A worker
// keeps about one core busy (its Chromium above all): CI runs one per core; locally Playwright's
// default (half the cores) leaves the machine usable. `--workers=1` watches journeys one by one.
const ciWorkers = availableParallelism();

export default defineConfig<{ engine: Engine }>({
  testDir: './e2e',
  outputDir: './test-results',
  workers: process.env.CI ? ciWorkers : undefined,
  // Journeys, not files, are handed out: a file's long journeys do not hold up the rest.
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // The one timeout policy of every suite (vitest.shared.ts): a limit only catches a journey that
  // hangs or a screen that never shows what it waits for; a loaded machine makes CI slower, not red.
  timeout: TEST_TIMEOUT_MS,
  expect: { timeout: ASYNC_UTIL_TIMEOUT_MS },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    locale: 'ru-RU',
    timezoneId: 'Asia/Bishkek',
    // Traces cost about a third of the CPU time; keep them for local debugging only.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The portal's service worker only where a journey is about it (e2e/offline.spec.ts): the
    // others route and fail requests themselves, which a worker between them would not show.
    serviceWorkers: 'block',
    launchOptions: {
      ...(systemChromium && { executablePath: systemChromium }),
      // The machine has no network beyond loopback: keep Chromium from calling home.
      args: [
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
        '--disable-gpu',
      ],
    },
  },
  // Chromium runs every journey; Firefox and WebKit run the journeys of every engine (e2e/engines),
  // which Chromium runs too. Those are what differs between engines: sign-in and session, a draft
  // with a file across the breakpoint and a reload, the outbox while the server is down, the service
  // worker and a reload without the server, uploads and downloads, the journal and the roll call,
  // dates and numbers, dark and light; at 390 px and at a desktop's width. The rest stays Chromium's:
  // it is about the portal's own rules (contract, layout, texts, keyboard, axe) rather than the
  // engine, and leans on what only Playwright's protocol gives (routing and failing single requests,
  // an offline switch, a frozen clock, request and download events, axe in the page), which WebKit's
  // WebDriver does not have.
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
    {
      // Debian's Firefox ESR is driven over WebDriver BiDi (the moz-firefox channel of Playwright
      // 1.64; pnpm-workspace.yaml says why not 1.65); Playwright's own Firefox elsewhere.
      name: 'firefox',
      testMatch: EVERY_ENGINE,
      use: {
        browserName: 'firefox',
        channel: systemFirefox ? 'moz-firefox' : undefined,
        launchOptions: systemFirefox ? { executablePath: systemFirefox } : {},
        // A journey keeps its own screenshot when it fails (e2e/engines/fixtures.ts). Playwright's
        // screenshots prepare the page with a <style> element, which the portal's policy refuses
        // over BiDi (and the journey would fail on the report).
        screenshot: 'off',
      },
    },
    {
      // WebKitGTK through its WebDriver (e2e/engines/webkit-driver.ts), one session at a time: the
      // driver runs one. Playwright's own WebKit where it is installed and WebKitGTK's is not.
      name: 'webkit',
      testMatch: EVERY_ENGINE,
      workers: browsers.webkit.kind === 'playwright' ? undefined : 1,
      use: {
        browserName: 'webkit',
        engine: browsers.webkit.kind === 'playwright' ? 'playwright' : 'webdriver',
        launchOptions: {},
      },
    },
  ],
  // Names the run's contract-drift logs, and fails the run on any drift in them afterwards.
  globalSetup: './e2e/contract-drift.ts',
});
