#!/usr/bin/env node
// `pnpm bench` (web): how the cost of three screens grows with their data. The mock server's growth
// world serves the built portal at 1×, 10× and 100× the data of three screens (growth-screens.mjs:
// 200, 2,000 and 20,000 books; a journal of 3, 30 and 300 students × 120 dates; a conversation of
// 50, 500 and 5,000 messages), and Chromium times what a person does there, from the input to its
// result painted. The sizes take turns in every run, so a busy machine slows them alike; it prints
// the median of the runs at each size, each figure at 100× beside its 1× anchor as their ratio (the
// verdict: within 10× for 100× the data), and the load average. BENCH_RUNS (default 5),
// BENCH_GROWTH (e.g. 1,100) and BENCH_SCREENS (e.g. chat) narrow it; BENCH_VERBOSE prints each
// run. It is a benchmark, not a test, and fails only if it cannot run; `node
// bench/growth-profile.mjs` profiles one screen where a figure grows.
import { loadavg } from 'node:os';
import { benchBuilds, launchBrowser, median } from './portal-server.mjs';
import { byNature, counts, openWorld, screens } from './growth-screens.mjs';

const GROWTHS = (process.env.BENCH_GROWTH ?? '1,10,100').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

const webRoot = benchBuilds()[0];
const browser = await launchBrowser();
const worlds = [];
for (const growth of GROWTHS) worlds.push(await openWorld(browser, growth, webRoot));

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
const loadBefore = load();
/** The screens (BENCH_SCREENS narrows them, e.g. chat). */
const measures = (process.env.BENCH_SCREENS ?? Object.keys(screens).join(','))
  .split(',')
  .map((name) => screens[name]);
// One untimed round warms every world (its data built on first use) and the browser's code.
for (const world of worlds) {
  for (const measure of measures) {
    const taken = await measure(world);
    if (process.env.BENCH_VERBOSE) console.error('warm-up', world.growth, taken);
  }
}
/** figures[name][growth] = one value per run */
const figures = new Map();
for (let run = 0; run < RUNS; run++) {
  // the sizes take turns in another order each run
  const order = worlds.map((_, i) => worlds[(i + run) % worlds.length]);
  for (const measure of measures) {
    for (const world of order) {
      const taken = await measure(world);
      if (process.env.BENCH_VERBOSE) console.error(run, world.growth, taken);
      for (const [name, value] of Object.entries(taken)) {
        if (!figures.has(name)) figures.set(name, new Map());
        const byGrowth = figures.get(name);
        byGrowth.set(world.growth, [...(byGrowth.get(world.growth) ?? []), value]);
      }
    }
  }
}
const loadAfter = load();
await browser.close();
for (const world of worlds) world.stop();

const cell = (value, count) => {
  if (value === undefined) return '—'.padStart(12);
  return (count ? String(value) : `${value.toFixed(1)} ms`).padStart(12);
};
const width = Math.max(...[...figures.keys()].map((name) => name.length));
console.log(
  `growth: time per interaction at 1×, 10×, 100× the data (Chromium, built portal, median of ${RUNS} runs)`,
);
console.log(
  `  data at 1× (×10, ×100): ${200} books, ${3} students × 120 dates, ${50} messages; load average ${loadBefore} before, ${loadAfter} after`,
);
console.log(
  `  ${'interaction'.padEnd(width)}${GROWTHS.map((g) => `${g}×`.padStart(12)).join('')}  100×/1×`,
);
let over = 0;
for (const [name, byGrowth] of figures) {
  const count = counts.has(name);
  const values = GROWTHS.map((growth) =>
    byGrowth.has(growth) ? median(byGrowth.get(growth)) : undefined,
  );
  const ratio = (values.at(-1) ?? NaN) / (values[0] ?? NaN);
  const judged = !byNature.has(name);
  let verdict = '';
  if (!judged) verdict = '  (grows with the pages to load: read per page)';
  else if (Number.isNaN(ratio)) verdict = '  no figure at one of the sizes';
  else if (ratio > 10) verdict = '  over 10×';
  if (judged && !(ratio <= 10)) over += 1;
  console.log(
    `  ${name.padEnd(width)}${values.map((value) => cell(value, count)).join('')}  ${ratio.toFixed(1).padStart(6)}×${verdict}`,
  );
}
console.log(
  over === 0
    ? '  every interaction at 100× the data within 10× its time at 1×'
    : `  ${over} interaction(s) at 100× the data over 10× their time at 1×`,
);
