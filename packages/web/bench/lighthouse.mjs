#!/usr/bin/env node
// `pnpm bench` (web): Lighthouse's mobile scores (its default: a mid-range phone, simulated slow
// 4G and CPU slowdown) for /lms/login and for /lms as a returning student gets it, on the built
// portal served by the mock server, in Chromium (Debian's when present). /lms is audited two ways:
// - cold: a fresh browser profile holding only the session's cookies (`token`, `XSRF-TOKEN`), as a
//   phone whose storage was evicted keeps them (no kept data, no local storage, no HTTP cache);
// - signed in: in the profile that has just signed in (its local storage and kept data; Lighthouse
//   itself clears the HTTP cache and the service worker before each run).
// Per page: the median and the range of several runs, the metrics behind the performance score,
// and the audits below 90. A benchmark, not a test: it prints what it measured and fails only if
// it cannot run, or if a run did not measure the page it names (an audit of /lms that ends on the
// login page is an error, not a figure).
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
/** All a cold profile keeps: the session's cookies (@lms/client's TOKEN_COOKIE and XSRF_COOKIE). */
const SESSION_COOKIES = new Set([TOKEN_COOKIE, 'XSRF-TOKEN']);
/**
 * What is audited, and where each must end: /lms may not fall back to the login page. `cold`
 * audits run in a fresh profile each, holding only the signed-in profile's session cookies.
 */
const ALL_PAGES = [
  { key: 'login', name: '/lms/login', path: '/lms/login', lands: /^\/lms\/login$/ },
  { key: 'cold', name: '/lms cold', path: '/lms', lands: /^\/lms\/?$/, cold: true },
  { key: 'signed-in', name: '/lms signed in', path: '/lms', lands: /^\/lms\/?$/ },
];
/** BENCH_LIGHTHOUSE_PAGES=login,cold,signed-in (the default: all three) audits only those named. */
const wanted = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',').map((key) => key.trim());
const PAGES = ALL_PAGES.filter((page) => !wanted || wanted.includes(page.key));

/** A browser with a profile of its own in a temporary folder, which Lighthouse drives by `port`. */
async function openProfile() {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'lms-lighthouse-'));
  const browser = await chromium.launchPersistentContext(profile, {
    ...(systemChromium && { executablePath: systemChromium }),
    args: [`--remote-debugging-port=${port}`, '--disable-gpu'],
    locale: 'ru-RU',
  });
  const close = async () => {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  };
  return { port, browser, close };
}

async function openBuild(webRoot) {
  const { base, stop } = await startPortal(webRoot);
  // One profile shared with Lighthouse's tab: the session a login leaves in it is the one audited.
  const { port, browser, close: closeProfile } = await openProfile();
  const close = async () => {
    await closeProfile();
    stop();
  };
  return {
    webRoot,
    base,
    port,
    browser,
    close,
    runs: new Map(PAGES.map(({ name }) => [name, []])),
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

/** A fresh profile holding only the signed-in profile's session cookies, for one cold audit. */
async function coldProfile(build) {
  const cookies = (await build.browser.cookies(build.base)).filter((cookie) =>
    SESSION_COOKIES.has(cookie.name),
  );
  if (cookies.length !== SESSION_COOKIES.size) {
    throw new Error(`${build.webRoot}: the signed-in profile holds no session cookies to copy`);
  }
  const cold = await openProfile();
  await cold.browser.addCookies(cookies);
  return cold;
}

async function auditOnce(build, { name, path, lands, cold }) {
  if (path === '/lms' && !(await sessionCookie(build))) {
    throw new Error(`${build.webRoot}: no session in the cookie store before auditing ${name}`);
  }
  const profile = cold ? await coldProfile(build) : undefined;
  let result;
  try {
    result = await lighthouse(`${build.base}${path}`, {
      port: profile?.port ?? build.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
    });
  } finally {
    await profile?.close();
  }
  const { lhr, artifacts } = result;
  if (lhr.runtimeError) throw new Error(`${path}: ${lhr.runtimeError.message}`);
  const finalUrl = lhr.finalDisplayedUrl ?? lhr.finalUrl;
  const landed = new URL(finalUrl).pathname;
  if (!lands.test(landed)) {
    throw new Error(
      `${name}: Lighthouse ended on ${finalUrl}, so this run did not measure ${path}`,
    );
  }
  const runs = build.runs.get(name);
  runs.push(lhr);
  // BENCH_SAVE=<prefix> keeps each report (open it in the Lighthouse viewer, or read its
  // long-tasks, bootup-time and network-requests audits).
  if (process.env.BENCH_SAVE) {
    const file = `${process.env.BENCH_SAVE}-${builds.indexOf(build)}${name.replaceAll(/[/ ]/g, '-')}-${runs.length}`;
    writeFileSync(`${file}.json`, JSON.stringify(lhr));
    // the trace and network log the simulation ran on (lighthouse -A reads such a folder)
    writeFileSync(`${file}.trace.json`, JSON.stringify(artifacts.Trace));
    writeFileSync(`${file}.devtoolslog.json`, JSON.stringify(artifacts.DevtoolsLog));
  }
}

const score = (lhr, id) => Math.round((lhr.categories[id].score ?? 0) * 100);

function report(build, name) {
  const runs = build.runs.get(name);
  // The run with the median performance score stands for the page.
  const byPerformance = [...runs].sort((a, b) => score(a, 'performance') - score(b, 'performance'));
  const typical = byPerformance[Math.floor(runs.length / 2)];
  const performance = runs.map((lhr) => score(lhr, 'performance'));
  const scores = CATEGORIES.map((id) => `${id} ${median(runs.map((lhr) => score(lhr, id)))}`);
  console.log(
    `  ${name.padEnd(15)} ${scores.join(', ')}  (performance per run ${performance.join('/')}, ` +
      `range ${Math.min(...performance)}–${Math.max(...performance)})`,
  );
  const metrics = METRICS.map(([id, name]) => `${name} ${typical.audits[id].displayValue}`);
  console.log(`  ${''.padEnd(15)} median run: ${metrics.join(', ')}`);
  const perRun = (id) => runs.map((lhr) => Math.round(lhr.audits[id].numericValue)).join('/');
  console.log(
    `  ${''.padEnd(15)} per run (ms): TBT ${perRun('total-blocking-time')}, ` +
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
  console.log(`  ${''.padEnd(15)} below 90: ${failing.length ? failing.join('; ') : 'none'}`);
}

const builds = [];
try {
  for (const webRoot of benchBuilds()) builds.push(await openBuild(webRoot));
  console.log(`Lighthouse mobile (simulated slow 4G, 4x CPU), ${RUNS} runs per page`);
  const login = PAGES.filter((page) => page.key === 'login');
  const shell = PAGES.filter((page) => page.key !== 'login');
  for (let run = 0; run < RUNS; run++) {
    for (const page of login) {
      for (const build of builds) await auditOnce(build, page);
    }
  }
  if (shell.length > 0) for (const build of builds) await signIn(build);
  for (let run = 0; run < RUNS; run++) {
    for (const page of shell) {
      for (const build of builds) await auditOnce(build, page);
    }
  }
  for (const build of builds) {
    if (builds.length > 1) console.log(` ${build.webRoot}`);
    for (const page of PAGES) report(build, page.name);
  }
} finally {
  for (const build of builds) await build.close();
}
