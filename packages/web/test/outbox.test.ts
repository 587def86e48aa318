import 'fake-indexeddb/auto';
import { File as NodeFile } from 'node:buffer';
import { createLmsClient, LmsError } from '@lms/client';
import { onlineManager, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { classifyOutboxFailure, outcomeUnknown } from '../src/lib/offline/outbox/outbox-failure';
import {
  createOutbox,
  type Outbox,
  type OutboxEntry,
  type OutboxOptions,
  type Reconciled,
} from '../src/lib/offline/outbox/outbox';
import { OUTBOX_RETRY_CAP_MS, retryDelay } from '../src/lib/offline/outbox/outbox-schedule';
import { onOutboxSessionEnded } from '../src/lib/offline/outbox/outbox-session';
import {
  countWaitingWrites,
  forgetWrites,
  openOutboxStore,
  type OutboxStore,
} from '../src/lib/offline/outbox/outbox-store';
import { chatOutbox, registerChatSender } from '../src/features/chat/api/send-message';
import { chatKeys } from '../src/features/chat/api/chat-keys';
import type { ChatMessage, Conversation } from '../src/features/chat/utils/conversation';
import { threadFromPage, type ChatThread } from '../src/features/chat/utils/thread';
import { installFakeXhr } from './support/fake-xhr';
import { pass, settle, setUpRetryClock } from './support/retry-clock';
import { textOf } from './support/stored-files';

interface Note {
  text: string;
}

/** A note of `owner` (1 unless told), in scope 'a', without files: the entry most cases queue. */
const note = (text: string, owner = 1) => ({ owner, scope: 'a', payload: { text }, files: [] });

/** A note put in the outbox, and what its first try set off settled. */
async function queue(outbox: Outbox<Note>, text: string): Promise<void> {
  await outbox.add(note(text));
  await settle();
}

/** An outbox store in memory (the `store` option), to look at what it keeps. */
function memoryStore(): OutboxStore & { map: Map<string, unknown> } {
  const map = new Map<string, unknown>();
  return {
    map,
    persistent: false,
    all: async () => [...map.values()],
    put: async (id, value) => void map.set(id, value),
    remove: async (id) => void map.delete(id),
  };
}

let kinds = 0;
/** A fresh IndexedDB store per test; `reopen` reads the same store as a reloaded page would. */
function setup(send: (entry: OutboxEntry<Note>) => Promise<void>) {
  kinds += 1;
  const name = `test-${kinds}`;
  const outbox = createOutbox<Note>({ kind: 'chat-message', send, store: openOutboxStore(name) });
  const reopen = (nextSend: (entry: OutboxEntry<Note>) => Promise<void>) =>
    createOutbox<Note>({ kind: 'chat-message', send: nextSend, store: openOutboxStore(name) });
  return { outbox, reopen };
}

/** An outbox in memory with the given options; `sent` lists the texts `send` delivered. */
function inMemory(options: Partial<OutboxOptions<Note>> & { fail?: () => unknown } = {}) {
  const store = memoryStore();
  const sent: string[] = [];
  const send = vi.fn(async (entry: OutboxEntry<Note>) => {
    const error = options.fail?.();
    if (error) throw error;
    sent.push(entry.payload.text);
  });
  const outbox = createOutbox<Note>({ kind: 'chat-message', send, store, ...options });
  return { outbox, store, send, sent };
}

const offline = () => new LmsError('NETWORK_ERROR', 'offline');
const refused = () => new LmsError('CLIENT_ERROR', 'no', { status: 400 });
const serverFault = () => new LmsError('SERVER_ERROR', 'down', { status: 500 });
const refusedConnection = () => new LmsError('CONNECTION_ERROR', 'refused');

/** Fails the first `times` calls with `error`, then lets them through. */
function failing(times: number, error: () => unknown) {
  let left = times;
  return () => {
    if (left <= 0) return undefined;
    left -= 1;
    return error();
  };
}

// Registered first, so it runs last: once the real clock is back.
afterEach(() => {
  onlineManager.setOnline(true);
});
setUpRetryClock();

describe('the outbox', () => {
  it('sends at once when it can, and keeps nothing afterwards', async () => {
    const sent: string[] = [];
    const { outbox } = setup(async (entry) => void sent.push(entry.payload.text));
    await outbox.add(note('one'));
    await outbox.flush(1);
    expect(sent).toEqual(['one']);
    expect(outbox.entries.value).toEqual([]);
  });

  it('keeps a write made offline, across a reload, and sends it (with its file) in order later', async () => {
    const { outbox, reopen } = setup(async () => {
      throw refusedConnection();
    });
    // Node's File, which Node's structured clone (under fake-indexeddb) keeps as bytes, as a
    // browser's IndexedDB keeps a File; jsdom's File is not cloneable there.
    const file = new NodeFile(['%PDF-1.4 bytes'], 'lab.pdf', {
      type: 'application/pdf',
    }) as unknown as File;
    await outbox.add({ owner: 7, scope: 'a', payload: { text: 'first' }, files: [file] });
    await outbox.add(note('second', 7));
    await outbox.flush(7);
    expect(outbox.entries.value.map((entry) => [entry.payload.text, entry.status])).toEqual([
      ['first', 'pending'],
      ['second', 'pending'],
    ]);

    const sent: { text: string; bytes: string[] }[] = [];
    const reloaded = reopen(async (entry) => {
      const bytes = await Promise.all(entry.files.map(textOf));
      sent.push({ text: entry.payload.text, bytes });
    });
    await reloaded.load();
    expect(reloaded.entries.value).toHaveLength(2);
    await reloaded.flush(7);
    expect(sent).toEqual([
      { text: 'first', bytes: ['%PDF-1.4 bytes'] },
      { text: 'second', bytes: [] },
    ]);
    expect(reloaded.entries.value).toEqual([]);
    const again = reopen(async () => undefined);
    await again.load();
    expect(again.entries.value).toEqual([]);
  });

  it('stops at a transient failure to keep the order', async () => {
    const tried: string[] = [];
    const { outbox } = setup(async (entry) => {
      tried.push(entry.payload.text);
      throw serverFault();
    });
    await outbox.add(note('one'));
    await outbox.add(note('two'));
    await outbox.flush(1);
    expect(tried.every((text) => text === 'one')).toBe(true);
  });

  it('marks a refused write failed, goes on with the next, and retries or discards it on request', async () => {
    let refuse = true;
    const sent: string[] = [];
    const { outbox } = setup(async (entry) => {
      if (refuse && entry.payload.text === 'bad') throw refused();
      sent.push(entry.payload.text);
    });
    await outbox.add(note('bad'));
    await outbox.add(note('good'));
    await outbox.flush(1);
    expect(sent).toEqual(['good']);
    const [failed] = outbox.entries.value;
    expect(failed?.status).toBe('failed');
    expect(failed?.error).toBeInstanceOf(LmsError);

    refuse = false;
    await outbox.retry(failed!.id, 1);
    expect(sent).toEqual(['good', 'bad']);

    refuse = true;
    await outbox.add(note('bad'));
    await outbox.flush(1);
    await outbox.discard(outbox.entries.value[0]!.id);
    expect(outbox.entries.value).toEqual([]);
  });

  it('sends only the owner’s entries, and lets a cancelled send go', async () => {
    const sent: string[] = [];
    let online = false;
    const { outbox } = setup(async (entry) => {
      if (!online) throw refusedConnection();
      if (entry.payload.text === 'cancel me') throw new LmsError('CANCEL_ERROR', 'cancelled');
      sent.push(entry.payload.text);
    });
    await outbox.add(note('theirs', 2));
    await outbox.add(note('cancel me'));
    await outbox.add(note('mine'));
    await outbox.flush(1);
    await outbox.flush(2);
    online = true;
    await outbox.flush(1);
    expect(sent).toEqual(['mine']);
    expect(outbox.entries.value.map((entry) => entry.payload.text)).toEqual(['theirs']);
  });

  it('tells transient failures, an ended session, refusals and cancels apart', () => {
    expect(classifyOutboxFailure(offline())).toBe('transient');
    expect(classifyOutboxFailure(new LmsError('TIMEOUT_ERROR', 't'))).toBe('transient');
    expect(classifyOutboxFailure(refusedConnection())).toBe('transient');
    expect(classifyOutboxFailure(new LmsError('SERVER_ERROR', 's', { status: 503 }))).toBe(
      'transient',
    );
    for (const status of [408, 429]) {
      expect(classifyOutboxFailure(new LmsError('CLIENT_ERROR', 'later', { status }))).toBe(
        'transient',
      );
    }
    expect(classifyOutboxFailure(new LmsError('CLIENT_ERROR', 'u', { status: 401 }))).toBe(
      'session',
    );
    expect(classifyOutboxFailure(refused())).toBe('refused');
    expect(classifyOutboxFailure(new LmsError('CLIENT_ERROR', 'f', { status: 403 }))).toBe(
      'refused',
    );
    expect(classifyOutboxFailure(new LmsError('OK', 'result', { status: 200 }))).toBe('refused');
    expect(classifyOutboxFailure(new LmsError('CANCEL_ERROR', 'c'))).toBe('cancelled');
  });

  it('knows which failures leave the outcome unknown', () => {
    for (const problem of ['TIMEOUT_ERROR', 'NETWORK_ERROR', 'UNKNOWN_ERROR'] as const) {
      expect(outcomeUnknown(new LmsError(problem, problem))).toBe(true);
    }
    expect(outcomeUnknown(serverFault())).toBe(true);
    expect(outcomeUnknown(refusedConnection())).toBe(false);
    expect(outcomeUnknown(refused())).toBe(false);
    expect(outcomeUnknown(new LmsError('CLIENT_ERROR', 'later', { status: 429 }))).toBe(false);
    expect(outcomeUnknown(new Error('no sender'))).toBe(false);
  });
});

describe('automatic retries', () => {
  it('waits 1–3 s before the first retry, doubling the window with full jitter up to 60 s', () => {
    expect(retryDelay(0, () => 0)).toBe(1_000);
    expect(retryDelay(0, () => 0.999_999)).toBeLessThan(3_000);
    expect(retryDelay(0, () => 0.5)).toBe(2_000);
    expect(retryDelay(1, () => 0.999_999)).toBeLessThan(5_000);
    expect(retryDelay(2, () => 0.999_999)).toBeLessThan(9_000);
    expect(retryDelay(1, () => 0.5) - 1_000).toBe(2 * (retryDelay(0, () => 0.5) - 1_000));
    for (const attempt of [5, 6, 10, 50, 1_000]) {
      expect(retryDelay(attempt, () => 0.999_999)).toBeLessThanOrEqual(OUTBOX_RETRY_CAP_MS);
      expect(retryDelay(attempt, () => 0.999_999)).toBeGreaterThan(55_000);
      expect(retryDelay(attempt, () => 0)).toBe(1_000);
    }
    // Full jitter: each draw lands anywhere in the window.
    let draw = 0;
    const spread = () => (draw++ * 0.37) % 1;
    const draws = new Set(Array.from({ length: 50 }, () => retryDelay(3, spread)));
    expect(draws.size).toBeGreaterThan(10);
    for (const delay of draws) {
      expect(delay).toBeGreaterThanOrEqual(1_000);
      expect(delay).toBeLessThan(17_000);
    }
    expect(retryDelay(-3, () => 0.999_999)).toBeLessThan(3_000);
  });

  it('delivers a write whose first send (started by add) failed, with no user action', async () => {
    const { outbox, send, sent } = inMemory({ fail: failing(1, refusedConnection) });
    await queue(outbox, 'hello');
    expect(send).toHaveBeenCalledTimes(1);
    expect(outbox.entries.value[0]?.status).toBe('pending');
    expect(outbox.entries.value[0]?.uncertain).toBe(false);

    await pass(3_000);
    expect(sent).toEqual(['hello']);
    expect(outbox.entries.value).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('delivers after one server error well within 30 s, asking the server first', async () => {
    const reconcile = vi.fn(async (): Promise<Reconciled> => 'missing');
    const { outbox, send, sent } = inMemory({ fail: failing(1, serverFault), reconcile });
    await queue(outbox, 'hello');
    await pass(3_000);
    expect(reconcile).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledTimes(2);
    expect(sent).toEqual(['hello']);
  });

  it('keeps retrying on a growing delay while failures go on, and stops once delivered', async () => {
    const { outbox, send, sent } = inMemory({ fail: failing(4, refusedConnection) });
    await queue(outbox, 'x');
    for (const window of [3_000, 5_000, 9_000, 17_000]) {
      await pass(window);
    }
    expect(send).toHaveBeenCalledTimes(5);
    expect(sent).toEqual(['x']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('starts the backoff over once a write is delivered: the next failure waits 1-3 s again', async () => {
    // Three failures in a row (the first send and two retries), then 'a' goes through; 'b' fails
    // once. Its retry must come on the first step's delay, not on a fourth doubling (up to 17 s).
    let calls = 0;
    const { outbox, sent } = inMemory({
      fail: () => {
        calls += 1;
        return calls <= 3 || calls === 5 ? refusedConnection() : undefined;
      },
    });
    await outbox.add(note('a'));
    await queue(outbox, 'b');
    for (const window of [3_000, 5_000]) {
      await pass(window);
    }
    expect(calls).toBe(3);
    await pass(9_000);
    expect(sent).toEqual(['a']);
    await pass(3_000);
    expect(sent).toEqual(['a', 'b']);
  });

  it('retries at once when the network returns', async () => {
    const { outbox, sent } = inMemory({ fail: failing(1, refusedConnection) });
    await queue(outbox, 'hello');
    onlineManager.setOnline(false);
    await settle();
    expect(sent).toEqual([]);
    onlineManager.setOnline(true);
    await settle();
    expect(sent).toEqual(['hello']);
  });

  it('does not send while offline, and sends when the network returns', async () => {
    onlineManager.setOnline(false);
    const { outbox, send, sent } = inMemory();
    await outbox.add(note('later'));
    await pass(120_000);
    expect(send).not.toHaveBeenCalled();
    onlineManager.setOnline(true);
    await settle();
    expect(sent).toEqual(['later']);
  });

  it('retries at once when the tab is shown again', async () => {
    const { outbox, sent } = inMemory({ fail: failing(1, refusedConnection) });
    await queue(outbox, 'hello');
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
    try {
      document.dispatchEvent(new Event('visibilitychange'));
      await settle();
      expect(sent).toEqual(['hello']);
    } finally {
      delete (document as { visibilityState?: unknown }).visibilityState;
    }
  });

  it('retries with no sender yet, and goes at once when a flush comes', async () => {
    let screenOpen = false;
    const { outbox, sent } = inMemory({
      fail: () => (screenOpen ? undefined : new Error('The chat is not open')),
    });
    await queue(outbox, 'hello');
    expect(vi.getTimerCount()).toBe(1);
    screenOpen = true;
    await outbox.flush(1);
    expect(sent).toEqual(['hello']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('after a 401 waits for the next flush (a sign-in), with no timer', async () => {
    const { outbox, send, sent } = inMemory({
      fail: failing(1, () => new LmsError('CLIENT_ERROR', 'session', { status: 401 })),
    });
    await queue(outbox, 'hello');
    expect(outbox.entries.value[0]?.status).toBe('pending');
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(300_000);
    expect(send).toHaveBeenCalledTimes(1);
    await outbox.flush(1);
    expect(sent).toEqual(['hello']);
  });

  it('tells who listens at once when a write meets an ended session, and only then', async () => {
    const ended = vi.fn();
    const stop = onOutboxSessionEnded(ended);
    try {
      const errors = [
        offline,
        refused,
        () => new LmsError('CLIENT_ERROR', 'gone', { status: 401 }),
      ];
      const { outbox } = inMemory({ fail: () => errors.shift()?.() });
      await queue(outbox, 'first');
      await outbox.retry(outbox.entries.value[0]!.id, 1);
      expect(ended).not.toHaveBeenCalled();
      await queue(outbox, 'second');
      expect(ended).toHaveBeenCalledTimes(1);
      // The write waits for the next sign-in, stored.
      expect(outbox.entries.value.map((entry) => [entry.payload.text, entry.status])).toEqual([
        ['first', 'failed'],
        ['second', 'pending'],
      ]);
    } finally {
      stop();
    }
    const { outbox } = inMemory({
      fail: () => new LmsError('CLIENT_ERROR', 'gone', { status: 401 }),
    });
    await queue(outbox, 'after');
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('stops at a refusal: the entry is failed with its error and not retried by itself', async () => {
    const { outbox, send } = inMemory({ fail: refused });
    await queue(outbox, 'bad');
    expect(outbox.entries.value[0]).toMatchObject({ status: 'failed', uncertain: false });
    expect(outbox.entries.value[0]?.error).toBeInstanceOf(LmsError);
    expect(vi.getTimerCount()).toBe(0);
    await pass(600_000);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('stops at a truthy result answered 200 the same way', async () => {
    const { outbox, send } = inMemory({
      fail: () => new LmsError('OK', 'Нет доступа', { status: 200 }),
    });
    await queue(outbox, 'bad');
    expect(outbox.entries.value[0]?.status).toBe('failed');
    await vi.advanceTimersByTimeAsync(600_000);
    expect(send).toHaveBeenCalledTimes(1);
  });
});

describe('delivery and the refresh after it', () => {
  it('never sends again when only the refresh after a delivered send fails', async () => {
    const afterSent = vi.fn(async () => {
      throw new LmsError('SERVER_ERROR', 'chat/new failed', { status: 500 });
    });
    const { outbox, send, sent, store } = inMemory({ afterSent });
    await outbox.add(note('once'));
    await queue(outbox, 'next');
    for (let click = 0; click < 3; click += 1) await outbox.flush(1);
    await pass(600_000);
    expect(send).toHaveBeenCalledTimes(2);
    expect(sent).toEqual(['once', 'next']);
    expect(afterSent).toHaveBeenCalledTimes(2);
    expect(outbox.entries.value).toEqual([]);
    expect(store.map.size).toBe(0);
  });

  it('runs the refresh after the entry is gone', async () => {
    let seen: number | undefined;
    const { outbox } = inMemory({
      afterSent: async () => {
        seen = outbox.entries.value.length;
      },
    });
    await queue(outbox, 'once');
    expect(seen).toBe(0);
  });
});

describe('an unknown outcome', () => {
  it('is marked uncertain (and kept so), and counts as sent when reconcile finds it delivered', async () => {
    const reconcile = vi.fn(async (): Promise<Reconciled> => 'delivered');
    const afterSent = vi.fn(async () => undefined);
    const { outbox, send, store } = inMemory({
      fail: failing(1, () => new LmsError('TIMEOUT_ERROR', 'timed out')),
      reconcile,
      afterSent,
    });
    await queue(outbox, 'hello');
    const [entry] = outbox.entries.value;
    expect(entry).toMatchObject({ status: 'pending', uncertain: true });
    expect(store.map.get(entry!.id)).toMatchObject({ uncertain: true });

    await pass(3_000);
    expect(reconcile).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledTimes(1);
    expect(afterSent).toHaveBeenCalledTimes(1);
    expect(outbox.entries.value).toEqual([]);
  });

  it('is sent exactly once more when reconcile finds it missing', async () => {
    const reconcile = vi.fn(async (): Promise<Reconciled> => 'missing');
    const { outbox, send, sent } = inMemory({
      fail: failing(1, () => new LmsError('NETWORK_ERROR', 'lost')),
      reconcile,
    });
    await queue(outbox, 'hello');
    await pass(3_000);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(reconcile).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledTimes(2);
    expect(sent).toEqual(['hello']);
    expect(outbox.entries.value).toEqual([]);
  });

  it('is never sent blind: a failing reconcile leaves it waiting, and it is asked again later', async () => {
    const answers: (() => Promise<Reconciled>)[] = [
      async () => {
        throw serverFault();
      },
      async () => 'missing',
    ];
    const reconcile = vi.fn(() => answers.shift()!());
    const { outbox, send, sent } = inMemory({ fail: failing(1, serverFault), reconcile });
    await queue(outbox, 'hello');
    await pass(3_000);
    expect(reconcile).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledTimes(1);
    expect(outbox.entries.value[0]).toMatchObject({ status: 'pending', uncertain: true });

    await pass(5_000);
    expect(reconcile).toHaveBeenCalledTimes(2);
    expect(send).toHaveBeenCalledTimes(2);
    expect(sent).toEqual(['hello']);
  });

  it('is asked about on retry by the user too', async () => {
    const reconcile = vi.fn(async (): Promise<Reconciled> => 'delivered');
    const { outbox, send } = inMemory({
      fail: failing(1, () => new LmsError('UNKNOWN_ERROR', '?')),
      reconcile,
    });
    await queue(outbox, 'hello');
    await outbox.retry(outbox.entries.value[0]!.id, 1);
    expect(reconcile).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledTimes(1);
    expect(outbox.entries.value).toEqual([]);
  });

  it('does not follow a refused connection: nothing reached the server', async () => {
    const reconcile = vi.fn(async (): Promise<Reconciled> => 'delivered');
    const { outbox, sent } = inMemory({ fail: failing(1, refusedConnection), reconcile });
    await queue(outbox, 'hello');
    await pass(3_000);
    expect(reconcile).not.toHaveBeenCalled();
    expect(sent).toEqual(['hello']);
  });

  it('follows a page closed mid-send: the reloaded entry is uncertain', async () => {
    const store = memoryStore();
    store.map.set('caught', {
      id: 'caught',
      owner: 1,
      scope: 'a',
      payload: { text: 'hello' },
      files: [],
      createdAt: 1,
      status: 'sending',
      attempts: 1,
    });
    const reconcile = vi.fn(async (): Promise<Reconciled> => 'delivered');
    const send = vi.fn(async () => undefined);
    const outbox = createOutbox<Note>({ kind: 'chat-message', store, send, reconcile });
    await outbox.load();
    expect(outbox.entries.value[0]).toMatchObject({ status: 'pending', uncertain: true });
    await outbox.flush(1);
    expect(reconcile).toHaveBeenCalledTimes(1);
    expect(send).not.toHaveBeenCalled();
    expect(store.map.size).toBe(0);
  });
});

describe('clearing one account’s writes on a shared device', () => {
  it('counts and deletes only that owner’s entries, in every kind’s store and in this page', async () => {
    const chat = inMemory({ fail: refusedConnection });
    const visits = createOutbox<Note>({
      kind: 'visit',
      store: memoryStore(),
      send: async () => {
        throw refusedConnection();
      },
    });
    await chat.outbox.add({ owner: 501, scope: 'a', payload: { text: 'mine' }, files: [] });
    await chat.outbox.add({ owner: 502, scope: 'a', payload: { text: 'theirs' }, files: [] });
    await visits.add({ owner: 501, scope: 'c', payload: { text: 'my roll' }, files: [] });
    // What an earlier page left in the journal's IndexedDB store, not loaded by this page.
    const stored = openOutboxStore('visit');
    await stored.put('left-501', { id: 'left-501', owner: 501, status: 'pending' });
    await stored.put('left-502', { id: 'left-502', owner: 502, status: 'pending' });
    await settle();

    expect(await countWaitingWrites(501)).toBe(3);
    expect(await countWaitingWrites(502)).toBe(2);
    await forgetWrites(501);
    expect(await countWaitingWrites(501)).toBe(0);
    expect(await countWaitingWrites(502)).toBe(2);
    expect(chat.outbox.entries.value.map((entry) => entry.owner)).toEqual([502]);
    expect([...chat.store.map.values()].map((entry) => (entry as OutboxEntry<Note>).owner)).toEqual(
      [502],
    );
    expect(visits.entries.value).toEqual([]);
    expect((await stored.all()).map((entry) => (entry as { id: string }).id)).toEqual(['left-502']);
    await forgetWrites(502);
  });
});

describe('the chat outbox', () => {
  const conversation: Conversation = {
    kind: 'private',
    key: 'private:test',
    title: 'Преподаватель',
    query: {
      year: 25,
      id_from_type: 2,
      id_from: 11,
      id_to_type: 1,
      id_to: 22,
      id_discipline: 33,
      ws: 1,
      kredit: 4,
    },
  };

  /** A chat server: stores inserts, answers chat/messages and chat/new, with chosen faults. */
  function chatServer(existing: ChatMessage[]) {
    const messages = [...existing];
    let nextId = Math.max(0, ...existing.map((m) => m.id_message)) + 1;
    const inserts: string[] = [];
    /** What the next inserts do: store and answer, store and fail, or fail before storing. */
    const faults: ('stored-then-500' | '500')[] = [];
    const envelope = (data: unknown, status = 200) =>
      new Response(JSON.stringify({ result: 0, error: '', data }), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    const fetch = async (request: Request): Promise<Response> => {
      const path = new URL(request.url).pathname;
      if (path === '/api/chat/insert') {
        const form = xhr.sent.at(-1)!;
        inserts.push(form.fields.message ?? '');
        const fault = faults.shift();
        if (fault === '500') return envelope(null, 500);
        const id_message = nextId++;
        messages.push({
          id_message,
          message: form.fields.message ?? '',
          ismine: true,
          created: '2026-11-20T10:00:00',
          files: null,
        });
        return fault ? envelope(null, 500) : envelope({ id_message });
      }
      const body = (await request.json()) as { id_last_message?: number };
      if (path === '/api/chat/messages') {
        return envelope({ messages: messages.slice(-20), unreades_start: null, unreades_total: 0 });
      }
      if (path === '/api/chat/new') {
        const newer = messages.filter((m) => m.id_message > (body.id_last_message ?? 0));
        return envelope({ messages: newer.slice(0, 20), unreades_start: null, unreades_total: 0 });
      }
      return envelope(null, 404);
    };
    const xhr = installFakeXhr(fetch);
    const client = createLmsClient({ baseUrl: 'http://lms.test', fetch });
    const mine = (text: string) =>
      messages.filter((m) => m.ismine && m.message === text && m.id_message > existing.length);
    return { client, inserts, faults, mine };
  }

  let conversations = 0;
  /** A conversation of its own per test (each test's server numbers its messages afresh). */
  const open = (): Conversation => {
    conversations += 1;
    return { ...conversation, key: `private:test-${conversations}` };
  };

  const write = (to: Conversation, message: string) => ({
    owner: 11,
    scope: to.key,
    files: [],
    payload: {
      conversation: to,
      fields: {
        uid: 11,
        message,
        from: 11,
        fromType: 2 as const,
        semester: 1 as const,
        discipline: 33,
        currentContactId: 22,
        currentContactType: 1 as const,
        group_subgroup: -1,
        isSelect: false,
        IsGroupChat: false,
      },
    },
  });

  const earlier: ChatMessage[] = [
    { id_message: 1, message: 'ok', ismine: true, created: '2026-11-19T09:00:00', files: null },
    { id_message: 2, message: 'Здравствуйте', ismine: false, created: '2026-11-19T09:01:00' },
  ];

  /**
   * The chat screen of `owner` (the writer, 11, unless told) open on the test's server: the outbox
   * sends that person's writes through its client. The answer closes it again.
   */
  const openChat = (
    server: ReturnType<typeof chatServer>,
    owner = 11,
    onSent: (key: string) => Promise<void> = async () => undefined,
    queryClient = new QueryClient(),
  ) => registerChatSender({ client: server.client, queryClient, owner, onSent });

  afterEach(async () => {
    await forgetWrites(11);
    vi.unstubAllGlobals();
  });

  it('stores two identical messages once each when the second one’s answer is lost', async () => {
    const server = chatServer(earlier);
    const to = open();
    const refreshed: string[] = [];
    const unregister = openChat(server, 11, async (key) => void refreshed.push(key));
    try {
      await chatOutbox.add(write(to, 'ok'));
      await settle();
      expect(server.mine('ok')).toHaveLength(1);

      // Lost before the server stored it: reconcile must not take the first 'ok' for it.
      server.faults.push('500');
      await chatOutbox.add(write(to, 'ok'));
      await settle();
      expect(chatOutbox.entries.value[0]).toMatchObject({ uncertain: true });
      await pass(3_000);
      expect(server.mine('ok')).toHaveLength(2);

      // Stored, then the answer failed: found on the server, not sent again.
      server.faults.push('stored-then-500');
      await chatOutbox.add(write(to, 'ok'));
      await settle();
      await pass(3_000);
      expect(server.mine('ok')).toHaveLength(3);
      expect(server.inserts).toEqual(['ok', 'ok', 'ok', 'ok']);
      expect(chatOutbox.entries.value).toEqual([]);
      expect(refreshed).toEqual([to.key, to.key, to.key]);
    } finally {
      unregister();
    }
  });

  it('sends the second of two identical messages after the first one’s lost answer was found', async () => {
    const server = chatServer(earlier);
    const to = open();
    const unregister = openChat(server);
    try {
      server.faults.push('stored-then-500', 'stored-then-500');
      await chatOutbox.add(write(to, 'ok'));
      await chatOutbox.add(write(to, 'ok'));
      await settle();
      expect(server.inserts).toHaveLength(1);
      await pass(3_000);
      // The first was found; the second went and its answer was lost too.
      expect(server.inserts).toHaveLength(2);
      await pass(5_000);
      expect(server.inserts).toHaveLength(2);
      expect(server.mine('ok')).toHaveLength(2);
      expect(chatOutbox.entries.value).toEqual([]);
    } finally {
      unregister();
    }
  });

  it('shows a message the server took in its conversation before its entry leaves, found by reconcile too', async () => {
    const server = chatServer(earlier);
    const to = open();
    const queryClient = new QueryClient();
    const key = chatKeys.thread(to.key);
    queryClient.setQueryData(
      key,
      threadFromPage({ messages: earlier, unreades_start: null, unreades_total: 0 }),
    );
    const readAt = queryClient.getQueryState(key)?.dataUpdatedAt;
    // What the conversation shows at each moment the outbox lets an entry go.
    const shownAsLeft: (readonly [string, number | undefined][])[] = [];
    let waiting = 0;
    const stopWatching = chatOutbox.entries.subscribe((entries) => {
      if (entries.length < waiting) {
        const thread = queryClient.getQueryData<ChatThread>(key);
        shownAsLeft.push(
          (thread?.accepted ?? []).map((copy) => [copy.text, copy.id_message] as const),
        );
      }
      waiting = entries.length;
    });
    // The conversation cannot be read again after a send.
    const unregister = openChat(server, 11, () => Promise.reject(offline()), queryClient);
    try {
      await chatOutbox.add(write(to, 'Первое'));
      await settle();
      server.faults.push('stored-then-500');
      await chatOutbox.add(write(to, 'Второе'));
      await settle();
      await pass(3_000);
      expect(chatOutbox.entries.value).toEqual([]);
      expect(server.inserts).toEqual(['Первое', 'Второе']);
      expect(shownAsLeft).toEqual([
        [['Первое', 3]],
        [
          ['Первое', 3],
          ['Второе', 4],
        ],
      ]);
      // Showing them was not a read of the conversation: its age stays.
      expect(queryClient.getQueryState(key)?.dataUpdatedAt).toBe(readAt);
    } finally {
      stopWatching();
      unregister();
    }
  });

  it('waits while the writer’s chat is not open, and goes when it opens', async () => {
    const server = chatServer(earlier);
    const to = open();
    const other = openChat(server, 99);
    await chatOutbox.add(write(to, 'hello'));
    await settle();
    expect(server.inserts).toEqual([]);
    other();
    const unregister = openChat(server);
    await settle();
    expect(server.mine('hello')).toHaveLength(1);
    unregister();
  });
});
