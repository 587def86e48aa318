import type { Page } from '@playwright/test';
import {
  checkLooks,
  chooseLanguage,
  expect,
  expectAccessible,
  PHONE,
  setTheme,
  test,
} from './fixtures';

// Finding one's way: on a phone the tab bar follows the route and every 'Новости' opens the news,
// the header says who is signed in; on a desktop the discipline and contact columns serve the
// news and the chat and fold away elsewhere (remembered); the academic choice lives in the
// address, so a reload of a chat or a journal address opens the same conversation or class.

test.use({ signedInAs: 'teacher' });

const WIDE = { width: 1440, height: 900 };
const NOW = new Date('2026-11-20T10:00:00+06:00');

const tabs = (page: Page) => page.getByRole('navigation', { name: 'Главный экран' });
const tab = (page: Page, name: string) => tabs(page).getByRole('button', { name, exact: true });
const newsHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Новости' });

test.describe(() => {
  test.use({ signedInAs: 'student' });

  test('on a phone: the tab bar follows the route, every “Новости” opens the news, the header says who', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/lms');
    const menu = page.getByRole('button', { name: /Меню профиля/ });
    await expect(menu).toContainText('Токтогулова А.Н.');
    await expect(menu).toContainText('ПИ-1-26');
    await expect(tab(page, 'Приложения')).toHaveAttribute('aria-pressed', 'true');

    // From the profile menu.
    await menu.click();
    await page.getByRole('menuitem', { name: 'Новости' }).click();
    await expect(newsHeading(page)).toBeVisible();
    await expect(tab(page, 'Новости')).toHaveAttribute('aria-pressed', 'true');

    // From the drawer, after another section.
    await tab(page, 'Приложения').click();
    await page.getByRole('link', { name: 'Расписание', exact: true }).click();
    await expect(tabs(page).getByRole('button', { pressed: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Открыть меню разделов' }).click();
    await page
      .getByRole('dialog', { name: 'Разделы' })
      .getByRole('link', { name: 'Новости' })
      .click();
    await expect(newsHeading(page)).toBeVisible();
    await expect(tab(page, 'Новости')).toHaveAttribute('aria-pressed', 'true');

    // The chat's own page keeps the chat tab lit; an address with a trailing slash is its section.
    await page.goto('/lms/chat');
    await expect(tab(page, 'Чат')).toHaveAttribute('aria-pressed', 'true');
    await page.goto('/lms/schedule/');
    await expect(page).toHaveURL(/\/lms\/schedule$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Расписание' })).toBeVisible();
    await checkLooks(page, 'navigation-phone', { widths: [PHONE.width], themes: ['dark'] });

    await setTheme(page, 'light');
    await chooseLanguage(page, 'Кыр');
    await expect(page.getByRole('button', { name: /Профиль менюсу/ })).toContainText('ПИ-1-26');
    await checkLooks(page, 'navigation-phone-kg', { widths: [PHONE.width], themes: ['light'] });
  });
});

test('on a wide desktop the columns serve the news and the chat and fold away beside the journal', async ({
  page,
}) => {
  await page.setViewportSize(WIDE);
  await page.goto('/lms');
  const disciplines = page.getByRole('complementary', { name: 'Дисциплины' });
  await expect(disciplines).toBeVisible();

  await page.goto('/lms/journal');
  await expect(page.getByRole('heading', { level: 1, name: 'Журнал посещаемости' })).toBeVisible();
  await expect(disciplines).toHaveCount(0);
  const content = await page.locator('main').boundingBox();
  // The content takes most of the width: only the folded rail and the apps column beside it.
  expect(content!.width).toBeGreaterThan(WIDE.width * 0.7);
  await checkLooks(page, 'navigation-folded', { widths: [WIDE.width], themes: ['dark'] });

  await page.getByRole('button', { name: 'Показать дисциплины и контакты' }).click();
  await expect(disciplines).toBeVisible();
  await page.reload();
  await expect(disciplines).toBeVisible();
  await page.getByRole('button', { name: 'Свернуть' }).click();
  await expect(disciplines).toHaveCount(0);
  await setTheme(page, 'light');
  await chooseLanguage(page, 'Eng');
  await expect(page.getByRole('button', { name: 'Show disciplines and contacts' })).toBeVisible();
  await checkLooks(page, 'navigation-folded-en', { widths: [WIDE.width], themes: ['light'] });
});

test('a reload of a chat address and of a journal address opens the same conversation and class', async ({
  page,
}) => {
  await page.clock.setFixedTime(NOW);
  await page.setViewportSize(WIDE);
  await page.goto('/lms');
  await page
    .getByRole('region', { name: 'Дисциплины' })
    .getByRole('button')
    .filter({ hasText: 'Веб-разработка' })
    .click();
  await page
    .getByRole('region', { name: 'Контакты' })
    .getByRole('button', { name: 'Групповой чат' })
    .click();
  await expect(page).toHaveURL(/\/lms\/chat\?.*discipline=\d+.*contact=-1%3A2/);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Групповой чат' })).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'Дисциплины' })
      .getByRole('button', { name: /Веб-разработка/, pressed: true }),
  ).toBeVisible();

  // A contact by name, then the back button returns to the group chat.
  const contacts = page.getByRole('region', { name: 'Контакты' }).getByRole('button');
  const someone = contacts.filter({ hasNotText: 'Групповой чат' }).first();
  const name = (await someone.innerText()).split('\n')[0]!.trim();
  await someone.click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Групповой чат' })).toBeVisible();

  // The journal, opened from the sections, keeps the choice, and its address carries it.
  await page
    .getByRole('navigation', { name: 'Разделы' })
    .getByRole('link', { name: 'Журнал', exact: true })
    .click();
  const main = page.locator('main');
  await expect(main.getByLabel('Дисциплина')).toHaveValue(/\d+/);
  const chosen = await main.getByLabel('Дисциплина').inputValue();
  expect(await main.getByLabel('Дисциплина').locator('option:checked').innerText()).toBe(
    'Веб-разработка',
  );
  await expect(page).toHaveURL(new RegExp(`discipline=${chosen}`));
  await page.reload();
  await expect(main.getByLabel('Дисциплина')).toHaveValue(chosen);
  await expect(main.getByRole('list', { name: 'Перекличка' }).locator(':scope > li')).toHaveCount(
    12,
  );

  // The class's kind of lesson is in the address too.
  const kind = main.getByLabel('Вид занятия');
  const other = await kind
    .locator('option:not(:checked):not([value="-1"])')
    .first()
    .getAttribute('value');
  await kind.selectOption(other!);
  await expect(page).toHaveURL(new RegExp(`kind=${other}`));
  await page.reload();
  await expect(main.getByLabel('Вид занятия')).toHaveValue(other!);
  await expect(main.getByLabel('Дисциплина')).toHaveValue(chosen);
  await expectAccessible(page, 'journal restored from its address');
});
