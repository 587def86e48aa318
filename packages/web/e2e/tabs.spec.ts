import type {
  APIRequestContext,
  BrowserContext,
  CDPSession,
  Page,
  Request,
} from '@playwright/test';
import {
  chooseWebDevelopment,
  demo,
  expect,
  expectAccessible,
  fullNameOf,
  profileMenu,
  requestsTo,
  test,
} from './fixtures';

// One person, many tabs: two pages of one browser context share its storage, its outboxes and
// its session. A write waiting in one tab is delivered once, whichever tab sends it; a tab closed
// mid-send leaves nothing unsent; a sign-out in one tab and a sign-in in the other bring that
// tab back to the screen it showed, with its address.

test.describe.configure({ timeout: 90_000 });
test.use({ actionTimeout: 15_000 });

// The mock world's clock is frozen at Friday 20 November 2026; the browsers' today must agree.
const NOW = new Date('2026-11-20T10:00:00+06:00');

const messages = (page: Page) => page.getByRole('log', { name: 'Сообщения' });
const composer = (page: Page) => page.getByRole('form', { name: 'Сообщение' });
const pendingMessages = (page: Page) => page.getByTestId('pending-message');
const main = (page: Page) => page.locator('main');
const rollRows = (page: Page) =>
  main(page).getByRole('list', { name: 'Перекличка' }).locator(':scope > li');
const unsaved = (page: Page) => main(page).getByRole('region', { name: 'Не сохранено на сервере' });

/** The DevTools session that keeps a tab offline, per tab. */
const offlineTabs = new WeakMap<Page, CDPSession>();

/**
 * Takes one tab off the network, or puts it back, leaving the other tabs of the browser online
 * (`context.setOffline` would take them all): the browser tells the page it is offline, as when
 * the connection drops. The emulation lasts while its DevTools session is attached.
 */
async function setTabOffline(context: BrowserContext, page: Page, offline: boolean) {
  const devtools = offlineTabs.get(page) ?? (await context.newCDPSession(page));
  await devtools.send('Network.emulateNetworkConditions', {
    offline,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  if (offline) offlineTabs.set(page, devtools);
  else {
    offlineTabs.delete(page);
    await devtools.detach();
  }
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(!offline);
}

/**
 * Counts the requests to one API path the server answered: `seen` listens to a page's or the
 * whole browser's `requestfinished`.
 */
function answeredRequests(path: string) {
  let count = 0;
  return {
    count: () => count,
    seen: (request: Request) => {
      if (new URL(request.url()).pathname === path) count += 1;
    },
  };
}

/**
 * The chat's sends in `page` from now on never hear back, as in a tab that closes mid-send:
 * 'unsent' keeps them from leaving the page, 'stored' lets the server take them first. (Held in
 * the page rather than by `page.route`: a request the route holds goes on to the server when its
 * page closes.) The page's root says which happened (`data-held-send`).
 */
async function holdChatSends(page: Page, outcome: 'unsent' | 'stored') {
  await page.evaluate((reach) => {
    const proto = XMLHttpRequest.prototype;
    const { open, setRequestHeader, send } = proto;
    const calls = new WeakMap<XMLHttpRequest, { url: string; headers: Record<string, string> }>();
    proto.open = function (this: XMLHttpRequest, ...args: [string, string | URL]) {
      calls.set(this, { url: String(args[1]), headers: {} });
      Reflect.apply(open, this, args);
    } as typeof proto.open;
    proto.setRequestHeader = function (this: XMLHttpRequest, name: string, value: string) {
      const call = calls.get(this);
      if (call) call.headers[name] = value;
      setRequestHeader.call(this, name, value);
    };
    proto.send = function (this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
      const call = calls.get(this);
      if (!call?.url.endsWith('/api/chat/insert')) return send.call(this, body);
      const held = document.documentElement.dataset;
      if (reach !== 'stored') {
        held.heldSend = 'unsent';
        return;
      }
      void fetch(call.url, {
        method: 'POST',
        body: body as BodyInit,
        headers: call.headers,
        credentials: 'same-origin',
      }).then(() => (held.heldSend = 'stored'));
    };
  }, outcome);
}

/** The conversation the chat reads for a contact (the body of its `chat/messages` request). */
type ConversationQuery = Record<string, unknown>;

/**
 * Opens the conversation with `contact` in 'Веб-разработка' from the portal's first screen, and
 * returns the query the chat reads it with.
 */
async function openConversation(page: Page, contact: string): Promise<ConversationQuery> {
  await page.goto('/lms');
  await chooseWebDevelopment(page);
  const read = page.waitForRequest('**/api/chat/messages');
  await page
    .getByRole('region', { name: 'Контакты' })
    .getByRole('button', { name: new RegExp(`^${contact}`) })
    .click();
  const query = (await read).postDataJSON() as ConversationQuery;
  await expect(messages(page).or(page.getByText('Нет сообщенний'))).toBeVisible();
  return query;
}

async function send(page: Page, text: string) {
  await composer(page).getByRole('textbox', { name: 'Сообщение' }).fill(text);
  await composer(page).getByRole('button', { name: 'Отправить' }).click();
}

/** How many messages of `text` the server holds in the conversation, read through its API. */
async function storedCopies(
  request: APIRequestContext,
  xsrf: string,
  query: ConversationQuery,
  text: string,
): Promise<number> {
  const answer = await request.post('/api/chat/messages', {
    headers: { 'X-XSRF-TOKEN': xsrf },
    data: query,
  });
  expect(answer.ok()).toBe(true);
  const page = (await answer.json()) as { data: { messages: { message: string }[] } };
  return page.data.messages.filter((message) => message.message === text).length;
}

/** The XSRF token of the browser's session, for reading the server as the signed-in person. */
async function xsrfOf(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN');
  return decodeURIComponent(cookie?.value ?? '');
}

/** Signs out from the profile menu, as a person does. */
async function signOut(page: Page) {
  await profileMenu(page).click();
  await page
    .getByRole('menuitem', { name: 'Выйти' })
    .or(page.getByRole('button', { name: 'Выйти' }))
    .click();
  await expect(page).toHaveURL(/\/lms\/login$/);
}

/** Signs in through the login page the tab is on. */
async function signInWithForm(page: Page, who: 'student' | 'student2') {
  await page.getByLabel('Логин').fill(demo[who].login);
  await page.getByLabel('Пароль', { exact: true }).fill(demo[who].password);
  await page.getByRole('button', { name: 'Войти' }).click();
}

test.describe('a student with two tabs', () => {
  test.use({ signedInAs: 'student' });

  test('a chat message written offline while a second tab opens is stored once and shown once in both', async ({
    page,
    context,
    request,
  }) => {
    const teacherName = await fullNameOf(request, 'teacher');
    const inserts = answeredRequests('/api/chat/insert');
    context.on('requestfinished', inserts.seen);
    const query = await openConversation(page, teacherName);

    // The first tab loses the network and the message waits in its outbox.
    await setTabOffline(context, page, true);
    const text = `Из двух вкладок ${Date.now()}`;
    await send(page, text);
    await expect(pendingMessages(page)).toContainText('Нет сети');

    // The second tab opens the same conversation while the message waits: the message is
    // delivered from there, and the first tab stops showing it as waiting.
    const second = await context.newPage();
    await openConversation(second, teacherName);
    await expect(messages(second).getByText(text)).toHaveCount(1);
    await expect(pendingMessages(second)).toHaveCount(0);
    await expect(pendingMessages(page)).toHaveCount(0);

    // The first tab's network returns: nothing is sent again.
    const firstTabsCalls = requestsTo(page, /^\/api\//);
    await setTabOffline(context, page, false);
    await firstTabsCalls.settled();
    await expect(
      messages(page).locator('article[data-message-id]').filter({ hasText: text }),
    ).toHaveCount(1);
    for (const tab of [page, second]) await expect(messages(tab).getByText(text)).toHaveCount(1);
    expect(inserts.count()).toBe(1);
    expect(await storedCopies(page.request, await xsrfOf(context), query, text)).toBe(1);
    await expectAccessible(second, 'the conversation in the second tab');
  });

  test('a tab closed while its message is on the way loses nothing: the other tab sends it, once', async ({
    page,
    context,
    request,
  }) => {
    const teacherName = await fullNameOf(request, 'teacher');
    const query = await openConversation(page, teacherName);
    const second = await context.newPage();
    await openConversation(second, teacherName);

    // The first tab's send never reaches the server: the tab closes while it is on its way.
    await holdChatSends(page, 'unsent');
    const text = `Вкладка закрылась при отправке ${Date.now()}`;
    await send(page, text);
    await page.waitForFunction(() => document.documentElement.dataset.heldSend === 'unsent');
    await expect(pendingMessages(second)).toContainText(text);
    await page.close();

    // The second tab takes it over: it is sent once, and shown once, as sent.
    await expect(
      messages(second).locator('article[data-message-id]').filter({ hasText: text }),
    ).toHaveCount(1, { timeout: 20_000 });
    await expect(pendingMessages(second)).toHaveCount(0);
    await expect(messages(second).getByText(text)).toHaveCount(1);
    expect(await storedCopies(second.request, await xsrfOf(context), query, text)).toBe(1);
  });

  test('a tab closed after the server took its message: the other tab finds it stored and does not send it again', async ({
    page,
    context,
    request,
  }) => {
    const teacherName = await fullNameOf(request, 'teacher');
    const query = await openConversation(page, teacherName);
    const second = await context.newPage();
    const secondsInserts = answeredRequests('/api/chat/insert');
    second.on('requestfinished', secondsInserts.seen);
    await openConversation(second, teacherName);

    // The server stores the first tab's message; the tab closes before the answer comes back.
    await holdChatSends(page, 'stored');
    const text = `Принято, вкладка закрылась ${Date.now()}`;
    await send(page, text);
    await page.waitForFunction(() => document.documentElement.dataset.heldSend === 'stored');
    expect(await storedCopies(page.request, await xsrfOf(context), query, text)).toBe(1);
    await expect(pendingMessages(second)).toContainText(text);
    await page.close();

    // The second tab asks the server first, finds it, and shows it once, as sent.
    await expect(pendingMessages(second)).toHaveCount(0, { timeout: 20_000 });
    await expect(
      messages(second).locator('article[data-message-id]').filter({ hasText: text }),
    ).toHaveCount(1);
    await expect(messages(second).getByText(text)).toHaveCount(1);
    await requestsTo(second, /^\/api\//).settled();
    expect(secondsInserts.count()).toBe(0);
    expect(await storedCopies(second.request, await xsrfOf(context), query, text)).toBe(1);
  });

  test('signed out in one tab and in again in the other, that tab is back on its conversation with its address', async ({
    page,
    context,
    request,
  }) => {
    const teacherName = await fullNameOf(request, 'teacher');
    await openConversation(page, teacherName);
    await expect(page).toHaveURL(/\/lms\/chat\?.*contact=/);
    const conversation = page.url();
    const first = await context.newPage();
    await first.goto('/lms');
    await expect(first.getByRole('heading', { level: 1, name: 'Новости' })).toBeVisible();

    // The first tab signs out; the conversation's tab opens the login page too, and says why.
    await signOut(first);
    await expect(page).toHaveURL(/\/lms\/login$/);
    await expect(page.getByRole('alert')).toContainText('Сеанс завершён');
    await expectAccessible(page, 'login after a sign-out in another tab');

    // Signing in again there returns to the conversation, with its address.
    await signInWithForm(page, 'student');
    await expect(page).toHaveURL(conversation);
    await expect(messages(page).or(page.getByText('Нет сообщенний'))).toBeVisible();
  });

  test('signed out in one tab, someone else signing in on the other starts on the main screen with nothing of the conversation', async ({
    page,
    context,
    request,
  }) => {
    const teacherName = await fullNameOf(request, 'teacher');
    await openConversation(page, teacherName);
    const first = await context.newPage();
    await first.goto('/lms');
    await signOut(first);
    await expect(page).toHaveURL(/\/lms\/login$/);

    const addresses: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) addresses.push(frame.url());
    });
    await signInWithForm(page, 'student2');
    await expect(page.getByRole('heading', { level: 1, name: 'Новости' })).toBeVisible();
    await expect(page).toHaveURL(/\/lms$/);
    expect(addresses.filter((address) => /discipline=|contact=/.test(address))).toEqual([]);
  });
});

test.describe('a teacher with two tabs', () => {
  test.use({ signedInAs: 'teacher' });

  async function openClass(page: Page) {
    await page.clock.setFixedTime(NOW);
    await page.goto('/lms/journal');
    const discipline = main(page).getByLabel('Дисциплина');
    await expect(discipline.locator('option', { hasText: 'Веб-разработка' })).toBeAttached();
    await discipline.selectOption({ label: 'Веб-разработка' });
    await expect(rollRows(page)).toHaveCount(12);
  }

  const absent = (row: ReturnType<typeof rollRows>) =>
    row.getByRole('button', { name: 'Отсутствует' });

  test('a roll call saved offline while a second tab opens is saved once, and a correction made there stays', async ({
    page,
    context,
  }) => {
    const rollCalls = answeredRequests('/api/visitlog/studentvisitinsertall');
    context.on('requestfinished', rollCalls.seen);
    await openClass(page);

    // The first tab loses the network; the roll call (the first student absent) waits there.
    await setTabOffline(context, page, true);
    await absent(rollRows(page).nth(0)).click();
    await main(page).getByRole('button', { name: 'Сохранить перекличку' }).click();
    await expect(unsaved(page)).toBeVisible();

    // The second tab opens the class: the waiting roll call is saved from there, once, and
    // neither tab shows it as waiting any more.
    const second = await context.newPage();
    await openClass(second);
    await expect(unsaved(second)).toBeHidden();
    await expect(unsaved(page)).toBeHidden();
    await expect(absent(rollRows(second).nth(0))).toHaveAttribute('aria-pressed', 'true');
    expect(rollCalls.count()).toBe(1);

    // A correction in the second tab: the first student was there, the second was not.
    await absent(rollRows(second).nth(0)).click();
    await absent(rollRows(second).nth(1)).click();
    await main(second).getByRole('button', { name: 'Сохранить перекличку' }).click();
    await expect(
      main(second).getByRole('status').filter({ hasText: 'Перекличка сохранена' }),
    ).toBeVisible();
    expect(rollCalls.count()).toBe(2);

    // The first tab's network returns: its old roll call is not sent over the correction.
    const firstTabsCalls = requestsTo(page, /^\/api\//);
    await setTabOffline(context, page, false);
    await firstTabsCalls.settled();
    expect(rollCalls.count()).toBe(2);
    await second.reload();
    await openClass(second);
    await expect(absent(rollRows(second).nth(0))).toHaveAttribute('aria-pressed', 'false');
    await expect(absent(rollRows(second).nth(1))).toHaveAttribute('aria-pressed', 'true');
    await expectAccessible(second, 'the corrected roll call in the second tab');
  });
});
