// Private chats (one teacher and one student, per academic year, ws and discipline) and group chats
// (one per group and one per stream), in three files:
// - chat-planning.ts (this one): the chat slice and its types. The build plans every seeded chat
//   with the shared faker: who talks to whom, how many messages, which of them are unread, when the
//   last one was written, and a block of message ids (ids grow with time inside a chat);
// - chat-generation.ts: a chat's messages, generated on its first access from the chat's own seed
//   (core/random.ts, not the shared faker), so they are the same whatever was opened first;
// - chat-queries.ts: what the routes ask: finding, paging, unread counts and read marks.
// So a large --scale (hundreds of thousands of messages) costs almost nothing until a chat is
// opened. Unread counts of private chats are kept on the chat itself and updated by every write,
// so contact lists and /count never generate messages.
import {
  CURRENT_WS,
  CURRENT_YEAR_ID,
  academicYears,
  calendarSlice,
  type Calendar,
  type Offering,
} from '../core/calendar.js';
import {
  disciplineSlice,
  selectOfferings,
  type DisciplineIndex,
} from '../discipline/discipline.js';
import { faker } from '../core/faker.js';
import { GROWTH_MESSAGES } from '../core/growth.js';
import type { StoredFile } from '../core/files.js';
import { personKey, ROLE_STUDENT, ROLE_TEACHER, type Role } from '../core/roles.js';
import { defineSlice } from '../core/store.js';
import { DAY_MS, HOUR_MS } from '../core/time.js';
import {
  universitySlice,
  type Student,
  type Teacher,
  type University,
} from '../core/university.js';

const FIRST_MESSAGE_ID = 10001;

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

interface ReadMark {
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

/** A private chat to seed: the offering gives year, ws, discipline and teacher. */
interface PrivatePlan {
  offering: Pick<Offering, 'id_a_year' | 'ws' | 'id_discipline' | 'id_teacher'>;
  studentId: number;
  seeded: number;
  unreadTo: Role;
  unread: number;
  lastAt: number;
}

/** What planning the seeded chats works with: the chat it fills, the world, the clock's draws. */
interface Planner {
  chat: Chat;
  university: University;
  index: DisciplineIndex;
  /** A chat's own seed, drawn from the shared faker. */
  seed: () => number;
  /** A time between `minMs` and `maxMs` before now, drawn from the shared faker. */
  recent: (minMs: number, maxMs: number) => number;
}

/** Plans a private chat and its block of ids, unless the pair already has one there. */
function planPrivate({ chat, seed }: Planner, { offering, studentId, ...p }: PrivatePlan) {
  const { id_a_year, ws, id_discipline, id_teacher: teacherId } = offering;
  const key = privateKey(id_a_year, ws, id_discipline, teacherId, studentId);
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
    id_a_year,
    ws,
    id_discipline,
    teacherId,
    studentId,
    unread: {
      [ROLE_TEACHER]: p.unreadTo === ROLE_TEACHER ? unread : 0,
      [ROLE_STUDENT]: p.unreadTo === ROLE_STUDENT ? unread : 0,
    },
    seedUnreadTo: p.unreadTo,
    seedUnread: unread,
  };
  chat.nextId += p.seeded;
  chat.seededTotal += p.seeded;
  chat.blocks.push(conv);
  indexPrivateChat(chat, conv);
}

/** A student's group's offerings in the current year and ws. */
const currentOfferingsOf = (index: DisciplineIndex, student: Student) =>
  selectOfferings(index.offeringsByGroup.get(student.id_group), {
    year: CURRENT_YEAR_ID,
    ws: CURRENT_WS,
  });

/**
 * The demo people first: long conversations (paging matters) with unread messages both ways; the
 * growth world sizes the first by its multiplier.
 */
function planDemoConversations(planner: Planner, growth: number | undefined) {
  const { demo } = planner.university;
  const demoPairs: [Teacher, Student, number, Role, number][] = [
    [demo.teacher, demo.student, growth ? GROWTH_MESSAGES * growth : 47, ROLE_TEACHER, 2],
    [demo.teacher, demo.student2, 26, ROLE_STUDENT, 3],
    [demo.teacher2, demo.student, 23, ROLE_STUDENT, 1],
    [demo.teacher2, demo.student2, 12, ROLE_TEACHER, 1],
  ];
  for (const [teacher, student, seeded, unreadTo, unread] of demoPairs) {
    const offering = currentOfferingsOf(planner.index, student).find(
      (o) => o.id_teacher === teacher.id,
    );
    if (!offering) continue;
    planPrivate(planner, {
      offering,
      studentId: student.id,
      seeded,
      unreadTo,
      unread,
      lastAt: planner.recent(2 * HOUR_MS, 20 * HOUR_MS),
    });
  }
}

/**
 * The demo students' other teachers, and the demo teachers' other students (four of each group
 * they teach): a shorter conversation, in half of them a few messages unread by the demo person.
 */
function planDemoContacts(planner: Planner) {
  const { university, index } = planner;
  const { demo } = university;
  const planOther = (
    offering: Offering,
    student: Student,
    demoRole: Role,
    most: { unread: number; seeded: { min: number; max: number }; days: number },
  ) => {
    const unread = faker.number.float() < 0.5 ? faker.number.int({ min: 1, max: most.unread }) : 0;
    planPrivate(planner, {
      offering,
      studentId: student.id,
      seeded: faker.number.int(most.seeded),
      unreadTo: demoRole,
      unread,
      lastAt: planner.recent(HOUR_MS, most.days * DAY_MS),
    });
  };
  for (const student of [demo.student, demo.student2]) {
    for (const offering of currentOfferingsOf(index, student)) {
      planOther(offering, student, ROLE_STUDENT, {
        unread: 2,
        seeded: { min: 4, max: 14 },
        days: 6,
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
        planOther(offering, student, ROLE_TEACHER, {
          unread: 3,
          seeded: { min: 3, max: 16 },
          days: 8,
        });
      }
    }
  }
}

/**
 * Everybody else: a few conversations per offering in the current ws (some unread) and fewer, all
 * read, in the previous academic year. Later ws of the current year have not started.
 */
function planEveryoneElse(planner: Planner, calendar: Calendar) {
  const previousYear = academicYears.find((y) => y.id_a_year === CURRENT_YEAR_ID - 1);
  for (const offering of calendar.offerings) {
    const current = offering.id_a_year === CURRENT_YEAR_ID && offering.ws === CURRENT_WS;
    const previous = offering.id_a_year === previousYear?.id_a_year;
    if (!current && !previous) continue;
    const students = planner.university.studentsByGroup.get(offering.id_group) ?? [];
    const count = faker.number.int({ min: 0, max: current ? 4 : 2 });
    for (const student of faker.helpers.arrayElements(students, count)) {
      const unread =
        current && faker.number.float() < 0.3 ? faker.number.int({ min: 1, max: 3 }) : 0;
      planPrivate(planner, {
        offering,
        studentId: student.id,
        seeded: faker.number.int({ min: 2, max: current ? 16 : 10 }),
        unreadTo: faker.number.float() < 0.5 ? ROLE_TEACHER : ROLE_STUDENT,
        unread,
        lastAt: current
          ? planner.recent(30 * 60 * 1000, 12 * DAY_MS)
          : previousTermEnd(previousYear?.startYear ?? 0, offering.ws),
      });
    }
  }
}

/** The teachers of the groups in the current year so far: a group chat's members besides its students. */
function teachersOf(index: DisciplineIndex, groupIds: number[]) {
  const ids = new Set<number>();
  for (const gid of groupIds) {
    for (const o of index.offeringsByGroup.get(gid) ?? []) {
      if (o.id_a_year === CURRENT_YEAR_ID && o.ws <= CURRENT_WS) ids.add(o.id_teacher);
    }
  }
  return [...ids];
}

/**
 * How many messages a group chat seeds and how many of the last are unread: fixed for a demo
 * student's chats (their favourite writes many of them), drawn for the others.
 */
function groupChatSize(isPotok: boolean, favourite: Student | undefined, demoStudent: Student) {
  const seeded = favourite
    ? isPotok
      ? 14
      : favourite === demoStudent
        ? 34
        : 25
    : faker.number.int(isPotok ? { min: 4, max: 15 } : { min: 8, max: 30 });
  const unread = favourite
    ? isPotok
      ? 1
      : 3
    : Math.min(seeded, faker.number.int({ min: 0, max: isPotok ? 2 : 3 }));
  return { seeded, unread };
}

/** Group chats: one per group and one per stream; members are the students and this year's teachers. */
function planGroupChats(planner: Planner) {
  const { chat, university, index } = planner;
  const { demo } = university;
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
    const { seeded, unread } = groupChatSize(isPotok, favourite, demo.student);
    const conv: GroupChat = {
      kind: 'group',
      key: groupChatKey(id, isPotok),
      firstId: chat.nextId,
      seeded,
      seed: planner.seed(),
      lastAt: planner.recent(HOUR_MS, 4 * DAY_MS),
      messages: undefined,
      id,
      isPotok,
      groupIds,
      teacherIds: teachersOf(index, groupIds),
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
}

// Every seeded chat is planned in this order, each step drawing from the shared faker in turn, so
// the order is part of the seeded world: changing it changes every chat.
export const chatSlice = defineSlice('chat', ({ get, now, growth }): Chat => {
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
  const planner: Planner = {
    chat,
    university,
    index,
    seed: () => faker.number.int({ min: 1, max: 0x7fffffff }),
    recent: (minMs, maxMs) => nowMs - faker.number.int({ min: minMs, max: maxMs }),
  };
  planDemoConversations(planner, growth);
  planDemoContacts(planner);
  planEveryoneElse(planner, calendar);
  planGroupChats(planner);
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
    [ROLE_TEACHER, conv.teacherId],
    [ROLE_STUDENT, conv.studentId],
  ] as const) {
    const key = `${conv.id_a_year}:${conv.ws}:${conv.id_discipline}:${personKey(role, id)}`;
    const list = chat.privateByReader.get(key);
    if (list) list.push(conv);
    else chat.privateByReader.set(key, [conv]);
  }
}
