import type { Locator, Page } from '@playwright/test';
import { checkLooks, expect, expectAccessible, PHONE, setTheme, test } from './fixtures';

// Discipline registration: an elective with teacher then stream, the credits total following it,
// deleting it; a plan row's choice deleted and the row staying; year and semester switched by a
// third-year student.

test.use({ signedInAs: 'student' });

const period = (page: Page) => page.getByRole('region', { name: 'Год и семестр регистрации' });
const rows = (page: Page) =>
  page.getByRole('list', { name: 'Дисциплины семестра' }).locator(':scope > li');
const credits = (page: Page) => page.getByText(/^Зарегистрировано кредитов: \d+ из \d+$/);

async function creditsNumbers(page: Page) {
  const [, registered, total] = /(\d+) из (\d+)/.exec((await credits(page).textContent())!)!;
  return { registered: Number(registered), total: Number(total) };
}

/** The values of the drafts kept on the device (the shared drafts' IndexedDB database). */
async function draftsStored(page: Page): Promise<unknown[]> {
  return page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((info) => info.name === 'lms-drafts')) return [];
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('lms-drafts');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const values = await new Promise<unknown[]>((resolve, reject) => {
      const read = db.transaction('drafts').objectStore('drafts').getAll();
      read.onsuccess = () => resolve(read.result as unknown[]);
      read.onerror = () => reject(read.error);
    });
    db.close();
    return values.map((entry) => (entry as { value: unknown }).value);
  });
}

async function pickSecond(select: Locator) {
  await expect(select.locator('option').nth(1)).toBeAttached();
  if (
    (await select.inputValue()) === (await select.locator('option').first().getAttribute('value'))
  ) {
    await select.selectOption({ index: 1 });
  }
}

test('a student adds an elective, sees the credits grow, and deletes it; a plan row’s choice is deleted and the row stays', async ({
  page,
}) => {
  await page.goto('/lms/registration');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Регистрация на дисциплины' }),
  ).toBeVisible();
  await period(page)
    .getByRole('combobox', { name: 'Семестр' })
    .selectOption({ label: '2 семестр' });
  await expect(rows(page).first()).toBeVisible();
  const before = await creditsNumbers(page);
  const count = await rows(page).count();

  const panel = page.getByRole('region', { name: 'Дисциплина по выбору' });
  await panel.getByRole('combobox', { name: 'Дисциплина' }).selectOption({ index: 1 });
  const chosen = (await panel
    .getByRole('combobox', { name: 'Дисциплина' })
    .locator('option:checked')
    .textContent())!;
  const [name, , kredits] = chosen.split(' · ');
  await pickSecond(panel.getByRole('combobox', { name: 'Преподаватель' }));
  await pickSecond(panel.getByRole('combobox', { name: 'Поток' }));
  await panel.getByRole('button', { name: 'Записаться на дисциплину по выбору' }).click();
  await expect(page.getByText(`Вы записаны: ${name}.`)).toBeVisible();
  await expect(rows(page)).toHaveCount(count + 1);
  const added = rows(page).filter({ hasText: name! }).filter({ hasText: 'По выбору' });
  await expect(added).toBeVisible();
  await expect
    .poll(() => creditsNumbers(page))
    .toEqual({
      registered: before.registered + parseInt(kredits!, 10),
      total: before.total + parseInt(kredits!, 10),
    });
  await expectAccessible(page, 'registration, dark');

  await added.getByRole('button', { name: /^Отменить запись:/ }).click();
  await page
    .getByRole('alertdialog', { name: 'Отменить запись?' })
    .getByRole('button', { name: 'Отменить запись' })
    .click();
  await expect(rows(page)).toHaveCount(count);
  await expect.poll(() => creditsNumbers(page)).toEqual(before);

  // A plan row's registration: the row stays, with its pickers back.
  const registered = rows(page)
    .filter({ hasText: 'По плану' })
    .filter({ has: page.getByRole('button', { name: /^Отменить запись:/ }) })
    .first();
  const label = (await registered
    .getByRole('button', { name: /^Отменить запись:/ })
    .getAttribute('aria-label'))!;
  const rowName = label.replace('Отменить запись: ', '');
  await registered.getByRole('button', { name: /^Отменить запись:/ }).click();
  await page
    .getByRole('alertdialog', { name: 'Отменить запись?' })
    .getByRole('button', { name: 'Отменить запись' })
    .click();
  await expect(page.getByText(`Запись отменена: ${rowName}.`)).toBeVisible();
  await expect(rows(page)).toHaveCount(count);
  const cleared = rows(page).filter({
    has: page.getByRole('button', { name: `Записаться: ${rowName}` }),
  });
  await expect(cleared.getByRole('combobox', { name: 'Поток' })).toHaveValue('0');
  await setTheme(page, 'light');
  await expectAccessible(page, 'registration, light');
});

test.describe(() => {
  test.use({ signedInAs: 'student3' });

  test('a third-year student on a phone switches year and semester', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/lms/registration');
    const year = period(page).getByRole('combobox', { name: 'Учебный год' });
    const semester = period(page).getByRole('combobox', { name: 'Семестр' });
    await expect(year).toHaveValue(/\d+/);
    await expect(semester.locator('option:checked')).toHaveText('5 семестр');
    await expect(rows(page).first()).toBeVisible();
    const fifth = await rows(page).locator('h3').allTextContents();

    await semester.selectOption({ label: '6 семестр' });
    await expect.poll(() => rows(page).locator('h3').allTextContents()).not.toEqual(fifth);
    await year.selectOption({ label: '2024-2025' });
    await expect(semester.locator('option:checked')).toHaveText('1 семестр');
    await expect(rows(page).first()).toBeVisible();
    await checkLooks(page, 'registration', { widths: [PHONE.width], fullPage: true });
  });

  test('a row’s teacher and stream, and the elective being added, come back after a reload, across 900 px too', async ({
    page,
  }) => {
    await page.goto('/lms/registration');
    const semester = period(page).getByRole('combobox', { name: 'Семестр' });
    await semester.selectOption({ label: '6 семестр' });
    const open = rows(page).filter({ has: page.getByRole('button', { name: /^Записаться:/ }) });
    const row = open.first();
    const rowName = (await row
      .getByRole('button', { name: /^Записаться:/ })
      .getAttribute('aria-label'))!;
    await pickSecond(row.getByRole('combobox', { name: 'Преподаватель' }));
    await pickSecond(row.getByRole('combobox', { name: 'Поток' }));
    const teacher = await row.getByRole('combobox', { name: 'Преподаватель' }).inputValue();
    const stream = await row.getByRole('combobox', { name: 'Поток' }).inputValue();
    const panel = page.getByRole('region', { name: 'Дисциплина по выбору' });
    await panel.getByRole('combobox', { name: 'Дисциплина' }).selectOption({ index: 1 });
    const discipline = await panel.getByRole('combobox', { name: 'Дисциплина' }).inputValue();

    // Narrower than 900 px and back: the same form stays.
    await page.setViewportSize(PHONE);
    await expect(row.getByRole('combobox', { name: 'Поток' })).toHaveValue(stream);
    await page.setViewportSize({ width: 1280, height: 800 });

    // The drafts are written once the picking pauses: wait until both are on the device.
    await expect
      .poll(async () => (await draftsStored(page)).map((value) => JSON.stringify(value)))
      .toEqual(
        expect.arrayContaining([
          expect.stringContaining(`"stream":${stream}`),
          expect.stringContaining(`"discipline":${discipline}`),
        ]),
      );
    await page.reload();
    await semester.selectOption({ label: '6 семестр' });
    const again = rows(page).filter({ has: page.getByRole('button', { name: rowName }) });
    await expect(again.getByText('Черновик восстановлен.')).toBeVisible();
    await expect(again.getByRole('combobox', { name: 'Поток' })).toHaveValue(stream);
    await expect(again.getByRole('combobox', { name: 'Преподаватель' })).toHaveValue(teacher);
    await expect(panel.getByText('Черновик восстановлен.')).toBeVisible();
    await expect(panel.getByRole('combobox', { name: 'Дисциплина' })).toHaveValue(discipline);
    await expectAccessible(page, 'registration with restored drafts');
    await again.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/registration-draft-restored.png' });

    // Registered: nothing is restored any more.
    await again.getByRole('button', { name: rowName }).click();
    await expect(page.getByText(/^Вы записаны: /)).toBeVisible();
    await panel.getByRole('button', { name: 'Очистить' }).click();
    // Both drafts leave the device (as they were written: once the page has done it).
    await expect.poll(() => draftsStored(page)).toEqual([]);
    await page.reload();
    await semester.selectOption({ label: '6 семестр' });
    await expect(rows(page).first()).toBeVisible();
    await expect(page.getByText('Черновик восстановлен.')).toHaveCount(0);
  });
});
