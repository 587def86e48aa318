// Part of `pnpm bench`: what a mock server left running for days meets. A soak of 100,000 inserts
// (news and chat) whose memory must level off (the world caps what writes add), and the refusal
// of a deeply nested body (the depth rule answers before any parse) timed beside a small request.
// It prints what it measured; it fails only if it cannot run or a request is refused.
import { spawn } from 'node:child_process';

/** A signed-in client's cookie header and XSRF token. */
export interface SessionCookies {
  cookie: string;
  xsrf: string;
}

export interface SoakOptions {
  url: string;
  /** The server's process id, whose RSS is sampled. */
  pid: number;
  teacher: SessionCookies;
  student: SessionCookies;
  /** A discipline the demo teacher teaches the demo student this ws (their private chat). */
  discipline: number;
  inserts: number;
  connections: number;
  /** The soak stops here even if not every insert was sent (and says so). */
  maxSeconds: number;
  rssMb: (pid: number) => number;
}

interface Sample {
  ms: number;
  done: number;
  rss: number;
}

const DEMO_TEACHER = 501;
const DEMO_GROUP = 101;
const WS = 1;

/** The form of insert number `index`: news by the teacher, private and group chat by the student. */
function insertRequest(
  index: number,
  o: SoakOptions,
): { path: string; form: FormData; as: SessionCookies } {
  const form = new FormData();
  const fields: Record<string, string | number> =
    index % 2 === 0
      ? {
          uid: 1001,
          role: 1,
          id: 501,
          message: `Объявление № ${index}`,
          audience: index % 3,
          id_faculty: -1,
        }
      : {
          uid: 20001,
          message: `Сообщение № ${index}`,
          from: 7001,
          fromType: 2,
          semester: WS,
          discipline: o.discipline,
          currentContactId: index % 4 === 1 ? DEMO_TEACHER : -1,
          currentContactType: index % 4 === 1 ? 1 : 2,
          group_subgroup: index % 4 === 1 ? -1 : DEMO_GROUP,
          isSelect: 'false',
          IsGroupChat: index % 4 === 1 ? 'false' : 'true',
        };
  for (const [key, value] of Object.entries(fields)) form.set(key, String(value));
  return index % 2 === 0
    ? { path: '/api/news/insert.json', form, as: o.teacher }
    : { path: '/api/chat/insert', form, as: o.student };
}

/** Least-squares slope of y over x. */
function slope(points: { x: number; y: number }[]) {
  const n = points.length;
  const mx = points.reduce((sum, p) => sum + p.x, 0) / n;
  const my = points.reduce((sum, p) => sum + p.y, 0) / n;
  let num = 0;
  let den = 0;
  for (const p of points) {
    num += (p.x - mx) * (p.y - my);
    den += (p.x - mx) ** 2;
  }
  return den === 0 ? 0 : num / den;
}

export interface SoakResult {
  lines: string[];
  peakMb: number;
  /** RSS growth over the last 40 % of the inserts, MB per 10,000 inserts. */
  slopePerTenThousand: number;
  /**
   * The same for the floor of RSS (its lowest sample in each eighth of that stretch): what the
   * collector cannot free. RSS itself rises and falls with collections; a leak raises the floor.
   */
  floorSlopePerTenThousand: number;
}

/** Inserts with `connections` workers while RSS is sampled every 250 ms; returns what to print. */
export async function soak(o: SoakOptions): Promise<SoakResult> {
  const samples: Sample[] = [];
  const started = performance.now();
  let done = 0;
  let next = 0;
  const sample = () => samples.push({ ms: performance.now() - started, done, rss: o.rssMb(o.pid) });
  sample();
  const timer = setInterval(sample, 250);
  const deadline = started + o.maxSeconds * 1000;
  const worker = async () => {
    while (next < o.inserts && performance.now() < deadline) {
      const { path, form, as } = insertRequest(next++, o);
      const res = await fetch(`${o.url}${path}`, {
        method: 'POST',
        headers: { cookie: as.cookie, 'x-xsrf-token': as.xsrf },
        body: form,
      });
      if (!res.ok) throw new Error(`soak insert ${path}: HTTP ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
      done += 1;
    }
  };
  try {
    await Promise.all(Array.from({ length: o.connections }, worker));
  } finally {
    clearInterval(timer);
  }
  const seconds = (performance.now() - started) / 1000;
  sample();
  await new Promise((resolve) => setTimeout(resolve, 2000)); // idle: what stays
  const settled = o.rssMb(o.pid);

  const peak = Math.max(...samples.map((s) => s.rss));
  // the last 40 % of the inserts: a level memory has a slope near 0 there
  const tail = samples.filter((s) => s.done >= done * 0.6);
  const perTenThousand = slope(tail.map((s) => ({ x: s.done, y: s.rss }))) * 10_000;
  const floors: { x: number; y: number }[] = [];
  const first = tail[0]?.done ?? 0;
  const span = Math.max(1, done - first);
  for (let part = 0; part < 8; part++) {
    const inPart = tail.filter(
      (s) => Math.min(7, Math.floor(((s.done - first) / span) * 8)) === part,
    );
    if (inPart.length === 0) continue;
    const lowest = inPart.reduce((low, s) => (s.rss < low.rss ? s : low));
    floors.push({ x: lowest.done, y: lowest.rss });
  }
  const floorPerTenThousand = slope(floors) * 10_000;
  const atShare = (share: number) => samples.find((s) => s.done >= done * share)?.rss ?? Number.NaN;
  const news = Math.ceil(done / 2);
  const lines = [
    `${done.toLocaleString('en')} inserts (${news.toLocaleString('en')} news, ${(done - news).toLocaleString('en')} chat: private and group)` +
      ` with ${o.connections} connections in ${seconds.toFixed(1)} s (${Math.round(done / seconds)}/s)` +
      (done < o.inserts ? `; stopped at the ${o.maxSeconds} s bound` : ''),
    `RSS at start ${samples[0]?.rss.toFixed(1)} MB, at 25 % ${atShare(0.25).toFixed(1)} MB, at 50 % ${atShare(0.5).toFixed(1)} MB,` +
      ` at 75 % ${atShare(0.75).toFixed(1)} MB, peak ${peak.toFixed(1)} MB, at the end ${samples.at(-1)?.rss.toFixed(1)} MB,` +
      ` after 2 s idle ${settled.toFixed(1)} MB`,
    `RSS slope over the last 40 % of the inserts: ${perTenThousand >= 0 ? '+' : ''}${perTenThousand.toFixed(2)} MB per 10,000 inserts` +
      ` (${tail.length} samples); of its floor (the lowest RSS in each eighth of them):` +
      ` ${floorPerTenThousand >= 0 ? '+' : ''}${floorPerTenThousand.toFixed(2)} MB per 10,000`,
  ];
  return {
    lines,
    peakMb: peak,
    slopePerTenThousand: perTenThousand,
    floorSlopePerTenThousand: floorPerTenThousand,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? NaN;
const p90 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.9)] ?? NaN;

async function timed(request: () => Promise<Response>) {
  const since = performance.now();
  const res = await request();
  await res.arrayBuffer();
  return { ms: performance.now() - since, status: res.status };
}

/**
 * Another process that keeps eight deep bodies arriving (each one sent again once refused) until
 * it is killed; on SIGTERM it prints how many were refused. The flood must not share the event
 * loop that times the small requests, or the timing would be the client's, not the server's.
 */
const FLOOD = `
const [url, cookie] = process.argv.slice(-2);
const body = new TextEncoder().encode('['.repeat(400000) + ']'.repeat(400000));
let refused = 0;
let stopping = false;
process.on('SIGTERM', () => { stopping = true; console.log(refused); process.exit(0); });
const headers = { 'content-type': 'application/json', cookie };
const worker = async () => {
  while (!stopping) {
    const res = await fetch(url + '/api/news/data.json', { method: 'POST', headers, body });
    await res.arrayBuffer();
    if (res.status === 400) refused += 1;
  }
};
console.log('ready');
for (let i = 0; i < 8; i++) void worker();
`;

async function duringFlood(url: string, cookie: string, measure: () => Promise<number[]>) {
  const flood = spawn(process.execPath, ['--input-type=module', '-e', FLOOD, url, cookie], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  flood.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  while (!out.includes('ready')) await new Promise((resolve) => setTimeout(resolve, 10));
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, 500)); // the flood under way
  const times = await measure();
  flood.kill('SIGTERM');
  await new Promise((resolve) => flood.once('exit', resolve));
  const refused = Number(out.trim().split('\n').at(-1));
  return { times, perSecond: refused / ((performance.now() - started) / 1000) };
}

/**
 * The deep body (an 800 KB array 400,000 levels deep) against a small request, one at a time, and
 * small requests while another process keeps eight deep bodies arriving.
 */
export async function deepBodyTiming(
  url: string,
  session: SessionCookies,
  rounds = 40,
): Promise<{ lines: string[]; refusedMs: number }> {
  const deep = new TextEncoder().encode(`${'['.repeat(400_000)}${']'.repeat(400_000)}`);
  const headers = {
    'content-type': 'application/json',
    cookie: session.cookie,
    'x-xsrf-token': session.xsrf,
  };
  const read = () =>
    fetch(`${url}/api/news/data.json`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ id: 501, uid: 1001, role: 1, page: 1 }),
    });
  const deepPost = () =>
    fetch(`${url}/api/news/data.json`, { method: 'POST', headers, body: deep });
  // warm both paths
  for (let i = 0; i < 5; i++) {
    await timed(read);
    await timed(deepPost);
  }
  const small: number[] = [];
  const refused: number[] = [];
  const statuses = new Set<number>();
  for (let i = 0; i < rounds; i++) {
    small.push((await timed(read)).ms);
    const answer = await timed(deepPost);
    refused.push(answer.ms);
    statuses.add(answer.status);
  }
  const sample = await deepPost();
  const { error } = (await sample.json()) as { error: string };
  const flooded = await duringFlood(url, session.cookie, async () => {
    const times: number[] = [];
    for (let i = 0; i < rounds; i++) times.push((await timed(read)).ms);
    return times;
  });
  const [s, d] = [median(small), median(refused)];
  const lines = [
    `an 800 KB body nested 400,000 deep: ${[...statuses].join(', ')} "${error}" in ${d.toFixed(2)} ms median` +
      ` (p90 ${p90(refused).toFixed(2)} ms) over ${rounds}, sent whole over loopback`,
    `a small request (news page 1): ${s.toFixed(2)} ms median (p90 ${p90(small).toFixed(2)} ms);` +
      ` deep refusal / small request = ${(d / s).toFixed(2)}`,
    `a small request while another process keeps 8 deep bodies arriving` +
      ` (${Math.round(flooded.perSecond)} refused/s): ${median(flooded.times).toFixed(2)} ms median` +
      ` (p90 ${p90(flooded.times).toFixed(2)} ms; alone ${s.toFixed(2)} ms)`,
  ];
  return { lines, refusedMs: d };
}
