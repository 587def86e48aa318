import * as contract from '@lms/contract';
import { operations } from '@lms/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { boundsAt, formPartsAt, placesAt } from '../src/validation/body-bounds.js';
import { countParts } from '../src/validation/form-parts.js';
import { jsonShapeProblem, shapeMessage } from '../src/validation/json-shape.js';
import { createTestApp, expectBadRequest, signIn, type MockApp } from './helpers.js';

// A body's width, bounded by the contract and refused before work is done: an object of more keys
// or an array of more items than any place of its operation's body may hold is refused from the
// JSON text (no parse, no validation), and a multipart body of more parts than its form may hold
// while it arrives.

const shape = (text: string, keys = 3, items = 3) =>
  jsonShapeProblem(text, { depth: 32, keys, items });

/** An object of `n` keys beside the given ones, as the tester's hostile client sent it. */
function wide(n: number, fields: Record<string, unknown>) {
  const keys = Array.from({ length: n }, (_, i) => `"k${i}":${i}`).join(',');
  return `${JSON.stringify(fields).slice(0, -1)},${keys}}`;
}

/**
 * The CPU time (user + system, ms) the app spends answering a request, the least of three runs
 * (the work itself, without a garbage collection of earlier garbage that may fall into one run),
 * and the last answer. The requests are built beforehand: building one is the client's work.
 */
async function serverCpuMs(app: MockApp, request: () => Request) {
  const requests = [request(), request(), request()];
  let least = Infinity;
  let answer: Response | undefined;
  for (const each of requests) {
    const before = process.cpuUsage();
    answer = await app.request(each);
    const used = process.cpuUsage(before);
    least = Math.min(least, (used.user + used.system) / 1000);
  }
  return { cpu: least, answer: answer! };
}

afterEach(() => vi.restoreAllMocks());

describe('the contract bounds every request body', () => {
  it('states maxProperties (or a closed shape) for every object and maxItems for every array', () => {
    const unbounded: string[] = [];
    for (const op of operations) {
      for (const [type, pointer] of Object.entries(op.requestBody?.content ?? {})) {
        const { keys, items } = placesAt(pointer);
        if (keys.length === 0) unbounded.push(`${op.operationId} ${type}: no object at all`);
        if (keys.some((bound) => !Number.isFinite(bound)))
          unbounded.push(`${op.operationId} ${type}: an object`);
        if (items.some((bound) => !Number.isFinite(bound)))
          unbounded.push(`${op.operationId} ${type}: an array`);
      }
    }
    expect(unbounded).toEqual([]);
  });

  it('reads the widest place of each body: 32 keys, 1000 visits, 52 parts of a news form', () => {
    const pointerOf = (id: string, type = 'application/json') =>
      operations.find((op) => op.operationId === id)?.requestBody?.content[type] ?? '';
    expect(boundsAt(pointerOf('getNews'))).toEqual({ keys: 32, items: 16 });
    expect(boundsAt(pointerOf('visitlogInsertAllVisits'))).toEqual({ keys: 32, items: 1000 });
    expect(boundsAt(pointerOf('chatGetNewMessages'))).toEqual({ keys: 32, items: 16 });
    // one part per field, and each file of the 20
    expect(formPartsAt(pointerOf('insertNews', 'multipart/form-data'))).toBe(32 + 19);
    expect(formPartsAt(pointerOf('librarySaveBook', 'multipart/form-data'))).toBe(32);
  });
});

describe('jsonShapeProblem', () => {
  it('counts the keys of each object and the items of each array', () => {
    expect(shape('{"a":1,"b":2,"c":3}')).toBeNull();
    expect(shape('{"a":1,"b":2,"c":3,"d":4}')).toEqual({ kind: 'keys', limit: 3, path: [] });
    expect(shape('[1,2,3]')).toBeNull();
    expect(shape('[1,[],{},"x"]')).toEqual({ kind: 'items', limit: 3, path: [] });
    expect(shape('[[], {}, [ ], { }]', 4, 4)).toBeNull();
    expect(shape('{"a":[1,2,3],"b":{"c":[1,2,3,4]}}')).toEqual({
      kind: 'items',
      limit: 3,
      path: ['b', 'c'],
    });
    expect(shape('{"visits":[{},{},{"x":1,"y":2,"z":3,"w":4}]}')).toEqual({
      kind: 'keys',
      limit: 3,
      path: ['visits', 2],
    });
  });

  it('does not count commas or brackets inside strings, escaped quotes and keys included', () => {
    expect(shape('{"a,b,c,d":"1,2,3,4","e":"[[[,,,]]]"}')).toBeNull();
    expect(shape('["a\\",b,c", "d"]', 3, 2)).toBeNull();
    expect(shape('{"q\\"uo,te":{"a":1,"b":2,"c":3,"d":4}}')).toEqual({
      kind: 'keys',
      limit: 3,
      path: ['q"uo,te'],
    });
  });

  it('names the place as the validator does', () => {
    expect(shapeMessage({ kind: 'keys', limit: 32, path: [] })).toBe(
      'body: must NOT have more than 32 properties',
    );
    expect(shapeMessage({ kind: 'items', limit: 1000, path: ['visits'] })).toBe(
      'body/visits: must NOT have more than 1000 items',
    );
    expect(shapeMessage({ kind: 'depth' })).toBe('body: JSON nesting deeper than 32 levels');
  });
});

describe('a wide JSON body', () => {
  it('refuses 60,000 unknown keys with a 400 in under 20 ms of CPU, never parsing or validating the body', async () => {
    const teacher = await signIn(createTestApp(), 'teacher');
    const body = wide(60_000, { id: 501, uid: 1001, role: 1, page: 1 });
    expect(body.length).toBeGreaterThan(600_000);
    // warm: the operation's validators and bounds are worked out on its first request
    expect(
      (await teacher.post('/api/news/data.json', { id: 501, uid: 1001, role: 1, page: 1 })).status,
    ).toBe(200);
    const parse = vi.spyOn(JSON, 'parse');
    const validate = vi.spyOn(contract, 'checkJsonBody');
    const { cpu, answer } = await serverCpuMs(
      teacher.app,
      () =>
        new Request('http://localhost/api/news/data.json', {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            cookie: teacher.session?.cookie ?? '',
            'X-XSRF-TOKEN': teacher.session?.xsrf ?? '',
          },
          body,
        }),
    );
    await expectBadRequest(answer, 'body: must NOT have more than 32 properties');
    expect(parse.mock.calls.some(([text]) => text.length >= 100_000)).toBe(false);
    expect(validate).not.toHaveBeenCalled();
    console.info(
      `a ${Math.round(body.length / 1024)} KB body of 60,000 keys refused in ${cpu.toFixed(1)} ms of CPU`,
    );
    // a correctness bound on work done (the scan stops at the 33rd key), with a wide margin
    expect(cpu).toBeLessThan(20);
  });

  it('lets a body up to the contract’s bound through to the validator, and refuses one key more', async () => {
    const teacher = await signIn(createTestApp(), 'teacher');
    const fields = { id: 501, uid: 1001, role: 1, page: 1 };
    expect((await teacher.post('/api/news/data.json', wide(28, fields))).status).toBe(200);
    await expectBadRequest(
      teacher.post('/api/news/data.json', wide(29, fields)),
      'body: must NOT have more than 32 properties',
    );
    // the public login too: bounded before anything is looked at
    await expectBadRequest(
      createTestApp().request('/api/auth/orize.json', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: wide(60_000, { login: 'teacher', password: 'Teacher1' }),
      }),
      'body: must NOT have more than 32 properties',
    );
  });

  it('refuses an array longer than any of its body holds, naming it', async () => {
    const teacher = await signIn(createTestApp(), 'teacher');
    const row = '{"id_student":7001}';
    await expectBadRequest(
      teacher.post(
        '/api/visitlog/studentvisitinsertall',
        `{"visits":[${Array(1001).fill(row).join(',')}]}`,
      ),
      'body/visits: must NOT have more than 1000 items',
    );
    // an array where the body has none is bounded too (the smallest bound is 16)
    await expectBadRequest(
      teacher.post(
        '/api/news/data.json',
        `{"id":501,"uid":1001,"role":1,"page":[${Array(50_000).fill(0).join(',')}]}`,
      ),
      'body/page: must NOT have more than 16 items',
    );
  });
});

describe('a multipart body of many parts', () => {
  it('counts parts across chunk edges', async () => {
    const text = '--XB\r\n\r\na\r\n--XB\r\n\r\nb\r\n--XB\r\n\r\nc\r\n--XB--\r\n';
    // every split of the text into two chunks: the third part is always one too many for 2
    for (let cut = 1; cut < text.length; cut++) {
      const chunks = [text.slice(0, cut), text.slice(cut)].map((s) => new TextEncoder().encode(s));
      const source = new ReadableStream<Uint8Array>({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(chunk);
          controller.close();
        },
      });
      const two = countParts(source, 'XB', 2);
      await expect(new Response(two.body).text(), `cut at ${cut}`).rejects.toThrow();
      expect(two.exceeded()).toBe(true);
    }
    const three = countParts(new Response(text).body!, 'XB', 3);
    expect(await new Response(three.body).text()).toBe(text);
    expect(three.exceeded()).toBe(false);
  });

  it('refuses 60,000 tiny parts with a 400 before parsing them, in under 20 ms of CPU', async () => {
    const teacher = await signIn(createTestApp(), 'teacher');
    /** A news form as a browser encodes it, with `extra` more text parts. */
    async function newsForm(extra: number) {
      const form = new FormData();
      const fields = { uid: 1001, role: 1, id: 501, message: 'Hi', audience: 0, id_faculty: -1 };
      for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
      for (let i = 0; i < extra; i++) form.append(`k${i}`, String(i));
      const encoded = new Request('http://localhost/', { method: 'POST', body: form });
      const bytes = new Uint8Array(await encoded.arrayBuffer());
      const headers = {
        cookie: teacher.session?.cookie ?? '',
        'X-XSRF-TOKEN': teacher.session?.xsrf ?? '',
        'content-type': encoded.headers.get('content-type') ?? '',
        'content-length': String(bytes.length),
      };
      return () =>
        new Request('http://localhost/api/news/insert.json', {
          method: 'POST',
          headers,
          body: bytes,
        });
    }
    const refusal = 'body: must NOT have more than 51 parts';
    // warm: the first multipart request works out the form's bounds
    await expectBadRequest(teacher.app.request((await newsForm(100))()), refusal);
    const send = await newsForm(60_000);
    const validate = vi.spyOn(contract, 'checkForm');
    const { cpu, answer } = await serverCpuMs(teacher.app, send);
    await expectBadRequest(answer, refusal);
    expect(validate).not.toHaveBeenCalled();
    console.info(`a form of 60,000 parts refused in ${cpu.toFixed(1)} ms of CPU`);
    expect(cpu).toBeLessThan(20);
  });
});
