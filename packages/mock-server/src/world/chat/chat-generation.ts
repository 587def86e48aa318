// A chat's seeded messages, generated on its first access from the chat's own seed (core/random.ts,
// not the shared faker: the text must not depend on which chat was opened first). The plan
// (chat-planning.ts) fixed how many there are, their ids, the last one's time and which are unread;
// this fills in who wrote each one, when, and what: templates by role, first message of a day or a
// reply, with the discipline's name and a few numbers.
import {
  type Chat,
  type ChatMessageRecord,
  type Conversation,
  type GroupChat,
  type Person,
  type PrivateChat,
} from './chat-planning.js';
import { CURRENT_WS, CURRENT_YEAR_ID } from '../core/calendar.js';
import { selectOfferings } from '../discipline/discipline.js';
import { mulberry32, pick, randomInt as int, type Random } from '../core/random.js';
import { isTeacher, otherRole, ROLE_STUDENT, ROLE_TEACHER, type Role } from '../core/roles.js';
import { DAY_MS, HOUR_MS, toBishkekIso } from '../core/time.js';

interface TextContext {
  /** Discipline name. */
  d: string;
  /** A lab or task number. */
  n: number;
  /** A module or section number. */
  m: number;
  room: number;
  /** «27.11», a few days after the message. */
  date: string;
  /** The sender's gendered form: g('понял', 'поняла'). */
  g: (male: string, female: string) => string;
}
type Template = (x: TextContext) => string | [string, string];
/** Templates to draw from; never empty. */
type Pool = readonly [Template, ...Template[]];

const studentOpens: Pool = [
  (x) => `Здравствуйте! Когда можно сдать лабораторную работу №${x.n}?`,
  (x) => `Добрый день! Подскажите, пожалуйста, какие темы войдут в модуль по «${x.d}»?`,
  (x) =>
    `Здравствуйте, я ${x.g('болел', 'болела')} на прошлой неделе. Как можно отработать пропуск?`,
  () => 'Добрый день! Можно прислать отчёт по практике до пятницы?',
  () => 'Здравствуйте! В какой аудитории будет консультация?',
  (x) =>
    `Добрый вечер! Я не ${x.g('смог', 'смогла')} открыть файл с заданием, можете отправить ещё раз?`,
  (x) => [`Здравствуйте! Отправляю лабораторную работу №${x.n}.`, `Лабораторная №${x.n}.docx`],
  (x) => `Добрый день! Можно ли пересдать модуль по «${x.d}»?`,
  () => 'Здравствуйте! Подскажите, сколько баллов у меня за первый модуль?',
  () => ['Добрый день! Отправляю реферат на проверку.', 'Реферат.docx'],
  () => 'Здравствуйте! Можно выбрать тему курсовой работы самостоятельно?',
];
const studentReplies: Pool = [
  (x) => `Спасибо, ${x.g('понял', 'поняла')}.`,
  () => 'Хорошо, буду.',
  () => 'Спасибо большое!',
  (x) => [
    `${x.g('Исправил', 'Исправила')} замечания, отправляю ещё раз.`,
    `Лабораторная №${x.n} (исправленная).docx`,
  ],
  () => 'А можно чуть позже, после обеда?',
  () => 'Извините за задержку с отчётом.',
  () => ['Прикрепляю схему.', 'схема.jpg'],
  (x) => [`Отправляю отчёт по лабораторной №${x.n}.`, `Отчёт ЛР${x.n}.pdf`],
];
const teacherOpens: Pool = [
  (x) => `Здравствуйте. Напоминаю, что лабораторную работу №${x.n} нужно сдать до ${x.date}.`,
  (x) => [`Добрый день. Задания к модулю ${x.m} во вложении.`, `Задания модуль ${x.m}.pdf`],
  (x) => `Здравствуйте. У вас не сдана лабораторная работа №${x.n}, подойдите на консультацию.`,
  (x) => `Добрый день. Ваш реферат проверен, оценку ${x.g('выставил', 'выставила')} в журнал.`,
  (x) => `Здравствуйте. Модуль по «${x.d}» будет ${x.date} на паре.`,
];
const teacherReplies: Pool = [
  (x) => `Здравствуйте. В четверг после второй пары, аудитория ${x.room}.`,
  () => 'Да, можно до пятницы.',
  (x) => `Отчёт ${x.g('получил', 'получила')}, замечаний нет.`,
  () => 'Исправьте, пожалуйста, выводы и пришлите ещё раз.',
  (x) => `Пропуск можно отработать на консультации в среду, аудитория ${x.room}.`,
  (x) => `Темы модуля — разделы с ${x.m} по ${x.m + 3} методички.`,
  (x) => `Оценку ${x.g('выставил', 'выставила')} в журнал.`,
  () => 'Хорошо.',
  (x) => ['Задания во вложении.', `Задания модуль ${x.m}.pdf`],
  (x) => `Посмотрите пример в разделе ${x.m} методички.`,
  () => 'Консультация в пятницу в 14:00.',
];
const groupTeacher: Pool = [
  (x) => [
    `Коллеги, ${x.date} коллоквиум по «${x.d}», аудитория ${x.room}.`,
    'Вопросы к коллоквиуму.pdf',
  ],
  (x) => `Напоминаю: модуль по «${x.d}» ${x.date}, не опаздывайте.`,
  (x) => `Лекция по «${x.d}» в четверг переносится в аудиторию ${x.room}.`,
  (x) => `Материалы к лекции по «${x.d}» загружены в УМК.`,
  () => 'Старосте: пришлите, пожалуйста, список группы с подгруппами.',
];
const groupStudent: Pool = [
  (x) => `Кто-нибудь записал домашнее задание по «${x.d}»?`,
  () => 'А конспект лекции можно скинуть?',
  () => 'Спасибо!',
  () => 'Пара завтра будет?',
  () => 'Скиньте, пожалуйста, расписание на следующую неделю.',
  () => ['Вот конспект.', 'Конспект лекции.pdf'],
  (x) => ['Фото доски с последней пары.', `IMG_${2000 + x.n * 37 + x.room}.jpg`],
  () => 'Во сколько консультация?',
  () => 'Будем.',
  () => 'Кто идёт на консультацию?',
  (x) => `Мы в ${x.room} аудитории, подходите.`,
];

/** Moves a time out of the night (Bishkek 23:00–08:00) to the evening before. */
function daytime(t: number) {
  const hour = new Date(t + 6 * HOUR_MS).getUTCHours();
  if (hour < 8) return t - (hour + 3) * HOUR_MS;
  if (hour >= 23) return t - 2 * HOUR_MS;
  return t;
}

/** Times of `count` messages ending near `lastAt`: bursts of minutes, pauses of hours or days. */
function timeline(rnd: Random, count: number, lastAt: number) {
  const times = new Array<number>(count);
  let t = daytime(lastAt - (lastAt % 60000));
  for (let i = count - 1; i >= 0; i--) {
    times[i] = t;
    t = daytime(t - (rnd() < 0.6 ? int(rnd, 2, 90) * 60 * 1000 : int(rnd, 3, 60) * HOUR_MS));
  }
  return times;
}

function render(template: Template, x: TextContext): { message: string; files: string[] } {
  const out = template(x);
  return Array.isArray(out) ? { message: out[0], files: [out[1]] } : { message: out, files: [] };
}

function textContext(rnd: Random, d: string, at: number, sender: Person | undefined): TextContext {
  const date = toBishkekIso(new Date(at + int(rnd, 2, 9) * DAY_MS));
  return {
    d,
    n: int(rnd, 1, 8),
    m: int(rnd, 1, 4),
    room: pick(rnd, [105, 212, 305, 318, 401, 415, 507]),
    date: `${date.slice(8, 10)}.${date.slice(5, 7)}`,
    g: (male, female) => (sender?.sex === 'female' ? female : male),
  };
}

function generatePrivate(chat: Chat, conv: PrivateChat): ChatMessageRecord[] {
  const { university, calendar } = chat.world;
  const rnd = mulberry32(conv.seed);
  const teacher = university.teacherById.get(conv.teacherId);
  const student = university.studentById.get(conv.studentId);
  const d = calendar.disciplineById.get(conv.id_discipline)?.name ?? 'дисциплине';
  const times = timeline(rnd, conv.seeded, conv.lastAt);
  const tailFrom = otherRole(conv.seedUnreadTo);
  const tailStart = conv.seeded - conv.seedUnread;
  const messages: ChatMessageRecord[] = [];
  let sender: Role = rnd() < 0.75 ? ROLE_STUDENT : ROLE_TEACHER;
  for (let i = 0; i < conv.seeded; i++) {
    if (i > 0) sender = rnd() < 0.7 ? otherRole(sender) : sender;
    if (i >= tailStart) sender = tailFrom;
    const at = times[i] ?? conv.lastAt;
    const previous = messages[i - 1];
    const opens = !previous || at - (times[i - 1] ?? at) > DAY_MS;
    const teacherWrites = sender === ROLE_TEACHER;
    const pool = teacherWrites
      ? opens
        ? teacherOpens
        : teacherReplies
      : opens
        ? studentOpens
        : studentReplies;
    const x = textContext(rnd, d, at, teacherWrites ? teacher : student);
    messages.push({
      id_message: conv.firstId + i,
      senderType: sender,
      senderId: teacherWrites ? conv.teacherId : conv.studentId,
      ...render(pick(rnd, pool), x),
      created: toBishkekIso(new Date(at)),
      isRead: i < tailStart,
    });
  }
  return messages;
}

function generateGroup(chat: Chat, conv: GroupChat): ChatMessageRecord[] {
  const { university, calendar, index } = chat.world;
  const rnd = mulberry32(conv.seed);
  const students = conv.groupIds.flatMap((gid) => university.studentsByGroup.get(gid) ?? []);
  const offerings = conv.groupIds
    .slice(0, 1)
    .flatMap((gid) =>
      selectOfferings(index.offeringsByGroup.get(gid), { year: CURRENT_YEAR_ID, ws: CURRENT_WS }),
    );
  const disciplineName = (teacherId?: number) => {
    const own = offerings.filter((o) => teacherId === undefined || o.id_teacher === teacherId);
    const o = own.length > 0 ? pick(rnd, own) : offerings[0];
    return (o && calendar.disciplineById.get(o.id_discipline)?.name) ?? 'дисциплине';
  };
  const times = timeline(rnd, conv.seeded, conv.lastAt);
  const tailStart = conv.defaultReadUpTo + 1 - conv.firstId;
  const messages: ChatMessageRecord[] = [];
  for (let i = 0; i < conv.seeded; i++) {
    const at = times[i] ?? conv.lastAt;
    const roll = rnd();
    let author: Person | undefined;
    const teacherId =
      roll < 0.2 && conv.teacherIds.length > 0 ? pick(rnd, conv.teacherIds) : undefined;
    if (teacherId !== undefined) {
      author = university.teacherById.get(teacherId);
    } else if (roll < 0.42 && conv.favouriteId !== undefined && i < tailStart) {
      author = university.studentById.get(conv.favouriteId);
    } else {
      const candidates = students.filter((s) => i < tailStart || s.id !== conv.favouriteId);
      author = candidates.length > 0 ? pick(rnd, candidates) : undefined;
    }
    if (!author) continue;
    const teacherWrites = isTeacher(author);
    const x = textContext(rnd, disciplineName(teacherWrites ? author.id : undefined), at, author);
    messages.push({
      id_message: conv.firstId + i,
      senderType: author.role,
      senderId: author.id,
      ...render(pick(rnd, teacherWrites ? groupTeacher : groupStudent), x),
      created: toBishkekIso(new Date(at)),
      isRead: true,
    });
  }
  return messages;
}

/** The chat's messages, oldest first (generated on first access). */
export function messagesOf(chat: Chat, conv: Conversation): ChatMessageRecord[] {
  conv.messages ??=
    conv.kind === 'private' ? generatePrivate(chat, conv) : generateGroup(chat, conv);
  return conv.messages;
}
