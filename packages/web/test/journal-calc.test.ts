import Papa from 'papaparse';
import { DEMO_PRACTICE_CLASS } from './support/demo-world';
import { describe, expect, it } from 'vitest';
import {
  absencePercent,
  attendancePercent,
  journalFigures,
  journalTable,
  roundTwo,
} from '../src/features/journal/utils/journal-calc';
import { classKey, type JournalClass } from '../src/features/journal/utils/journal-class';
import {
  exportFileName,
  journalCsv,
  journalSheet,
} from '../src/features/journal/utils/journal-export';
import { lessonDateProblem, semesterSpan } from '../src/features/journal/utils/lesson-date';
import { withPendingVisits } from '../src/features/journal/utils/pending-marks';
import {
  rollCounts,
  rollVisits,
  setAbsent,
  setMark,
  startRoll,
} from '../src/features/journal/utils/roll-call';

const assessments = [
  { id_otsenka: 1, name: '5', value: 5 },
  { id_otsenka: 2, name: '4', value: 4 },
  { id_otsenka: 3, name: '3', value: 3 },
  { id_otsenka: 5, name: 'н/б', value: 0 },
];
const cls: JournalClass = { ...DEMO_PRACTICE_CLASS };

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

  it('gives attendance as the share of dates attended', () => {
    const figures = journalFigures(['5', 'н/б', '', '4']);
    expect(attendancePercent(figures, 4)).toBe(75);
    expect(absencePercent(figures, 4)).toBe(25);
  });
});

describe('roll call', () => {
  const roll = startRoll([
    { id_student: 1, s_fio: 'А' },
    { id_student: 2, s_fio: 'Б', isVisited: false, id_otsenka: 5 },
  ]);

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
  });
});

describe('lesson dates', () => {
  it('spans the semester half with its exam session', () => {
    expect(semesterSpan('2026-2027', 1)).toEqual(['2026-09-01', '2027-01-31']);
    expect(semesterSpan('2026-2027', 2)).toEqual(['2027-02-01', '2027-06-30']);
    expect(semesterSpan('2026-2027', 3)).toEqual(['2027-06-01', '2027-08-31']);
    expect(semesterSpan('текущий', 1)).toBeNull();
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
  const table = journalTable({
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

  it('leaves the journal as it is without writes', () => {
    expect(withPendingVisits(table, [], assessments)).toEqual({ ...table, pending: new Set() });
  });
});

describe('export', () => {
  const table = journalTable({
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

  it('names the file after the class without characters files cannot have', () => {
    expect(exportFileName(['Веб/разработка', 'ПИ-1-26', 'Практика'], 'xlsx')).toBe(
      'Веб-разработка ПИ-1-26 Практика.xlsx',
    );
    expect(exportFileName([], 'csv')).toBe('journal.csv');
  });
});
