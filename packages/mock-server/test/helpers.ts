// A tiny client over app.request(): no port, the real middleware chain, test mode on (every answer
// is checked against the contract and handler errors reach the test).
import { createApp, type AppOptions, type MockApp } from '../src/app.js';

export const createTestApp = (options: AppOptions = {}) =>
  createApp({ validateResponses: true, ...options });

export const passwords = {
  teacher: 'Teacher1',
  teacher2: 'Teacher2',
  student: 'Student1',
  student2: 'Student2',
} as const;
export type DemoLogin = keyof typeof passwords;

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

export interface Session {
  cookie: string;
  xsrf: string;
}

export class Client {
  constructor(
    readonly app: MockApp,
    readonly session?: Session,
  ) {}

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
  postForm(
    path: string,
    fields: Record<string, string | number | File | File[]>,
    options: RequestOptions = {},
  ) {
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

/** Logs a demo account in and returns a client carrying its cookies. */
export async function signIn(app: MockApp, login: DemoLogin): Promise<Client> {
  const res = await new Client(app).post('/api/auth/orize.json', {
    login,
    password: passwords[login],
  });
  if (res.status !== 200) throw new Error(`login ${login} answered ${res.status}`);
  const cookies = Object.fromEntries(
    res.headers.getSetCookie().map((c) => c.split(';')[0]?.split('=') ?? []),
  ) as Record<string, string>;
  const cookie = Object.entries(cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');
  return new Client(app, { cookie, xsrf: cookies['XSRF-TOKEN'] ?? '' });
}

export const newsPage = (client: Client, page = 1) =>
  client.postData<
    { id_eventMessage: number; message: string; fileName: string | null; canEdit: boolean }[]
  >('/api/news/data.json', { id: 501, uid: 1001, role: 1, page });

export const newsForm = (fields: Record<string, string | number | File | File[]> = {}) => ({
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
