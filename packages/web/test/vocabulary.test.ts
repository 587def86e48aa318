import { changeLanguage, i18n, SUPPORTED_LANGUAGES, type Language } from '@lms/i18n';
import { act, renderHook } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { useVocabulary, vocabulary, type Vocabulary } from '../src/lib/format/vocabulary';

const CYRILLIC = /[\u0400-\u04FF]/;

beforeAll(async () => {
  await i18n.loadLanguages(['kg', 'en']);
});

const words = (language: Language): Vocabulary => vocabulary(i18n.getFixedT(language, 'common'));

/** What the server sends (packages/mock-server/src/world: calendar.ts, visitlog.ts, umk.ts). */
const HALVES = [
  [1, 'Осенний'],
  [2, 'Весенний'],
  [3, 'Летний'],
] as const;
const KINDS = [
  [1, 'Лекция'],
  [2, 'Практика'],
  [3, 'Лабораторная работа'],
] as const;
const EXAMINATIONS = [
  [1, 'Экзамен'],
  [2, 'Зачёт'],
  [3, 'Дифференцированный зачёт'],
  [4, 'Курсовая работа'],
] as const;
const MATERIAL_TYPES = [
  [1, 'Лекции'],
  [2, 'Практические занятия'],
  [3, 'Лабораторные работы'],
  [4, 'Силлабус'],
  [5, 'Методические указания'],
  [6, 'Тестовые задания'],
  [7, 'Рабочая программа'],
  [8, 'Презентации'],
] as const;

describe('the portal vocabulary', () => {
  it('names semester halves, kinds of lesson and forms of control in the language', () => {
    expect(HALVES.map(([ws, name]) => words('kg').semesterHalf(ws, name))).toEqual([
      'Күзгү',
      'Жазгы',
      'Жайкы',
    ]);
    expect(HALVES.map(([ws, name]) => words('en').semesterHalf(ws, name))).toEqual([
      'Autumn',
      'Spring',
      'Summer',
    ]);
    expect(KINDS.map(([id, name]) => words('en').lessonKind(id, name))).toEqual([
      'Lecture',
      'Practical class',
      'Laboratory work',
    ]);
    expect(words('kg').lessonKind(2, 'Практика')).toBe('Практикалык сабак');
    expect(words('en').examination(1, 'Экзамен')).toBe('Exam');
    expect(words('kg').examination(2, 'Зачёт')).toBe('Сынак');
    expect(words('en').materialType(4, 'Силлабус')).toBe('Syllabus');
  });

  it('says in Russian what the server says', () => {
    const ru = words('ru');
    for (const [ws, name] of HALVES) expect(ru.semesterHalf(ws, name)).toBe(name);
    for (const [id, name] of KINDS) expect(ru.lessonKind(id, name)).toBe(name);
    for (const [id, name] of EXAMINATIONS) expect(ru.examination(id, name)).toBe(name);
    for (const [id, name] of MATERIAL_TYPES) expect(ru.materialType(id, name)).toBe(name);
  });

  it.each(['kg', 'en'] as const)('leaves no known word in Russian in %s', (language) => {
    const own = words(language);
    const shown = [
      ...HALVES.map(([ws, name]) => [name, own.semesterHalf(ws, name)]),
      ...KINDS.map(([id, name]) => [name, own.lessonKind(id, name)]),
      ...EXAMINATIONS.map(([id, name]) => [name, own.examination(id, name)]),
      ...MATERIAL_TYPES.map(([id, name]) => [name, own.materialType(id, name)]),
      ['1 семестр', own.semester('1 семестр')],
    ];
    // Loanwords Kyrgyz writes as Russian does.
    const same = new Set(['Лекция', 'Силлабус', 'Экзамен']);
    for (const [sent, text] of shown) {
      if (language === 'en') expect(text, sent).not.toMatch(CYRILLIC);
      else if (!same.has(sent ?? '')) expect(text, sent).not.toBe(sent);
    }
    // A group's name stays as the server writes it; only the stream's mark is translated.
    const stream = own.group({ name: 'ПИ-26 (поток)', isPotok: true });
    expect(stream).toMatch(/^ПИ-26 \(/);
    expect(stream).not.toContain('поток');
  });

  it('shows the server name for an id it does not know, and the id when there is none', () => {
    const en = words('en');
    expect(en.semesterHalf(4, 'Зимний')).toBe('Зимний');
    expect(en.lessonKind(9, 'Семинар')).toBe('Семинар');
    expect(en.examination(7, 'Госэкзамен')).toBe('Госэкзамен');
    expect(en.materialType(12, 'Видеолекции')).toBe('Видеолекции');
    expect(en.examination(7)).toBe('#7');
    expect(en.lessonKind(9, '')).toBe('#9');
  });

  it('numbers semesters in the language, other names as sent', () => {
    expect(words('ru').semester('1 семестр')).toBe('1 семестр');
    expect(words('kg').semester('1 семестр')).toBe('1-семестр');
    expect(words('en').semester('8 семестр')).toBe('Semester 8');
    expect(words('en').semester('Семестр 3')).toBe('Semester 3');
    expect(words('en').semester('Весенний семестр 2025')).toBe('Весенний семестр 2025');
  });

  it('marks a stream once, whether or not its name already says so', () => {
    const ru = words('ru');
    expect(ru.group({ name: 'ПИ-26 (поток)', isPotok: true })).toBe('ПИ-26 (поток)');
    expect(ru.group({ name: 'ПИ-26', isPotok: true })).toBe('ПИ-26 (поток)');
    expect(ru.group({ name: 'ПИ-26-1', isPotok: false })).toBe('ПИ-26-1');
    expect(ru.group({ name: 'ПИ-26-1' })).toBe('ПИ-26-1');
    expect(words('en').group({ name: 'ПИ-26 (поток)', isPotok: true })).toBe('ПИ-26 (stream)');
    expect(words('kg').group({ name: 'ПИ-26 (поток)', isPotok: true })).toBe('ПИ-26 (агым)');
    // Registration's streams carry their number.
    const numbered = 'ПИ-21-1, ПИ-21-2 (поток 1)';
    expect(ru.group({ name: numbered })).toBe(numbered);
    expect(words('en').group({ name: numbered })).toBe('ПИ-21-1, ПИ-21-2 (stream 1)');
    expect(words('kg').group({ name: numbered })).toBe('ПИ-21-1, ПИ-21-2 (1-агым)');
  });

  it('follows a change of the interface language', async () => {
    const { result } = renderHook(() => useVocabulary());
    expect(result.current.semesterHalf(1, 'Осенний')).toBe('Осенний');
    for (const language of SUPPORTED_LANGUAGES.filter((l) => l !== 'ru')) {
      await act(() => changeLanguage(language));
      expect(result.current.semesterHalf(1, 'Осенний')).toBe(words(language).semesterHalf(1, ''));
    }
    await act(() => changeLanguage('ru'));
    expect(result.current.semesterHalf(1, 'Осенний')).toBe('Осенний');
  });
});
