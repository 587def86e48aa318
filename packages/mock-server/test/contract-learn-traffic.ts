// Scripted sessions for the traffic learner's tests: a teacher and a student signing in and using
// the portal's calls over HTTP (reads and writes, a multipart upload, a binary download), through
// whatever base URL they are given: the validating proxy recording in front of the mock server,
// or a server that answers differently.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export async function listen(server: Server): Promise<string> {
  if (!server.listening) {
    server.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  }
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

interface User {
  uid: number;
  id: number;
  role: number;
  fullName: string;
  id_group: number | null;
}

/** The mock world's current academic year and semester half (its calendar). */
const YEAR = 4;
const WS = 1;

/** Signs in over HTTP; the session's cookies and XSRF secret go with every later call. */
export async function httpSession(base: string, login: string, password: string) {
  const res = await fetch(`${base}/api/auth/orize.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login, password }),
  });
  if (res.status !== 200) throw new Error(`signing in as ${login}: ${res.status}`);
  const user = ((await res.json()) as { data: User }).data;
  const cookies = res.headers.getSetCookie().map((line) => line.split(';')[0]!);
  const xsrf = decodeURIComponent(cookies.find((c) => c.startsWith('XSRF-TOKEN='))!.slice(11));
  const cookie = cookies.join('; ');
  const headers = { cookie, 'X-XSRF-TOKEN': xsrf };
  return {
    user,
    post: async (path: string, body: unknown) => {
      const answer = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
      return { status: answer.status, body: (await answer.json()) as { data: unknown } };
    },
    form: async (path: string, form: FormData) => {
      const answer = await fetch(`${base}${path}`, { method: 'POST', headers, body: form });
      return { status: answer.status, body: (await answer.json()) as { data: unknown } };
    },
    get: async (path: string) => {
      const answer = await fetch(`${base}${path}`, { headers: { cookie } });
      return { status: answer.status, bytes: new Uint8Array(await answer.arrayBuffer()) };
    },
  };
}

/** Every byte value twice: a body no text decoding passes unharmed. */
export const BINARY = new Uint8Array(512).map((_, i) => i % 256);

/** The session: sign-ins, reads, a news item with a binary file, its download, a chat read. */
export async function scriptedSession(base: string) {
  const statuses: number[] = [];
  const student = await httpSession(base, 'student', 'Student1');
  const s = student.user;
  const studied = await student.post('/api/discipline/forStudentDisciplinelist', {
    uid: s.uid,
    year: YEAR,
    ws: WS,
    id_group: s.id_group ?? -1,
  });
  statuses.push(studied.status);
  statuses.push((await student.post('/api/misc/years', {})).status);
  statuses.push(
    (await student.post('/api/news/data.json', { id: s.id, uid: s.uid, role: 2, page: 1 })).status,
  );
  statuses.push((await student.post('/api/singlewindow/order/list', { uid: s.uid })).status);

  const teacher = await httpSession(base, 'teacher', 'Teacher1');
  const t = teacher.user;
  statuses.push((await teacher.get('/config.json')).status);
  statuses.push((await teacher.post('/api/profile/data.json', { uid: t.uid, role: 1 })).status);
  statuses.push((await teacher.post('/api/news/check.json', { id: t.id, type: 1 })).status);
  statuses.push((await teacher.post('/api/misc/years', {})).status);
  statuses.push((await teacher.post('/api/misc/dinurls', {})).status);
  const taught = await teacher.post('/api/discipline/list', { uid: t.uid, year: YEAR, ws: WS });
  statuses.push(taught.status);
  const ids = new Set(
    (studied.body.data as { id_discipline: number }[]).map((d) => d.id_discipline),
  );
  const shared = (taught.body.data as { id_discipline: number }[]).find((d) =>
    ids.has(d.id_discipline),
  );
  if (!shared) throw new Error('the demo teacher teaches the demo student nothing');
  const conversation = await teacher.post('/api/chat/messages', {
    year: YEAR,
    ws: WS,
    id_discipline: shared.id_discipline,
    id_from_type: 1,
    id_from: t.id,
    id_to_type: 2,
    id_to: s.id,
    kredit: 4,
  });
  statuses.push(conversation.status);
  const form = new FormData();
  for (const [name, value] of Object.entries({
    uid: t.uid,
    role: 1,
    id: t.id,
    message: 'Новость для записи',
    audience: 0,
    id_faculty: -1,
  })) {
    form.append(name, String(value));
  }
  form.append('file', new Blob([BINARY], { type: 'application/octet-stream' }), 'bytes.bin');
  statuses.push((await teacher.form('/api/news/insert.json', form)).status);
  const news = await teacher.post('/api/news/data.json', {
    id: t.id,
    uid: t.uid,
    role: 1,
    page: 1,
  });
  statuses.push(news.status);
  const list = news.body.data as
    { id_eventMessage: number }[] | { items: { id_eventMessage: number }[] };
  const first = (Array.isArray(list) ? list : list.items)[0];
  if (first) {
    const name = encodeURIComponent(`${first.id_eventMessage}_bytes.bin`);
    statuses.push(
      (await teacher.get(`/lms/api/news/download.file?filename=${name}&type=4`)).status,
    );
  }
  return { statuses, teacher: t, student: s };
}

type Rewrite = (body: { data: unknown }) => void;

/**
 * A server that answers differently from the contract: the mock's answers rewritten (a field
 * renamed, numbers sent as strings, an optional list dropped, a list wrapped in an object) and a
 * call the contract does not have.
 */
export function rewritingServer(mock: string): Server {
  const rewrites: Record<string, Rewrite> = {
    '/api/misc/years': (body) => {
      for (const year of body.data as Record<string, unknown>[]) {
        year.title = year.name;
        delete year.name;
        year.id_a_year = String(year.id_a_year);
      }
    },
    '/api/news/data.json': (body) => {
      const items = body.data as unknown[];
      body.data = { items, total: items.length };
    },
    '/api/chat/messages': (body) => {
      for (const message of (body.data as { messages: Record<string, unknown>[] }).messages) {
        delete message.files;
      }
    },
  };
  return createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const url = new URL(req.url ?? '/', mock);
        if (url.pathname === '/api/news/stats') {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ result: 0, error: null, data: { views: 12 } }));
          return;
        }
        const headers = Object.fromEntries(
          Object.entries(req.headers).filter(
            ([name]) => !['host', 'content-length'].includes(name),
          ),
        ) as Record<string, string>;
        const answer = await fetch(url, {
          method: req.method ?? 'GET',
          headers,
          ...(req.method === 'GET' || req.method === 'HEAD' ? {} : { body: Buffer.concat(chunks) }),
        });
        const rewrite = rewrites[url.pathname];
        let body = Buffer.from(await answer.arrayBuffer());
        if (rewrite && answer.status === 200) {
          const parsed = JSON.parse(body.toString('utf8')) as { data: unknown };
          rewrite(parsed);
          body = Buffer.from(JSON.stringify(parsed));
        }
        const out: string[] = [];
        answer.headers.forEach((value, name) => {
          if (
            !['content-length', 'content-encoding', 'transfer-encoding', 'set-cookie'].includes(
              name,
            )
          ) {
            out.push(name, value);
          }
        });
        for (const cookie of answer.headers.getSetCookie()) out.push('set-cookie', cookie);
        res.writeHead(answer.status, out);
        res.end(body);
      })();
    });
  });
}
