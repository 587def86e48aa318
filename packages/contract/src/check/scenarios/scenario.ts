// The writes, each on something the checker creates and then removes: a news item, a chat message,
// a UMK material, an e-library book (the contract has no delete for books: one stays per run), a
// lesson date of the journal, a discipline registration on a free plan row, a document order, the
// same password set again, a second session signed out. Before each real write the same request
// goes without a session, without and with a wrong X-XSRF-TOKEN and as the other role, and what
// the write would change is read before and after each refusal: it must not have changed.
import { fileFieldsAt, type Operation } from '../index.js';
import { requestExample, validBody, type Role } from './data.js';
import type { Answer, CallOptions } from './http.js';
import { sharedClass, teacherClass, type SharedClass } from './discovery.js';
import { readAs, type Actor, type CheckName, type CheckRun } from './run.js';

type Read = () => Promise<unknown>;

const isOk = (answer: Answer) => answer.status >= 200 && answer.status < 300;
const has = (data: unknown, text: string) => JSON.stringify(data ?? null).includes(text);
const list = (data: unknown): Record<string, unknown>[] =>
  Array.isArray(data) ? (data as Record<string, unknown>[]) : [];
const roleName = (role: Role) => (role === 1 ? 'teacher' : 'student');

// A tiny but real PDF, for the uploads.
const PDF = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

function form(fields: Record<string, unknown>, files: Record<string, string> = {}): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    data.append(name, String(value));
  }
  for (const [name, fileName] of Object.entries(files)) {
    data.append(name, new Blob([PDF], { type: 'application/pdf' }), fileName);
  }
  return data;
}

/** The name of an upload's file field, as the contract's form schema has it. */
function fileField(op: Operation): string {
  const pointer = Object.values(op.requestBody?.content ?? {})[0];
  return (pointer && fileFieldsAt(pointer)[0]) ?? 'file';
}

/** The form fields of an upload without its file field (its example names only the file). */
function withoutFile(op: Operation, fields: Record<string, unknown>): Record<string, unknown> {
  const { [fileField(op)]: _file, ...rest } = fields;
  return rest;
}

class Scenario {
  constructor(
    readonly run: CheckRun,
    readonly teacher: Actor,
    readonly student: Actor,
  ) {}

  actor(role: Role) {
    return role === 1 ? this.teacher : this.student;
  }

  /** A read used to see a write: checked like any other answer. */
  read(operationId: string, role: Role, overrides: Record<string, unknown> = {}) {
    return readAs(this.run, this.actor(role), operationId, overrides);
  }

  private async unchanged(op: Operation, check: CheckName, readAfter: Read, before: string) {
    const after = JSON.stringify(await readAfter());
    if (after !== before) this.run.fail(op, check, 'the refused write changed what a read shows');
  }

  /**
   * The refusals (no session, no or a wrong XSRF header, the other role), each followed by a read
   * that must show nothing changed, then the write itself. Returns its answer (null if refused).
   */
  async write(operationId: string, role: Role, request: CallOptions, readAfter: Read) {
    const { run } = this;
    const op = run.op(operationId);
    const actor = this.actor(role);
    const before = JSON.stringify(await readAfter());
    await run.expectNoSession(op, request, 'write');
    await this.unchanged(op, 'no-session', readAfter, before);
    for (const [xsrf, check] of [
      ['missing', 'xsrf-missing'],
      ['wrong', 'xsrf-wrong'],
    ] as const) {
      const refused = await run.call(
        actor.client,
        op,
        { ...request, xsrf },
        `write with the XSRF header ${xsrf}`,
      );
      run.expectRefusal(op, check, refused, [403], `a write with the X-XSRF-TOKEN header ${xsrf}`);
      await this.unchanged(op, check, readAfter, before);
    }
    if (op.roles) {
      await run.expectRoleRefused(op, this.actor(role === 1 ? 2 : 1), request, 'write');
      await this.unchanged(op, 'role', readAfter, before);
    }
    const answer = await run.call(actor.client, op, request, `write as the ${roleName(role)}`);
    if (isOk(answer)) {
      run.pass(op, 'valid');
      run.assumptions.request(op, true);
      return answer;
    }
    const error = String((answer.body as { error?: unknown } | undefined)?.error ?? '');
    run.fail(op, 'valid', `a valid write was refused: ${answer.status} ${error}`.trim());
    if (answer.status === 400) run.assumptions.request(op, false, error);
    return null;
  }

  /** The write-read check: the read after the write shows it. */
  async shows(
    operationId: string,
    readAfter: Read,
    test: (data: unknown) => boolean,
    what: string,
  ) {
    const op = this.run.op(operationId);
    if (test(await readAfter())) this.run.pass(op, 'write-read');
    else this.run.fail(op, 'write-read', `the read after the write does not show ${what}`);
  }

  /** Marks a write's checks as not exercised, with the reason. */
  skip(operationId: string, reason: string) {
    const op = this.run.op(operationId);
    for (const check of [
      'valid',
      'no-session',
      'xsrf-missing',
      'xsrf-wrong',
      'role',
      'write-read',
    ] as const) {
      this.run.skip(op, check, reason);
    }
  }
}

/** A book category the server listed (the e-library's, else the UMK's). */
function firstCategory(s: Scenario): unknown {
  for (const id of ['libraryGetBookCategories', 'umkGetBookCategories']) {
    for (const data of s.run.answered.get(id)?.values() ?? []) {
      const category = list(data).find((c) => (c.id_bookCategory as number) > 0);
      if (category) return category.id_bookCategory;
    }
  }
  return undefined;
}

async function news(s: Scenario) {
  if (!s.teacher.person.newsPerms) {
    s.skip('insertNews', 'the teacher has no news permission');
    s.skip('deleteNews', 'the teacher has no news permission');
    return;
  }
  const marker = s.run.marker();
  const readNews: Read = () => s.read('getNews', 1, { page: 1 });
  const insert = s.run.op('insertNews');
  const fields = {
    ...(validBody(insert, s.teacher.person, s.teacher.facts) ?? {}),
    message: marker,
    audience: 2,
    id_faculty: -1,
  };
  const written = await s.write(
    'insertNews',
    1,
    { form: form(withoutFile(insert, fields), { [fileField(insert)]: 'contract-check.pdf' }) },
    readNews,
  );
  if (!written) return s.skip('deleteNews', 'the news item was not published');
  await s.shows('insertNews', readNews, (data) => has(data, marker), 'the new news item');
  const item = list(await readNews()).find((n) => n.message === marker);
  if (!item) return s.skip('deleteNews', 'the new news item is not in the first page');
  const removed = await s.write(
    'deleteNews',
    1,
    { body: { id: item.id_eventMessage, role: 1, message: marker } },
    readNews,
  );
  if (removed)
    await s.shows('deleteNews', readNews, (data) => !has(data, marker), 'the news item gone');
}

async function chat(s: Scenario, shared: SharedClass | null) {
  const ids = ['chatInsertMessage', 'chatReadMessage', 'chatReadAll', 'chatDeleteMessage'];
  if (!shared)
    return ids.forEach((id) => s.skip(id, 'no discipline the student studies with the teacher'));
  const year = list(s.run.answered.get('disciplineGetCurrentYear')?.get(1))[0]?.id_a_year;
  const ws = list(s.run.answered.get('disciplineGetCurrentWs')?.get(1))[0]?.ws;
  const teacherQuery = {
    year,
    ws,
    id_from_type: 1,
    id_from: s.teacher.person.id,
    id_to_type: 2,
    id_to: s.student.person.id,
    id_discipline: shared.id_discipline,
    kredit: shared.kredits,
  };
  const studentQuery = {
    ...teacherQuery,
    id_from_type: 2,
    id_from: s.student.person.id,
    id_to_type: 1,
    id_to: s.teacher.person.id,
  };
  const readThread: Read = () => s.read('chatGetMessages', 1, teacherQuery);
  const messages = (data: unknown) =>
    list((data as { messages?: unknown } | null)?.messages ?? data);
  const marker = s.run.marker();
  const fields = {
    uid: s.teacher.person.uid,
    message: marker,
    from: s.teacher.person.id,
    fromType: 1,
    semester: shared.studentSemester,
    discipline: shared.id_discipline,
    currentContactId: s.student.person.id,
    currentContactType: 2,
    group_subgroup: shared.id_group,
    isSelect: false,
    IsGroupChat: false,
  };
  const sent = await s.write('chatInsertMessage', 1, { form: form(fields) }, readThread);
  if (!sent) return ids.slice(1).forEach((id) => s.skip(id, 'the message was not sent'));
  await s.shows('chatInsertMessage', readThread, (data) => has(data, marker), 'the new message');
  const message = messages(await readThread()).find((m) => m.message === marker);
  const id_message = message?.id_message;
  if (id_message === undefined)
    return ids.slice(1).forEach((id) => s.skip(id, 'the new message is not listed'));

  const unread: Read = async () =>
    list(await s.read('chatCountUnread', 2, studentQuery)).find(
      (c) => c.idid === s.teacher.person.id,
    )?.countMessages ?? 0;
  const read = await s.write('chatReadMessage', 2, { body: { id_message } }, unread);
  if (read) await s.shows('chatReadMessage', unread, (count) => count === 0, 'the message as read');
  // another unread message, for read-all
  const second = s.run.marker();
  await s.run.call(
    s.teacher.client,
    s.run.op('chatInsertMessage'),
    { form: form({ ...fields, message: second }) },
    'write as the teacher',
  );
  const readAll = await s.write('chatReadAll', 2, { body: studentQuery }, unread);
  if (readAll)
    await s.shows('chatReadAll', unread, (count) => count === 0, 'every message as read');

  for (const text of [second, marker]) {
    const found = messages(await readThread()).find((m) => m.message === text);
    if (!found) continue;
    const removed = await s.write(
      'chatDeleteMessage',
      1,
      { body: { id_message: found.id_message, uid: s.teacher.person.uid } },
      readThread,
    );
    if (removed)
      await s.shows(
        'chatDeleteMessage',
        readThread,
        (data) => !has(data, text),
        'the message gone',
      );
  }
}

async function umk(s: Scenario) {
  const listed = s.run.accepted.get('umkGetList')?.get(1)?.body as
    Record<string, unknown> | undefined;
  if (!listed) {
    s.skip('umkSave', 'the teacher has no UMK list to add to');
    s.skip('umkDeleteBook', 'the teacher has no UMK list to add to');
    return;
  }
  const readList: Read = () => s.read('umkGetList', 1, listed);
  const save = s.run.op('umkSave');
  const example = requestExample(save, 'multipart/form-data') as Record<string, unknown>;
  const marker = s.run.marker();
  const fields = {
    ...example,
    idBook: -1,
    id_human: s.teacher.person.id,
    id_humanType: 1,
    idUser: s.teacher.person.uid,
    id_semester: listed.id_semester,
    id_discipline: listed.id_discipline,
    id_examination: listed.id_examination,
    id_bookCategory: firstCategory(s) ?? example.id_bookCategory,
    id_typeUmk: s.teacher.facts.latest('id_typeUmk') ?? example.id_typeUmk,
    id_booksShare: -1,
    isSharedBookFromEBooks: false,
    isHTMLBook: false,
    isForEBooks: false,
    fileName: 'contract-check.pdf',
    bookName: marker,
  };
  const saved = await s.write(
    'umkSave',
    1,
    { form: form(withoutFile(save, fields), { [fileField(save)]: 'contract-check.pdf' }) },
    readList,
  );
  if (!saved) return s.skip('umkDeleteBook', 'the material was not saved');
  await s.shows('umkSave', readList, (data) => has(data, marker), 'the new material');
  const item = list(await readList()).find((m) => m.umkName === marker);
  if (!item) return s.skip('umkDeleteBook', 'the new material is not listed');
  const removed = await s.write(
    'umkDeleteBook',
    1,
    { body: { id_human: s.teacher.person.id, id_humanType: 1, id_books: item.id_books } },
    readList,
  );
  if (removed)
    await s.shows('umkDeleteBook', readList, (data) => !has(data, marker), 'the material gone');
}

async function library(s: Scenario) {
  const readBooks: Read = () =>
    s.read('libraryGetBookList', 1, {
      id_bookCategory: -1,
      id_human: s.teacher.person.id,
      id_humanType: 1,
    });
  const save = s.run.op('librarySaveBook');
  const example = requestExample(save, 'multipart/form-data') as Record<string, unknown>;
  const marker = s.run.marker();
  const fields = {
    ...example,
    id_eBook: -1,
    nameBook: marker,
    fileName: 'contract-check.pdf',
    id_human: s.teacher.person.id,
    id_humanType: 1,
    id_bookCategory: firstCategory(s) ?? example.id_bookCategory,
    IsFromUmk: false,
  };
  const saved = await s.write(
    'librarySaveBook',
    1,
    { form: form(withoutFile(save, fields), { [fileField(save)]: 'contract-check.pdf' }) },
    readBooks,
  );
  if (saved)
    await s.shows('librarySaveBook', readBooks, (data) => has(data, marker), 'the new book');
}

async function journal(s: Scenario) {
  const ids = ['visitlogInsertAllVisits', 'visitlogUpdateVisit', 'visitlogDeleteJournalDate'];
  const found = await teacherClass(s.run, s.teacher, s.student);
  if (!found) return ids.forEach((id) => s.skip(id, 'no class of the teacher with lesson dates'));
  const { klass, dates } = found;
  const readJournal: Read = () => s.read('visitlogGetJournal', 1, { ...klass, subgroup: 0 });
  const last = dates.at(-1)!;
  // a day among the class's own dates that has no lesson yet: created here, deleted below
  const day = [1, 2, 3, 4, 5, 6]
    .map((back) =>
      new Date(Date.parse(`${last}T00:00:00Z`) - back * 86_400_000).toISOString().slice(0, 10),
    )
    .find((date) => !dates.includes(date) && date > (dates[0] ?? ''));
  if (!day) return ids.forEach((id) => s.skip(id, 'no free day among the lesson dates'));
  const students = list(await s.read('visitlogGetStudentsList', 1, { ...klass, visitDate: day }));
  if (students.length === 0) return ids.forEach((id) => s.skip(id, 'the class has no students'));
  const visits = students.map((student) => ({
    ...klass,
    id_student: student.id_student,
    visitDate: day,
    isVisited: true,
    timesCount: 2,
    id_otsenka: -1,
  }));
  type JournalData = {
    resArray?: { visitDate: string }[];
    data?: { id_student: number; dates: { visitDate: string; otsenka: string }[] }[];
  } | null;
  const hasDay = (data: unknown) =>
    ((data as JournalData)?.resArray ?? []).some((d) => d.visitDate === day);
  const inserted = await s.write('visitlogInsertAllVisits', 1, { body: { visits } }, readJournal);
  if (!inserted) return ids.slice(1).forEach((id) => s.skip(id, 'the lesson date was not created'));
  await s.shows('visitlogInsertAllVisits', readJournal, hasDay, `the new lesson date ${day}`);
  const first = visits[0]!;
  const markOf = (data: unknown) =>
    (data as JournalData)?.data
      ?.find((row) => row.id_student === first.id_student)
      ?.dates.find((d) => d.visitDate === day)?.otsenka;
  const updated = await s.write(
    'visitlogUpdateVisit',
    1,
    { body: { ...first, isVisited: false } },
    readJournal,
  );
  if (updated) {
    await s.shows(
      'visitlogUpdateVisit',
      readJournal,
      (data) => markOf(data) === 'н/б',
      'the student absent',
    );
  }
  const removed = await s.write(
    'visitlogDeleteJournalDate',
    1,
    { body: { ...klass, visitDate: day } },
    readJournal,
  );
  if (removed) {
    await s.shows(
      'visitlogDeleteJournalDate',
      readJournal,
      (data) => !hasDay(data),
      'the lesson date gone',
    );
  }
}

interface Registration {
  /** saveregistration's body. */
  body: Record<string, unknown>;
  /** The row on the registration list that shows it. */
  isRow: (row: Record<string, unknown>) => boolean;
  /** True when deleting leaves the row (a plan row is cleared, an elective goes). */
  planRow: boolean;
}

/**
 * What the student can register without touching their own choices: a plan row with no choice
 * yet, else an elective they do not have (added here, removed below).
 */
async function freeRegistration(s: Scenario, listRequest: Record<string, unknown>) {
  const rows = list(s.run.answered.get('regfordisciplinesGetRegList')?.get(2));
  const uid = s.student.person.uid;
  const free = rows.find((row) => row.isByPlan && !row.id_disciplineForStudent);
  const choose = async (
    teachersOp: string,
    subgroupsOp: string,
    request: Record<string, unknown>,
  ) => {
    const teachers = list(await s.read(teachersOp, 2, request));
    const teacher = teachers.find((t) => (t.id_teacher as number) > 0);
    if (!teacher) return null;
    const subgroups = list(
      await s.read(subgroupsOp, 2, { ...request, id_teacher: teacher.id_teacher }),
    );
    const subgroup = subgroups.find((g) => (g.subgroup as number) > 0)?.subgroup;
    return subgroup === undefined ? null : { id_teacher: teacher.id_teacher, subgroup };
  };
  if (free) {
    const request = {
      id_a_year: free.id_a_year,
      id_semester: free.id_semester,
      id_group: free.id_group,
      id_discipline: free.id_discipline,
      id_kafedra: free.id_kafedra,
      kredits: free.kredits,
      id_examination: free.id_examination,
      id_vid_zaniatiy: free.id_vid_zaniatiy,
    };
    const choice = await choose(
      'regfordisciplinesGetTeachersForRegEl',
      'regfordisciplinesGetSubgroupsForRegEl',
      request,
    );
    if (choice) {
      return {
        body: { ...request, ...choice, uid, isByPlan: true },
        isRow: (row) => row.isByPlan === true && row.id_discipline === free.id_discipline,
        planRow: true,
      } satisfies Registration;
    }
  }
  const permitted = s.run.answered.get('regfordisciplinesGetOptionalPermission')?.get(2);
  const electives = list(s.run.answered.get('regfordisciplinesGetOptionalDisciplines')?.get(2));
  const taken = new Set(rows.map((row) => row.id_discipline));
  const elective = electives.find((d) => !taken.has(d.id_discipline));
  if (permitted !== true || !elective) return null;
  const request = {
    id_a_year: listRequest.id_a_year,
    id_semester: listRequest.id_semester,
    id_discipline: elective.id_discipline,
    id_vid_zaniatiy: elective.id_vid_zaniatiy,
  };
  const choice = await choose(
    'regfordisciplinesGetOptionalTeachers',
    'regfordisciplinesGetOptionalSubgroups',
    request,
  );
  if (!choice) return null;
  return {
    body: {
      ...request,
      ...choice,
      uid,
      isByPlan: false,
      id_group: listRequest.id_group,
      id_kafedra: elective.id_kafedra,
      kredits: elective.kredits,
      id_examination: elective.id_examination,
    },
    isRow: (row) => row.isByPlan === false && row.id_discipline === elective.id_discipline,
    planRow: false,
  } satisfies Registration;
}

async function registration(s: Scenario) {
  const ids = ['regfordisciplinesSaveRegistration', 'regfordisciplinesDeleteRegistration'];
  const listRequest = s.run.accepted.get('regfordisciplinesGetRegList')?.get(2)?.body as
    Record<string, unknown> | undefined;
  const found = listRequest ? await freeRegistration(s, listRequest) : null;
  if (!listRequest || !found) {
    const reason =
      'no free plan row or elective: registering would change the student’s own choices';
    return ids.forEach((id) => s.skip(id, reason));
  }
  const readRows: Read = () => s.read('regfordisciplinesGetRegList', 2, listRequest);
  const rowOf = (data: unknown) => list(data).find(found.isRow);
  const saved = await s.write(
    'regfordisciplinesSaveRegistration',
    2,
    { body: found.body },
    readRows,
  );
  if (!saved) return s.skip(ids[1]!, 'nothing was registered');
  await s.shows(
    'regfordisciplinesSaveRegistration',
    readRows,
    (data) => rowOf(data)?.id_teacher === found.body.id_teacher,
    'the chosen teacher on the row',
  );
  const id = rowOf(await readRows())?.id_disciplineForStudent;
  if (!id) return s.skip(ids[1]!, 'the saved registration has no id');
  const removed = await s.write(
    'regfordisciplinesDeleteRegistration',
    2,
    { body: { id_disciplineForStudent: id, uid: s.student.person.uid } },
    readRows,
  );
  if (removed) {
    await s.shows(
      'regfordisciplinesDeleteRegistration',
      readRows,
      (data) => (found.planRow ? !rowOf(data)?.id_disciplineForStudent : !rowOf(data)),
      found.planRow ? 'the row free again' : 'the elective gone',
    );
  }
}

async function orders(s: Scenario) {
  const readOrders: Read = () =>
    s.read('singlewindowGetOrderList', 2, { uid: s.student.person.uid });
  const marker = s.run.marker();
  const districts = list(
    s.run.answered.get('singlewindowGetDistrictList')?.get(2) ??
      s.run.answered.get('singlewindowGetDistrictList')?.get(1),
  );
  const district = districts[0];
  const doc = list(
    s.run.answered.get('singlewindowGetDocList')?.get(2) ??
      s.run.answered.get('singlewindowGetDocList')?.get(1),
  )[0];
  const regionRequest = (
    s.run.accepted.get('singlewindowGetDistrictList')?.get(2) ??
    s.run.accepted.get('singlewindowGetDistrictList')?.get(1)
  )?.body as Record<string, unknown> | undefined;
  if (!district || !doc || !regionRequest) {
    s.skip('singlewindowSaveOrder', 'no document or district to order');
    s.skip('singlewindowCancelOrder', 'no document or district to order');
    return;
  }
  const saved = await s.write(
    'singlewindowSaveOrder',
    2,
    {
      body: {
        uid: s.student.person.uid,
        id_doc: doc.id_doc,
        id_region: regionRequest.id_region,
        id_district: district.id_district,
        count: 1,
        comment: marker,
      },
    },
    readOrders,
  );
  if (!saved) return s.skip('singlewindowCancelOrder', 'the order was not placed');
  await s.shows('singlewindowSaveOrder', readOrders, (data) => has(data, marker), 'the new order');
  const order = list(await readOrders()).find((o) => o.comment === marker);
  if (!order) return s.skip('singlewindowCancelOrder', 'the new order is not listed');
  const cancelled = await s.write(
    'singlewindowCancelOrder',
    2,
    { body: { id_order: order.id_order, uid: s.student.person.uid } },
    readOrders,
  );
  if (cancelled) {
    await s.shows(
      'singlewindowCancelOrder',
      readOrders,
      (data) => list(data).find((o) => o.id_order === order.id_order)?.status === 'canceled',
      'the order cancelled',
    );
  }
}

async function password(s: Scenario) {
  const { person, credentials } = s.teacher;
  // the same password again: the account is as it was
  const body = {
    password: credentials.password,
    newPassword: credentials.password,
    uid: person.uid,
    role: person.role,
  };
  const signInWorks: Read = async () => {
    const client = s.run.newClient();
    const answer = await s.run.call(
      client,
      s.run.op('authorize'),
      { body: credentials },
      'sign in again',
    );
    return answer.status;
  };
  const changed = await s.write('passwdReset', 1, { body }, async () => null);
  if (changed)
    await s.shows('passwdReset', signInWorks, (status) => status === 200, 'the password working');
}

async function logout(s: Scenario) {
  // a second session of the teacher's, signed out; the checker's own session stays
  const client = s.run.newClient();
  const signedIn = await s.run.call(
    client,
    s.run.op('authorize'),
    { body: s.teacher.credentials },
    'sign in a second session',
  );
  if (signedIn.status !== 200) return s.skip('logout', 'a second session could not sign in');
  const profile = s.run.op('profileGetData');
  const body = validBody(profile, s.teacher.person, s.teacher.facts);
  const session: Read = async () =>
    (await s.run.call(client, profile, { body }, 'read with the second session')).status;
  const extra = { ...s.teacher, client };
  const scenario = new Scenario(s.run, extra, s.student);
  const out = await scenario.write('logout', 1, { body: { logout: true } }, session);
  if (out)
    await scenario.shows('logout', session, (status) => status === 401, 'the session ended (401)');
}

export async function runWriteScenarios(
  run: CheckRun,
  teacher: Actor,
  student: Actor,
  progress: (operationId: string) => void,
) {
  const s = new Scenario(run, teacher, student);
  const shared = await sharedClass(run, teacher, student);
  const steps: [string[], () => Promise<void>][] = [
    [['insertNews', 'deleteNews'], () => news(s)],
    [
      ['chatInsertMessage', 'chatReadMessage', 'chatReadAll', 'chatDeleteMessage'],
      () => chat(s, shared),
    ],
    [['umkSave', 'umkDeleteBook'], () => umk(s)],
    [['librarySaveBook'], () => library(s)],
    [
      ['visitlogInsertAllVisits', 'visitlogUpdateVisit', 'visitlogDeleteJournalDate'],
      () => journal(s),
    ],
    [
      ['regfordisciplinesSaveRegistration', 'regfordisciplinesDeleteRegistration'],
      () => registration(s),
    ],
    [['singlewindowSaveOrder', 'singlewindowCancelOrder'], () => orders(s)],
    [['passwdReset'], () => password(s)],
    [['logout'], () => logout(s)],
  ];
  for (const [ids, step] of steps) {
    ids.forEach(progress);
    await step();
  }
}
