import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18n, initI18n, loadNamespaces, type Language } from '../src/index';

// Intl separates thousands with a no-break space in Russian and Kyrgyz.
const nbsp = (text: string) => text.replace(/(\d) (?=\d)/g, '$1\u00a0');

type FigureText =
  | 'e-library:pagesCount'
  | 'study-materials:pagesCount'
  | 'upload.sizeLimit'
  | 'publication:tooLarge';

async function textIn(
  language: Language,
  key: FigureText,
  values: { count: number } | { maxSizeMb: number },
) {
  await changeLanguage(language);
  return i18n.t(key, values);
}

describe('figures in texts', () => {
  beforeAll(async () => {
    await initI18n({ lng: 'ru' });
    for (const language of ['ru', 'kg', 'en'] as const) {
      await changeLanguage(language);
      await loadNamespaces(['e-library', 'study-materials', 'publication']);
    }
  });

  it('group a book’s pages as the language writes thousands', async () => {
    expect(await textIn('ru', 'e-library:pagesCount', { count: 1328 })).toBe(nbsp('1 328 стр.'));
    expect(await textIn('kg', 'e-library:pagesCount', { count: 1328 })).toBe(nbsp('1 328 бет'));
    expect(await textIn('en', 'e-library:pagesCount', { count: 1328 })).toBe('1,328 pp.');
    expect(await textIn('kg', 'study-materials:pagesCount', { count: 2048 })).toBe(
      nbsp('2 048 бет'),
    );
    expect(await textIn('ru', 'e-library:pagesCount', { count: 96 })).toBe('96 стр.');
  });

  it('say a size limit rounded, whatever the config sent', async () => {
    const limit = { maxSizeMb: 99620856.82784206 };
    expect(await textIn('ru', 'upload.sizeLimit', limit)).toBe(nbsp('До 99 620 857 МБ на файл'));
    expect(await textIn('kg', 'upload.sizeLimit', limit)).toBe(
      nbsp('Бир файл 99 620 857 МБга чейин'),
    );
    expect(await textIn('en', 'upload.sizeLimit', limit)).toBe('Up to 99,620,857 MB per file');
    expect(await textIn('ru', 'upload.sizeLimit', { maxSizeMb: 2.5 })).toBe('До 2,5 МБ на файл');
    expect(await textIn('en', 'publication:tooLarge', { maxSizeMb: 10.4 })).toBe(
      'The file must not be larger than 10 MB',
    );
    await changeLanguage('ru');
  });
});
