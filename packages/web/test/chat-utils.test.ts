import { describe, expect, it } from 'vitest';
import type { AcademicContext } from '../src/lib/academic-context/use-academic-context';
import type { ShellUser } from '../src/lib/session/shell-session';
import {
  conversationOf,
  conversationTitle,
  groupChatQueryOf,
  type ChatMessage,
  type Conversation,
} from '../src/features/chat/utils/conversation';
import { isPhoto, splitLinks } from '../src/features/chat/utils/message-text';
import { isSameMessage } from '../src/features/chat/utils/same-message';
import type { OutboxEntry } from '../src/lib/offline/outbox/outbox';
import type { ChatSend } from '../src/features/chat/api/send-message';
import {
  appendNewer,
  firstUnreadNotHeld,
  holdAccepted,
  keepAccepted,
  markAllRead,
  markOneRead,
  prependOlder,
  removeMessage,
  threadFromPage,
  type AcceptedMessage,
} from '../src/features/chat/utils/thread';
import { dividerStartOf, openingRow, threadRows } from '../src/features/chat/utils/thread-rows';
import { groupUnreadOf, withUnreadCount } from '../src/features/chat/utils/unread-counts';

function message(id: number, ismine = false): ChatMessage {
  return { id_message: id, message: `m${id}`, ismine, created: '2026-11-20T10:00:00+06:00' };
}
const ids = (messages: readonly ChatMessage[]) => messages.map((item) => item.id_message);
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => message(from + index));

describe('a chat thread', () => {
  it('takes the unread start from the answer, else the last message id, and the count else 0', () => {
    const page = { messages: range(1, 5), unreades_start: 3, unreades_total: 2 };
    expect(threadFromPage(page)).toMatchObject({ unreadStart: 3, unreadTotal: 2 });
    const none = threadFromPage({ messages: range(1, 5), unreades_start: null, unreades_total: 0 });
    expect(none.unreadStart).toBe(5);
    expect(threadFromPage(undefined)).toMatchObject({ messages: [], unreadTotal: 0 });
  });

  it('assumes older messages while pages are full: 20 means maybe more, fewer means none', () => {
    expect(
      threadFromPage({ messages: range(1, 20), unreades_start: null, unreades_total: 0 }).hasOlder,
    ).toBe(true);
    expect(
      threadFromPage({ messages: range(1, 19), unreades_start: null, unreades_total: 0 }).hasOlder,
    ).toBe(false);
    const thread = threadFromPage({
      messages: range(30, 49),
      unreades_start: null,
      unreades_total: 0,
    });
    expect(prependOlder(thread, range(10, 29)).hasOlder).toBe(true);
    const last = prependOlder(thread, range(20, 29));
    expect(last.hasOlder).toBe(false);
    expect(ids(last.messages)).toEqual(ids(range(20, 49)));
  });

  it('appends newer messages once, in id order', () => {
    const thread = threadFromPage({
      messages: range(1, 3),
      unreades_start: null,
      unreades_total: 0,
    });
    expect(ids(appendNewer(thread, [message(5), message(3), message(4)]).messages)).toEqual([
      1, 2, 3, 4, 5,
    ]);
  });

  it('counts the other side’s new arrivals as unread, starting the unread part when none was', () => {
    const read = threadFromPage({ messages: range(1, 3), unreades_start: null, unreades_total: 0 });
    const arrived = appendNewer(read, [message(3), message(4, true), message(6), message(5)]);
    // 3 was held already and 4 is mine: 5 and 6 arrived unread, from 5 on.
    expect(arrived).toMatchObject({ unreadTotal: 2, unreadStart: 5 });
    const more = appendNewer(arrived, [message(7)]);
    expect(more).toMatchObject({ unreadTotal: 3, unreadStart: 5 });
    expect(appendNewer(more, [message(7)])).toMatchObject({ unreadTotal: 3, unreadStart: 5 });
    expect(appendNewer(read, [message(4, true)])).toMatchObject({ unreadTotal: 0 });
  });

  it('pages back while the first unread message is older than the held ones and older exist', () => {
    const page = (from: number, to: number, start: number | null, total: number) =>
      threadFromPage({ messages: range(from, to), unreades_start: start, unreades_total: total });
    // 46 unread from 55 on, the latest page 81–100: the first unread is two pages back.
    expect(firstUnreadNotHeld(page(81, 100, 55, 46))).toBe(true);
    expect(firstUnreadNotHeld(prependOlder(page(81, 100, 55, 46), range(61, 80)))).toBe(true);
    const held = prependOlder(prependOlder(page(81, 100, 55, 46), range(61, 80)), range(41, 60));
    expect(firstUnreadNotHeld(held)).toBe(false);
    // Within the first page, nothing unread, or no older page: no paging.
    expect(firstUnreadNotHeld(page(81, 100, 90, 11))).toBe(false);
    expect(firstUnreadNotHeld(page(81, 100, null, 0))).toBe(false);
    expect(firstUnreadNotHeld(page(85, 100, 55, 46))).toBe(false);
  });

  it('counts reads down (never below zero), read-all to zero, and drops a deleted message', () => {
    const thread = threadFromPage({ messages: range(1, 3), unreades_start: 2, unreades_total: 1 });
    expect(markOneRead(thread).unreadTotal).toBe(0);
    expect(markOneRead(markOneRead(thread)).unreadTotal).toBe(0);
    expect(markAllRead({ ...thread, unreadTotal: 9 }).unreadTotal).toBe(0);
    expect(ids(removeMessage(thread, 2).messages)).toEqual([1, 3]);
  });

  it('puts the unread divider before the first unread message addressed to the reader and opens there', () => {
    const messages = [message(1), message(2, true), message(3), message(4)];
    const start = dividerStartOf({ unreadStart: 2, unreadTotal: 2 });
    const rows = threadRows(messages, start, []);
    expect(rows.map((row) => row.key)).toEqual(['m1', 'm2', 'unread-divider', 'm3', 'm4']);
    expect(openingRow(rows)).toBe(2);
    const read = threadRows(messages, dividerStartOf({ unreadStart: 2, unreadTotal: 0 }), []);
    expect(read.some((row) => row.kind === 'divider')).toBe(false);
    expect(openingRow(read)).toBe(3);
  });
});

describe('where a conversation opens', () => {
  it('puts the divider before a message whose id is the unread start itself, and opens on the first row', () => {
    const messages = [message(3), message(4, true), message(5)];
    const rows = threadRows(messages, 3, []);
    expect(rows.map((row) => row.key)).toEqual(['unread-divider', 'm3', 'm4', 'm5']);
    expect(openingRow(rows)).toBe(0);
    // without a divider, on the newest row
    expect(openingRow(threadRows(messages, null, []))).toBe(2);
  });

  it('pages back only while some are unread, the first of them is older than every held message, and older pages exist', () => {
    const held = threadFromPage({ messages: range(21, 40), unreades_start: 15, unreades_total: 3 });
    expect(held.hasOlder).toBe(true);
    expect(firstUnreadNotHeld(held)).toBe(true);
    expect(firstUnreadNotHeld({ ...held, unreadTotal: 0 })).toBe(false);
    expect(firstUnreadNotHeld({ ...held, unreadStart: null })).toBe(false);
    expect(firstUnreadNotHeld({ ...held, hasOlder: false })).toBe(false);
    expect(firstUnreadNotHeld({ ...held, messages: [] })).toBe(false);
    // the first unread message is the oldest one held: it is there
    expect(firstUnreadNotHeld({ ...held, unreadStart: 21 })).toBe(false);
  });

  it('keeps where the unread part starts when only my own messages arrive', () => {
    const read = threadFromPage({ messages: range(1, 5), unreades_start: null, unreades_total: 0 });
    const mine = appendNewer(read, [message(6, true)]);
    expect(mine).toMatchObject({ unreadStart: 5, unreadTotal: 0 });
    expect(ids(mine.messages)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe('a message the server took, before the conversation is read again', () => {
  const thread = () =>
    threadFromPage({ messages: range(1, 5), unreades_start: null, unreades_total: 0 });
  const taken = (entryId: string, id_message?: number, text = 'Готово'): AcceptedMessage => ({
    entryId,
    id_message,
    after: 5,
    text,
    fileNames: ['отчёт.pdf'],
    created: '2026-11-20T10:00:00+06:00',
  });
  const stored = (
    id: number,
    text = 'Готово',
    files: string | null = 'отчёт.pdf',
  ): ChatMessage => ({
    id_message: id,
    message: text,
    ismine: true,
    created: '2026-11-20T10:00:05+06:00',
    files,
  });
  const entry = (id: string) => ({ id }) as OutboxEntry<ChatSend>;

  it('is shown as sent after the held messages, in place of its outbox entry, once', () => {
    const held = holdAccepted(holdAccepted(thread(), taken('e1', 6)), taken('e1', 6));
    expect(held.accepted).toEqual([taken('e1', 6)]);
    // The entry leaves the outbox a moment later; meanwhile the message shows once, as taken.
    const rows = threadRows(held.messages, null, [entry('e1'), entry('e2')], held.accepted);
    expect(rows.map((row) => [row.kind, row.key])).toEqual([
      ...range(1, 5).map((item) => ['message', `m${item.id_message}`]),
      ['accepted', 'pe1'],
      ['pending', 'pe2'],
    ]);
  });

  it('gives way to the server’s copy once a read brings it, without a duplicate', () => {
    const held = holdAccepted(thread(), taken('e1', 6));
    // A read that does not reach it (older pages) keeps it.
    expect(prependOlder(held, []).accepted).toEqual([taken('e1', 6)]);
    const read = appendNewer(held, [stored(6)]);
    expect(read.accepted).toBeUndefined();
    expect(ids(read.messages)).toEqual([1, 2, 3, 4, 5, 6]);
    // A read that got there before the send's answer: the answer adds nothing.
    expect(holdAccepted(read, taken('e1', 6)).accepted).toBeUndefined();
    // A read past it (the server numbers in order) has read it.
    expect(appendNewer(held, [message(7)]).accepted).toBeUndefined();
  });

  it('stays through a fresh read that left before the server took it, and not through a later one', () => {
    const held = holdAccepted(thread(), taken('e1', 6));
    expect(keepAccepted(thread(), held).accepted).toEqual([taken('e1', 6)]);
    const later = threadFromPage({
      messages: [...range(1, 5), stored(6)],
      unreades_start: null,
      unreades_total: 0,
    });
    expect(keepAccepted(later, held).accepted).toBeUndefined();
    expect(keepAccepted(thread(), undefined).accepted).toBeUndefined();
  });

  it('is shown in a conversation that holds no message yet', () => {
    const empty = threadFromPage({ messages: [], unreades_start: null, unreades_total: 0 });
    expect(holdAccepted(empty, taken('e1', 1)).accepted).toEqual([taken('e1', 1)]);
    expect(holdAccepted(empty, taken('e2')).accepted).toEqual([taken('e2')]);
  });

  it('without an id from the answer, is matched by text and files newer than its baseline, one copy each', () => {
    const twice = holdAccepted(holdAccepted(thread(), taken('e1')), taken('e2'));
    expect(twice.accepted).toHaveLength(2);
    // Not mine, other files, or not newer than the baseline: not it.
    const others = [{ ...stored(6), ismine: false }, stored(7, 'Готово', null)];
    expect(appendNewer(twice, others).accepted).toHaveLength(2);
    const first = appendNewer(twice, [stored(8)]);
    expect(first.accepted?.map((copy) => copy.entryId)).toEqual(['e2']);
    expect(appendNewer(first, [stored(9)]).accepted).toBeUndefined();
    expect(
      holdAccepted(
        threadFromPage({ messages: [stored(5)], unreades_start: null, unreades_total: 0 }),
        taken('e3'),
      ).accepted,
    ).toHaveLength(1);
  });
});

describe('one of my stored messages and the one I sent', () => {
  const storedAs = (text: string, files: string | null, ismine = true): ChatMessage => ({
    id_message: 9,
    message: text,
    ismine,
    created: '2026-11-20T10:00:05+06:00',
    files,
  });

  it('are the same with the same text, spaces aside, and the same files in any order', () => {
    expect(
      isSameMessage(storedAs(' Готово ', 'отчёт.pdf;!;схема.png'), {
        text: 'Готово',
        fileNames: ['схема.png ', 'отчёт.pdf'],
      }),
    ).toBe(true);
    expect(isSameMessage(storedAs('Готово', null), { text: ' Готово\n', fileNames: [] })).toBe(
      true,
    );
  });

  it('differ in text, in a file, in the number of files, or when the stored one is not mine', () => {
    const sent = { text: 'Готово', fileNames: ['отчёт.pdf', 'схема.png'] };
    expect(isSameMessage(storedAs('Готово!', 'отчёт.pdf;!;схема.png'), sent)).toBe(false);
    expect(isSameMessage(storedAs('Готово', 'отчёт.pdf;!;план.png'), sent)).toBe(false);
    expect(isSameMessage(storedAs('Готово', 'отчёт.pdf'), sent)).toBe(false);
    expect(isSameMessage(storedAs('Готово', 'отчёт.pdf;!;схема.png', false), sent)).toBe(false);
  });
});

describe('unread counts of a discipline', () => {
  const rows = [
    { idid: 7001, id_type: 2 as const, countMessages: 3 },
    { idid: -1, id_type: 2 as const, countMessages: 4 },
  ];

  it('finds the group chat’s count', () => {
    expect(groupUnreadOf(rows)).toBe(4);
    expect(groupUnreadOf(rows.slice(0, 1))).toBe(0);
  });

  it('sets one conversation’s count: replaced, added, dropped at zero, the same rows unchanged', () => {
    expect(withUnreadCount(rows, { idid: 7001, id_type: 2 }, 3)).toBe(rows);
    expect(withUnreadCount(rows, { idid: 7001, id_type: 2 }, 1)).toEqual([
      rows[1],
      { idid: 7001, id_type: 2, countMessages: 1 },
    ]);
    expect(withUnreadCount(rows, { idid: 7002, id_type: 2 }, 2)).toHaveLength(3);
    expect(withUnreadCount(rows, { idid: 7001, id_type: 2 }, 0)).toEqual([rows[1]]);
    // The group chat is one row whatever id_type the conversation names it with.
    expect(withUnreadCount(rows, { idid: -1, id_type: 1 }, 0)).toEqual([rows[0]]);
    // The same id of the other role is another person.
    expect(withUnreadCount(rows, { idid: 7001, id_type: 1 }, 2)).toHaveLength(3);
  });
});

describe('a conversation’s address and name', () => {
  const user = { id: 501, role: 1 as const };
  const academic = {
    discipline: { id_discipline: 3001, name: 'Веб-разработка', kredits: 3 },
    group: { id_group: 101, name: 'ПИ-1-26', isPotok: false },
    year: 27,
    ws: 1 as const,
  };

  it('asks the unread counts with the active group’s chat, once the chain reached a group', () => {
    expect(groupChatQueryOf(user, academic)).toEqual({
      year: 27,
      id_from_type: 1,
      id_from: 501,
      id_to_type: 2,
      id_to: -1,
      id_discipline: 3001,
      ws: 1,
      kredit: 3,
      gr_potok: 101,
      IsSelect: false,
    });
    expect(groupChatQueryOf(user, { ...academic, group: null })).toBeNull();
    expect(groupChatQueryOf(user, { ...academic, ws: null })).toBeNull();
  });

  it('asks nothing until the chain reached a discipline, a year and a semester half', () => {
    expect(groupChatQueryOf(user, { ...academic, discipline: null })).toBeNull();
    expect(groupChatQueryOf(user, { ...academic, year: null })).toBeNull();
  });

  const teacher: Pick<ShellUser, 'id' | 'role'> = user;
  const contact = { idid: 7001, id_type: 2 as const, fio: 'Токтогулова Айпери Нурлановна' };
  const chain: Pick<AcademicContext, 'contact' | 'discipline' | 'group' | 'year' | 'ws'> = {
    ...academic,
    contact,
  };
  const open = (fields: Partial<typeof chain> = {}) =>
    conversationOf(teacher as ShellUser, { ...chain, ...fields } as AcademicContext);

  it('opens a private conversation with the chosen contact in the discipline, year and half', () => {
    expect(open()).toEqual({
      kind: 'private',
      key: 'private:27:1:3001:1.501:2.7001',
      query: {
        year: 27,
        id_from_type: 1,
        id_from: 501,
        id_to_type: 2,
        id_to: 7001,
        id_discipline: 3001,
        ws: 1,
        kredit: 3,
      },
      title: 'Токтогулова Айпери Нурлановна',
    });
  });

  it('opens the group chat of the active group or stream, each its own conversation', () => {
    const groupChat = { idid: -1, id_type: 2 as const, fio: 'Групповой чат' };
    const ofGroup = open({ contact: groupChat });
    expect(ofGroup).toEqual({
      kind: 'group',
      key: 'group:101:g:501',
      query: { ...groupChatQueryOf(user, academic)!, gr_potok: 101, IsSelect: false },
      group: { id_HumanFrom: 501, id_humanTypeFrom: 1, gr_potok: 101, IsSelect: false },
      title: 'Групповой чат',
    });
    const ofStream = open({
      contact: groupChat,
      group: { id_group: 9001, name: 'П-26', isPotok: true },
    });
    expect(ofStream).toMatchObject({
      key: 'group:9001:s:501',
      query: { gr_potok: 9001, IsSelect: true },
      group: { gr_potok: 9001, IsSelect: true },
    });
    // a group that does not say whether it is a stream is a group
    const unsaid = open({ contact: groupChat, group: { id_group: 102, name: 'ПИ-2-26' } });
    expect(unsaid).toMatchObject({ key: 'group:102:g:501', group: { IsSelect: false } });
  });

  it('opens nothing until the chain reached a contact, a discipline, a group, a year and a half', () => {
    expect(open({ contact: null })).toBeNull();
    expect(open({ discipline: null })).toBeNull();
    expect(open({ group: null })).toBeNull();
    expect(open({ year: null })).toBeNull();
    expect(open({ ws: null })).toBeNull();
  });

  it('names a contact restored by id from the contact list once it arrives', () => {
    const conversation = (title: string): Conversation => ({
      kind: 'private',
      key: 'k',
      title,
      query: { ...groupChatQueryOf(user, academic)!, id_to: 7001 },
    });
    const contacts = [{ idid: 7001, fio: 'Токтогулова Айпери Нурлановна' }];
    expect(conversationTitle(conversation(''), undefined, 'Групповой чат')).toBeNull();
    expect(conversationTitle(conversation(''), contacts, 'Групповой чат')).toBe(
      'Токтогулова Айпери Нурлановна',
    );
    expect(conversationTitle(conversation('Асанова А.'), contacts, 'Групповой чат')).toBe(
      'Асанова А.',
    );
    const group = { ...conversation(''), kind: 'group' as const, group: {} as never };
    expect(conversationTitle(group, undefined, 'Group chat')).toBe('Group chat');
    // a name of spaces is no name, whether chosen or listed; another contact’s name is not it
    expect(conversationTitle(conversation('  '), contacts, 'Групповой чат')).toBe(
      'Токтогулова Айпери Нурлановна',
    );
    expect(conversationTitle(conversation(''), [{ idid: 7001, fio: ' ' }], '')).toBeNull();
    expect(conversationTitle(conversation(''), [{ idid: 7002, fio: 'Асанова А.' }], '')).toBeNull();
  });
});

describe('message text', () => {
  it('finds http(s) links, leaves sentence punctuation outside, and never links other schemes', () => {
    expect(splitLinks('см. https://example.kg/a?b=1, потом')).toEqual([
      { kind: 'text', text: 'см. ' },
      { kind: 'link', text: 'https://example.kg/a?b=1', href: 'https://example.kg/a?b=1' },
      { kind: 'text', text: ', потом' },
    ]);
    expect(splitLinks('javascript:alert(1) <b>x</b>')).toEqual([
      { kind: 'text', text: 'javascript:alert(1) <b>x</b>' },
    ]);
    expect(splitLinks('')).toEqual([]);
  });

  it('links plain http too, at the very start, and leaves a run of closing punctuation outside', () => {
    expect(splitLinks('http://lms.kg/a (см. https://lms.kg/b).')).toEqual([
      { kind: 'link', text: 'http://lms.kg/a', href: 'http://lms.kg/a' },
      { kind: 'text', text: ' (см. ' },
      { kind: 'link', text: 'https://lms.kg/b', href: 'https://lms.kg/b' },
      { kind: 'text', text: ').' },
    ]);
  });

  it('tells photos from other files by extension', () => {
    expect(isPhoto('схема.JPG')).toBe(true);
    expect(isPhoto('photo.webp')).toBe(true);
    expect(isPhoto('lab.pdf')).toBe(false);
    expect(isPhoto('jpg')).toBe(false);
    for (const name of ['a.jpg', 'a.jpeg', 'a.png', 'a.gif', 'a.webp', 'a.bmp', 'A.PNG']) {
      expect(isPhoto(name), name).toBe(true);
    }
    // a name that is only an extension is a hidden file, not a photo
    expect(isPhoto('.png')).toBe(false);
  });
});
