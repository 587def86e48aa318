import { inflateRawSync } from 'node:zlib';
import Papa from 'papaparse';
import readXlsxFile from 'read-excel-file/node';
import { DEMO_PRACTICE_CLASS } from './support/demo-world';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  ABSENT_MARK,
  absencePercent,
  attendancePercent,
  EMPTY_JOURNAL,
  journalFigures,
  journalTable,
  roundTwo,
  type JournalTable,
} from '../src/features/journal/utils/journal-calc';
import {
  absentOption,
  classKey,
  type JournalClass,
} from '../src/features/journal/utils/journal-class';
import {
  exportFileName,
  journalCsv,
  journalSheet,
  journalXlsx,
} from '../src/features/journal/utils/journal-export';
import { lessonDateProblem, semesterSpan } from '../src/features/journal/utils/lesson-date';
import {
  cellKey,
  datesByStudent,
  withPendingVisits,
} from '../src/features/journal/utils/pending-marks';
import {
  rollCounts,
  rollVisits,
  setAbsent,
  setMark,
  startRoll,
  type RollEntry,
} from '../src/features/journal/utils/roll-call';

const assessments = [
  { id_otsenka: 1, name: '5', value: 5 },
  { id_otsenka: 2, name: '4', value: 4 },
  { id_otsenka: 3, name: '3', value: 3 },
  { id_otsenka: 5, name: 'н/б', value: 0 },
];
const cls: JournalClass = { ...DEMO_PRACTICE_CLASS };

/** A file the portal offers for download, as the bytes the person saves. */
const bytesOf = (blob: Blob) =>
  new Promise<Buffer>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(Buffer.from(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsArrayBuffer(blob);
  });

/** The text parts of a ZIP file (an XLSX) by name, read through its central directory. */
function unzip(zip: Buffer): Map<string, string> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const parts = new Map<string, string>();
  let at = zip.readUInt32LE(end + 16);
  for (let entry = 0; entry < zip.readUInt16LE(end + 10); entry += 1) {
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + size);
    parts.set(name, (method === 8 ? inflateRawSync(data) : data).toString('utf8'));
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return parts;
}

describe('journal calculation', () => {
  it('counts н/б as one absence and zero points, an empty mark as zero', () => {
    expect(journalFigures(['5', 'н/б', '', '4'])).toEqual({ absences: 1, sum: 9, average: 2.25 });
    expect(journalFigures(['н/б', 'н/б'])).toEqual({ absences: 2, sum: 0, average: 0 });
    expect(journalFigures(['', ''])).toEqual({ absences: 0, sum: 0, average: 0 });
  });

  it('divides by the number of dates and rounds to two decimals', () => {
    expect(journalFigures(['5', '4', '4']).average).toBe(4.33);
    expect(journalFigures(['5', '5', '4']).average).toBe(4.67);
    // a row missing a date's mark still divides by every date
    expect(journalFigures(['5'], 4).average).toBe(1.25);
    expect(roundTwo(2.345)).toBe(2.35);
    expect(roundTwo(1.005)).toBe(1.01);
  });

  it('gives zero for a journal without dates', () => {
    expect(journalFigures([])).toEqual({ absences: 0, sum: 0, average: 0 });
    expect(attendancePercent(journalFigures([]), 0)).toBeNull();
    expect(absencePercent(journalFigures([]), 0)).toBe(0);
  });

  it('aligns each row with the date columns, oldest first, whatever order the row has', () => {
    const table = journalTable({
      resArray: [
        { visitDate: '2026-11-16', timesCount: 2 },
        { visitDate: '2026-11-02', timesCount: 2 },
      ],
      data: [
        {
          id_student: 1,
          s_fio: 'А',
          dates: [{ visitDate: '2026-11-16', otsenka: '5', timesCount: 2 }],
        },
      ],
    });
    expect(table.columns.map((c) => c.visitDate)).toEqual(['2026-11-02', '2026-11-16']);
    expect(table.rows[0]).toMatchObject({ marks: ['', '5'], figures: { sum: 5, average: 2.5 } });
  });

  it('puts the dates oldest first however the server ordered them', () => {
    const dates = ['2026-11-16', '2026-09-07', '2026-11-02', '2026-10-05', '2026-09-21'];
    const table = journalTable({
      resArray: dates.map((visitDate) => ({ visitDate, timesCount: 2 })),
      data: [
        {
          id_student: 1,
          s_fio: 'А',
          dates: dates.map((visitDate, i) => ({
            visitDate,
            otsenka: String(i + 1),
            timesCount: 2,
          })),
        },
      ],
    });
    expect(table.columns.map((c) => c.visitDate)).toEqual([...dates].sort());
    // each mark stays with its date
    expect(table.rows[0]?.marks).toEqual(['2', '5', '4', '3', '1']);
  });

  it('reads a mark with spaces around it as its number, and anything else as no points', () => {
    expect(journalFigures([' 5 ', '4']).sum).toBe(9);
    // an unreadable mark counts nothing, and is not an absence
    expect(journalFigures(['отл', 'Infinity', '5'])).toEqual({
      absences: 0,
      sum: 5,
      average: 1.67,
    });
    expect(journalFigures(['н/б', ' ', '3'], 3)).toEqual({ absences: 1, sum: 3, average: 1 });
  });

  it('built on the last answer, keeps the columns and each unchanged row as they were', () => {
    const answer = (second: string, dates = ['2026-11-02', '2026-11-16']) => ({
      resArray: dates.map((visitDate) => ({ visitDate, timesCount: 2 })),
      data: [
        {
          id_student: 1,
          s_fio: 'А',
          dates: [{ visitDate: '2026-11-02', otsenka: '5', timesCount: 2 }],
        },
        {
          id_student: 2,
          s_fio: 'Б',
          dates: [{ visitDate: '2026-11-02', otsenka: second, timesCount: 2 }],
        },
      ],
    });
    const first = journalTable(answer('4'));
    const again = journalTable(answer('3'), first);
    expect(again.columns).toBe(first.columns);
    expect(again.rows[0]).toBe(first.rows[0]);
    expect(again.rows[1]).not.toBe(first.rows[1]);
    expect(again.rows[1]).toMatchObject({ marks: ['3', ''], figures: { sum: 3, average: 1.5 } });
    // another date: new columns, and every row is built anew for them
    const wider = journalTable(answer('3', ['2026-11-02', '2026-11-16', '2026-11-20']), again);
    expect(wider.columns).not.toBe(again.columns);
    expect(wider.rows[0]).not.toBe(again.rows[0]);
    expect(wider.rows[0]?.marks).toEqual(['5', '', '']);
  });

  it('starts from an empty journal when the server sends no data', () => {
    expect(journalTable(EMPTY_JOURNAL)).toEqual({ columns: [], rows: [] });
    expect(ABSENT_MARK).toBe('н/б');
  });

  it('gives attendance as the share of dates attended', () => {
    const figures = journalFigures(['5', 'н/б', '', '4']);
    expect(attendancePercent(figures, 4)).toBe(75);
    expect(absencePercent(figures, 4)).toBe(25);
  });
});

describe('roll call', () => {
  // Each case starts from its own roll (and the tables below are made for each case alike).
  let roll: RollEntry[];
  beforeEach(() => {
    roll = startRoll([
      { id_student: 1, s_fio: 'А' },
      { id_student: 2, s_fio: 'Б', isVisited: false, id_otsenka: 5 },
    ]);
  });

  it('starts with everyone present and unmarked unless something is stored', () => {
    expect(roll).toEqual([
      { id_student: 1, s_fio: 'А', isVisited: true, id_otsenka: -1 },
      { id_student: 2, s_fio: 'Б', isVisited: false, id_otsenka: 5 },
    ]);
    expect(rollCounts(roll)).toEqual({ present: 1, absent: 1 });
  });

  it('marks absent with the н/б option and present again without a mark', () => {
    const absent = setAbsent(roll, 1, true, 5);
    expect(absent[0]).toMatchObject({ isVisited: false, id_otsenka: 5 });
    expect(setAbsent(absent, 1, false, 5)[0]).toMatchObject({ isVisited: true, id_otsenka: -1 });
    // without an н/б option the absence carries no mark
    expect(setAbsent(roll, 1, true, undefined)[0]).toMatchObject({ id_otsenka: -1 });
  });

  it('makes a student present with any mark but н/б, which marks them absent', () => {
    expect(setMark(roll, 2, 1, 5)[1]).toMatchObject({ isVisited: true, id_otsenka: 1 });
    expect(setMark(roll, 1, 5, 5)[0]).toMatchObject({ isVisited: false, id_otsenka: 5 });
    expect(setMark(roll, 2, -1, 5)[1]).toMatchObject({ isVisited: true, id_otsenka: -1 });
    // without an н/б option every choice is a mark of someone present
    expect(setMark(roll, 2, 1, undefined)[1]).toMatchObject({ isVisited: true, id_otsenka: 1 });
  });

  it('changes only the student it names, and counts who came', () => {
    const three = startRoll([
      { id_student: 1, s_fio: 'А' },
      { id_student: 2, s_fio: 'Б' },
      { id_student: 3, s_fio: 'В', isVisited: true, id_otsenka: 2 },
    ]);
    const absent = setAbsent(three, 2, true, 5);
    expect(absent.map((entry) => entry.isVisited)).toEqual([true, false, true]);
    expect(absent[2]).toEqual(three[2]);
    const marked = setMark(absent, 1, 1, 5);
    expect(marked.map((entry) => entry.id_otsenka)).toEqual([1, 5, 2]);
    expect(rollCounts(marked)).toEqual({ present: 2, absent: 1 });
    expect(rollCounts(setAbsent(marked, 3, true, 5))).toEqual({ present: 1, absent: 2 });
  });

  it('writes the visit log update payload of every student', () => {
    expect(rollVisits(cls, '2026-11-20', 2, roll)).toEqual([
      {
        ...cls,
        id_student: 1,
        visitDate: '2026-11-20',
        timesCount: 2,
        isVisited: true,
        id_otsenka: -1,
      },
      {
        ...cls,
        id_student: 2,
        visitDate: '2026-11-20',
        timesCount: 2,
        isVisited: false,
        id_otsenka: 5,
      },
    ]);
  });

  it('names a class by every field of its request', () => {
    expect(classKey(cls)).not.toBe(classKey({ ...cls, isPotok: true }));
    expect(classKey(cls)).not.toBe(classKey({ ...cls, id_vid_zaniatiy: 3 }));
    // numbers that run together still name two classes
    expect(classKey({ ...cls, id_teacher: 50, id_discipline: 13001 })).not.toBe(
      classKey({ ...cls, id_teacher: 501, id_discipline: 3001 }),
    );
  });

  it('names a class as the rolls and marks kept on the device from before name it', () => {
    // The name is stored with unsent rolls and drafts (IndexedDB): another spelling would leave
    // them unseen after an update.
    expect(classKey(cls)).toBe('501|3001|3|g101|1|2');
    expect(classKey({ ...cls, isPotok: true, id_groupOrPorok: 9001, id_vid_zaniatiy: 1 })).toBe(
      '501|3001|3|p9001|1|1',
    );
  });

  it('finds the н/б option among the marks, if the list has one', () => {
    expect(absentOption(assessments)).toEqual({ id_otsenka: 5, name: 'н/б', value: 0 });
    expect(absentOption(assessments.slice(0, 3))).toBeUndefined();
  });
});

describe('lesson dates', () => {
  it('spans the semester half with its exam session', () => {
    expect(semesterSpan('2026-2027', 1)).toEqual(['2026-09-01', '2027-01-31']);
    expect(semesterSpan('2026-2027', 2)).toEqual(['2027-02-01', '2027-06-30']);
    expect(semesterSpan('2026-2027', 3)).toEqual(['2027-06-01', '2027-08-31']);
    expect(semesterSpan('текущий', 1)).toBeNull();
    expect(semesterSpan(' 2026-2027', 1)).toEqual(['2026-09-01', '2027-01-31']);
    // a label that does not start with its year, none, or an unknown half: no span
    expect(semesterSpan('Учебный год 2026-2027', 1)).toBeNull();
    expect(semesterSpan(undefined, 1)).toBeNull();
    expect(semesterSpan('2026-2027', 4)).toBeNull();
  });

  it('takes the first and the last day of the semester, and nothing beyond them', () => {
    const span = semesterSpan('2026-2027', 1);
    const today = '2027-03-01';
    expect(lessonDateProblem('2026-09-01', today, span)).toBeNull();
    expect(lessonDateProblem('2027-01-31', today, span)).toBeNull();
    expect(lessonDateProblem('2026-08-31', today, span)).toBe('outside');
    expect(lessonDateProblem('2027-02-01', today, span)).toBe('outside');
  });

  it('asks for a date when what it has is not one', () => {
    const span = semesterSpan('2026-2027', 1);
    expect(lessonDateProblem('12026-11-20', '2026-11-20', span)).toBe('required');
    expect(lessonDateProblem('2026-11-201', '2026-11-20', span)).toBe('required');
    expect(lessonDateProblem('20.11.2026', '2026-11-20', span)).toBe('required');
  });

  it('refuses a date after today or outside the semester', () => {
    const span = semesterSpan('2026-2027', 1);
    expect(lessonDateProblem('2026-11-20', '2026-11-20', span)).toBeNull();
    expect(lessonDateProblem('2026-11-21', '2026-11-20', span)).toBe('future');
    expect(lessonDateProblem('2026-08-31', '2026-11-20', span)).toBe('outside');
    expect(lessonDateProblem('', '2026-11-20', span)).toBe('required');
    expect(lessonDateProblem('2026-08-31', '2026-11-20', null)).toBeNull();
  });
});

describe('marks not saved yet', () => {
  let table: JournalTable;
  beforeEach(() => {
    table = journalTable({
      resArray: [{ visitDate: '2026-11-13', timesCount: 2 }],
      data: [
        {
          id_student: 1,
          s_fio: 'А',
          dates: [{ visitDate: '2026-11-13', otsenka: '5', timesCount: 2 }],
        },
        {
          id_student: 2,
          s_fio: 'Б',
          dates: [{ visitDate: '2026-11-13', otsenka: '3', timesCount: 2 }],
        },
      ],
    });
  });
  const visit = (
    id_student: number,
    visitDate: string,
    isVisited: boolean,
    id_otsenka: number,
  ) => ({
    ...cls,
    id_student,
    visitDate,
    timesCount: 2,
    isVisited,
    id_otsenka,
  });

  it('lays writes over the stored marks, a new date as a column, and names the cells', () => {
    const shown = withPendingVisits(
      table,
      [
        [visit(1, '2026-11-20', false, 5), visit(2, '2026-11-20', true, 2)],
        [visit(2, '2026-11-13', true, 1)],
      ],
      assessments,
    );
    expect(shown.columns.map((c) => c.visitDate)).toEqual(['2026-11-13', '2026-11-20']);
    expect(shown.rows.map((r) => r.marks)).toEqual([
      ['5', 'н/б'],
      ['5', '4'],
    ]);
    expect(shown.rows[1]?.figures).toEqual({ absences: 0, sum: 9, average: 4.5 });
    expect([...shown.pending].sort()).toEqual(['1|2026-11-20', '2|2026-11-13', '2|2026-11-20']);
  });

  it('puts new dates among the stored ones in date order, each cell with its mark or none', () => {
    const shown = withPendingVisits(
      table,
      [
        [visit(1, '2026-11-27', true, 1)],
        [visit(2, '2026-11-06', true, 3)],
        [visit(1, '2026-11-20', true, 2)],
      ],
      assessments,
    );
    expect(shown.columns.map((c) => c.visitDate)).toEqual([
      '2026-11-06',
      '2026-11-13',
      '2026-11-20',
      '2026-11-27',
    ]);
    expect(shown.rows.map((r) => r.marks)).toEqual([
      ['', '5', '4', '5'],
      ['3', '3', '', ''],
    ]);
    expect(shown.rows[0]?.figures).toEqual({ absences: 0, sum: 14, average: 3.5 });
  });

  it('keeps a stored date’s column as it is when a write comes for it', () => {
    const shown = withPendingVisits(
      table,
      [[{ ...visit(1, '2026-11-13', true, 3), timesCount: 4 }]],
      assessments,
    );
    expect(shown.columns).toEqual([{ visitDate: '2026-11-13', timesCount: 2 }]);
    expect(shown.rows[0]?.marks).toEqual(['3']);
  });

  it('shows an absence as н/б whatever mark came with it, and a present student without one', () => {
    const shown = withPendingVisits(
      table,
      [[visit(1, '2026-11-13', false, -1), visit(2, '2026-11-13', true, -1)]],
      assessments,
    );
    expect(shown.rows.map((r) => r.marks)).toEqual([['н/б'], ['']]);
    expect(shown.rows[0]?.figures).toEqual({ absences: 1, sum: 0, average: 0 });
  });

  it('leaves the journal as it is without writes', () => {
    expect(withPendingVisits(table, [], assessments)).toEqual({ ...table, pending: new Set() });
  });

  it('keeps the columns and every row a write does not touch as they were, so only its row is drawn again', () => {
    const shown = withPendingVisits(table, [[visit(2, '2026-11-13', true, 1)]], assessments);
    expect(shown.columns).toBe(table.columns);
    expect(shown.rows[0]).toBe(table.rows[0]);
    expect(shown.rows[1]).not.toBe(table.rows[1]);
    expect(shown.rows[1]?.marks).toEqual(['5']);
    // a new date is a column of every row
    const added = withPendingVisits(table, [[visit(2, '2026-11-20', true, 1)]], assessments);
    expect(added.columns).not.toBe(table.columns);
    expect(added.rows.map((r) => r.marks)).toEqual([
      ['5', ''],
      ['3', '5'],
    ]);
  });

  it('groups cells not saved yet by student', () => {
    const cells = [cellKey(1, '2026-11-13'), cellKey(2, '2026-11-13'), cellKey(1, '2026-11-20')];
    expect(datesByStudent(cells)).toEqual(
      new Map([
        [1, new Set(['2026-11-13', '2026-11-20'])],
        [2, new Set(['2026-11-13'])],
      ]),
    );
  });
});

describe('export', () => {
  let table: JournalTable;
  beforeEach(() => {
    table = journalTable({
      resArray: [
        { visitDate: '2026-11-13', timesCount: 2 },
        { visitDate: '2026-11-20', timesCount: 2 },
      ],
      data: [
        {
          id_student: 1,
          s_fio: 'Асанова; Асель "Алма"',
          dates: [
            { visitDate: '2026-11-13', otsenka: '5', timesCount: 2 },
            { visitDate: '2026-11-20', otsenka: 'н/б', timesCount: 2 },
          ],
        },
      ],
    });
  });
  const titles = {
    name: 'ФИО студента',
    absences: 'Всего н/б',
    sum: 'Общая сумма',
    average: 'Средняя оценка',
    date: (d: string) => d.split('-').reverse().join('.'),
  };

  it('has the screen’s columns and figures', () => {
    expect(journalSheet(table, titles)).toEqual([
      ['ФИО студента', '13.11.2026', '20.11.2026', 'Всего н/б', 'Общая сумма', 'Средняя оценка'],
      ['Асанова; Асель "Алма"', '5', 'н/б', 1, 5, 2.5],
    ]);
  });

  it('writes CSV in the interface language that reads back the same, separators and quotes included', async () => {
    for (const [language, delimiter, average] of [
      ['ru', ';', '2,5'],
      ['kg', ';', '2,5'],
      ['en', ',', '2.5'],
    ] as const) {
      const csv = await journalCsv(journalSheet(table, titles), language);
      expect(csv.startsWith('\uFEFF')).toBe(true);
      const back = Papa.parse<string[]>(csv.slice(1), { delimiter, skipEmptyLines: true }).data;
      expect(back[1]).toEqual(['Асанова; Асель "Алма"', '5', 'н/б', '1', '5', average]);
    }
  });

  it('neutralises a name that a spreadsheet would run as a formula', async () => {
    const sheet = journalSheet(table, titles);
    const csv = await journalCsv(
      [sheet[0] ?? [], ['=HYPERLINK("x")', '5', 'н/б', 1, 5, 2.5]],
      'ru',
    );
    const back = Papa.parse<string[]>(csv.slice(1), { delimiter: ';', skipEmptyLines: true }).data;
    expect(back[1]?.[0]).toBe('\'=HYPERLINK("x")');
  });

  it('writes XLSX that opens with the titles bold and frozen, the names column wide, landscape', async () => {
    const sheet = journalSheet(table, titles);
    const file = await bytesOf(
      await journalXlsx(sheet, 'Веб-разработка ПИ-1-26 Практика (2026-2027)'),
    );
    // the same lines, numbers as numbers, on a sheet named within Excel's 31 characters
    expect(await readXlsxFile(file)).toEqual([
      { sheet: 'Веб-разработка ПИ-1-26 Практика', data: sheet },
    ]);

    const parts = unzip(file);
    const worksheet = parts.get('xl/worksheets/sheet1.xml') ?? '';
    const styles = parts.get('xl/styles.xml') ?? '';
    const bold = [
      ...(/<fonts[^>]*>(.*?)<\/fonts>/.exec(styles)?.[1] ?? '').matchAll(/<font>.*?<\/font>/g),
    ].map(([font]) => font.includes('<b/>'));
    const fontOfStyle = [
      ...(/<cellXfs[^>]*>(.*?)<\/cellXfs>/.exec(styles)?.[1] ?? '').matchAll(/<xf\b[^>]*>/g),
    ].map(([xf]) => Number(/fontId="(\d+)"/.exec(xf)?.[1] ?? 0));
    const boldCells = (row: number) =>
      [...worksheet.matchAll(new RegExp(`<c r="[A-Z]+${row}"([^>]*)>`, 'g'))].map(
        ([, attributes]) =>
          bold[fontOfStyle[Number(/s="(\d+)"/.exec(attributes ?? '')?.[1] ?? 0)] ?? 0],
      );
    expect(boldCells(1)).toEqual(sheet[0]!.map(() => true));
    expect(boldCells(2)).toEqual(sheet[1]!.map(() => false));
    expect(worksheet).toMatch(/<pane [^>]*ySplit="1" xSplit="1"[^>]*state="frozen"/);
    const widths = [...worksheet.matchAll(/<col [^>]*width="(\d+)"/g)].map(([, width]) =>
      Number(width),
    );
    expect(widths).toEqual([36, 11, 11, 11, 11, 11]);
    expect(worksheet).toMatch(/<pageSetup [^>]*orientation="landscape"/);
  });

  it('names the file after the class without characters files cannot have', () => {
    expect(exportFileName(['Веб/разработка', 'ПИ-1-26', 'Практика'], 'xlsx')).toBe(
      'Веб-разработка ПИ-1-26 Практика.xlsx',
    );
    expect(exportFileName([], 'csv')).toBe('journal.csv');
    // a run of such characters is one dash, a run of spaces one space, none at the ends
    expect(exportFileName(['  Веб: «разработка»??', '', 'ПИ-1-26 ', ' Практика  '], 'csv')).toBe(
      'Веб- «разработка»- ПИ-1-26 Практика.csv',
    );
    expect(exportFileName(['a\\//b', 'c\t\td'], 'xlsx')).toBe('a-b c d.xlsx');
  });
});
