import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { newsSlice } from '../src/world/news/news.js';
import { DEFAULT_MAX_STORAGE_MB, storedBytes } from '../src/world/core/storage.js';
import {
  createTestApp,
  expectError,
  newsForm,
  newsPage,
  resetWorld,
  seededWorld,
  signIn,
  signInDemo,
} from './helpers.js';

const MB = 1024 * 1024;
/** A file of `mb` megabytes. */
const file = (mb: number, name = 'Скан.pdf') => new File([new Uint8Array(mb * MB)], name);
const FULL = /^Insufficient storage: the server keeps at most 1 MB of uploads/;

describe('the cap on stored uploads (--max-storage-mb)', () => {
  it('has a default that keeps the server small, and counts only what is stored', () => {
    expect(DEFAULT_MAX_STORAGE_MB).toBe(100);
    expect(storedBytes(seededWorld())).toBeLessThan(MB);
  });

  it('refuses a news post beyond the cap with a 507 envelope, and keeps nothing of it', async () => {
    const app = createTestApp({ maxStorageMb: 1 });
    const teacher = await signIn(app, 'teacher');
    const post = (mb: number, message: string) =>
      teacher.postForm('/api/news/insert.json', newsForm({ message, file: file(mb) }));
    expect((await post(0.6, 'Первый скан')).status).toBe(200);
    const before = await newsPage(teacher);
    await expectError(post(0.6, 'Второй скан'), 507, expect.stringMatching(FULL));
    expect(await newsPage(teacher)).toEqual(before);
    // text alone still goes through
    expect((await teacher.postForm('/api/news/insert.json', newsForm())).status).toBe(200);
  });

  it('frees space when an item with files is deleted, and on reset', async () => {
    const app = createTestApp({ maxStorageMb: 1 });
    const teacher = await signIn(app, 'teacher');
    const post = () =>
      teacher.postForm('/api/news/insert.json', newsForm({ file: file(0.6, 'Приказ.pdf') }));
    const created = (await (await post()).json()) as { data: { id_eventMessage: number } };
    expect((await post()).status).toBe(507);
    const deleted = await teacher.post('/api/news/delete.json', {
      id: created.data.id_eventMessage,
      role: 1,
      message: '',
    });
    expect(deleted.status).toBe(200);
    expect((await post()).status).toBe(200);
    expect((await post()).status).toBe(507);
    await resetWorld(app);
    const again = await signIn(app, 'teacher');
    const res = await again.postForm('/api/news/insert.json', newsForm({ file: file(0.6) }));
    expect(res.status).toBe(200);
  });

  it('applies to chat attachments too', async () => {
    const { teacher, student, d0 } = await signInDemo(createTestApp({ maxStorageMb: 1 }));
    expect(
      (await teacher.postForm('/api/news/insert.json', newsForm({ file: file(0.9) }))).status,
    ).toBe(200);
    const res = await student.postForm('/api/chat/insert', {
      uid: student.user.uid,
      message: 'Отчёт',
      from: student.user.id,
      fromType: student.user.role,
      semester: 1,
      discipline: d0,
      currentContactId: 501,
      currentContactType: 1,
      group_subgroup: -1,
      isSelect: 'false',
      IsGroupChat: 'false',
      file: file(0.2, 'Отчёт.pdf'),
    });
    await expectError(res, 507, expect.stringMatching(FULL));
  });
});

describe('a full server and a large upload', () => {
  it('answers 507 from the Content-Length alone, before reading the body', async () => {
    const app = createTestApp({ maxStorageMb: 1 });
    const teacher = await signIn(app, 'teacher');
    const res = await teacher.postForm(
      '/api/news/insert.json',
      newsForm({ file: file(0.5) }),
      // the body the header announces would not fit; the server must not wait for it
      { headers: { 'Content-Length': String(3 * MB) } },
    );
    await expectError(res, 507, expect.stringMatching(FULL));
  });
});

describe('uploads on disk', () => {
  it('keeps an upload’s bytes in a file of the world’s directory, not in memory', async () => {
    const app = createTestApp();
    const teacher = await signIn(app, 'teacher');
    const bytes = new Uint8Array([37, 80, 68, 70, 1, 2, 3, 4]);
    const res = await teacher.postForm(
      '/api/news/insert.json',
      newsForm({ file: new File([bytes], 'Приказ.pdf') }),
    );
    const { id_eventMessage } = ((await res.json()) as { data: { id_eventMessage: number } }).data;
    const stored = app.store.get(newsSlice).files.get(`${id_eventMessage}_Приказ.pdf`);
    expect(stored && 'path' in stored).toBe(true);
    const path = stored && 'path' in stored ? stored.path : '';
    expect(new Uint8Array(readFileSync(path))).toEqual(bytes);
    expect(stored && 'bytes' in stored).toBe(false);

    // a deleted item's file leaves the disk at the next upload; reset empties the directory
    await teacher.post('/api/news/delete.json', { id: id_eventMessage, role: 1, message: '' });
    await teacher.postForm('/api/news/insert.json', newsForm({ file: new File(['x'], 'a.txt') }));
    await expect.poll(() => existsSync(path)).toBe(false);
    expect(app.store.uploads.count).toBe(1);
    await resetWorld(app);
    expect(app.store.uploads.count).toBe(0);
  });
});

describe('upload directories left behind', () => {
  it('are removed when another world makes its own, once their process is gone', async () => {
    const orphan = join(tmpdir(), 'lms-mock-uploads-2147483646-test');
    mkdirSync(orphan, { recursive: true });
    writeFileSync(join(orphan, 'file'), 'x');
    const mine = join(tmpdir(), `lms-mock-uploads-${process.pid}-test`);
    mkdirSync(mine, { recursive: true });
    const teacher = await signIn(createTestApp(), 'teacher');
    await teacher.postForm('/api/news/insert.json', newsForm({ file: new File(['x'], 'a.txt') }));
    expect(existsSync(orphan)).toBe(false);
    expect(existsSync(mine)).toBe(true);
    rmSync(mine, { recursive: true });
  });
});
