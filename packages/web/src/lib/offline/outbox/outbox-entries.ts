import { signal, type Signal } from '@preact/signals-react';
import type { OutboxEntry } from './outbox';
import type { OutboxStore } from './outbox-store';
import { isOutboxNews, openOutboxChannel, postOutboxNews, type OutboxNews } from './outbox-tabs';

/**
 * An entry that lost files is not sent by itself: the person decides, as for a refused write,
 * whether it goes without them.
 */
export function heldIfLost<Payload>(entry: OutboxEntry<Payload>): OutboxEntry<Payload> {
  if (!entry.lostFiles?.length || entry.status !== 'pending') return entry;
  return { ...entry, status: 'failed', error: undefined };
}

/** An entry as the store holds it, read by a page. */
function asRead<Payload>(value: OutboxEntry<Payload>): OutboxEntry<Payload> {
  return heldIfLost({ ...value, uncertain: value.uncertain === true });
}

function byAge<Payload>(a: OutboxEntry<Payload>, b: OutboxEntry<Payload>) {
  return a.createdAt - b.createdAt || a.id.localeCompare(b.id);
}

const sameNames = (a: readonly string[] = [], b: readonly string[] = []) =>
  a.length === b.length && a.every((name, at) => name === b[at]);

/** Whether a read of the store says nothing new about an entry the page shows. */
function sameState<Payload>(shown: OutboxEntry<Payload>, read: OutboxEntry<Payload>): boolean {
  return (
    shown.status === read.status &&
    shown.attempts === read.attempts &&
    shown.uncertain === read.uncertain &&
    shown.createdAt === read.createdAt
  );
}

/** The entry naming the files only this page holds (none: the field goes). */
function withPageOnlyFiles<Payload>(
  entry: OutboxEntry<Payload>,
  pageOnlyFiles: readonly string[],
): OutboxEntry<Payload> {
  const { pageOnlyFiles: _before, ...rest } = entry;
  return pageOnlyFiles.length > 0 ? { ...rest, pageOnlyFiles } : rest;
}

/** What a read of the store makes of the page's list. */
export interface StoreReading<Payload> {
  /** The list as the store has it now, oldest first; null when the read says nothing new. */
  next: OutboxEntry<Payload>[] | null;
  /** Entries the page showed that left the store (delivered or dropped by another tab). */
  vanished: OutboxEntry<Payload>[];
}

/**
 * Lays a read of the store (`values`) over the page's list (`shown`): an entry the read holds
 * unchanged stays the same object, a changed one is replaced, a new one joins. One the read no
 * longer holds left under another tab if the page had seen it stored (`seenStored`), else it is
 * the page's only copy (it never managed to store it) and stays. With `cutOff` (a page's first
 * read of a store no other tab shares), an entry caught 'sending' by a reload may or may not have
 * reached the server: it waits again, uncertain.
 */
export function readOver<Payload>(
  shown: readonly OutboxEntry<Payload>[],
  values: readonly OutboxEntry<Payload>[],
  seenStored: ReadonlySet<string>,
  cutOff: boolean,
): StoreReading<Payload> {
  const found = new Map(
    values.map((value): [string, OutboxEntry<Payload>] => {
      const read = asRead(value);
      const caught = cutOff && read.status === 'sending';
      return [read.id, caught ? heldIfLost({ ...read, status: 'pending', uncertain: true }) : read];
    }),
  );
  let changed = false;
  const next: OutboxEntry<Payload>[] = [];
  const vanished: OutboxEntry<Payload>[] = [];
  for (const entry of shown) {
    const read = found.get(entry.id);
    found.delete(entry.id);
    if (read) {
      const same = sameState(entry, read);
      next.push(same ? entry : read);
      changed ||= !same;
    } else if (!seenStored.has(entry.id)) next.push(entry);
    else {
      changed = true;
      vanished.push(entry);
    }
  }
  next.push(...found.values());
  changed ||= found.size > 0;
  return { next: changed ? next.sort(byAge) : null, vanished };
}

/** How many entries that left the store under another tab a page remembers. */
const VANISHED_KEPT = 50;

/** Remembers entries that left the store under another tab, the oldest forgotten past the limit. */
function remember<Payload>(
  vanished: Map<string, OutboxEntry<Payload>>,
  left: readonly OutboxEntry<Payload>[],
) {
  for (const entry of left) {
    vanished.set(entry.id, entry);
    if (vanished.size > VANISHED_KEPT) vanished.delete(vanished.keys().next().value!);
  }
}

/** The store's channel to the other tabs, their news handed to `onNews`; null without one. */
function hearOtherTabs(shared: string, onNews: (news: OutboxNews) => void) {
  const channel = openOutboxChannel(shared);
  channel?.addEventListener('message', (event: MessageEvent<unknown>) => {
    if (isOutboxNews(event.data)) onNews(event.data);
  });
  return channel;
}

/** Removes every stored entry of the owner; answers the ids removed. */
async function removeStoredOf(store: OutboxStore, owner: number): Promise<string[]> {
  const values = (await store.all({ files: false }).catch(() => [])) as Partial<
    OutboxEntry<unknown>
  >[];
  const removed: string[] = [];
  for (const value of values) {
    if (value.owner !== owner || typeof value.id !== 'string') continue;
    await store.remove(value.id).catch(() => undefined);
    removed.push(value.id);
  }
  return removed;
}

/**
 * The page's copy of an outbox's stored entries (`entries`, what its screens show), changed one
 * step at a time with the store, so a read of the store never undoes a change this page made
 * after the read began. A store in IndexedDB (`shared`, its name) is every tab's: a change here is
 * told to the other tabs, and their news is handed to `onNews` once the copy is loaded.
 */
export function createEntryCopy<Payload>(store: OutboxStore, onNews: (news: OutboxNews) => void) {
  const shared = store.persistent ? store.name : undefined;
  const entries: Signal<readonly OutboxEntry<Payload>[]> = signal([]);
  /** Ids this page has seen in the store: one gone from it was delivered or dropped elsewhere. */
  const stored = new Set<string>();
  /**
   * Entries that left the store under another tab, newest last: the news that one was delivered
   * may come after this page read the store (the lock passes before the message arrives).
   */
  const vanished = new Map<string, OutboxEntry<Payload>>();
  let channel: BroadcastChannel | null = null;
  let loading: Promise<void> | undefined;
  let queuedRead: Promise<void> | undefined;
  let lastStep: Promise<unknown> = Promise.resolve();

  const inTurn = <T>(step: () => Promise<T>): Promise<T> => {
    const run = lastStep.then(step);
    lastStep = run.catch(() => undefined);
    return run;
  };
  const held = (id: string) => entries.value.some((entry) => entry.id === id);
  const replace = (next: OutboxEntry<Payload>) => {
    entries.value = entries.value.map((entry) => (entry.id === next.id ? next : entry));
  };
  const tell = (news: OutboxNews) => postOutboxNews(channel, news);

  /** Reads the store into the list: what other tabs added, changed or removed. */
  const readStore = async (first: boolean) => {
    let values: OutboxEntry<Payload>[];
    try {
      values = (await store.all()) as OutboxEntry<Payload>[];
    } catch {
      return;
    }
    const reading = readOver(entries.value, values, stored, first && !shared);
    remember(vanished, reading.vanished);
    stored.clear();
    for (const value of values) stored.add(value.id);
    if (reading.next) entries.value = reading.next;
  };

  return {
    entries,
    shared,
    inTurn,
    tell,
    /** Reads the stored entries once (later calls reuse the first read) and hears other tabs. */
    load: () =>
      (loading ??= (() => {
        if (shared && !channel) channel = hearOtherTabs(shared, onNews);
        return inTurn(() => readStore(true));
      })()),
    /** Reads the store once more after whatever this page is changing (joined while queued). */
    refresh: (): Promise<void> =>
      (queuedRead ??= inTurn(() => {
        queuedRead = undefined;
        return readStore(false);
      })),
    /** Shows a new entry (stored by `save`). */
    add: (entry: OutboxEntry<Payload>) => {
      entries.value = [...entries.value, entry];
    },
    /**
     * Stores a changed entry; one discarded, forgotten or delivered meanwhile stays gone (false).
     * The entry then names the files only this page holds.
     */
    save: (next: OutboxEntry<Payload>): Promise<boolean> =>
      inTurn(async () => {
        if (!held(next.id)) return false;
        replace(next);
        try {
          const write = await store.put(next.id, next);
          stored.add(next.id);
          tell({ type: 'changed' });
          const pageOnlyFiles = write?.pageOnlyFiles ?? [];
          if (!sameNames(next.pageOnlyFiles, pageOnlyFiles)) {
            replace(withPageOnlyFiles(next, pageOnlyFiles));
          }
        } catch {
          // The entry stays on screen for this page; only its survival of a reload is lost.
        }
        return true;
      }),
    /** Removes an entry here and from the store, and tells the other tabs `news`. */
    forget: (id: string, news: OutboxNews = { type: 'changed' }) =>
      inTurn(async () => {
        entries.value = entries.value.filter((entry) => entry.id !== id);
        try {
          await store.remove(id);
        } catch {
          // As above.
        }
        stored.delete(id);
        tell(news);
      }),
    /**
     * Another tab delivered the entry: it leaves the list (after `shown`, given the entry as this
     * page showed it); resolves to that entry, or undefined when the page never showed it.
     */
    leaveDelivered: (id: string, shown: (entry: OutboxEntry<Payload>) => void) =>
      inTurn(async () => {
        const entry = entries.value.find((item) => item.id === id) ?? vanished.get(id);
        vanished.delete(id);
        if (!entry) return undefined;
        shown(entry);
        entries.value = entries.value.filter((item) => item.id !== id);
        stored.delete(id);
        return entry;
      }),
    /** Drops every entry of the owner from this page and from the store. */
    dropOwner: (owner: number) =>
      inTurn(async () => {
        entries.value = entries.value.filter((entry) => entry.owner !== owner);
        for (const id of await removeStoredOf(store, owner)) stored.delete(id);
      }),
  };
}

export type EntryCopy<Payload> = ReturnType<typeof createEntryCopy<Payload>>;
