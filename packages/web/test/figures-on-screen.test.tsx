import { changeLanguage, loadNamespaces, type Language } from '@lms/i18n';
import { act, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FilePicker } from '../src/components/upload/file-picker';
import { BookCard } from '../src/features/e-library/components/book-card';
import { formatFileSize } from '../src/lib/files/upload-kit';
import type { LibraryBook } from '../src/lib/reference-data/library-books';

// Intl separates thousands with a no-break space in Russian and Kyrgyz.
const grouped = (text: string) => text.replace(/(\d) (?=\d)/g, '$1\u00a0');

async function speak(language: Language) {
  await act(async () => {
    await changeLanguage(language);
    await loadNamespaces(['e-library']);
  });
}

const longBook: LibraryBook = {
  id_eBook: 7,
  name: 'Манас энциклопедиясы',
  author: 'Асанов Б.Э.',
  description: '',
  totalPages: 1328,
  fileName: '',
  id_bookCategory: 1,
  isFromUmk: false,
  id_human: 501,
  id_humanType: 1,
};

describe('figures on screen', () => {
  it.each([
    ['ru', grouped('1 328 стр.')],
    ['kg', grouped('1 328 бет')],
    ['en', '1,328 pp.'],
  ] as const)('a book of 1328 pages says so grouped in %s: %s', async (language, pages) => {
    await speak(language);
    render(<BookCard book={longBook} categoryName={undefined} />);
    const facts = screen.getByRole('list', { name: 'Манас энциклопедиясы' });
    // (Testing Library reads the no-break space as a space; the text holds the no-break one.)
    expect(within(facts).getByText(pages.replace(/\u00a0/g, ' ')).textContent).toBe(pages);
  });

  it.each([
    ['ru', grouped('До 99 620 857 МБ на файл')],
    ['kg', grouped('Бир файл 99 620 857 МБга чейин')],
    ['en', 'Up to 99,620,857 MB per file'],
  ] as const)(
    'the upload limit from /config.json reads rounded in %s: %s',
    async (language, text) => {
      await speak(language);
      render(<FilePicker onPick={() => undefined} maxSizeMb={99620856.82784206} />);
      expect(screen.getByText(text.replace(/\u00a0/g, ' ')).textContent).toBe(text);
    },
  );

  it('rounds a file’s size as its limit: one decimal under 10, whole from 10 up', () => {
    expect(formatFileSize(2.44 * 1024 * 1024, 'ru')).toBe('2,4 МБ');
    expect(formatFileSize(10.6 * 1024 * 1024, 'en')).toBe('11 MB');
    expect(formatFileSize(1500.7, 'en')).toBe('1.5 kB');
  });
});
