#!/usr/bin/env node
// `pnpm bench` (web): signing in on a cheap phone's 3G, in Chromium on the built portal served by
// the mock server. A phone (390 × 844, touch) with the network emulated through the DevTools
// protocol at 400 ms round trip and 400 kbit/s both ways (the page's and its service worker's
// requests) and the CPU slowed 4x. Per run, in a fresh browser profile:
// - cold: /lms/login opened with nothing kept; "login field takes typing" is the time from the
//   navigation's start to the first character landing in the login field (the person taps it in
//   the first frame that shows it and types from the start, a key every 20 ms sent through the
//   DevTools protocol: a page busy with its scripts holds the keys back). The person types for
//   5 s (login, Tab, password), then presses 'Войти'; "sign-in → first news item" runs from that
//   click to the frame that paints the first news card (the phone opens on the apps tab, so the
//   page itself presses the news tab in the first frame that shows it);
// - second visit: the person signs out from the profile menu (which drops the data kept for them
//   but leaves the installed portal: its service worker and the browser's cache), then opens
//   /lms/login again: the same two figures.
// Each figure stands beside its floor: the round trips the task cannot do without (the page
// itself before typing; the sign-in, then the news, whose request needs the session the sign-in
// opens) at 400 ms each, plus the bytes that crossed the network before it (from the navigation,
// or from the click) at 400 kbit/s; the ratio to the floor says how far from the network's limit
// the page is. Median of BENCH_NETWORK_RUNS runs (3). BENCH_WEB_ROOT=dirA,dirB compares builds,
// their runs interleaved. A benchmark, not a test: it prints what it measured and fails only if it
// cannot run.
import { writeFileSync } from 'node:fs';
import { benchBuilds, launchBrowser, median, startPortal } from './portal-server.mjs';

const RUNS = Number(process.env.BENCH_NETWORK_RUNS ?? 3);
const RTT_MS = 400;
const KBIT_PER_S = 400;
const BYTES_PER_MS = (KBIT_PER_S * 1000) / 8 / 1000;
const CPU_SLOWDOWN = 4;
/** How long the person types before pressing 'Войти', from the first character. */
const TYPING_MS = 5000;
/** What crosses the network at most this long after the first screen for the worker's install. */
const INSTALL_TIMEOUT_MS = 180_000;
const CONDITIONS = {
  offline: false,
  latency: RTT_MS,
  downloadThroughput: KBIT_PER_S * 125,
  uploadThroughput: KBIT_PER_S * 125,
  connectionType: 'cellular3g',
};
const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  locale: 'ru-RU',
};
const ACCOUNT = { login: 'student', password: 'Student1' };

// In the page (every document): when the first character landed in the login field, when
// 'Войти' was pressed, and when the first news card was painted (two frames after the commit
// that inserted it), each in the page's own clock (ms from the navigation's start).
const watchThePage = () => {
  window.__typed = 0;
  window.__keydown = 0;
  window.__fieldShown = 0;
  // The person taps the login field in the first frame that shows it.
  const shown = () => {
    const field = document.querySelector('input[autocomplete="username"]');
    if (field?.checkVisibility?.() && field.getBoundingClientRect().width > 0) {
      window.__fieldShown = performance.now();
      field.focus();
    } else requestAnimationFrame(shown);
  };
  requestAnimationFrame(shown);
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      window.__longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
  document.addEventListener('keydown', () => (window.__keydown ||= performance.now()), true);
  window.__clicked = 0;
  window.__newsPressed = 0;
  window.__firstNews = 0;
  document.addEventListener(
    'input',
    (event) => {
      if (!window.__typed && event.target?.autocomplete === 'username') {
        window.__typed = performance.now();
      }
    },
    true,
  );
  document.addEventListener(
    'click',
    (event) => {
      if (!event.target?.closest?.('button[type="submit"]') || window.__clicked) return;
      window.__clicked = performance.now();
      // The phone opens on its apps tab: the news tab is pressed in the first frame it shows in
      // (from the page itself, so the driver's own polling costs the page nothing).
      const pressNews = () => {
        const tab = [...document.querySelectorAll('nav[aria-label="Главный экран"] button')].find(
          (button) => button.textContent?.trim() === 'Новости' && button.checkVisibility(),
        );
        if (!tab) return requestAnimationFrame(pressNews);
        window.__newsPressed = performance.now();
        tab.click();
      };
      requestAnimationFrame(pressNews);
    },
    true,
  );
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
  const watch = () =>
    observer.observe(document.documentElement, { childList: true, subtree: true });
  if (document.documentElement) watch();
  else document.addEventListener('readystatechange', watch, { once: true });
};

/**
 * The network as the DevTools protocol reports it, for the page and for the service workers the
 * browser starts (each throttled alike): every request's start and end (epoch ms), the bytes it
 * took on the wire (none when the worker or the cache answered) and who asked.
 */
async function recordNetwork(browser, context, page) {
  const requests = new Map();
  const record = (source) => ({
    sent(event) {
      const offset = event.wallTime * 1000 - event.timestamp * 1000;
      requests.set(`${source}:${event.requestId}`, {
        source,
        url: event.request.url,
        method: event.request.method,
        start: event.wallTime * 1000,
        offset,
        end: undefined,
        bytes: 0,
        fromCache: false,
      });
    },
    response(event) {
      const request = requests.get(`${source}:${event.requestId}`);
      if (!request) return;
      const { response } = event;
      request.fromCache ||= Boolean(
        response.fromServiceWorker || response.fromDiskCache || response.fromPrefetchCache,
      );
    },
    finished(event) {
      const request = requests.get(`${source}:${event.requestId}`);
      if (!request) return;
      request.end = event.timestamp * 1000 + request.offset;
      request.bytes = request.fromCache ? 0 : event.encodedDataLength;
    },
  });
  const cdp = await context.newCDPSession(page);
  const pageEvents = record('page');
  cdp.on('Network.requestWillBeSent', pageEvents.sent);
  cdp.on('Network.responseReceived', pageEvents.response);
  cdp.on('Network.loadingFinished', pageEvents.finished);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', CONDITIONS);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });

  // A service worker is a target of its own: attached as it starts, its requests (the precache)
  // go through the same emulated network. (Playwright opens no session on workers; the browser's
  // session talks to it through Target.sendMessageToTarget.)
  const browserCdp = await browser.newBrowserCDPSession();
  let messageId = 0;
  const workers = new Map();
  browserCdp.on('Target.receivedMessageFromTarget', ({ sessionId, message }) => {
    const events = workers.get(sessionId);
    const { method, params } = JSON.parse(message);
    if (!events || !method) return;
    if (method === 'Network.requestWillBeSent') events.sent(params);
    if (method === 'Network.responseReceived') events.response(params);
    if (method === 'Network.loadingFinished') events.finished(params);
  });
  browserCdp.on('Target.targetCreated', async ({ targetInfo }) => {
    if (targetInfo.type !== 'service_worker') return;
    const { sessionId } = await browserCdp.send('Target.attachToTarget', {
      targetId: targetInfo.targetId,
      flatten: false,
    });
    workers.set(sessionId, record('worker'));
    const send = (method, params = {}) =>
      browserCdp.send('Target.sendMessageToTarget', {
        sessionId,
        message: JSON.stringify({ id: ++messageId, method, params }),
      });
    await send('Network.enable');
    await send('Network.emulateNetworkConditions', CONDITIONS);
  });
  await browserCdp.send('Target.setDiscoverTargets', { discover: true });
  return {
    requests,
    stop: () => browserCdp.detach().catch(() => undefined),
  };
}

/** The page's clock (ms from its navigation's start) as epoch ms. */
const epochOf = (page, at) => page.evaluate((ms) => performance.timeOrigin + ms, at);

/** What crossed the network between two moments (epoch ms): the requests that finished in it. */
function crossed(requests, from, to) {
  return [...requests.values()].filter(
    (request) => request.end !== undefined && request.start >= from && request.end <= to,
  );
}

const floorOf = (roundTrips, bytes) => roundTrips * RTT_MS + bytes / BYTES_PER_MS;

/** Types `text` one key at a time, `gap` ms apart (the person's pace). */
async function typeSlowly(page, text, gap) {
  for (const key of text) {
    await page.keyboard.type(key);
    await page.waitForTimeout(gap);
  }
}

/**
 * One visit of the login page: from the navigation to the first character in the login field,
 * then 5 s of typing, 'Войти', the news tab as soon as it shows, and the first news card.
 */
let saved = 0;

async function visit(page, base, network) {
  const context = page.context();
  await page.goto(`${base}/lms/login`, { waitUntil: 'commit' });
  const navigationStart = await page.evaluate(() => performance.timeOrigin);
  // The person types from the start, a key every few milliseconds: the first one the field takes
  // (it is focused in the first frame that shows it) is the moment it takes typing. Each key is
  // sent straight through the DevTools protocol and waits for the page to handle it, so no
  // polling of the driver's stands between the page and the figure.
  const keys = await context.newCDPSession(page);
  const key = (type) => keys.send('Input.dispatchKeyEvent', { type, key: 's', text: 's' });
  let typed = 0;
  while (!typed) {
    // a key every 20 ms, not waiting for the page: it handles them in order as it can
    for (let i = 0; i < 5; i++) {
      void key('keyDown').then(
        () => key('keyUp'),
        () => undefined,
      );
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    typed = await page.evaluate(() => window.__typed);
  }
  await keys.detach();
  const typedAt = navigationStart + typed;
  await page.keyboard.press('Control+A');
  const rest = ACCOUNT.login;
  const gap = Math.floor((TYPING_MS - 1000) / (rest.length + ACCOUNT.password.length + 1));
  await typeSlowly(page, rest, gap);
  await page.keyboard.press('Tab');
  await typeSlowly(page, ACCOUNT.password, gap);
  const left = typedAt + TYPING_MS - Date.now();
  if (left > 0) await page.waitForTimeout(left);
  const inFlight = [...network.requests.values()].filter((r) => r.end === undefined);
  if (process.env.BENCH_VERBOSE && inFlight.length) {
    console.log(
      `    in flight at the click: ${inFlight.map((r) => new URL(r.url).pathname).join(', ')}`,
    );
  }
  const profiler = process.env.BENCH_SAVE ? await context.newCDPSession(page) : undefined;
  if (profiler) {
    await profiler.send('Profiler.enable');
    await profiler.send('Profiler.setSamplingInterval', { interval: 200 });
    await profiler.send('Profiler.start');
  }
  await page.getByRole('button', { name: 'Войти' }).click();
  const clicked = await page.evaluate(() => window.__clicked);
  const painted = await page
    .waitForFunction(() => window.__firstNews, undefined, { timeout: 120_000 })
    .then((handle) => handle.jsonValue());
  if (profiler) {
    const { profile } = await profiler.send('Profiler.stop');
    writeFileSync(`${process.env.BENCH_SAVE}-${++saved}.cpuprofile`, JSON.stringify(profile));
    await profiler.detach();
  }
  const clickedAt = await epochOf(page, clicked);
  const paintedAt = await epochOf(page, painted);
  const beforeTyping = crossed(network.requests, navigationStart, typedAt);
  const afterClick = crossed(network.requests, clickedAt, paintedAt);
  const bytes = (requests) => requests.reduce((sum, request) => sum + request.bytes, 0);
  // The page itself is one round trip, unless the installed portal's worker answered it.
  const pageRoundTrips = beforeTyping.some(
    (request) =>
      request.source === 'page' && request.bytes > 0 && /\/lms\/login$/.test(request.url),
  )
    ? 1
    : 0;
  if (process.env.BENCH_VERBOSE) {
    const timing = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType('navigation');
      const paints = performance
        .getEntriesByType('paint')
        .map((p) => `${p.name} ${p.startTime.toFixed(0)}`);
      const long = window.__longTasks
        .filter(([start]) => start < window.__typed + 200)
        .map(([start, duration]) => `${start.toFixed(0)}+${duration.toFixed(0)}`);
      return `document ${navigation.responseStart.toFixed(0)}–${navigation.responseEnd.toFixed(0)} ms, ${paints.join(', ')}, field shown ${window.__fieldShown.toFixed(0)}, first keydown ${window.__keydown.toFixed(0)}, long tasks ${long.join(' ')}`;
    });
    console.log(`    typing at ${typed.toFixed(0)} ms; ${timing}`);
    const at = (epoch) => (epoch - clickedAt).toFixed(0).padStart(6);
    console.log(`    after the click (news painted at +${(paintedAt - clickedAt).toFixed(0)} ms):`);
    for (const request of [...network.requests.values()]
      .filter((r) => r.start >= clickedAt && r.start <= paintedAt)
      .sort((a, b) => a.start - b.start)) {
      console.log(
        `    ${at(request.start)} → ${request.end ? at(request.end) : '   ...'} ${request.source} ${request.method} ${new URL(request.url).pathname} ${request.bytes}`,
      );
    }
    const pressed = await page.evaluate(() => window.__newsPressed);
    console.log(`    news tab pressed at +${(pressed - clicked).toFixed(0)} ms`);
  }
  return {
    typing: {
      time: typed,
      floor: floorOf(pageRoundTrips, bytes(beforeTyping)),
      requests: beforeTyping,
    },
    signIn: {
      time: painted - clicked,
      floor: floorOf(2, bytes(afterClick)),
      requests: afterClick,
    },
  };
}

/** The installed portal: its worker active and its precache fetched, the network quiet again. */
async function installed(page, network) {
  await page.waitForFunction(
    () => navigator.serviceWorker.controller?.state === 'activated',
    undefined,
    { timeout: INSTALL_TIMEOUT_MS },
  );
  const deadline = Date.now() + INSTALL_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const busy = [...network.requests.values()].some((request) => request.end === undefined);
    if (!busy) return;
    await page.waitForTimeout(250);
  }
}

async function signOut(page) {
  await page.getByRole('button', { name: 'Меню профиля' }).click();
  await page.getByRole('menuitem', { name: 'Выйти' }).click();
  await page.waitForURL(/\/lms\/login$/);
}

async function measure(browser, base) {
  const context = await browser.newContext(PHONE);
  try {
    await context.addInitScript(watchThePage);
    const page = await context.newPage();
    const network = await recordNetwork(browser, context, page);
    try {
      const cold = await visit(page, base, network);
      await installed(page, network);
      await signOut(page);
      const second = await visit(page, base, network);
      return { cold, second };
    } finally {
      await network.stop();
    }
  } finally {
    await context.close();
  }
}

const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

function row(name, results, pick) {
  const figures = results.map(pick);
  const time = median(figures.map((figure) => figure.time));
  const typical = figures.find((figure) => figure.time === time);
  const bytes = typical.requests.reduce((sum, request) => sum + request.bytes, 0);
  const ratio = typical.floor > 0 ? `${(time / typical.floor).toFixed(2)}×` : '—';
  console.log(
    `  ${name.padEnd(42)} ${s(time).padStart(7)}  floor ${s(typical.floor)}` +
      ` (${kb(bytes)} over the network)  ${ratio} the floor` +
      `  (runs ${figures.map((figure) => s(figure.time)).join(' / ')})`,
  );
  const heavy = typical.requests
    .filter((request) => request.bytes > 0)
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, 6)
    .map(
      (request) =>
        `${new URL(request.url).pathname.replace(/^\/lms\/assets\//, '')} ${kb(request.bytes)}`,
    );
  if (heavy.length) console.log(`  ${''.padEnd(42)} largest: ${heavy.join(', ')}`);
}

const builds = [];
const browser = await launchBrowser();
try {
  for (const webRoot of benchBuilds())
    builds.push({ webRoot, ...(await startPortal(webRoot)), runs: [] });
  for (let run = 0; run < RUNS; run++) {
    for (const build of builds) build.runs.push(await measure(browser, build.base));
  }
} finally {
  await browser.close();
  for (const build of builds) build.stop();
}

console.log(
  `signing in on 3G (${RTT_MS} ms round trip, ${KBIT_PER_S} kbit/s, ${CPU_SLOWDOWN}x CPU, ` +
    `Chromium at 390 × 844), median of ${RUNS} runs; floor = the task's round trips + its bytes`,
);
for (const { webRoot, runs } of builds) {
  if (builds.length > 1) console.log(` ${webRoot}`);
  row('login field takes typing, cold', runs, (run) => run.cold.typing);
  row('sign-in → first news item, cold', runs, (run) => run.cold.signIn);
  row('login field takes typing, second visit', runs, (run) => run.second.typing);
  row('sign-in → first news item, second visit', runs, (run) => run.second.signIn);
}
