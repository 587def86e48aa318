import {
  checkLooks,
  chooseLoginLanguage,
  openWebDevelopmentContact,
  demo,
  expect,
  expectAccessible,
  fullNameOf,
  logIn,
  test,
} from './fixtures';

// A session that survives a bad network: only a definite refusal ends it. These journeys are
// about the session, so they sign in through the login form.

test('a reload during an authentication outage keeps the student on the schedule, reconnecting, until the server is back', async ({
  page,
}) => {
  await logIn(page, 'student');
  await page.goto('/lms/schedule');
  const heading = page.getByRole('heading', { level: 1, name: 'Расписание' });
  await expect(heading).toBeVisible();

  // the server cannot be reached for authentication (a dropped connection), then answers 503
  await page.route('**/api/auth/enticate.json', (route) => route.abort('connectionreset'));
  await page.reload();
  await expect(page).toHaveURL(/\/lms\/schedule$/);
  const banner = page.getByRole('status').filter({ hasText: 'переподключаемся' });
  await expect(banner).toBeVisible();
  await expect(heading).toBeVisible();
  await expectAccessible(page, 'schedule while reconnecting');
  await page.unroute('**/api/auth/enticate.json');
  await page.route('**/api/auth/enticate.json', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ result: 1, error: 'Service unavailable', data: null }),
    }),
  );
  await page.reload();
  await expect(page).toHaveURL(/\/lms\/schedule$/);
  await expect(banner).toBeVisible();

  // the outage ends: the session is confirmed and the page works on
  await page.unroute('**/api/auth/enticate.json');
  await expect(banner).toBeHidden({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/lms\/schedule$/);
  await page.getByRole('link', { name: 'Новости' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Новости' })).toBeVisible();
});

test('a token the server refuses ends the session; the next wrong password says so', async ({
  page,
  context,
  request,
}) => {
  await logIn(page, 'student');
  // the server forgets every session
  expect((await request.post('/__mock/reset', { data: {} })).ok()).toBe(true);
  await page.reload();
  await expect(page).toHaveURL(/\/lms\/login$/);
  expect((await context.cookies()).find((c) => c.name === 'token')).toBeUndefined();
  await page.getByLabel(/логин/i).first().fill('student');
  await page
    .getByLabel(/пароль/i)
    .first()
    .fill('wrong-password');
  await page.getByRole('button', { name: /войти/i }).click();
  await expect(page.getByText('Неверное имя пользователя или пароль')).toBeVisible();
});

test('a chat message that meets an ended session opens the login page at once; it goes after signing in again', async ({
  page,
  request,
}) => {
  const teacherName = await fullNameOf(request, 'teacher');
  await logIn(page, 'student');
  await openWebDevelopmentContact(page, teacherName);
  const log = page.getByRole('log', { name: 'Сообщения' });
  await expect(log).toBeVisible();

  // The session has ended by the time the message is sent: the server refuses it with a 401 (only
  // this request, so no other call of the page finds out first).
  await page.route('**/api/chat/insert', (route) =>
    route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: JSON.stringify({ result: 1, error: 'Unauthorized', data: null }),
    }),
  );
  const text = `Отправлено после конца сеанса ${Date.now()}`;
  const composer = page.getByRole('form', { name: 'Сообщение' });
  await composer.getByRole('textbox', { name: 'Сообщение' }).fill(text);
  await composer.getByRole('button', { name: 'Отправить' }).click();

  // At once: not after the screen's next refresh, and without the message shown as waiting.
  await expect(page).toHaveURL(/\/lms\/login$/, { timeout: 3_000 });
  await expect(page.getByRole('alert')).toContainText('Сеанс завершён');
  await page.unroute('**/api/chat/insert');
  await page.getByLabel('Логин').fill(demo.student.login);
  await page.getByLabel('Пароль', { exact: true }).fill(demo.student.password);
  await page.getByRole('button', { name: 'Войти' }).click();

  // Back in the same conversation, the message kept on the device is sent, once.
  await expect(page).toHaveURL(/\/lms\/chat\?/);
  await expect(log.locator('article[data-message-id]').filter({ hasText: text })).toHaveCount(1, {
    timeout: 15_000,
  });
  await expect(page.getByTestId('pending-message')).toHaveCount(0);
});

test("a returning user's page starts the shell chunk with the framework; a visitor's login page fetches it at low priority once its own code has run", async ({
  page,
}) => {
  const shellChunk = /\/lms\/assets\/shell-chunk-[\w-]+\.js$/;
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  const priorities = new Map<string, string>();
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Network.requestWillBeSent', ({ request }) =>
    priorities.set(new URL(request.url).pathname, request.initialPriority),
  );
  await cdp.send('Network.enable');

  // signed out: the login page loads the framework and the login screen, then, while the person
  // types, what the first screen after the sign-in needs (the shell chunk among it), at low priority
  await page.goto('/lms/login');
  await expect(page.getByRole('button', { name: 'Войти' })).toBeVisible();
  await expect
    .poll(() => requested.filter((path) => shellChunk.test(path)).length)
    .toBeGreaterThan(0);
  const framework = requested.findIndex((path) => /\/framework-[\w-]+\.js$/.test(path));
  expect(framework).toBeGreaterThanOrEqual(0);
  expect(requested.findIndex((path) => shellChunk.test(path))).toBeGreaterThan(framework);
  const shellChunkPriorities = [...priorities].filter(([path]) => shellChunk.test(path));
  expect(shellChunkPriorities.map(([, priority]) => priority)).toEqual(
    shellChunkPriorities.map(() => 'Low'),
  );
  await cdp.detach();

  // signed in, a reload: index.html asks for the shell chunk's files itself, while the framework (and
  // so any of the portal's code) has not even arrived; each is downloaded once
  await logIn(page, 'student');
  requested.length = 0;
  let askedBeforeFramework = false;
  await page.route(/\/assets\/framework-[\w-]+\.js$/, async (route) => {
    await expect
      .poll(() => requested.some((path) => shellChunk.test(path)), { timeout: 3_000 })
      .toBe(true)
      .then(() => (askedBeforeFramework = true))
      .catch(() => undefined);
    await route.continue();
  });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Новости' })).toBeVisible();
  expect(askedBeforeFramework).toBe(true);
  const chunks = requested.filter((path) => shellChunk.test(path));
  expect(new Set(chunks).size).toBe(chunks.length);
});

test("the login form takes typing before the portal's scripts arrive; what was typed, and a press of Войти, carry over", async ({
  page,
}) => {
  // the portal's scripts are held back: only index.html (its form and styles) has arrived
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/lms\/assets\/[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const theme of ['dark', 'light'] as const) {
      await page.goto('/lms/login', { waitUntil: 'commit' });
      await page.evaluate((mode) => localStorage.setItem('theme', mode), theme);
      await page.reload({ waitUntil: 'commit' });
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Вход в личный кабинет' }),
      ).toBeVisible();
      await page.screenshot({ path: `test-results/boot-login-${width}-${theme}.png` });
      await expectAccessible(page, `the login form before the scripts, ${width} px, ${theme}`);
    }
  }
  await page.evaluate(() => localStorage.removeItem('theme'));
  await page.reload({ waitUntil: 'commit' });

  const login = page.getByLabel('Логин', { exact: true });
  const password = page.getByLabel('Пароль', { exact: true });
  await login.fill(demo.student.login);
  await password.fill(demo.student.password);
  await page.getByRole('button', { name: 'Показать пароль' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Войти' }).click();
  // remembered, not sent: no request, no password in the address
  await expect(page.getByRole('button', { name: 'Вход...' })).toBeVisible();
  expect(new URL(page.url()).search).toBe('');

  release();
  await page.waitForURL(/\/lms\/?$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Новости' })).toBeVisible();
});

test('typing goes on in the same field, at the same place, when the scripts take the form over', async ({
  page,
}) => {
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/lms\/assets\/[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/lms/login', { waitUntil: 'commit' });
  const login = page.getByLabel('Логин', { exact: true });
  await login.pressSequentially('stud');
  await page.keyboard.press('ArrowLeft');
  release();
  // the login page's own form (its language menu) has taken over
  await expect(page.getByRole('button', { name: /^Язык: / })).toBeVisible();
  await page.keyboard.type('X');
  await expect(login).toHaveValue('stuXd');
  await expect(login).toBeFocused();
});

test.describe(() => {
  test.use({ signedInAs: 'student' });

  test('a signed-in reload shows the loading ring until the shell, never the login form', async ({
    page,
  }) => {
    await page.goto('/lms');
    await expect(page.getByRole('heading', { level: 1, name: 'Новости' })).toBeVisible();
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/lms\/assets\/[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.reload({ waitUntil: 'commit' });
    await expect(page.locator('.boot-spinner')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Войти' })).toBeHidden();
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'Новости' })).toBeVisible();
    await expect(page.locator('#boot-login')).toHaveCount(0);
  });
});

test('the login page, the shell and the offline page call the portal by one name, in each language', async ({
  page,
  context,
}) => {
  const config = (await (await page.request.get('/config.json')).json()) as {
    name: string;
    names: { kg: string; en: string };
  };
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto('/lms/login');
    await expect(page).toHaveTitle(`Вход · ${config.name}`);
    // the login page has no profile menu: the theme is the one kept on the device
    await checkLooks(page, 'd-login', {
      widths: [width],
      switchBy: 'reload',
      ready: async () => {
        await expect(page.getByRole('button', { name: 'Войти' })).toBeVisible();
        await expect(page.getByRole('img', { name: 'Логотип университета' })).toBeVisible();
      },
    });
  }
  await page.evaluate(() => localStorage.removeItem('theme'));
  await page.setViewportSize({ width: 1280, height: 800 });
  // The login page lays itself out again for the wider window (a menu opened before that closes).
  await expect(page.locator('main[data-layout="desktop"]')).toBeVisible();

  // The same name in Kyrgyz and English before the sign-in as after it.
  await chooseLoginLanguage(page, 'Eng');
  await expect(page).toHaveTitle(`Sign in · ${config.names.en}`);
  await chooseLoginLanguage(page, 'Кыр');
  await expect(page).toHaveTitle(`Кирүү · ${config.names.kg}`);
  await chooseLoginLanguage(page, 'Рус');
  await expect(page).toHaveTitle(`Вход · ${config.name}`);

  await logIn(page, 'student');
  await expect(page).toHaveTitle(`Новости · ${config.name}`);
  await expect(page.getByRole('banner').getByText(config.name, { exact: true })).toBeVisible();

  // The loaded portal asked for a page without a network: the offline page, under the same name.
  await context.setOffline(true);
  await page.evaluate(() => {
    history.pushState(null, '', '/');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page).toHaveURL(/\/lms\/offline$/);
  await expect(page).toHaveTitle(`Нет связи с сервером · ${config.name}`);
  await page.screenshot({ path: 'test-results/d-offline-page-1280-dark.png' });
  await expectAccessible(page, 'offline page');
  await context.setOffline(false);
});
