import { describe, expect, it } from 'vitest';
import { CURRENT_WS, CURRENT_YEAR_ID } from '../src/world/core/calendar.js';
import { messagesOf } from '../src/world/chat/chat-generation.js';
import { chatSlice, groupChatKey } from '../src/world/chat/chat-planning.js';
import { CHAT_PAGE_SIZE, findMessage } from '../src/world/chat/chat-queries.js';
import {
  chatQuery as query,
  type SignedIn,
  Client,
  createTestApp,
  DEMO_IDS,
  downloadFile,
  expectBadRequest,
  expectError,
  expectForbidden,
  groupChatBody,
  groupChatQuery,
  seededWorld,
  signIn,
  signInDemo,
  type Envelope,
  type FormFields,
  type Schema,
  resetWorld,
} from './helpers.js';

const { TEACHER, TEACHER2, STUDENT, STUDENT2, GROUP, GROUP2, STREAM } = DEMO_IDS;
const year = CURRENT_YEAR_ID;
const ws = CURRENT_WS;

type Page = Schema<'ChatMessagesPage'>;

const messages = (client: Client, body: object) =>
  client.postData<Page>('/api/chat/messages', body).then((r) => r.body.data);
const count = (client: Client, body: object) =>
  client.postData<Schema<'ChatUnreadCount'>[]>('/api/chat/count', body).then((r) => r.body.data);
const groupMessages = (client: SignedIn, gr_potok: number, IsSelect = false, id_lastMessage = 0) =>
  client
    .postData<Page>(
      '/api/chat/group/messages',
      groupChatBody(client, gr_potok, IsSelect, { id_lastMessage }),
    )
    .then((r) => r.body.data);
const olderGroupMessages = (
  client: SignedIn,
  gr_potok: number,
  IsSelect: boolean,
  id_topMessage: number,
) =>
  client
    .postData<Page>(
      '/api/chat/group/messages',
      groupChatBody(client, gr_potok, IsSelect, { id_topMessage }),
    )
    .then((r) => r.body.data);
const NOT_A_MEMBER = 'Forbidden: not a member of this group chat';

/**
 * Expects `path` to refuse each reader 403 for the group chat (ChatQuery, id_to -1) of a group, or
 * with `isPotok` a stream, they are not a member of.
 */
async function expectNonMembersRefused(
  path: string,
  id_discipline: number,
  outsiders: readonly (readonly [SignedIn, number, boolean])[],
) {
  for (const [client, gr_potok, isPotok] of outsiders) {
    await expectError(
      client.post(path, groupChatQuery(client, gr_potok, isPotok, id_discipline)),
      403,
      NOT_A_MEMBER,
    );
  }
}
const GR_POTOK_REQUIRED = 'body/gr_potok: is required when id_to is -1';

/** The seeded world of the test app (seed 1), to compare answers with and find foreign chats. */
const world = () => seededWorld().get(chatSlice);
/** Every message id of a group (or stream) chat as seeded. */
const seededGroupIds = (gr_potok: number, isPotok: boolean) => {
  const chat = world();
  const conv = chat.groupChats.get(groupChatKey(gr_potok, isPotok));
  return conv ? messagesOf(chat, conv).map((m) => m.id_message) : [];
};
/** A group (or stream) chat the demo teacher is not a member of: a group they do not teach. */
const foreignTo = (teacherId: number, isPotok: boolean) => {
  const conv = [...world().groupChats.values()].find(
    (g) => g.isPotok === isPotok && !g.teacherIds.includes(teacherId),
  );
  if (!conv) throw new Error('every group chat has the teacher');
  return conv;
};
/** Posts a message to a group (or stream) chat as a member. */
const postToGroup = (client: SignedIn, gr_potok: number, isSelect: boolean, d: number) =>
  client.postForm(
    '/api/chat/insert',
    sendForm(client, {
      discipline: d,
      currentContactId: -1,
      currentContactType: 2,
      group_subgroup: gr_potok,
      isSelect: String(isSelect),
      IsGroupChat: 'true',
      message: 'Кто идёт на консультацию?',
    }),
  );

/** A chat/insert form from the signed-in sender (uid, from and fromType name them). */
const sendForm = (sender: SignedIn, fields: FormFields) => ({
  uid: sender.user.uid,
  message: 'Отправляю отчёт заранее.',
  from: sender.user.id,
  fromType: sender.user.role,
  semester: ws,
  discipline: 0,
  currentContactId: TEACHER,
  currentContactType: 1,
  group_subgroup: -1,
  isSelect: 'false',
  IsGroupChat: 'false',
  ...fields,
});

/** The signed-in teacher writes to the demo student in a discipline (chat/insert's form). */
const teacherWrites = (teacher: SignedIn, discipline: number, fields: FormFields = {}) =>
  teacher.postForm(
    '/api/chat/insert',
    sendForm(teacher, {
      fromType: 1,
      discipline,
      currentContactId: STUDENT,
      currentContactType: 2,
      ...fields,
    }),
  );

const ids = (page: Page) => page.messages.map((m) => m.id_message);

const setup = () => signInDemo();

describe('chat/messages, new, old', () => {
  it('answers the latest 20 of a long conversation, oldest first, with the unread info', async () => {
    const { teacher, student, d0 } = await setup();
    const page = await messages(teacher, query(teacher, STUDENT, d0));
    expect(page.messages).toHaveLength(CHAT_PAGE_SIZE);
    expect(ids(page)).toEqual([...ids(page)].sort((a, b) => a - b));
    const created = page.messages.map((m) => m.created);
    expect(created).toEqual([...created].sort());
    expect(page.messages.every((m) => m.message.length > 0 || m.files)).toBe(true);
    // the student's last two messages are unread by the teacher
    expect(page.unreades_total).toBe(2);
    expect(page.unreades_start).toBe(page.messages[CHAT_PAGE_SIZE - 2]?.id_message);
    expect(page.messages.slice(-2).every((m) => !m.ismine)).toBe(true);
    expect(page.messages.some((m) => m.ismine)).toBe(true);

    // the same conversation from the other side: ismine flips, nothing unread for the student
    const other = await messages(student, query(student, TEACHER, d0));
    expect(ids(other)).toEqual(ids(page));
    expect(other.messages.map((m) => m.ismine)).toEqual(page.messages.map((m) => !m.ismine));
    expect(other).toMatchObject({ unreades_start: null, unreades_total: 0 });
  });

  it('pages back with old until fewer than 20 come back', async () => {
    const { teacher, d0 } = await setup();
    const latest = await messages(teacher, query(teacher, STUDENT, d0));
    const all = [...latest.messages];
    let top = all[0]?.id_message ?? 0;
    const sizes: number[] = [];
    for (;;) {
      const older = (
        await teacher.postData<Page>(
          '/api/chat/old',
          query(teacher, STUDENT, d0, { id_top_message: top }),
        )
      ).body.data;
      expect(older.unreades_total).toBe(2);
      sizes.push(older.messages.length);
      all.unshift(...older.messages);
      if (older.messages.length < CHAT_PAGE_SIZE) break;
      top = older.messages[0]?.id_message ?? 0;
    }
    expect(sizes).toEqual([20, 7]);
    const allIds = all.map((m) => m.id_message);
    expect(allIds).toEqual([...new Set(allIds)].sort((a, b) => a - b));
  });

  it('answers the messages after id_last_message with new', async () => {
    const { teacher, d0 } = await setup();
    const latest = await messages(teacher, query(teacher, STUDENT, d0));
    const after = (id: number) =>
      teacher
        .postData<Page>('/api/chat/new', query(teacher, STUDENT, d0, { id_last_message: id }))
        .then((r) => r.body.data);
    const tenth = latest.messages[9]?.id_message ?? 0;
    expect(ids(await after(tenth))).toEqual(ids(latest).slice(10));
    const last = latest.messages.at(-1)?.id_message ?? 0;
    expect(await after(last)).toEqual({
      messages: [],
      unreades_start: latest.unreades_start,
      unreades_total: 2,
    });
  });

  it('answers an empty page for a conversation that does not exist', async () => {
    const { teacher, d0 } = await setup();
    const empty = { messages: [], unreades_start: null, unreades_total: 0 };
    expect(await messages(teacher, query(teacher, STUDENT, d0, { year: 27 }))).toEqual(empty);
    expect(await messages(teacher, query(teacher, STUDENT, 312))).toEqual(empty);
    expect(await messages(teacher, query(teacher, TEACHER2, d0, { id_to_type: 1 }))).toEqual(empty);
  });

  it('answers 400 for a bad query and 401 without a session', async () => {
    const { app, teacher, d0 } = await setup();
    const cases: [unknown, string][] = [
      [{ ...query(teacher, STUDENT, d0), ws: 4 }, 'body/ws: must be one of 1, 2, 3'],
      [{ ...query(teacher, STUDENT, d0), id_to: 'x' }, 'body/id_to: must be integer'],
      [{ ...query(teacher, STUDENT, d0), kredit: -1 }, 'body/kredit: must be >= 0'],
    ];
    for (const [body, error] of cases)
      await expectError(teacher.post('/api/chat/messages', body), 400, error);
    const { year: _, ...noYear } = query(teacher, STUDENT, d0);
    expect(await (await teacher.post('/api/chat/messages', noYear)).json()).toMatchObject({
      error: 'body/year: is required',
    });
    const noTop = await teacher.post('/api/chat/old', query(teacher, STUDENT, d0));
    expect(await noTop.json()).toMatchObject({ error: 'body/id_top_message: is required' });
    for (const path of ['/api/chat/messages', '/api/chat/count', '/api/chat/group/messages']) {
      expect((await new Client(app).post(path, query(teacher, STUDENT, d0))).status).toBe(401);
    }
  });
});

describe('chat/count', () => {
  it('lists the contacts with unread messages to the reader', async () => {
    const { teacher, student, d0, d1 } = await setup();
    const rows = await count(teacher, query(teacher, STUDENT, d0));
    expect(rows).toContainEqual({ idid: STUDENT, id_type: 2, countMessages: 2 });
    expect(rows.every((r) => r.id_type === 2 && r.countMessages >= 1)).toBe(true);

    const studentRows = await count(student, query(student, TEACHER2, d1));
    expect(studentRows).toContainEqual({ idid: TEACHER2, id_type: 1, countMessages: 1 });
    // the group chat as the pseudo-contact -1
    expect(studentRows).toContainEqual({ idid: -1, id_type: 2, countMessages: 3 });
    expect(await count(teacher, query(teacher, STUDENT, d0, { year: 1 }))).toEqual([]);
    // a teacher has no group chat row unless id_to -1 names one
    expect(rows.filter((r) => r.idid === -1)).toEqual([]);
  });

  it('counts the group or stream chat that id_to -1 names, for teachers and students', async () => {
    const { teacher, student, student2, d0 } = await setup();
    await postToGroup(student, GROUP, false, d0);
    await postToGroup(student2, STREAM, true, d0);
    const groupRows = (rows: Schema<'ChatUnreadCount'>[]) => rows.filter((r) => r.idid === -1);
    const cases: [SignedIn, number, boolean][] = [
      [teacher, GROUP, false],
      [teacher, GROUP2, false],
      [teacher, STREAM, true],
      [student, GROUP, false],
      [student, STREAM, true],
      [student2, GROUP2, false],
      [student2, STREAM, true],
    ];
    for (const [client, gr_potok, isPotok] of cases) {
      const unread = (await groupMessages(client, gr_potok, isPotok)).unreades_total;
      const rows = await count(client, groupChatQuery(client, gr_potok, isPotok, d0));
      expect(groupRows(rows)).toEqual(
        unread > 0 ? [{ idid: -1, id_type: 2, countMessages: unread }] : [],
      );
      if (client !== student2) expect(unread).toBeGreaterThan(0);
    }
    expect(groupRows(await count(student, groupChatQuery(student, STREAM, true, d0)))).toEqual([
      { idid: -1, id_type: 2, countMessages: 2 },
    ]);
    // the contacts' rows are still there
    expect(await count(teacher, groupChatQuery(teacher, GROUP, false, d0))).toContainEqual({
      idid: STUDENT,
      id_type: 2,
      countMessages: 2,
    });
    // read-all removes the group chat's row, for that reader only
    await teacher.post('/api/chat/readall', groupChatQuery(teacher, STREAM, true, d0));
    expect(groupRows(await count(teacher, groupChatQuery(teacher, STREAM, true, d0)))).toEqual([]);
    expect(groupRows(await count(student, groupChatQuery(student, STREAM, true, d0)))).toHaveLength(
      1,
    );
  });

  it('answers 400 for id_to -1 without gr_potok and 403 to a non-member of the group chat', async () => {
    const { teacher, student, student2, d0 } = await setup();
    await expectError(
      teacher.post('/api/chat/count', query(teacher, -1, d0)),
      400,
      GR_POTOK_REQUIRED,
    );
    await expectNonMembersRefused('/api/chat/count', d0, [
      [student2, GROUP, false],
      [student, 99_999, true],
      [teacher, foreignTo(TEACHER, false).id, false],
      [teacher, foreignTo(TEACHER, true).id, true],
    ]);
  });
});

describe('chat/read and readall', () => {
  it('marks one message addressed to the reader read', async () => {
    const { student, teacher, teacher2, d1 } = await setup();
    const before = await messages(student, query(student, TEACHER2, d1));
    expect(before.unreades_total).toBe(1);
    const id = before.unreades_start ?? 0;

    // not the recipient: the sender, another teacher, another student → 403, nothing changes
    for (const client of [teacher2, teacher, await signIn(teacher.app, 'student2')]) {
      const res = await client.post('/api/chat/read', { id_message: id });
      expect(res.status).toBe(403);
    }
    expect(await messages(student, query(student, TEACHER2, d1))).toEqual(before);

    const res = await student.postData('/api/chat/read', { id_message: id });
    expect(res).toEqual({ status: 200, body: { result: 0, error: null, data: true } });
    expect(await messages(student, query(student, TEACHER2, d1))).toMatchObject({
      unreades_start: null,
      unreades_total: 0,
    });
    const rows = await count(student, query(student, TEACHER2, d1));
    expect(rows.find((r) => r.idid === TEACHER2)).toBeUndefined();
    // reading it again changes nothing
    expect((await student.post('/api/chat/read', { id_message: id })).status).toBe(200);
  });

  it('answers 404 for an unknown message, 400 for a bad body, 403 without XSRF', async () => {
    const { student, d1 } = await setup();
    const before = await messages(student, query(student, TEACHER2, d1));
    expect((await student.post('/api/chat/read', { id_message: 1 })).status).toBe(404);
    expect((await student.post('/api/chat/read', { id_message: 999_999_999 })).status).toBe(404);
    const bad = await student.post('/api/chat/read', { id_message: '1' });
    expect(await bad.json()).toMatchObject({ error: 'body/id_message: must be integer' });
    const noXsrf = await student.post(
      '/api/chat/read',
      { id_message: before.unreades_start },
      { xsrf: false },
    );
    expect(noXsrf.status).toBe(403);
    expect(await messages(student, query(student, TEACHER2, d1))).toEqual(before);
  });

  it('readall marks the whole conversation read for the reader only', async () => {
    const { app, teacher, student, d0 } = await setup();
    const studentBefore = await messages(student, query(student, TEACHER, d0));
    const res = await teacher.postData('/api/chat/readall', query(teacher, STUDENT, d0));
    expect(res.body.data).toBe(true);
    expect(await messages(teacher, query(teacher, STUDENT, d0))).toMatchObject({
      unreades_start: null,
      unreades_total: 0,
    });
    expect((await count(teacher, query(teacher, STUDENT, d0))).map((r) => r.idid)).not.toContain(
      STUDENT,
    );
    expect(await messages(student, query(student, TEACHER, d0))).toEqual(studentBefore);

    // without XSRF: 403 and still unread for the other conversation
    const student2 = await signIn(app, 'student2');
    const before = await messages(student2, query(student2, TEACHER, d0));
    expect(before.unreades_total).toBe(3);
    const noXsrf = await student2.post('/api/chat/readall', query(student2, TEACHER, d0), {
      xsrf: false,
    });
    expect(noXsrf.status).toBe(403);
    expect(await messages(student2, query(student2, TEACHER, d0))).toEqual(before);
    await student2.post('/api/chat/readall', query(student2, TEACHER, d0));
    expect((await messages(student2, query(student2, TEACHER, d0))).unreades_total).toBe(0);
  });

  it('readall on a group or stream chat clears it for that reader only, teacher or student', async () => {
    const { teacher, student, student2, d0 } = await setup();
    // a student's post: the teacher surely has something unread in the group chat
    expect((await postToGroup(student, GROUP, false, d0)).status).toBe(200);
    expect((await groupMessages(teacher, GROUP)).unreades_total).toBeGreaterThan(0);
    const studentGroup = await groupMessages(student, GROUP);
    expect(studentGroup.unreades_total).toBe(3);

    const res = await teacher.postData(
      '/api/chat/readall',
      groupChatQuery(teacher, GROUP, false, d0),
    );
    expect(res).toEqual({ status: 200, body: { result: 0, error: null, data: true } });
    const cleared = { unreades_start: null, unreades_total: 0 };
    expect(await groupMessages(teacher, GROUP)).toMatchObject(cleared);
    expect(await groupMessages(student, GROUP)).toEqual(studentGroup);

    // the student's stream chat: the group chat stays as it was
    expect((await groupMessages(student, STREAM, true)).unreades_total).toBe(1);
    await student.post('/api/chat/readall', groupChatQuery(student, STREAM, true, d0));
    expect(await groupMessages(student, STREAM, true)).toMatchObject(cleared);
    expect(await groupMessages(student, GROUP)).toEqual(studentGroup);
    await student.post('/api/chat/readall', groupChatQuery(student, GROUP, false, d0));
    expect(await groupMessages(student, GROUP)).toMatchObject(cleared);

    // the teacher's stream chat, after a post from the other group of the stream
    expect((await postToGroup(student2, STREAM, true, d0)).status).toBe(200);
    expect((await groupMessages(teacher, STREAM, true)).unreades_total).toBeGreaterThan(0);
    await teacher.post('/api/chat/readall', groupChatQuery(teacher, STREAM, true, d0));
    expect(await groupMessages(teacher, STREAM, true)).toMatchObject(cleared);
    // … which the student has not read
    const stream = await groupMessages(student, STREAM, true);
    expect(stream).toMatchObject({ unreades_total: 1, unreades_start: ids(stream).at(-1) });

    // a later post is unread again for the teacher
    await postToGroup(student, GROUP, false, d0);
    expect((await groupMessages(teacher, GROUP)).unreades_total).toBe(1);
  });

  it('readall on a group chat: 400 without gr_potok, 403 to a non-member, nothing changes', async () => {
    const { teacher, student, student2, d0 } = await setup();
    const read = async () => [
      await groupMessages(student, GROUP),
      await groupMessages(teacher, GROUP),
      await groupMessages(teacher, STREAM, true),
    ];
    const before = await read();
    await expectError(
      student.post('/api/chat/readall', query(student, -1, d0, { id_to_type: 2 })),
      400,
      GR_POTOK_REQUIRED,
    );
    await expectError(
      teacher.post('/api/chat/readall', query(teacher, -1, d0, { IsSelect: true })),
      400,
      GR_POTOK_REQUIRED,
    );
    await expectNonMembersRefused('/api/chat/readall', d0, [
      [student2, GROUP, false],
      [student, GROUP2, false],
      [student, 99_999, false],
      [teacher, foreignTo(TEACHER, false).id, false],
      [teacher, foreignTo(TEACHER, true).id, true],
    ]);
    const noXsrf = await student.post(
      '/api/chat/readall',
      groupChatQuery(student, GROUP, false, d0),
      {
        xsrf: false,
      },
    );
    expect(noXsrf.status).toBe(403);
    expect(await read()).toEqual(before);
  });
});

describe('chat/insert', () => {
  it('takes the form’s booleans in any letter case, or as 1 and 0', async () => {
    const { student, d0 } = await setup();
    for (const [isSelect, IsGroupChat] of [
      ['False', 'FALSE'],
      ['0', 'false'],
    ] as const) {
      const res = await student.postForm(
        '/api/chat/insert',
        sendForm(student, { discipline: String(d0), isSelect, IsGroupChat }),
      );
      expect(res.status, `${isSelect} ${IsGroupChat}`).toBe(200);
    }
    await expectBadRequest(
      student.postForm('/api/chat/insert', sendForm(student, { discipline: d0, isSelect: 'no' })),
      'body/isSelect: must be boolean',
    );
  });

  it('sends a private message with files that both sides then read', async () => {
    const { teacher, student, d0 } = await setup();
    const report = new File(['%PDF-1.4 отчёт'], 'Отчёт ЛР3.pdf', { type: 'application/pdf' });
    const photo = new File([new Uint8Array([255, 216, 255])], 'C:\\фото\\схема.jpg');
    const res = await student.postForm(
      '/api/chat/insert',
      sendForm(student, {
        discipline: d0,
        message: 'Отправляю отчёт заранее.',
        file: [report, photo],
      }),
    );
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as Envelope<Schema<'ChatInserted'>>;

    const teacherView = await messages(teacher, query(teacher, STUDENT, d0));
    expect(teacherView.messages.at(-1)).toEqual({
      id_message: data.id_message,
      message: 'Отправляю отчёт заранее.',
      ismine: false,
      created: '2026-11-20T09:00:01+06:00',
      files: 'Отчёт ЛР3.pdf;!;схема.jpg',
    });
    expect(teacherView.unreades_total).toBe(3);
    expect(teacherView.messages).toHaveLength(CHAT_PAGE_SIZE);
    const studentView = await messages(student, query(student, TEACHER, d0));
    expect(studentView.messages.at(-1)).toMatchObject({
      id_message: data.id_message,
      ismine: true,
    });
    expect(await count(teacher, query(teacher, STUDENT, d0))).toContainEqual({
      idid: STUDENT,
      id_type: 2,
      countMessages: 3,
    });
    // the teacher answers: new shows it to the student after the id they hold
    await teacherWrites(teacher, d0, { message: 'Получил, спасибо.' });
    const newer = await student.postData<Page>(
      '/api/chat/new',
      query(student, TEACHER, d0, { id_last_message: data.id_message }),
    );
    expect(newer.body.data.messages).toMatchObject([
      { message: 'Получил, спасибо.', ismine: false },
    ]);
    expect(newer.body.data.unreades_total).toBe(1);
  });

  it('starts a conversation with a contact who had none', async () => {
    const { teacher, d0 } = await setup();
    const contacts = await teacher.postData<Schema<'ChatContact'>[]>(
      '/api/discipline/students/list',
      {
        uid: teacher.user.uid,
        year,
        ws,
        id_discipline: d0,
        id_semester: 1,
        id_group: STREAM,
        isPotok: true,
      },
    );
    let quiet: number | undefined;
    for (const { idid } of contacts.body.data) {
      if ((await messages(teacher, query(teacher, idid, d0))).messages.length === 0) {
        quiet = idid;
        break;
      }
    }
    expect(quiet).toBeDefined();
    const res = await teacher.postForm(
      '/api/chat/insert',
      sendForm(teacher, {
        fromType: 1,
        discipline: d0,
        currentContactId: quiet ?? 0,
        currentContactType: 2,
        message: 'Подойдите, пожалуйста, на консультацию.',
      }),
    );
    expect(res.status).toBe(200);
    const page = await messages(teacher, query(teacher, quiet ?? 0, d0));
    expect(page.messages).toMatchObject([
      { message: 'Подойдите, пожалуйста, на консультацию.', ismine: true },
    ]);
  });

  it('posts to the group chat and the stream chat', async () => {
    const { teacher, student, d0 } = await setup();
    const before = (await groupMessages(teacher, GROUP)).unreades_total;
    const res = await student.postForm(
      '/api/chat/insert',
      sendForm(student, {
        discipline: d0,
        currentContactId: -1,
        currentContactType: 2,
        group_subgroup: GROUP,
        IsGroupChat: 'true',
        message: 'Завтра пара в 305?',
      }),
    );
    expect(res.status).toBe(200);
    const teacherView = await groupMessages(teacher, GROUP);
    expect(teacherView.messages.at(-1)).toMatchObject({
      message: 'Завтра пара в 305?',
      ismine: false,
      fio: 'Токтогулова Айпери Нурлановна',
    });
    expect(teacherView.unreades_total).toBe(before + 1);
    expect(teacherView.unreades_start).not.toBeNull();
    expect((await groupMessages(student, GROUP)).messages.at(-1)?.ismine).toBe(true);

    await teacher.postForm(
      '/api/chat/insert',
      sendForm(teacher, {
        fromType: 1,
        discipline: d0,
        currentContactId: -1,
        currentContactType: 2,
        group_subgroup: STREAM,
        isSelect: 'true',
        IsGroupChat: 'true',
        message: 'Лекция потока переносится в 401.',
      }),
    );
    const stream = await groupMessages(student, STREAM, true);
    expect(stream.messages.at(-1)).toMatchObject({
      message: 'Лекция потока переносится в 401.',
      ismine: false,
      fio: 'Асанов Бакыт Эркинович',
    });
  });

  it('answers 403 and sends nothing to a non-contact or a foreign group chat', async () => {
    const { app, teacher, student, d0, d1 } = await setup();
    const before = [
      await messages(teacher, query(teacher, STUDENT, d0)),
      await groupMessages(teacher, GROUP2),
      await groupMessages(student, GROUP),
    ];
    const attempts: [SignedIn, Record<string, string | number>][] = [
      // teacher2 does not teach d0 to the student
      [student, { discipline: d0, currentContactId: TEACHER2 }],
      // a discipline from another ws
      [student, { discipline: d0, semester: 2 }],
      // a student writing to a student
      [student, { discipline: d0, currentContactId: STUDENT2, currentContactType: 2 }],
      // the group chat of another group, and of an unknown group
      [student, { discipline: d0, IsGroupChat: 'true', group_subgroup: GROUP2 }],
      [student, { discipline: d0, IsGroupChat: 'true', group_subgroup: 99_999 }],
      [
        await signIn(app, 'student2'),
        { discipline: d1, IsGroupChat: 'true', group_subgroup: GROUP },
      ],
    ];
    for (const [client, fields] of attempts) {
      await expectForbidden(client.postForm('/api/chat/insert', sendForm(client, fields)));
    }
    const noXsrf = await student.postForm(
      '/api/chat/insert',
      sendForm(student, { discipline: d0 }),
      {
        xsrf: false,
      },
    );
    expect(noXsrf.status).toBe(403);
    expect([
      await messages(teacher, query(teacher, STUDENT, d0)),
      await groupMessages(teacher, GROUP2),
      await groupMessages(student, GROUP),
    ]).toEqual(before);
  });

  it('answers 400 for a bad form, 401 without a session, 413 for a big file', async () => {
    const { app, student, d0 } = await setup();
    const { message: _, ...noMessage } = sendForm(student, { discipline: d0 });
    const cases: [Record<string, string | number | File>, string][] = [
      [noMessage, 'body/message: is required'],
      [sendForm(student, { discipline: d0, fromType: 3 }), 'body/fromType: must be one of 1, 2'],
      [
        sendForm(student, { discipline: d0, IsGroupChat: 'yes' }),
        'body/IsGroupChat: must be boolean',
      ],
      [
        sendForm(student, { discipline: d0, message: '  ' }),
        'body/message: must not be empty without a file',
      ],
      [sendForm(student, { discipline: 'Базы данных' }), 'body/discipline: must be integer'],
    ];
    for (const [fields, error] of cases)
      await expectError(student.postForm('/api/chat/insert', fields), 400, error);
    const onlyFile = await student.postForm(
      '/api/chat/insert',
      sendForm(student, { discipline: d0, message: '', file: new File(['x'], 'фото.png') }),
    );
    expect(onlyFile.status).toBe(200);
    const json = await student.post('/api/chat/insert', sendForm(student, { discipline: d0 }));
    expect(json.status).toBe(400);
    expect((await new Client(app).postForm('/api/chat/insert', sendForm(student, {}))).status).toBe(
      401,
    );

    const small = createTestApp({ maxSizeMb: 0.01 });
    const client = await signIn(small, 'student');
    const big = new File([new Uint8Array(20 * 1024)], 'big.pdf');
    const res = await client.postForm(
      '/api/chat/insert',
      sendForm(client, { discipline: d0, file: big }),
    );
    expect(res.status).toBe(413);
  });
});

describe('chat/group/messages', () => {
  it('answers the latest 20 of the group chat with names, and the newer ones after an id', async () => {
    const { student, teacher } = await setup();
    const page = await groupMessages(student, GROUP);
    expect(page.messages).toHaveLength(CHAT_PAGE_SIZE);
    expect(ids(page)).toEqual([...ids(page)].sort((a, b) => a - b));
    expect(page.messages.every((m) => typeof m.fio === 'string' && m.fio.length > 0)).toBe(true);
    expect(page.messages.some((m) => m.ismine)).toBe(true);
    expect(page.messages.some((m) => !m.ismine)).toBe(true);
    expect(page.unreades_total).toBe(3);
    expect(page.unreades_start).toBe(page.messages[CHAT_PAGE_SIZE - 3]?.id_message);

    const teacherView = await groupMessages(teacher, GROUP);
    expect(ids(teacherView)).toEqual(ids(page));
    const tenth = page.messages[9]?.id_message ?? 0;
    expect(ids(await groupMessages(student, GROUP, false, tenth))).toEqual(ids(page).slice(10));
  });

  it('pages back with id_topMessage through every message of the chat exactly once', async () => {
    const { student, student2, teacher } = await setup();
    const pageBack = async (client: SignedIn, gr_potok: number, isPotok: boolean) => {
      const latest = await groupMessages(client, gr_potok, isPotok);
      const all = ids(latest);
      const sizes = [all.length];
      // the portal assumes older messages exist until a page of fewer than 20 comes back
      for (let top = all[0]; top !== undefined && sizes.at(-1) === CHAT_PAGE_SIZE; top = all[0]) {
        const older = await olderGroupMessages(client, gr_potok, isPotok, top);
        expect(older.unreades_total).toBe(latest.unreades_total);
        expect(older.unreades_start).toBe(latest.unreades_start);
        expect(older.messages.every((m) => typeof m.fio === 'string')).toBe(true);
        sizes.push(older.messages.length);
        all.unshift(...ids(older));
      }
      expect(all).toEqual(seededGroupIds(gr_potok, isPotok));
      expect(new Set(all).size).toBe(all.length);
      return sizes;
    };
    expect(await pageBack(student, GROUP, false)).toEqual([20, 14]);
    expect(await pageBack(teacher, GROUP, false)).toEqual([20, 14]);
    expect(await pageBack(student2, GROUP2, false)).toEqual([20, 5]);
    expect(await pageBack(student, STREAM, true)).toEqual([14]);
    // before the oldest message there is nothing; an id inside a page cuts just before it
    const all = seededGroupIds(GROUP, false);
    expect(ids(await olderGroupMessages(student, GROUP, false, all[0] ?? 0))).toEqual([]);
    expect(ids(await olderGroupMessages(student, GROUP, false, all[25] ?? 0))).toEqual(
      all.slice(5, 25),
    );
  });

  it('answers 400 for id_topMessage with a non-zero id_lastMessage or below 1', async () => {
    const { student } = await setup();
    const path = '/api/chat/group/messages';
    await expectError(
      student.post(
        path,
        groupChatBody(student, GROUP, false, { id_lastMessage: 5, id_topMessage: 9 }),
      ),
      400,
      'body/id_topMessage: only with id_lastMessage 0',
    );
    await expectBadRequest(
      student.post(path, groupChatBody(student, GROUP, false, { id_topMessage: 0 })),
      'body/id_topMessage: must be >= 1',
    );
  });

  it('answers 403 to a reader who is not a member of the group or stream', async () => {
    const { student, student2, teacher, teacher2 } = await setup();
    const refused: [SignedIn, number, boolean, object][] = [
      [student2, GROUP, false, {}],
      [student2, GROUP, false, { id_lastMessage: 10001 }],
      [student2, GROUP, false, { id_topMessage: 999_999 }],
      [student, GROUP2, false, {}],
      [student, GROUP, true, {}], // no stream has the group's id
      [student, 99_999, false, {}],
      [teacher, foreignTo(TEACHER, false).id, false, {}],
      [teacher, foreignTo(TEACHER, true).id, true, {}],
    ];
    for (const [client, gr_potok, isPotok, extra] of refused) {
      await expectError(
        client.post('/api/chat/group/messages', groupChatBody(client, gr_potok, isPotok, extra)),
        403,
        NOT_A_MEMBER,
      );
    }
    // members: the other group of the stream reads the stream chat; both demo teachers teach both
    for (const [client, gr_potok, isPotok] of [
      [student2, STREAM, true],
      [teacher2, GROUP, false],
      [teacher2, GROUP2, false],
    ] as const) {
      expect((await groupMessages(client, gr_potok, isPotok)).messages.length).toBeGreaterThan(0);
    }
  });

  it('marks a group message read for one member only', async () => {
    const { app, student, teacher } = await setup();
    const page = await groupMessages(student, GROUP);
    const last = page.messages.at(-1);
    expect(last?.ismine).toBe(false);
    const student2 = await signIn(app, 'student2');
    expect((await student2.post('/api/chat/read', { id_message: last?.id_message })).status).toBe(
      403,
    );
    expect((await student.post('/api/chat/read', { id_message: last?.id_message })).status).toBe(
      200,
    );
    expect((await groupMessages(student, GROUP)).unreades_total).toBe(2);
    expect((await groupMessages(teacher, GROUP)).unreades_total).toBe(page.unreades_total);
    const own = page.messages.find((m) => m.ismine);
    expect((await student.post('/api/chat/read', { id_message: own?.id_message })).status).toBe(
      403,
    );
  });

  it('lets a teacher member mark a group message read for themself; a non-member may not', async () => {
    const { student, teacher, teacher2, d0 } = await setup();
    const res = await postToGroup(student, GROUP, false, d0);
    const { data } = (await res.json()) as Envelope<Schema<'ChatInserted'>>;
    const before = await groupMessages(teacher, GROUP);
    const other = await groupMessages(teacher2, GROUP);
    expect(before.unreades_start).not.toBeNull();

    // a seeded message of a group chat the teacher does not teach
    const foreign = foreignTo(TEACHER, false);
    const foreignId = foreign.firstId + foreign.seeded - 1;
    await expectError(teacher.post('/api/chat/read', { id_message: foreignId }), 403, NOT_A_MEMBER);
    expect(await groupMessages(teacher, GROUP)).toEqual(before);

    expect((await teacher.post('/api/chat/read', { id_message: data.id_message })).status).toBe(
      200,
    );
    const after = await groupMessages(teacher, GROUP);
    expect(after.unreades_total).toBe(before.unreades_total - 1);
    expect(await groupMessages(teacher2, GROUP)).toEqual(other);
    expect(
      (await count(teacher, groupChatQuery(teacher, GROUP, false, d0))).filter(
        (r) => r.idid === -1,
      ),
    ).toEqual(
      after.unreades_total > 0
        ? [{ idid: -1, id_type: 2, countMessages: after.unreades_total }]
        : [],
    );
    // reading it again changes nothing
    expect((await teacher.post('/api/chat/read', { id_message: data.id_message })).status).toBe(
      200,
    );
    expect(await groupMessages(teacher, GROUP)).toEqual(after);
  });
});

describe('chat/deletemessage', () => {
  it('deletes the user’s own message, which then disappears', async () => {
    const { teacher, student, d0 } = await setup();
    const before = await messages(teacher, query(teacher, STUDENT, d0));
    const own = before.messages.filter((m) => m.ismine).at(-1);
    const res = await teacher.postData('/api/chat/deletemessage', {
      id_message: own?.id_message,
      uid: 1001,
    });
    expect(res).toEqual({ status: 200, body: { result: 0, error: null, data: [{ result: 1 }] } });
    for (const client of [teacher, student]) {
      const reader = client === teacher ? query(teacher, STUDENT, d0) : query(student, TEACHER, d0);
      expect(ids(await messages(client, reader))).not.toContain(own?.id_message);
    }
    const again = await teacher.post('/api/chat/deletemessage', {
      id_message: own?.id_message,
      uid: 1001,
    });
    expect(again.status).toBe(404);
  });

  it('answers 403 for another’s message and changes nothing; 404 unknown; 400 bad body', async () => {
    const { teacher, student, d0 } = await setup();
    const before = await messages(teacher, query(teacher, STUDENT, d0));
    const foreign = before.messages.find((m) => !m.ismine);
    const own = before.messages.find((m) => m.ismine);
    const attempts: [SignedIn, number | undefined, boolean][] = [
      [teacher, foreign?.id_message, true],
      [student, own?.id_message, true],
      [teacher, own?.id_message, false], // no XSRF header
    ];
    for (const [client, id, xsrf] of attempts) {
      const res = await client.post(
        '/api/chat/deletemessage',
        { id_message: id, uid: client.user.uid },
        { xsrf },
      );
      expect(res.status).toBe(403);
    }
    expect(await messages(teacher, query(teacher, STUDENT, d0))).toEqual(before);
    expect(
      (await teacher.post('/api/chat/deletemessage', { id_message: 5, uid: 1001 })).status,
    ).toBe(404);
    const bad = await teacher.post('/api/chat/deletemessage', { id_message: 5 });
    expect(await bad.json()).toMatchObject({ error: 'body/uid: is required' });
  });

  it('deleting an unread message lowers the recipient’s unread count', async () => {
    const { teacher, student, d0 } = await setup();
    const res = await student.postForm(
      '/api/chat/insert',
      sendForm(student, { discipline: d0, message: 'Ой, не туда.' }),
    );
    const { data } = (await res.json()) as Envelope<Schema<'ChatInserted'>>;
    expect((await messages(teacher, query(teacher, STUDENT, d0))).unreades_total).toBe(3);
    await student.post('/api/chat/deletemessage', {
      id_message: data.id_message,
      uid: student.user.uid,
    });
    expect((await messages(teacher, query(teacher, STUDENT, d0))).unreades_total).toBe(2);
  });
});

describe('the chat world', () => {
  it('is restored by reset', async () => {
    const { app, teacher, d0 } = await setup();
    const before = await messages(teacher, query(teacher, STUDENT, d0));
    const own = before.messages.find((m) => m.ismine);
    await teacher.post('/api/chat/deletemessage', { id_message: own?.id_message, uid: 1001 });
    await teacher.post('/api/chat/readall', query(teacher, STUDENT, d0));
    await teacherWrites(teacher, d0);
    expect(await messages(teacher, query(teacher, STUDENT, d0))).not.toEqual(before);
    await resetWorld(app);
    const again = await signIn(app, 'teacher');
    expect(await messages(again, query(again, STUDENT, d0))).toEqual(before);
  });

  it('gives the same answers for the same seed whatever was opened first', async () => {
    const transcript = async (seed: number, reversed: boolean) => {
      const { teacher, d0 } = await signInDemo(createTestApp({ seed }));
      const calls = [
        () => messages(teacher, query(teacher, STUDENT, d0)),
        () => messages(teacher, query(teacher, STUDENT2, d0)),
        () => groupMessages(teacher, GROUP),
        () => groupMessages(teacher, STREAM, true),
      ];
      const answers = new Map<number, string>();
      const order = reversed ? [3, 2, 1, 0] : [0, 1, 2, 3];
      for (const i of order) answers.set(i, JSON.stringify(await calls[i]?.()));
      return [0, 1, 2, 3].map((i) => answers.get(i));
    };
    const a = await transcript(5, false);
    expect(await transcript(5, true)).toEqual(a);
    expect(await transcript(6, false)).not.toEqual(a);
  });

  it('plans over 200 000 messages at --scale 30 and generates a chat only when opened', () => {
    const store = seededWorld(1, 30);
    const chat = store.get(chatSlice);
    expect(chat.seededTotal).toBeGreaterThan(200_000);
    expect(chat.blocks.every((conv) => conv.messages === undefined)).toBe(true);
    const last = chat.blocks.at(-1);
    const id = (last?.firstId ?? 0) + (last?.seeded ?? 0) - 1;
    expect(findMessage(chat, id)?.message.id_message).toBe(id);
    // Finding one message generated its conversation alone (no clock: what was built is counted).
    expect(chat.blocks.filter((conv) => conv.messages !== undefined)).toEqual([last]);
  });
});

describe('chat attachments (download type 3)', () => {
  const download = (client: Client, id: number, name: string) => downloadFile(client, 3, id, name);

  it('serves an uploaded file to both people of the chat and to nobody else', async () => {
    const { teacher, teacher2, student, d0 } = await setup();
    const bytes = new Uint8Array([37, 80, 68, 70, 1, 2, 3, 250]);
    const res = await student.postForm(
      '/api/chat/insert',
      sendForm(student, {
        discipline: d0,
        message: 'Отчёт',
        file: [new File([bytes], 'Отчёт.pdf')],
      }),
    );
    const { data } = (await res.json()) as Envelope<Schema<'ChatInserted'>>;
    for (const reader of [student, teacher]) {
      const file = await download(reader, data.id_message, 'Отчёт.pdf');
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('application/pdf');
      expect(new Uint8Array(await file.arrayBuffer())).toEqual(bytes);
    }
    expect((await download(teacher2, data.id_message, 'Отчёт.pdf')).status).toBe(404);
    expect((await download(teacher, data.id_message, 'другой.pdf')).status).toBe(404);
  });
});

describe('the cap on written messages', () => {
  const sentId = async (res: Response) =>
    ((await res.json()) as Envelope<Schema<'ChatInserted'>>).data.id_message;

  it('drops the oldest written messages over all chats, with their unread counts and read marks; the seed stays', async () => {
    const { app, teacher, student, d0 } = await signInDemo(createTestApp({ maxWrittenRecords: 4 }));
    const chat = app.store.get(chatSlice);
    const seededPrivate = await messages(teacher, query(teacher, STUDENT, d0));
    const seededGroup = await groupMessages(teacher, GROUP);
    const toTeacher = (n: number) =>
      student.postForm(
        '/api/chat/insert',
        sendForm(student, {
          discipline: d0,
          message: `Вопрос ${n}`,
          file: new File([`черновик ${n}`], `черновик ${n}.txt`),
        }),
      );
    const [p1, p2, p3] = [
      await sentId(await toTeacher(1)),
      await sentId(await toTeacher(2)),
      await sentId(await toTeacher(3)),
    ];
    const [g1, g2, g3] = [
      await sentId(await postToGroup(student, GROUP, false, d0)),
      await sentId(await postToGroup(student, GROUP, false, d0)),
      await sentId(await postToGroup(student, GROUP, false, d0)),
    ];
    // six written, four kept: the two oldest (private) went
    expect([...chat.insertedIn.keys()]).toEqual([p3, g1, g2, g3]);
    for (const id of [p1, p2]) {
      expect(findMessage(chat, id ?? 0)).toBeUndefined();
      expect(chat.files.has(`${id}_черновик ${id === p1 ? 1 : 2}.txt`)).toBe(false);
    }
    expect(chat.files.has(`${p3}_черновик 3.txt`)).toBe(true);
    const privateView = await messages(teacher, query(teacher, STUDENT, d0));
    expect(ids(privateView).slice(-2)).toEqual([ids(seededPrivate).at(-1), p3]);
    expect(privateView.unreades_total).toBe(seededPrivate.unreades_total + 1);

    // the teacher reads g1; two more group posts push p3 and g1 out
    expect((await teacher.post('/api/chat/read', { id_message: g1 })).status).toBe(200);
    const g4 = await sentId(await postToGroup(student, GROUP, false, d0));
    const g5 = await sentId(await postToGroup(student, GROUP, false, d0));
    expect([...chat.insertedIn.keys()]).toEqual([g2, g3, g4, g5]);
    const afterPrivate = await messages(teacher, query(teacher, STUDENT, d0));
    expect(afterPrivate).toEqual(seededPrivate);
    const group = chat.groupChats.get(groupChatKey(GROUP, false));
    const marks = [...(group?.readMarks.values() ?? [])];
    expect(marks.some((mark) => mark.ids.has(g1 ?? 0))).toBe(false);
    const groupView = await groupMessages(teacher, GROUP);
    expect(ids(groupView).slice(-5)).toEqual([ids(seededGroup).at(-1), g2, g3, g4, g5]);
    expect(groupView.unreades_total).toBe(seededGroup.unreades_total + 4);
    // every seeded message is still there
    expect(messagesOf(chat, group!).length).toBe(seededGroupIds(GROUP, false).length + 4);
  });
});
