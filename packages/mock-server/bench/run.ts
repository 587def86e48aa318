// `pnpm bench`: throughput against a bare Hono handler, start-up time and idle memory of the built
// server (dist/main.js), the refusal of a deeply nested body, and a soak of 100,000 inserts whose
// memory must level off (bench/soak.ts). Prints what it measured; it is a benchmark, not a test,
// and fails only if it cannot run.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { deepBodyTiming, soak } from './soak.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const mainJs = `${root}dist/main.js`;
const HOST = '127.0.0.1';
const CONNECTIONS = 10;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = 5;
const LARGE_SCALE = 30; // ≈ 20 000 students
const NEWS_INSERTS = 20_000;
const SOAK_INSERTS = Number(process.env.SOAK_INSERTS ?? 100_000);
/** The soak's bound in time: it stops there and says how far it got. */
const SOAK_MAX_SECONDS = Number(process.env.SOAK_MAX_SECONDS ?? 300);

const children = new Set<ChildProcess>();
process.on('exit', () => children.forEach((child) => child.kill()));

function start(args: string[], port: number) {
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  children.add(child);
  child.stdout?.resume();
  return { child, url: `http://${HOST}:${port}` };
}

function stop(child: ChildProcess) {
  child.kill();
  children.delete(child);
}

/** Polls until the server answers; returns the ms since `since`. */
async function firstAnswer(url: string, since: number, init?: RequestInit) {
  for (;;) {
    try {
      const res = await fetch(url, init);
      if (res.ok) return performance.now() - since;
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
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]);
  const xsrf = cookies.find((c) => c?.startsWith('XSRF-TOKEN='))?.split('=')[1] ?? '';
  return { cookie: cookies.join('; '), xsrf };
}

function rssMb(pid: number | undefined) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

interface Load {
  name: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

interface Measured {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  failed: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? NaN;

/**
 * Each load runs in ROUNDS short rounds, interleaved with the others, and reports the median round:
 * on a shared machine the speed drifts over seconds, and interleaving exposes every load to it alike.
 */
async function measureAll(loads: Load[]): Promise<Measured[]> {
  const rounds = new Map<Load, autocannon.Result[]>(loads.map((load) => [load, []]));
  for (const load of loads) await autocannon({ ...load, connections: CONNECTIONS, duration: 1 });
  for (let round = 0; round < ROUNDS; round++) {
    for (const load of loads) {
      const duration = DURATION_S / ROUNDS;
      rounds.get(load)?.push(await autocannon({ ...load, connections: CONNECTIONS, duration }));
    }
  }
  return loads.map((load) => {
    const results = rounds.get(load) ?? [];
    return {
      name: load.name,
      rps: median(results.map((r) => r.requests.average)),
      p50: median(results.map((r) => r.latency.p50)),
      p99: median(results.map((r) => r.latency.p99)),
      failed: results.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0),
    };
  });
}

/** The contract's example body of an operation, to call it as the portal would. */
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

const fmt = (n: number, digits = 0) => n.toFixed(digits).padStart(8);

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

async function main() {
  if (!existsSync(mainJs)) throw new Error(`${mainJs} is missing: run pnpm build first`);
  console.log(
    `mock-server bench: node ${process.version}, ${CONNECTIONS} connections, ${DURATION_S} s per load` +
      ` (median of ${ROUNDS} interleaved rounds), ${HOST}\n`,
  );

  // Start-up: spawn to first answer.
  const startup: string[] = [];
  for (const [label, scale, port] of [
    ['default world', 1, 18101],
    [`--scale ${LARGE_SCALE}`, LARGE_SCALE, 18102],
  ] as const) {
    const since = performance.now();
    const { child, url } = start([mainJs, '--port', String(port), '--scale', String(scale)], port);
    const config = await firstAnswer(`${url}/config.json`, since);
    const session = await login(url);
    const news = await firstAnswer(`${url}/api/news/data.json`, since, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: session.cookie },
      body: JSON.stringify({ id: 501, uid: 1001, role: 1, page: 1 }),
    });
    startup.push(
      `  ${label.padEnd(14)} first answer (/config.json) ${fmt(config)} ms;` +
        ` first news page after login ${fmt(news)} ms`,
    );
    if (scale === 1) {
      await new Promise((resolve) => setTimeout(resolve, 1500)); // validators warmed, idle
      startup.push(
        `  ${''.padEnd(14)} idle RSS ${fmt(rssMb(child.pid), 1)} MB (world built, validators compiled)`,
      );
    }
    stop(child);
  }

  // Throughput: the mock (validation and state on) against bare Hono, in the same run. The bare
  // handler answers the same bytes as news page 1, so the ratio is the mock's own overhead; a
  // bare handler with a tiny body is shown too.
  const mock = start([mainJs, '--port', '18104'], 18104);
  await firstAnswer(`${mock.url}/config.json`, 0);
  const session = await login(mock.url);
  const authHeaders = {
    'content-type': 'application/json',
    cookie: session.cookie,
    'x-xsrf-token': session.xsrf,
  };
  const newsBody = JSON.stringify({ id: 501, uid: 1001, role: 1, page: 1 });
  const newsPage = await fetch(`${mock.url}/api/news/data.json`, {
    method: 'POST',
    headers: authHeaders,
    body: newsBody,
  });
  const pageFile = join(mkdtempSync(join(tmpdir(), 'mock-bench-')), 'news-page-1.json');
  writeFileSync(pageFile, await newsPage.text());
  const pageBytes = statSync(pageFile).size;
  const bare = start(['--import', 'tsx', `${root}bench/bare-server.ts`, '18103', pageFile], 18103);
  const tiny = start(['--import', 'tsx', `${root}bench/bare-server.ts`, '18105'], 18105);
  await firstAnswer(`${bare.url}/bare`, 0);
  await firstAnswer(`${tiny.url}/bare`, 0);

  const loads: Load[] = [
    {
      name: `bare Hono, same ${(pageBytes / 1024).toFixed(1)} KB`,
      url: `${bare.url}/bare`,
      method: 'POST',
      headers: authHeaders,
      body: newsBody,
    },
    {
      name: 'news/data.json page 1',
      url: `${mock.url}/api/news/data.json`,
      method: 'POST',
      headers: authHeaders,
      body: newsBody,
    },
  ];
  const notes: string[] = [];
  // The same page on a world that took 20,000 news posts: the feed must not slow with writes.
  const written = start([mainJs, '--port', '18106'], 18106);
  await firstAnswer(`${written.url}/config.json`, 0);
  const writer = await login(written.url);
  const insertStarted = performance.now();
  await insertNews(written.url, writer, NEWS_INSERTS);
  notes.push(
    `${NEWS_INSERTS.toLocaleString('en')} news posts took ${((performance.now() - insertStarted) / 1000).toFixed(1)} s;` +
      ` RSS then ${rssMb(written.child.pid).toFixed(1)} MB`,
  );
  loads.push({
    name: `news page 1 after ${NEWS_INSERTS / 1000}k posts`,
    url: `${written.url}/api/news/data.json`,
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: writer.cookie,
      'x-xsrf-token': writer.xsrf,
    },
    body: newsBody,
  });
  // Memory under large uploads: twenty posts of ten 9.9 MB files (the stored total is capped).
  const uploads = start([mainJs, '--port', '18107'], 18107);
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
    headers: { 'content-type': 'application/json', cookie: uploader.cookie },
    body: JSON.stringify({ id: 501, uid: 1001, role: 1, page: 1 }),
    connections: CONNECTIONS,
    duration: 1,
  });
  notes.push(
    `20 posts of ten 9.9 MB files: ${[...statuses].map(([status, n]) => `${n} × ${status}`).join(', ')};` +
      ` RSS right after ${rssAfterPosts.toFixed(1)} MB, after 1 s of reading ${rssMb(uploads.child.pid).toFixed(1)} MB`,
  );
  stop(uploads.child);
  // A real conversation of the demo teacher (501) with the demo student (7001): a full page of 20.
  const chatBody = await demoConversation(mock.url, authHeaders);
  if (chatBody) {
    loads.push({
      name: 'chat/messages (20 msgs)',
      url: `${mock.url}/api/chat/messages`,
      method: 'POST',
      headers: authHeaders,
      body: chatBody,
    });
  } else {
    notes.push('chat/messages skipped: the demo teacher has no full conversation with the student');
  }
  loads.push({ name: 'bare Hono, tiny body (GET)', url: `${tiny.url}/bare` });

  const results = await measureAll(loads);
  const deepLines = await deepBodyTiming(mock.url, session);
  stop(bare.child);
  stop(tiny.child);
  stop(mock.child);
  stop(written.child);

  // The soak, alone on the machine: news and chat inserts on a fresh server, RSS sampled.
  const soaked = start([mainJs, '--port', '18108'], 18108);
  await firstAnswer(`${soaked.url}/config.json`, 0);
  const soakLines = await soak({
    url: soaked.url,
    pid: soaked.child.pid ?? 0,
    teacher: await login(soaked.url),
    student: await login(soaked.url, 'student', 'Student1'),
    discipline: chatBody ? (JSON.parse(chatBody) as { id_discipline: number }).id_discipline : 0,
    inserts: SOAK_INSERTS,
    connections: CONNECTIONS,
    maxSeconds: SOAK_MAX_SECONDS,
    rssMb,
  });
  stop(soaked.child);

  const baseline = results[0]?.rps ?? 1;
  console.log('Throughput                        req/s   p50 ms   p99 ms  vs bare   non-2xx');
  for (const r of results) {
    console.log(
      `  ${r.name.padEnd(28)}${fmt(r.rps)} ${fmt(r.p50, 1)} ${fmt(r.p99, 1)} ${fmt((r.rps / baseline) * 100)} %${fmt(r.failed)}`,
    );
  }
  for (const note of notes) console.log(`  ${note}`);
  console.log('\nStart-up (spawn of dist/main.js to first answer) and memory');
  for (const line of startup) console.log(line);
  console.log('\nThe depth rule (JSON nested past 32 levels refused from its text)');
  for (const line of deepLines) console.log(`  ${line}`);
  console.log(`\nSoak (a fresh dist/main.js; written records capped per collection)`);
  for (const line of soakLines) console.log(`  ${line}`);
  console.log(
    '\nGoals: ≥ 50 % of bare Hono req/s with validation and state on, p99 < 10 ms;' +
      ' news page 1 after 20k posts within 20 % of the fresh world; RSS < 250 MB after the uploads;' +
      ' first answer < 400 ms (default) and < 3 s (large scale); idle RSS < 100 MB;' +
      " the deep body refused in < 10 ms; the soak's RSS < 200 MB, levelling off (slope near 0).",
  );
}

await main();
process.exit(0);
