import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig, devices } from '@playwright/test';
import { ASYNC_UTIL_TIMEOUT_MS, TEST_TIMEOUT_MS } from '../../vitest.shared.ts';

// Journeys run in real Chromium against the mock server serving the built portal.
// Debian's /usr/bin/chromium is used when present (CI installs it); elsewhere Playwright's own
// browser (`npx playwright install chromium` on a developer laptop).
const systemChromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) =>
  existsSync(path),
);

// Each worker starts a world of its own (e2e/fixtures.ts: a mock server behind the contract
// proxy, on ports the system gives out), so journeys run side by side, in any order. A worker
// keeps about one core busy (its Chromium above all): CI runs one per core; locally Playwright's
// default (half the cores) leaves the machine usable. `--workers=1` watches journeys one by one.
const ciWorkers = availableParallelism();

export default defineConfig({
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
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
  ],
  // Names the run's contract-drift logs, and fails the run on any drift in them afterwards.
  globalSetup: './e2e/contract-drift.ts',
});
