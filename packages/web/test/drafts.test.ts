import 'fake-indexeddb/auto';
import { File as NodeFile } from 'node:buffer';
import { createStore, get } from 'idb-keyval';
import { beforeEach, describe, expect, it } from 'vitest';
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
} from '../src/lib/drafts/draft-store';

/** Node's File, which Node's structured clone (under fake-indexeddb) keeps, as a browser's does. */
const nodeFile = (text: string, name: string) =>
  new NodeFile([text], name, { type: 'text/plain', lastModified: 1 }) as unknown as File;

beforeEach(() => forgetAllDrafts());

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

  it('keeps attached files in IndexedDB with their bytes', async () => {
    await writeDraft(7, 'chat:a', { text: '', files: [nodeFile('%PDF bytes', 'lab.pdf')] });
    const stored = await readDraft<{ files: Blob[] }>(7, 'chat:a');
    // A browser's IndexedDB gives the File back; Node's structured clone (under fake-indexeddb)
    // gives its bytes back as a Blob.
    const [file] = stored!.value.files;
    expect(file!.size).toBe(10);
    expect(await new Response(file).text()).toBe('%PDF bytes');
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
    await writeDraft(7, 'chat:1', { text: 'b', files: [] });
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
});
