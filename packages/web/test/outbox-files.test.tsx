import 'fake-indexeddb/auto';
import { LmsError } from '@lms/client';
import { loadNamespaces } from '@lms/i18n';
import { render, screen } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { createStore, entries, keys, set } from 'idb-keyval';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PendingBubble } from '../src/features/chat/components/pending-bubble';
import { chatOutbox, type ChatSend } from '../src/features/chat/api/send-message';
import { createOutbox, type OutboxEntry } from '../src/lib/offline/outbox/outbox';
import { keepFilesApart } from '../src/lib/offline/outbox/outbox-files';
import {
  countWaitingWrites,
  forgetWrites,
  OUTBOX_DATABASE,
  openOutboxStore,
} from '../src/lib/offline/outbox/outbox-store';
import { settle, setUpRetryClock } from './support/retry-clock';
import {
  holdsBlob,
  nodeFile,
  refuseBlobs,
  refuseFileNamed,
  textOf,
  UnreadableFile,
} from './support/stored-files';

/*
 * The outbox keeps a write's files on the device as their bytes, apart from the write, so every
 * engine keeps them (WebKit refuses a File in IndexedDB); a page load is a new outbox over the same
 * IndexedDB (fake-indexeddb), as a reload makes.
 */

interface Note {
  text: string;
}

/** What a send got of an entry: its text and each file's name, type, date and bytes. */
interface Delivered {
  text: string;
  files: { name: string; type: string; lastModified: number; text: string }[];
}

const delivered = async (entry: OutboxEntry<Note>): Promise<Delivered> => ({
  text: entry.payload.text,
  files: await Promise.all(
    entry.files.map(async (file) => ({
      name: file.name,
      type: file.type,
      lastModified: file.lastModified,
      text: await textOf(file),
    })),
  ),
});

const refusedConnection = () => new LmsError('CONNECTION_ERROR', 'refused');

let stores = 0;
/**
 * A fresh outbox store: `page(send)` opens an outbox over it as a page load does, `raw` reads
 * what IndexedDB holds, `sent` lists what the pages' sends delivered and `tried` what they tried
 * to. The pages of a case stay open, as tabs: only the last one opened delivers.
 */
function device() {
  stores += 1;
  const name = `files-${stores}`;
  const sent: Delivered[] = [];
  const tried: string[] = [];
  const page = (send: 'fails' | 'delivers') =>
    createOutbox<Note>({
      kind: 'chat-message',
      store: openOutboxStore(name, keepFilesApart()),
      send: async (entry) => {
        tried.push(entry.payload.text);
        if (send === 'fails') throw refusedConnection();
        sent.push(await delivered(entry));
      },
    });
  const raw = () => entries(createStore(`${OUTBOX_DATABASE}-${name}`, 'entries'));
  return { name, page, raw, sent, tried };
}

afterEach(() => {
  onlineManager.setOnline(true);
});
setUpRetryClock();

describe('the files of an outbox entry', () => {
  it('are kept where IndexedDB refuses every Blob and File, as WebKit does, and go with their entry after a reload', async () => {
    refuseBlobs();
    const { page, raw, sent } = device();
    const before = page('fails');
    const pdf = nodeFile('%PDF-1.4 lab', 'Лабораторная.pdf', 'application/pdf');
    // A File of the page itself (jsdom's, read through a FileReader).
    const photo = new File(['PNG bytes'], 'photo.png', { type: 'image/png', lastModified: 5 });
    await before.add({ owner: 7, scope: 'a', payload: { text: 'Отчёт' }, files: [pdf, photo] });
    await settle();
    expect(before.entries.value).toMatchObject([{ status: 'pending', attempts: 1 }]);
    expect(before.entries.value[0]?.pageOnlyFiles).toBeUndefined();

    // No Blob is stored: the entry names its files, which are stored as their bytes.
    const stored = await raw();
    expect(stored.some(([, value]) => holdsBlob(value))).toBe(false);
    expect(stored).toHaveLength(3);

    const after = page('delivers');
    await after.load();
    expect(after.entries.value).toMatchObject([{ status: 'pending', payload: { text: 'Отчёт' } }]);
    await after.flush(7);
    expect(sent).toEqual([
      {
        text: 'Отчёт',
        files: [
          {
            name: 'Лабораторная.pdf',
            type: 'application/pdf',
            lastModified: 1,
            text: '%PDF-1.4 lab',
          },
          { name: 'photo.png', type: 'image/png', lastModified: 5, text: 'PNG bytes' },
        ],
      },
    ]);
    // Delivered once, and nothing of it stays on the device.
    expect(after.entries.value).toEqual([]);
    expect(await raw()).toEqual([]);
    const later = page('delivers');
    await later.flush(7);
    expect(sent).toHaveLength(1);
  });

  it('stores a file once, while the entry is stored again at each attempt', async () => {
    const put = vi.spyOn(IDBObjectStore.prototype, 'put');
    const storedBytes = () =>
      put.mock.calls.filter(([value]) => (value as { bytes?: unknown }).bytes !== undefined).length;
    const { page, raw } = device();
    const outbox = page('fails');
    await outbox.add({
      owner: 7,
      scope: 'a',
      payload: { text: 'x' },
      files: [nodeFile('%PDF', 'a.pdf')],
    });
    await settle();
    await outbox.retry(outbox.entries.value[0]!.id, 7);
    await settle();
    expect(outbox.entries.value).toMatchObject([{ attempts: 2 }]);
    expect(storedBytes()).toBe(1);
    expect(await raw()).toHaveLength(2);

    // A discarded entry takes its file's entry with it.
    await outbox.discard(outbox.entries.value[0]!.id);
    expect(await raw()).toEqual([]);
  });

  it('delivers entries stored before files were kept apart, with the Files inside them', async () => {
    const { name, page, raw, sent } = device();
    // The older form: the File itself in the entry (Node's structured clone keeps its bytes).
    await set(
      'old-1',
      {
        id: 'old-1',
        owner: 7,
        scope: 'a',
        payload: { text: 'старое' },
        files: [nodeFile('%PDF old', 'old.pdf', 'application/pdf')],
        createdAt: 1,
        status: 'pending',
        attempts: 0,
      },
      createStore(`${OUTBOX_DATABASE}-${name}`, 'entries'),
    );
    await set(
      'old-2',
      {
        id: 'old-2',
        owner: 7,
        scope: 'a',
        payload: { text: 'без файла' },
        files: [],
        createdAt: 2,
        status: 'pending',
        attempts: 0,
      },
      createStore(`${OUTBOX_DATABASE}-${name}`, 'entries'),
    );

    // A first attempt fails: the entry is stored again, in the new form, and still whole.
    const before = page('fails');
    await before.flush(7);
    expect(before.entries.value.map((entry) => entry.status)).toEqual(['pending', 'pending']);
    expect((await raw()).some(([, value]) => holdsBlob(value))).toBe(false);

    const after = page('delivers');
    await after.flush(7);
    // Node's structured clone keeps a File as a Blob, without its name (a browser's keeps it).
    expect(sent).toMatchObject([
      { text: 'старое', files: [{ type: 'application/pdf', text: '%PDF old' }] },
      { text: 'без файла', files: [] },
    ]);
    expect(await raw()).toEqual([]);
  });

  it('keeps the text of a write whose file the device could not store, and sends the file from the page that holds it', async () => {
    refuseFileNamed('big.pdf');
    const { page, raw, sent } = device();
    onlineManager.setOnline(false);
    const outbox = page('delivers');
    const files = [nodeFile('kept', 'kept.pdf'), nodeFile('big', 'big.pdf')];
    await outbox.add({ owner: 7, scope: 'a', payload: { text: 'Вот файлы' }, files });
    await settle();
    expect(outbox.entries.value).toMatchObject([{ status: 'pending', pageOnlyFiles: ['big.pdf'] }]);
    // The entry and the file that fit are stored.
    expect(await raw()).toHaveLength(2);

    onlineManager.setOnline(true);
    await outbox.flush(7);
    expect(sent).toEqual([
      {
        text: 'Вот файлы',
        files: [
          { name: 'kept.pdf', type: 'text/plain', lastModified: 1, text: 'kept' },
          { name: 'big.pdf', type: 'text/plain', lastModified: 1, text: 'big' },
        ],
      },
    ]);
    expect(await raw()).toEqual([]);
  });

  it('brings a write back after a reload without the file it lost, names it, and sends it without it only when the person says so', async () => {
    const refusal = refuseFileNamed('big.pdf');
    const { page, raw, sent, tried } = device();
    const unreadable = new UnreadableFile(['gone'], 'moved.pdf', {
      type: 'application/pdf',
    }) as unknown as File;
    const before = page('fails');
    await before.add({
      owner: 7,
      scope: 'a',
      payload: { text: 'Текст остаётся' },
      files: [nodeFile('kept', 'kept.pdf'), nodeFile('big', 'big.pdf'), unreadable],
    });
    await settle();
    expect(before.entries.value[0]?.pageOnlyFiles).toEqual(['big.pdf', 'moved.pdf']);
    refusal.mockRestore();

    const after = page('fails');
    await after.load();
    const [entry] = after.entries.value;
    expect(entry).toMatchObject({
      payload: { text: 'Текст остаётся' },
      status: 'failed',
      lostFiles: ['big.pdf', 'moved.pdf'],
    });
    expect(entry?.files.map((file) => file.name)).toEqual(['kept.pdf']);
    expect(entry?.error).toBeUndefined();
    // It waits for the person: nothing goes by itself.
    const attempts = tried.length;
    await after.flush(7);
    expect(tried).toHaveLength(attempts);

    // The next page load finds it waiting the same way.
    const again = page('fails');
    await again.load();
    expect(again.entries.value).toMatchObject([
      { status: 'failed', lostFiles: ['big.pdf', 'moved.pdf'] },
    ]);

    // Retried, it goes with the file that was kept, and that choice outlives a reload.
    await after.retry(entry!.id, 7);
    expect(tried).toHaveLength(attempts + 1);
    const decided = page('delivers');
    await decided.load();
    expect(decided.entries.value).toMatchObject([{ status: 'pending' }]);
    expect(decided.entries.value[0]?.lostFiles).toBeUndefined();
    await decided.flush(7);
    expect(sent).toEqual([
      {
        text: 'Текст остаётся',
        files: [{ name: 'kept.pdf', type: 'text/plain', lastModified: 1, text: 'kept' }],
      },
    ]);
    expect(await raw()).toEqual([]);
  });

  it('are counted and forgotten with their entry when the person signs out, and others’ stay', async () => {
    const outbox = createOutbox<Note>({
      kind: 'chat-message',
      files: keepFilesApart(),
      send: async () => {
        throw refusedConnection();
      },
    });
    await outbox.add({ owner: 7, scope: 'a', payload: { text: 'a' }, files: [nodeFile('a', 'a')] });
    await outbox.add({ owner: 8, scope: 'a', payload: { text: 'b' }, files: [nodeFile('b', 'b')] });
    await settle();
    const raw = createStore(`${OUTBOX_DATABASE}-chat-message`, 'entries');
    expect(await keys(raw)).toHaveLength(4);
    expect(await countWaitingWrites(7)).toBe(1);

    await forgetWrites(7);
    expect(await countWaitingWrites(7)).toBe(0);
    expect(await countWaitingWrites(8)).toBe(1);
    const left = await entries(raw);
    expect(left).toHaveLength(2);
    expect(left.every(([, value]) => (value as { owner?: number }).owner !== 7)).toBe(true);
    await forgetWrites(8);
  });

  it('of a chat message are kept apart by the chat’s own outbox', async () => {
    refuseBlobs();
    // No chat screen is open: the message waits, stored.
    await chatOutbox.add({
      owner: 9,
      scope: 'chat:9',
      payload: {
        fields: {
          uid: 9,
          message: 'С файлом',
          from: 1,
          fromType: 2,
          semester: 1,
          discipline: 1,
          currentContactId: 2,
          currentContactType: 1,
          group_subgroup: -1,
          isSelect: false,
          IsGroupChat: false,
        },
      },
      files: [nodeFile('%PDF', 'lab.pdf', 'application/pdf')],
    });
    await settle();
    const stored = await entries(createStore(`${OUTBOX_DATABASE}-chat-message`, 'entries'));
    expect(stored.some(([, value]) => holdsBlob(value))).toBe(false);
    expect(stored.map(([, value]) => value)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          owner: 9,
          files: [expect.objectContaining({ name: 'lab.pdf' })],
        }),
        expect.objectContaining({ name: 'lab.pdf', type: 'application/pdf' }),
      ]),
    );
    await forgetWrites(9);
    expect(await countWaitingWrites(9)).toBe(0);
  });

  it('that the device did not keep are named on the waiting message', async () => {
    await loadNamespaces(['chat']);
    const refusal = refuseFileNamed('big.pdf');
    const { name } = device();
    const chatPage = () =>
      createOutbox<ChatSend>({
        kind: 'chat-message',
        store: openOutboxStore(name, keepFilesApart()),
        send: async () => {
          throw refusedConnection();
        },
      });
    const before = chatPage();
    await before.add({
      owner: 7,
      scope: 'a',
      payload: {
        fields: {
          uid: 7,
          message: 'Отчёт',
          from: 1,
          fromType: 2,
          semester: 1,
          discipline: 1,
          currentContactId: 2,
          currentContactType: 1,
          group_subgroup: -1,
          isSelect: false,
          IsGroupChat: false,
        },
      },
      files: [nodeFile('kept', 'kept.pdf'), nodeFile('big', 'big.pdf')],
    });
    await settle();
    const actions = { onRetry: vi.fn(), onDiscard: vi.fn(), onCancel: vi.fn() };
    const { unmount } = render(<PendingBubble entry={before.entries.value[0]!} {...actions} />);
    expect(screen.getByText(/big\.pdf\./).textContent).toBe(
      'Сохранятся только до перезагрузки страницы: big.pdf. Не закрывайте её до отправки',
    );
    unmount();
    refusal.mockRestore();

    // After a reload the message waits for the person, and says which file it lost.
    const after = chatPage();
    await after.load();
    render(<PendingBubble entry={after.entries.value[0]!} {...actions} />);
    expect(screen.getByText(/big\.pdf\./).textContent).toBe(
      'Не сохранились на устройстве: big.pdf. «Повторить» отправит сообщение без них',
    );
    expect(screen.getByRole('status').textContent).toMatch(/^Не отправлено/);
    expect(screen.getByText('kept.pdf')).toBeTruthy();
    expect(screen.getByText('Отчёт')).toBeTruthy();
  });
});
