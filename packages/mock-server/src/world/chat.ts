// Private chats (one teacher and one student, per academic year, ws and discipline) and group chats
// (one per group and one per stream).
//
// Built in two steps so that a large --scale (hundreds of thousands of messages) costs almost
// nothing until a chat is opened:
// - the slice build plans every seeded chat: who talks, how many messages, which of them are unread,
//   when the last one was written, and a block of message ids (ids grow with time inside a chat);
// - the messages of a chat are generated on its first access from the chat's own seed with a small
//   local PRNG (not the shared faker), so they are the same whatever was opened first.
// Unread counts of private chats are kept on the chat itself and updated by every write, so contact
// lists and /count never generate messages.
import {
  CURRENT_WS,
  CURRENT_YEAR_ID,
  academicYears,
  calendarSlice,
  type Calendar,
} from './calendar.js';
import { disciplineSlice, selectOfferings, type DisciplineIndex } from './discipline.js';
import { faker } from './faker.js';
import { FILE_NAME_SEPARATOR, placeholderFile, type StoredFile } from './files.js';
import { defineSlice, type Store } from './store.js';
import { toBishkekIso } from './time.js';
import {
  universitySlice,
  type Role,
  type Student,
  type Teacher,
  type University,
} from './university.js';

/** The portal pages by 20: fewer means there are no more in that direction. */
export const CHAT_PAGE_SIZE = 20;
const FIRST_MESSAGE_ID = 10001;
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

export type Person = Teacher | Student;

export interface ChatMessageRecord {
  id_message: number;
  senderType: Role;
  senderId: number;
  message: string;
  created: string;
  /** Attached file and photo names. */
  files: string[];
  /** Private chats: the recipient has read it. Group chats keep read marks per reader instead. */
  isRead: boolean;
}

interface ChatBase {
  key: string;
  /** Seeded messages have the ids firstId … firstId + seeded − 1. */
  firstId: number;
  seeded: number;
  /** Seed of the local PRNG that generates the seeded messages. */
  seed: number;
  /** Time (ms) of the last seeded message. */
  lastAt: number;
  /** Oldest first (ascending ids); undefined until the chat is first opened. */
  messages: ChatMessageRecord[] | undefined;
}

export interface PrivateChat extends ChatBase {
  kind: 'private';
  id_a_year: number;
  ws: number;
  id_discipline: number;
  teacherId: number;
  studentId: number;
  /** Unread messages addressed to the teacher (1) and to the student (2). */
  unread: Record<Role, number>;
  /** Seed plan: the last `seedUnread` messages are addressed to `seedUnreadTo`, unread. */
  seedUnreadTo: Role;
  seedUnread: number;
}

export interface ReadMark {
  /** Everything up to this id is read … */
  upTo: number;
  /** … and these later ones too. */
  ids: Set<number>;
}

export interface GroupChat extends ChatBase {
  kind: 'group';
  /** Group id, or stream id when isPotok. */
  id: number;
  isPotok: boolean;
  groupIds: number[];
  /** Teachers of the groups in the current year: members besides the students. */
  teacherIds: number[];
  /** Read marks of readers who marked something; everyone else has read up to defaultReadUpTo. */
  readMarks: Map<string, ReadMark>;
  defaultReadUpTo: number;
  /** A demo student who writes a good share of the seeded messages. */
  favouriteId: number | undefined;
}

export type Conversation = PrivateChat | GroupChat;

export interface Chat {
  privateByKey: Map<string, PrivateChat>;
  /** The private chats of one reader in one year, ws and discipline. */
  privateByReader: Map<string, PrivateChat[]>;
  groupChats: Map<string, GroupChat>;
  /** Seeded chats in id order: where a seeded message id lives. */
  blocks: Conversation[];
  /** Where a message written after the seed lives. */
  insertedIn: Map<number, Conversation>;
  /** Uploaded attachments, under `{id_message}_{name}` (download type 3). */
  files: Map<string, StoredFile>;
  nextId: number;
  /** Seeded messages planned (most are generated only when their chat is opened). */
  seededTotal: number;
  world: { university: University; calendar: Calendar; index: DisciplineIndex };
}

export const personKey = (role: Role, id: number) => `${role}:${id}`;
export const privateKey = (
  year: number,
  ws: number,
  id_discipline: number,
  teacherId: number,
  studentId: number,
) => `${year}:${ws}:${id_discipline}:${teacherId}:${studentId}`;
export const readerKey = (year: number, ws: number, id_discipline: number, reader: Person) =>
  `${year}:${ws}:${id_discipline}:${personKey(reader.role, reader.id)}`;
export const groupChatKey = (id: number, isPotok: boolean) => `${isPotok ? 'p' : 'g'}${id}`;
export const chatFileKey = (id: number, name: string) => `${id}_${name}`;
const other = (role: Role): Role => (role === 1 ? 2 : 1);

// ---------------------------------------------------------------------------------------------
// Planning (slice build, shared faker)

interface PrivatePlan {
  year: number;
  ws: number;
  id_discipline: number;
  teacherId: number;
  studentId: number;
  seeded: number;
  unreadTo: Role;
  unread: number;
  lastAt: number;
}

export const chatSlice = defineSlice('chat', ({ get, now }): Chat => {
  const university = get(universitySlice);
  const calendar = get(calendarSlice);
  const index = get(disciplineSlice);
  const chat: Chat = {
    privateByKey: new Map(),
    privateByReader: new Map(),
    groupChats: new Map(),
    blocks: [],
    insertedIn: new Map(),
    files: new Map(),
    nextId: FIRST_MESSAGE_ID,
    seededTotal: 0,
    world: { university, calendar, index },
  };
  const nowMs = now.getTime();
  const seed = () => faker.number.int({ min: 1, max: 0x7fffffff });
  const recent = (minMs: number, maxMs: number) =>
    nowMs - faker.number.int({ min: minMs, max: maxMs });

  const plan = (p: PrivatePlan) => {
    const key = privateKey(p.year, p.ws, p.id_discipline, p.teacherId, p.studentId);
    if (chat.privateByKey.has(key)) return;
    const unread = Math.min(p.unread, p.seeded);
    const conv: PrivateChat = {
      kind: 'private',
      key,
      firstId: chat.nextId,
      seeded: p.seeded,
      seed: seed(),
      lastAt: p.lastAt,
      messages: undefined,
      id_a_year: p.year,
      ws: p.ws,
      id_discipline: p.id_discipline,
      teacherId: p.teacherId,
      studentId: p.studentId,
      unread: { 1: p.unreadTo === 1 ? unread : 0, 2: p.unreadTo === 2 ? unread : 0 },
      seedUnreadTo: p.unreadTo,
      seedUnread: unread,
    };
    chat.nextId += p.seeded;
    chat.seededTotal += p.seeded;
    chat.blocks.push(conv);
    indexPrivateChat(chat, conv);
  };

  // The demo people first: long conversations (paging matters) with unread messages both ways.
  const { demo } = university;
  const currentOf = (student: Student) =>
    selectOfferings(index.offeringsByGroup.get(student.id_group), {
      year: CURRENT_YEAR_ID,
      ws: CURRENT_WS,
    });
  const demoPairs: [Teacher, Student, number, Role, number][] = [
    [demo.teacher, demo.student, 47, 1, 2],
    [demo.teacher, demo.student2, 26, 2, 3],
    [demo.teacher2, demo.student, 23, 2, 1],
    [demo.teacher2, demo.student2, 12, 1, 1],
  ];
  for (const [teacher, student, seeded, unreadTo, unread] of demoPairs) {
    const offering = currentOf(student).find((o) => o.id_teacher === teacher.id);
    if (!offering) continue;
    plan({
      year: offering.id_a_year,
      ws: offering.ws,
      id_discipline: offering.id_discipline,
      teacherId: teacher.id,
      studentId: student.id,
      seeded,
      unreadTo,
      unread,
      lastAt: recent(2 * HOUR, 20 * HOUR),
    });
  }
  // The demo students' other teachers, and the demo teachers' other students.
  for (const student of [demo.student, demo.student2]) {
    for (const offering of currentOf(student)) {
      const unread = faker.number.float() < 0.5 ? faker.number.int({ min: 1, max: 2 }) : 0;
      plan({
        year: offering.id_a_year,
        ws: offering.ws,
        id_discipline: offering.id_discipline,
        teacherId: offering.id_teacher,
        studentId: student.id,
        seeded: faker.number.int({ min: 4, max: 14 }),
        unreadTo: 2,
        unread,
        lastAt: recent(HOUR, 6 * DAY),
      });
    }
  }
  for (const teacher of [demo.teacher, demo.teacher2]) {
    const offerings = selectOfferings(index.offeringsByTeacher.get(teacher.id), {
      year: CURRENT_YEAR_ID,
      ws: CURRENT_WS,
    });
    for (const offering of offerings) {
      const students = university.studentsByGroup.get(offering.id_group) ?? [];
      for (const student of faker.helpers.arrayElements(students, 4)) {
        const unread = faker.number.float() < 0.5 ? faker.number.int({ min: 1, max: 3 }) : 0;
        plan({
          year: offering.id_a_year,
          ws: offering.ws,
          id_discipline: offering.id_discipline,
          teacherId: teacher.id,
          studentId: student.id,
          seeded: faker.number.int({ min: 3, max: 16 }),
          unreadTo: 1,
          unread,
          lastAt: recent(HOUR, 8 * DAY),
        });
      }
    }
  }

  // Everybody else: a few conversations per offering in the current ws (some unread) and fewer,
  // all read, in the previous academic year. Later ws of the current year have not started.
  const previousYear = academicYears.find((y) => y.id_a_year === CURRENT_YEAR_ID - 1);
  for (const offering of calendar.offerings) {
    const current = offering.id_a_year === CURRENT_YEAR_ID && offering.ws === CURRENT_WS;
    const previous = offering.id_a_year === previousYear?.id_a_year;
    if (!current && !previous) continue;
    const students = university.studentsByGroup.get(offering.id_group) ?? [];
    const count = faker.number.int({ min: 0, max: current ? 4 : 2 });
    for (const student of faker.helpers.arrayElements(students, count)) {
      const unread =
        current && faker.number.float() < 0.3 ? faker.number.int({ min: 1, max: 3 }) : 0;
      plan({
        year: offering.id_a_year,
        ws: offering.ws,
        id_discipline: offering.id_discipline,
        teacherId: offering.id_teacher,
        studentId: student.id,
        seeded: faker.number.int({ min: 2, max: current ? 16 : 10 }),
        unreadTo: faker.number.float() < 0.5 ? 1 : 2,
        unread,
        lastAt: current
          ? recent(30 * 60 * 1000, 12 * DAY)
          : previousTermEnd(previousYear?.startYear ?? 0, offering.ws),
      });
    }
  }

  // Group chats: one per group and one per stream, members are the students and this year's
  // teachers.
  const teachersOf = (groupIds: number[]) => {
    const ids = new Set<number>();
    for (const gid of groupIds) {
      for (const o of index.offeringsByGroup.get(gid) ?? []) {
        if (o.id_a_year === CURRENT_YEAR_ID && o.ws <= CURRENT_WS) ids.add(o.id_teacher);
      }
    }
    return [...ids];
  };
  const favourites = new Map<number, Student>([
    [demo.student2.id_group, demo.student2],
    [demo.student.id_group, demo.student],
  ]);
  const demoStream = university.groupById.get(demo.student.id_group)?.id_stream;
  const planGroup = (
    id: number,
    isPotok: boolean,
    groupIds: number[],
    favourite: Student | undefined,
  ) => {
    const seeded = favourite
      ? isPotok
        ? 14
        : favourite === demo.student
          ? 34
          : 25
      : faker.number.int(isPotok ? { min: 4, max: 15 } : { min: 8, max: 30 });
    const unread = favourite
      ? isPotok
        ? 1
        : 3
      : Math.min(seeded, faker.number.int({ min: 0, max: isPotok ? 2 : 3 }));
    const conv: GroupChat = {
      kind: 'group',
      key: groupChatKey(id, isPotok),
      firstId: chat.nextId,
      seeded,
      seed: seed(),
      lastAt: recent(HOUR, 4 * DAY),
      messages: undefined,
      id,
      isPotok,
      groupIds,
      teacherIds: teachersOf(groupIds),
      readMarks: new Map(),
      defaultReadUpTo: chat.nextId + seeded - unread - 1,
      favouriteId: favourite?.id,
    };
    chat.nextId += seeded;
    chat.seededTotal += seeded;
    chat.blocks.push(conv);
    chat.groupChats.set(conv.key, conv);
  };
  for (const group of university.groups) {
    planGroup(group.id_group, false, [group.id_group], favourites.get(group.id_group));
  }
  for (const stream of university.streams) {
    planGroup(
      stream.id_stream,
      true,
      stream.groupIds,
      stream.id_stream === demoStream ? demo.student : undefined,
    );
  }
  return chat;
});

/** A time near the end of a ws of the academic year starting in `startYear`. */
function previousTermEnd(startYear: number, ws: number) {
  const [from, to] =
    ws === 1
      ? [Date.UTC(startYear, 8, 20), Date.UTC(startYear, 11, 25)]
      : [Date.UTC(startYear + 1, 1, 15), Date.UTC(startYear + 1, 5, 10)];
  return faker.number.int({ min: from, max: to });
}

export function indexPrivateChat(chat: Chat, conv: PrivateChat) {
  chat.privateByKey.set(conv.key, conv);
  for (const [role, id] of [
    [1, conv.teacherId],
    [2, conv.studentId],
  ] as const) {
    const key = `${conv.id_a_year}:${conv.ws}:${conv.id_discipline}:${personKey(role, id)}`;
    const list = chat.privateByReader.get(key);
    if (list) list.push(conv);
    else chat.privateByReader.set(key, [conv]);
  }
}

// ---------------------------------------------------------------------------------------------
// Generating a chat's seeded messages on first access (local PRNG, no faker)

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = ReturnType<typeof mulberry32>;
const int = (rnd: Random, min: number, max: number) => min + Math.floor(rnd() * (max - min + 1));
const pick = <T>(rnd: Random, items: readonly T[]): T => items[Math.floor(rnd() * items.length)]!;

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

const studentOpens: Template[] = [
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
const studentReplies: Template[] = [
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
const teacherOpens: Template[] = [
  (x) => `Здравствуйте. Напоминаю, что лабораторную работу №${x.n} нужно сдать до ${x.date}.`,
  (x) => [`Добрый день. Задания к модулю ${x.m} во вложении.`, `Задания модуль ${x.m}.pdf`],
  (x) => `Здравствуйте. У вас не сдана лабораторная работа №${x.n}, подойдите на консультацию.`,
  (x) => `Добрый день. Ваш реферат проверен, оценку ${x.g('выставил', 'выставила')} в журнал.`,
  (x) => `Здравствуйте. Модуль по «${x.d}» будет ${x.date} на паре.`,
];
const teacherReplies: Template[] = [
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
const groupTeacher: Template[] = [
  (x) => [
    `Коллеги, ${x.date} коллоквиум по «${x.d}», аудитория ${x.room}.`,
    'Вопросы к коллоквиуму.pdf',
  ],
  (x) => `Напоминаю: модуль по «${x.d}» ${x.date}, не опаздывайте.`,
  (x) => `Лекция по «${x.d}» в четверг переносится в аудиторию ${x.room}.`,
  (x) => `Материалы к лекции по «${x.d}» загружены в УМК.`,
  () => 'Старосте: пришлите, пожалуйста, список группы с подгруппами.',
];
const groupStudent: Template[] = [
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
  const hour = new Date(t + 6 * HOUR).getUTCHours();
  if (hour < 8) return t - (hour + 3) * HOUR;
  if (hour >= 23) return t - 2 * HOUR;
  return t;
}

/** Times of `count` messages ending near `lastAt`: bursts of minutes, pauses of hours or days. */
function timeline(rnd: Random, count: number, lastAt: number) {
  const times = new Array<number>(count);
  let t = daytime(lastAt - (lastAt % 60000));
  for (let i = count - 1; i >= 0; i--) {
    times[i] = t;
    t = daytime(t - (rnd() < 0.6 ? int(rnd, 2, 90) * 60 * 1000 : int(rnd, 3, 60) * HOUR));
  }
  return times;
}

function render(template: Template, x: TextContext): { message: string; files: string[] } {
  const out = template(x);
  return Array.isArray(out) ? { message: out[0], files: [out[1]] } : { message: out, files: [] };
}

function textContext(rnd: Random, d: string, at: number, sender: Person | undefined): TextContext {
  const date = toBishkekIso(new Date(at + int(rnd, 2, 9) * DAY));
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
  const tailFrom = other(conv.seedUnreadTo);
  const tailStart = conv.seeded - conv.seedUnread;
  const messages: ChatMessageRecord[] = [];
  let sender: Role = rnd() < 0.75 ? 2 : 1;
  for (let i = 0; i < conv.seeded; i++) {
    if (i > 0) sender = rnd() < 0.7 ? other(sender) : sender;
    if (i >= tailStart) sender = tailFrom;
    const at = times[i] ?? conv.lastAt;
    const previous = messages[i - 1];
    const opens = !previous || at - (times[i - 1] ?? at) > DAY;
    const pool =
      sender === 2
        ? opens
          ? studentOpens
          : studentReplies
        : opens
          ? teacherOpens
          : teacherReplies;
    const x = textContext(rnd, d, at, sender === 1 ? teacher : student);
    messages.push({
      id_message: conv.firstId + i,
      senderType: sender,
      senderId: sender === 1 ? conv.teacherId : conv.studentId,
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
    if (roll < 0.2 && conv.teacherIds.length > 0) {
      author = university.teacherById.get(pick(rnd, conv.teacherIds));
    } else if (roll < 0.42 && conv.favouriteId !== undefined && i < tailStart) {
      author = university.studentById.get(conv.favouriteId);
    } else {
      const candidates = students.filter((s) => i < tailStart || s.id !== conv.favouriteId);
      author = candidates.length > 0 ? pick(rnd, candidates) : undefined;
    }
    if (!author) continue;
    const teacherWrites = author.role === 1;
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

// ---------------------------------------------------------------------------------------------
// Finding and paging

/** First index whose id_message is greater than `id` (or ≥ `id` with `inclusive`). */
function firstAfter(messages: readonly ChatMessageRecord[], id: number, inclusive = false) {
  let lo = 0;
  let hi = messages.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const value = messages[mid]?.id_message ?? 0;
    if (value > id || (inclusive && value === id)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

export const latestPage = (messages: readonly ChatMessageRecord[]) =>
  messages.slice(-CHAT_PAGE_SIZE);

export function newerThan(messages: readonly ChatMessageRecord[], id: number) {
  const start = firstAfter(messages, id);
  return messages.slice(start, start + CHAT_PAGE_SIZE);
}

export function olderThan(messages: readonly ChatMessageRecord[], id: number) {
  const end = firstAfter(messages, id, true);
  return messages.slice(Math.max(0, end - CHAT_PAGE_SIZE), end);
}

/** The chat holding a message id and the message itself, if it (still) exists. */
export function findMessage(chat: Chat, id: number) {
  let conv = chat.insertedIn.get(id);
  if (!conv) {
    let lo = 0;
    let hi = chat.blocks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((chat.blocks[mid]?.firstId ?? 0) <= id) lo = mid;
      else hi = mid - 1;
    }
    const block = chat.blocks[lo];
    if (block && id >= block.firstId && id < block.firstId + block.seeded) conv = block;
  }
  if (!conv) return undefined;
  const messages = messagesOf(chat, conv);
  const index = firstAfter(messages, id, true);
  const message = messages[index];
  return message?.id_message === id ? { conv, index, message } : undefined;
}

/** The private chat between the reader and a contact, in a year, ws and discipline. */
export function findPrivateChat(
  chat: Chat,
  reader: Person,
  q: { year: number; ws: number; id_discipline: number; id_to_type: number; id_to: number },
) {
  if (q.id_to_type === reader.role) return undefined;
  const [teacherId, studentId] = reader.role === 1 ? [reader.id, q.id_to] : [q.id_to, reader.id];
  return chat.privateByKey.get(privateKey(q.year, q.ws, q.id_discipline, teacherId, studentId));
}

export const isSender = (m: ChatMessageRecord, person: Person) =>
  m.senderType === person.role && m.senderId === person.id;

/** Whether a person belongs to a group chat: a student of its groups, or one of its teachers. */
export function isGroupMember(conv: GroupChat, person: Person) {
  return person.role === 2
    ? conv.groupIds.includes(person.id_group)
    : conv.teacherIds.includes(person.id);
}

export interface UnreadInfo {
  unreades_start: number | null;
  unreades_total: number;
}

/** The reader's unread messages in a private chat (the count is kept; the start is looked up). */
export function privateUnread(chat: Chat, conv: PrivateChat, reader: Person): UnreadInfo {
  const total = conv.unread[reader.role];
  if (total === 0) return { unreades_start: null, unreades_total: 0 };
  const messages = messagesOf(chat, conv);
  let start: number | null = null;
  let found = 0;
  for (let i = messages.length - 1; i >= 0 && found < total; i--) {
    const m = messages[i];
    if (m && !m.isRead && !isSender(m, reader)) {
      found += 1;
      start = m.id_message;
    }
  }
  return { unreades_start: start, unreades_total: total };
}

/** The reader's unread messages in a group chat: others' messages after their read mark. */
export function groupUnread(chat: Chat, conv: GroupChat, reader: Person): UnreadInfo {
  const mark = conv.readMarks.get(personKey(reader.role, reader.id));
  const upTo = mark?.upTo ?? conv.defaultReadUpTo;
  const messages = messagesOf(chat, conv);
  let start: number | null = null;
  let total = 0;
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (!m || m.id_message <= upTo) break;
    if (!isSender(m, reader) && !mark?.ids.has(m.id_message)) {
      total += 1;
      start = m.id_message;
    }
  }
  return { unreades_start: start, unreades_total: total };
}

/** Marks one group message read for a reader. */
export function markGroupRead(conv: GroupChat, reader: Person, id: number) {
  const key = personKey(reader.role, reader.id);
  let mark = conv.readMarks.get(key);
  if (!mark) {
    mark = { upTo: conv.defaultReadUpTo, ids: new Set() };
    conv.readMarks.set(key, mark);
  }
  if (id > mark.upTo) mark.ids.add(id);
}

/** Marks a whole group chat read for a reader. */
export function markGroupAllRead(chat: Chat, conv: GroupChat, reader: Person) {
  const messages = messagesOf(chat, conv);
  const last = messages[messages.length - 1]?.id_message ?? conv.defaultReadUpTo;
  conv.readMarks.set(personKey(reader.role, reader.id), {
    upTo: Math.max(last, conv.defaultReadUpTo),
    ids: new Set(),
  });
}

/** Unread counts from each contact of a reader in a year, ws and discipline, by contact id. */
export function unreadByContact(
  chat: Chat,
  reader: Person,
  year: number,
  ws: number,
  id_discipline: number,
): Map<number, number> {
  const counts = new Map<number, number>();
  for (const conv of chat.privateByReader.get(readerKey(year, ws, id_discipline, reader)) ?? []) {
    const count = conv.unread[reader.role];
    if (count > 0) counts.set(reader.role === 1 ? conv.studentId : conv.teacherId, count);
  }
  return counts;
}

/** The contract's ChatMessage as the reader sees it (group chats add the sender's name). */
export function toChatMessage(chat: Chat, m: ChatMessageRecord, reader: Person, withFio: boolean) {
  const item = {
    id_message: m.id_message,
    message: m.message,
    ismine: isSender(m, reader),
    created: m.created,
    files: m.files.length > 0 ? m.files.join(FILE_NAME_SEPARATOR) : null,
  };
  if (!withFio) return item;
  const { teacherById, studentById } = chat.world.university;
  const sender = m.senderType === 1 ? teacherById.get(m.senderId) : studentById.get(m.senderId);
  return { ...item, fio: sender?.fullName ?? null };
}

/** A chat attachment (download type 3), only for the two people of a private chat or a member. */
export function findChatFile(store: Store, id: number, name: string, reader: Person) {
  const chat = store.get(chatSlice);
  const found = findMessage(chat, id);
  if (!found || !found.message.files.includes(name)) return undefined;
  const { conv, message } = found;
  const allowed =
    conv.kind === 'group'
      ? isGroupMember(conv, reader)
      : reader.id === (reader.role === 1 ? conv.teacherId : conv.studentId);
  if (!allowed) return undefined;
  return chat.files.get(chatFileKey(id, name)) ?? placeholderFile(name, message.message);
}
