#!/usr/bin/env node
// `pnpm bench` (web): Lighthouse's mobile scores (its default: a mid-range phone, simulated slow
// 4G and CPU slowdown) for /lms/login and for /lms as a returning student gets it (a session in
// the browser's cookie store), on the built portal served by the mock server, in Chromium
// (Debian's when present). Per page: the median and the range of several runs, the metrics behind
// the performance score, and the audits below 90. A benchmark, not a test: it prints what it
// measured and fails only if it cannot run, or if a run did not measure the page it names (an
// audit of /lms that ends on the login page is an error, not a figure).
//
// BENCH_WEB_ROOT=dirA,dirB compares builds: each has its own server and browser profile, and
// their runs alternate, so a busy machine slows them alike.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import {
  benchBuilds,
  fillLogin,
  freePort,
  median,
  startPortal,
  systemChromium,
} from './portal-server.mjs';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
];
/** The session cookie the portal and the mock server use (@lms/client's TOKEN_COOKIE). */
const TOKEN_COOKIE = 'token';
/** Where each audited page must end: /lms may not fall back to the login page. */
const PAGES = [
  { path: '/lms/login', lands: /^\/lms\/login$/ },
  { path: '/lms', lands: /^\/lms\/?$/ },
];

async function openBuild(webRoot) {
  const { base, stop } = await startPortal(webRoot);
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'lms-lighthouse-'));
  // One profile shared with Lighthouse's tab: the session a login leaves in it is the one audited.
  const browser = await chromium.launchPersistentContext(profile, {
    ...(systemChromium && { executablePath: systemChromium }),
    args: [`--remote-debugging-port=${port}`, '--disable-gpu'],
    locale: 'ru-RU',
  });
  const close = async () => {
    await browser.close();
    stop();
    rmSync(profile, { recursive: true, force: true });
  };
  return {
    webRoot,
    base,
    port,
    browser,
    close,
    runs: new Map(PAGES.map(({ path }) => [path, []])),
  };
}

/** The session in the profile's cookie store, as Lighthouse's tab will send it. */
async function sessionCookie(build) {
  const cookies = await build.browser.cookies(build.base);
  return cookies.find((cookie) => cookie.name === TOKEN_COOKIE && cookie.value);
}

/** Signs the demo student in, in the profile's own tab, and checks the cookie store holds it. */
async function signIn(build) {
  const page = build.browser.pages()[0] ?? (await build.browser.newPage());
  await (await fillLogin(page, build.base, 'student', 'Student1')).click();
  await page.waitForURL(/\/lms\/?$/);
  await page.goto('about:blank');
  if (!(await sessionCookie(build))) {
    throw new Error(`${build.webRoot}: signing in left no ${TOKEN_COOKIE} cookie in the profile`);
  }
}

async function auditOnce(build, { path, lands }) {
  if (path === '/lms' && !(await sessionCookie(build))) {
    throw new Error(`${build.webRoot}: no session in the cookie store before auditing ${path}`);
  }
  const { lhr, artifacts } = await lighthouse(`${build.base}${path}`, {
    port: build.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: CATEGORIES,
  });
  if (lhr.runtimeError) throw new Error(`${path}: ${lhr.runtimeError.message}`);
  const finalUrl = lhr.finalDisplayedUrl ?? lhr.finalUrl;
  const landed = new URL(finalUrl).pathname;
  if (!lands.test(landed)) {
    throw new Error(
      `${path}: Lighthouse ended on ${finalUrl}, so this run did not measure ${path}`,
    );
  }
  const runs = build.runs.get(path);
  runs.push(lhr);
  // BENCH_SAVE=<prefix> keeps each report (open it in the Lighthouse viewer, or read its
  // long-tasks, bootup-time and network-requests audits).
  if (process.env.BENCH_SAVE) {
    const name = `${process.env.BENCH_SAVE}-${builds.indexOf(build)}${path.replaceAll('/', '-')}-${runs.length}`;
    writeFileSync(`${name}.json`, JSON.stringify(lhr));
    // the trace and network log the simulation ran on (lighthouse -A reads such a folder)
    writeFileSync(`${name}.trace.json`, JSON.stringify(artifacts.Trace));
    writeFileSync(`${name}.devtoolslog.json`, JSON.stringify(artifacts.DevtoolsLog));
  }
}

const score = (lhr, id) => Math.round((lhr.categories[id].score ?? 0) * 100);

function report(build, path) {
  const runs = build.runs.get(path);
  // The run with the median performance score stands for the page.
  const byPerformance = [...runs].sort((a, b) => score(a, 'performance') - score(b, 'performance'));
  const typical = byPerformance[Math.floor(runs.length / 2)];
  const performance = runs.map((lhr) => score(lhr, 'performance'));
  const scores = CATEGORIES.map((id) => `${id} ${median(runs.map((lhr) => score(lhr, id)))}`);
  console.log(
    `  ${path.padEnd(11)} ${scores.join(', ')}  (performance per run ${performance.join('/')}, ` +
      `range ${Math.min(...performance)}–${Math.max(...performance)})`,
  );
  const metrics = METRICS.map(([id, name]) => `${name} ${typical.audits[id].displayValue}`);
  console.log(`  ${''.padEnd(11)} median run: ${metrics.join(', ')}`);
  const perRun = (id) => runs.map((lhr) => Math.round(lhr.audits[id].numericValue)).join('/');
  console.log(
    `  ${''.padEnd(11)} per run (ms): TBT ${perRun('total-blocking-time')}, ` +
      `LCP ${perRun('largest-contentful-paint')}, ` +
      `boot-up ${perRun('bootup-time')}, main thread ${perRun('mainthread-work-breakdown')}`,
  );
  const failing = CATEGORIES.flatMap((id) =>
    typical.categories[id].auditRefs
      .filter((ref) => ref.weight > 0 && (typical.audits[ref.id].score ?? 1) < 0.9)
      .map((ref) => {
        const below = runs.filter((lhr) => (lhr.audits[ref.id].score ?? 1) < 0.9).length;
        const value = typical.audits[ref.id].displayValue ?? '';
        return `${ref.id} ${value} (${below}/${runs.length} runs)`.replace(/\s+/g, ' ');
      }),
  );
  console.log(`  ${''.padEnd(11)} below 90: ${failing.length ? failing.join('; ') : 'none'}`);
}

const builds = [];
try {
  for (const webRoot of benchBuilds()) builds.push(await openBuild(webRoot));
  console.log(`Lighthouse mobile (simulated slow 4G, 4x CPU), ${RUNS} runs per page`);
  const [login, shell] = PAGES;
  for (let run = 0; run < RUNS; run++) {
    for (const build of builds) await auditOnce(build, login);
  }
  for (const build of builds) await signIn(build);
  for (let run = 0; run < RUNS; run++) {
    for (const build of builds) await auditOnce(build, shell);
  }
  for (const build of builds) {
    if (builds.length > 1) console.log(` ${build.webRoot}`);
    for (const page of PAGES) report(build, page.path);
  }
} finally {
  for (const build of builds) await build.close();
}
