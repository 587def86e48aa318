import { decode } from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import { placeholderFile } from '../src/world/core/files.js';

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
