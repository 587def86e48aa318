import type { Locator, Page } from '@playwright/test';
import { checkLooks, expect, PHONE, prefer, readLocale, test, type Language } from './fixtures';

// The journal and the schedule as a teacher meets them on a laptop (1440 px) and a phone (390 px),
// in each language and theme: the journal opens at its first dates with the three totals pinned on
// the right, never under the names column, even scrolled to the end; the schedule shows the whole
// week without scrolling sideways.

test.describe.configure({ timeout: 180_000 });
test.use({ actionTimeout: 10_000, signedInAs: 'teacher' });

// The mock world's clock is frozen at Friday 20 November 2026; the browser's today must agree.
const NOW = new Date('2026-11-20T10:00:00+06:00');

/** The texts the journeys look for, as each language's locale files word them. */
function textsOf(language: Language) {
  const read = (namespace: string) => readLocale(language, namespace);
  const journal = read('journal');
  const schedule = read('schedule');
  const shell = read('shell');
  return {
    discipline: shell.panels.period.discipline as string,
    table: journal.table.title as string,
    totals: [journal.table.absences, journal.table.sum, journal.table.average] as string[],
    days: [1, 2, 3, 4, 5, 6].map((day) => schedule.days[day] as string),
    week: (schedule.weekTable as string).replace('{{from}}', '16.11').replace('{{to}}', '21.11'),
  };
}

const main = (page: Page) => page.locator('main');

/** /lms/journal with «Веб-разработка» chosen; the journal table's scroll box. */
async function openJournal(page: Page, language: Language): Promise<Locator> {
  const texts = textsOf(language);
  await page.goto('/lms/journal');
  const discipline = main(page).getByRole('combobox', { name: texts.discipline, exact: true });
  await expect(discipline.locator('option', { hasText: 'Веб-разработка' })).toBeAttached();
  await discipline.selectOption({ label: 'Веб-разработка' });
  const table = main(page).getByRole('region', { name: texts.table, exact: true });
  await expect(table.getByRole('rowheader')).toHaveCount(12);
  return table;
}

interface Box {
  left: number;
  right: number;
}

/** The part of the scroll box the person sees (its client area, without borders or scrollbar). */
function visibleBox(table: Locator): Promise<Box> {
  return table.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const left = rect.left + element.clientLeft;
    return { left, right: left + element.clientWidth };
  });
}

/** True when the element's middle is what the person sees there (nothing pinned lies over it). */
function onTop(cell: Locator): Promise<boolean> {
  return cell.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    return hit !== null && element.contains(hit);
  });
}

async function boxOf(cell: Locator): Promise<Box> {
  const rect = await cell.boundingBox();
  expect(rect).not.toBeNull();
  return { left: rect!.x, right: rect!.x + rect!.width };
}

/**
 * The names column on the left, the first date beside it and the three totals on the right, all
 * within what the scroll box shows and none under another.
 */
async function expectDatesAndTotalsInView(table: Locator, language: Language) {
  const { totals } = textsOf(language);
  const box = await visibleBox(table);
  const headers = table.getByRole('columnheader');
  const names = headers.first();
  const firstDate = table.locator('thead th[data-date]').first();
  const dates = await table
    .locator('thead th[data-date]')
    .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-date') ?? ''));
  expect(dates.length).toBeGreaterThan(8);
  // The first date column is the earliest date.
  expect(await firstDate.getAttribute('data-date')).toBe([...dates].sort()[0]);

  const name = await boxOf(names);
  const first = await boxOf(firstDate);
  const figures = await Promise.all(
    totals.map((title) => boxOf(table.getByRole('columnheader', { name: title, exact: true }))),
  );
  expect(name.left).toBeGreaterThanOrEqual(box.left - 1);
  expect(first.left).toBeGreaterThanOrEqual(name.right - 1);
  expect(first.right).toBeLessThanOrEqual(figures[0]!.left + 1);
  for (const figure of figures) {
    expect(figure.left).toBeGreaterThanOrEqual(name.right - 1);
    expect(figure.right).toBeLessThanOrEqual(box.right + 1);
  }
  expect(await onTop(firstDate)).toBe(true);
  for (const title of totals) {
    expect(await onTop(table.getByRole('columnheader', { name: title, exact: true }))).toBe(true);
  }
  const firstRow = table.locator('tbody tr[data-student]').first();
  for (const kind of ['absences', 'sum', 'average']) {
    expect(await onTop(firstRow.locator(`[data-figure="${kind}"]`))).toBe(true);
  }
  expect(await onTop(firstRow.locator('td').first())).toBe(true);
}

/** Scrolled to the last date: the totals are still on the right, not under the names. */
async function expectTotalsClearOfNamesAtTheEnd(table: Locator, language: Language) {
  const { totals } = textsOf(language);
  await table.evaluate((element) => {
    element.scrollLeft = element.scrollWidth;
  });
  const name = await boxOf(table.getByRole('columnheader').first());
  const box = await visibleBox(table);
  const lastDate = table.locator('thead th[data-date]').last();
  expect(await onTop(lastDate)).toBe(true);
  for (const title of totals) {
    const header = table.getByRole('columnheader', { name: title, exact: true });
    const figure = await boxOf(header);
    expect(figure.left).toBeGreaterThanOrEqual(name.right - 1);
    expect(figure.right).toBeLessThanOrEqual(box.right + 1);
    expect(await onTop(header)).toBe(true);
  }
  await table.evaluate((element) => {
    element.scrollLeft = 0;
  });
}

/** The page itself never scrolls sideways. */
async function expectNoSidewaysPage(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Every day Monday–Saturday on screen, side by side or in rows, and nothing scrolling sideways. */
async function expectWholeWeek(page: Page, language: Language) {
  const texts = textsOf(language);
  const week = main(page).getByRole('region', { name: texts.week, exact: true });
  await expect(week).toBeVisible();
  const box = await boxOf(week);
  for (const day of texts.days) {
    const name = week.getByText(day, { exact: true });
    await expect(name).toBeVisible();
    const shown = await boxOf(name);
    expect(shown.left).toBeGreaterThanOrEqual(box.left - 1);
    expect(shown.right).toBeLessThanOrEqual(box.right + 1);
  }
  // Neither the week nor anything in it scrolls sideways.
  const sideways = await week.evaluate((element) =>
    [element, ...element.querySelectorAll('*')].some((node) => {
      const scrolls =
        node === element || ['auto', 'scroll'].includes(getComputedStyle(node).overflowX);
      return scrolls && node.scrollWidth > node.clientWidth + 1;
    }),
  );
  expect(sideways).toBe(false);
  // Today, Friday, is marked.
  await expect(week.locator('[aria-current="date"]')).toContainText(texts.days[4]!);
  await expectNoSidewaysPage(page);
  return week;
}

for (const language of ['ru', 'kg', 'en'] as const) {
  test(`journal and schedule at 1440 px and 390 px in ${language}, dark and light`, async ({
    page,
  }) => {
    await page.clock.setFixedTime(NOW);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/lms');

    for (const theme of ['dark', 'light'] as const) {
      await page.setViewportSize({ width: 1440, height: 900 });
      await prefer(page, language, theme);

      // The journal opens at its first dates, the totals beside them on the right.
      const table = await openJournal(page, language);
      await table.scrollIntoViewIfNeeded();
      expect(await table.evaluate((element) => element.scrollLeft)).toBe(0);
      await expectDatesAndTotalsInView(table, language);
      await expectTotalsClearOfNamesAtTheEnd(table, language);
      await expectNoSidewaysPage(page);
      await checkLooks(page, `b-journal-${language}`, { widths: [1440], themes: [theme] });

      // The schedule: the whole week.
      await page.goto('/lms/schedule');
      await expectWholeWeek(page, language);
      await checkLooks(page, `b-schedule-${language}`, { widths: [1440], themes: [theme] });

      // A phone: the names, a date and the totals side by side, the totals never under the names.
      await page.setViewportSize({ width: 390, height: 844 });
      const phoneTable = await openJournal(page, language);
      await phoneTable.scrollIntoViewIfNeeded();
      await expectDatesAndTotalsInView(phoneTable, language);
      await expectTotalsClearOfNamesAtTheEnd(phoneTable, language);
      await expectNoSidewaysPage(page);
      await checkLooks(page, `b-journal-${language}`, { widths: [PHONE.width], themes: [theme] });
    }
  });
}

test('on a narrow laptop (1024 px) the journal keeps dates and totals in view, and the week is day cards', async ({
  page,
}) => {
  await page.clock.setFixedTime(NOW);
  await page.setViewportSize({ width: 1024, height: 800 });
  const table = await openJournal(page, 'ru');
  await table.scrollIntoViewIfNeeded();
  await expectDatesAndTotalsInView(table, 'ru');
  await expectTotalsClearOfNamesAtTheEnd(table, 'ru');
  await page.screenshot({ path: 'test-results/b-journal-1024-dark.png' });

  // Where the timetable has no room: the days as cards, the week still whole, Friday marked.
  await page.goto('/lms/schedule');
  const week = await expectWholeWeek(page, 'ru');
  await expect(week.getByRole('table')).toHaveCount(0);
  await expect(week.getByRole('heading', { level: 2 })).toHaveCount(6);
  await expect(week.getByRole('region', { name: /Пятница/ })).toContainText('Сегодня');
  await checkLooks(page, 'b-schedule-cards', {
    widths: [1024],
    switchBy: 'reload',
    ready: () => expectWholeWeek(page, 'ru'),
    fullPage: true,
  });
});

test('the roll call’s toggle shows its state by more than colour, in both themes', async ({
  page,
}) => {
  await page.clock.setFixedTime(NOW);
  await page.setViewportSize({ width: 390, height: 844 });
  await openJournal(page, 'ru');
  const rows = main(page).getByRole('list', { name: 'Перекличка' }).locator(':scope > li');
  const toggle = rows.first().getByRole('button', { name: 'Отсутствует' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expect(toggle.locator('svg')).toHaveCount(0);
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  // The box is ticked while absent.
  await expect(toggle.locator('svg')).toHaveCount(1);
  await expect(rows.nth(1).getByRole('button', { name: 'Отсутствует' }).locator('svg')).toHaveCount(
    0,
  );
  await checkLooks(page, 'b-roll', {
    widths: [PHONE.width],
    ready: () => rows.first().scrollIntoViewIfNeeded(),
  });
});
