import { describe, expect, it } from 'vitest';
import {
  conversationTitle,
  groupChatQueryOf,
  type ChatMessage,
  type Conversation,
} from '../src/features/chat/utils/conversation';
import { isPhoto, splitLinks } from '../src/features/chat/utils/message-text';
import type { OutboxEntry } from '../src/lib/outbox/outbox';
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

  it('tells photos from other files by extension', () => {
    expect(isPhoto('схема.JPG')).toBe(true);
    expect(isPhoto('photo.webp')).toBe(true);
    expect(isPhoto('lab.pdf')).toBe(false);
    expect(isPhoto('jpg')).toBe(false);
  });
});
