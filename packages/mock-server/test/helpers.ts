// A tiny client over app.request(): no port, the real middleware chain, test mode on (every answer
// is checked against the contract and handler errors reach the test). Request and answer types come
// from the contract: Schema<'ChatMessage'>.
import { request, type IncomingHttpHeaders } from 'node:http';
import { expect } from 'vitest';
import { createApp, type AppOptions, type MockApp } from '../src/app.js';
import type { Schema } from '../src/http.js';
import { CURRENT_WS, CURRENT_YEAR_ID, calendarSlice } from '../src/world/core/calendar.js';
import { ROLE_STUDENT, ROLE_TEACHER } from '../src/world/core/roles.js';
import { Store, type Slice } from '../src/world/core/store.js';
import { DEFAULT_NOW } from '../src/world/core/time.js';

export type { MockApp };
export type { Schema } from '../src/http.js';

export const createTestApp = (options: AppOptions = {}) =>
  createApp({ validateResponses: true, ...options });

export const passwords = {
  teacher: 'Teacher1',
  teacher2: 'Teacher2',
  student: 'Student1',
  student2: 'Student2',
  student3: 'Student3',
} as const;
export type DemoLogin = keyof typeof passwords;

/**
 * The demo people's ids (src/world/core/university.ts, the same for every seed): teacher 501,
 * teacher2 502, student 7001 in ПИ-1-26 (group 101), student2 7013 in ПИ-2-26 (group 102); the two groups
 * form stream 9001 and are in their first semester.
 */
export const DEMO_IDS = {
  TEACHER: 501,
  TEACHER2: 502,
  STUDENT: 7001,
  STUDENT2: 7013,
  GROUP: 101,
  GROUP2: 102,
  STREAM: 9001,
};

export interface Envelope<T = unknown> {
  result: 0 | 1;
  error: string | null;
  data: T;
}

interface RequestOptions {
  /** Send the X-XSRF-TOKEN header (default true when signed in). */
  xsrf?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** A multipart form as a test writes it; numbers are sent as strings, as a browser would. */
export type FormFields = Record<string, string | number | File | File[]>;

export interface Session {
  cookie: string;
  xsrf: string;
  /** Who signed in (the login's answer): requests name the caller by these ids. */
  user?: Schema<'User'>;
}

/** A client signed in as a demo person: `client.user` is who it is. */
export type SignedIn = Client & { readonly user: Schema<'User'> };

export class Client {
  constructor(
    readonly app: MockApp,
    readonly session?: Session,
  ) {}

  /** The signed-in person (undefined without a session). */
  get user(): Schema<'User'> | undefined {
    return this.session?.user;
  }

  #headers({ xsrf = true, headers = {} }: RequestOptions) {
    return {
      ...(this.session && { cookie: this.session.cookie }),
      ...(this.session && xsrf && { 'X-XSRF-TOKEN': this.session.xsrf }),
      ...headers,
    };
  }

  /** POST a JSON body (a string is sent as it is, e.g. malformed JSON). */
  post(path: string, body: unknown, options: RequestOptions = {}) {
    return this.app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...this.#headers(options) },
      body: typeof body === 'string' ? body : JSON.stringify(body),
      signal: options.signal ?? null,
    });
  }

  /** POST multipart/form-data; numbers become strings as a browser would send them. */
  postForm(path: string, fields: FormFields, options: RequestOptions = {}) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) {
      for (const part of Array.isArray(value) ? value : [value]) {
        form.append(name, part instanceof File ? part : String(part));
      }
    }
    return this.app.request(path, { method: 'POST', headers: this.#headers(options), body: form });
  }

  get(path: string, options: RequestOptions = {}) {
    return this.app.request(path, {
      headers: this.#headers(options),
      signal: options.signal ?? null,
    });
  }

  async postData<T>(path: string, body: unknown, options?: RequestOptions) {
    const res = await this.post(path, body, options);
    return { status: res.status, body: (await res.json()) as Envelope<T> };
  }
}

/** Logs a demo account in (with its demo password unless told) and returns a client carrying its cookies. */
export async function signIn(
  app: MockApp,
  login: DemoLogin,
  password: string = passwords[login],
): Promise<SignedIn> {
  const res = await new Client(app).post('/api/auth/orize.json', { login, password });
  if (res.status !== 200) throw new Error(`login ${login} answered ${res.status}`);
  const cookies = Object.fromEntries(
    res.headers.getSetCookie().map((c) => c.split(';')[0]?.split('=') ?? []),
  ) as Record<string, string>;
  const cookie = Object.entries(cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');
  const { data: user } = (await res.json()) as Envelope<Schema<'User'>>;
  return new Client(app, { cookie, xsrf: cookies['XSRF-TOKEN'] ?? '', user }) as SignedIn;
}

/** The 200 answer's data; anything else throws. */
async function dataOf<T>(client: Client, path: string, body: unknown): Promise<T> {
  const res = await client.postData<T>(path, body);
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
  return res.body.data;
}

/** A page of the news feed as the signed-in reader asks for it (id, uid and role are theirs). */
export const newsPage = (client: SignedIn, page = 1) =>
  client.postData<Schema<'NewsItem'>[]>('/api/news/data.json', {
    id: client.user.id,
    uid: client.user.uid,
    role: client.user.role,
    page,
  });

export const newsForm = (fields: FormFields = {}) => ({
  uid: 1001,
  role: 1,
  id: 501,
  message: 'Консультация перенесена на пятницу.',
  audience: 0,
  id_faculty: -1,
  ...fields,
});

/** GET the one download endpoint: `type` 1 UMK, 2 e-library, 3 chat, 4 news; `{id}_{name}`. */
export const downloadFile = (client: Client, type: 1 | 2 | 3 | 4, id: number, name: string) =>
  client.get(
    `/lms/api/news/download.file?filename=${encodeURIComponent(`${id}_${name}`)}&type=${type}`,
  );

/** The signed-in teacher's disciplines in a year and ws (the current ones by default). */
export const teacherDisciplines = (client: SignedIn, year = CURRENT_YEAR_ID, ws = CURRENT_WS) =>
  dataOf<Schema<'Discipline'>[]>(client, '/api/discipline/list', {
    uid: client.user.uid,
    year,
    ws,
  });

/** The signed-in student's disciplines in a year and ws (the current ones by default). */
export const studentDisciplines = (client: SignedIn, year = CURRENT_YEAR_ID, ws = CURRENT_WS) =>
  dataOf<Schema<'Discipline'>[]>(client, '/api/discipline/forStudentDisciplinelist', {
    uid: client.user.uid,
    year,
    ws,
    id_group: client.user.id_group ?? -1,
  });

/**
 * The four demo people signed in to one app, the demo student's disciplines this ws (`studied`),
 * and the one of them each teacher teaches the student: d0 (teacher), d1 (teacher2).
 */
export async function signInDemo(app: MockApp = createTestApp()) {
  const teacher = await signIn(app, 'teacher');
  const teacher2 = await signIn(app, 'teacher2');
  const student = await signIn(app, 'student');
  const student2 = await signIn(app, 'student2');
  const studied = await studentDisciplines(student);
  const sharedWith = async (client: SignedIn) => {
    const taught = await teacherDisciplines(client);
    const shared = taught.find((d) => studied.some((s) => s.id_discipline === d.id_discipline));
    if (!shared) throw new Error('a demo teacher does not teach the demo student');
    return shared.id_discipline;
  };
  return {
    app,
    teacher,
    teacher2,
    student,
    student2,
    studied,
    d0: await sharedWith(teacher),
    d1: await sharedWith(teacher2),
  };
}

/** Who a request comes from: a signed-in client, or a person of the world. */
export type Reader = SignedIn | { role: number; id: number };
const readerOf = (reader: Reader) => ('user' in reader ? reader.user : reader);

/** A private chat query (ChatQuery) from the reader (id_from) to a contact, this year and ws. */
export const chatQuery = (reader: Reader, id_to: number, id_discipline: number, extra = {}) => {
  const { role, id } = readerOf(reader);
  return {
    year: CURRENT_YEAR_ID,
    ws: CURRENT_WS,
    id_discipline,
    id_from_type: role,
    id_from: id,
    id_to_type: role === ROLE_TEACHER ? ROLE_STUDENT : ROLE_TEACHER,
    id_to,
    kredit: 4,
    ...extra,
  };
};

/** A chat/group/messages body from the reader for the group (or, with IsSelect, the stream). */
export const groupChatBody = (reader: Reader, gr_potok: number, IsSelect = false, extra = {}) => {
  const { role, id } = readerOf(reader);
  return {
    id_HumanFrom: id,
    id_humanTypeFrom: role,
    gr_potok,
    IsSelect,
    id_lastMessage: 0,
    ...extra,
  };
};

/** A ChatQuery for the group chat pseudo-contact (id_to -1) of a group or stream, this year and ws. */
export const groupChatQuery = (
  reader: Reader,
  gr_potok: number,
  IsSelect: boolean,
  id_discipline: number,
  extra = {},
) =>
  chatQuery(reader, -1, id_discipline, { id_to_type: ROLE_STUDENT, gr_potok, IsSelect, ...extra });

/** Expects the error envelope with that status: `{ result: 1, error, data: null }`. */
export async function expectError(
  res: Response | Promise<Response>,
  status: number,
  error: string,
) {
  const answer = await res;
  expect(answer.status).toBe(status);
  expect(await answer.json()).toEqual({ result: 1, error, data: null });
}

/** Expects a 400 whose error names the problem (`body/field: what is wrong`). */
export async function expectBadRequest(res: Response | Promise<Response>, error: unknown) {
  const answer = await res;
  expect(answer.status).toBe(400);
  expect(await answer.json()).toMatchObject({ error });
}

/** POST /__mock/reset as the tools send it (a JSON body, no other origin). */
export const postReset = (app: MockApp, headers: Record<string, string> = {}) =>
  app.request('/__mock/reset', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: '{}',
  });

/** POST /__mock/reset, which answers 200. */
export async function resetWorld(app: MockApp) {
  expect((await postReset(app)).status).toBe(200);
}

/** A seeded world of its own (no app), at the default "now". */
export const seededWorld = (seed = 1, scale = 1) => new Store({ seed, scale, now: DEFAULT_NOW });

/** Expects a slice (seed 1) to come out the same whether or not `first` was built before it. */
export function expectBuildOrderFree(slice: Slice<unknown>, first: Slice<unknown> = calendarSlice) {
  const direct = seededWorld().get(slice);
  const other = seededWorld();
  other.get(first);
  expect(other.get(slice)).toEqual(direct);
}

/** Expects a 403 error envelope (whatever the message). */
export async function expectForbidden(res: Response | Promise<Response>) {
  const answer = await res;
  expect(answer.status).toBe(403);
  expect(await answer.json()).toMatchObject({ result: 1, data: null });
}

/**
 * Expects POST /__mock/reset to undo writes: `write` (given what `read` showed) changes what `read`
 * shows, and after the reset a new session of `login` reads what was there before.
 */
export async function expectResetRestores<T>(
  app: MockApp,
  login: DemoLogin,
  read: (client: SignedIn) => Promise<T>,
  write: (client: SignedIn, before: T) => Promise<unknown>,
) {
  const client = await signIn(app, login);
  const before = await read(client);
  await write(client, before);
  expect(await read(client)).not.toEqual(before);
  await resetWorld(app);
  expect(await read(await signIn(app, login))).toEqual(before);
}

/**
 * Expects each malformed multipart form to answer 400 with exactly its error, and the operation to
 * refuse the (well-formed) `json` body as not multipart.
 */
export async function expectBadForms(
  client: Client,
  path: string,
  cases: readonly (readonly [FormFields, string])[],
  json: object,
) {
  for (const [fields, error] of cases) await expectError(client.postForm(path, fields), 400, error);
  await expectBadRequest(client.post(path, json), 'body: must be sent as multipart/form-data');
}

/** A small PDF (its first bytes are `%PDF-1`) to upload. */
export const pdfFile = (name: string) =>
  new File([new Uint8Array([37, 80, 68, 70, 45, 49])], name, { type: 'application/pdf' });

/** The e-library's books of a category (-1: all) as a reader (a person of the world) asks. */
export const libraryBooks = (
  client: Client,
  reader: { id: number; role: number },
  id_bookCategory = -1,
) =>
  client.postData<Schema<'LibraryEBook'>[]>('/api/library/getbooklist', {
    id_bookCategory,
    id_human: reader.id,
    id_humanType: reader.role,
  });

/**
 * A POST on a real socket to the server at 127.0.0.1:`port`, with the headers exactly as given
 * (Host included, none added): its status, headers and body as text.
 */
export function rawPost(port: number, path: string, headers: Record<string, string>, body: string) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port, path, method: 'POST', headers, setHost: false },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
          );
        },
      );
      req.on('error', reject);
      req.end(body);
    },
  );
}
