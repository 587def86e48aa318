import type { BrowserContext, Locator, Page } from '@playwright/test';
import {
  chooseLoginLanguage,
  demo,
  expect,
  expectAccessible,
  logIn,
  signedInTitle,
  test,
} from './fixtures';

// The portal's frame: login, session, shell, languages, themes, offline and failures. Texts and
// constants come from the product specification (docs/product/constants.md) and packages/i18n.
// The journeys about signing in and out use the login form; the others start signed in
// (`signedInAs`).

/** Light blue on the shell, darker blue on login and offline (src/lib/ui-state/page-chrome.tsx). */
const THEME_COLOR = { shell: '#4fc3f7', entry: '#0b3d91' } as const;
/** The mock server's /config.json `name`; before the config (login, offline) the translated one. */
const PORTAL_NAME = 'Университетский портал LMS';
/** The mock server's /config.json `names`. */
const PORTAL_NAME_KG = 'Университеттик LMS портал';
const PORTAL_NAME_EN = 'University LMS portal';
const FALLBACK_PORTAL_NAME = 'Университетский портал LMS';
/** The mock server's /api/logo.json `name`. */
const UNIVERSITY_NAME = 'Кыргызский национальный университет';

const TEACHER = { fullName: 'Асанов Бакыт Эркинович', shortName: 'Асанов Б.Э.' } as const;
const STUDENT = {
  fullName: 'Токтогулова Айпери Нурлановна',
  shortName: 'Токтогулова А.Н.',
  group: 'ПИ-1-26',
} as const;

const CYRILLIC = /[\u0400-\u04FF]/;

function loginField(page: Page): Locator {
  return page.getByLabel('Логин', { exact: true });
}
function passwordField(page: Page): Locator {
  return page.getByLabel('Пароль', { exact: true });
}
function submitButton(page: Page): Locator {
  return page.getByRole('button', { name: 'Войти', exact: true });
}
/** The header's profile-menu trigger, in whichever language. */
function profileMenuButton(page: Page): Locator {
  return page
    .getByRole('banner')
    .getByRole('button', { name: /Меню профиля|Profile menu|Профиль менюсу/ });
}
/** The desktop apps column's list of sections. */
function sectionsNav(page: Page, name = 'Разделы'): Locator {
  return page.getByRole('navigation', { name });
}
function themeColor(page: Page): Locator {
  return page.locator('meta[name="theme-color"]');
}

async function cookie(context: BrowserContext, name: string) {
  return (await context.cookies()).find((c) => c.name === name);
}

async function storageKeys(page: Page): Promise<string[]> {
  return page.evaluate(() => Object.keys(localStorage).sort());
}

/**
 * Cyrillic left in the interface under `root`: visible text and accessible-name attributes, with
 * the data the server sends (names, portal name) taken out, and the language switch's autonyms
 * (Кыр / Рус, marked with their own `lang`) skipped.
 */
async function cyrillicUiTexts(root: Locator, data: readonly string[]): Promise<string[]> {
  return root.evaluate(
    (element, { data, pattern }) => {
      const cyrillic = new RegExp(pattern);
      const strip = (text: string) =>
        data.reduce((rest, value) => rest.split(value).join(''), text).trim();
      const foreignLang = (node: Element | null) => {
        const lang = node?.closest('[lang]')?.getAttribute('lang') ?? 'en';
        return !lang.startsWith('en');
      };
      const found: string[] = [];
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || foreignLang(parent) || parent.closest('[hidden], noscript, script, style'))
          continue;
        const text = strip(node.textContent ?? '');
        if (cyrillic.test(text)) found.push(text);
      }
      for (const el of [element, ...element.querySelectorAll('*')]) {
        if (foreignLang(el) || el.closest('[hidden]')) continue;
        for (const attribute of ['aria-label', 'title', 'alt', 'placeholder']) {
          const text = strip(el.getAttribute(attribute) ?? '');
          if (cyrillic.test(text)) found.push(`${attribute}="${text}"`);
        }
      }
      return found;
    },
    { data: [...data], pattern: CYRILLIC.source },
  );
}

test.describe('login screen', () => {
  test('a wrong password says so; a click dismisses the message and the typed login stays', async ({
    page,
  }) => {
    await page.goto('/lms/login');
    await expect(page).toHaveTitle(`Вход · ${FALLBACK_PORTAL_NAME}`);
    await expect(themeColor(page)).toHaveAttribute('content', THEME_COLOR.entry);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Вход в личный кабинет' }),
    ).toBeVisible();
    await expect(page.getByRole('img', { name: 'Логотип университета' })).toBeVisible();

    await loginField(page).fill(demo.teacher.login);
    await passwordField(page).fill('wrong-password');
    await submitButton(page).click();

    const message = page.getByRole('alert').getByRole('button', {
      name: /Неверное имя пользователя или пароль/,
    });
    await expect(message).toBeVisible();
    await expectAccessible(page, 'login failure');

    await message.click();
    await expect(message).toBeHidden();
    await expect(page.getByText('Неверное имя пользователя или пароль')).toHaveCount(0);
    await expect(page).toHaveURL(/\/lms\/login$/);
    await expect(loginField(page)).toHaveValue(demo.teacher.login);
    await expect(passwordField(page)).toHaveValue('wrong-password');
  });

  test('both fields are required and the password needs 3 characters, before any request', async ({
    page,
  }) => {
    const logins: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/orize.json')) logins.push(request.url());
    });
    await page.goto('/lms/login');

    await submitButton(page).click();
    await expect(page.getByText('Введите логин', { exact: true })).toBeVisible();
    await expect(page.getByText('Введите пароль', { exact: true })).toBeVisible();
    await expect(loginField(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(passwordField(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(loginField(page)).toBeFocused();
    await expectAccessible(page, 'empty login form');

    await loginField(page).fill(demo.student.login);
    await passwordField(page).fill('ab');
    await submitButton(page).click();
    await expect(page.getByText('Введите логин', { exact: true })).toHaveCount(0);
    await expect(page.getByText('Пароль должен содержать не менее 3 символов')).toBeVisible();
    await expect(passwordField(page)).toBeFocused();
    await expect(loginField(page)).not.toHaveAttribute('aria-invalid', 'true');

    // The show/hide toggle reveals what was typed.
    await page.getByRole('button', { name: 'Показать пароль' }).click();
    await expect(passwordField(page)).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Скрыть пароль' }).click();
    await expect(passwordField(page)).toHaveAttribute('type', 'password');

    await passwordField(page).fill('abc');
    await expect(page.getByText('Пароль должен содержать не менее 3 символов')).toHaveCount(0);
    expect(logins).toEqual([]);
  });
});

test.describe('signing in', () => {
  test('a teacher lands on /lms with the short name and the word for teacher', async ({ page }) => {
    await page.goto('/lms/login');
    await loginField(page).fill(demo.teacher.login);
    await passwordField(page).fill(demo.teacher.password);

    // Hold the login answer to see the submitting state, then let it through.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/orize.json', async (route) => {
      await held;
      await route.continue();
    });
    await submitButton(page).click();
    const submitting = page.getByRole('button', { name: 'Вход...' });
    await expect(submitting).toBeVisible();
    await expect(submitting).toBeDisabled();
    release();

    await page.waitForURL(/\/lms\/?$/);
    const trigger = profileMenuButton(page);
    await expect(trigger.getByText(TEACHER.shortName, { exact: true })).toBeVisible();
    await expect(trigger.getByText('Преподаватель', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Новости' })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Дисциплины' })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Контакты' })).toBeVisible();
    await expect(themeColor(page)).toHaveAttribute('content', THEME_COLOR.shell);
    await expect(page).toHaveTitle(signedInTitle(`Новости · ${PORTAL_NAME}`));
    // A client-generated identifier under the `token` key once signed in through the form.
    expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/\S{8,}/);
    await expectAccessible(page, 'teacher shell');
  });

  test('a student lands on /lms with the short name and the group', async ({ page }) => {
    await logIn(page, 'student');
    const trigger = profileMenuButton(page);
    await expect(trigger.getByText(STUDENT.shortName, { exact: true })).toBeVisible();
    await expect(trigger.getByText(STUDENT.group, { exact: true })).toBeVisible();
    await expect(page.getByRole('banner').getByText('Преподаватель')).toHaveCount(0);

    await profileMenuButton(page).click();
    await expect(page.getByText(STUDENT.fullName, { exact: true })).toBeVisible();
    await expectAccessible(page, 'student shell with the profile menu open');
  });

  test('a reload signs in again by the token cookie, and only by it', async ({ page, context }) => {
    await logIn(page, 'teacher');
    const token = (await cookie(context, 'token'))?.value;
    expect(token).toBeTruthy();

    const reauth = page.waitForRequest('**/api/auth/enticate.json');
    await page.reload();
    expect((await reauth).postDataJSON()).toEqual({ token });
    await expect(page).toHaveURL(/\/lms\/?$/);
    await expect(page.getByRole('banner').getByText(TEACHER.shortName)).toBeVisible();
    await expectAccessible(page, 'shell after reload');

    // Without the cookie nothing remembers the user.
    await context.clearCookies({ name: 'token' });
    await page.reload();
    await expect(page).toHaveURL(/\/lms\/login$/);
    await expect(submitButton(page)).toBeVisible();
  });

  test('logout goes to /lms/login and forgets the session, keeping only theme and language', async ({
    page,
    context,
  }) => {
    await logIn(page, 'student');
    expect(await storageKeys(page)).toContain('token');

    await profileMenuButton(page).click();
    const logout = page.waitForResponse('**/api/auth/logout.json');
    await page.getByRole('menuitem', { name: 'Выйти' }).click();
    expect((await logout).ok()).toBe(true);
    await expect(page).toHaveURL(/\/lms\/login$/);
    await expect(submitButton(page)).toBeVisible();

    const keys = await storageKeys(page);
    expect(keys).not.toContain('token');
    expect(keys.filter((key) => key !== 'theme' && key !== 'lang')).toEqual([]);
    expect(await cookie(context, 'token')).toBeUndefined();
    await expectAccessible(page, 'login after logout');

    await page.goto('/lms');
    await expect(page).toHaveURL(/\/lms\/login$/);
    await page.goto('/lms/profile');
    await expect(page).toHaveURL(/\/lms\/login$/);
  });
});

test.describe('languages', () => {
  test.describe(() => {
    test.use({ signedInAs: 'teacher' });

    test('kg and en from the profile menu, kept over a reload by the lang cookie, then back to ru', async ({
      page,
      context,
    }) => {
      await page.goto('/lms');
      const header = page.getByRole('banner');
      expect((await cookie(context, 'lang'))?.value ?? 'ru').toBe('ru');

      // Kyrgyz.
      await profileMenuButton(page).click();
      await page.getByRole('menuitemradio', { name: 'Кыр' }).click();
      await expect(page.getByRole('menuitem', { name: 'Чыгуу' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: 'Жаңылыктар' })).toBeVisible();
      await expect(profileMenuButton(page).getByText('Окутуучу', { exact: true })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'ky');
      const lang = await cookie(context, 'lang');
      expect(lang?.value).toBe('kg');
      // The language is remembered for about 360 days.
      const days = ((lang?.expires ?? 0) - Date.now() / 1000) / 86_400;
      expect(days).toBeGreaterThan(355);
      expect(days).toBeLessThan(365);
      expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('kg');
      // The portal's own name in Kyrgyz, from /config.json's `names`.
      await expect(header.getByText(PORTAL_NAME_KG, { exact: true })).toBeVisible();
      await expect(page).toHaveTitle(signedInTitle(`Жаңылыктар · ${PORTAL_NAME_KG}`));

      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Жаңылыктар' })).toBeVisible();
      await expect(
        sectionsNav(page, 'Бөлүмдөр').getByRole('link', { name: 'Сабактардын жадыбалы' }),
      ).toBeVisible();

      // English.
      await profileMenuButton(page).click();
      await page.getByRole('menuitemradio', { name: 'Eng' }).click();
      await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: 'News' })).toBeVisible();
      await expect(page.getByRole('menuitemcheckbox', { name: 'Dark mode' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      expect((await cookie(context, 'lang'))?.value).toBe('en');

      await expect(header.getByText(PORTAL_NAME_EN, { exact: true })).toBeVisible();
      const data = [TEACHER.fullName, TEACHER.shortName];
      // The frame's own words: the header with the open profile menu and the sections list (the
      // columns' content is the features' data: news, contacts, links).
      expect(await cyrillicUiTexts(header, data)).toEqual([]);
      expect(await cyrillicUiTexts(sectionsNav(page, 'Sections'), data)).toEqual([]);
      await expectAccessible(page, 'shell in English with the profile menu open');

      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'News' })).toBeVisible();
      await expect(profileMenuButton(page).getByText('Teacher', { exact: true })).toBeVisible();
      await expect(page).toHaveTitle(signedInTitle(`News · ${PORTAL_NAME_EN}`));
      expect(await cyrillicUiTexts(header, data)).toEqual([]);

      // Back to Russian.
      await profileMenuButton(page).click();
      await page.getByRole('menuitemradio', { name: 'Рус' }).click();
      await expect(page.getByRole('menuitem', { name: 'Выйти' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: 'Новости' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
      expect((await cookie(context, 'lang'))?.value).toBe('ru');
    });
  });

  test('the login screen switches language too', async ({ page, context }) => {
    await page.goto('/lms/login');
    await chooseLoginLanguage(page, 'Eng');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Sign in to your account' }),
    ).toBeVisible();
    await expect(page.getByLabel('Username', { exact: true })).toBeVisible();
    await expect(page).toHaveTitle(/^Sign in · /);
    expect((await cookie(context, 'lang'))?.value).toBe('en');
    // The university's name comes from /api/logo.json.
    expect(await cyrillicUiTexts(page.locator('body'), [UNIVERSITY_NAME])).toEqual([]);
    await expectAccessible(page, 'login in English');

    await chooseLoginLanguage(page, 'Кыр');
    await expect(page.getByRole('button', { name: 'Кирүү', exact: true })).toBeVisible();
    await page.reload();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Жеке кабинетке кирүү' }),
    ).toBeVisible();
  });
});

test('the dark theme is the default; light is remembered over a reload', async ({ page }) => {
  const html = page.locator('html');
  await page.goto('/lms/login');
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect(themeColor(page)).toHaveAttribute('content', THEME_COLOR.entry);
  await logIn(page, 'teacher');
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect(themeColor(page)).toHaveAttribute('content', THEME_COLOR.shell);
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const darkBackground = await background();

  await profileMenuButton(page).click();
  const toggle = page.getByRole('menuitemcheckbox', { name: 'Тёмная тема' });
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect(html).toHaveAttribute('data-theme', 'light');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  await expect.poll(background).not.toBe(darkBackground);
  await expectAccessible(page, 'light shell with the profile menu open');

  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'light');
  await expect(page.getByRole('heading', { level: 1, name: 'Новости' })).toBeVisible();
  await profileMenuButton(page).click();
  await expect(page.getByRole('menuitemcheckbox', { name: 'Тёмная тема' })).toHaveAttribute(
    'aria-checked',
    'false',
  );

  // The preference outlives a logout (it belongs to the device, not the session).
  await page.getByRole('menuitem', { name: 'Выйти' }).click();
  await expect(page).toHaveURL(/\/lms\/login$/);
  await expect(html).toHaveAttribute('data-theme', 'light');
  await expect(themeColor(page)).toHaveAttribute('content', THEME_COLOR.entry);
});

test.describe('mobile, 390×844', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('tab 3 (apps) first; tabs 1 (news) and 2 (chat); a #messages hash alone changes nothing', async ({
    page,
  }) => {
    await page.goto('/lms/login');
    await expect(page.locator('main[data-layout="mobile"]')).toBeVisible();
    await logIn(page, 'student');

    const shell = page.locator('[data-layout="mobile"]');
    await expect(shell).toBeVisible();
    const tabs = page.getByRole('navigation', { name: 'Главный экран' });
    const tab = (name: string) => tabs.getByRole('button', { name, exact: true });
    await expect(tab('Приложения')).toHaveAttribute('aria-pressed', 'true');
    await expect(tab('Новости')).toHaveAttribute('aria-pressed', 'false');
    await expect(page.locator('[data-panel="apps"]')).toBeVisible();
    const schedule = sectionsNav(page).getByRole('link', { name: 'Расписание', exact: true });
    await expect(schedule).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Новости' })).toHaveCount(0);
    await expect(page).toHaveTitle(signedInTitle(`Приложения · ${PORTAL_NAME}`));
    await expectAccessible(page, 'mobile apps tab');

    await tab('Чат').click();
    await expect(tab('Чат')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('[data-panel="chat"]')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Контакты' })).toBeVisible();

    await tab('Новости').click();
    await expect(tab('Новости')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('[data-panel="news"]')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Новости' })).toBeVisible();

    // #messages shows the chat panel only together with backFromChat (set by the chat screen).
    await page.goto('/lms#messages');
    await expect(page.locator('[data-panel="news"]')).toBeVisible();
    await expect(tab('Новости')).toHaveAttribute('aria-pressed', 'true');
    // Choosing a tab leaves the hash behind.
    await tab('Приложения').click();
    await expect(page).toHaveURL(/\/lms$/);
    await expect(page.locator('[data-panel="apps"]')).toBeVisible();

    // A section opened from the apps grid; the tab bar then has no pressed tab.
    await schedule.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Расписание' })).toBeVisible();
    await expect(tabs.getByRole('button', { pressed: true })).toHaveCount(0);

    // The sections drawer from the header.
    await page.getByRole('button', { name: 'Открыть меню разделов' }).click();
    const drawer = page.getByRole('dialog', { name: 'Разделы' });
    await expect(drawer).toBeVisible();
    await drawer.getByRole('link', { name: 'УМК', exact: true }).click();
    await expect(drawer).toBeHidden();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Учебно-методический комплекс' }),
    ).toBeVisible();

    // Wider than 899.92 px the desktop columns take over (after the 200 ms debounce); beside the
    // UMK, which brings its own pickers, the discipline and contact columns wait on their rail.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.locator('[data-layout="desktop"]')).toBeVisible();
    await page.getByRole('button', { name: 'Показать дисциплины и контакты' }).click();
    await expect(page.getByRole('complementary', { name: 'Контакты' })).toBeVisible();
  });
});

test.describe('offline', () => {
  test.describe(() => {
    test.use({ signedInAs: 'teacher' });

    test("the 'Нет сети !!!' banner follows the connection", async ({ page, context }) => {
      await page.goto('/lms');
      await expect(page.getByRole('heading', { level: 1, name: 'Новости' })).toBeVisible();
      const banner = page.getByRole('alert').filter({ hasText: 'Нет сети !!!' });
      await expect(banner).toHaveCount(0);

      await context.setOffline(true);
      await expect(banner).toBeVisible();
      // The shell stays usable.
      await expect(page.getByRole('banner').getByText(TEACHER.shortName)).toBeVisible();
      await expectAccessible(page, 'shell offline');

      await context.setOffline(false);
      await expect(banner).toHaveCount(0);
    });
  });

  test('/ goes to /lms/offline while the browser is offline, and back to the portal once online', async ({
    page,
    context,
  }) => {
    await page.goto('/lms/login');
    await expect(submitButton(page)).toBeVisible();
    await context.setOffline(true);
    // The loaded app is asked for / (a fresh page load cannot happen without a network).
    await page.evaluate(() => {
      history.pushState(null, '', '/');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page).toHaveURL(/\/lms\/offline$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Нет связи с сервером' }),
    ).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Нет сети !!!' })).toBeVisible();
    await expect(themeColor(page)).toHaveAttribute('content', THEME_COLOR.entry);
    await expect(page).toHaveTitle(`Нет связи с сервером · ${FALLBACK_PORTAL_NAME}`);
    await expectAccessible(page, 'offline page');

    await context.setOffline(false);
    await page.getByRole('link', { name: 'Вернуться на портал' }).click();
    await expect(page).toHaveURL(/\/lms\/login$/);
  });
});

test.describe('failures', () => {
  test.describe(() => {
    test.use({ signedInAs: 'teacher' });

    test("a content chunk that fails to load says 'Loading chunk … failed' inside the shell", async ({
      page,
    }) => {
      await page.goto('/lms');
      await page.route('**/assets/schedule-route-*.js', (route) => route.abort('failed'));

      await sectionsNav(page).getByRole('link', { name: 'Расписание', exact: true }).click();
      const failure = page.getByRole('alert').filter({ hasText: 'Не удалось загрузить раздел' });
      await expect(failure).toBeVisible();
      await expect(failure.getByText('Loading chunk schedule failed.')).toBeVisible();
      await expect(
        failure.getByText('Проверьте подключение к сети и обновите страницу.'),
      ).toBeVisible();
      // The frame stays: header and columns (the schedule folds the discipline and contact columns
      // to their rail) around the failed section.
      await expect(page.getByRole('banner').getByText(TEACHER.shortName)).toBeVisible();
      await expect(
        page.getByRole('button', { name: 'Показать дисциплины и контакты' }),
      ).toBeVisible();
      await expect(page.getByRole('complementary', { name: 'Приложения' })).toBeVisible();
      await expectAccessible(page, 'chunk failure');

      // Back on the network, "reload" brings the section.
      await page.unroute('**/assets/schedule-route-*.js');
      await failure.getByRole('button', { name: 'Обновить страницу' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Расписание' })).toBeVisible();
    });
  });

  test("a rendering failure (a user record the shell cannot show) says 'Ошибка, обновите страницу!'", async ({
    page,
  }) => {
    // A server that breaks the contract: the full name must be a string to be shown in the header.
    await page.route('**/api/auth/orize.json', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: Record<string, unknown> };
      body.data.fullName = { ru: body.data.fullName };
      await route.fulfill({ response, json: body });
    });
    await logIn(page, 'teacher');
    const fatal = page.getByRole('alert').filter({ hasText: 'Ошибка, обновите страницу!' });
    await expect(fatal).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Ошибка, обновите страницу!' }),
    ).toBeVisible();
    await expectAccessible(page, 'fatal error');

    // The reload button recovers: the token cookie signs in again, with a proper answer.
    await page.unroute('**/api/auth/orize.json');
    await fatal.getByRole('button', { name: 'Обновить страницу' }).click();
    await expect(page.getByRole('banner').getByText(TEACHER.shortName)).toBeVisible();
    await expect(page.getByText('Ошибка, обновите страницу!')).toHaveCount(0);
  });

  test.describe(() => {
    test.use({ signedInAs: 'teacher' });

    test('a malformed /config.json costs only its broken fields: the portal keeps its defaults', async ({
      page,
    }) => {
      const warnings: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'warning') warnings.push(message.text());
      });
      await page.route('**/config.json', (route) =>
        route.fulfill({ json: { name: { ru: 'Портал' }, maxSizeMb: 'десять', apiBase: '/api' } }),
      );
      await page.goto('/lms');
      await expect(page.getByRole('banner').getByText(TEACHER.shortName)).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: 'Новости' })).toBeVisible();
      // The translated portal name stands in for the broken one; the news form shows no size limit.
      await expect(
        page.getByRole('banner').getByText(FALLBACK_PORTAL_NAME, { exact: true }),
      ).toBeVisible();
      await expect(page).toHaveTitle(signedInTitle(`Новости · ${FALLBACK_PORTAL_NAME}`));
      await expect(page.getByRole('heading', { level: 2, name: 'Написать новость' })).toBeVisible();
      await expect(page.getByText(/МБ на файл/)).toHaveCount(0);
      expect(warnings).toContain('/config.json: ignored invalid name, maxSizeMb');
    });
  });
});

test.describe('entry routes and titles', () => {
  test("'/' goes to /lms (then the login screen when signed out); titles use the portal name", async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/lms\/login$/);
    await expect(page).toHaveTitle(`Вход · ${FALLBACK_PORTAL_NAME}`);

    await logIn(page, 'teacher');
    await page.goto('/');
    await expect(page).toHaveURL(/\/lms\/?$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Новости' })).toBeVisible();
    await expect(page).toHaveTitle(signedInTitle(`Новости · ${PORTAL_NAME}`));
    await expect(page.getByRole('banner').getByRole('link', { name: PORTAL_NAME })).toBeVisible();

    await sectionsNav(page).getByRole('link', { name: 'Журнал', exact: true }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Журнал посещаемости' }),
    ).toBeVisible();
    await expect(page).toHaveTitle(signedInTitle(`Журнал посещаемости · ${PORTAL_NAME}`));

    await page.goto('/lms/no-such-page');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Страница не найдена' }),
    ).toBeVisible();
    await expect(page).toHaveTitle(signedInTitle(`Страница не найдена · ${PORTAL_NAME}`));
    await expectAccessible(page, 'not found in the shell');
  });
});
