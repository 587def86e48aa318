import type { components } from '@lms/client';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  creditsOf,
  NO_OPTIONAL_CHOICE,
  NO_TEACHER,
  NO_TEACHER_STREAM,
  rowTeacher,
  streamsTeacher,
  TEACHERS_FAILED,
  withDeleted,
  withSaved,
} from '../src/features/discipline-registration/utils/registration';
import { forgetAllDrafts } from '../src/lib/offline/drafts/draft-store';
import { renderApp } from './support/render-app';
import { signInDemo, type MockBackend } from './support/mock-backend';
import { preloadScreens } from './support/preload-screens';

preloadScreens('registration');

// Each case starts on a device without drafts: picked teachers and streams are kept as one.
beforeEach(() => forgetAllDrafts());

type RegistrationRow = components['schemas']['RegRow'];

const row = (fields: Partial<RegistrationRow>): RegistrationRow => ({
  num: 1,
  id_teacher: null,
  t_fio: null,
  subgroup: 0,
  id_disciplineForStudent: null,
  isByPlan: true,
  id_a_year: 4,
  id_semester: 2,
  id_kafedra: 11,
  id_discipline: 1,
  disciplineName: 'Базы данных',
  kredits: 5,
  id_examination: 1,
  id_group: 101,
  id_student: 7001,
  id_vid_zaniatiy: 1,
  ...fields,
});

describe('registration rules', () => {
  const one = [{ id_teacher: 7, t_fio: 'Асанов' }];
  const two = [...one, { id_teacher: 8, t_fio: 'Смирнова' }];

  it('stores -100 when the teacher list failed, takes the only teacher, keeps a chosen one', () => {
    expect(rowTeacher({ failed: true, list: undefined }, NO_TEACHER)).toBe(TEACHERS_FAILED);
    expect(rowTeacher({ failed: false, list: one }, NO_TEACHER)).toBe(7);
    expect(rowTeacher({ failed: false, list: two }, NO_TEACHER)).toBe(NO_TEACHER);
    expect(rowTeacher({ failed: false, list: two }, 8)).toBe(8);
    expect(rowTeacher({ failed: false, list: two }, 99)).toBe(NO_TEACHER);
    expect(streamsTeacher(TEACHERS_FAILED)).toBeNull();
    expect(streamsTeacher(NO_TEACHER)).toBeNull();
    expect(streamsTeacher(7)).toBe(7);
    // while the list is on its way, the picker waits on its placeholder
    expect(rowTeacher({ failed: false, list: undefined }, 7)).toBe(NO_TEACHER);
  });

  it('speaks the contract’s placeholders: -1 for no teacher, -100 for a failed list, stream 0', () => {
    expect(rowTeacher({ failed: true, list: undefined }, 7)).toBe(-100);
    expect(rowTeacher({ failed: false, list: [] }, 7)).toBe(-1);
    // nothing picked yet, for a plan row and for an elective
    expect(NO_TEACHER_STREAM).toEqual({ teacher: -1, stream: 0 });
    expect(NO_OPTIONAL_CHOICE).toEqual({ discipline: -1, teacher: -1, stream: 0 });
  });

  it('counts a discipline’s credits once, as registered when all its lessons are', () => {
    const rows = [
      row({ id_discipline: 1, id_vid_zaniatiy: 1, id_disciplineForStudent: 11 }),
      row({ id_discipline: 1, id_vid_zaniatiy: 2 }),
      row({ id_discipline: 2, kredits: 3, id_disciplineForStudent: 12 }),
    ];
    expect(creditsOf(rows)).toEqual({ registered: 3, total: 8 });
    expect(creditsOf([])).toEqual({ registered: 0, total: 0 });
  });

  it('sets teacher, stream and id on save; clears a plan row and removes an elective on delete', () => {
    const plan = row({ id_discipline: 1 });
    const elective = row({ id_discipline: 2, isByPlan: false, id_disciplineForStudent: 5 });
    const saved = withSaved([plan, elective], plan, {
      id_disciplineForStudent: 40,
      id_teacher: 7,
      t_fio: 'Асанов',
      subgroup: 2,
    })!;
    expect(saved[0]).toMatchObject({ id_disciplineForStudent: 40, id_teacher: 7, subgroup: 2 });
    expect(withDeleted(saved, saved[0]!)![0]).toMatchObject({
      id_disciplineForStudent: null,
      id_teacher: null,
      t_fio: null,
      subgroup: 0,
    });
    expect(withDeleted(saved, elective)).toHaveLength(1);
  });

  it('saves and deletes one kind of lesson of a discipline, the others as they were', () => {
    const lecture = row({ id_discipline: 1, id_vid_zaniatiy: 1, id_disciplineForStudent: 30 });
    const practice = row({ id_discipline: 1, id_vid_zaniatiy: 2 });
    const saved = withSaved([lecture, practice], practice, {
      id_disciplineForStudent: 41,
      id_teacher: 8,
      t_fio: 'Смирнова',
      subgroup: 1,
    })!;
    expect(saved).toEqual([
      lecture,
      { ...practice, id_disciplineForStudent: 41, id_teacher: 8, t_fio: 'Смирнова', subgroup: 1 },
    ]);
    expect(withDeleted(saved, saved[1]!)).toEqual([lecture, practice]);
    const electives = [
      { ...lecture, isByPlan: false },
      { ...practice, isByPlan: false, id_disciplineForStudent: 42 },
    ];
    expect(withDeleted(electives, electives[1]!)).toEqual([electives[0]]);
  });

  it('changes nothing before the list has arrived', () => {
    const saved = { id_disciplineForStudent: 40, id_teacher: 7, t_fio: 'Асанов', subgroup: 2 };
    expect(withSaved(undefined, row({}), saved)).toBeUndefined();
    expect(withDeleted(undefined, row({}))).toBeUndefined();
    expect(withDeleted(undefined, row({ isByPlan: false }))).toBeUndefined();
  });
});

async function openRegistration(login: 'student' | 'student2' | 'student3' = 'student') {
  const { backend, user } = await signInDemo(login);
  await renderApp({ client: backend.client, path: '/lms/registration' });
  await screen.findByRole('heading', { level: 1, name: 'Регистрация на дисциплины' });
  return { backend, user, events: userEvent.setup() };
}

/** The registration rows the server lists for the signed-in student in a year and semester. */
async function registrationListOf(
  backend: MockBackend,
  user: Awaited<ReturnType<typeof signInDemo>>['user'],
  id_a_year: number,
  id_semester: number,
) {
  return (
    (await backend.client.post('/api/regfordisciplines/getreglist', {
      body: { uid: user.uid, id_a_year, id_semester, id_group: user.id_group! },
    })) ?? []
  );
}

const picker = (name: string) =>
  within(screen.getByRole('region', { name: 'Год и семестр регистрации' })).getByRole('combobox', {
    name,
  });
const rowsList = () => screen.findByRole('list', { name: 'Дисциплины семестра' });
const rowsListNow = () => screen.getByRole('list', { name: 'Дисциплины семестра' });
const cards = (list: HTMLElement) => [...list.querySelectorAll(':scope > li')] as HTMLElement[];
const creditsText = () => screen.getByText(/^Зарегистрировано кредитов:/).textContent;

describe('the registration screen', () => {
  it('starts on the default year and the first semester, lists the server’s rows, and clears below a changed year', async () => {
    const { backend, user, events } = await openRegistration('student3');
    const def = await backend.client.post('/api/regfordisciplines/getdefyear', {
      body: { uid: user.uid },
    });
    await waitFor(() =>
      expect((picker('Учебный год') as HTMLSelectElement).value).toBe(String(def!.id_a_year)),
    );
    const list = await rowsList();
    const semesters =
      (await backend.client.post('/api/regfordisciplines/getsemesters', {
        body: { id_group: user.id_group!, id_a_year: def!.id_a_year },
      })) ?? [];
    expect((picker('Семестр') as HTMLSelectElement).value).toBe(String(semesters[0]!.id_semester));
    const rows = await registrationListOf(backend, user, def!.id_a_year, semesters[0]!.id_semester);
    await waitFor(() => expect(cards(list)).toHaveLength(rows.length));

    // Another semester, then another year: each time the lists below start again.
    await events.selectOptions(picker('Семестр'), String(semesters[1]!.id_semester));
    const secondRows = await registrationListOf(
      backend,
      user,
      def!.id_a_year,
      semesters[1]!.id_semester,
    );
    // The list is the second semester's: every row the server has for it is shown.
    await waitFor(() => {
      const shown = cards(rowsListNow()).map((card) => card.textContent ?? '');
      for (const row of secondRows) {
        expect(shown.some((text) => text.includes(row.disciplineName))).toBe(true);
      }
    });
    const years =
      (await backend.client.post('/api/regfordisciplines/getyears', { body: { uid: user.uid } })) ??
      [];
    const earlier = years.at(-1)!;
    await events.selectOptions(picker('Учебный год'), String(earlier.id_a_year));
    const earlierSemesters =
      (await backend.client.post('/api/regfordisciplines/getsemesters', {
        body: { id_group: user.id_group!, id_a_year: earlier.id_a_year },
      })) ?? [];
    await waitFor(() =>
      expect((picker('Семестр') as HTMLSelectElement).value).toBe(
        String(earlierSemesters[0]!.id_semester),
      ),
    );
    const earlierRows = await registrationListOf(
      backend,
      user,
      earlier.id_a_year,
      earlierSemesters[0]!.id_semester,
    );
    await waitFor(async () => expect(cards(await rowsList())).toHaveLength(earlierRows.length));
  });

  it('offers only years in which the student has a group (from the intake on)', async () => {
    const { backend, user } = await openRegistration('student3');
    const years = picker('Учебный год') as HTMLSelectElement;
    await waitFor(() => expect(years.options.length).toBeGreaterThan(1));
    for (const option of Array.from(years.options).slice(1)) {
      const groups = await backend.client.post('/api/misc/getgroups', {
        body: { id_a_year: Number(option.value), id_student: user.id },
      });
      expect(groups, option.textContent ?? '').not.toHaveLength(0);
    }
  });

  it('says why nothing follows when the server lists a year in which the student had no group', async () => {
    const { backend } = await signInDemo('student');
    backend.scenarios!.set('/api/misc/getgroups', 'empty');
    await renderApp({ client: backend.client, path: '/lms/registration' });
    expect(
      await screen.findByText(
        'В этом учебном году вы не числитесь ни в одной группе — выберите другой год.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Выберите учебный год, группу и семестр.')).toBeTruthy();
  });

  it('registers a plan row: teacher, then one of the teacher’s streams; the credits follow; deleting clears the row', async () => {
    const { backend, user, events } = await openRegistration();
    await rowsList();
    await events.selectOptions(picker('Семестр'), '2');
    const rows = await registrationListOf(backend, user, 4, 2);
    const open = rows.find((r) => r.isByPlan && r.id_disciplineForStudent === null)!;
    const course = {
      id_discipline: open.id_discipline,
      id_a_year: 4,
      id_semester: 2,
      id_vid_zaniatiy: open.id_vid_zaniatiy,
    };
    const teachers =
      (await backend.client.post('/api/regfordisciplines/getteachersforregel', { body: course })) ??
      [];
    const teacher = teachers.at(-1)!;
    const streams =
      (await backend.client.post('/api/regfordisciplines/getsubgroupsforregel', {
        body: { ...course, id_teacher: teacher.id_teacher },
      })) ?? [];
    const list = await rowsList();
    await waitFor(() => expect(cards(list)).toHaveLength(rows.length));
    const card = cards(list)[rows.indexOf(open)]!;

    const teacherPicker = within(card).getByRole('combobox', { name: 'Преподаватель' });
    await waitFor(() =>
      expect(within(teacherPicker).getAllByRole('option').length).toBe(teachers.length + 1),
    );
    const save = within(card).getByRole('button', { name: /^Записаться/ }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    if (teachers.length > 1) await events.selectOptions(teacherPicker, String(teacher.id_teacher));
    const streamPicker = within(card).getByRole('combobox', { name: 'Поток' });
    expect((streamPicker as HTMLSelectElement).value).toBe('0');
    expect(within(streamPicker).getAllByRole('option')[0]!.textContent).toBe('Выберите поток');
    await waitFor(() =>
      expect(within(streamPicker).getAllByRole('option').length).toBe(streams.length + 1),
    );
    await events.selectOptions(streamPicker, String(streams[0]!.subgroup));

    backend.scenarios!.set('/api/regfordisciplines/saveregistration', 'server-error');
    await events.click(save);
    expect((await within(card).findByText(/Не удалось записаться\./)).textContent).toContain(
      'Выбранные значения сохранены.',
    );
    expect((streamPicker as HTMLSelectElement).value).toBe(String(streams[0]!.subgroup));
    backend.scenarios!.delete('/api/regfordisciplines/saveregistration');
    await events.click(save);
    await waitFor(() => expect(within(card).getByText(teacher.t_fio)).toBeTruthy());
    expect(within(card).getByText(`Поток ${streams[0]!.subgroup}`)).toBeTruthy();
    const saved = (await registrationListOf(backend, user, 4, 2)).find(
      (r) => r.id_discipline === open.id_discipline && r.id_vid_zaniatiy === open.id_vid_zaniatiy,
    )!;
    expect(saved).toMatchObject({ id_teacher: teacher.id_teacher, subgroup: streams[0]!.subgroup });
    expect(creditsText()).toBe(
      `Зарегистрировано кредитов: ${
        creditsOf(await registrationListOf(backend, user, 4, 2)).registered
      } из ${creditsOf(rows).total}`,
    );

    // Deleting a plan row's choice: the row stays, its pickers empty again.
    await events.click(within(card).getByRole('button', { name: /^Отменить запись:/ }));
    const dialog = screen.getByRole('alertdialog', { name: 'Отменить запись?' });
    expect(
      within(dialog).getByText(
        'Преподаватель и поток будут сброшены, дисциплина останется в плане.',
      ),
    ).toBeTruthy();
    await events.click(within(dialog).getByRole('button', { name: 'Отменить запись' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(cards(list)).toHaveLength(rows.length);
    expect(within(card).getByRole('combobox', { name: 'Поток' })).toBeTruthy();
  });

  it('takes the only teacher at once and asks for that teacher’s streams; a failed teacher list says so with a retry', async () => {
    // student2 has a plan row with one teacher in semester 2.
    const { backend, user, events } = await openRegistration('student2');
    await rowsList();
    backend.scenarios!.set('/api/regfordisciplines/getteachersforregel', 'server-error');
    await events.selectOptions(picker('Семестр'), '2');
    const list = await rowsList();
    await waitFor(() =>
      expect(
        within(list).getAllByText('Не удалось загрузить список преподавателей.').length,
      ).toBeGreaterThan(0),
    );
    backend.scenarios!.delete('/api/regfordisciplines/getteachersforregel');
    const rows = await registrationListOf(backend, user, 4, 2);
    let single: { index: number; id_teacher: number } | null = null;
    for (const [index, r] of rows.entries()) {
      if (r.id_disciplineForStudent !== null) continue;
      const teachers =
        (await backend.client.post('/api/regfordisciplines/getteachersforregel', {
          body: {
            id_discipline: r.id_discipline,
            id_a_year: 4,
            id_semester: 2,
            id_vid_zaniatiy: r.id_vid_zaniatiy,
          },
        })) ?? [];
      if (teachers.length === 1 && !single) single = { index, id_teacher: teachers[0]!.id_teacher };
    }
    expect(single).not.toBeNull();
    const card = cards(list)[single!.index]!;
    const asked = backend.calls.filter(
      (p) => p === '/api/regfordisciplines/getsubgroupsforregel',
    ).length;
    await events.click(within(card).getByRole('button', { name: 'Повторить' }));
    await waitFor(() =>
      expect(
        (within(card).getByRole('combobox', { name: 'Преподаватель' }) as HTMLSelectElement).value,
      ).toBe(String(single!.id_teacher)),
    );
    await waitFor(() =>
      expect(
        backend.calls.filter((p) => p === '/api/regfordisciplines/getsubgroupsforregel').length,
      ).toBeGreaterThan(asked),
    );
    await waitFor(() =>
      expect(
        within(within(card).getByRole('combobox', { name: 'Поток' })).getAllByRole('option').length,
      ).toBeGreaterThan(1),
    );
  });

  it('adds an elective (discipline, teacher, stream), counts its credits, and removes it again on delete', async () => {
    const { backend, user, events } = await openRegistration();
    await rowsList();
    await events.selectOptions(picker('Семестр'), '2');
    const panel = await screen.findByRole('region', { name: 'Дисциплина по выбору' });
    const options =
      (await backend.client.post('/api/regfordisciplines/optional/disciplines', {
        body: { uid: user.uid, id_a_year: 4, id_semester: 2, id_group: user.id_group! },
      })) ?? [];
    const elective = options[0]!;
    const disciplinePicker = within(panel).getByRole('combobox', { name: 'Дисциплина' });
    await waitFor(() =>
      expect(within(disciplinePicker).getAllByRole('option').length).toBe(options.length + 1),
    );
    await events.selectOptions(disciplinePicker, String(elective.id_discipline));
    const teacherPicker = within(panel).getByRole('combobox', { name: 'Преподаватель' });
    await waitFor(() =>
      expect(within(teacherPicker).getAllByRole('option').length).toBeGreaterThan(1),
    );
    if ((teacherPicker as HTMLSelectElement).value === '-1') {
      await events.selectOptions(
        teacherPicker,
        within(teacherPicker).getAllByRole('option')[1]!.getAttribute('value')!,
      );
    }
    const streamPicker = within(panel).getByRole('combobox', { name: 'Поток' });
    await waitFor(() =>
      expect(within(streamPicker).getAllByRole('option').length).toBeGreaterThan(1),
    );
    await events.selectOptions(
      streamPicker,
      within(streamPicker).getAllByRole('option')[1]!.getAttribute('value')!,
    );
    const list = await rowsList();
    const count = cards(list).length;
    await events.click(
      within(panel).getByRole('button', { name: 'Записаться на дисциплину по выбору' }),
    );
    expect(await screen.findByText(`Вы записаны: ${elective.name}.`)).toBeTruthy();
    await waitFor(() => expect(cards(list)).toHaveLength(count + 1));
    const added = cards(list).at(-1)!;
    expect(within(added).getByText('По выбору')).toBeTruthy();

    await events.click(within(added).getByRole('button', { name: /^Отменить запись:/ }));
    const dialog = screen.getByRole('alertdialog', { name: 'Отменить запись?' });
    expect(within(dialog).getByText('Дисциплина по выбору будет убрана из списка.')).toBeTruthy();
    await events.click(within(dialog).getByRole('button', { name: 'Отменить запись' }));
    await waitFor(() => expect(cards(list)).toHaveLength(count));
  });

  it('tells a teacher that registration is for students', async () => {
    const { backend } = await signInDemo('teacher');
    await renderApp({ client: backend.client, path: '/lms/registration' });
    expect(await screen.findByText('Регистрация на дисциплины доступна студентам.')).toBeTruthy();
  });
});
