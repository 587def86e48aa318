import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import Papa from 'papaparse';
import { readSheet } from 'read-excel-file/node';
import { checkLooks, DESKTOP, expect, expectAccessible, PHONE, resizeTo, test } from './fixtures';

// The journal: a teacher on a phone takes today's roll (two absent, one mark), sees the row's
// figures follow and exports CSV and XLSX with the same figures; marks taken offline wait, survive
// a reload and are saved when the server can be reached; a student sees only their own row.

test.describe.configure({ timeout: 90_000 });
test.use({ actionTimeout: 10_000, signedInAs: 'teacher' });

// The mock world's clock is frozen at Friday 20 November 2026; the browser's today must agree.
const NOW = new Date('2026-11-20T10:00:00+06:00');
const TODAY = '20.11.2026';

const main = (page: Page) => page.locator('main');
const rollRows = (page: Page) =>
  main(page).getByRole('list', { name: 'Перекличка' }).locator(':scope > li');
const table = (page: Page) => main(page).getByRole('region', { name: 'Журнал' });

async function openClass(page: Page) {
  await page.goto('/lms/journal');
  await expect(page.getByRole('heading', { level: 1, name: 'Журнал посещаемости' })).toBeVisible();
  const discipline = main(page).getByLabel('Дисциплина');
  await expect(discipline.locator('option', { hasText: 'Веб-разработка' })).toBeAttached();
  await discipline.selectOption({ label: 'Веб-разработка' });
  await expect(main(page).getByLabel('Группа или поток')).toHaveValue('101');
  await expect(main(page).getByLabel('Вид занятия')).toHaveValue('2');
  await expect(rollRows(page)).toHaveCount(12);
}

/** A row's marks as shown and the figures the screen gives for it. */
async function rowOf(page: Page, name: string) {
  const row = table(page).locator('tbody tr', { has: page.getByRole('rowheader', { name }) });
  const marks = await row.locator('td:not([data-figure])').allInnerTexts();
  const figure = async (kind: string) =>
    (await row.locator(`[data-figure="${kind}"]`).innerText()).replace(',', '.');
  return {
    row,
    marks: marks.map((mark) => mark.replace(/\s*\(не сохранено\)/, '').trim()),
    absences: Number(await figure('absences')),
    sum: Number(await figure('sum')),
    average: Number(await figure('average')),
  };
}

/** The row's figures (absences, sum, average of the marks), done here from the visible marks. */
function expected(marks: string[]) {
  const absences = marks.filter((mark) => mark === 'н/б').length;
  const sum = marks.reduce((total, mark) => total + (/^\d+$/.test(mark) ? Number(mark) : 0), 0);
  return { absences, sum, average: Math.round((sum / marks.length) * 100) / 100 };
}

/** A figure as the Russian CSV writes it ('2,31'), as a number. */
const decimal = (text: string) => Number(text.replace(',', '.'));

async function download(page: Page, button: Locator) {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return readFile(await file.path());
}

test('a teacher on a phone takes today’s roll, gives a mark, and exports what the screen shows', async ({
  page,
}) => {
  await page.clock.setFixedTime(NOW);
  await page.setViewportSize({ width: 390, height: 844 });
  await openClass(page);
  await expect(main(page).getByLabel('Дата занятия')).toHaveValue('20.11.2026');
  await expect(main(page).getByText('Присутствуют: 12')).toBeVisible();
  await expect(main(page).getByText('Отсутствуют: 0')).toBeVisible();

  const [first, second, third] = await rollRows(page).all();
  const names = await Promise.all(
    [first!, second!, third!].map(async (row) =>
      (await row.locator('span').first().innerText()).trim(),
    ),
  );
  // a tap marks the first absent, a key the second; the third gets a 5
  await first!.getByRole('button', { name: 'Отсутствует' }).click();
  await first!.getByRole('button', { name: 'Отсутствует' }).press('ArrowDown');
  await expect(second!.getByRole('button', { name: 'Отсутствует' })).toBeFocused();
  await page.keyboard.press('n');
  await expect(second!.getByRole('button', { name: 'Отсутствует' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await third!.getByLabel(`Оценка: ${names[2]}`).selectOption({ label: '5' });
  await expect(main(page).getByText('Присутствуют: 10')).toBeVisible();
  await expect(main(page).getByText('Отсутствуют: 2')).toBeVisible();
  await checkLooks(page, 'journal-roll', {
    widths: [PHONE.width],
    themes: ['dark'],
    fullPage: true,
  });

  await main(page).getByRole('button', { name: 'Сохранить перекличку' }).click();
  await expect(main(page).getByText('Перекличка сохранена.')).toBeVisible();
  await expect(table(page).getByRole('columnheader', { name: /20\.11/ })).toBeVisible();

  for (const [i, name] of names.entries()) {
    const shown = await rowOf(page, name);
    expect(shown.marks.at(-1)).toBe(['н/б', 'н/б', '5'][i]);
    expect({ absences: shown.absences, sum: shown.sum, average: shown.average }).toEqual(
      expected(shown.marks),
    );
  }

  // change one mark later from its cell
  await table(page)
    .getByRole('button', { name: `5 — Изменить отметку: ${names[2]}, ${TODAY}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Отметка за ${TODAY}` });
  await dialog.getByLabel('Оценка').selectOption({ label: '4' });
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog).toBeHidden();
  await expect((await rowOf(page, names[2]!)).row.locator('td').nth(-4)).toHaveText('4');

  const screen = await Promise.all(
    (await table(page).locator('tbody th[scope="row"]').allInnerTexts()).map((name) =>
      rowOf(page, name.trim()),
    ),
  );
  const csv = Papa.parse<string[]>(
    (await download(page, main(page).getByRole('button', { name: 'Скачать CSV' })))
      .toString('utf8')
      .replace(/^\uFEFF/, ''),
    { delimiter: ';', skipEmptyLines: true },
  ).data;
  expect(csv[0]?.[0]).toBe('ФИО студента');
  expect(csv[0]?.slice(-3)).toEqual(['Всего н/б', 'Общая сумма', 'Средняя оценка']);
  expect(csv[0]?.at(-4)).toBe(TODAY);
  // Russian CSV: ';' between fields and a decimal comma, as the screen writes the figures.
  expect(csv.slice(1).map((line) => [line[0], ...line.slice(-3).map(decimal)])).toEqual(
    screen.map((row, i) => [(csv[i + 1] ?? [])[0], row.absences, row.sum, row.average]),
  );

  const xlsx = await readSheet(
    await download(page, main(page).getByRole('button', { name: 'Скачать Excel' })),
  );
  expect(xlsx[0]?.[0]).toBe('ФИО студента');
  expect(xlsx.slice(1).map((line) => line.slice(-3))).toEqual(
    screen.map((row) => [row.absences, row.sum, row.average]),
  );
  expect(xlsx.slice(1).map((line) => line[0])).toEqual(csv.slice(1).map((line) => line[0]));

  await page.screenshot({ path: 'test-results/journal-table-390-dark.png', fullPage: true });
  // printed: the class's table only, every row
  await page.emulateMedia({ media: 'print' });
  await expect(main(page).getByRole('region', { name: 'Занятие' })).toBeHidden();
  await expect(main(page).getByRole('button', { name: 'Скачать CSV' })).toBeHidden();
  await expect(table(page).locator('tbody tr[data-student]')).toHaveCount(12);
  await expect(table(page)).toBeVisible();
  await page.emulateMedia({ media: 'screen' });
  await checkLooks(page, 'journal', { widths: [PHONE.width], themes: ['light'], fullPage: true });
});

test('marks taken offline wait, survive a reload and are saved when the server is reached', async ({
  page,
  context,
}) => {
  await page.clock.setFixedTime(NOW);
  await openClass(page);
  const [first] = await rollRows(page).all();
  const name = (await first!.locator('span').first().innerText()).trim();

  await context.setOffline(true);
  await first!.getByRole('button', { name: 'Отсутствует' }).click();
  await main(page).getByRole('button', { name: 'Сохранить перекличку' }).click();
  const waiting = main(page).getByRole('region', { name: 'Не сохранено на сервере' });
  await expect(waiting).toContainText(`Перекличка за ${TODAY}: 12 студентов`);
  await expect(waiting).toContainText('Нет сети');
  await expect((await rowOf(page, name)).row.locator('[data-pending]')).toHaveText(/н\/б/);
  await page.screenshot({ path: 'test-results/journal-offline-desktop.png', fullPage: true });

  // back on the network, but the server's write still fails: reloading keeps the roll
  await page.route('**/api/visitlog/studentvisitinsertall', (route) => route.abort('failed'));
  await context.setOffline(false);
  await page.reload();
  await openClass(page);
  await expect(waiting).toContainText(`Перекличка за ${TODAY}: 12 студентов`);
  await expect((await rowOf(page, name)).row.locator('[data-pending]')).toHaveText(/н\/б/);
  await expect(rollRows(page).first().getByRole('button', { name: 'Отсутствует' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expectAccessible(page, 'journal with a pending roll, dark');

  await page.unroute('**/api/visitlog/studentvisitinsertall');
  // The outbox retries by itself too (with backoff): it may deliver before the person clicks.
  const retry = waiting.getByRole('button', { name: 'Повторить' });
  if (await retry.isVisible()) await retry.click({ timeout: 2_000 }).catch(() => undefined);
  await expect(waiting).toBeHidden();
  await expect((await rowOf(page, name)).row.locator('[data-pending]')).toHaveCount(0);
  expect((await rowOf(page, name)).marks.at(-1)).toBe('н/б');
  await page.reload();
  await openClass(page);
  expect((await rowOf(page, name)).marks.at(-1)).toBe('н/б');

  // the same screen in light, in Kyrgyz and in English
  await checkLooks(page, 'journal-desktop', { widths: [DESKTOP.width], themes: ['light'] });
  for (const [button, title, column] of [
    ['Кыр', 'Катышуу журналы', 'Бардыгы н/б'],
    ['Eng', 'Attendance journal', 'Total absences'],
  ] as const) {
    await page.getByRole('button', { name: /Меню профиля|Профиль менюсу|Profile menu/ }).click();
    await page.getByRole('menuitemradio', { name: button }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(main(page).getByRole('columnheader', { name: column })).toBeVisible();
    await expectAccessible(page, `journal in ${button}`);
  }
  await page.screenshot({ path: 'test-results/journal-desktop-en.png', fullPage: true });
});

test('a roll half taken for an earlier date comes back with its date; a double-click saves it once', async ({
  page,
}) => {
  await page.clock.setFixedTime(NOW);
  await openClass(page);
  const date = main(page).getByLabel('Дата занятия');
  const absentOf = (row: Locator) => row.getByRole('button', { name: 'Отсутствует' });
  // typed as the portal writes dates, whatever the browser's language
  const earlier = '19.11.2026';
  await date.fill(earlier);
  await expect(rollRows(page)).toHaveCount(12);
  await absentOf(rollRows(page).nth(0)).click();
  await absentOf(rollRows(page).nth(1)).click();
  await expect(main(page).getByText('Отсутствуют: 2')).toBeVisible();

  // Across the phone layout and back, and after a reload: the same date and the same roll.
  await resizeTo(page, PHONE.width);
  await expect(date).toHaveValue(earlier);
  await expect(main(page).getByText('Отсутствуют: 2')).toBeVisible();
  await resizeTo(page, DESKTOP.width);
  await page.reload();
  await openClass(page);
  await expect(date).toHaveValue(earlier);
  await expect(main(page).getByText('Черновик восстановлен.')).toBeVisible();
  await expect(absentOf(rollRows(page).nth(0))).toHaveAttribute('aria-pressed', 'true');
  await expect(absentOf(rollRows(page).nth(1))).toHaveAttribute('aria-pressed', 'true');

  const saves: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/visitlog/studentvisitinsertall')) saves.push(request.url());
  });
  const save = main(page).getByRole('button', { name: 'Сохранить перекличку' });
  await save.dblclick();
  await expect(main(page).getByText('Перекличка сохранена.')).toBeVisible();
  await expect(table(page).getByRole('columnheader', { name: /19\.11/ })).toBeVisible();
  await expect(save).toHaveAttribute('aria-disabled', 'true');
  await expect(save).toBeFocused();
  await expectAccessible(page, 'journal with a roll just saved');
  expect(saves).toHaveLength(1);
  await expect(main(page).getByRole('region', { name: 'Не сохранено на сервере' })).toHaveCount(0);

  // Saved, the roll call opens on today again.
  await page.reload();
  await openClass(page);
  await expect(date).toHaveValue('20.11.2026');
  expect(saves).toHaveLength(1);
});

test('when the journal fails, the roll call says it is the journal, and why', async ({
  page,
  context,
  baseURL,
}) => {
  await page.clock.setFixedTime(NOW);
  await context.addCookies([
    { name: 'mock_scenario', value: 'server-error@/api/visitlog/getjournal', url: baseURL! },
  ]);
  await page.goto('/lms/journal');
  const discipline = main(page).getByLabel('Дисциплина');
  await expect(discipline.locator('option', { hasText: 'Веб-разработка' })).toBeAttached();
  await discipline.selectOption({ label: 'Веб-разработка' });
  const roll = main(page).getByRole('region', { name: 'Перекличка' });
  const failed = roll.getByRole('alert');
  await expect(failed).toContainText(
    'Не удалось загрузить журнал: перекличка откроется, когда он загрузится.',
  );
  await expect(failed).toContainText('Сервер временно не может выполнить запрос.');
  await expect(roll).not.toContainText('Не удалось загрузить список студентов.');
  await checkLooks(page, 'journal-roll-failed', {
    widths: [PHONE.width],
    themes: ['dark', 'light'],
  });

  await context.clearCookies({ name: 'mock_scenario' });
  await failed.getByRole('button', { name: 'Повторить' }).click();
  await expect(rollRows(page)).toHaveCount(12);
});

test.describe(() => {
  test.use({ signedInAs: 'student' });

  test('a student sees only their own row, with the attendance percentage', async ({ page }) => {
    await page.clock.setFixedTime(NOW);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/lms/journal');
    const discipline = main(page).getByLabel('Дисциплина');
    await expect(discipline.locator('option', { hasText: 'Веб-разработка' })).toBeAttached();
    await discipline.selectOption({ label: 'Веб-разработка' });
    await expect(main(page).getByLabel('Преподаватель')).not.toHaveValue('-1');
    const marks = main(page).locator('ul li time');
    await expect(marks.first()).toBeVisible();
    const values = await main(page).locator('ul li > span').allInnerTexts();
    const absences = values.filter((v) => v === 'н/б').length;
    const figures = main(page).locator('dl');
    await expect(figures).toContainText(
      `Посещаемость${Math.round(((values.length - absences) / values.length) * 100)} %`,
    );
    await expect(figures).toContainText(`Пропусков${absences}`);
    // no other student's name or the teacher's table
    await expect(main(page).getByRole('region', { name: 'Журнал' })).toHaveCount(0);
    await expect(main(page).getByRole('rowheader')).toHaveCount(0);
    await checkLooks(page, 'journal-student', { widths: [PHONE.width], fullPage: true });
  });
});
