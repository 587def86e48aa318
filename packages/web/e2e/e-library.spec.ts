import { readFile } from 'node:fs/promises';
import { checkLooks, DESKTOP, expect, expectAccessible, PHONE, test, TINY_PDF } from './fixtures';
import type { Page } from '@playwright/test';

// The e-library: search by title and by author, a search that finds nothing, and a teacher adding
// a PDF book that can then be read in the browser's viewer.

test.use({ signedInAs: 'student' });

const books = (page: Page) => page.getByRole('list', { name: 'Книги' });
const titles = (page: Page) => books(page).getByRole('heading', { level: 3 });
/** The book cards (the chips inside a card are list items too). */
const cards = (page: Page) => books(page).locator(':scope > li');

test('a student searches by title and by author, and a search that finds nothing shows every file', async ({
  page,
}) => {
  await page.goto('/lms/library');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Электронная библиотека' }),
  ).toBeVisible();
  await expect(titles(page).first()).toBeVisible();
  const total = await titles(page).count();

  const search = page.getByLabel('Поиск', { exact: true });
  await search.fill('БАЗЫ ДАННЫХ');
  const found = await titles(page).allTextContents();
  expect(found.length).toBeGreaterThan(0);
  expect(found.length).toBeLessThan(total);
  for (const title of found) expect(title.toLowerCase()).toContain('базы данных');
  await expect(page.getByRole('status').filter({ hasText: /^Найден/ })).toHaveText(
    new RegExp(`Найден[оa]? ${found.length} файл`),
  );
  // axe on the search results (the whole library is a hundred cards of the same markup).
  await checkLooks(page, 'e-library-search', { widths: [DESKTOP.width] });

  // By author: a surname of one of the listed books.
  const author = (await books(page)
    .getByRole('listitem')
    .first()
    .locator('p')
    .first()
    .textContent())!.split(/[ ,]/)[0]!;
  await search.fill(author.toUpperCase());
  await page.getByRole('radio', { name: 'автору' }).check();
  await expect(page.getByRole('status').filter({ hasText: /^Найден/ })).toBeVisible();
  const byAuthor = await cards(page).all();
  expect(byAuthor.length).toBeGreaterThan(0);
  for (const card of byAuthor) {
    expect((await card.locator('p').first().textContent())!.toLowerCase()).toContain(
      author.toLowerCase(),
    );
  }

  await search.fill('Нет такой книги (и автора) *');
  await expect(
    page.getByText('По вашему запросу ничего не найдено, показаны все файлы'),
  ).toBeVisible();
  await expect(titles(page)).toHaveCount(total);
});

test.describe(() => {
  test.use({ signedInAs: 'teacher' });

  test('a teacher on a phone adds a PDF book, finds it and can open it in the browser', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/lms/library');
    await page.getByRole('button', { name: 'Добавить книгу' }).click();
    const dialog = page.getByRole('dialog', { name: 'Новая книга' });
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await expect(dialog.getByText('Выберите файл.')).toBeVisible();
    await expectAccessible(page, 'book form with errors at 390 px, dark');

    await dialog.getByLabel('Выбрать файл').setInputFiles({
      name: 'Теория графов.pdf',
      mimeType: 'application/pdf',
      buffer: TINY_PDF,
    });
    await dialog.getByLabel(/^Название/).fill('Теория графов: задачи и решения');
    await dialog.getByLabel('Автор').fill('Асанов Б.Э.');
    await dialog.getByLabel(/^Количество страниц/).fill('148');
    await dialog.getByLabel('Раздел библиотеки').selectOption({ index: 1 });
    await expect(dialog.getByLabel('Категория').locator('option').nth(1)).toBeAttached();
    await dialog.getByLabel('Категория').selectOption({ index: 1 });
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await expect(dialog).toBeHidden({ timeout: 15_000 });
    await expect(page.getByRole('status').filter({ hasText: 'Книга сохранена.' })).toBeVisible();

    await page.getByLabel('Поиск', { exact: true }).fill('теория графов: задачи');
    await expect(titles(page)).toHaveText(['Теория графов: задачи и решения']);
    const book = cards(page).first();
    await expect(
      book.getByRole('button', { name: 'Изменить книгу Теория графов: задачи и решения' }),
    ).toBeVisible();
    // The tab gets the file as a PDF: a browser with a PDF viewer shows it there (the tab's address
    // becomes the file's blob), one without (Chromium's headless shell) downloads it from the tab.
    // The tab's download is listened for as the tab opens, so none is missed on a busy machine.
    const opened = new Promise<{ viewer: Page; downloaded: Promise<string> }>((resolve) => {
      page.once('popup', (viewer) => {
        const downloaded = new Promise<string>((done) => {
          viewer.once('download', (file) => {
            void file
              .path()
              .then((path) => readFile(path))
              .then((bytes) => done(bytes.subarray(0, 5).toString('latin1')));
          });
        });
        resolve({ viewer, downloaded });
      });
    });
    await book
      .getByRole('button', { name: 'Открыть Теория графов: задачи и решения в браузере' })
      .click();
    const { viewer, downloaded } = await opened;
    const got = await Promise.race([
      expect
        .poll(() => viewer.url())
        .toMatch(/^blob:/)
        .then(() => 'shown'),
      downloaded,
    ]);
    expect(['shown', '%PDF-']).toContain(got);
    await viewer.close();
    await checkLooks(page, 'e-library', { widths: [PHONE.width], fullPage: true });
  });
});
