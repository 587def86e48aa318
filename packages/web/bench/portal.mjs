#!/usr/bin/env node
// `pnpm bench` (web): the way into the portal, in Chromium on the built portal served by the mock
// server (local, no throttling). Measured in the page, median of several runs:
// - login → first news item: from the click on 'Войти' to the first news card painted;
// - reload → first news item: from the navigation's start (a session in the cookies, the portal
//   installed: its service worker active) to the same.
// A benchmark, not a test: it prints what it measured and fails only if it cannot run.
import { fillLogin, launchBrowser, median, ms, startPortal } from './portal-server.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const { base, stop } = await startPortal();
const browser = await launchBrowser();

// In the page: the time the first news card was painted (two frames after it is in the DOM).
const watchFirstNews = () => {
  window.__firstNews = 0;
  const observer = new MutationObserver(() => {
    if (window.__firstNews || !document.querySelector('main article')) return;
    observer.disconnect();
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        window.__firstNews = performance.now();
      }),
    );
  });
  document.addEventListener('DOMContentLoaded', () =>
    observer.observe(document.body, { childList: true, subtree: true }),
  );
};

const logins = [];
const reloads = [];
for (let run = 0; run < RUNS; run++) {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale: 'ru-RU',
  });
  const page = await context.newPage();
  await page.addInitScript(watchFirstNews);
  const button = await fillLogin(page, base, 'student', 'Student1');
  await button.evaluate((element) => {
    element.addEventListener('click', () => (window.__clicked = performance.now()), {
      capture: true,
    });
  });
  await button.click();
  await page.waitForFunction(() => window.__firstNews > 0);
  logins.push(await page.evaluate(() => window.__firstNews - window.__clicked));

  // A returning user: the portal installed (its worker registers once the first screen is shown
  // and the browser idles, and precaches every route chunk) before the next visit.
  await page.waitForFunction(() =>
    navigator.serviceWorker.ready.then(
      (registration) => registration.active?.state === 'activated',
    ),
  );
  await page.reload();
  await page.waitForFunction(() => window.__firstNews > 0);
  reloads.push(await page.evaluate(() => window.__firstNews));
  await context.close();
}
await browser.close();
stop();

const range = (values) =>
  `median ${ms(median(values))}  (min ${ms(Math.min(...values))}, max ${ms(Math.max(...values))})`;
console.log(`the way in (Chromium, built portal, local mock server, ${RUNS} runs)`);
console.log(`  login → first news item    ${range(logins)}`);
console.log(`  reload → first news item   ${range(reloads)}`);
