import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import {
  checkLooks,
  expect,
  expectAccessible,
  patternedFile,
  PHONE,
  setTheme,
  test,
  forgetKeptData,
} from './fixtures';

// The news page at /lms: the feed, the writing block of users with newsPerms, downloads and
// deletion, and the page's loading, empty and failed states under the mock's fault scenarios.

test.use({ signedInAs: 'student' });

const NEWS_DATA = '**/api/news/data.json';
const NEWS_INSERT = '**/api/news/insert.json';

function feed(page: Page): Locator {
  return page.getByRole('list', { name: 'Лента новостей' });
}

function newsItems(page: Page): Locator {
  return feed(page).getByRole('article');
}

function messageField(page: Page): Locator {
  return page.getByRole('textbox', { name: 'Текст новости' });
}

/** Answers every request to `url` under the given X-Mock-Scenario (see the mock server's README). */
async function withScenario(page: Page, url: string, scenario: string): Promise<void> {
  await page.unroute(url);
  await page.route(url, (route) =>
    route.continue({
      headers: { ...route.request().headers(), 'x-mock-scenario': scenario },
    }),
  );
}

test.describe('a teacher with newsPerms', () => {
  test.use({ signedInAs: 'teacher' });

  test('posts news with two files, sees it first, downloads a file intact and deletes the item', async ({
    page,
  }) => {
    await page.goto('/lms');
    await expect(page.getByRole('heading', { level: 1, name: 'Новости' })).toBeVisible();
    await expect(newsItems(page).first()).toBeVisible();
    await expectAccessible(page, 'news page, dark');

    const message = `Консультация по базам данных переносится на пятницу.\nАудитория 214, начало в 10:00. [${Date.now()}]`;
    const plan = patternedFile(
      'План консультаций на декабрь 2026.pdf',
      'application/pdf',
      48 * 1024,
      7,
    );
    const list = patternedFile(
      'Список группы.xlsx',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      12 * 1024,
      3,
    );

    await messageField(page).fill(message);
    await page.getByRole('radio', { name: 'Студентам' }).check();
    await page.getByLabel('Прикрепить файлы').setInputFiles([plan, list]);
    const picked = page.getByRole('list', { name: 'Прикрепленные файлы' });
    await expect(picked.getByRole('listitem')).toHaveCount(2);
    await expect(picked).toContainText(/48\s*кБ/i);
    await page.getByRole('button', { name: 'Опубликовать' }).click();

    await expect(
      page.getByRole('status').filter({ hasText: 'Новость опубликована' }),
    ).toBeVisible();
    await expect(messageField(page)).toHaveValue('');
    const first = newsItems(page).first();
    await expect(first).toContainText('Консультация по базам данных переносится на пятницу.');
    await expect(first.getByRole('heading', { level: 3 })).toHaveText('Асанов Бакыт Эркинович');
    await expect(first.locator('time')).toHaveText(/^\d\d\/\d\d\/\d\d \d\d:\d\d$/);
    // The text keeps its line break (it is text, not HTML; multipart sends it as CRLF).
    expect(await first.locator('p', { hasText: 'Аудитория 214' }).innerText()).toMatch(
      /пятницу\.\r?\nАудитория 214/,
    );

    const planLink = first.getByRole('link', { name: plan.name });
    await expect(planLink).toHaveAttribute('title', plan.name);
    await expect(planLink).toContainText('План консультаций на…');
    await expect(planLink.locator('[data-file-kind]')).toHaveAttribute('data-file-kind', 'pdf');
    await expect(
      first.getByRole('link', { name: list.name }).locator('[data-file-kind]'),
    ).toHaveAttribute('data-file-kind', 'excel');

    const downloading = page.waitForEvent('download');
    await planLink.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(plan.name);
    const saved = await readFile(await download.path());
    expect(saved.equals(plan.buffer)).toBe(true);

    await setTheme(page, 'light');
    await expectAccessible(page, 'news page, light');

    const remove = first.getByRole('button', { name: 'Удалить?' });
    await remove.hover();
    await expect(first.getByRole('tooltip')).toHaveCSS('opacity', '1');
    await remove.click();
    const dialog = page.getByRole('alertdialog', { name: 'Удалить новость?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Консультация по базам данных');
    await expect(dialog.getByRole('button', { name: 'Отмена' })).toBeFocused();
    await expectAccessible(page, 'delete confirmation, light');
    await dialog.getByRole('button', { name: 'Отмена' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(remove).toBeFocused();

    await remove.click();
    await page
      .getByRole('alertdialog', { name: 'Удалить новость?' })
      .getByRole('button', { name: 'Удалить' })
      .click();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(feed(page)).not.toContainText(message.slice(0, 40));
    await expect(page.getByRole('status').filter({ hasText: 'Новость удалена' })).toBeAttached();

    // Gone on the server too.
    await page.reload();
    await expect(newsItems(page).first()).toBeVisible();
    await expect(feed(page)).not.toContainText('Консультация по базам данных переносится');
  });

  test('shows upload progress for a larger file and can cancel; a failed send keeps the text and files', async ({
    page,
  }) => {
    await page.goto('/lms');
    await expect(newsItems(page).first()).toBeVisible();
    const lecture = patternedFile('Запись лекции.pdf', 'application/pdf', 6 * 1024 * 1024, 11);
    const progress = page.getByRole('progressbar', { name: /Отправка новости/ });

    // A send the server never answers: progress shows, and cancel stops it, keeping everything.
    await withScenario(page, NEWS_INSERT, 'timeout');
    await messageField(page).fill('Запись лекции во вложении');
    await page.getByLabel('Прикрепить файлы').setInputFiles(lecture);
    await page.getByRole('button', { name: 'Опубликовать' }).click();
    await expect(progress).toBeVisible();
    await expect(page.getByRole('button', { name: 'Отправка...' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await page.getByRole('button', { name: 'Отменить отправку' }).click();
    await expect(page.getByText('Отправка отменена. Текст и файлы сохранены.')).toBeVisible();
    await expect(progress).toHaveCount(0);
    await expect(messageField(page)).toHaveValue('Запись лекции во вложении');
    await expect(page.getByRole('button', { name: `Убрать файл ${lecture.name}` })).toBeVisible();

    // A server failure: said in the person's words, the server's own behind 'Подробнее'; the
    // text and the file stay.
    await withScenario(page, NEWS_INSERT, 'server-error');
    await page.getByRole('button', { name: 'Опубликовать' }).click();
    const failure = page.getByRole('alert').filter({ hasText: 'Не удалось опубликовать новость' });
    await expect(failure).toContainText('Сервер временно не может выполнить запрос.');
    const details = failure.locator('details');
    await expect(details.getByText('Internal server error')).toBeHidden();
    await details.getByText('Подробнее').click();
    await expect(details.getByText(/Internal server error/)).toBeVisible();
    await expect(messageField(page)).toHaveValue('Запись лекции во вложении');
    await expect(page.getByRole('button', { name: `Убрать файл ${lecture.name}` })).toBeVisible();
    await expectAccessible(page, 'failed send');

    // A slow server: the progress bar stays up until the item is published.
    await withScenario(page, NEWS_INSERT, 'slow=1500');
    await page.getByRole('button', { name: 'Опубликовать' }).click();
    await expect(progress).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Новость опубликована' })).toBeVisible({
      timeout: 15_000,
    });
    await expect(progress).toHaveCount(0);
    await expect(newsItems(page).first()).toContainText('Запись лекции во вложении');
    await expect(newsItems(page).first().getByRole('link', { name: lecture.name })).toBeVisible();
  });

  test('refuses a file over maxSizeMb with the size message', async ({ page }) => {
    await page.goto('/lms');
    const config = (await (await page.request.get('/config.json')).json()) as {
      maxSizeMb: number;
    };
    await page.getByLabel('Прикрепить файлы').setInputFiles({
      name: 'Видео.mp4',
      mimeType: 'video/mp4',
      buffer: Buffer.alloc(config.maxSizeMb * 1024 * 1024 + 1),
    });
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(`Размер файла не должен превышать ${config.maxSizeMb} МБ`);
    await expect(alert).toContainText('Не прикреплены: Видео.mp4');
    await expect(page.getByRole('list', { name: 'Прикрепленные файлы' })).toHaveCount(0);
  });
});

test('a student at 390 px reads the news but has no writing block and no delete icon', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/lms');
  await page
    .getByRole('navigation', { name: 'Главный экран' })
    .getByRole('button', { name: 'Новости', exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Новости' })).toBeVisible();
  await expect(newsItems(page).first()).toBeVisible();
  // The compact layout shows the short name.
  await expect(newsItems(page).first().getByRole('heading', { level: 3 })).toHaveText(
    /^\S+ [А-ЯЁӨҮҢA-Z]\.([А-ЯЁӨҮҢA-Z]\.)?$/,
  );
  await expect(page.getByRole('heading', { name: 'Написать новость' })).toHaveCount(0);
  await expect(messageField(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Удалить?' })).toHaveCount(0);

  const before = await newsItems(page).count();
  await page.getByRole('button', { name: 'Показать ещё' }).click();
  await expect.poll(() => newsItems(page).count()).toBeGreaterThan(before);
  const noHorizontalScroll = () =>
    page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(await noHorizontalScroll()).toBe(true);

  await checkLooks(page, 'news-student', { widths: [PHONE.width] });
});

test.describe(() => {
  test.use({ signedInAs: 'teacher2' });

  test('a teacher without newsPerms sees the feed but no writing block and no delete icon', async ({
    page,
  }) => {
    await page.goto('/lms');
    await expect(newsItems(page).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Написать новость' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Опубликовать' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Удалить?' })).toHaveCount(0);
  });
});

test('fault scenarios: a failing feed shows the failed state with retry, an empty one the empty state', async ({
  page,
}) => {
  await withScenario(page, NEWS_DATA, 'slow=1500');
  await page.goto('/lms');
  await expect(
    page
      .getByRole('region', { name: 'Лента новостей' })
      .getByRole('status')
      .filter({ hasText: 'Загрузка...' }),
  ).toBeVisible();
  await expect(newsItems(page).first()).toBeVisible({ timeout: 10_000 });

  await withScenario(page, NEWS_DATA, 'server-error');
  await forgetKeptData(page);
  await page.reload();
  const failed = page.getByRole('alert').filter({ hasText: 'Не удалось загрузить новости' });
  // The query client retries a server error twice before it gives up.
  await expect(failed).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Новости' })).toBeVisible();
  await expectAccessible(page, 'failed feed');

  await page.unroute(NEWS_DATA);
  await failed.getByRole('button', { name: 'Повторить' }).click();
  await expect(newsItems(page).first()).toBeVisible();
  await expect(failed).toHaveCount(0);

  await withScenario(page, NEWS_DATA, 'empty');
  await page.reload();
  await expect(page.getByText('Новостей пока нет')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Показать ещё' })).toHaveCount(0);
  await setTheme(page, 'light');
  await expectAccessible(page, 'empty feed, light');

  // The page stays usable: the shell still navigates.
  await page
    .getByRole('navigation', { name: 'Разделы' })
    .getByRole('link', { name: 'Расписание' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Расписание' })).toBeVisible();
});
