import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  optionalDraftKey,
  rowDraftKey,
} from '../src/features/discipline-registration/utils/registration';
import { countDrafts, forgetAllDrafts } from '../src/lib/offline/drafts/draft-store';
import { renderApp } from './support/render-app';
import { signInDemo, type MockBackend } from './support/mock-backend';
import { preloadScreens } from './support/preload-screens';

preloadScreens('registration');

// Each case starts on a device without drafts: the choices of the last one would come back.
beforeEach(() => forgetAllDrafts());

type User = Awaited<ReturnType<typeof signInDemo>>['user'];

const RESTORED = 'Черновик восстановлен.';

async function showRegistration(backend: MockBackend) {
  const view = await renderApp({ client: backend.client, path: '/lms/registration' });
  await screen.findByRole('heading', { level: 1, name: 'Регистрация на дисциплины' });
  return view;
}

const rowsList = () => screen.findByRole('list', { name: 'Дисциплины семестра' });
const cards = (list: HTMLElement) => [...list.querySelectorAll(':scope > li')] as HTMLElement[];
const valueOf = (element: HTMLElement) => (element as HTMLSelectElement).value;

/** Opens a semester in the period panel, once the panel offers it. */
async function openSemester(events: ReturnType<typeof userEvent.setup>, id: number) {
  const picker = within(
    screen.getByRole('region', { name: 'Год и семестр регистрации' }),
  ).getByRole('combobox', { name: 'Семестр' });
  await waitFor(() => expect(within(picker).getAllByRole('option').length).toBeGreaterThan(2));
  await events.selectOptions(picker, String(id));
}

/** The default year and its second semester (student3 has rows still open in it). */
async function secondSemester(backend: MockBackend, user: User) {
  const def = await backend.client.post('/api/regfordisciplines/getdefyear', {
    body: { uid: user.uid },
  });
  const semesters =
    (await backend.client.post('/api/regfordisciplines/getsemesters', {
      body: { id_group: user.id_group!, id_a_year: def!.id_a_year },
    })) ?? [];
  return {
    uid: user.uid,
    id_a_year: def!.id_a_year,
    id_semester: semesters[1]!.id_semester,
    id_group: user.id_group!,
  };
}

/** Chooses an option other than the placeholder once the picker offers it; returns its value. */
async function chooseOffered(
  events: ReturnType<typeof userEvent.setup>,
  picker: HTMLElement,
  at: number,
) {
  await waitFor(() => expect(within(picker).getAllByRole('option').length).toBeGreaterThan(at));
  const value = within(picker).getAllByRole('option')[at]!.getAttribute('value')!;
  await events.selectOptions(picker, value);
  return value;
}

describe('the drafts’ keys', () => {
  it('keep each row, and each period’s elective, apart', () => {
    const row = {
      id_a_year: 4,
      id_semester: 6,
      id_group: 101,
      id_discipline: 7,
      id_vid_zaniatiy: 1,
    };
    const keys = [
      rowDraftKey(row),
      rowDraftKey({ ...row, id_vid_zaniatiy: 2 }),
      rowDraftKey({ ...row, id_discipline: 8 }),
      rowDraftKey({ ...row, id_semester: 5 }),
      rowDraftKey({ ...row, id_a_year: 3 }),
      rowDraftKey({ ...row, id_group: 102 }),
      optionalDraftKey(row),
      optionalDraftKey({ ...row, id_semester: 5 }),
    ];
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('registration choices kept as a draft', () => {
  it('brings a row’s teacher and stream back after a reload, for that row only, until it is registered', async () => {
    const { backend, user } = await signInDemo('student3');
    const period = await secondSemester(backend, user);
    const rows =
      (await backend.client.post('/api/regfordisciplines/getreglist', { body: period })) ?? [];
    const open = rows
      .map((row, index) => ({ row, index }))
      .filter(({ row }) => row.id_disciplineForStudent === null);
    expect(open.length).toBeGreaterThan(1);
    const [target, other] = open as [(typeof open)[0], (typeof open)[0]];

    const first = await showRegistration(backend);
    const events = userEvent.setup();
    await openSemester(events, period.id_semester);
    let list = await rowsList();
    await waitFor(() => expect(cards(list)).toHaveLength(rows.length));
    let card = cards(list)[target.index]!;
    const teacherPicker = within(card).getByRole('combobox', { name: 'Преподаватель' });
    await waitFor(() =>
      expect(within(teacherPicker).getAllByRole('option').length).toBeGreaterThan(1),
    );
    // With several teachers the last is taken (the only one is taken by itself).
    const teacherCount = within(teacherPicker).getAllByRole('option').length - 1;
    const teacher =
      teacherCount > 1
        ? await chooseOffered(events, teacherPicker, teacherCount)
        : valueOf(teacherPicker);
    const stream = await chooseOffered(
      events,
      within(card).getByRole('combobox', { name: 'Поток' }),
      1,
    );
    expect(within(card).queryByText(RESTORED)).toBeNull();

    // A reload: the page goes and the portal starts again for the same person.
    first.unmount();
    const second = await showRegistration(backend);
    await openSemester(events, period.id_semester);
    list = await rowsList();
    await waitFor(() => expect(cards(list)).toHaveLength(rows.length));
    card = cards(list)[target.index]!;
    expect(await within(card).findByText(RESTORED)).toBeTruthy();
    await waitFor(() =>
      expect(valueOf(within(card).getByRole('combobox', { name: 'Поток' }))).toBe(stream),
    );
    expect(valueOf(within(card).getByRole('combobox', { name: 'Преподаватель' }))).toBe(teacher);
    // The draft is this person's, and no other row takes it.
    expect(await countDrafts(user.uid)).toBe(1);
    const untouched = cards(list)[other.index]!;
    expect(within(untouched).queryByText(RESTORED)).toBeNull();
    expect(valueOf(within(untouched).getByRole('combobox', { name: 'Поток' }))).toBe('0');

    // Registered: the draft has done its work and goes.
    await events.click(within(card).getByRole('button', { name: /^Записаться/ }));
    await waitFor(() => expect(within(card).getByText(`Поток ${stream}`)).toBeTruthy());
    await waitFor(async () => expect(await countDrafts(user.uid)).toBe(0));
    second.unmount();
    await showRegistration(backend);
    await openSemester(events, period.id_semester);
    list = await rowsList();
    await waitFor(() =>
      expect(within(cards(list)[target.index]!).getByText(`Поток ${stream}`)).toBeTruthy(),
    );
    expect(screen.queryByText(RESTORED)).toBeNull();
  });

  it('brings the elective’s discipline, teacher and stream back after a reload; discarding empties it', async () => {
    const { backend, user } = await signInDemo('student');
    const first = await showRegistration(backend);
    const events = userEvent.setup();
    let panel = await screen.findByRole('region', { name: 'Дисциплина по выбору' });
    const discipline = await chooseOffered(
      events,
      within(panel).getByRole('combobox', { name: 'Дисциплина' }),
      1,
    );
    const teacherPicker = within(panel).getByRole('combobox', { name: 'Преподаватель' });
    await waitFor(() =>
      expect(within(teacherPicker).getAllByRole('option').length).toBeGreaterThan(1),
    );
    if (valueOf(teacherPicker) === '-1') await chooseOffered(events, teacherPicker, 1);
    const teacher = valueOf(teacherPicker);
    const stream = await chooseOffered(
      events,
      within(panel).getByRole('combobox', { name: 'Поток' }),
      1,
    );

    first.unmount();
    await showRegistration(backend);
    panel = await screen.findByRole('region', { name: 'Дисциплина по выбору' });
    expect(await within(panel).findByText(RESTORED)).toBeTruthy();
    const picker = (name: string) => within(panel).getByRole('combobox', { name });
    await waitFor(() => expect(valueOf(picker('Поток'))).toBe(stream));
    expect(valueOf(picker('Дисциплина'))).toBe(discipline);
    expect(valueOf(picker('Преподаватель'))).toBe(teacher);
    expect(await countDrafts(user.uid)).toBe(1);

    await events.click(within(panel).getByRole('button', { name: 'Очистить' }));
    expect(valueOf(picker('Дисциплина'))).toBe('-1');
    expect(within(panel).queryByText(RESTORED)).toBeNull();
    await waitFor(async () => expect(await countDrafts(user.uid)).toBe(0));
  });

  it('clears the elective’s draft once it is registered', async () => {
    const { backend, user } = await signInDemo('student');
    await showRegistration(backend);
    const events = userEvent.setup();
    const panel = await screen.findByRole('region', { name: 'Дисциплина по выбору' });
    await chooseOffered(events, within(panel).getByRole('combobox', { name: 'Дисциплина' }), 1);
    const teacherPicker = within(panel).getByRole('combobox', { name: 'Преподаватель' });
    await waitFor(() =>
      expect(within(teacherPicker).getAllByRole('option').length).toBeGreaterThan(1),
    );
    if (valueOf(teacherPicker) === '-1') await chooseOffered(events, teacherPicker, 1);
    await chooseOffered(events, within(panel).getByRole('combobox', { name: 'Поток' }), 1);
    await waitFor(async () => expect(await countDrafts(user.uid)).toBe(1));

    await events.click(
      within(panel).getByRole('button', { name: 'Записаться на дисциплину по выбору' }),
    );
    expect(await screen.findByText(/^Вы записаны: /)).toBeTruthy();
    expect(valueOf(within(panel).getByRole('combobox', { name: 'Дисциплина' }))).toBe('-1');
    await waitFor(async () => expect(await countDrafts(user.uid)).toBe(0));
  });
});
