// Chat: a message from the teacher to the student, read by the student (one, then all), deleted.
import { ROLE_TEACHER, ROLE_STUDENT } from '../lib/roles.js';
import { sharedClass } from '../discovery.js';
import { form } from './scenario.js';
import { has, list, type Read, type Scenario } from './scenario.js';

export async function chat(s: Scenario) {
  const shared = await sharedClass(s.run);
  const ids = ['chatInsertMessage', 'chatReadMessage', 'chatReadAll', 'chatDeleteMessage'];
  if (!shared)
    return ids.forEach((id) => s.skip(id, 'no discipline the student studies with the teacher'));
  const year = list(s.run.answeredAs('disciplineGetCurrentYear', ROLE_TEACHER))[0]?.id_a_year;
  const ws = list(s.run.answeredAs('disciplineGetCurrentWs', ROLE_TEACHER))[0]?.ws;
  const teacherQuery = {
    year,
    ws,
    id_from_type: ROLE_TEACHER,
    id_from: s.teacher.person.id,
    id_to_type: ROLE_STUDENT,
    id_to: s.student.person.id,
    id_discipline: shared.id_discipline,
    kredit: shared.kredits,
  };
  const studentQuery = {
    ...teacherQuery,
    id_from_type: ROLE_STUDENT,
    id_from: s.student.person.id,
    id_to_type: ROLE_TEACHER,
    id_to: s.teacher.person.id,
  };
  const readThread: Read = () => s.read('chatGetMessages', ROLE_TEACHER, teacherQuery);
  const messages = (data: unknown) =>
    list((data as { messages?: unknown } | null)?.messages ?? data);
  const marker = s.run.marker();
  const fields = {
    uid: s.teacher.person.uid,
    message: marker,
    from: s.teacher.person.id,
    fromType: ROLE_TEACHER,
    semester: shared.studentSemester,
    discipline: shared.id_discipline,
    currentContactId: s.student.person.id,
    currentContactType: ROLE_STUDENT,
    group_subgroup: shared.id_group,
    isSelect: false,
    IsGroupChat: false,
  };
  const sent = await s.write('chatInsertMessage', ROLE_TEACHER, { form: form(fields) }, readThread);
  if (!sent) return ids.slice(1).forEach((id) => s.skip(id, 'the message was not sent'));
  await s.shows('chatInsertMessage', readThread, (data) => has(data, marker), 'the new message');
  const message = messages(await readThread()).find((m) => m.message === marker);
  const id_message = message?.id_message;
  if (id_message === undefined)
    return ids.slice(1).forEach((id) => s.skip(id, 'the new message is not listed'));

  const unread: Read = async () =>
    list(await s.read('chatCountUnread', ROLE_STUDENT, studentQuery)).find(
      (c) => c.idid === s.teacher.person.id,
    )?.countMessages ?? 0;
  const read = await s.write('chatReadMessage', ROLE_STUDENT, { body: { id_message } }, unread);
  if (read) await s.shows('chatReadMessage', unread, (count) => count === 0, 'the message as read');
  // another unread message, for read-all
  const second = s.run.marker();
  await s.run.call(
    s.teacher.client,
    s.run.op('chatInsertMessage'),
    { form: form({ ...fields, message: second }) },
    'write as the teacher',
  );
  const readAll = await s.write('chatReadAll', ROLE_STUDENT, { body: studentQuery }, unread);
  if (readAll)
    await s.shows('chatReadAll', unread, (count) => count === 0, 'every message as read');

  for (const text of [second, marker]) {
    const found = messages(await readThread()).find((m) => m.message === text);
    if (!found) continue;
    const removed = await s.write(
      'chatDeleteMessage',
      ROLE_TEACHER,
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
