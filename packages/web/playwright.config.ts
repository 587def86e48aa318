import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

// Journeys run in real Chromium against the mock server serving the built portal.
// Debian's /usr/bin/chromium is used when present (CI installs it); elsewhere Playwright's own
// browser (`npx playwright install chromium` on a developer laptop).
const systemChromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) =>
  existsSync(path),
);
const port = Number(process.env.E2E_PORT ?? 4180);
// Another build folder lets two runs (two worktrees' builds) go side by side.
const webRoot = process.env.E2E_WEB_ROOT ?? 'dist';
export const baseURL = `http://127.0.0.1:${port}`;
// The journeys reach the mock server through the contract proxy (packages/contract), which checks
// every request and answer against the contract; e2e/contract-drift.ts fails the run on any drift.
const mockPort = port + 1;
export const driftLog = `test-results-drift-${port}.log`;

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  // One mock server holds one world; journeys reset it and must not interleave.
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
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
  globalTeardown: './e2e/contract-drift.ts',
  webServer: [
    {
      // The world's clock frozen at its own Friday, as the journeys that name dates expect.
      command: `node ../mock-server/dist/main.js --port ${mockPort} --web-root ${webRoot} --seed 1 --now 2026-11-20T09:00:00+06:00`,
      url: `http://127.0.0.1:${mockPort}/config.json`,
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `node ../contract/dist/proxy/cli.js --target http://127.0.0.1:${mockPort} --port ${port} --drift-log ${driftLog}`,
      url: `${baseURL}/config.json`,
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
