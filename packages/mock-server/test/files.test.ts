import { decode } from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import {
  cleanFileName,
  isTraversal,
  MAX_FILE_NAME_LENGTH,
  placeholderFile,
} from '../src/world/core/files.js';

describe('seeded files that were never uploaded', () => {
  it('are real JPEG pictures for .jpg names, so photo thumbnails show', () => {
    const file = placeholderFile('схема.jpg', 'Прикрепляю схему.');
    expect(file.contentType).toBe('image/jpeg');
    const image = decode(file.bytes);
    expect([image.width, image.height]).toEqual([160, 120]);
    // The same name gives the same picture; another name another tint.
    expect(placeholderFile('схема.jpg', '').bytes).toEqual(file.bytes);
    expect(placeholderFile('фото.jpeg', '').bytes).not.toEqual(file.bytes);
  });

  it('are valid PDFs for .pdf names and text otherwise', () => {
    expect(new TextDecoder().decode(placeholderFile('Отчёт.pdf', '').bytes)).toMatch(/^%PDF-1\.4/);
    expect(new TextDecoder().decode(placeholderFile('a.txt', 'текст').bytes)).toContain('текст');
  });
});

describe('upload names, normalised once on arrival', () => {
  it.each([
    ['%2e%2e%2fx.txt', 'x.txt'],
    ['..%2F..%2Fx.txt', 'x.txt'],
    ['%252e%252e%252fx.txt', 'x.txt'],
    ['C:\\Users\\Айпери\\Отчёт.pdf', 'Отчёт.pdf'],
    ['Report%20final.pdf', 'Report final.pdf'],
    ['100%.txt', '100%.txt'],
    ['  a\u0000b\u0007c\u202etxt.exe  ', 'abctxt.exe'],
    ['..', 'file'],
    ['...pdf', 'pdf'],
    ['name..pdf', 'name.pdf'],
    ['a;!;b.txt', 'a;b.txt'],
    // NFC: й as и + combining breve becomes one code point
    ['\u0438\u0306.txt', '\u0439.txt'],
    // past three levels of encoding it is not decoded further: its `%` goes, so it never decodes to a way out
    ['%252525252e%252525252e%252525252fx.txt', '_252e_252e_252fx.txt'],
  ])('keeps %j as %j', (raw, kept) => {
    expect(cleanFileName(raw)).toBe(kept);
    expect(isTraversal(kept)).toBe(false);
    // once is enough: a kept name is kept as it is
    expect(cleanFileName(kept)).toBe(kept);
  });

  it(`caps a name at ${MAX_FILE_NAME_LENGTH} code points, keeping its extension`, () => {
    const kept = cleanFileName(`${'я'.repeat(300)}.docx`);
    expect(Array.from(kept)).toHaveLength(MAX_FILE_NAME_LENGTH);
    expect(kept.endsWith('я.docx')).toBe(true);
    expect(Array.from(cleanFileName('😀'.repeat(250)))).toHaveLength(MAX_FILE_NAME_LENGTH);
  });

  it('makes names unique within an upload', () => {
    const taken = new Set(['a.pdf', 'a (2).pdf']);
    expect(cleanFileName('%61.pdf', taken)).toBe('a (3).pdf');
  });
});
