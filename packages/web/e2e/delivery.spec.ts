import type { APIRequestContext, Browser, Page, Request } from '@playwright/test';
import {
  chooseWebDevelopment,
  demo,
  expect,
  expectAccessible,
  fullNameOf,
  PHONE,
  test,
  type DemoLogin,
} from './fixtures';
import { startMockServer, type Server } from './world';

// Nothing is sent twice and nothing is lost: a chat message and a roll call that meet a server
// error are delivered by the outbox without a click and stored once; a message whose refresh
// fails after the server took it is not posted again; on a slow server that fails one answer in
// five, five messages and a full roll call all arrive, each exactly once.

test.describe.configure({ timeout: 120_000 });
test.use({ actionTimeout: 15_000, signedInAs: 'student' });

const NOW = new Date('2026-11-20T10:00:00+06:00');
const TODAY = '20.11.2026';
const ERROR = JSON.stringify({ result: 1, error: 'Internal server error', data: null });

const messages = (page: Page) => page.getByRole('log', { name: 'Сообщения' });
const composer = (page: Page) => page.getByRole('form', { name: 'Сообщение' });
const main = (page: Page) => page.locator('main');
const rollRows = (page: Page) =>
  main(page).getByRole('list', { name: 'Перекличка' }).locator(':scope > li');
const table = (page: Page) => main(page).getByRole('region', { name: 'Журнал' });

/**
 * How a journey waits for a part of `page` that loads from the server: `check(timeout)` passes
 * once it is there. On the journeys' own, healthy server it simply waits.
 */
type WaitForLoad = (page: Page, check: (timeout: number) => Promise<void>) => Promise<void>;
const onHealthyServer: WaitForLoad = (_page, check) => check(30_000);

async function openConversation(page: Page, contact: string, loaded = onHealthyServer) {
  const disciplines = page.getByRole('region', { name: 'Дисциплины' });
  const webDevelopment = disciplines.getByRole('button').filter({ hasText: 'Веб-разработка' });
  await loaded(page, (timeout) => expect(webDevelopment).toBeVisible({ timeout }));
  await chooseWebDevelopment(page);
  const person = page
    .getByRole('region', { name: 'Контакты' })
    .getByRole('button', { name: new RegExp(`^${contact}`) });
  await loaded(page, (timeout) => expect(person).toBeVisible({ timeout }));
  await person.click();
  const thread = messages(page).or(page.getByText('Нет сообщенний'));
  await loaded(page, (timeout) => expect(thread).toBeVisible({ timeout }));
}

/** The student's conversation with the demo teacher opened from the portal's first screen. */
async function openTeachersConversation(page: Page, request: APIRequestContext) {
  const teacherName = await fullNameOf(request, 'teacher');
  await page.goto('/lms');
  await openConversation(page, teacherName);
  return teacherName;
}

async function send(page: Page, text: string) {
  await composer(page).getByRole('textbox', { name: 'Сообщение' }).fill(text);
  await composer(page).getByRole('button', { name: 'Отправить' }).click();
}

/** Counts the requests a page makes to one API path. */
function countRequests(page: Page, path: string): () => number {
  let count = 0;
  page.on('request', (request: Request) => {
    if (new URL(request.url()).pathname === path) count += 1;
  });
  return () => count;
}

/**
 * The page's first request to one API path answered with a server error, the ones after it
 * passed to the server. Returns how many requests the page has made to the path.
 */
async function failFirst(page: Page, path: string): Promise<() => number> {
  const requests = countRequests(page, path);
  let failedOnce = false;
  await page.route(`**${path}`, async (route) => {
    if (failedOnce) return route.continue();
    failedOnce = true;
    return route.fulfill({ status: 500, contentType: 'application/json', body: ERROR });
  });
  return requests;
}

/** The teacher's class in the journal; `origin` names another mock server than the journeys' own. */
async function openClass(page: Page, origin = '', loaded = onHealthyServer) {
  await page.goto(`${origin}/lms/journal`);
  const discipline = main(page).getByLabel('Дисциплина');
  const webDevelopment = discipline.locator('option', { hasText: 'Веб-разработка' });
  await loaded(page, (timeout) => expect(webDevelopment).toBeAttached({ timeout }));
  await discipline.selectOption({ label: 'Веб-разработка' });
  await loaded(page, (timeout) => expect(rollRows(page)).toHaveCount(12, { timeout }));
}

test('one server error on a chat message: delivered without a click, stored once', async ({
  page,
  request,
}) => {
  const teacherName = await openTeachersConversation(page, request);
  const inserts = await failFirst(page, '/api/chat/insert');

  const text = `Одна ошибка сервера ${Date.now()}`;
  await send(page, text);
  await expect(page.getByTestId('pending-message')).toContainText(text);
  // No click: the outbox reads the conversation (the answer was a 500, so it may have been
  // stored), finds it missing and sends it again by itself.
  await expect(page.getByTestId('pending-message')).toHaveCount(0, { timeout: 30_000 });
  await expect(
    messages(page).locator('article[data-message-id]').filter({ hasText: text }),
  ).toHaveCount(1);
  expect(inserts()).toBe(2);

  await page.reload();
  await openConversation(page, teacherName);
  await expect(
    messages(page).locator('article[data-message-id]').filter({ hasText: text }),
  ).toHaveCount(1);
});

test.describe(() => {
  test.use({ signedInAs: 'teacher' });

  test('one server error on a roll call, on a phone: saved without a click, stored once', async ({
    page,
  }) => {
    await page.clock.setFixedTime(NOW);
    await page.setViewportSize(PHONE);
    await openClass(page);
    const inserts = await failFirst(page, '/api/visitlog/studentvisitinsertall');

    const first = rollRows(page).first();
    const name = (await first.locator('span').first().innerText()).trim();
    await first.getByRole('button', { name: 'Отсутствует' }).click();
    await main(page).getByRole('button', { name: 'Сохранить перекличку' }).click();
    const waiting = main(page).getByRole('region', { name: 'Не сохранено на сервере' });
    await expect(waiting).toBeVisible();
    await expectAccessible(page, 'a roll call waiting after a server error, 390 px');
    await expect(waiting).toBeHidden({ timeout: 30_000 });
    expect(inserts()).toBe(2);

    await page.reload();
    await openClass(page);
    await expect(
      table(page).getByRole('columnheader', { name: new RegExp(TODAY.slice(0, 5)) }),
    ).toHaveCount(1);
    const row = table(page).locator('tbody tr', { has: page.getByRole('rowheader', { name }) });
    await expect(row.locator('td:not([data-figure])').last()).toHaveText('н/б');
  });
});

test('the insert succeeds but the refresh after it fails: the message is not posted again', async ({
  page,
  request,
}) => {
  const teacherName = await openTeachersConversation(page, request);
  const inserts = countRequests(page, '/api/chat/insert');
  await page.route('**/api/chat/new', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: ERROR }),
  );

  const text = `Обновление не удалось ${Date.now()}`;
  await send(page, text);
  // Delivered: it leaves the outbox although the conversation could not be read again.
  await expect(page.getByTestId('pending-message')).toHaveCount(0, { timeout: 30_000 });
  await expect.poll(inserts).toBe(1);

  // The refresh recovers: the message shows once, and was posted once.
  await page.unroute('**/api/chat/new');
  await page.reload();
  await openConversation(page, teacherName);
  await expect(
    messages(page).locator('article[data-message-id]').filter({ hasText: text }),
  ).toHaveCount(1);
  expect(inserts()).toBe(1);
});

test('the network drops as the server takes a message: it stays on screen as sent until it is read back', async ({
  page,
  request,
}) => {
  await openTeachersConversation(page, request);
  // The server takes the message and answers; the network drops before the chat reads again.
  await page.route('**/api/chat/insert', async (route) => {
    const response = await route.fetch();
    await page.route('**/api/**', (call) => call.abort('internetdisconnected'));
    await route.fulfill({ response });
  });

  const text = `Принято перед обрывом сети ${Date.now()}`;
  await send(page, text);
  const sent = messages(page).getByTestId('accepted-message').filter({ hasText: text });
  await expect(sent).toBeVisible();
  await expect(sent.locator('time')).toHaveText(/\d\d:\d\d/);
  await expect(page.getByTestId('pending-message')).toHaveCount(0);
  await expect(composer(page).getByRole('textbox', { name: 'Сообщение' })).toHaveValue('');
  await expectAccessible(page, 'a sent message not read back yet');

  // The network returns: the server's copy takes its place, once.
  await page.unrouteAll();
  await expect(
    messages(page).locator('article[data-message-id]').filter({ hasText: text }),
  ).toHaveCount(1, { timeout: 15_000 });
  await expect(messages(page).getByText(text)).toHaveCount(1);
});

test.describe('a slow server that fails one answer in five', () => {
  // Signing in again and loading lists again on this server come before the two minutes the
  // deliveries are given (their own 110 s below): the journey as a whole may take longer.
  test.describe.configure({ timeout: 240_000 });

  /**
   * Waits as a person does on this server: a part of the page that failed to load (its failed
   * state, after the portal's own quick retry) is asked for again with its 'Повторить' button,
   * until it shows. Writes waiting in the outbox are never clicked: they go by themselves.
   */
  const despiteFailures: WaitForLoad = (page, check) =>
    expect(async () => {
      const retry = page
        .getByRole('alert')
        .filter({ hasText: /Не удалось (загрузить|обновить)/ })
        .getByRole('button', { name: 'Повторить' });
      if ((await retry.count()) > 0) {
        await retry
          .first()
          .click({ timeout: 1_000 })
          .catch(() => undefined);
      }
      await check(2_000);
    }).toPass({ timeout: 60_000 });

  // A mock server of its own, so the other journeys keep a healthy one.
  let server: Server | undefined;
  let origin = '';

  test.beforeAll(async () => {
    server = await startMockServer({
      extraArgs: ['--latency', '200..800', '--error-rate', '0.2'],
    });
    origin = server.origin;
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  /**
   * Signs in as a person would on a bad server: presses again after each refusal it shows, until
   * the login goes through (a reload would drop a sign-in still on its way on a loaded machine).
   */
  async function signIn(page: Page, who: DemoLogin) {
    await page.goto(`${origin}/lms/login`);
    await page.getByLabel('Логин').fill(demo[who].login);
    await page.getByLabel('Пароль', { exact: true }).fill(demo[who].password);
    const refusal = page.getByRole('alert').first();
    for (let attempt = 1; ; attempt++) {
      await page.getByRole('button', { name: 'Войти' }).click();
      const outcome = await Promise.race([
        page.waitForURL(/\/lms\/?$/, { timeout: 30_000 }).then(() => 'entered' as const),
        refusal.waitFor({ timeout: 30_000 }).then(() => 'refused' as const),
      ]).catch(() => 'no answer' as const);
      if (outcome === 'entered') return;
      if (attempt === 8) throw new Error(`could not sign in as ${who}: ${outcome}`);
      // The refusal is dismissed by a click, as the login screen's errors are.
      if (outcome === 'refused') await refusal.click();
    }
  }

  async function newPage(browser: Browser, size?: { width: number; height: number }) {
    const context = await browser.newContext({
      locale: 'ru-RU',
      timezoneId: 'Asia/Bishkek',
      ...(size && { viewport: size }),
    });
    return context.newPage();
  }

  test('five chat messages and a full roll call all arrive within two minutes, each once', async ({
    browser,
    request,
  }) => {
    // The same seed, the same world: the teacher's name as the healthy server knows it.
    const teacherName = await fullNameOf(request, 'teacher');
    const student = await newPage(browser, PHONE);
    const teacher = await newPage(browser);
    await teacher.clock.setFixedTime(NOW);
    await Promise.all([signIn(student, 'student'), signIn(teacher, 'teacher')]);

    await student
      .getByRole('navigation', { name: 'Главный экран' })
      .getByRole('button', { name: 'Чат' })
      .click();
    await openConversation(student, teacherName, despiteFailures);
    const stamp = Date.now();
    const texts = [1, 2, 3, 4, 5].map((n) => `Сообщение ${n} из пяти ${stamp}`);
    for (const text of texts) await send(student, text);

    await openClass(teacher, origin, despiteFailures);
    for (const index of [0, 3, 7]) {
      await rollRows(teacher).nth(index).getByRole('button', { name: 'Отсутствует' }).click();
    }
    await main(teacher).getByRole('button', { name: 'Сохранить перекличку' }).click();

    await expect(student.getByTestId('pending-message')).toHaveCount(0, { timeout: 110_000 });
    await expect(main(teacher).getByRole('region', { name: 'Не сохранено на сервере' })).toBeHidden(
      { timeout: 110_000 },
    );

    // Each stored exactly once: the conversation read again from the server.
    await student.reload();
    await student
      .getByRole('navigation', { name: 'Главный экран' })
      .getByRole('button', { name: 'Чат' })
      .click();
    await openConversation(student, teacherName, despiteFailures);
    const thread = messages(student).locator('article[data-message-id]');
    for (const text of texts) {
      await expect(thread.filter({ hasText: text })).toHaveCount(1, { timeout: 30_000 });
    }
    await openClass(teacher, origin, despiteFailures);
    await expect(
      table(teacher).getByRole('columnheader', { name: new RegExp(TODAY.slice(0, 5)) }),
    ).toHaveCount(1, { timeout: 30_000 });
    await student.context().close();
    await teacher.context().close();
  });
});
