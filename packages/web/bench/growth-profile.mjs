#!/usr/bin/env node
// Where a screen's time goes as its data grows: `node bench/growth-profile.mjs <screen> [growth…]`
// (screen: searchLibrary, journal or chat; growth 1 and 100 unless named) runs the screen once at
// each growth to warm it, then again under the DevTools protocol's CPU profiler (the page's
// JavaScript, sampled every 100 µs), and prints the screen's figures and the functions that took
// the most time of their own at each growth side by side, placed in the portal's sources through
// the build's hidden source maps. Each profile is
// written as a .cpuprofile (DevTools' Performance panel opens it) to BENCH_PROFILE_DIR (default
// the system's temporary folder).
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchBuilds, launchBrowser } from './portal-server.mjs';
import { openWorld, screens } from './growth-screens.mjs';

const [name = 'journal', ...sizes] = process.argv.slice(2);
const measure = screens[name];
if (!measure) {
  console.error(`usage: growth-profile.mjs <${Object.keys(screens).join('|')}> [growth…]`);
  process.exit(2);
}
const growths = sizes.length > 0 ? sizes.map(Number) : [1, 100];
const dir = process.env.BENCH_PROFILE_DIR ?? tmpdir();
const TOP = Number(process.env.BENCH_PROFILE_TOP ?? 25);

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** A source map's mappings: per generated line, its segments [column, source, line, column, name]. */
function decodeMappings(mappings) {
  const lines = [];
  const state = [0, 0, 0, 0, 0];
  for (const line of mappings.split(';')) {
    state[0] = 0;
    const segments = [];
    for (const text of line.split(',')) {
      if (!text) continue;
      const fields = [];
      for (let i = 0, value = 0, shift = 0; i < text.length; i++) {
        const digit = BASE64.indexOf(text[i]);
        value += (digit & 31) << shift;
        if (digit & 32) {
          shift += 5;
        } else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      fields.forEach((delta, f) => (state[f] += delta));
      segments.push(state.slice(0, Math.max(fields.length, 1)));
    }
    lines.push(segments);
  }
  return lines;
}

/** The built portal's (hidden) source maps, read once each: the original place of a frame. */
const maps = new Map();
async function originalOf(frame, webRoot) {
  const file = frame.url.split('/').at(-1) ?? '';
  if (!file.endsWith('.js')) return null;
  if (!maps.has(file)) {
    const map = await readFile(join(webRoot, 'assets', `${file}.map`), 'utf8').then(
      (text) => JSON.parse(text),
      () => null,
    );
    maps.set(file, map && { ...map, lines: decodeMappings(map.mappings) });
  }
  const map = maps.get(file);
  const segments = map?.lines[frame.lineNumber] ?? [];
  let found;
  for (const segment of segments) if (segment[0] <= frame.columnNumber) found = segment;
  if (!found || found.length < 4) return null;
  const source = (map.sources[found[1]] ?? '').replace(/^(\.\.\/)+/, '');
  return `${source}:${found[2] + 1}`;
}

/** Self time per function (name, original place) in ms, from a CPU profile's samples. */
async function selfTimes(profile, webRoot) {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const keys = new Map();
  for (const node of profile.nodes) {
    const frame = node.callFrame;
    const place = (await originalOf(frame, webRoot)) ?? frame.url.split('/').at(-1) ?? '';
    keys.set(node.id, `${frame.functionName || '(anonymous)'} ${place}`.trim());
  }
  const times = new Map();
  profile.samples.forEach((id, i) => {
    if (!byNode.has(id)) return;
    const key = keys.get(id);
    times.set(key, (times.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return times;
}

const webRoot = benchBuilds()[0];
const browser = await launchBrowser();
const results = [];
for (const growth of growths) {
  const world = await openWorld(browser, growth, webRoot);
  await measure(world);
  const profiles = [];
  world.onPage = async (page) => {
    const session = await page.context().newCDPSession(page);
    await session.send('Profiler.enable');
    await session.send('Profiler.setSamplingInterval', { interval: 100 });
    await session.send('Profiler.start');
    world.session = session;
  };
  world.onPageDone = async () => {
    const { profile } = await world.session.send('Profiler.stop');
    profiles.push(profile);
  };
  const figures = await measure(world);
  world.stop();
  const times = new Map();
  for (const [index, profile] of profiles.entries()) {
    const file = join(dir, `growth-${name}-${growth}-${index + 1}.cpuprofile`);
    await writeFile(file, JSON.stringify(profile));
    console.error(`profile written: ${file}`);
    for (const [key, ms] of await selfTimes(profile, webRoot)) {
      times.set(key, (times.get(key) ?? 0) + ms);
    }
  }
  results.push({ growth, figures, times });
}
await browser.close();

for (const { growth, figures } of results) {
  console.log(`${name} at ${growth}×:`);
  for (const [figure, value] of Object.entries(figures)) {
    console.log(`  ${figure}: ${Number.isInteger(value) ? value : `${value.toFixed(1)} ms`}`);
  }
}
const idle = new Set(['(idle)', '(program)']);
const totals = results.map(({ times }) =>
  [...times].reduce((sum, [key, ms]) => (idle.has(key) ? sum : sum + ms), 0),
);
const last = results.at(-1);
const top = [...last.times].filter(([key]) => !idle.has(key)).sort((a, b) => b[1] - a[1]);
console.log(
  `\nself time of the page's busiest functions (ms; busy time in all: ${totals.map((t) => t.toFixed(0)).join(' / ')})`,
);
console.log(`${results.map(({ growth }) => `${growth}×`.padStart(10)).join('')}  function`);
for (const [key] of top.slice(0, TOP)) {
  const cells = results.map(({ times }) => (times.get(key) ?? 0).toFixed(1).padStart(10));
  console.log(`${cells.join('')}  ${key}`);
}
