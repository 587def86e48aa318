import 'fake-indexeddb/auto';
import { createStore, entries, get, keys, set } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  countDrafts,
  DRAFTS_DATABASE,
  forgetAllDrafts,
  forgetDrafts,
  PLACE_KEY_PREFIX,
  readDraft,
  removeDraft,
  sameDraft,
  writeDraft,
} from '../src/lib/offline/drafts/draft-store';
import type * as DraftStore from '../src/lib/offline/drafts/draft-store';
import {
  holdsBlob,
  nodeFile,
  refuseBlobs,
  refuseFileNamed,
  textOf,
  UnreadableFile,
} from './support/stored-files';

const raw = () => createStore(DRAFTS_DATABASE, 'drafts');

/** The draft store as the next page load finds it: a fresh module over the same IndexedDB. */
async function afterReload(): Promise<typeof DraftStore> {
  vi.resetModules();
  return import('../src/lib/offline/drafts/draft-store');
}

beforeEach(() => forgetAllDrafts());
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the draft store', () => {
  it('keeps one entry per person and form in IndexedDB, as { owner, key, value, savedAt }', async () => {
    await writeDraft(7, 'news:composer', { message: 'Текст' });
    await writeDraft(8, 'news:composer', { message: 'Другой' });

    const raw = await get<unknown>('7:news:composer', createStore(DRAFTS_DATABASE, 'drafts'));
    expect(raw).toMatchObject({ owner: 7, key: 'news:composer', value: { message: 'Текст' } });
    expect(typeof (raw as { savedAt: unknown }).savedAt).toBe('number');
    expect((await readDraft(7, 'news:composer'))?.value).toEqual({ message: 'Текст' });
    expect((await readDraft(8, 'news:composer'))?.value).toEqual({ message: 'Другой' });
    expect(await readDraft(9, 'news:composer')).toBeUndefined();
  });

  it('keeps attached files as their bytes, apart from the text, and gives them back as Files', async () => {
    const pdf = nodeFile('%PDF bytes', 'lab.pdf', 'application/pdf');
    const result = await writeDraft(7, 'chat:a', { text: 'Отчёт', files: [pdf] });
    expect(result.pageOnlyFiles).toEqual([]);

    // No Blob or File is stored: the text's entry names the file, the file's entry holds its bytes.
    const stored = await entries(raw());
    expect(stored.some(([, value]) => holdsBlob(value))).toBe(false);
    const text = stored.find(([id]) => id === '7:chat:a')?.[1] as { value: { files: unknown[] } };
    expect(text.value.files).toEqual([
      expect.objectContaining({ name: 'lab.pdf', type: 'application/pdf', size: 10 }),
    ]);
    const file = stored.find(([id]) => id !== '7:chat:a')?.[1] as { bytes: ArrayBuffer };
    expect(new TextDecoder().decode(file.bytes)).toBe('%PDF bytes');

    // The next page load rebuilds the File with its name, type and date.
    const next = await afterReload();
    const restored = await next.readDraft<{ text: string; files: File[] }>(7, 'chat:a');
    expect(restored).toMatchObject({ value: { text: 'Отчёт' }, lostFiles: [], pageOnlyFiles: [] });
    const [back] = restored!.value.files;
    expect(back).toBeInstanceOf(File);
    expect(back).toMatchObject({ name: 'lab.pdf', type: 'application/pdf', lastModified: 1 });
    expect(await textOf(back!)).toBe('%PDF bytes');
    expect(next.sameDraft(back, pdf)).toBe(true);
  });

  it('keeps a draft with files where IndexedDB refuses every Blob and File, as WebKit may', async () => {
    refuseBlobs();
    const files = [nodeFile('%PDF one', 'Повестка.pdf'), nodeFile('%PDF two', 'Список.pdf')];
    const result = await writeDraft(7, 'news:composer', { message: 'Собрание', files });
    expect(result.pageOnlyFiles).toEqual([]);

    const next = await afterReload();
    const restored = await next.readDraft<{ message: string; files: File[] }>(7, 'news:composer');
    expect(restored?.value.message).toBe('Собрание');
    expect(restored?.value.files.map((file) => file.name)).toEqual(['Повестка.pdf', 'Список.pdf']);
    expect(await Promise.all(restored!.value.files.map(textOf))).toEqual(['%PDF one', '%PDF two']);
    expect(restored?.lostFiles).toEqual([]);
  });

  it('stores the text even when a file cannot be kept, and names the files it did not keep', async () => {
    refuseFileNamed('big.pdf');
    const unreadable = new UnreadableFile(['gone'], 'moved.pdf', {
      type: 'application/pdf',
    }) as unknown as File;
    const value = {
      message: 'Текст остаётся',
      files: [nodeFile('kept', 'kept.pdf'), nodeFile('big', 'big.pdf'), unreadable],
    };
    const result = await writeDraft(7, 'news:composer', value);
    expect(result.pageOnlyFiles).toEqual(['big.pdf', 'moved.pdf']);

    // This page still holds the whole draft, and says which files a reload would lose.
    const here = await readDraft<typeof value>(7, 'news:composer');
    expect(here?.value).toBe(value);
    expect(here?.pageOnlyFiles).toEqual(['big.pdf', 'moved.pdf']);

    // The next page load finds the text and the file that was stored, and names the others.
    const next = await afterReload();
    const restored = await next.readDraft<{ message: string; files: File[] }>(7, 'news:composer');
    expect(restored?.value.message).toBe('Текст остаётся');
    expect(restored?.value.files.map((file) => file.name)).toEqual(['kept.pdf']);
    expect(restored?.lostFiles).toEqual(['big.pdf', 'moved.pdf']);
    expect(await next.countDrafts(7)).toBe(1);
  });

  it('stores a file once while the draft keeps it, and lets its entry go with it', async () => {
    const put = vi.spyOn(IDBObjectStore.prototype, 'put');
    const storedBytes = () =>
      put.mock.calls.filter(([value]) => (value as { bytes?: unknown }).bytes !== undefined).length;
    const [a, b] = [nodeFile('a', 'a.pdf'), nodeFile('b', 'b.pdf')];
    await writeDraft(7, 'chat:a', { text: 'x', files: [a, b] });
    await writeDraft(7, 'chat:a', { text: 'xy', files: [a, b] });
    expect(storedBytes()).toBe(2);
    expect(await keys(raw())).toHaveLength(3);

    // A file taken off the draft leaves the store; the text and the other file stay.
    await writeDraft(7, 'chat:a', { text: 'xy', files: [b] });
    expect(storedBytes()).toBe(2);
    expect(await keys(raw())).toHaveLength(2);
    const restored = await (await afterReload()).readDraft<{ files: File[] }>(7, 'chat:a');
    expect(restored?.value.files.map((file) => file.name)).toEqual(['b.pdf']);

    // The draft removed, nothing of it stays.
    await removeDraft(7, 'chat:a');
    expect(await keys(raw())).toEqual([]);
  });

  it('reads drafts stored before files were kept apart, with the Files inside them', async () => {
    // The older form: the File itself inside the value (Node's structured clone keeps its bytes).
    await set(
      '7:chat:a',
      {
        owner: 7,
        key: 'chat:a',
        value: { text: 'старый', files: [nodeFile('%PDF old', 'old.pdf')] },
        savedAt: 1,
      },
      raw(),
    );
    const restored = await readDraft<{ text: string; files: Blob[] }>(7, 'chat:a');
    expect(restored).toMatchObject({ value: { text: 'старый' }, lostFiles: [], pageOnlyFiles: [] });
    expect(await textOf(restored!.value.files[0]!)).toBe('%PDF old');

    // Written again, it takes the new form and still comes back whole.
    await writeDraft(7, 'chat:a', restored!.value);
    expect((await entries(raw())).some(([, value]) => holdsBlob(value))).toBe(false);
    const again = await (
      await afterReload()
    ).readDraft<{ text: string; files: File[] }>(7, 'chat:a');
    expect(again?.value.text).toBe('старый');
    expect(await textOf(again!.value.files[0]!)).toBe('%PDF old');
  });

  it('keeps in memory, for this page, what IndexedDB cannot take', async () => {
    // A function cannot be cloned: IndexedDB refuses the value, the page still has it.
    const value = { text: 'kept', refuse: () => undefined };
    await writeDraft(7, 'odd', value);
    expect((await readDraft(7, 'odd'))?.value).toBe(value);
    expect(await countDrafts(7)).toBe(1);
    await removeDraft(7, 'odd');
    expect(await readDraft(7, 'odd')).toBeUndefined();
  });

  it('counts and forgets one person’s drafts and leaves everyone else’s', async () => {
    await writeDraft(7, 'news:composer', { message: 'a' });
    await writeDraft(7, 'chat:1', { text: 'b', files: [nodeFile('b', 'b.pdf')] });
    await writeDraft(7, 'odd', { refuse: () => undefined });
    await writeDraft(8, 'news:composer', { message: 'c' });
    // Where a form was is kept with the drafts, but is nothing typed: it is not counted.
    await writeDraft(7, `${PLACE_KEY_PREFIX}journal:roll-dates`, ['2026-11-13']);
    expect(await countDrafts(7)).toBe(3);
    expect(await countDrafts(8)).toBe(1);

    await forgetDrafts(7);
    expect(await countDrafts(7)).toBe(0);
    expect(await readDraft(7, `${PLACE_KEY_PREFIX}journal:roll-dates`)).toBeUndefined();
    expect(await readDraft(7, 'chat:1')).toBeUndefined();
    expect(await countDrafts(8)).toBe(1);
    expect((await readDraft(8, 'news:composer'))?.value).toEqual({ message: 'c' });
  });

  it('runs a removal asked after a write after it, so a sent draft does not come back', async () => {
    const write = writeDraft(7, 'order', { comment: 'x' });
    const remove = removeDraft(7, 'order');
    await Promise.all([write, remove]);
    expect(await readDraft(7, 'order')).toBeUndefined();
  });

  it('compares drafts by what they hold, files by name, size, type and date', () => {
    expect(sameDraft({ a: '', files: [] }, { a: '', files: [] })).toBe(true);
    expect(sameDraft({ a: '' }, { a: ' ' })).toBe(false);
    expect(sameDraft({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameDraft([1, 2], [1, 2])).toBe(true);
    expect(sameDraft({ roll: null }, { roll: [] })).toBe(false);
    expect(sameDraft(nodeFile('ab', 'a.txt'), nodeFile('ab', 'a.txt'))).toBe(true);
    expect(sameDraft(nodeFile('ab', 'a.txt'), nodeFile('ab', 'b.txt'))).toBe(false);
  });

  it('tells files apart by size, type and date too, and a file from a description of it', () => {
    const file = nodeFile('ab', 'a.txt');
    expect(sameDraft(file, nodeFile('abc', 'a.txt'))).toBe(false);
    expect(sameDraft(file, nodeFile('ab', 'a.txt', 'application/pdf'))).toBe(false);
    const later = new File(['ab'], 'a.txt', { type: 'text/plain', lastModified: 2 });
    expect(
      sameDraft(new File(['ab'], 'a.txt', { type: 'text/plain', lastModified: 1 }), later),
    ).toBe(false);
    const { name, size, type, lastModified } = file;
    expect(sameDraft(file, { name, size, type, lastModified })).toBe(false);
    expect(sameDraft({ name, size, type, lastModified }, file)).toBe(false);
  });

  it('tells lists of another length, fields of another name and a list from an object apart', () => {
    expect(sameDraft([1, 2], [1, 2, 3])).toBe(false);
    expect(sameDraft([1, 2], [1, 3])).toBe(false);
    expect(sameDraft({ a: 1, b: 2 }, { a: 1, c: 2 })).toBe(false);
    expect(sameDraft({ a: { b: 1 } }, { a: { b: 2 } })).toBe(false);
    expect(sameDraft(['x'], { 0: 'x' })).toBe(false);
    expect(sameDraft({ 0: 'x' }, ['x'])).toBe(false);
    expect(sameDraft({ a: 1 }, null)).toBe(false);
    expect(sameDraft('a', 'a')).toBe(true);
    expect(sameDraft(1, '1')).toBe(false);
  });

  it('keeps the files of a form whose key begins with another form’s key apart from that one’s', async () => {
    await writeDraft(7, 'chat/1', { text: 'inner', files: [nodeFile('%PDF inner', 'inner.pdf')] });
    await writeDraft(7, 'chat', { text: 'outer', files: [nodeFile('%PDF outer', 'outer.pdf')] });
    await removeDraft(7, 'chat');

    const next = await afterReload();
    const inner = await next.readDraft<{ text: string; files: File[] }>(7, 'chat/1');
    expect(inner?.lostFiles).toEqual([]);
    expect(await textOf(inner!.value.files[0]!)).toBe('%PDF inner');
    expect(await next.readDraft(7, 'chat')).toBeUndefined();
  });

  it('gives no one a draft stored under their id for another person', async () => {
    await set('7:order', { owner: 8, key: 'order', value: { comment: 'x' }, savedAt: 1 }, raw());
    expect(await readDraft(7, 'order')).toBeUndefined();
    await set('7:note', 'not a draft', raw());
    expect(await readDraft(7, 'note')).toBeUndefined();
  });
});
