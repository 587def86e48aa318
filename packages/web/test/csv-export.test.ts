import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvDelimiter, decimalSeparator, toLocaleTag } from '@lms/i18n';
import { writeCsv } from '../src/lib/files/csv-export';

/** The cells of the written text, read back the way a spreadsheet splits them. */
function readBack(csv: string, delimiter: string): string[][] {
  expect(csv.startsWith('\uFEFF')).toBe(true);
  return Papa.parse<string[]>(csv.slice(1), { delimiter, skipEmptyLines: true }).data;
}

describe('the CSV dialect of each language', () => {
  it('writes a decimal comma with ";" in Russian and Kyrgyz, a point with "," in English', () => {
    expect(['ru', 'kg', 'en'].map((l) => [decimalSeparator(l), csvDelimiter(l)])).toEqual([
      [',', ';'],
      [',', ';'],
      ['.', ','],
    ]);
  });

  it('asks Intl for Kyrgyz by its BCP 47 tag, not the portal’s code', () => {
    expect(toLocaleTag('kg')).toBe('ky');
    expect(toLocaleTag('ru')).toBe('ru');
  });
});

describe('numbers', () => {
  const rows = [
    ['Name', 'Average', 'Sum', 'Big', 'Negative'],
    ['A', 2.31, 22, 12345.5, -2.5],
  ];

  it.each([
    ['ru', ';', ['2,31', '22', '12345,5', '-2,5']],
    ['kg', ';', ['2,31', '22', '12345,5', '-2,5']],
    ['en', ',', ['2.31', '22', '12345.5', '-2.5']],
  ])('in %s: as the screen writes them, without grouping', async (language, delimiter, figures) => {
    const csv = await writeCsv(rows, { language });
    expect(csv.split('\r\n')[1]).toBe(['A', ...figures].join(delimiter));
    expect(readBack(csv, delimiter)[1]).toEqual(['A', ...figures]);
  });

  it('rounds as asked (two decimals unless told otherwise) and leaves empty what is not a number', async () => {
    expect((await writeCsv([[2.346, 1 / 3]], { language: 'ru' })).slice(1)).toBe('2,35;0,33');
    expect(
      (await writeCsv([[1 / 3]], { language: 'en', numbers: { maximumFractionDigits: 0 } })).slice(
        1,
      ),
    ).toBe('0');
    expect((await writeCsv([[Number.NaN, null, undefined, '']], { language: 'en' })).slice(1)).toBe(
      ',,,',
    );
  });

  it('quotes text that holds the separator, quotes or line breaks, and reads back the same', async () => {
    const text = ['Асанова; Асель "Алма"', 'a,b', 'two\nlines'];
    for (const language of ['ru', 'en']) {
      const delimiter = csvDelimiter(language);
      expect(readBack(await writeCsv([text, [1.5]], { language }), delimiter)).toEqual([
        text,
        [language === 'en' ? '1.5' : '1,5'],
      ]);
    }
    expect(await writeCsv([['x', 'y'], ['z']], { language: 'ru' })).toBe('\uFEFFx;y\r\nz');
  });
});

describe('formula injection', () => {
  it.each(['=1+1', '+7 700', '-2+3+cmd|’ /C calc’!A0', '@SUM(A1)', '\tcell', '\rcell'])(
    'neutralises text that starts like a formula: %j',
    async (text) => {
      for (const language of ['ru', 'kg', 'en']) {
        const delimiter = csvDelimiter(language);
        const csv = await writeCsv([[text, 'safe']], { language });
        expect(csv.slice(1).startsWith(`"'`)).toBe(true);
        expect(readBack(csv, delimiter)[0]).toEqual([`'${text}`, 'safe']);
      }
    },
  );

  it('leaves other text and the numbers it writes (negative ones too) as they are', async () => {
    const csv = await writeCsv([['Иванов', 'a=b', 'н/б', -3, -2.5, '-4', '-4,5', '-4 ']], {
      language: 'ru',
    });
    expect(readBack(csv, ';')[0]).toEqual([
      'Иванов',
      'a=b',
      'н/б',
      '-3',
      '-2,5',
      '-4',
      '-4,5',
      "'-4 ",
    ]);
  });
});
