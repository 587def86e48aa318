import 'fake-indexeddb/auto';
import { LmsError } from '@lms/client';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createOutbox,
  type Outbox,
  type OutboxEntry,
  type OutboxOptions,
  type Reconciled,
} from '../src/lib/offline/outbox/outbox';
import { openOutboxStore } from '../src/lib/offline/outbox/outbox-store';
import {
  deliveryLockName,
  isOutboxNews,
  postOutboxNews,
  type OutboxNews,
} from '../src/lib/offline/outbox/outbox-tabs';
import { fakeWebLocks, type FakeTab } from './support/fake-web-locks';
import { settle, setUpRetryClock } from './support/retry-clock';

// One person, many tabs: two outboxes on one IndexedDB store are two tabs of one browser. They
// hear each other on the store's BroadcastChannel (Node's, as a browser's), and each has its own
// Web Locks view of one registry (jsdom has no Web Locks), whose close is the tab's.

interface Note {
  text: string;
}

const OWNER = 1;
const note = (text: string) => ({ owner: OWNER, scope: 'a', payload: { text }, files: [] });

/** A promise the test settles when it chooses: a send on its way. */
function deferred() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/** One tab of the browser: its outbox, what it sent, reconciled and refreshed. */
interface Tab {
  outbox: Outbox<Note>;
  sent: string[];
  reconciled: string[];
  refreshed: string[];
  shownAsSent: { text: string; receipt: unknown }[];
  close(): void;
}

interface TabOptions {
  /** Each send waits for this before the server takes it (the tab's own network). */
  hold?: () => Promise<void>;
  /** What the server answers a reconcile (when it answers). */
  reconcile?: () => Reconciled | Promise<Reconciled>;
  /** Whether the person sees this tab (what counts without Web Locks). */
  inFront?: () => boolean;
  /** Sends fail with this while it returns one. */
  fail?: () => unknown;
}

let stores = 0;

/**
 * A browser whose tabs share one outbox store; `withLocks: false` is a browser without Web Locks.
 * `server` lists every write the server took, from any tab.
 */
function browser({ withLocks = true } = {}) {
  stores += 1;
  const name = `tabs-${stores}`;
  const registry = fakeWebLocks();
  const server: string[] = [];
  const open = (options: TabOptions = {}): Tab => {
    const lockTab: FakeTab | null = withLocks ? registry.tab() : null;
    const tab: Omit<Tab, 'outbox'> = {
      sent: [],
      reconciled: [],
      refreshed: [],
      shownAsSent: [],
      close: () => lockTab?.close(),
    };
    const settings: OutboxOptions<Note> = {
      kind: 'chat-message',
      store: openOutboxStore(name),
      tabs: { locks: lockTab?.locks ?? null, inFront: options.inFront ?? (() => true) },
      send: async (entry) => {
        await options.hold?.();
        const error = options.fail?.();
        if (error) throw error;
        server.push(entry.payload.text);
        tab.sent.push(entry.payload.text);
        return { stored: server.length };
      },
      reconcile: async (entry) => {
        tab.reconciled.push(entry.payload.text);
        return (await options.reconcile?.()) ?? 'missing';
      },
      afterSent: async (entry) => void tab.refreshed.push(entry.payload.text),
      deliveredElsewhere: (entry, receipt) =>
        void tab.shownAsSent.push({ text: entry.payload.text, receipt }),
    };
    return { ...tab, outbox: createOutbox<Note>(settings) };
  };
  /** What the store keeps, as the next page would read it. */
  const kept = async () =>
    ((await openOutboxStore(name).all()) as OutboxEntry<Note>[]).map((entry) => [
      entry.payload.text,
      entry.status,
    ]);
  return { open, server, kept };
}

/** What a tab shows as waiting: each entry's text and state. */
const shown = (tab: Tab) =>
  tab.outbox.entries.value.map((entry) => [entry.payload.text, entry.status]);

/** Lets the tabs' stores, channels and locks settle (more turns than one tab needs). */
const settleTabs = () => settle(60);

afterEach(() => {
  onlineManager.setOnline(true);
});
setUpRetryClock();

describe('the fake Web Locks the tab tests run on', () => {
  it('grants one tab at a time in the order asked, answers ifAvailable at once, and frees a closed tab’s lock', async () => {
    const registry = fakeWebLocks();
    const [first, second, third] = [registry.tab(), registry.tab(), registry.tab()];
    const order: string[] = [];
    const held = deferred();
    const one = first.locks.request('x', async () => {
      order.push('first');
      await held.promise;
    });
    const two = second.locks.request('x', async () => void order.push('second'));
    const free = await third.locks.request('x', { ifAvailable: true }, async (lock) => lock);
    expect(free).toBeNull();
    await settle();
    expect(order).toEqual(['first']);
    held.resolve();
    await Promise.all([one, two]);
    expect(order).toEqual(['first', 'second']);

    void first.locks.request('y', () => new Promise(() => undefined));
    const after = second.locks.request('y', async () => 'granted');
    first.close();
    await expect(after).resolves.toBe('granted');
  });
});

describe('an outbox in two tabs', () => {
  it('shows a write in both tabs and delivers it once when the network returns to both', async () => {
    const { open, server, kept } = browser();
    const first = open();
    const second = open();
    onlineManager.setOnline(false);
    // Both tabs have the chat open: each asks its outbox to send.
    await first.outbox.flush(OWNER);
    await second.outbox.flush(OWNER);
    await first.outbox.add(note('Здравствуйте'));
    await settleTabs();
    expect(shown(first)).toEqual([['Здравствуйте', 'pending']]);
    expect(shown(second)).toEqual([['Здравствуйте', 'pending']]);

    onlineManager.setOnline(true);
    await settleTabs();
    expect(server).toEqual(['Здравствуйте']);
    expect(shown(first)).toEqual([]);
    expect(shown(second)).toEqual([]);
    expect(await kept()).toEqual([]);
    // The tab that did not send shows it as sent, with the server's answer, and reads again.
    const [sender, other] = first.sent.length === 1 ? [first, second] : [second, first];
    expect(sender.refreshed).toEqual(['Здравствуйте']);
    expect(other.shownAsSent).toEqual([{ text: 'Здравствуйте', receipt: { stored: 1 } }]);
    expect(other.refreshed).toEqual(['Здравствуйте']);
  });

  it('a tab opened while another sends shows it on its way and does not send it again', async () => {
    const { open, server, kept } = browser();
    const onTheWay = deferred();
    const first = open({ hold: () => onTheWay.promise });
    await first.outbox.add(note('Отчёт'));
    await settleTabs();

    const second = open();
    await second.outbox.load();
    expect(shown(second)).toEqual([['Отчёт', 'sending']]);
    const secondFlush = second.outbox.flush(OWNER);
    await settleTabs();
    expect(server).toEqual([]);

    onTheWay.resolve();
    await secondFlush;
    await settleTabs();
    expect(server).toEqual(['Отчёт']);
    expect(first.sent).toEqual(['Отчёт']);
    expect(second.sent).toEqual([]);
    expect(second.reconciled).toEqual([]);
    expect(shown(second)).toEqual([]);
    expect(await kept()).toEqual([]);
  });

  it('does not send a write another tab discarded while this one was sending the one before', async () => {
    const { open, server } = browser();
    const onTheWay = deferred();
    const first = open({ hold: () => onTheWay.promise });
    const second = open();
    await second.outbox.flush(OWNER);
    await first.outbox.add(note('первое'));
    await first.outbox.add(note('второе'));
    await settleTabs();
    const discarded = second.outbox.entries.value.find((entry) => entry.payload.text === 'второе');
    await second.outbox.discard(discarded!.id);
    await settleTabs();

    onTheWay.resolve();
    await settleTabs();
    expect(server).toEqual(['первое']);
    expect(shown(first)).toEqual([]);
  });

  it('loses nothing when the sending tab closes mid-send: the other tab asks the server, finds it stored, and does not send it again', async () => {
    const { open, server, kept } = browser();
    const first = open({ hold: () => new Promise(() => undefined) });
    const second = open({ reconcile: () => 'delivered' });
    // The second tab's chat is open; the first tab sends, and never hears back.
    await second.outbox.flush(OWNER);
    await first.outbox.add(note('Ответ на задание'));
    await settleTabs();
    expect(shown(second)).toEqual([['Ответ на задание', 'sending']]);
    expect(second.reconciled).toEqual([]);

    first.close();
    await settleTabs();
    expect(second.reconciled).toEqual(['Ответ на задание']);
    expect(server).toEqual([]);
    expect(shown(second)).toEqual([]);
    expect(second.refreshed).toEqual(['Ответ на задание']);
    expect(await kept()).toEqual([]);
  });

  it('loses nothing when the sending tab closes before the server took it: the other tab sends it, once', async () => {
    const { open, server, kept } = browser();
    const first = open({ hold: () => new Promise(() => undefined) });
    const second = open({ reconcile: () => 'missing' });
    await second.outbox.flush(OWNER);
    await first.outbox.add(note('Ответ на задание'));
    await settleTabs();

    first.close();
    await settleTabs();
    expect(second.reconciled).toEqual(['Ответ на задание']);
    expect(server).toEqual(['Ответ на задание']);
    expect(shown(second)).toEqual([]);
    expect(await kept()).toEqual([]);
  });

  it('a tab opened after the sending tab closed reconciles what was cut off before sending it', async () => {
    const { open, server, kept } = browser();
    const first = open({ hold: () => new Promise(() => undefined) });
    await first.outbox.add(note('Ответ'));
    await settleTabs();
    first.close();

    const second = open({ reconcile: () => 'missing' });
    await second.outbox.load();
    expect(shown(second)).toEqual([['Ответ', 'sending']]);
    await second.outbox.flush(OWNER);
    expect(second.reconciled).toEqual(['Ответ']);
    expect(server).toEqual(['Ответ']);
    expect(await kept()).toEqual([]);
  });

  it('one tab reconciles an uncertain write; the other waits for its answer and sends nothing', async () => {
    const { open, server } = browser();
    const answered = deferred();
    let lost = true;
    const first = open({
      fail: () => (lost ? new LmsError('TIMEOUT_ERROR', 'timed out') : undefined),
      reconcile: () => answered.promise.then(() => 'delivered' as const),
    });
    const second = open({ reconcile: () => 'delivered' });
    await first.outbox.add(note('Эссе'));
    await settleTabs();
    expect(shown(first)).toEqual([['Эссе', 'pending']]);
    expect(first.outbox.entries.value[0]?.uncertain).toBe(true);
    lost = false;

    const flushes = [first.outbox.flush(OWNER), second.outbox.flush(OWNER)];
    await settleTabs();
    expect(first.reconciled).toEqual(['Эссе']);
    expect(second.reconciled).toEqual([]);
    answered.resolve();
    await Promise.all(flushes);
    await settleTabs();
    expect(second.reconciled).toEqual([]);
    expect(server).toEqual([]);
    expect(shown(first)).toEqual([]);
    expect(shown(second)).toEqual([]);
  });

  it('drops a person’s writes in every tab when they sign out in one', async () => {
    const { open, kept } = browser();
    const first = open();
    const second = open();
    onlineManager.setOnline(false);
    await second.outbox.flush(OWNER);
    await first.outbox.add(note('черновик'));
    await settleTabs();
    expect(shown(second)).toEqual([['черновик', 'pending']]);

    await first.outbox.forgetOwner(OWNER);
    await settleTabs();
    expect(shown(first)).toEqual([]);
    expect(shown(second)).toEqual([]);
    expect(await kept()).toEqual([]);
    onlineManager.setOnline(true);
    await settleTabs();
    expect(await kept()).toEqual([]);
  });
});

describe('an outbox in a browser without Web Locks', () => {
  it('is delivered only by the tab the person sees; a hidden tab leaves it waiting', async () => {
    const { open, server } = browser({ withLocks: false });
    const hidden = open({ inFront: () => false });
    const visible = open({ inFront: () => true });
    await visible.outbox.flush(OWNER);
    await hidden.outbox.add(note('из скрытой вкладки'));
    await settleTabs();
    expect(hidden.sent).toEqual([]);
    expect(visible.sent).toEqual(['из скрытой вкладки']);
    expect(server).toEqual(['из скрытой вкладки']);
    expect(shown(hidden)).toEqual([]);
  });

  it('with navigator.locks undefined, waits while the tab is hidden and delivers once it is shown', async () => {
    expect('locks' in navigator).toBe(false);
    stores += 1;
    const sent: string[] = [];
    const outbox = createOutbox<Note>({
      kind: 'chat-message',
      store: openOutboxStore(`tabs-${stores}`),
      send: async (entry) => void sent.push(entry.payload.text),
    });
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    try {
      await outbox.add(note('позже'));
      await settleTabs();
      expect(sent).toEqual([]);
      expect(shown({ outbox } as Tab)).toEqual([['позже', 'pending']]);
      expect(vi.getTimerCount()).toBe(0);

      Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
      document.dispatchEvent(new Event('visibilitychange'));
      await settleTabs();
      expect(sent).toEqual(['позже']);
      expect(outbox.entries.value).toEqual([]);
    } finally {
      delete (document as { visibilityState?: unknown }).visibilityState;
    }
  });
});

describe('the news between tabs', () => {
  it('is understood only in the forms a tab posts; anything else on the channel is ignored', () => {
    expect(isOutboxNews({ type: 'changed' })).toBe(true);
    expect(isOutboxNews({ type: 'delivered', id: 'e1', receipt: { id: 5 } })).toBe(true);
    expect(isOutboxNews({ type: 'forgot', owner: 7 })).toBe(true);
    expect(isOutboxNews({ type: 'delivered' })).toBe(false);
    expect(isOutboxNews({ type: 'delivered', id: 5 })).toBe(false);
    expect(isOutboxNews({ type: 'forgot', owner: '7' })).toBe(false);
    expect(isOutboxNews({ type: 'reload' })).toBe(false);
    expect(isOutboxNews('changed')).toBe(false);
    expect(isOutboxNews(null)).toBe(false);
  });

  it('goes without its receipt when the receipt cannot be copied, and is lost quietly on a closed channel', () => {
    const posted: unknown[] = [];
    const channel = {
      postMessage(message: OutboxNews) {
        if (message.type === 'delivered' && 'receipt' in message)
          throw new DOMException('no clone');
        posted.push(message);
      },
    } as unknown as BroadcastChannel;
    postOutboxNews(channel, { type: 'delivered', id: 'e1', receipt: { keep: () => undefined } });
    postOutboxNews(channel, { type: 'forgot', owner: 7 });
    expect(posted).toEqual([
      { type: 'delivered', id: 'e1' },
      { type: 'forgot', owner: 7 },
    ]);

    const closed = {
      postMessage() {
        throw new DOMException('closed', 'InvalidStateError');
      },
    } as unknown as BroadcastChannel;
    expect(() => postOutboxNews(closed, { type: 'changed' })).not.toThrow();
    expect(() => postOutboxNews(null, { type: 'changed' })).not.toThrow();
  });

  it('locks each owner’s delivery of each store apart', () => {
    expect(deliveryLockName('chat', 1)).not.toBe(deliveryLockName('chat', 2));
    expect(deliveryLockName('chat', 1)).not.toBe(deliveryLockName('visits', 1));
    expect(deliveryLockName('chat', 1)).toBe(deliveryLockName('chat', 1));
  });
});
