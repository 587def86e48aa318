import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../src/lib/offline/outbox/outbox';
import { heldIfLost, readOver } from '../src/lib/offline/outbox/outbox-entries';

const entry = (id: string, createdAt: number, rest: Partial<OutboxEntry<string>> = {}) =>
  ({
    id,
    owner: 7,
    scope: 'class',
    payload: id,
    files: [],
    createdAt,
    status: 'pending',
    attempts: 0,
    uncertain: false,
    ...rest,
  }) satisfies OutboxEntry<string>;

describe('a read of the outbox store laid over the page’s list', () => {
  it('says nothing new when the store holds what the page shows, keeping the same objects', () => {
    const shown = [entry('a', 1), entry('b', 2)];
    const reading = readOver(shown, [entry('b', 2), entry('a', 1)], new Set(['a', 'b']), false);
    expect(reading).toEqual({ next: null, vanished: [] });
  });

  it('replaces a changed entry, keeps an unchanged one as it was, and adds new ones by age', () => {
    const a = entry('a', 1);
    const shown = [a, entry('b', 3)];
    const reading = readOver(
      shown,
      [entry('c', 2), entry('b', 3, { status: 'failed', attempts: 1 }), entry('a', 1)],
      new Set(['a', 'b']),
      false,
    );
    expect(reading.next?.map((item) => item.id)).toEqual(['a', 'c', 'b']);
    expect(reading.next?.[0]).toBe(a);
    expect(reading.next?.[2]).toMatchObject({ status: 'failed', attempts: 1 });
    expect(reading.vanished).toEqual([]);
  });

  it('orders entries made in the same millisecond by id', () => {
    const reading = readOver([], [entry('y', 5), entry('x', 5)], new Set(), false);
    expect(reading.next?.map((item) => item.id)).toEqual(['x', 'y']);
  });

  it('lets an entry seen stored go when the store no longer holds it, and keeps the page’s only copy', () => {
    const gone = entry('gone', 1);
    const unstored = entry('unstored', 2);
    const reading = readOver([gone, unstored], [], new Set(['gone']), false);
    expect(reading.next).toEqual([unstored]);
    expect(reading.vanished).toEqual([gone]);
  });

  it('notices a change in any of status, attempts, uncertainty and age', () => {
    const shown = entry('a', 1);
    for (const change of [
      { status: 'sending' as const },
      { attempts: 2 },
      { uncertain: true },
      { createdAt: 9 },
    ]) {
      const reading = readOver([shown], [entry('a', 1, change)], new Set(['a']), false);
      expect(reading.next?.[0]).toMatchObject(change);
    }
  });

  it('reads a stored entry without `uncertain` as certain', () => {
    const { uncertain: _absent, ...old } = entry('a', 1);
    const reading = readOver([], [old as OutboxEntry<string>], new Set(), false);
    expect(reading.next?.[0]?.uncertain).toBe(false);
  });

  it('on a first read of its own store, takes an entry caught sending as waiting and uncertain', () => {
    const caught = entry('a', 1, { status: 'sending', attempts: 1 });
    expect(readOver([], [caught], new Set(), true).next?.[0]).toMatchObject({
      status: 'pending',
      uncertain: true,
    });
    // A store other tabs share leaves that to the tab that next holds the owner's lock.
    expect(readOver([], [caught], new Set(), false).next?.[0]).toMatchObject({
      status: 'sending',
      uncertain: false,
    });
  });

  it('holds an entry that lost files for the person, as a refused one', () => {
    const lost = entry('a', 1, { lostFiles: ['скан.pdf'], error: 'earlier' });
    expect(readOver([], [lost], new Set(), false).next?.[0]).toMatchObject({
      status: 'failed',
      error: undefined,
    });
    expect(heldIfLost(entry('b', 1, { lostFiles: [] }))).toMatchObject({ status: 'pending' });
    expect(heldIfLost(entry('c', 1, { lostFiles: ['a.pdf'], status: 'sending' }))).toMatchObject({
      status: 'sending',
    });
  });
});
