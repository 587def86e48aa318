import 'fake-indexeddb/auto';
import type { LmsClient } from '@lms/client';
import { dehydrate, hashKey, onlineManager, QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, get, keys, set } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scheduleKeys, type ScheduleParams } from '../src/features/schedule/api/schedule-keys';
import type { ScheduleLesson } from '../src/features/schedule/utils/week';
import {
  forgetOfflineData,
  KEPT_OFFLINE,
  offlinePersistence,
} from '../src/lib/offline/offline-cache';
import { isMobile } from '../src/lib/ui-state/viewport';
import { renderApp } from './support/render-app';
import { withHooks, createMockBackend } from './support/mock-backend';
import { settle } from './support/retry-clock';
import { preloadScreens } from './support/preload-screens';

preloadScreens('schedule');

const TEACHER_CALL = '/api/schedule/teacher.json';
const STUDENT_CALL = '/api/schedule/student.json';
const YEAR_CALL = '/api/discipline/current/year.json';
/** The mock world's current year (2026-2027) and ws (fall). */
const YEAR = 4;
const WS = 1;
// The first visit imports the shell and schedule chunks, which takes a while in a cold run.
async function signIn(who: 'teacher' | 'student') {
  const backend = createMockBackend();
  const password = who === 'teacher' ? 'Teacher1' : 'Student1';
  const user = await backend.client.post('/api/auth/orize.json', {
    body: { login: who, password },
  });
  if (!user) throw new Error('the demo account did not sign in');
  return { backend, user };
}

function savedLesson(overrides: Partial<ScheduleLesson> = {}): ScheduleLesson {
  return {
    day_number: 2,
    lesson_number: 3,
    time_start: '11:10',
    time_end: '12:30',
    id_discipline: 9999,
    discipline: 'Сохранённая дисциплина',
    id_vid_zaniatiy: 2,
    vid_zaniatiy: 'Практика',
    room: '101 (корпус 2)',
    t_fio: 'Сохранённый Преподаватель',
    group: null,
    week_parity: 0,
    ...overrides,
  };
}

// The database the portal keeps each user's data in for offline use (lib/offline/offline-store.ts),
// read and written as a person's browser would hold it.
const snapshots = createStore('lms-offline', 'snapshots');

/** When the kept copies arrived, unless a test says otherwise. */
const KEPT_AT = '2026-11-02T04:05:00.000Z';

interface KeptWeek extends Pick<ScheduleParams, 'uid' | 'role' | 'id'> {
  year?: number;
  ws?: ScheduleParams['ws'];
  fetchedAt?: string;
  lessons?: ScheduleLesson[];
}

const paramsOf = ({ uid, role, id, year = YEAR, ws = WS }: KeptWeek): ScheduleParams => ({
  uid,
  role,
  id,
  year,
  ws,
});

/** Leaves schedules on the device as an earlier visit would have: in each user's kept data. */
async function keepOffline(...weeks: KeptWeek[]) {
  for (const uid of new Set(weeks.map((week) => week.uid))) {
    const cache = new QueryClient();
    cache.setQueryDefaults(scheduleKeys.all, KEPT_OFFLINE);
    for (const week of weeks.filter((each) => each.uid === uid)) {
      const { fetchedAt = KEPT_AT, lessons = [savedLesson()] } = week;
      cache.setQueryData(scheduleKeys.week(paramsOf(week)), lessons, {
        updatedAt: Date.parse(fetchedAt),
      });
    }
    const { buster, dehydrateOptions } = offlinePersistence(uid).persistOptions;
    const clientState = dehydrate(cache, dehydrateOptions);
    await set(
      `user-${uid}`,
      JSON.stringify({ buster, timestamp: Date.now(), clientState }),
      snapshots,
    );
  }
}

interface Snapshot {
  clientState: {
    queries: { queryHash: string; state: { data: unknown; dataUpdatedAt: number } }[];
  };
}

/** The week kept on the device for these params, as the shell's persistence last saved it. */
async function keptWeek(week: KeptWeek) {
  const text = await get<string>(`user-${week.uid}`, snapshots);
  const snapshot = text ? (JSON.parse(text) as Snapshot) : null;
  const hash = hashKey(scheduleKeys.week(paramsOf(week)));
  const kept = snapshot?.clientState.queries.find((query) => query.queryHash === hash);
  return kept?.state as { data: ScheduleLesson[]; dataUpdatedAt: number } | undefined;
}

function weekTable() {
  return screen.findByRole('table');
}

beforeEach(async () => {
  await forgetOfflineData();
});

afterEach(() => {
  vi.useRealTimers();
});

/** The content column (the shell around it has status regions of its own). */
const content = () => within(screen.getByRole('main'));

describe('schedule screen', () => {
  it("shows a teacher's week from teacher.json: Mon–Sat, pairs with times, the lesson's discipline, kind, room and group", async () => {
    const { backend, user } = await signIn('teacher');
    await renderApp({ client: backend.client, path: '/lms/schedule' });

    const table = await weekTable();
    expect(screen.getByRole('heading', { level: 1, name: 'Расписание' })).toBeTruthy();
    const columns = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.querySelector('span')?.textContent);
    expect(columns).toEqual(['Понедельник', 'Вторник', 'Среда', 'Четверг', 'Пятница', 'Суббота']);
    expect(within(table).getByRole('rowheader', { name: /1 пара.*08:00.*09:20/ })).toBeTruthy();

    const lessons = await backend.client.post(TEACHER_CALL, {
      body: { ws: WS, year: YEAR, id: user.id },
    });
    const first = lessons[0];
    if (!first) throw new Error('the demo teacher has no lessons');
    const cell = within(table).getAllByText(first.discipline)[0]?.parentElement;
    if (!cell) throw new Error('the lesson is not shown');
    expect(within(cell).getByText(first.vid_zaniatiy)).toBeTruthy();
    expect(within(cell).getByText(first.room ?? 'Аудитория не назначена')).toBeTruthy();
    expect(within(cell).getByText(first.group ?? '')).toBeTruthy();

    expect(backend.calls).toContain(TEACHER_CALL);
    expect(backend.calls).not.toContain(STUDENT_CALL);
    expect(screen.getByText('2026-2027 учебный год, осенний семестр')).toBeTruthy();
    expect(content().getByRole('status').textContent).toMatch(
      /^Обновлено \d\d\.\d\d\.\d{4} в \d{1,2}:\d\d$/,
    );
  });

  it("shows a student's week from student.json with each lesson's teacher, and keeps it offline", async () => {
    const { backend, user } = await signIn('student');
    const opened = Date.now();
    await renderApp({ client: backend.client, path: '/lms/schedule' });
    const table = await weekTable();
    const lessons = await backend.client.post(STUDENT_CALL, {
      body: { ws: WS, year: YEAR, id: user.id },
    });
    const withTeacher = lessons.find((lesson) => lesson.t_fio);
    expect(withTeacher).toBeTruthy();
    expect(within(table).getAllByText(withTeacher?.t_fio ?? '').length).toBeGreaterThan(0);
    expect(backend.calls).not.toContain(TEACHER_CALL);

    // Kept with the user's other data, per user, role, person, year and ws, with when it arrived.
    const week = { uid: user.uid, role: 2, id: user.id } as const;
    await waitFor(async () => expect((await keptWeek(week))?.data).toEqual(lessons));
    // dated by this visit's answer, not by an older copy
    expect((await keptWeek(week))?.dataUpdatedAt ?? 0).toBeGreaterThanOrEqual(opened);
    expect(Object.keys(localStorage).filter((key) => key.startsWith('schedule'))).toEqual([]);
  });

  it('highlights today (Monday-based day_number) and names the week by its parity', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // Wednesday 18 November 2026, week 12 of the academic year: an even week.
    vi.setSystemTime(new Date(2026, 10, 18, 10, 0));
    const { backend } = await signIn('student');
    await renderApp({ client: backend.client, path: '/lms/schedule' });
    const table = await weekTable();

    const today = within(table).getByRole('columnheader', { current: 'date' });
    expect(today.textContent).toContain('Среда');
    expect(today.textContent).toContain('18.11');
    expect(within(today).getByText('Сегодня')).toBeTruthy();
    expect(within(table).getAllByRole('columnheader', { current: 'date' })).toHaveLength(1);
    expect(screen.getByText('Неделя 12, чётная')).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: /Понедельник/ }).textContent).toContain(
      '16.11',
    );
  });

  it('shows the kept copy at once, dated by when it arrived, then replaces it with the fresh answer', async () => {
    const { backend, user } = await signIn('student');
    const week = { uid: user.uid, role: 2, id: user.id } as const;
    await keepOffline(week);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const client = withHooks(backend.client, {
      gate: (path) => (path === STUDENT_CALL ? held : null),
    });
    await renderApp({ client, path: '/lms/schedule' });

    expect(await screen.findByText('Сохранённая дисциплина')).toBeTruthy();
    expect(screen.getByText(/^Обновление\.\.\.$/)).toBeTruthy();
    expect(backend.calls).not.toContain(STUDENT_CALL);

    release();
    await waitFor(() => expect(screen.queryByText('Сохранённая дисциплина')).toBeNull());
    expect(content().getByRole('status').textContent).toMatch(/^Обновлено /);
    expect(content().getByRole('status').textContent).not.toContain('02.11.2026');
    await waitFor(async () =>
      expect((await keptWeek(week))?.dataUpdatedAt).toBeGreaterThan(Date.parse(KEPT_AT)),
    );
    const kept = await keptWeek(week);
    expect(kept?.data.some((lesson) => lesson.id_discipline === 9999)).toBe(false);
  });

  it('keeps the kept copy with a notice when the refresh fails, and retries on request', async () => {
    const { backend, user } = await signIn('teacher');
    const week = { uid: user.uid, role: 1, id: user.id } as const;
    await keepOffline({ ...week, lessons: [savedLesson({ t_fio: null, group: 'ПИ-1-26' })] });
    let failing = true;
    const client = withHooks(backend.client, {
      scenario: (path) => (failing && path === TEACHER_CALL ? 'server-error' : null),
    });
    const { queryClient } = await renderApp({ client, path: '/lms/schedule' });

    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain(
      'Не удалось обновить расписание. Показана сохранённая копия.',
    );
    expect(screen.getByText('Сохранённая дисциплина')).toBeTruthy();
    // The kept copy's own date and time (local time of 2026-11-02T04:05Z).
    const stamp = new Date(KEPT_AT);
    expect(content().getByRole('status').textContent).toBe(
      `Обновлено 02.11.2026 в ${stamp.getHours()}:05`,
    );
    expect(queryClient.getQueryState(scheduleKeys.week(paramsOf(week)))?.dataUpdatedAt).toBe(
      Date.parse(KEPT_AT),
    );

    failing = false;
    await userEvent.setup().click(within(notice).getByRole('button', { name: 'Повторить' }));
    await waitFor(() => expect(screen.queryByText('Сохранённая дисциплина')).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the failed state when the server fails and nothing is stored, and recovers on retry', async () => {
    const { backend } = await signIn('student');
    let failing = true;
    const client = withHooks(backend.client, {
      scenario: (path) => (failing && path === STUDENT_CALL ? 'server-error' : null),
    });
    await renderApp({ client, path: '/lms/schedule' });

    const failed = await screen.findByRole('alert');
    expect(failed.textContent).toContain('Не удалось загрузить расписание');
    expect(screen.queryByRole('table')).toBeNull();
    failing = false;
    await userEvent.setup().click(within(failed).getByRole('button', { name: 'Повторить' }));
    expect(await weekTable()).toBeTruthy();
  });

  it.each([
    ['the schedule', 'student', STUDENT_CALL],
    ['the current year, with nothing stored', 'teacher', YEAR_CALL],
  ] as const)('says why it failed when %s could not be fetched', async (_what, login, call) => {
    const { backend } = await signIn(login);
    const client = withHooks(backend.client, {
      scenario: (path) => (path === call ? 'server-error' : null),
    });
    await renderApp({ client, path: '/lms/schedule' });
    const failed = await screen.findByRole('alert');
    expect(failed.textContent).toContain('Не удалось загрузить расписание');
    expect(failed.textContent).toContain(
      'Сервер временно не может выполнить запрос. Попробуйте позже.',
    );
  });

  it('shows the current year and semester half, whatever year and half another screen chose', async () => {
    const { backend, user } = await signIn('student');
    const asked: unknown[] = [];
    const post = backend.client.post;
    const client: LmsClient = {
      ...backend.client,
      post: ((path: string, init: { body?: unknown }) => {
        if (path === STUDENT_CALL) asked.push(init.body);
        return (post as (path: string, init: unknown) => Promise<unknown>)(path, init);
      }) as LmsClient['post'],
    };
    // The payment code's year picker chose last year (and a link carries the shell's choice along,
    // spring half included): the schedule has no picker of its own, so it stays on the current one.
    await renderApp({ client, path: `/lms/schedule?year=${YEAR - 1}&ws=2` });
    await waitFor(() => expect(asked.length).toBeGreaterThan(0));
    expect(asked).toEqual([{ ws: WS, year: YEAR, id: user.id }]);
    await weekTable();
    expect(content().getByText('2026-2027 учебный год, осенний семестр')).toBeTruthy();
  });

  it('shows the empty state, and no export, when the semester has no lessons', async () => {
    const { backend, user } = await signIn('student');
    const client = withHooks(backend.client, {
      scenario: (path) => (path === STUDENT_CALL ? 'empty' : null),
    });
    await renderApp({ client, path: '/lms/schedule' });
    expect(await screen.findByText('В этом семестре занятий нет')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /ics/ })).toBeNull();
    await waitFor(async () =>
      expect((await keptWeek({ uid: user.uid, role: 2, id: user.id }))?.data).toEqual([]),
    );
  });

  it('shows the loading placeholder while the schedule is on its way', async () => {
    const { backend } = await signIn('student');
    const client = withHooks(backend.client, {
      gate: (path) => (path === STUDENT_CALL ? new Promise<void>(() => undefined) : null),
    });
    await renderApp({ client, path: '/lms/schedule' });
    await screen.findByRole('heading', { level: 1, name: 'Расписание' });
    expect(content().getByRole('status').textContent).toBe('Загрузка...');
  });

  it('falls back to the schedule last received when even the current year cannot be fetched', async () => {
    const { backend, user } = await signIn('student');
    const person = { uid: user.uid, role: 2, id: user.id } as const;
    await keepOffline(
      { ...person, year: 3, ws: 2, fetchedAt: '2026-06-01T06:00:00.000Z' },
      {
        ...person,
        year: 3,
        ws: 1,
        fetchedAt: '2026-01-01T06:00:00.000Z',
        lessons: [savedLesson({ discipline: 'Старая дисциплина' })],
      },
    );
    const client = withHooks(backend.client, {
      scenario: (path) => (path === YEAR_CALL ? 'server-error' : null),
    });
    await renderApp({ client, path: '/lms/schedule' });

    expect(await screen.findByText('Сохранённая дисциплина')).toBeTruthy();
    expect(screen.queryByText('Старая дисциплина')).toBeNull();
    expect(screen.getByText('Весенний семестр')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Показана сохранённая копия');
    expect(backend.calls).not.toContain(STUDENT_CALL);
  });

  it('shows the kept week offline, with the year and ws the shell already holds', async () => {
    const { backend, user } = await signIn('student');
    await keepOffline({ uid: user.uid, role: 2, id: user.id });
    const { router } = await renderApp({ client: backend.client, path: '/lms/apps' });
    await screen.findByRole('heading', { level: 1 });
    // The shell's academic context asked for the current year and ws once, for every section.
    await waitFor(() => expect(backend.calls).toContain(YEAR_CALL));
    // Offline, TanStack Query holds new requests back until the network returns.
    onlineManager.setOnline(false);
    try {
      await router.navigate('/lms/schedule');
      expect(await screen.findByText('Сохранённая дисциплина')).toBeTruthy();
      expect(backend.calls.filter((call) => call === YEAR_CALL)).toHaveLength(1);
      expect(backend.calls).not.toContain(STUDENT_CALL);
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('says so when the server names no current year', async () => {
    const { backend } = await signIn('student');
    const client = withHooks(backend.client, {
      scenario: (path) => (path === YEAR_CALL ? 'empty' : null),
    });
    await renderApp({ client, path: '/lms/schedule' });
    expect(await screen.findByText('Текущий учебный год или семестр не задан')).toBeTruthy();
    expect(backend.calls).not.toContain(STUDENT_CALL);
  });

  it('shows the failed state when the current year cannot be fetched and nothing is stored', async () => {
    const { backend } = await signIn('teacher');
    const client = withHooks(backend.client, {
      scenario: (path) => (path === YEAR_CALL ? 'server-error' : null),
    });
    await renderApp({ client, path: '/lms/schedule' });
    const failed = await screen.findByRole('alert');
    expect(failed.textContent).toContain('Не удалось загрузить расписание');
  });

  it('lists the week day by day on a phone, with free days and today marked', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 20, 10, 0));
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 390 });
    isMobile.value = true;
    const { backend, user } = await signIn('student');
    await keepOffline({ uid: user.uid, role: 2, id: user.id });
    const client = withHooks(backend.client, {
      gate: (path) => (path === STUDENT_CALL ? new Promise<void>(() => undefined) : null),
    });
    await renderApp({ client, path: '/lms/schedule' });

    const tuesday = await screen.findByRole('region', { name: /Вторник/ });
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(tuesday).getByText('Сохранённая дисциплина')).toBeTruthy();
    expect(within(tuesday).getByText('3 пара')).toBeTruthy();
    const friday = screen.getByRole('region', { name: /Пятница/ });
    expect(friday.getAttribute('aria-current')).toBe('date');
    expect(within(friday).getByText('Сегодня')).toBeTruthy();
    expect(within(friday).getByText('Занятий нет')).toBeTruthy();
    expect(
      screen.getAllByRole('heading', { level: 2 }).map((h) => h.firstChild?.textContent),
    ).toEqual(['Понедельник', 'Вторник', 'Среда', 'Четверг', 'Пятница', 'Суббота']);
  });

  it('marks odd/even-week lessons, and those not held this week', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 18, 10, 0)); // week 12: even
    const { backend, user } = await signIn('student');
    await keepOffline({
      uid: user.uid,
      role: 2,
      id: user.id,
      lessons: [
        savedLesson({ week_parity: 1, discipline: 'Нечётная дисциплина' }),
        savedLesson({ week_parity: 2, discipline: 'Чётная дисциплина' }),
      ],
    });
    const client = withHooks(backend.client, {
      gate: (path) => (path === STUDENT_CALL ? new Promise<void>(() => undefined) : null),
    });
    await renderApp({ client, path: '/lms/schedule' });
    const odd = (await screen.findByText('Нечётная дисциплина')).parentElement;
    const even = screen.getByText('Чётная дисциплина').parentElement;
    expect(odd?.textContent).toContain('по нечётным (не на этой неделе)');
    expect(even?.textContent).toContain('по чётным');
    expect(even?.textContent).not.toContain('не на этой неделе');
  });

  it('exports the week as an iCalendar file with one VEVENT per lesson', async () => {
    const { backend, user } = await signIn('teacher');
    const blobs: Blob[] = [];
    // jsdom has no object URLs: record the Blob the download link would point to.
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        blobs.push(blob);
        return 'blob:schedule';
      },
      revokeObjectURL: () => undefined,
    });
    const clicked: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    await renderApp({ client: backend.client, path: '/lms/schedule' });
    await weekTable();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Скачать .ics' }));

    expect(clicked).toHaveLength(1);
    expect(clicked[0]?.download).toBe(`schedule-2026-2027-ws${WS}.ics`);
    expect(clicked[0]?.href).toBe('blob:schedule');
    const blob = blobs[0];
    expect(blob?.type).toBe('text/calendar;charset=utf-8');
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blob as Blob);
    });
    const lessons = await backend.client.post(TEACHER_CALL, {
      body: { ws: WS, year: YEAR, id: user.id },
    });
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(text.match(/BEGIN:VEVENT\r\n/g)).toHaveLength(lessons.length);
    expect(text).toContain('DTSTART;TZID=Asia/Bishkek:');
    expect(text).toContain('RRULE:FREQ=WEEKLY');
    expect(text.replace(/\r\n /g, '')).toContain(`SUMMARY:${lessons[0]?.discipline}`);
    click.mockRestore();
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('keeps the schedule of another user or role apart', async () => {
    const { backend, user } = await signIn('student');
    await keepOffline(
      { uid: user.uid + 1, role: 2, id: user.id },
      { uid: user.uid, role: 1, id: user.id },
    );
    const client = withHooks(backend.client, {
      gate: (path) => (path === STUDENT_CALL ? new Promise<void>(() => undefined) : null),
    });
    await renderApp({ client, path: '/lms/schedule' });
    await screen.findByRole('heading', { level: 1, name: 'Расписание' });
    expect(content().getByRole('status').textContent).toBe('Загрузка...');
    expect(screen.queryByText('Сохранённая дисциплина')).toBeNull();
  });

  it('removes the copies older versions kept in local storage, and never shows them', async () => {
    const { backend, user } = await signIn('student');
    const legacy = `schedule:${user.uid}:2:${YEAR}:${WS}`;
    localStorage.setItem(
      legacy,
      JSON.stringify({
        uid: user.uid,
        role: 2,
        year: YEAR,
        ws: WS,
        date: KEPT_AT,
        schedule: [savedLesson()],
      }),
    );
    // A key of another kind, however alike, stays.
    localStorage.setItem('schedule-note', 'kept');
    const client = withHooks(backend.client, {
      gate: (path) => (path === STUDENT_CALL ? new Promise<void>(() => undefined) : null),
    });
    await renderApp({ client, path: '/lms/schedule' });
    await screen.findByRole('heading', { level: 1, name: 'Расписание' });
    await waitFor(() => expect(localStorage.getItem(legacy)).toBeNull());
    expect(content().getByRole('status').textContent).toBe('Загрузка...');
    expect(screen.queryByText('Сохранённая дисциплина')).toBeNull();
    expect(localStorage.getItem('schedule-note')).toBe('kept');
  });

  it('leaves nothing of the schedule on the device after sign-out, nor written back later', async () => {
    // The saves' timeouts are fake, so the wait after sign-out takes no real time; the fake clock
    // also moves with the real one, so the screen's waits poll as they do elsewhere.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const { backend, user } = await signIn('student');
    await renderApp({ client: backend.client, path: '/lms/schedule' });
    await weekTable();
    const week = { uid: user.uid, role: 2, id: user.id } as const;
    await waitFor(async () => expect((await keptWeek(week))?.data.length).toBeGreaterThan(0));

    const person = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await person.click(screen.getByRole('button', { name: /Меню профиля/ }));
    await person.click(screen.getByRole('menuitem', { name: 'Выйти' }));
    await screen.findByRole('button', { name: 'Войти' });
    // Longer than a save may wait (a second, lib/offline/offline-store.ts): a save still due then, and
    // what it writes, come before the look below, and nothing comes back after the clearing.
    await vi.advanceTimersByTimeAsync(1_500);
    await settle();
    expect(await keys(snapshots)).toEqual([]);
    expect(Object.keys(localStorage).filter((key) => key.startsWith('schedule'))).toEqual([]);
  });
});
