import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../src/features/chat/utils/conversation';
import { isPhoto, splitLinks } from '../src/features/chat/utils/message-text';
import {
  appendNewer,
  markAllRead,
  markOneRead,
  prependOlder,
  removeMessage,
  threadFromPage,
} from '../src/features/chat/utils/thread';
import { dividerStartOf, openingRow, threadRows } from '../src/features/chat/utils/thread-rows';

function message(id: number, ismine = false): ChatMessage {
  return { id_message: id, message: `m${id}`, ismine, created: '2026-11-20T10:00:00+06:00' };
}
const ids = (messages: readonly ChatMessage[]) => messages.map((item) => item.id_message);
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => message(from + index));

describe('a chat thread (section 4)', () => {
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
