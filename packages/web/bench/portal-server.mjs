// What the web benchmarks share: the built portal served by the mock server on a free port (its
// clock frozen at the world's Friday), and Chromium (Debian's when present).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const root = fileURLToPath(new URL('..', import.meta.url));
const mainJs = fileURLToPath(new URL('../../mock-server/dist/main.js', import.meta.url));
export const systemChromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find(existsSync);

export const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/**
 * The builds a benchmark measures: `BENCH_WEB_ROOT` names one build folder, or several separated
 * by commas to compare them side by side (the benchmarks that support it interleave their runs,
 * so a busy machine slows every build alike); the default is this package's dist/.
 */
export const benchBuilds = () =>
  (process.env.BENCH_WEB_ROOT ?? `${root}dist`)
    .split(',')
    .map((dir) => dir.trim())
    .filter(Boolean);

/**
 * Starts the mock server with a built portal (the first of `benchBuilds()` unless named), its
 * clock at `now`, with any further arguments of the mock's (`--growth n`); resolves with its base
 * URL and a stop().
 */
export async function startPortal(
  webRoot = benchBuilds()[0],
  { now = '2026-11-20T09:00:00+06:00', args = [] } = {},
) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(
    process.execPath,
    [mainJs, '--port', String(port), '--web-root', webRoot, '--now', now, ...args],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  process.on('exit', () => server.kill());
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/config.json`)).ok) break;
    } catch {
      if (i > 100) throw new Error('the mock server did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { base, stop: () => server.kill() };
}

export function launchBrowser() {
  return chromium.launch({
    ...(systemChromium && { executablePath: systemChromium }),
    args: ['--disable-gpu', '--disable-background-networking'],
  });
}

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
export const ms = (value) => `${value.toFixed(1)} ms`;

/**
 * Opens the login page and fills in a demo account; returns the 'Войти' button (not clicked, so a
 * benchmark can time the click).
 */
export async function fillLogin(page, base, login, password) {
  await page.goto(`${base}/lms/login`);
  await page.getByLabel(/логин/i).first().fill(login);
  await page
    .getByLabel(/пароль/i)
    .first()
    .fill(password);
  return page.getByRole('button', { name: /войти/i });
}
