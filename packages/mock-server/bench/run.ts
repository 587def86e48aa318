// `pnpm bench`: the built server (dist/main.js) beside its anchors, each measured in the same run
// and in interleaved rounds, so that whatever else the machine is doing weighs on both alike:
//   throughput of news page 1 and a 20-message chat page against a bare Hono server sending the
//   same bytes; start-up (spawn to the first answer of /config.json) against a bare Node + Hono
//   server answering /config.json with the same bytes; idle RSS against the bare server's.
// Every server sits idle for PAUSE_MS before the throughput rounds, so that V8's idle GCs have run.
// Each is printed as a ratio, its median and range over the rounds, with the target and PASS or
// MISS. Then the other figures, each with its target: the news page after 20,000 posts, start-up
// at a large scale, memory under large uploads, the refusal of a deeply nested body, and a soak of
// 100,000 inserts whose memory must level off (bench/soak.ts). A benchmark, not a test: it exits 0
// unless it cannot run.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { build } from 'esbuild';
import { deepBodyTiming, soak } from './soak.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const mainJs = `${root}dist/main.js`;
const HOST = '127.0.0.1';
const CONNECTIONS = 10;
/** Seconds of load per measured server, over all rounds. */
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 9);
/** Interleaved rounds of every paired figure. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const ROUND_S = Math.max(0.5, DURATION_S / ROUNDS);
/** RSS is read this long after the last request: the server idle. */
const IDLE_MS = 1500;
/**
 * Every server of the throughput rounds sits idle this long before them, as a developer's mock
 * sits between bursts: V8 runs its memory-reducing full GCs about 8 s after a process goes quiet,
 * and a server must answer as fast after them as before (gate.ts).
 */
const PAUSE_MS = 10_000;
const LARGE_SCALE = 30; // ≈ 20 000 students
const NEWS_INSERTS = 20_000;
const SOAK_INSERTS = Number(process.env.SOAK_INSERTS ?? 100_000);
/** The soak's bound in time: it stops there and says how far it got. */
const SOAK_MAX_SECONDS = Number(process.env.SOAK_MAX_SECONDS ?? 300);

const TARGET = {
  throughput: 0.85, // ≥, of the bare server's req/s
  startup: 2, // ≤, times the bare server's spawn to first answer
  idleRss: 1.3, // ≤, times the bare server's idle RSS
};

const children = new Set<ChildProcess>();
process.on('exit', () => children.forEach((child) => child.kill()));

/**
 * On Linux with two CPUs or more, the servers run on the last CPU and this process (the load
 * generator) on the others, so every server measured meets the same split of the machine: left to
 * the scheduler, a server that answers the load generator's requests over loopback may settle on
 * the generator's own CPU for its whole life and measure half as fast as one that did not.
 */
/** Counted before this process is pinned (after it, availableParallelism() counts its own CPUs). */
const CPUS = availableParallelism();
const SERVER_CPU = CPUS - 1;
const pinned = process.platform === 'linux' && SERVER_CPU > 0 && existsSync('/usr/bin/taskset');
if (pinned) {
  execFileSync('/usr/bin/taskset', ['-a', '-p', '-c', `0-${SERVER_CPU - 1}`, String(process.pid)], {
    stdio: 'ignore',
  });
}

let nextPort = 18101;
function spawnServer(script: string, args: (port: number) => string[]) {
  const port = nextPort++;
  const command = [process.execPath, script, ...args(port)];
  const [file, ...rest] = pinned
    ? ['/usr/bin/taskset', '-c', String(SERVER_CPU), ...command]
    : command;
  const child = spawn(file as string, rest, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.add(child);
  child.stdout?.resume();
  return { child, url: `http://${HOST}:${port}` };
}
/** dist/main.js on a port of its own, with the options given. */
const startMock = (...args: string[]) =>
  spawnServer(mainJs, (port) => ['--port', String(port), ...args]);
/** The bare server answering the JSON of `bodyFile` (a small body without). */
const startBare = (bareJs: string, bodyFile?: string) =>
  spawnServer(bareJs, (port) => [String(port), ...(bodyFile ? [bodyFile] : [])]);

async function stop(child: ChildProcess) {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill();
    await exited;
  }
  children.delete(child);
}

/** Polls every 2 ms until the server answers; returns the ms since `since`. */
async function firstAnswer(url: string, since: number, init?: RequestInit) {
  for (;;) {
    try {
      const res = await fetch(url, init);
      if (res.ok) {
        await res.arrayBuffer();
        return performance.now() - since;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

async function login(base: string, login = 'teacher', password = 'Teacher1') {
  const res = await fetch(`${base}/api/auth/orize.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login, password }),
  });
  await res.arrayBuffer();
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]);
  const xsrf = cookies.find((c) => c?.startsWith('XSRF-TOKEN='))?.split('=')[1] ?? '';
  return { cookie: cookies.join('; '), xsrf };
}

function rssMb(pid: number | undefined) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const median = (values: number[]) => {
  const s = sorted(values);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] ?? NaN) : ((s[mid - 1] ?? NaN) + (s[mid] ?? NaN)) / 2;
};
const range = (values: number[]) =>
  `${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)}`;
const fmt = (n: number, digits = 0) => n.toFixed(digits).padStart(8);

interface Load {
  name: string;
  /** The server's process, whose CPU time per request is measured beside its throughput. */
  pid: number | undefined;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

interface Sample {
  rps: number;
  p50: number;
  p99: number;
  failed: number;
  requests: number;
  cpuMs: number;
}

/** CPU time (user and system) a process has used, ms; Linux counts it in 10 ms ticks. */
function cpuMs(pid: number | undefined) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const run = async ({ name: _name, pid, ...options }: Load, duration: number): Promise<Sample> => {
  const cpuBefore = cpuMs(pid);
  const r = await autocannon({ ...options, connections: CONNECTIONS, duration });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    failed: r.non2xx + r.errors + r.timeouts,
    requests: r.requests.total,
    cpuMs: cpuMs(pid) - cpuBefore,
  };
};

/** The server's CPU time per request over all rounds, µs: steadier than req/s on a busy machine. */
const cpuPerRequest = (samples: Sample[]) =>
  (1000 * samples.reduce((sum, s) => sum + s.cpuMs, 0)) /
  samples.reduce((sum, s) => sum + s.requests, 0);

/**
 * Every load once per round, the pairs (anchor, figure) back to back and in the other order on
 * every other round, so both sides of a ratio meet the same moment of the machine.
 */
async function measureRounds(loads: Load[]) {
  const samples = new Map<Load, Sample[]>(loads.map((load) => [load, []]));
  for (const load of loads) await run(load, 1); // warm: connections, JIT, first compilations
  for (let round = 0; round < ROUNDS; round++) {
    for (const load of round % 2 === 0 ? loads : [...loads].reverse()) {
      samples.get(load)?.push(await run(load, ROUND_S));
    }
  }
  return samples;
}

/** The body of chat/messages for a demo conversation that fills a whole page, if there is one. */
async function demoConversation(url: string, headers: Record<string, string>) {
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${url}${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    return ((await res.json()) as { data: unknown }).data;
  };
  const [year, ws] = [4, 1];
  const disciplines = (await post('/api/discipline/list', { uid: 1001, year, ws })) as {
    id_discipline: number;
    kredits: number;
  }[];
  for (const d of disciplines) {
    const body = {
      year,
      id_from_type: 1,
      id_from: 501,
      id_to_type: 2,
      id_to: 7001,
      id_discipline: d.id_discipline,
      ws,
      kredit: d.kredits,
    };
    const page = (await post('/api/chat/messages', body)) as { messages: unknown[] };
    if (page.messages.length === 20) return JSON.stringify(body);
  }
  return undefined;
}

/** Posts `count` news items (text only, every audience) as the signed-in teacher, 10 at a time. */
async function insertNews(url: string, session: { cookie: string; xsrf: string }, count: number) {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      const form = new FormData();
      for (const [key, value] of Object.entries({
        uid: 1001,
        role: 1,
        id: 501,
        message: `Объявление № ${index + 1}`,
        audience: index % 3,
        id_faculty: -1,
      })) {
        form.set(key, String(value));
      }
      const res = await fetch(`${url}/api/news/insert.json`, {
        method: 'POST',
        headers: { cookie: session.cookie, 'x-xsrf-token': session.xsrf },
        body: form,
      });
      if (!res.ok) throw new Error(`news insert ${index}: HTTP ${res.status}`);
      await res.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
}

const newsBody = JSON.stringify({ id: 501, uid: 1001, role: 1, page: 1 });
const jsonHeaders = (session: { cookie: string; xsrf: string }) => ({
  'content-type': 'application/json',
  cookie: session.cookie,
  'x-xsrf-token': session.xsrf,
});

/** The anchor: bench/bare-server.ts as one plain JavaScript file, like dist/main.js. */
async function buildBareServer(dir: string) {
  const outfile = join(dir, 'bare-server.js');
  await build({
    entryPoints: [`${root}bench/bare-server.ts`],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    outfile,
    logLevel: 'warning',
  });
  return outfile;
}

interface StartupRound {
  mockMs: number;
  bareMs: number;
  /** From the login's request to the first news page's answer. */
  sessionMs: number;
  mockRss: number;
  bareRss: number;
  mockRssAfterSession: number;
}

/**
 * Start-up and idle memory, in interleaved rounds: a bare Node + Hono server answering
 * /config.json with the mock's bytes, and dist/main.js; each from spawn to its first answer, then
 * left idle for IDLE_MS (RSS); the mock then signs in, reads news page 1 and idles again (RSS).
 */
async function startupRounds(bareJs: string, configFile: string): Promise<StartupRound[]> {
  const bare = async () => {
    const since = performance.now();
    const { child, url } = startBare(bareJs, configFile);
    const ms = await firstAnswer(`${url}/config.json`, since);
    await sleep(IDLE_MS);
    const rss = rssMb(child.pid);
    await stop(child);
    return { ms, rss };
  };
  const mock = async () => {
    const since = performance.now();
    const { child, url } = startMock();
    const ms = await firstAnswer(`${url}/config.json`, since);
    await sleep(IDLE_MS);
    const rss = rssMb(child.pid);
    const sessionStarted = performance.now();
    const session = await login(url);
    const sessionMs = await firstAnswer(`${url}/api/news/data.json`, sessionStarted, {
      method: 'POST',
      headers: jsonHeaders(session),
      body: newsBody,
    });
    await sleep(IDLE_MS);
    const rssAfterSession = rssMb(child.pid);
    await stop(child);
    return { ms, rss, sessionMs, rssAfterSession };
  };
  // once each first, so that reading the files from disk is in neither figure
  await bare();
  await mock();
  const rounds: StartupRound[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    let b: Awaited<ReturnType<typeof bare>>;
    let m: Awaited<ReturnType<typeof mock>>;
    if (round % 2 === 0) {
      b = await bare();
      m = await mock();
    } else {
      m = await mock();
      b = await bare();
    }
    rounds.push({
      mockMs: m.ms,
      bareMs: b.ms,
      sessionMs: m.sessionMs,
      mockRss: m.rss,
      bareRss: b.rss,
      mockRssAfterSession: m.rssAfterSession,
    });
  }
  return rounds;
}

const verdict = (met: boolean) => (met ? 'PASS' : 'MISS');
const met = (ok: boolean) => (ok ? 'met' : 'missed');
const mb = (n: number) => `${n.toFixed(1)} MB`;

async function main() {
  if (!existsSync(mainJs)) throw new Error(`${mainJs} is missing: run pnpm build first`);
  const work = mkdtempSync(join(tmpdir(), 'mock-bench-'));
  const bareJs = await buildBareServer(work);
  const load = () =>
    loadavg()
      .map((n) => n.toFixed(1))
      .join(' ');
  const loadAtStart = load();

  // The mock's /config.json bytes, for the start-up anchor.
  const probe = startMock();
  await firstAnswer(`${probe.url}/config.json`, 0);
  const configFile = join(work, 'config.json');
  writeFileSync(configFile, await (await fetch(`${probe.url}/config.json`)).text());
  await stop(probe.child);

  // Start-up and idle memory, before anything has loaded the machine's caches with other work.
  const startup = await startupRounds(bareJs, configFile);

  // Throughput: the mock (validation and state on) and bare Hono servers answering the very
  // bytes of its news page 1 and chat page, so the ratio is the mock's own overhead.
  const mock = startMock();
  await firstAnswer(`${mock.url}/config.json`, 0);
  const session = await login(mock.url);
  const authHeaders = jsonHeaders(session);
  const captured = async (path: string, body: string) => {
    const res = await fetch(`${mock.url}${path}`, { method: 'POST', headers: authHeaders, body });
    const file = join(work, `${path.replace(/\W+/g, '-')}.json`);
    writeFileSync(file, await res.text());
    return { file, kb: statSync(file).size / 1024 };
  };
  const newsPage = await captured('/api/news/data.json', newsBody);
  const chatBody = await demoConversation(mock.url, authHeaders);
  if (!chatBody) throw new Error('the demo teacher has no full conversation with the student');
  const chatPage = await captured('/api/chat/messages', chatBody);
  const bareNews = startBare(bareJs, newsPage.file);
  const bareChat = startBare(bareJs, chatPage.file);
  const tiny = startBare(bareJs);
  for (const bare of [bareNews, bareChat, tiny]) await firstAnswer(`${bare.url}/bare`, 0);

  // The same page on a world that took 20,000 news posts: the feed must not slow with writes.
  const notes: string[] = [];
  const written = startMock();
  await firstAnswer(`${written.url}/config.json`, 0);
  const writer = await login(written.url);
  const insertStarted = performance.now();
  await insertNews(written.url, writer, NEWS_INSERTS);
  notes.push(
    `${NEWS_INSERTS.toLocaleString('en')} news posts took ${((performance.now() - insertStarted) / 1000).toFixed(1)} s;` +
      ` RSS then ${mb(rssMb(written.child.pid))}`,
  );

  await sleep(PAUSE_MS);
  notes.push(`every server then sat idle for ${PAUSE_MS / 1000} s before the rounds`);

  const loads = {
    bareNews: {
      name: `bare Hono, the same ${newsPage.kb.toFixed(1)} KB`,
      pid: bareNews.child.pid,
      url: `${bareNews.url}/bare`,
      method: 'POST',
      headers: authHeaders,
      body: newsBody,
    },
    news: {
      name: 'news/data.json page 1',
      pid: mock.child.pid,
      url: `${mock.url}/api/news/data.json`,
      method: 'POST',
      headers: authHeaders,
      body: newsBody,
    },
    bareChat: {
      name: `bare Hono, the same ${chatPage.kb.toFixed(1)} KB`,
      pid: bareChat.child.pid,
      url: `${bareChat.url}/bare`,
      method: 'POST',
      headers: authHeaders,
      body: chatBody,
    },
    chat: {
      name: 'chat/messages (20 msgs)',
      pid: mock.child.pid,
      url: `${mock.url}/api/chat/messages`,
      method: 'POST',
      headers: authHeaders,
      body: chatBody,
    },
    written: {
      name: `news page 1 after ${NEWS_INSERTS / 1000}k posts`,
      pid: written.child.pid,
      url: `${written.url}/api/news/data.json`,
      method: 'POST',
      headers: jsonHeaders(writer),
      body: newsBody,
    },
    tiny: { name: 'bare Hono, tiny body (GET)', pid: tiny.child.pid, url: `${tiny.url}/bare` },
  } satisfies Record<string, Load>;
  const samples = await measureRounds(Object.values(loads));
  const of = (load: Load) => samples.get(load) ?? [];
  const ratios = (figure: Load, anchor: Load) =>
    of(figure).map((sample, i) => sample.rps / (of(anchor)[i]?.rps ?? NaN));
  const newsRatios = ratios(loads.news, loads.bareNews);
  const chatRatios = ratios(loads.chat, loads.bareChat);
  const writtenRatios = ratios(loads.written, loads.news);

  const deep = await deepBodyTiming(mock.url, session);
  for (const child of [bareNews.child, bareChat.child, tiny.child, mock.child, written.child]) {
    await stop(child);
  }

  // Memory under large uploads: twenty posts of ten 9.9 MB files (the stored total is capped).
  const uploads = startMock();
  await firstAnswer(`${uploads.url}/config.json`, 0);
  const uploader = await login(uploads.url);
  const statuses = new Map<number, number>();
  const part = new Uint8Array(9.9 * 1024 * 1024);
  for (let post = 0; post < 20; post++) {
    const form = new FormData();
    for (const [key, value] of Object.entries({ uid: 1001, role: 1, id: 501, audience: 0 })) {
      form.set(key, String(value));
    }
    form.set('message', `Сканы № ${post + 1}`);
    form.set('id_faculty', '-1');
    for (let n = 0; n < 10; n++) form.append('file', new Blob([part]), `Скан ${n + 1}.pdf`);
    const res = await fetch(`${uploads.url}/api/news/insert.json`, {
      method: 'POST',
      headers: { cookie: uploader.cookie, 'x-xsrf-token': uploader.xsrf },
      body: form,
    });
    await res.arrayBuffer();
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
  }
  const rssAfterPosts = rssMb(uploads.child.pid);
  // then a second of ordinary reading, in which the garbage of the refused bodies is collected
  await autocannon({
    url: `${uploads.url}/api/news/data.json`,
    method: 'POST',
    headers: jsonHeaders(uploader),
    body: newsBody,
    connections: CONNECTIONS,
    duration: 1,
  });
  const rssAfterReading = rssMb(uploads.child.pid);
  await stop(uploads.child);

  // Start-up of a large world (its first answer, and the first news page that builds it).
  const large = startMock('--scale', String(LARGE_SCALE));
  const largeSince = performance.now();
  const largeFirst = await firstAnswer(`${large.url}/config.json`, largeSince);
  const largeSession = await login(large.url);
  const largeNews = await firstAnswer(`${large.url}/api/news/data.json`, largeSince, {
    method: 'POST',
    headers: jsonHeaders(largeSession),
    body: newsBody,
  });
  await stop(large.child);

  // The soak, alone on the machine: news and chat inserts on a fresh server, RSS sampled.
  const soaked = startMock();
  await firstAnswer(`${soaked.url}/config.json`, 0);
  const soakResult = await soak({
    url: soaked.url,
    pid: soaked.child.pid ?? 0,
    teacher: await login(soaked.url),
    student: await login(soaked.url, 'student', 'Student1'),
    discipline: (JSON.parse(chatBody) as { id_discipline: number }).id_discipline,
    inserts: SOAK_INSERTS,
    connections: CONNECTIONS,
    maxSeconds: SOAK_MAX_SECONDS,
    rssMb,
  });
  await stop(soaked.child);

  // ---- the report ----------------------------------------------------------------------------
  const startupRatios = startup.map((r) => r.mockMs / r.bareMs);
  const rssRatios = startup.map((r) => r.mockRss / r.bareRss);
  const sessionRssRatios = startup.map((r) => r.mockRssAfterSession / r.bareRss);
  const rps = (load: Load) => median(of(load).map((s) => s.rps));
  const column = (text: string, width: number) => text.padEnd(width);
  const row = (
    what: string,
    figure: string,
    anchor: string,
    values: number[],
    target: string,
    ok: boolean,
  ) =>
    `  ${column(what, 40)}${column(figure, 13)}${column(anchor, 30)}` +
    `${column(`${median(values).toFixed(2)}×`, 7)}${column(`[${range(values)}]`, 13)}` +
    `${column(target, 8)}${verdict(ok)}`;

  console.log(
    `mock-server bench: node ${process.version}, ${CPUS} CPUs${pinned ? ` (servers on CPU ${SERVER_CPU}, the load generator on the others)` : ''}, load average ${loadAtStart} at the start, ${load()} at the end\n` +
      `Each figure beside its anchor from this run: the ratio is the median of ${ROUNDS} interleaved rounds [range];` +
      ` throughput ${CONNECTIONS} connections, ${ROUND_S.toFixed(2)} s per server per round\n`,
  );
  console.log(
    `  ${column('Target', 40)}${column('figure', 13)}${column('anchor (the same run)', 30)}${column('ratio', 7)}${column('[range]', 13)}${column('target', 8)}`,
  );
  const newsOk = median(newsRatios) >= TARGET.throughput;
  const chatOk = median(chatRatios) >= TARGET.throughput;
  const startupOk = median(startupRatios) <= TARGET.startup;
  const rssOk = median(rssRatios) <= TARGET.idleRss;
  const sessionRssOk = median(sessionRssRatios) <= TARGET.idleRss;
  console.log(
    row(
      'throughput, news/data.json page 1',
      `${rps(loads.news).toFixed(0)} req/s`,
      `bare Hono ${rps(loads.bareNews).toFixed(0)} req/s`,
      newsRatios,
      `≥ ${TARGET.throughput}`,
      newsOk,
    ),
  );
  console.log(
    row(
      'throughput, chat/messages (20 messages)',
      `${rps(loads.chat).toFixed(0)} req/s`,
      `bare Hono ${rps(loads.bareChat).toFixed(0)} req/s`,
      chatRatios,
      `≥ ${TARGET.throughput}`,
      chatOk,
    ),
  );
  console.log(
    row(
      'start-up, spawn → first /config.json',
      `${median(startup.map((r) => r.mockMs)).toFixed(0)} ms`,
      `bare Node + Hono ${median(startup.map((r) => r.bareMs)).toFixed(0)} ms`,
      startupRatios,
      `≤ ${TARGET.startup}×`,
      startupOk,
    ),
  );
  console.log(
    row(
      `idle RSS, ${IDLE_MS / 1000} s after the first answer`,
      mb(median(startup.map((r) => r.mockRss))),
      `bare Hono ${mb(median(startup.map((r) => r.bareRss)))}`,
      rssRatios,
      `≤ ${TARGET.idleRss}×`,
      rssOk,
    ),
  );
  console.log(
    row(
      '  and after a login and news page 1',
      mb(median(startup.map((r) => r.mockRssAfterSession))),
      `bare Hono ${mb(median(startup.map((r) => r.bareRss)))}`,
      sessionRssRatios,
      `≤ ${TARGET.idleRss}×`,
      sessionRssOk,
    ),
  );
  console.log(
    `  (the last row: the world built for one session, faker loaded, two validators compiled, ` +
      `then ${IDLE_MS / 1000} s idle)`,
  );

  console.log(
    `\nThroughput, medians of ${ROUNDS} rounds          req/s   p50 ms   p99 ms   non-2xx   server CPU µs/req   (target: p99 < 10 ms)`,
  );
  for (const l of Object.values(loads)) {
    const s = of(l);
    console.log(
      `  ${l.name.padEnd(40)}${fmt(rps(l))} ${fmt(median(s.map((x) => x.p50)), 1)} ${fmt(median(s.map((x) => x.p99)), 1)} ${fmt(s.reduce((sum, x) => sum + x.failed, 0))}   ${fmt(cpuPerRequest(s), 1)}`,
    );
  }
  const p99Ok = [loads.news, loads.chat].every((l) => median(of(l).map((x) => x.p99)) < 10);
  console.log(
    `  p99 of news and chat under 10 ms: ${met(p99Ok)}; server CPU per request, mock / bare:` +
      ` news ${(cpuPerRequest(of(loads.news)) / cpuPerRequest(of(loads.bareNews))).toFixed(2)}×,` +
      ` chat ${(cpuPerRequest(of(loads.chat)) / cpuPerRequest(of(loads.bareChat))).toFixed(2)}×`,
  );
  const writtenOk = median(writtenRatios) >= 0.8;
  console.log(
    `  news page 1 after ${NEWS_INSERTS / 1000}k posts / on the fresh world: ${median(writtenRatios).toFixed(2)}× [${range(writtenRatios)}]` +
      ` (target ≥ 0.80: within 20 %; ${met(writtenOk)})`,
  );
  for (const note of notes) console.log(`  ${note}`);

  console.log('\nStart-up (spawn of dist/main.js to its first answer), medians of the rounds');
  console.log(
    `  dist/main.js ${median(startup.map((r) => r.mockMs)).toFixed(0)} ms, bare Node + Hono` +
      ` ${median(startup.map((r) => r.bareMs)).toFixed(0)} ms (rounds: ${startup.map((r) => `${r.mockMs.toFixed(0)}/${r.bareMs.toFixed(0)}`).join(' ')})`,
  );
  const sessionMs = median(startup.map((r) => r.sessionMs));
  console.log(
    `  then a login and the first news page (building the world): ${sessionMs.toFixed(0)} ms` +
      ` [${Math.min(...startup.map((r) => r.sessionMs)).toFixed(0)}–${Math.max(...startup.map((r) => r.sessionMs)).toFixed(0)}]` +
      ` (target < 400 ms; ${met(sessionMs < 400)})`,
  );
  console.log(
    `  --scale ${LARGE_SCALE}: first answer ${largeFirst.toFixed(0)} ms, first news page after login ${largeNews.toFixed(0)} ms` +
      ` from spawn (target < 3 s; ${met(largeNews < 3000)})`,
  );

  const uploadsOk = Math.max(rssAfterPosts, rssAfterReading) < 250;
  console.log('\nUploads (a fresh dist/main.js)');
  console.log(
    `  20 posts of ten 9.9 MB files: ${[...statuses].map(([status, n]) => `${n} × ${status}`).join(', ')};` +
      ` RSS right after ${mb(rssAfterPosts)}, after 1 s of reading ${mb(rssAfterReading)} (target < 250 MB; ${met(uploadsOk)})`,
  );

  console.log('\nThe depth rule (JSON nested past 32 levels refused from its text)');
  for (const line of deep.lines) console.log(`  ${line}`);
  console.log(`  target: the deep body refused in < 10 ms (median); ${met(deep.refusedMs < 10)}`);

  console.log(`\nSoak (a fresh dist/main.js; written records capped per collection)`);
  for (const line of soakResult.lines) console.log(`  ${line}`);
  const level = Math.abs(soakResult.floorSlopePerTenThousand) < 2;
  console.log(
    `  target: RSS < 200 MB (${met(soakResult.peakMb < 200)}), levelling off: the floor's |slope| < 2 MB per 10,000 inserts` +
      (SOAK_INSERTS < 10_000
        ? ` (not judged: ${SOAK_INSERTS.toLocaleString('en')} inserts stay under the caps of 2,000 written records per collection)`
        : ` (${met(level)})`),
  );
  rmSync(work, { recursive: true, force: true });
}

await main();
process.exit(0);
