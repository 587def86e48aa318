import { describe, expect, it, vi } from 'vitest';
import {
  Client,
  createTestApp,
  expectBadRequest,
  expectError,
  expectResetRestores,
  signIn,
  type DemoLogin,
  type Schema,
} from './helpers.js';

type Order = Schema<'SingleWindowOrder'>;

const API = '/api/singlewindow';
const uids: Record<DemoLogin, number> = {
  teacher: 1001,
  teacher2: 1002,
  student: 20001,
  student2: 20013,
  student3: 20049,
};

const orders = async (client: Client, uid = 20001) =>
  (await client.postData<Order[]>(`${API}/order/list`, { uid })).body.data;

const newOrder = (fields = {}) => ({
  uid: 20001,
  id_doc: 2,
  id_region: 2,
  id_district: 22,
  count: 1,
  comment: 'Для перевода в другой вуз',
  ...fields,
});

const saveOrder = (client: Client, body: unknown, options = {}) =>
  client.postData<Order>(`${API}/order/save`, body, options);

const cancel = (client: Client, id_order: number, options = {}) =>
  client.postData<Order>(`${API}/order/cancel`, { id_order, uid: 20001 }, options);

/** The status of one of the demo student's orders, as their list shows it now. */
const statusOf = async (client: Client, id_order: number) =>
  (await orders(client)).find((o) => o.id_order === id_order)?.status;

/**
 * Runs `steps` with the wall clock, which paces the orders, frozen at 09:00 on 20 November 2026
 * and moved only by the steps; the real clock comes back however they end.
 */
async function onFrozenClock(steps: () => Promise<void>) {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-20T09:00:00+06:00') });
  try {
    await steps();
  } finally {
    vi.useRealTimers();
  }
}

describe('whose orders (x-owner: the caller’s own)', () => {
  it('answers 403 for another person’s order list, and for placing or cancelling in their name', async () => {
    const app = createTestApp();
    const student = await signIn(app, 'student');
    const student2 = await signIn(app, 'student2');
    const mine = await orders(student);
    const theirs = await orders(student2, uids.student2);
    expect(theirs.length).toBeGreaterThan(0);
    const refused = 'Forbidden: body/uid names another person';
    for (const uid of [uids.student2, uids.teacher, 1]) {
      const res = await student.postData(`${API}/order/list`, { uid });
      expect(res).toEqual({ status: 403, body: { result: 1, error: refused, data: null } });
      expect(res.body.result).toBeTruthy();
    }
    // a write in another's name changes nothing for either
    await expectError(
      student.post(`${API}/order/save`, newOrder({ uid: uids.student2 })),
      403,
      refused,
    );
    const waiting = theirs.find((o) => o.status === 'waiting');
    if (!waiting) throw new Error('student2 has no waiting order');
    await expectError(
      student.post(`${API}/order/cancel`, { id_order: waiting.id_order, uid: uids.student2 }),
      403,
      refused,
    );
    expect(await orders(student)).toEqual(mine);
    expect(await orders(student2, uids.student2)).toEqual(theirs);
  });
});

describe('singlewindow/doc/list', () => {
  it('offers the documents of the user’s role', async () => {
    const app = createTestApp();
    const names = async (login: DemoLogin, role: number) =>
      (
        await (
          await signIn(app, login)
        ).postData<Schema<'SingleWindowDoc'>[]>(`${API}/doc/list`, {
          uid: uids[login],
          role,
        })
      ).body.data.map((d) => d.name);
    const student = await names('student', 2);
    expect(student.slice(0, 3)).toEqual([
      'Справка с места учёбы',
      'Академическая справка',
      'Справка для военкомата',
    ]);
    expect(student).not.toContain('Справка с места работы');
    const teacher = await names('teacher', 1);
    expect(teacher).toContain('Справка с места работы');
    expect(teacher).not.toContain('Академическая справка');
    // uid and role name the caller (x-owner): another role is refused
    await expectError(
      (await signIn(app, 'teacher')).post(`${API}/doc/list`, { uid: 1001, role: 2 }),
      403,
      'Forbidden: body/role names another person',
    );
  });

  it('answers 401 without a session and 400 for a bad role', async () => {
    const app = createTestApp();
    for (const path of ['doc/list', 'region/list', 'order/list', 'order/save', 'order/cancel']) {
      await expectError(new Client(app).post(`${API}/${path}`, {}), 401, 'Unauthorized');
    }
    const student = await signIn(app, 'student');
    const bad = await student.post(`${API}/doc/list`, { uid: 20001, role: 3 });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: 'body/role: must be one of 1, 2' });
  });
});

describe('singlewindow/region/list and district/list', () => {
  it('lists the regions of Kyrgyzstan and their districts', async () => {
    const student = await signIn(createTestApp(), 'student');
    const regions = (
      await student.postData<Schema<'SingleWindowRegion'>[]>(`${API}/region/list`, {})
    ).body.data;
    expect(regions.map((r) => r.name)).toEqual([
      'г. Бишкек',
      'Чуйская область',
      'Иссык-Кульская область',
      'Ошская область',
      'Джалал-Абадская область',
      'Баткенская область',
      'Нарынская область',
      'Таласская область',
      'г. Ош',
    ]);
    const districts = async (id_region: number) =>
      (
        await student.postData<Schema<'SingleWindowDistrict'>[]>(`${API}/district/list`, {
          id_region,
        })
      ).body.data;
    expect((await districts(1)).map((d) => d.name)).toEqual([
      'Свердловский район',
      'Ленинский район',
      'Октябрьский район',
      'Первомайский район',
    ]);
    const chui = await districts(2);
    expect(chui.slice(0, 3)).toEqual([
      { id_district: 21, id_region: 2, name: 'Аламудунский район' },
      { id_district: 22, id_region: 2, name: 'Сокулукский район' },
      { id_district: 23, id_region: 2, name: 'Ысык-Атинский район' },
    ]);
    expect(chui).toHaveLength(8);
    const counts = await Promise.all(
      regions.map(async (r) => (await districts(r.id_region)).length),
    );
    expect(counts).toEqual([4, 8, 5, 7, 8, 3, 5, 4, 1]);
    expect(await districts(77)).toEqual([]);
    const bad = await student.post(`${API}/district/list`, { id_region: -1 });
    expect(await bad.json()).toMatchObject({ error: 'body/id_region: must be >= 1' });
  });
});

describe('singlewindow/order/list', () => {
  it('shows each demo account its own orders in every status, newest first', async () => {
    const app = createTestApp();
    const seen = new Set<number>();
    for (const login of ['teacher', 'teacher2', 'student', 'student2'] as const) {
      const list = await orders(await signIn(app, login), uids[login]);
      expect(new Set(list.map((o) => o.status))).toEqual(
        new Set(['waiting', 'preparing', 'prepared', 'canceled']),
      );
      const created = list.map((o) => o.created);
      expect(created).toEqual([...created].sort().reverse());
      expect(created.every((c) => c < '2026-11-20T09:00:00+06:00')).toBe(true);
      for (const order of list) {
        expect(seen.has(order.id_order)).toBe(false);
        seen.add(order.id_order);
        expect(order.docName.length).toBeGreaterThan(0);
        expect(order.districtName.length).toBeGreaterThan(0);
      }
    }
  });
});

describe('singlewindow/order/save', () => {
  it('creates a waiting order that the list shows first', async () => {
    const student = await signIn(createTestApp(), 'student');
    const before = await orders(student);
    const res = await saveOrder(student, newOrder());
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id_order: expect.any(Number),
      id_doc: 2,
      docName: 'Академическая справка',
      id_region: 2,
      regionName: 'Чуйская область',
      id_district: 22,
      districtName: 'Сокулукский район',
      count: 1,
      comment: 'Для перевода в другой вуз',
      created: '2026-11-20T09:00:01+06:00',
      status: 'waiting',
    });
    expect(res.body.data.id_order).toBeGreaterThan(Math.max(...before.map((o) => o.id_order)));
    const after = await orders(student);
    expect(after).toEqual([res.body.data, ...before]);
    // without a note, or a blank one, the comment is null
    const plain = await saveOrder(student, newOrder({ comment: '  ', count: 3 }));
    expect(plain.body.data).toMatchObject({ comment: null, count: 3 });
    const { comment: _, ...noComment } = newOrder();
    expect((await saveOrder(student, noComment)).body.data.comment).toBeNull();
  });

  it('answers 400 for a bad body, an unknown document or a district of another region', async () => {
    const student = await signIn(createTestApp(), 'student');
    const before = await orders(student);
    const { count: _, ...withoutCount } = newOrder();
    const cases: [unknown, string][] = [
      ['{"id_doc": 1', 'body: malformed JSON'],
      [withoutCount, 'body/count: is required'],
      [newOrder({ count: 11 }), 'body/count: must be <= 10'],
      [newOrder({ count: 0 }), 'body/count: must be >= 1'],
      [newOrder({ id_doc: -1 }), 'body/id_doc: must be >= 1'],
      [newOrder({ id_region: '2' }), 'body/id_region: must be integer'],
      [
        newOrder({ comment: 'x'.repeat(501) }),
        'body/comment: must NOT have more than 500 characters',
      ],
      [newOrder({ id_doc: 99 }), 'body/id_doc: unknown document'],
      [newOrder({ id_region: 99 }), 'body/id_region: unknown region'],
      [newOrder({ id_district: 11 }), 'body/id_district: not a district of the region'],
    ];
    for (const [body, error] of cases)
      await expectError(student.post(`${API}/order/save`, body), 400, error);
    expect(await orders(student)).toEqual(before);
  });

  it('answers 403 for a document of another role or without XSRF, and changes nothing', async () => {
    const app = createTestApp();
    const student = await signIn(app, 'student');
    const before = await orders(student);
    const res = await saveOrder(student, newOrder({ id_doc: 8 }));
    expect(res).toEqual({
      status: 403,
      body: { result: 1, error: 'Forbidden: this document is not issued to your role', data: null },
    });
    expect((await saveOrder(student, newOrder(), { xsrf: false })).status).toBe(403);
    expect(await orders(student)).toEqual(before);
    // a teacher orders teachers' documents
    const teacher = await signIn(app, 'teacher');
    expect((await saveOrder(teacher, newOrder({ id_doc: 8, uid: 1001 }))).status).toBe(200);
  });
});

describe('singlewindow/order/cancel', () => {
  it('cancels an own waiting order', async () => {
    const student = await signIn(createTestApp(), 'student');
    const waiting = (await orders(student)).find((o) => o.status === 'waiting');
    if (!waiting) throw new Error('no waiting order');
    const res = await cancel(student, waiting.id_order);
    expect(res).toEqual({
      status: 200,
      body: { result: 0, error: null, data: { ...waiting, status: 'canceled' } },
    });
    const after = await orders(student);
    expect(after.find((o) => o.id_order === waiting.id_order)?.status).toBe('canceled');
    // once cancelled it is no longer waiting
    expect((await cancel(student, waiting.id_order)).status).toBe(403);
  });

  it('cancels an order saved just before', async () => {
    const student = await signIn(createTestApp(), 'student');
    const saved = (await saveOrder(student, newOrder())).body.data;
    expect((await cancel(student, saved.id_order)).body.data.status).toBe('canceled');
    expect((await orders(student))[0]).toEqual({ ...saved, status: 'canceled' });
  });

  it('answers 403 for another user’s order or one past waiting, and changes nothing', async () => {
    const app = createTestApp();
    const student = await signIn(app, 'student');
    const teacher = await signIn(app, 'teacher');
    const mine = await orders(student);
    const theirs = await orders(teacher, 1001);
    const foreign = theirs.find((o) => o.status === 'waiting');
    const res = await cancel(student, foreign?.id_order ?? 0);
    expect(res.body).toEqual({ result: 1, error: 'Forbidden: not your order', data: null });
    for (const status of ['preparing', 'prepared', 'canceled']) {
      const order = mine.find((o) => o.status === status);
      const answer = await cancel(student, order?.id_order ?? 0);
      expect(answer.status).toBe(403);
      expect(answer.body.error).toBe(
        `Forbidden: only a waiting order can be cancelled (it is ${status})`,
      );
    }
    const waiting = mine.find((o) => o.status === 'waiting');
    expect((await cancel(student, waiting?.id_order ?? 0, { xsrf: false })).status).toBe(403);
    expect(await orders(student)).toEqual(mine);
    expect(await orders(teacher, 1001)).toEqual(theirs);
  });

  it('answers 404 for an unknown order and 400 for a bad body', async () => {
    const student = await signIn(createTestApp(), 'student');
    expect((await cancel(student, 999_999)).status).toBe(404);
    await expectBadRequest(
      student.post(`${API}/order/cancel`, { id_order: 'x', uid: 20001 }),
      'body/id_order: must be integer',
    );
  });
});

describe('singlewindow and POST /__mock/reset', () => {
  it('restores the seeded orders', () =>
    expectResetRestores(createTestApp(), 'student', orders, async (student, seeded) => {
      await saveOrder(student, newOrder());
      await cancel(student, seeded.find((o) => o.status === 'waiting')?.id_order ?? 0);
    }));

  it('gives the same orders for the same seed, others for another seed', async () => {
    const list = async (seed: number) => orders(await signIn(createTestApp({ seed }), 'student'));
    expect(await list(3)).toEqual(await list(3));
    expect(await list(4)).not.toEqual(await list(3));
  });
});

describe('orders advancing at the order pace', () => {
  const mockPost = (app: ReturnType<typeof createTestApp>, path: string, body: unknown) =>
    app.request(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('keeps orders waiting by default, however long they wait', () =>
    onFrozenClock(async () => {
      const student = await signIn(createTestApp(), 'student');
      const placed = (await saveOrder(student, newOrder())).body.data;
      vi.advanceTimersByTime(3_600_000);
      expect(await statusOf(student, placed.id_order)).toBe('waiting');
    }));

  it('moves a placed order to preparing after one step and prepared after two; a cancelled one stays cancelled; only waiting ones can be cancelled', () =>
    onFrozenClock(async () => {
      const app = createTestApp({ orderPaceSeconds: 10 });
      const student = await signIn(app, 'student');
      const seeded = await orders(student);
      const placed = (await saveOrder(student, newOrder())).body.data;
      const kept = (await saveOrder(student, newOrder({ count: 2 }))).body.data;
      expect((await cancel(student, kept.id_order)).body.data.status).toBe('canceled');
      vi.advanceTimersByTime(9_999);
      expect(await statusOf(student, placed.id_order)).toBe('waiting');
      vi.advanceTimersByTime(1);
      expect(await statusOf(student, placed.id_order)).toBe('preparing');
      const refused = await cancel(student, placed.id_order);
      expect(refused.status).toBe(403);
      expect(refused.body.error).toBe(
        'Forbidden: only a waiting order can be cancelled (it is preparing)',
      );
      vi.advanceTimersByTime(10_000);
      expect(await statusOf(student, placed.id_order)).toBe('prepared');
      expect(await statusOf(student, kept.id_order)).toBe('canceled');
      // The seeded orders are history: they keep their statuses.
      const now = await orders(student);
      for (const order of seeded) {
        expect(now.find((o) => o.id_order === order.id_order)?.status).toBe(order.status);
      }
    }));

  it('takes a new pace from POST /__mock/order-pace (JSON only) until the world is reset', () =>
    onFrozenClock(async () => {
      const app = createTestApp();
      expect((await mockPost(app, '/__mock/order-pace', { seconds: -1 })).status).toBe(400);
      expect((await mockPost(app, '/__mock/order-pace', { seconds: 'x' })).status).toBe(400);
      const plain = await app.request('/__mock/order-pace', {
        method: 'POST',
        body: '{"seconds":1}',
      });
      expect(plain.status).toBe(415);
      expect((await mockPost(app, '/__mock/order-pace', { seconds: 1 })).status).toBe(200);
      let student = await signIn(app, 'student');
      const placed = (await saveOrder(student, newOrder())).body.data;
      vi.advanceTimersByTime(2_000);
      expect(await statusOf(student, placed.id_order)).toBe('prepared');
      expect((await mockPost(app, '/__mock/reset', {})).status).toBe(200);
      student = await signIn(app, 'student');
      const again = (await saveOrder(student, newOrder())).body.data;
      vi.advanceTimersByTime(60_000);
      expect(await statusOf(student, again.id_order)).toBe('waiting');
    }));
});
