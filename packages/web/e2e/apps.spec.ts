import type { Page } from '@playwright/test';
import { checkLooks, DESKTOP, expect, expectAccessible, PHONE, test } from './fixtures';

// Apps: the apps page lists misc/dinurls, and the shell's apps panel shows the same links below
// the portal's sections. Every link opens in a new tab, without an opener.

test.use({ signedInAs: 'student' });

const NEW_TAB = '(откроется в новой вкладке)';
/** Two of the mock server's links (src/world/misc.ts). */
const LIBRARY = { name: 'Электронная библиотека', url: 'https://lib.knu.kg/' };
const SITE = { name: 'Сайт университета', url: 'https://www.knu.kg/' };

const appLink = (scope: ReturnType<Page['locator']> | Page, name: string) =>
  scope.getByRole('link', { name: `${name} ${NEW_TAB}`, exact: true });

function withScenario(page: Page, scenario: () => string | undefined) {
  return page.route(/\/api\/misc\/dinurls$/, (route) => {
    const value = scenario();
    return route.continue({
      headers: { ...route.request().headers(), ...(value ? { 'x-mock-scenario': value } : {}) },
    });
  });
}

test.describe('apps', () => {
  test('the apps page lists the links, each opening in a new tab without access to the portal', async ({
    page,
    context,
  }) => {
    await page.goto('/lms');
    await page
      .getByRole('navigation', { name: 'Разделы' })
      .getByRole('link', { name: 'Приложения' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Приложения' })).toBeVisible();

    const main = page.getByRole('main');
    const links = main.getByRole('link');
    await expect(appLink(main, LIBRARY.name)).toBeVisible();
    expect(await links.count()).toBeGreaterThanOrEqual(5);
    for (const link of await links.all()) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      await expect(link).toHaveAttribute('href', /^https?:\/\//);
    }
    await expect(appLink(main, LIBRARY.name)).toHaveAttribute('href', LIBRARY.url);
    await expect(main.getByText('Каталог и полные тексты учебников')).toBeVisible();

    // The machine is offline: the external site is answered here, to see the new tab it opens.
    await context.route(`${LIBRARY.url}**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Library</title>' }),
    );
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      appLink(main, LIBRARY.name).click(),
    ]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe(LIBRARY.url);
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    await popup.close();
    await expect(page).toHaveURL(/\/lms\/apps$/);

    // the light theme as kept on the device: it lasts the reload
    await checkLooks(page, 'apps', {
      widths: [DESKTOP.width],
      switchBy: 'reload',
      ready: () => expect(appLink(page.getByRole('main'), SITE.name)).toBeVisible(),
    });
  });

  test.describe(() => {
    test.use({ signedInAs: 'teacher' });
    test("the shell's apps column shows the links below the sections", async ({ page }) => {
      await page.goto('/lms');
      const column = page.getByRole('complementary', { name: 'Приложения' });
      const panel = column.getByRole('region', { name: 'Сервисы университета' });
      await expect(appLink(panel, SITE.name)).toBeVisible();
      await expect(appLink(panel, SITE.name)).toHaveAttribute('href', SITE.url);
      const order = await column.evaluate((element) =>
        [...element.querySelectorAll('h2')].map((heading) => heading.textContent),
      );
      expect(order).toEqual(['Разделы', 'Сервисы университета']);
      await expectAccessible(page, 'shell with the apps column');
    });
  });

  test('at 390 px the apps tab shows the section tiles, then the links', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/lms');
    const panel = page.locator('[data-panel="apps"]');
    await expect(panel).toBeVisible();
    const links = panel.getByRole('region', { name: 'Сервисы университета' });
    await expect(appLink(links, LIBRARY.name)).toBeVisible();
    await expect(links.getByText('Каталог и полные тексты учебников')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await checkLooks(page, 'apps-tab', {
      widths: [PHONE.width],
      switchBy: 'reload',
      ready: () => expect(appLink(links, LIBRARY.name)).toBeVisible(),
    });
  });
});

test.describe('apps: fault scenarios', () => {
  test('a server error shows the failed state on the page and in the column; retry recovers', async ({
    page,
  }) => {
    let scenario: string | undefined = 'server-error';
    await withScenario(page, () => scenario);
    // the journey's browser has kept no services' links: this is about the failed state
    await page.goto('/lms/apps');
    const main = page.getByRole('main');
    const failed = main
      .getByRole('alert')
      .filter({ hasText: 'Не удалось загрузить список сервисов' });
    await expect(failed).toBeVisible();
    const column = page.getByRole('complementary', { name: 'Приложения' });
    await expect(column.getByText('Не удалось загрузить список сервисов')).toBeVisible();
    // The sections still work.
    await expect(column.getByRole('link', { name: 'Расписание' })).toBeVisible();
    await expectAccessible(page, 'apps failed');

    scenario = 'slow=400';
    await failed.getByRole('button', { name: 'Повторить' }).click();
    await expect(main.getByText('Загрузка...')).toBeVisible();
    await expect(appLink(main, SITE.name)).toBeVisible();
    await expect(appLink(column, SITE.name)).toBeVisible();
  });

  test('an empty answer shows the empty state', async ({ page }) => {
    await withScenario(page, () => 'empty');
    await page.goto('/lms/apps');
    const main = page.getByRole('main');
    await expect(main.getByText('Ссылок на сервисы пока нет')).toBeVisible();
    await expect(main.getByRole('link')).toHaveCount(0);
    await expectAccessible(page, 'apps empty');
  });
});
