#!/usr/bin/env node
// `node bench/boot-profile.mjs` (web): what the main thread does while a returning student's
// phone opens /lms, in Chromium on the built portal served by the mock server. The student signs
// in once (390 px, like a phone); then /lms is loaded again with the session in the cookie store,
// the CPU slowed 4x (Emulation.setCPUThrottlingRate) and no service worker (as Lighthouse audits
// it), under a trace (long tasks, layouts forced by a script) and V8's sampling profiler (what
// the time is spent on, mapped to the source modules through the build's hidden source maps).
// It prints, per build (BENCH_WEB_ROOT, comma-separated to compare several, runs interleaved):
// the long tasks and what each runs, the scripts and source modules by self time, forced
// layouts, and the requests of the boot with any asked twice. A tool to look with, not a test.
//
// BENCH_COLD=1 profiles the boot a phone gets once its storage was evicted: each run in a fresh
// browser profile holding only the session's cookies (`token`, `XSRF-TOKEN`), no HTTP cache, no
// kept data, no local storage, no service worker.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchBuilds, fillLogin, launchBrowser, median, startPortal } from './portal-server.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CPU_SLOWDOWN = 4;
const TOP = Number(process.env.BENCH_TOP ?? 15);
/** How long after the load event the boot is watched (idle work included). */
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 3000);
/** BENCH_WIDTH=1440 profiles a desktop's boot instead of a phone's. */
const WIDTH = Number(process.env.BENCH_WIDTH ?? 390);
const DEVICE =
  WIDTH < 900
    ? {
        viewport: { width: WIDTH, height: 844 },
        deviceScaleFactor: 3,
        isMobile: true,
        hasTouch: true,
      }
    : { viewport: { width: WIDTH, height: 900 } };
const BROWSER_CONTEXT = { ...DEVICE, locale: 'ru-RU', serviceWorkers: 'block' };
const COLD = process.env.BENCH_COLD === '1';
/** The session's cookies, all a cold profile keeps (@lms/client's TOKEN_COOKIE and XSRF_COOKIE). */
const SESSION_COOKIES = new Set(['token', 'XSRF-TOKEN']);
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.stack',
  'toplevel',
  'v8.execute',
  'blink.user_timing',
  'loading',
];

// ---- source maps: a minimal decoder of the build's hidden maps (base64 VLQ) ----

const VLQ = new Map(
  [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'].map((c, i) => [c, i]),
);

function decodeMappings(mappings) {
  const lines = [];
  const state = [0, 0, 0, 0, 0];
  for (const line of mappings.split(';')) {
    const segments = [];
    state[0] = 0;
    for (const text of line.split(',')) {
      if (!text) continue;
      const fields = [];
      let value = 0;
      let shift = 0;
      for (const char of text) {
        const digit = VLQ.get(char);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      fields.forEach((delta, i) => (state[i] += delta));
      segments.push(fields.length >= 4 ? [state[0], state[1], state[2]] : [state[0], -1, -1]);
    }
    lines.push(segments);
  }
  return lines;
}

function sourceMapper(webRoot) {
  const maps = new Map();
  const load = (file) => {
    if (!maps.has(file)) {
      const path = join(webRoot, 'assets', `${file}.map`);
      if (!existsSync(path)) maps.set(file, null);
      else {
        const map = JSON.parse(readFileSync(path, 'utf8'));
        maps.set(file, { sources: map.sources, lines: decodeMappings(map.mappings) });
      }
    }
    return maps.get(file);
  };
  /** The source module of a position in a built file (0-based line and column), shortened. */
  return (url, line, column) => {
    const file = url.match(/\/assets\/([^/?#]+\.js)/)?.[1];
    if (!file) return url || '(native)';
    const map = load(file);
    const segments = map?.lines[line];
    if (!segments?.length) return `assets/${file}`;
    let low = 0;
    let high = segments.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (segments[mid][0] <= column) low = mid;
      else high = mid - 1;
    }
    const source = map.sources[segments[low][1]];
    return source ? shortSource(source) : `assets/${file}`;
  };
}

const shortSource = (source) =>
  source
    .replace(/^(\.\.\/)+/, '')
    .replace(/^.*node_modules\/\.pnpm\/[^/]+\/node_modules\//, '')
    .replace(/^.*node_modules\//, '')
    .replace(/^packages\/web\//, '');

// ---- one boot ----

async function signIn(browser, base) {
  const context = await browser.newContext(BROWSER_CONTEXT);
  const page = await context.newPage();
  await (await fillLogin(page, base, 'student', 'Student1')).click();
  await page.waitForURL(/\/lms\/?$/);
  await page.waitForLoadState('networkidle');
  await page.close();
  return context;
}

/** A fresh profile with only the session's cookies of the signed-in `context`. */
async function coldContext(context) {
  const cold = await context.browser().newContext(BROWSER_CONTEXT);
  const cookies = (await context.cookies()).filter((cookie) => SESSION_COOKIES.has(cookie.name));
  if (cookies.length !== SESSION_COOKIES.size)
    throw new Error('the sign-in left no session cookies');
  await cold.addCookies(cookies);
  return cold;
}

async function profileBoot(signedIn, base) {
  const context = COLD ? await coldContext(signedIn) : signedIn;
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const requests = [];
  page.on('request', (request) =>
    requests.push({
      at: Date.now(),
      method: request.method(),
      url: request.url().replace(base, ''),
      body: request.postData() ?? '',
      type: request.resourceType(),
    }),
  );
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await context.browser().startTracing(page, { categories: TRACE_CATEGORIES });
  await cdp.send('Profiler.start');
  await page.goto(`${base}/lms`, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(SETTLE_MS);
  const { profile } = await cdp.send('Profiler.stop');
  const trace = JSON.parse((await context.browser().stopTracing()).toString('utf8'));
  const landed = new URL(page.url()).pathname;
  await page.close();
  if (COLD) await context.close();
  if (!/^\/lms\/?$/.test(landed)) throw new Error(`the boot ended on ${landed}, not /lms`);
  return { profile, events: trace.traceEvents ?? trace, requests };
}

// ---- analysis ----

/** The renderer's main thread that ran the page: the CrRendererMain with the most task time. */
function mainThread(events) {
  const names = events.filter((e) => e.ph === 'M' && e.name === 'thread_name');
  const mains = names.filter((e) => e.args.name === 'CrRendererMain');
  let best;
  let bestTime = -1;
  for (const thread of mains) {
    const time = events
      .filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.name === 'RunTask')
      .reduce((sum, e) => sum + (e.dur ?? 0), 0);
    if (time > bestTime) [best, bestTime] = [thread, time];
  }
  return best;
}

function describe(event) {
  const data = event.args?.data ?? event.args?.beginData ?? {};
  const file = (data.url ?? '').replace(/^.*\/assets\//, '');
  switch (event.name) {
    case 'EvaluateScript':
    case 'v8.compileModule':
    case 'v8.evaluateModule':
      return `${event.name} ${file || data.url || ''}`.trim();
    case 'FunctionCall':
      return `FunctionCall ${data.functionName || '(anonymous)'} ${file}`.trim();
    case 'EventDispatch':
      return `EventDispatch ${data.type}`;
    case 'TimerFire':
    case 'FireAnimationFrame':
    case 'FireIdleCallback':
    case 'ParseHTML':
    case 'Layout':
    case 'UpdateLayoutTree':
    case 'Paint':
    case 'RunMicrotasks':
    case 'MajorGC':
    case 'MinorGC':
      return event.name;
    default:
      return event.name;
  }
}

function analyse({ profile, events, requests }, mapSource) {
  const main = mainThread(events);
  const onMain = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X')
    .sort((a, b) => a.ts - b.ts);
  const navigation = events.find(
    (e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL?.includes('/lms'),
  );
  const origin = navigation?.ts ?? onMain[0]?.ts ?? 0;
  const tasks = onMain.filter((e) => e.name === 'RunTask');

  // CPU samples with their times, for what runs inside each task.
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const samples = [];
  let time = profile.startTime;
  profile.samples.forEach((id, i) => {
    time += profile.timeDeltas[i] ?? 0;
    const next = profile.timeDeltas[i + 1] ?? 0;
    samples.push({ node: nodes.get(id), ts: time, dur: next });
  });
  const where = (node) => {
    const { url, lineNumber, columnNumber, functionName } = node.callFrame;
    if (!url) return functionName ? `(${functionName})` : '(native)';
    return mapSource(url, lineNumber, columnNumber);
  };
  const byModule = (from, to) => {
    const totals = new Map();
    for (const s of samples) {
      if (s.ts < from || s.ts >= to) continue;
      const name = s.node.callFrame.functionName;
      if (name === '(idle)' || name === '(program)') continue;
      const key = where(s.node);
      totals.set(key, (totals.get(key) ?? 0) + s.dur);
    }
    return [...totals].sort((a, b) => b[1] - a[1]);
  };

  const longTasks = tasks
    .filter((task) => task.dur >= 50_000)
    .map((task) => {
      const end = task.ts + task.dur;
      const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts < end);
      const kinds = new Map();
      for (const event of inside) {
        if (
          ![
            'EvaluateScript',
            'v8.evaluateModule',
            'v8.compileModule',
            'FunctionCall',
            'TimerFire',
            'FireAnimationFrame',
            'FireIdleCallback',
            'EventDispatch',
            'ParseHTML',
            'Layout',
            'UpdateLayoutTree',
            'Paint',
            'RunMicrotasks',
            'MajorGC',
            'MinorGC',
            'XHRReadyStateChange',
            'v8.compile',
          ].includes(event.name)
        )
          continue;
        const key = describe(event);
        kinds.set(key, (kinds.get(key) ?? 0) + (event.dur ?? 0));
      }
      return {
        start: (task.ts - origin) / 1000,
        dur: task.dur / 1000,
        kinds: [...kinds].sort((a, b) => b[1] - a[1]).slice(0, 4),
        modules: byModule(task.ts, end).slice(0, 5),
      };
    });

  const scripts = new Map();
  for (const s of samples) {
    const { url, functionName } = s.node.callFrame;
    if (functionName === '(idle)' || functionName === '(program)') continue;
    const key = url ? url.replace(/^.*\/assets\//, '') : `(${functionName || 'native'})`;
    scripts.set(key, (scripts.get(key) ?? 0) + s.dur);
  }
  const compile = onMain
    .filter((e) => e.name === 'v8.compile' || e.name === 'v8.compileModule')
    .reduce((sum, e) => sum + (e.dur ?? 0), 0);
  const forcedLayouts = onMain.filter(
    (e) =>
      (e.name === 'Layout' || e.name === 'UpdateLayoutTree') &&
      (e.args?.beginData?.stackTrace ?? e.args?.data?.stackTrace)?.length,
  );
  const seen = new Map();
  for (const r of requests) {
    const key = `${r.method} ${r.url} ${r.body}`;
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  const duplicates = [...seen].filter(([, count]) => count > 1);
  const mainTime = tasks.reduce((sum, e) => sum + e.dur, 0) / 1000;
  // The thread's own CPU time (the trace's thread clock): what a busy machine's other work does
  // not inflate, unlike the wall-clock durations.
  const cpuTime = tasks.reduce((sum, e) => sum + (e.tdur ?? 0), 0) / 1000;
  const blocking = tasks.reduce((sum, e) => sum + Math.max(0, e.dur / 1000 - 50), 0);
  return {
    mainTime,
    cpuTime,
    blocking,
    longTasks,
    scripts: [...scripts].sort((a, b) => b[1] - a[1]),
    modules: byModule(-Infinity, Infinity),
    compile: compile / 1000,
    forcedLayouts: forcedLayouts.map((e) => {
      const stack = e.args?.beginData?.stackTrace ?? e.args?.data?.stackTrace;
      const frame = stack[0];
      return `${e.name} ${(e.dur / 1000).toFixed(1)} ms from ${frame.functionName || '(anonymous)'} ${mapSource(frame.url, frame.lineNumber - 1, frame.columnNumber - 1)}`;
    }),
    requests,
    duplicates,
  };
}

const ms = (us) => `${(us / 1000).toFixed(0)} ms`;

function print(webRoot, results) {
  const typical = [...results].sort((a, b) => a.blocking - b.blocking)[
    Math.floor(results.length / 2)
  ];
  const profile = COLD ? 'fresh profile, session cookies only' : 'the profile that signed in';
  console.log(`\n${webRoot}  (4x CPU, ${WIDTH} px, ${profile}, ${results.length} runs)`);
  console.log(
    `  main-thread task time median ${median(results.map((r) => r.mainTime)).toFixed(0)} ms ` +
      `(${results.map((r) => r.mainTime.toFixed(0)).join('/')}), blocking (sum of task time over 50 ms) ` +
      `median ${median(results.map((r) => r.blocking)).toFixed(0)} ms ` +
      `(${results.map((r) => r.blocking.toFixed(0)).join('/')}); thread CPU time median ` +
      `${median(results.map((r) => r.cpuTime)).toFixed(0)} ms (${results.map((r) => r.cpuTime.toFixed(0)).join('/')})`,
  );
  console.log(`  long tasks of the median run (start after navigation, duration):`);
  for (const task of typical.longTasks) {
    console.log(
      `    ${task.start.toFixed(0).padStart(6)} ms  ${task.dur.toFixed(0).padStart(4)} ms`,
    );
    console.log(`        ${task.kinds.map(([k, d]) => `${k} ${ms(d)}`).join('; ')}`);
    console.log(`        ${task.modules.map(([k, d]) => `${k} ${ms(d)}`).join('; ')}`);
  }
  console.log(`  scripts by self time (median run):`);
  for (const [name, time] of typical.scripts.slice(0, 8)) {
    console.log(`    ${ms(time).padStart(7)}  ${name}`);
  }
  console.log(`  source modules by self time (median run):`);
  for (const [name, time] of typical.modules.slice(0, TOP)) {
    console.log(`    ${ms(time).padStart(7)}  ${name}`);
  }
  console.log(`  compile: ${typical.compile.toFixed(0)} ms`);
  console.log(`  layouts forced by a script: ${typical.forcedLayouts.length}`);
  for (const line of typical.forcedLayouts.slice(0, 8)) console.log(`    ${line}`);
  console.log(`  requests (${typical.requests.length}):`);
  const first = typical.requests[0]?.at ?? 0;
  for (const r of typical.requests) {
    const body = r.body ? ` ${r.body.slice(0, 60)}` : '';
    console.log(`    +${String(r.at - first).padStart(5)} ms ${r.method} ${r.url}${body}`);
  }
  const twice = results.flatMap((result, run) =>
    result.duplicates.map(([key, count]) => `run ${run + 1}: ${key} ×${count}`),
  );
  console.log(`  asked twice (any run): ${twice.length ? twice.join('; ') : 'nothing'}`);
}

const builds = [];
const browser = await launchBrowser();
try {
  for (const webRoot of benchBuilds()) {
    const { base, stop } = await startPortal(webRoot);
    builds.push({ webRoot, base, stop, results: [], mapSource: sourceMapper(webRoot) });
  }
  for (const build of builds) build.context = await signIn(browser, build.base);
  for (let run = 0; run < RUNS; run++) {
    for (const build of builds) {
      const boot = await profileBoot(build.context, build.base);
      // BENCH_SAVE=<prefix> keeps each run's CPU profile (.cpuprofile) and trace (.json), e.g. for
      // Chrome DevTools' Performance panel.
      if (process.env.BENCH_SAVE) {
        const name = `${process.env.BENCH_SAVE}-${builds.indexOf(build)}-${run}`;
        writeFileSync(`${name}.cpuprofile`, JSON.stringify(boot.profile));
        writeFileSync(`${name}.trace.json`, JSON.stringify(boot.events));
      }
      build.results.push(analyse(boot, build.mapSource));
    }
  }
  for (const build of builds) print(build.webRoot, build.results);
} finally {
  await browser.close();
  for (const build of builds) build.stop();
}
