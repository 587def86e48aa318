#!/usr/bin/env node
// `pnpm bench` (web): Lighthouse's mobile scores (its default: a mid-range phone, simulated slow
// 4G and CPU slowdown) for /lms/login and for /lms with a session in the browser's cookie store,
// on the built portal served by the mock server, in Chromium (Debian's when present). The median
// of several runs per page, with the metrics behind the performance score. A benchmark, not a test:
// it prints what it measured and fails only if it cannot run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { fillLogin, freePort, median, startPortal, systemChromium } from './portal-server.mjs';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
];

const { base, stop } = await startPortal();
const debuggingPort = await freePort();
const profile = mkdtempSync(join(tmpdir(), 'lms-lighthouse-'));
// One profile shared with Lighthouse's tab: the session a login leaves in it is the one audited.
const browser = await chromium.launchPersistentContext(profile, {
  ...(systemChromium && { executablePath: systemChromium }),
  args: [`--remote-debugging-port=${debuggingPort}`, '--disable-gpu'],
  locale: 'ru-RU',
});

async function audit(path) {
  const runs = [];
  for (let run = 0; run < RUNS; run++) {
    const result = await lighthouse(`${base}${path}`, {
      port: debuggingPort,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
    });
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${path}: ${lhr.runtimeError.message}`);
    runs.push(lhr);
  }
  const score = (lhr, id) => Math.round((lhr.categories[id].score ?? 0) * 100);
  // The run with the median performance score stands for the page.
  const byPerformance = [...runs].sort((a, b) => score(a, 'performance') - score(b, 'performance'));
  const typical = byPerformance[Math.floor(runs.length / 2)];
  const scores = CATEGORIES.map((id) => `${id} ${median(runs.map((lhr) => score(lhr, id)))}`).join(
    ', ',
  );
  const metrics = METRICS.map(([id, name]) => `${name} ${typical.audits[id].displayValue}`).join(
    ', ',
  );
  const range = runs.map((lhr) => score(lhr, 'performance')).join('/');
  console.log(`  ${path.padEnd(11)} ${scores}  (performance per run ${range})`);
  console.log(`  ${''.padEnd(11)} ${metrics}`);
  const failing = CATEGORIES.flatMap((id) =>
    typical.categories[id].auditRefs
      .filter((ref) => ref.weight > 0 && (typical.audits[ref.id].score ?? 1) < 0.9)
      .map((ref) => `${ref.id} ${typical.audits[ref.id].displayValue ?? ''}`.trim()),
  );
  if (failing.length) console.log(`  ${''.padEnd(11)} below 90: ${failing.join('; ')}`);
}

try {
  console.log(`Lighthouse mobile (simulated slow 4G, 4x CPU), median of ${RUNS} runs`);
  await audit('/lms/login');
  const page = browser.pages()[0] ?? (await browser.newPage());
  await (await fillLogin(page, base, 'student', 'Student1')).click();
  await page.waitForURL(/\/lms\/?$/);
  await page.goto('about:blank');
  await audit('/lms');
} finally {
  await browser.close();
  stop();
  rmSync(profile, { recursive: true, force: true });
}
