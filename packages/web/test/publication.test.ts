import { afterEach, describe, expect, it, vi } from 'vitest';
import { opensInBrowser, openPdfInNewTab, PopupBlockedError } from '../src/lib/files/file-viewer';
import {
  EMPTY_PUBLICATION,
  hasErrors,
  MAX_PAGES,
  parsePages,
  validatePublication,
  type PublicationRules,
} from '../src/lib/files/publication';

describe('parsePages', () => {
  it('takes a positive whole number, spaces around it allowed', () => {
    expect(parsePages('86')).toBe(86);
    expect(parsePages(' 12 ')).toBe(12);
    expect(parsePages('1')).toBe(1);
    expect(parsePages(String(MAX_PAGES))).toBe(MAX_PAGES);
  });

  it.each(['', ' ', '0', '-3', '2.5', '2,5', '12 стр.', 'abc', '1e3', '+5', String(MAX_PAGES + 1)])(
    'refuses %j',
    (text) => expect(parsePages(text)).toBeNull(),
  );
});

describe('validatePublication', () => {
  const valid = { ...EMPTY_PUBLICATION, name: 'Лекции', pages: '40' };
  const newItem: PublicationRules = {
    hasNewFile: true,
    hasStoredFile: false,
    needsCategory: false,
  };

  it('lets a complete form through', () => {
    expect(validatePublication(valid, newItem)).toEqual({});
    expect(hasErrors(validatePublication(valid, newItem))).toBe(false);
  });

  it('names each missing or wrong field', () => {
    const errors = validatePublication(
      { ...EMPTY_PUBLICATION, name: '   ', pages: '0' },
      { hasNewFile: false, hasStoredFile: false, needsCategory: true },
    );
    expect(errors).toEqual({ name: true, pages: true, category: true, file: true });
    expect(hasErrors(errors)).toBe(true);
  });

  it('keeps the stored file of an edit, and needs none for a shared or HTML book', () => {
    expect(
      validatePublication(valid, { ...newItem, hasNewFile: false, hasStoredFile: true }),
    ).toEqual({});
    expect(
      validatePublication(valid, { ...newItem, hasNewFile: false, fileOptional: true }),
    ).toEqual({});
  });

  it('asks for a category only when the item goes to the e-library', () => {
    expect(validatePublication(valid, { ...newItem, needsCategory: true })).toEqual({
      category: true,
    });
    expect(
      validatePublication({ ...valid, id_bookCategory: 11 }, { ...newItem, needsCategory: true }),
    ).toEqual({});
  });
});

describe('opensInBrowser', () => {
  it('opens PDFs in the browser and downloads everything else', () => {
    expect(opensInBrowser('Лекции.pdf')).toBe(true);
    expect(opensInBrowser('ЛЕКЦИИ.PDF')).toBe(true);
    expect(opensInBrowser('Силлабус.docx')).toBe(false);
    expect(opensInBrowser('pdf')).toBe(false);
    expect(opensInBrowser('.pdf')).toBe(false);
  });
});

describe('openPdfInNewTab', () => {
  afterEach(() => vi.restoreAllMocks());

  /** A tab as window.open returns it, recording where it was sent. */
  function fakeTab() {
    const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    return tab;
  }

  it('opens a tab at once, then points it at the bytes as a PDF, cut from the portal', async () => {
    const tab = fakeTab();
    const bytes = new Uint8Array([37, 80, 68, 70]);
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(
        new Response(bytes, { headers: { 'Content-Type': 'application/octet-stream' } }),
      );
    const created: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:portal/1';
    });
    await openPdfInNewTab('/lms/api/news/download.file?filename=1_a.pdf&type=2');
    expect(fetch).toHaveBeenCalledWith('/lms/api/news/download.file?filename=1_a.pdf&type=2', {
      credentials: 'same-origin',
    });
    expect(tab.opener).toBeNull();
    expect(tab.location.href).toBe('blob:portal/1');
    expect(created[0]?.type).toBe('application/pdf');
    expect(created[0]?.size).toBe(bytes.length);
  });

  it('closes the tab when the file cannot be had, and says so', async () => {
    const tab = fakeTab();
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('', { status: 404 }));
    await expect(openPdfInNewTab('/x.pdf')).rejects.toThrow('HTTP 404');
    expect(tab.close).toHaveBeenCalled();
  });

  it('reports a blocked pop-up', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    await expect(openPdfInNewTab('/x.pdf')).rejects.toBeInstanceOf(PopupBlockedError);
  });
});
