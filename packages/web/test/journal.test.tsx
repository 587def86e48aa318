import type { LmsClient } from '@lms/client';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { visitOutbox } from '../src/features/journal/api/send-visits';
import {
  StudentJournalPart,
  TeacherJournalPart,
} from '../src/features/journal/components/journal-route';
import { journalFigures, type Journal } from '../src/features/journal/utils/journal-calc';
import { countDrafts, forgetAllDrafts } from '../src/lib/offline/drafts/draft-store';
import { isMobile } from '../src/lib/ui-state/viewport';
import { renderApp } from './support/render-app';
import { DEMO_PRACTICE_CLASS } from './support/demo-world';
import { signInDemo, type MockBackend, type MockBackendOptions } from './support/mock-backend';
import { preloadScreens } from './support/preload-screens';

preloadScreens('journal');
// Each role's screen, a chunk of its own, as the route renders it once it has arrived.
beforeAll(() => Promise.all([TeacherJournalPart.preload(), StudentJournalPart.preload()]));

// The mock world's Friday: the roll call starts on it and refuses later dates.
const NOW = new Date('2026-11-20T10:00:00+06:00');

/** A date as the roll call's field writes it, whatever the browser's language: DD.MM.YYYY. */
const written = (isoDate: string) => isoDate.split('-').reverse().join('.');
const PRACTICE = DEMO_PRACTICE_CLASS;

/** The demo student's practice journal in «Веб-разработка», asked for the given student id. */
const studentRequest = (id_student: number) => {
  const { id_groupOrPorok: _group, isPotok: _isPotok, ...fields } = PRACTICE;
  return { ...fields, id_student };
};

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  // Each case starts on a device without drafts (a roll or a mark left half done stays one).
  await forgetAllDrafts();
});

afterEach(async () => {
  vi.useRealTimers();
  for (const entry of visitOutbox.entries.value) await visitOutbox.discard(entry.id);
});

const main = () => screen.getByRole('main');

async function chooseDiscipline() {
  const discipline = within(main()).getByLabelText('Дисциплина');
  await waitFor(() =>
    expect(within(discipline).getByRole('option', { name: 'Веб-разработка' })).toBeTruthy(),
  );
  await userEvent.selectOptions(
    discipline,
    within(discipline).getByRole('option', { name: 'Веб-разработка' }),
  );
}

/**
 * A demo account signed in (`prepare` sets the world's faults first), /lms/journal open and
 * Веб-разработка chosen.
 */
async function openJournal(
  login: 'teacher' | 'student',
  options: MockBackendOptions = {},
  prepare?: (backend: MockBackend) => void,
) {
  const { backend, user } = await signInDemo(login, options);
  prepare?.(backend);
  await showJournal(backend);
  return { backend, user };
}

/** The journal's page shown for the backend's person, with Веб-разработка chosen. */
async function showJournal(backend: MockBackend) {
  await renderApp({ client: backend.client, path: '/lms/journal' });
  await screen.findByRole('heading', { level: 1, name: 'Журнал посещаемости' });
  await chooseDiscipline();
}

/** The teacher's roll call, once it lists the class's 12 students. */
async function fullRoll() {
  const roll = await within(main()).findByRole('list', { name: 'Перекличка' });
  await waitFor(() => expect(within(roll).getAllByRole('listitem')).toHaveLength(12));
  return roll;
}

/**
 * A list of the journal failing (a server error): its failed state, then on retry (the list now
 * empty) its empty state.
 */
async function failedThenEmpty(
  login: 'teacher' | 'student',
  path: string,
  failedText: string,
  emptyText: string,
) {
  const { backend } = await openJournal(login, {}, (world) =>
    world.scenarios!.set(path, 'server-error'),
  );
  const failed = await within(main()).findByText(failedText);
  backend.scenarios!.set(path, 'empty');
  await userEvent.click(within(failed.parentElement!).getByRole('button', { name: 'Повторить' }));
  await within(main()).findByText(emptyText);
}

/** A reload: the page goes and the journal opens again for the same person. */
async function reloadJournal(backend: MockBackend) {
  cleanup();
  await showJournal(backend);
  return fullRoll();
}

async function openTeacherJournal(options: MockBackendOptions = {}) {
  const { backend, user } = await openJournal('teacher', options);
  return { backend, user, roll: await fullRoll(), events: userEvent.setup() };
}

const journalOf = async (client: LmsClient) =>
  (await client.post('/api/visitlog/getjournal', {
    body: { ...PRACTICE, subgroup: 0 },
  })) as Journal;
const rows = (roll: HTMLElement) => within(roll).getAllByRole('listitem');
const nameOf = (row: HTMLElement) => row.querySelector('span')!.textContent!;
const absentButton = (row: HTMLElement) => within(row).getByRole('button', { name: 'Отсутствует' });
const table = () => within(main()).getByRole('region', { name: 'Журнал' });
const tableRow = (name: string) => within(table()).getByRole('rowheader', { name }).closest('tr')!;
const figuresOf = (name: string) => {
  const row = tableRow(name);
  const text = (kind: string) =>
    row.querySelector(`[data-figure="${kind}"]`)!.textContent!.replace(',', '.');
  return {
    absences: Number(text('absences')),
    sum: Number(text('sum')),
    average: Number(text('average')),
  };
};

describe('the teacher’s roll call', () => {
  it('starts with everyone present today, marks two absent and a mark, and saves the class at once', async () => {
    const { backend, roll, events } = await openTeacherJournal();
    expect(within(main()).getByLabelText('Дата занятия')).toHaveProperty('value', '20.11.2026');
    expect(within(main()).getByText('Присутствуют: 12')).toBeTruthy();
    const [first, second, third] = rows(roll);
    const names = [first!, second!, third!].map(nameOf);
    await events.click(absentButton(first!));
    await events.click(absentButton(second!));
    const mark = within(third!).getByLabelText(`Оценка: ${names[2]}`);
    // only the assessments are offered (and the placeholder)
    expect(
      within(mark)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([' --- ', '5', '4', '3', '2', 'н/б']);
    await events.selectOptions(mark, within(mark).getByRole('option', { name: '5' }));
    expect(within(main()).getByText('Присутствуют: 10')).toBeTruthy();
    expect(within(main()).getByText('Отсутствуют: 2')).toBeTruthy();

    await events.click(within(main()).getByRole('button', { name: 'Сохранить перекличку' }));
    await within(main()).findByText('Перекличка сохранена.');
    expect(backend.calls).toContain('/api/visitlog/studentvisitinsertall');
    const stored = await journalOf(backend.client);
    expect(stored.resArray.at(-1)).toEqual({ visitDate: '2026-11-20', timesCount: 2 });
    const last = (name: string) =>
      stored.data.find((row) => row.s_fio === name)?.dates.at(-1)?.otsenka;
    expect(names.map(last)).toEqual(['н/б', 'н/б', '5']);

    // the journal follows, with each row's totals (absences, sum, average)
    await waitFor(() =>
      expect(within(table()).getByRole('columnheader', { name: /20\.11/ })).toBeTruthy(),
    );
    for (const row of stored.data) {
      expect(figuresOf(row.s_fio)).toEqual(journalFigures(row.dates.map((d) => d.otsenka)));
    }
  });

  it('keeps a roll half taken as the class’s draft for the date across a reload, until it is saved', async () => {
    const { backend, user, roll, events } = await openTeacherJournal();
    const [first, second] = rows(roll);
    const names = [nameOf(first!), nameOf(second!)];
    await events.click(absentButton(first!));
    await events.click(absentButton(second!));
    await events.selectOptions(within(main()).getByLabelText('Академических часов'), '4');

    const again = await reloadJournal(backend);
    expect(await within(main()).findByText('Черновик восстановлен.')).toBeTruthy();
    const pressed = rows(again)
      .filter((row) => absentButton(row).getAttribute('aria-pressed') === 'true')
      .map(nameOf);
    expect(pressed).toEqual(names);
    expect(within(main()).getByText('Отсутствуют: 2')).toBeTruthy();
    expect(within(main()).getByLabelText('Академических часов')).toHaveProperty('value', '4');
    expect(backend.calls).not.toContain('/api/visitlog/studentvisitinsertall');

    await events.click(within(main()).getByRole('button', { name: 'Сохранить перекличку' }));
    await within(main()).findByText('Перекличка сохранена.');
    expect(within(main()).queryByText('Черновик восстановлен.')).toBeNull();
    expect(await countDrafts(user.uid)).toBe(0);
    const stored = await journalOf(backend.client);
    expect(stored.resArray.at(-1)).toEqual({ visitDate: '2026-11-20', timesCount: 4 });
  });

  it('saves once when the button is pressed twice quickly: one outbox entry, one request', async () => {
    const { backend, roll, events } = await openTeacherJournal();
    await events.click(absentButton(rows(roll)[0]!));
    const adds = vi.spyOn(visitOutbox, 'add');
    const insertAll = () =>
      backend.calls.filter((path) => path === '/api/visitlog/studentvisitinsertall');
    const saveButton = () => within(main()).getByRole('button', { name: 'Сохранить перекличку' });
    try {
      await events.dblClick(saveButton());
      await within(main()).findByText('Перекличка сохранена.');
      await waitFor(() => expect(visitOutbox.entries.value).toHaveLength(0));
      expect(adds).toHaveBeenCalledTimes(1);
      expect(insertAll()).toHaveLength(1);
      // The saved roll has nothing new to save; the button keeps the focus it was pressed with.
      expect(saveButton().getAttribute('aria-disabled')).toBe('true');
      expect(document.activeElement).toBe(saveButton());
      await events.keyboard('{Enter}');
      expect(adds).toHaveBeenCalledTimes(1);

      // A change makes a roll of its own: its press saves it.
      await events.click(absentButton(rows(roll)[1]!));
      expect(saveButton().getAttribute('aria-disabled')).toBeNull();
      await events.click(saveButton());
      await within(main()).findByText('Перекличка сохранена.');
      await waitFor(() => expect(visitOutbox.entries.value).toHaveLength(0));
      expect(adds).toHaveBeenCalledTimes(2);
      expect(insertAll()).toHaveLength(2);
    } finally {
      adds.mockRestore();
    }
  });

  it('opens on the earlier date whose roll was half taken, with its draft, after a resize and a reload, until it is saved', async () => {
    const { backend, user, events } = await openTeacherJournal();
    const stored = await journalOf(backend.client);
    const earlier = ['2026-11-19', '2026-11-18', '2026-11-17', '2026-11-16'].find(
      (day) => !stored.resArray.some((column) => column.visitDate === day),
    )!;
    const dateField = () => within(main()).getByLabelText('Дата занятия');
    await events.clear(dateField());
    await events.type(dateField(), written(earlier));
    const [first, second] = rows(await fullRoll());
    const names = [nameOf(first!), nameOf(second!)];
    await events.click(absentButton(first!));
    await events.click(absentButton(second!));
    const absentNow = () =>
      rows(within(main()).getByRole('list', { name: 'Перекличка' }))
        .filter((row) => absentButton(row).getAttribute('aria-pressed') === 'true')
        .map(nameOf);

    // Across the phone layout and back the same roll call stays, on the same date.
    const resizeTo = (width: number) => {
      Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
      act(() => {
        window.dispatchEvent(new Event('resize'));
      });
    };
    try {
      resizeTo(390);
      await waitFor(() => expect(document.querySelector('[data-layout="mobile"]')).toBeTruthy());
      expect(dateField()).toHaveProperty('value', written(earlier));
      expect(absentNow()).toEqual(names);
      resizeTo(1280);
      await waitFor(() => expect(document.querySelector('[data-layout="desktop"]')).toBeTruthy());
    } finally {
      Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1280 });
      isMobile.value = false;
    }

    await reloadJournal(backend);
    expect(dateField()).toHaveProperty('value', written(earlier));
    expect(await within(main()).findByText('Черновик восстановлен.')).toBeTruthy();
    expect(absentNow()).toEqual(names);
    expect(backend.calls).not.toContain('/api/visitlog/studentvisitinsertall');

    await events.click(within(main()).getByRole('button', { name: 'Сохранить перекличку' }));
    await within(main()).findByText('Перекличка сохранена.');
    expect(dateField()).toHaveProperty('value', written(earlier));
    expect(await countDrafts(user.uid)).toBe(0);
    await waitFor(async () =>
      expect((await journalOf(backend.client)).resArray.map((c) => c.visitDate)).toContain(earlier),
    );

    // Saved, the roll call opens on today again.
    await reloadJournal(backend);
    expect(dateField()).toHaveProperty('value', '20.11.2026');
    expect(within(main()).queryByText('Черновик восстановлен.')).toBeNull();
  });

  it('keeps the date of a half-taken roll to its class, and forgets it once the draft is discarded', async () => {
    const { backend, user, events } = await openTeacherJournal();
    const dateField = () => within(main()).getByLabelText('Дата занятия');
    const stored = await journalOf(backend.client);
    const earlier = stored.resArray[0]!.visitDate;
    await events.clear(dateField());
    await events.type(dateField(), written(earlier));
    await within(main()).findByText('На эту дату уже есть отметки: сохранение заменит их.');
    await events.selectOptions(within(main()).getByLabelText('Академических часов'), '6');

    await reloadJournal(backend);
    expect(dateField()).toHaveProperty('value', written(earlier));
    expect(await within(main()).findByText('Черновик восстановлен.')).toBeTruthy();
    expect(within(main()).getByLabelText('Академических часов')).toHaveProperty('value', '6');

    // Another class (the stream's lectures) opens on today, without the draft.
    const group = within(main()).getByLabelText('Группа или поток');
    await events.selectOptions(group, within(group).getByRole('option', { name: /\(поток\)/ }));
    await waitFor(() =>
      expect(
        within(within(main()).getByRole('list', { name: 'Перекличка' })).getAllByRole('listitem'),
      ).toHaveLength(24),
    );
    expect(dateField()).toHaveProperty('value', '20.11.2026');
    expect(within(main()).queryByText('Черновик восстановлен.')).toBeNull();

    await events.selectOptions(group, within(group).getByRole('option', { name: 'ПИ-1-26' }));
    const kind = within(main()).getByLabelText('Вид занятия');
    await waitFor(() =>
      expect(
        within(kind)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toContain('Практика'),
    );
    await events.selectOptions(kind, within(kind).getByRole('option', { name: 'Практика' }));
    await waitFor(() => expect(dateField()).toHaveProperty('value', written(earlier)));
    await within(main()).findByText('Черновик восстановлен.');
    await events.click(within(main()).getByRole('button', { name: 'Очистить' }));
    await waitFor(() => expect(within(main()).queryByText('Черновик восстановлен.')).toBeNull());
    expect(await countDrafts(user.uid)).toBe(0);

    await reloadJournal(backend);
    expect(dateField()).toHaveProperty('value', '20.11.2026');
  });

  it('takes the keyboard: arrows move, Н and П mark, digits give a mark, 0 clears it', async () => {
    const { roll, events } = await openTeacherJournal();
    const [first, second] = rows(roll);
    absentButton(first!).focus();
    await events.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(absentButton(second!));
    await events.keyboard('н');
    expect(absentButton(second!).getAttribute('aria-pressed')).toBe('true');
    await events.keyboard('4');
    expect(absentButton(second!).getAttribute('aria-pressed')).toBe('false');
    expect(
      (within(second!).getByRole('combobox') as HTMLSelectElement).selectedOptions[0]?.textContent,
    ).toBe('4');
    await events.keyboard('0');
    expect((within(second!).getByRole('combobox') as HTMLSelectElement).value).toBe('-1');
    await events.keyboard('{ArrowUp}a');
    expect(absentButton(first!).getAttribute('aria-pressed')).toBe('true');
    await events.keyboard('p');
    expect(absentButton(first!).getAttribute('aria-pressed')).toBe('false');
  });

  it('shows what is stored for an earlier date and says saving replaces it', async () => {
    const { backend, events } = await openTeacherJournal();
    const stored = await journalOf(backend.client);
    const date = stored.resArray[0]!.visitDate;
    const date_input = within(main()).getByLabelText('Дата занятия');
    await events.clear(date_input);
    await events.type(date_input, written(date));
    await within(main()).findByText('На эту дату уже есть отметки: сохранение заменит их.');
    await waitFor(() =>
      expect(backend.calls).toContain('/api/visitlog/getstudentslistsubgroupupdate'),
    );
    const absent = new Set(
      stored.data.filter((row) => row.dates[0]?.otsenka === 'н/б').map((row) => row.s_fio),
    );
    expect(absent.size).toBeGreaterThan(0);
    await waitFor(() =>
      expect(
        rows(within(main()).getByRole('list', { name: 'Перекличка' }))
          .filter((row) => absentButton(row).getAttribute('aria-pressed') === 'true')
          .map(nameOf),
      ).toEqual([...absent]),
    );
  });

  it('refuses a date after today or outside the semester, and sends nothing', async () => {
    const { backend, events } = await openTeacherJournal();
    const date = within(main()).getByLabelText('Дата занятия');
    await events.clear(date);
    await events.type(date, '21.11.2026');
    expect(
      await within(main()).findByText('Дата занятия не может быть позже сегодняшней.'),
    ).toBeTruthy();
    expect(within(main()).queryByRole('list', { name: 'Перекличка' })).toBeNull();
    await events.click(within(main()).getByRole('button', { name: 'Сохранить перекличку' }));
    await events.clear(date);
    await events.type(date, '31.08.2026');
    expect(
      await within(main()).findByText('Дата вне семестра: с 01.09.2026 по 31.01.2027.'),
    ).toBeTruthy();
    await events.click(within(main()).getByRole('button', { name: 'Сохранить перекличку' }));
    expect(backend.calls).not.toContain('/api/visitlog/studentvisitinsertall');
  });

  it('keeps every mark when the server fails, shows them as not saved, and sends them on retry', async () => {
    const { backend, roll, events } = await openTeacherJournal();
    backend.scenarios!.set('/api/visitlog/studentvisitinsertall', 'server-error');
    const [first] = rows(roll);
    const name = nameOf(first!);
    await events.click(absentButton(first!));
    await events.click(within(main()).getByRole('button', { name: 'Сохранить перекличку' }));
    const waiting = await within(main()).findByRole('region', { name: 'Не сохранено на сервере' });
    expect(within(waiting).getByText('Перекличка за 20.11.2026: 12 студентов')).toBeTruthy();
    await within(waiting).findByText('Ждёт отправки');
    expect(absentButton(first!).getAttribute('aria-pressed')).toBe('true');
    // the journal shows the mark as not saved
    await waitFor(() =>
      expect(tableRow(name).querySelector('[data-pending]')?.textContent).toMatch(/н\/б/),
    );
    expect((await journalOf(backend.client)).resArray.at(-1)?.visitDate).not.toBe('2026-11-20');

    backend.scenarios!.delete('/api/visitlog/studentvisitinsertall');
    await events.click(within(waiting).getByRole('button', { name: 'Повторить' }));
    await waitFor(() =>
      expect(within(main()).queryByRole('region', { name: 'Не сохранено на сервере' })).toBeNull(),
    );
    const stored = await journalOf(backend.client);
    expect(stored.data.find((row) => row.s_fio === name)?.dates.at(-1)).toMatchObject({
      visitDate: '2026-11-20',
      otsenka: 'н/б',
    });
    await waitFor(() => expect(tableRow(name).querySelector('[data-pending]')).toBeNull());
  });

  it('lets the teacher discard a roll the server refused; the roll stays on screen', async () => {
    const { backend, roll, events } = await openTeacherJournal();
    backend.scenarios!.set('/api/visitlog/studentvisitinsertall', 'client-error');
    await events.click(absentButton(rows(roll)[0]!));
    await events.click(within(main()).getByRole('button', { name: 'Сохранить перекличку' }));
    const waiting = await within(main()).findByRole('region', { name: 'Не сохранено на сервере' });
    await within(waiting).findByText(/Сервер не принял отметки/);
    await events.click(within(waiting).getByRole('button', { name: 'Удалить' }));
    await waitFor(() =>
      expect(within(main()).queryByRole('region', { name: 'Не сохранено на сервере' })).toBeNull(),
    );
    expect(absentButton(rows(roll)[0]!).getAttribute('aria-pressed')).toBe('true');
  });
});

describe('the class', () => {
  it('takes a stream’s lectures, and a lab’s subgroup narrows the roll and the journal', async () => {
    const { backend, events } = await openTeacherJournal();
    const group = within(main()).getByLabelText('Группа или поток');
    await events.selectOptions(group, within(group).getByRole('option', { name: /\(поток\)/ }));
    const kind = within(main()).getByLabelText('Вид занятия');
    await waitFor(() =>
      expect((kind as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('Лекция'),
    );
    await waitFor(() =>
      expect(
        within(within(main()).getByRole('list', { name: 'Перекличка' })).getAllByRole('listitem'),
      ).toHaveLength(24),
    );

    await events.selectOptions(group, within(group).getByRole('option', { name: 'ПИ-1-26' }));
    await waitFor(() =>
      expect(
        within(kind)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toContain('Лабораторная работа'),
    );
    await events.selectOptions(
      kind,
      within(kind).getByRole('option', { name: 'Лабораторная работа' }),
    );
    const subgroup = await within(main()).findByLabelText('Подгруппа');
    // Subgroup 0 is the whole group, and the picker says so (not the stream picker's words).
    expect((subgroup as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('Вся группа');
    await events.selectOptions(
      subgroup,
      within(subgroup).getByRole('option', { name: '1 подгруппа' }),
    );
    await waitFor(() => expect(backend.calls).toContain('/api/visitlog/getstudentslistsubgroup'));
    const members = (await backend.client.post('/api/visitlog/getstudentslistsubgroup', {
      body: { ...PRACTICE, id_vid_zaniatiy: 3, visitDate: '2026-11-20', subgroup: 1 },
    }))!;
    await waitFor(() =>
      expect(rows(within(main()).getByRole('list', { name: 'Перекличка' })).map(nameOf)).toEqual(
        members.map((m) => m.s_fio),
      ),
    );
    await waitFor(() =>
      expect(
        within(table())
          .getAllByRole('rowheader')
          .map((th) => th.textContent),
      ).toEqual(members.map((m) => m.s_fio)),
    );
  });

  it('says when the students cannot be loaded and loads them on retry, or that there are none', async () => {
    await failedThenEmpty(
      'teacher',
      '/api/visitlog/getstudentslist',
      'Не удалось загрузить список студентов.',
      'В группе нет студентов.',
    );
    expect(within(main()).getByRole('button', { name: 'Сохранить перекличку' })).toHaveProperty(
      'disabled',
      true,
    );
  });
});

describe('the teacher’s journal table', () => {
  it('changes one mark from its cell (studentvisitupdate) and deletes a date after confirmation', async () => {
    const { backend, events } = await openTeacherJournal();
    const before = await journalOf(backend.client);
    const row = before.data[0]!;
    const column = before.resArray[1]!;
    const date = column.visitDate.split('-').reverse().join('.');
    const cell = await within(main()).findByRole('button', {
      name: new RegExp(`Изменить отметку: ${row.s_fio}, ${date.replaceAll('.', '\\.')}$`),
    });
    await events.click(cell);
    const dialog = await screen.findByRole('dialog', { name: `Отметка за ${date}` });
    await events.click(within(dialog).getByRole('radio', { name: 'Отсутствует' }));
    await events.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(async () => {
      const after = await journalOf(backend.client);
      expect(after.data[0]?.dates[1]?.otsenka).toBe('н/б');
    });
    expect(backend.calls).toContain('/api/visitlog/studentvisitupdate');

    await events.click(within(main()).getByRole('button', { name: `Удалить занятие ${date}` }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Удалить занятие?' });
    await events.click(within(confirm).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    const after = await journalOf(backend.client);
    expect(after.resArray.map((c) => c.visitDate)).not.toContain(column.visitDate);
    await waitFor(() =>
      expect(within(main()).queryByRole('button', { name: `Удалить занятие ${date}` })).toBeNull(),
    );
  });

  it('keeps a mark being changed as a draft of the class, student and date; cancel throws it away', async () => {
    const { backend, user, events } = await openTeacherJournal();
    const before = await journalOf(backend.client);
    const row = before.data[0]!;
    const column = before.resArray[1]!;
    const date = column.visitDate.split('-').reverse().join('.');
    const cellName = new RegExp(`Изменить отметку: ${row.s_fio}, ${date.replaceAll('.', '\\.')}$`);
    const open = async () => {
      await events.click(await within(main()).findByRole('button', { name: cellName }));
      return screen.findByRole('dialog', { name: `Отметка за ${date}` });
    };
    const absent = (dialog: HTMLElement) =>
      within(dialog).getByRole('radio', { name: 'Отсутствует' }) as HTMLInputElement;
    const wasAbsent = absent(await open()).checked;
    await events.click(
      within(screen.getByRole('dialog')).getByRole('radio', {
        name: wasAbsent ? 'Присутствует' : 'Отсутствует',
      }),
    );

    await reloadJournal(backend);
    const dialog = await open();
    expect(await within(dialog).findByText('Черновик восстановлен.')).toBeTruthy();
    expect(absent(dialog).checked).toBe(!wasAbsent);
    await events.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await countDrafts(user.uid)).toBe(0);
    expect(backend.calls).not.toContain('/api/visitlog/studentvisitupdate');

    const reopened = await open();
    expect(absent(reopened).checked).toBe(wasAbsent);
    expect(within(reopened).queryByText('Черновик восстановлен.')).toBeNull();
  });

  it('exports CSV in the interface language: its decimal mark and separator, the figures as on screen', async () => {
    const { events } = await openTeacherJournal();
    const blobs: Blob[] = [];
    // jsdom has no object URLs: record the Blob the download link would point to.
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        blobs.push(blob);
        return 'blob:journal';
      },
      revokeObjectURL: () => undefined,
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { changeLanguage } = await import('@lms/i18n');
    /** Each row's name and its three figures as the table shows them. */
    const shown = (title = 'Журнал') =>
      within(within(main()).getByRole('region', { name: title }))
        .getAllByRole('rowheader')
        .map((th) => [
          th.textContent,
          ...['absences', 'sum', 'average'].map(
            (kind) => th.closest('tr')!.querySelector(`[data-figure="${kind}"]`)!.textContent,
          ),
        ]);
    const exported = async (button: string, delimiter: string) => {
      const count = blobs.length;
      await events.click(within(main()).getByRole('button', { name: button }));
      await waitFor(() => expect(blobs).toHaveLength(count + 1));
      const text = await new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.readAsText(blobs.at(-1)!);
      });
      // (FileReader reads the BOM as the UTF-8 mark it is and leaves it out.)
      const lines = text.replace(/^\uFEFF/, '').split('\r\n');
      return lines
        .map((line) => line.split(delimiter))
        .map((cells) => [cells[0], ...cells.slice(-3)]);
    };
    try {
      await within(table()).findAllByRole('rowheader');
      const ru = shown();
      expect(ru.some((row) => row[3]?.includes(','))).toBe(true);
      const [titles, ...lines] = await exported('Скачать CSV', ';');
      expect(titles).toEqual(['ФИО студента', 'Всего н/б', 'Общая сумма', 'Средняя оценка']);
      expect(lines).toEqual(ru);

      await changeLanguage('en');
      await waitFor(() => expect(shown('Journal').some((row) => row[3]?.includes('.'))).toBe(true));
      const en = shown('Journal');
      expect(en.some((row) => row[3]?.includes(','))).toBe(false);
      const [enTitles, ...enLines] = await exported('Download CSV', ',');
      expect(enTitles).toEqual([
        "Student's full name",
        'Total absences',
        'Total points',
        'Average mark',
      ]);
      expect(enLines).toEqual(en);
    } finally {
      await changeLanguage('ru');
      click.mockRestore();
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    }
  });

  it('says in the roll call that the journal failed, not the students, and why; retry loads the roll', async () => {
    const path = '/api/visitlog/getjournal';
    const { backend } = await openJournal('teacher', {}, (world) =>
      world.scenarios!.set(path, 'server-error'),
    );
    const panel = within(await within(main()).findByRole('region', { name: 'Перекличка' }));
    const failed = await panel.findByRole('alert');
    expect(failed.textContent).toContain(
      'Не удалось загрузить журнал: перекличка откроется, когда он загрузится.',
    );
    expect(failed.textContent).toContain(
      'Сервер временно не может выполнить запрос. Попробуйте позже.',
    );
    expect(panel.queryByText('Не удалось загрузить список студентов.')).toBeNull();

    backend.scenarios!.delete(path);
    await userEvent.click(within(failed).getByRole('button', { name: 'Повторить' }));
    await fullRoll();
  });

  it('says when the journal fails and loads it on retry; an empty journal says so', async () => {
    await failedThenEmpty(
      'teacher',
      '/api/visitlog/getjournal',
      'Не удалось загрузить журнал.',
      'В журнале пока нет занятий.',
    );
  });
});

describe('the student’s journal', () => {
  async function openStudentJournal(options: MockBackendOptions = {}) {
    const { backend, user } = await openJournal('student', options);
    await within(main()).findByText('Посещаемость');
    return { backend, user };
  }

  it('shows only the student’s own row with attendance, absences, points and each date', async () => {
    const { backend, user } = await openStudentJournal();
    const own = (await backend.client.post('/api/visitlog/getjournalforstudent', {
      body: studentRequest(user.id),
    })) as Journal;
    const marks = own.data[0]!.dates.map((d) => d.otsenka);
    const figures = journalFigures(marks);
    const attended = Math.round(((marks.length - figures.absences) / marks.length) * 100);
    const card = (title: string) => within(main()).getByText(title).closest('div')!;
    expect(card('Посещаемость').textContent).toBe(`Посещаемость${attended} %`);
    expect(card('Пропусков').textContent).toBe(`Пропусков${figures.absences}`);
    expect(card('Общая сумма').textContent).toBe(`Общая сумма${figures.sum}`);
    expect(
      within(main())
        .getAllByRole('listitem')
        .filter((li) => li.querySelector('time')),
    ).toHaveLength(marks.length);
    expect(within(main()).queryByRole('rowheader')).toBeNull();
    expect(within(main()).queryByRole('alert')).toBeNull();
    // a student's teachers come from their group's list
    expect(backend.calls).toContain('/api/discipline/teachers/list');
  });

  it('warns when absences pass the threshold of /config.json', async () => {
    await openStudentJournal({ absenceWarningPercent: 5 });
    const warning = await within(main()).findByRole('alert');
    expect(warning.textContent).toMatch(/больше допустимых 5 %/);
  });

  it('says when the journal fails and loads it on retry; no lessons yet says so', async () => {
    await failedThenEmpty(
      'student',
      '/api/visitlog/getjournalforstudent',
      'Не удалось загрузить журнал.',
      'Занятий по этой дисциплине ещё не было.',
    );
  });

  it('is refused another student’s journal by the server (403)', async () => {
    const { backend, user } = await signInDemo('student');
    await expect(
      backend.client.post('/api/visitlog/getjournalforstudent', {
        body: studentRequest(user.id + 1),
      }),
    ).rejects.toMatchObject({ status: 403 });
  });
});
