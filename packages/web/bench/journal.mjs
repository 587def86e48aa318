#!/usr/bin/env node
// `pnpm bench` (web): how the journal copes with a large stream, in real Chromium on the built
// portal served by the mock server. A teacher opens a class whose journal has 100 students by 60
// dates (the answers of getjournal and getstudentslist are replaced by synthetic ones); measured:
// the time from the journal's answer to the table painted (median of several runs), the frames
// while the table scrolls from top to bottom, and how many rows are in the page. It prints what it
// measured; it is a benchmark, not a test, and fails only if it cannot run.
import { fillLogin, launchBrowser, startPortal } from './portal-server.mjs';

const STUDENTS = 100;
const DATES = 60;
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const { base, stop } = await startPortal();

// 60 lesson dates from 1 September on, and 100 students with a mark on each.
const dates = Array.from({ length: DATES }, (_, i) => {
  const day = new Date(Date.UTC(2026, 8, 1) + i * 86_400_000);
  return { visitDate: day.toISOString().slice(0, 10), timesCount: 2 };
});
const marks = ['5', '4', '3', '2', 'н/б', ''];
const students = Array.from({ length: STUDENTS }, (_, i) => ({
  id_student: 90_000 + i,
  s_fio: `Студентов${String(i).padStart(3, '0')} Студент Студентович`,
  id_group: 101,
  subgroup: 0,
}));
const journal = {
  resArray: dates,
  data: students.map((s, i) => ({
    id_student: s.id_student,
    s_fio: s.s_fio,
    dates: dates.map((d, j) => ({ ...d, otsenka: marks[(i * 7 + j * 3) % marks.length] })),
  })),
};
const envelope = (data) => ({
  status: 200,
  contentType: 'application/json',
  body: JSON.stringify({ result: 0, error: null, data }),
});

const browser = await launchBrowser();
const context = await browser.newContext({
  viewport: { width: 1440, height: 900 },
  locale: 'ru-RU',
  timezoneId: 'Asia/Bishkek',
});
const page = await context.newPage();
await page.route('**/api/visitlog/getjournal', (route) => route.fulfill(envelope(journal)));
await page.route('**/api/visitlog/getstudentslist', (route) => route.fulfill(envelope(students)));
// In the page: when the journal's answer ended, and when its rows were first painted.
await page.addInitScript(() => {
  window.__journal = { answered: 0, painted: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name.endsWith('/api/visitlog/getjournal'))
        window.__journal.answered = entry.responseEnd;
    }
  }).observe({ type: 'resource', buffered: true });
  const observer = new MutationObserver(() => {
    if (window.__journal.painted || !document.querySelector('tbody tr[data-student]')) return;
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        window.__journal.painted = performance.now();
      }),
    );
  });
  document.addEventListener('DOMContentLoaded', () =>
    observer.observe(document.body, { childList: true, subtree: true }),
  );
});

await (await fillLogin(page, base, 'teacher', 'Teacher1')).click();
await page.waitForURL(/\/lms\/?$/);

const renders = [];
for (let run = 0; run < RUNS; run++) {
  await page.goto(`${base}/lms/journal`);
  const discipline = page.locator('main').getByLabel('Дисциплина');
  await discipline.locator('option', { hasText: 'Веб-разработка' }).waitFor({ state: 'attached' });
  await discipline.selectOption({ label: 'Веб-разработка' });
  await page.waitForFunction(() => window.__journal.painted > 0 && window.__journal.answered > 0);
  const { answered, painted } = await page.evaluate(() => window.__journal);
  renders.push(painted - answered);
}

// Scroll the table from top to bottom, one step per frame, and time the frames.
const scroll = await page.evaluate(async () => {
  const region = document.querySelector('main [role="region"][aria-label="Журнал"]');
  region.scrollIntoView();
  const steps = 60;
  const frames = [];
  let last = performance.now();
  for (let i = 1; i <= steps; i++) {
    region.scrollTop = ((region.scrollHeight - region.clientHeight) * i) / steps;
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const now = performance.now();
    frames.push(now - last);
    last = now;
  }
  frames.sort((a, b) => a - b);
  return {
    rowsInPage: region.querySelectorAll('tbody tr[data-student]').length,
    cellsInPage: region.querySelectorAll('tbody td').length,
    lastRowShown: Boolean(region.querySelector('tbody tr[aria-rowindex="101"]')),
    p95: frames[Math.floor(frames.length * 0.95)],
    max: frames.at(-1),
  };
});
await browser.close();
stop();

const sorted = [...renders].sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)];
const ms = (value) => `${value.toFixed(1)} ms`;
console.log(`journal ${STUDENTS} students × ${DATES} dates (Chromium, built portal, ${RUNS} runs)`);
console.log(
  `  answer → table painted  median ${ms(median)}  (min ${ms(sorted[0])}, max ${ms(sorted.at(-1))})`,
);
console.log(
  `  scrolling to the end     frame p95 ${ms(scroll.p95)}, max ${ms(scroll.max)}; ` +
    `${scroll.rowsInPage} of ${STUDENTS} rows (${scroll.cellsInPage} cells) in the page; last row reached: ${scroll.lastRowShown}`,
);
