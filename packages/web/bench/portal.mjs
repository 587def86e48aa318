#!/usr/bin/env node
// `pnpm bench` (web): the way into the portal, in Chromium on the built portal served by the mock
// server (local, no throttling, a 1440 px desktop). Measured in the page, median of several runs:
// - login → first news item: from the click on 'Войти' to the first news card in the DOM, and to
//   the frame that paints it;
// - reload → first news item: from the navigation's start (a session in the cookies, the portal
//   installed: its service worker active) to the same frame.
// BENCH_WEB_ROOT=dirA,dirB compares builds, their runs alternating. A benchmark, not a test: it
// prints what it measured and fails only if it cannot run.
import {
  benchBuilds,
  fillLogin,
  launchBrowser,
  median,
  ms,
  startPortal,
} from './portal-server.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const browser = await launchBrowser();

// In the page: when the first news card entered the DOM (the commit that inserted it), and when
// it was painted (two frames later: the first runs before that frame's paint, the second after).
const watchFirstNews = () => {
  window.__firstNewsInDom = 0;
  window.__firstNews = 0;
  const observer = new MutationObserver(() => {
    if (window.__firstNewsInDom || !document.querySelector('main article')) return;
    observer.disconnect();
    window.__firstNewsInDom = performance.now();
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

async function measure(base) {
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
  const [dom, frame] = await page.evaluate(() => [
    window.__firstNewsInDom - window.__clicked,
    window.__firstNews - window.__clicked,
  ]);

  // A returning user: the portal installed (its worker registers once the first screen is shown
  // and the browser idles, and precaches every route chunk) before the next visit.
  await page.waitForFunction(() =>
    navigator.serviceWorker.ready.then(
      (registration) => registration.active?.state === 'activated',
    ),
  );
  await page.reload();
  await page.waitForFunction(() => window.__firstNews > 0);
  const reload = await page.evaluate(() => window.__firstNews);
  await context.close();
  return { dom, frame, reload };
}

const builds = [];
try {
  for (const webRoot of benchBuilds()) {
    builds.push({ webRoot, ...(await startPortal(webRoot)), runs: [] });
  }
  for (let run = 0; run < RUNS; run++) {
    for (const build of builds) build.runs.push(await measure(build.base));
  }
} finally {
  await browser.close();
  for (const build of builds) build.stop();
}

const range = (values) =>
  `median ${ms(median(values))}  (min ${ms(Math.min(...values))}, max ${ms(Math.max(...values))})`;
console.log(`signing in (Chromium, built portal, local mock server, ${RUNS} runs)`);
for (const { webRoot, runs } of builds) {
  if (builds.length > 1) console.log(` ${webRoot}`);
  console.log(`  login → first news item in the DOM   ${range(runs.map((run) => run.dom))}`);
  console.log(`  login → first news item painted      ${range(runs.map((run) => run.frame))}`);
  console.log(`  reload → first news item painted     ${range(runs.map((run) => run.reload))}`);
}
