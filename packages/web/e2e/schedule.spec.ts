import { readFile } from 'node:fs/promises';
import type { Page, Response } from '@playwright/test';
import { checkLooks, expect, expectAccessible, PHONE, test } from './fixtures';

// The schedule screen: the week by role, today highlighted, the local-storage copy shown at once
// and kept when the server cannot be reached, the .ics export, and the failure states.

test.use({ signedInAs: 'student' });

/**
 * A 1440 px desktop, wide enough for the timetable with the side columns folded (at 1280 px a
 * long word of a lesson name would not fit six day columns: the days are cards there).
 */
const WIDE = { width: 1440, height: 900 } as const;
test.use({ viewport: WIDE });

interface Lesson {
  day_number: number;
  lesson_number: number;
  discipline: string;
  vid_zaniatiy: string;
  room: string | null;
  t_fio: string | null;
  group: string | null;
}

/** Friday 20 November 2026, 10:00 in Bishkek: the mock world's own week (week 12, even). */
const FRIDAY = new Date('2026-11-20T10:00:00+06:00');
const SCHEDULE_CALLS = '**/api/schedule/**';

async function lessonsOf(response: Response): Promise<Lesson[]> {
  const body = (await response.json()) as { data: Lesson[] | null };
  return body.data ?? [];
}

/** Opens the schedule from the sections navigation and returns the lessons the server sent. */
async function openSchedule(page: Page, call: 'teacher' | 'student'): Promise<Lesson[]> {
  const answer = page.waitForResponse(`**/api/schedule/${call}.json`);
  await page.goto('/lms/schedule');
  return lessonsOf(await answer);
}

function content(page: Page) {
  return page.getByRole('main');
}

test.beforeEach(async ({ page }) => {
  await page.clock.setFixedTime(FRIDAY);
});

// Logging in, reloading and two axe runs over the whole shell take longer than the default 30 s.
test.slow();

test.describe(() => {
  test.use({ signedInAs: 'teacher' });

  test('a teacher sees the week with groups, today highlighted, axe clean in both themes', async ({
    page,
  }) => {
    const lessons = await openSchedule(page, 'teacher');
    expect(lessons.length).toBeGreaterThan(0);

    const table = content(page).getByRole('table', { name: /Расписание на неделю 16\.11–21\.11/ });
    await expect(table).toBeVisible();
    await expect(table.getByRole('columnheader')).toHaveCount(6);
    const today = table.getByRole('columnheader', { name: /Пятница/ });
    await expect(today).toHaveAttribute('aria-current', 'date');
    await expect(today).toContainText('Сегодня');
    await expect(content(page).getByText('Неделя 12, чётная')).toBeVisible();
    await expect(content(page).getByText('2026-2027 учебный год, осенний семестр')).toBeVisible();
    await expect(
      content(page).getByText(/^Обновлено \d\d\.\d\d\.\d{4} в \d{1,2}:\d\d$/),
    ).toBeVisible();

    const first = lessons[0] as Lesson;
    await expect(table.getByText(first.discipline).first()).toBeVisible();
    await expect(table.getByText(first.group ?? '').first()).toBeVisible();

    await checkLooks(page, 'schedule-teacher', {
      widths: [WIDE.width],
      switchBy: 'reload',
      ready: () => expect(table).toBeVisible(),
    });
  });
});

test('a student sees the week with teachers; it renders from the stored copy with the server unreachable', async ({
  page,
}) => {
  const lessons = await openSchedule(page, 'student');
  const withTeacher = lessons.find((lesson) => lesson.t_fio) as Lesson;
  const table = content(page).getByRole('table');
  await expect(table.getByText(withTeacher.t_fio ?? '').first()).toBeVisible();
  const updated = content(page).getByText(/^Обновлено /);
  await expect(updated).toBeVisible();
  const firstVisit = await updated.textContent();

  // The server can no longer be reached for the schedule: the stored week shows at once.
  await page.route(SCHEDULE_CALLS, (route) => route.abort('connectionrefused'));
  await page.reload();
  await expect(table.getByText(withTeacher.t_fio ?? '').first()).toBeVisible();
  await expect(content(page).getByText(firstVisit ?? '')).toBeVisible();
  // The background refresh fails after its retries; the copy stays, with a notice.
  const notice = content(page).getByRole('alert');
  await expect(notice).toContainText('Не удалось обновить расписание', { timeout: 15_000 });
  await expect(table.getByText(withTeacher.t_fio ?? '').first()).toBeVisible();

  // Not even the current year and ws answer: the latest stored week still shows.
  await page.route('**/api/discipline/**', (route) => route.abort('connectionrefused'));
  await page.getByRole('link', { name: 'Новости', exact: true }).first().click();
  await page.reload();
  await page.getByRole('link', { name: 'Расписание', exact: true }).first().click();
  await expect(content(page).getByText('Осенний семестр')).toBeVisible({ timeout: 15_000 });
  await expect(table.getByText(withTeacher.t_fio ?? '').first()).toBeVisible();
  await expect(content(page).getByRole('alert')).toContainText('Показана сохранённая копия', {
    timeout: 15_000,
  });
});

test('the week downloads as an .ics file with one VEVENT per lesson', async ({ page }) => {
  const lessons = await openSchedule(page, 'student');
  await expect(content(page).getByRole('table')).toBeVisible();

  const downloading = page.waitForEvent('download');
  await content(page).getByRole('button', { name: 'Скачать .ics' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('schedule-2026-2027-ws1.ics');
  const text = await readFile((await download.path()) as string, 'utf8');
  expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
  expect(text.match(/BEGIN:VEVENT\r\n/g)).toHaveLength(lessons.length);
  expect(text).toContain('BEGIN:VTIMEZONE\r\nTZID:Asia/Bishkek\r\n');
  // Monday 16 November 2026 is the first day of the exported week.
  expect(text).toMatch(/DTSTART;TZID=Asia\/Bishkek:2026111[6-9]T\d{6}\r\n/);
  expect(text).toContain('RRULE:FREQ=WEEKLY');
  const unfolded = text.replace(/\r\n /g, '');
  expect(unfolded).toContain(`SUMMARY:${lessons[0]?.discipline}`);
  for (const line of text.split('\r\n')) {
    expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
  }
});

test.describe(() => {
  test.use({ signedInAs: 'teacher' });

  test('fault scenarios: a server error with nothing stored fails, an empty answer is empty, the page stays usable', async ({
    page,
  }) => {
    let scenario = 'server-error';
    await page.route(SCHEDULE_CALLS, (route) =>
      route.continue({ headers: { ...route.request().headers(), 'x-mock-scenario': scenario } }),
    );
    await page.goto('/lms/schedule');
    const failed = content(page).getByRole('alert');
    await expect(failed).toContainText('Не удалось загрузить расписание', { timeout: 15_000 });
    await expect(content(page).getByRole('table')).toHaveCount(0);

    // Still usable: retrying asks again, and this time the server has no lessons.
    scenario = 'empty';
    await failed.getByRole('button', { name: 'Повторить' }).click();
    await expect(content(page).getByText('В этом семестре занятий нет')).toBeVisible();
    await expect(content(page).getByRole('button', { name: 'Скачать .ics' })).toHaveCount(0);
    await expectAccessible(page, 'schedule, empty');

    // And the rest of the portal works.
    await page.getByRole('link', { name: 'Новости', exact: true }).first().click();
    await expect(page).toHaveURL(/\/lms\/?$/);
  });
});

test('on a phone (390 px) the week is a day list, today marked, axe clean in both themes', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const lessons = await openSchedule(page, 'student');

  await expect(content(page).getByRole('table')).toHaveCount(0);
  const days = content(page).getByRole('heading', { level: 2 });
  await expect(days).toHaveCount(6);
  const friday = content(page).getByRole('region', { name: /Пятница/ });
  await expect(friday).toHaveAttribute('aria-current', 'date');
  await expect(friday).toContainText('Сегодня');
  const monday = lessons.filter((lesson) => lesson.day_number === 1);
  const mondaySection = content(page).getByRole('region', { name: /Понедельник/ });
  await expect(mondaySection.getByRole('listitem')).toHaveCount(monday.length);

  // Nothing sticks out sideways.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);

  await checkLooks(page, 'schedule-phone', {
    widths: [PHONE.width],
    switchBy: 'reload',
    ready: () => expect(friday).toBeVisible(),
  });
});

/** A lesson name of one word longer than any cell is wide (a name the server may well send). */
const LONG_WORD = 'Электроэнергетическихсистемисетейвысокогонапряжения';

/**
 * Where the lesson names in the main column break: the words of each name split across lines
 * (the long word apart), and the names sticking out of their cell or lesson card.
 */
async function lessonNameBreaks(page: Page, names: readonly string[]) {
  return page.evaluate(
    ({ names, longWord }) => {
      const broken: string[] = [];
      const outside: string[] = [];
      const main = document.querySelector('main');
      for (const element of main?.querySelectorAll('p') ?? []) {
        const text = element.textContent ?? '';
        if (!names.includes(text)) continue;
        const node = element.firstChild;
        if (!node || node.nodeType !== Node.TEXT_NODE) continue;
        for (const match of text.matchAll(/[^\s-]+/g)) {
          if (match[0] === longWord) continue;
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
          if (tops.size > 1) broken.push(match[0]);
        }
        const box = element.getBoundingClientRect();
        const holder = element.closest('td, li') ?? element.parentElement!;
        const room = holder.getBoundingClientRect();
        if (element.scrollWidth > element.clientWidth + 1 || box.right > room.right + 1) {
          outside.push(text);
        }
      }
      return { broken, outside };
    },
    { names: [...names], longWord: LONG_WORD },
  );
}

for (const language of ['ru', 'kg'] as const) {
  test(`lesson names wrap between words, and one too long for its cell stays inside it (${language})`, async ({
    page,
  }) => {
    await page.goto('/lms');
    await page.evaluate((lang) => {
      document.cookie = `lang=${lang}; path=/`;
      localStorage.setItem('lang', lang);
    }, language);
    let names: string[] = [];
    await page.route('**/api/schedule/student.json', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: Lesson[] };
      const first = body.data[0] as Lesson;
      body.data.push({ ...first, day_number: 3, discipline: LONG_WORD });
      names = body.data.map((lesson) => lesson.discipline);
      await route.fulfill({ response, json: body });
    });
    for (const size of [WIDE, { width: 1280, height: 800 }, PHONE]) {
      await page.setViewportSize(size);
      await page.goto('/lms/schedule');
      const longName = content(page).getByText(LONG_WORD);
      await expect(longName).toBeVisible();
      await expect(content(page).getByRole('table')).toHaveCount(size === WIDE ? 1 : 0);
      const { broken, outside } = await lessonNameBreaks(page, names);
      expect(broken, `words broken at ${size.width} px`).toEqual([]);
      expect(outside, `names outside their cell at ${size.width} px`).toEqual([]);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await longName.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/schedule-names-${language}-${size.width}.png` });
    }
  });
}
