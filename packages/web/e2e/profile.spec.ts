import type { Locator, Page } from '@playwright/test';
import { demo, expect, expectAccessible, forgetKeptData, test } from './fixtures';

// The profile screen with its password change. Texts come from packages/i18n (ru), the rules from
// the product specification (docs/product/validation.md), the data from the mock server's seeded
// world.

// Each starts signed in as the demo student; the password change signs in again through the form.
test.use({ signedInAs: 'student' });

const STUDENT = {
  fullName: 'Токтогулова Айпери Нурлановна',
  role: 'Студент группы ПИ-1-26',
  birthDate: '14.03.2008',
  email: 'a.toktogulova@stud.knu.kg',
} as const;
const NEW_PASSWORD = 'Ala-Too2026';
/** The mock server's answer (result 1) to a wrong old password. */
const WRONG_OLD_PASSWORD = 'Неверный старый пароль';

function profileMenuButton(page: Page): Locator {
  return page.getByRole('banner').getByRole('button', { name: 'Меню профиля' });
}

async function openProfileFromMenu(page: Page): Promise<void> {
  await profileMenuButton(page).click();
  await page.getByRole('banner').getByRole('menuitem', { name: 'Профиль' }).click();
  await page.waitForURL(/\/lms\/profile$/);
}

function profileCard(page: Page): Locator {
  return page.getByRole('article', { name: STUDENT.fullName });
}

function passwordForm(page: Page) {
  const panel = page.getByRole('region', { name: 'Смена пароля' });
  return {
    panel,
    old: panel.getByLabel('Старый пароль', { exact: true }),
    next: panel.getByLabel('Новый пароль', { exact: true }),
    confirm: panel.getByLabel('Подтверждение нового пароля', { exact: true }),
    submit: panel.getByRole('button', { name: 'Сменить пароль' }),
  };
}

async function fillPasswords(page: Page, old: string, next: string, confirm = next) {
  const form = passwordForm(page);
  await form.old.fill(old);
  await form.next.fill(next);
  await form.confirm.fill(confirm);
}

async function logInAs(page: Page, login: string, password: string): Promise<void> {
  await page.goto('/lms/login');
  await page.getByLabel('Логин', { exact: true }).fill(login);
  await page.getByLabel('Пароль', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
}

async function logOut(page: Page): Promise<void> {
  await profileMenuButton(page).click();
  await page.getByRole('menuitem', { name: 'Выйти' }).click();
  await page.waitForURL(/\/lms\/login$/);
}

/** Sends the mock server's fault header with every profile/data.json call while routed. */
async function profileScenario(page: Page, scenario: string): Promise<void> {
  await page.unrouteAll();
  await page.route('**/api/profile/data.json', (route) =>
    route.continue({ headers: { ...route.request().headers(), 'x-mock-scenario': scenario } }),
  );
}

test('a student sees their profile and photo; axe is clean in dark and light', async ({ page }) => {
  await page.goto('/lms');
  await openProfileFromMenu(page);
  await expect(page).toHaveTitle(/^(\(\d+\) )?Профиль · /);
  await expect(page.getByRole('heading', { level: 1, name: 'Профиль' })).toBeVisible();

  const card = profileCard(page);
  await expect(card.getByText(STUDENT.role)).toBeVisible();
  await expect(card.getByText(STUDENT.birthDate)).toBeVisible();
  await expect(card.getByRole('link', { name: STUDENT.email })).toHaveAttribute(
    'href',
    `mailto:${STUDENT.email}`,
  );

  // The photo arrives as bytes and shows as a base64 JPEG the browser can decode.
  const photo = card.getByRole('img', { name: 'Фотография профиля' });
  await expect(photo).toHaveAttribute('src', /^data:image\/jpeg;base64,\/9j\//);
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);

  // The form's messages are part of the page axe checks.
  const form = passwordForm(page);
  await form.submit.click();
  await expect(form.panel.getByText('Введите старый пароль')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectAccessible(page, 'profile, dark');

  await profileMenuButton(page).click();
  await page.getByRole('menuitemcheckbox', { name: 'Тёмная тема' }).click();
  await page.keyboard.press('Escape');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await fillPasswords(page, 'NotMyPassword', NEW_PASSWORD);
  await form.submit.click();
  await expect(form.panel.getByRole('alert')).toContainText(WRONG_OLD_PASSWORD);
  await expectAccessible(page, 'profile, light');
});

test('a student changes the password and signs in with the new one', async ({ page }) => {
  await page.goto('/lms');
  await openProfileFromMenu(page);
  const form = passwordForm(page);

  // Nothing is sent while the form is invalid.
  let resets = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/passwd/reset.json')) resets += 1;
  });
  await fillPasswords(page, demo.student.password, 'abc', 'abc');
  await form.submit.click();
  await expect(
    form.panel.getByText('Новый пароль должен содержать не менее 4 символов'),
  ).toBeVisible();
  await fillPasswords(page, demo.student.password, NEW_PASSWORD, `${NEW_PASSWORD}!`);
  await form.submit.click();
  await expect(form.panel.getByText('Пароли не совпадают')).toBeVisible();
  expect(resets).toBe(0);

  // A wrong old password: the server's reason, and the fields keep what was typed.
  await fillPasswords(page, 'NotMyPassword', NEW_PASSWORD);
  await form.submit.click();
  const failure = form.panel.getByRole('alert');
  await expect(failure).toContainText('Не удалось сменить пароль');
  await expect(failure).toContainText(WRONG_OLD_PASSWORD);
  await expect(form.old).toHaveValue('NotMyPassword');
  await expect(form.next).toHaveValue(NEW_PASSWORD);
  await expect(form.confirm).toHaveValue(NEW_PASSWORD);
  expect(resets).toBe(1);

  // The show/hide toggle reveals what was typed.
  await form.panel.getByRole('button', { name: 'Показать старый пароль' }).click();
  await expect(form.old).toHaveAttribute('type', 'text');
  await form.panel.getByRole('button', { name: 'Скрыть старый пароль' }).click();
  await expect(form.old).toHaveAttribute('type', 'password');

  await form.old.fill(demo.student.password);
  await form.submit.click();
  await expect(form.panel.getByText('Пароль изменён. Входите с новым паролем.')).toBeVisible();
  await expect(failure).toHaveCount(0);
  for (const input of [form.old, form.next, form.confirm]) await expect(input).toHaveValue('');

  await logOut(page);
  await logInAs(page, 'student', demo.student.password);
  await expect(page.getByText('Неверное имя пользователя или пароль')).toBeVisible();
  await expect(page).toHaveURL(/\/lms\/login$/);

  await logInAs(page, 'student', NEW_PASSWORD);
  await page.waitForURL(/\/lms\/?$/);
  await openProfileFromMenu(page);
  await expect(profileCard(page)).toBeVisible();
});

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a student opens the profile from the sections menu and changes the password', async ({
    page,
  }) => {
    await page.goto('/lms');
    await page.getByRole('button', { name: 'Открыть меню разделов' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Профиль' }).click();
    await page.waitForURL(/\/lms\/profile$/);

    const card = profileCard(page);
    await expect(card.getByRole('img', { name: 'Фотография профиля' })).toBeVisible();
    await expect(card.getByText(STUDENT.role)).toBeVisible();

    const form = passwordForm(page);
    await fillPasswords(page, demo.student.password, NEW_PASSWORD);
    await form.submit.click();
    await expect(form.panel.getByText('Пароль изменён. Входите с новым паролем.')).toBeVisible();

    // Nothing sticks out sideways on a phone.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'profile at 390 px, dark');
  });
});

test('the fault scenarios show loading, empty and failed states, and the page stays usable', async ({
  page,
}) => {
  await page.goto('/lms');

  await profileScenario(page, 'slow=1500');
  await openProfileFromMenu(page);
  await expect(page.getByRole('status').filter({ hasText: 'Загрузка...' })).toBeVisible();
  await expect(profileCard(page)).toBeVisible();

  await profileScenario(page, 'empty');
  await forgetKeptData(page);
  await page.reload();
  await expect(page.getByText('Данные профиля не найдены')).toBeVisible();
  await expect(profileCard(page)).toHaveCount(0);

  await profileScenario(page, 'server-error');
  await forgetKeptData(page);
  await page.reload();
  const failed = page.getByRole('alert').filter({ hasText: 'Не удалось загрузить профиль' });
  await expect(failed).toBeVisible({ timeout: 15_000 });
  await expectAccessible(page, 'profile failed');

  // The rest of the page still works: the password form checks its input, the menu opens.
  const form = passwordForm(page);
  await form.submit.click();
  await expect(form.panel.getByText('Введите старый пароль')).toBeVisible();
  await profileMenuButton(page).click();
  await expect(page.getByRole('banner').getByRole('menuitem', { name: 'Новости' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.unrouteAll();
  await failed.getByRole('button', { name: 'Повторить' }).click();
  await expect(profileCard(page)).toBeVisible();
  await expect(failed).toHaveCount(0);
});
