import type { Browser, Locator, Page } from '@playwright/test';
import {
  apiSignIn,
  checkLooks,
  DESKTOP,
  expect,
  expectAccessible,
  fullNameOf,
  PHONE,
  requestsTo,
  signInByApi,
  test,
  TINY_PDF,
  type DemoLogin,
} from './fixtures';

// Chat: the discipline and contact columns, private and group conversations with files and
// photos, unread state, paging back through a long conversation, the offline outbox and the phone
// layout.
test.describe.configure({ timeout: 90_000 });
test.use({ signedInAs: 'teacher' });

/** A tiny valid PNG (1×1), so the thumbnail is a real image the browser decodes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A panel of the shell's columns ('Учебный период', 'Дисциплины', 'Контакты'), desktop or phone. */
function column(page: Page, name: string): Locator {
  return page.getByRole('region', { name });
}

/**
 * Opens the discipline (and group) whose contact list has `name`, as a person would: each
 * discipline in turn, each group or stream of it, until the contact shows. Each list is looked at
 * once it has come (no contact list on its way, the group chat above it shown). Returns its button.
 */
async function findContact(page: Page, name: string | RegExp): Promise<Locator> {
  const disciplines = column(page, 'Дисциплины').getByRole('button');
  await expect(disciplines.first()).toBeVisible();
  const contacts = column(page, 'Контакты');
  const lists = requestsTo(page, /^\/api\/discipline\/(students|teachers)\/list$/);
  const count = await disciplines.count();
  for (let index = 0; index < count; index++) {
    const discipline = disciplines.nth(index);
    if ((await discipline.getAttribute('aria-pressed')) !== 'true') await discipline.click();
    await expect(contacts.getByRole('button', { name: 'Групповой чат' })).toBeVisible();
    const group = column(page, 'Учебный период').getByRole('combobox', {
      name: 'Группа или поток',
    });
    const options = (await group.count())
      ? await group
          .locator('option:not([value="-1"])')
          .evaluateAll((all) => all.map((option) => (option as HTMLOptionElement).value))
      : [''];
    for (const value of options) {
      if (value) await group.selectOption(value);
      await lists.settled();
      await expect(contacts.getByRole('button', { name: 'Групповой чат' })).toBeVisible();
      const contact = contacts.getByRole('button', { name });
      if ((await contact.count()) > 0) return contact;
    }
  }
  throw new Error(`no discipline lists ${String(name)}`);
}

function composer(page: Page): Locator {
  return page.getByRole('form', { name: 'Сообщение' });
}

async function send(
  page: Page,
  text: string,
  files: { name: string; mimeType: string; buffer: Buffer }[] = [],
) {
  if (files.length) await composer(page).getByLabel('Файлы и фото').setInputFiles(files);
  await composer(page).getByRole('textbox', { name: 'Сообщение' }).fill(text);
  await composer(page).getByRole('button', { name: 'Отправить' }).click();
}

function messages(page: Page): Locator {
  return page.getByRole('log', { name: 'Сообщения' });
}

async function secondUser(browser: Browser, baseURL: string | undefined, who: DemoLogin) {
  const context = await browser.newContext({
    baseURL,
    locale: 'ru-RU',
    timezoneId: 'Asia/Bishkek',
  });
  await signInByApi(context, who);
  const page = await context.newPage();
  await page.goto('/lms');
  return { context, page };
}

test.describe(() => {
  test.use({ signedInAs: 'student' });

  test('a student writes to the teacher with a photo and a file; the teacher sees it unread and replies', async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    const teacherName = await fullNameOf(request, 'teacher');
    const studentName = await fullNameOf(request, 'student');
    await page.goto('/lms');
    const teacherContact = await findContact(page, new RegExp(`^${teacherName}`));
    await expectAccessible(page, 'discipline and contact columns, student, dark');
    await teacherContact.click();
    await expect(page).toHaveURL(/\/lms\/chat(\?[^#]*)?$/);
    await expect(page.getByRole('heading', { level: 1, name: teacherName })).toBeVisible();
    await expect(messages(page)).toBeVisible();

    const text = `Отчёт по лабораторной, ${Date.now()}`;
    await send(page, text, [
      { name: 'схема.png', mimeType: 'image/png', buffer: PNG },
      { name: 'Отчёт.pdf', mimeType: 'application/pdf', buffer: TINY_PDF },
    ]);
    await expect(messages(page).getByText(text)).toBeVisible();
    await expect(page.getByTestId('pending-message')).toHaveCount(0);
    await checkLooks(page, 'chat-conversation-student', { widths: [DESKTOP.width] });

    // The teacher, in a second browser, sees the student's unread badge and opens the conversation.
    const teacher = await secondUser(browser, baseURL, 'teacher');
    const studentContact = await findContact(teacher.page, new RegExp(`^${studentName}`));
    await expect(studentContact.getByLabel(/Непрочитанных: \d+/)).toBeVisible();
    await studentContact.click();
    const log = messages(teacher.page);
    await expect(log.getByText('Непрочитанные сообщения')).toBeVisible();
    // The view opens at the divider; the newest message (the student's) is below it.
    await log.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await expect(log.getByText(text)).toBeVisible();
    const photo = log.getByRole('button', { name: 'Открыть фото схема.png' });
    await expect(photo).toBeVisible();
    // The thumbnail is a real picture the browser decoded (it loads lazily, so wait for it).
    await expect
      .poll(() => photo.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBe(1);
    await expect(log.getByRole('link', { name: /Отчёт\.pdf/ })).toBeVisible();
    await photo.click();
    await expect(teacher.page.getByRole('dialog', { name: 'схема.png' })).toBeVisible();
    await expectAccessible(teacher.page, 'photo viewer, teacher, dark');
    await teacher.page.keyboard.press('Escape');
    await expectAccessible(teacher.page, 'conversation, teacher, dark');

    const reply = `Принято, спасибо ${Date.now()}`;
    await send(teacher.page, reply);
    await expect(log.getByText(reply)).toBeVisible();

    // The student sees the reply without reloading (the unread listener).
    await expect(messages(page).getByText(reply)).toBeVisible({ timeout: 15_000 });
    await teacher.context.close();
  });
});

/** The ids of the messages in the page once the virtual list has settled (two equal looks). */
async function settledIds(log: Locator): Promise<string[]> {
  return log.evaluate(async (element) => {
    const look = () =>
      [...element.querySelectorAll('article[data-message-id]')]
        .map((article) => article.getAttribute('data-message-id') ?? '')
        .join(',');
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    let previous = look();
    for (let tries = 0; tries < 30; tries++) {
      await frame();
      await frame();
      const now = look();
      if (now === previous) break;
      previous = now;
    }
    return previous ? previous.split(',') : [];
  });
}

/**
 * Scrolls the conversation from the top to the bottom, half a screen at a time, collecting the ids
 * of every message shown once the list has settled, so none can pass unseen.
 */
async function walkDown(page: Page, log: Locator) {
  const ids = new Set<string>();
  let mostNodes = 0;
  await log.evaluate((element) => element.scrollTo(0, 0));
  for (let step = 0; step < 1000; step++) {
    const shown = await settledIds(log);
    for (const id of shown) ids.add(id);
    mostNodes = Math.max(mostNodes, shown.length);
    const atEnd = await log.evaluate(
      (element) => element.scrollTop + element.clientHeight >= element.scrollHeight - 2,
    );
    if (atEnd) break;
    await log.evaluate((element) => element.scrollBy(0, element.clientHeight * 0.5));
  }
  void page;
  return { ids, mostNodes };
}

/**
 * Scrolls up until the beginning of the conversation is loaded and shown: at the top, once the
 * older page the scroll asked for has come and been drawn, again.
 */
async function loadAllOlder(page: Page, log: Locator) {
  const beginning = log.getByText('Это начало переписки');
  const olderPages = requestsTo(page, /^\/api\/chat\/(old|group\/messages)$/);
  for (let step = 0; step < 200 && !(await beginning.isVisible()); step++) {
    await log.evaluate((element) => element.scrollTo(0, 0));
    await olderPages.settled();
  }
  await expect(beginning).toBeVisible();
}

test('scrolling up loads all 47 messages of the demo conversation', async ({ page, request }) => {
  const studentName = await fullNameOf(request, 'student');
  await page.goto('/lms');
  await (await findContact(page, new RegExp(`^${studentName}`))).click();
  const log = messages(page);
  await expect(log.getByText('Непрочитанные сообщения')).toBeVisible();
  await loadAllOlder(page, log);
  const { ids, mostNodes } = await walkDown(page, log);
  expect(ids.size).toBe(47);
  expect(mostNodes).toBeLessThan(47);
});

/** What the contact column asks the students list with: the year, ws and discipline. */
interface ContactsBody {
  year: number;
  ws: number;
  id_discipline: number;
}

test('a conversation of 1,000 unread messages opens at the first of them and keeps the message nodes in the page bounded', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const teacher = await apiSignIn(request, 'teacher');
  const studentName = await fullNameOf(request, 'student');
  // Where the contact column lists the student: its request names the year, ws and discipline.
  const lists: ContactsBody[] = [];
  page.on('request', (req) => {
    if (req.url().endsWith('/api/discipline/students/list')) {
      lists.push(req.postDataJSON() as ContactsBody);
    }
  });
  await page.goto('/lms');
  const contact = await findContact(page, new RegExp(`^${studentName}`));
  const query = lists.at(-1)!;

  // The student writes 1,000 more messages to the teacher, through the send form.
  const student = await apiSignIn(request, 'student');
  for (let index = 0; index < 1000; index++) {
    const response = await request.post('/api/chat/insert', {
      headers: { 'X-XSRF-TOKEN': student.xsrf },
      multipart: {
        uid: String(student.user.uid),
        message: `Сообщение №${index + 1}`,
        from: String(student.user.id),
        fromType: '2',
        semester: String(query.ws),
        discipline: String(query.id_discipline),
        currentContactId: String(teacher.user.id),
        currentContactType: '1',
        group_subgroup: '-1',
        isSelect: 'false',
        IsGroupChat: 'false',
      },
    });
    expect(response.ok()).toBe(true);
  }

  // The conversation pages back to the first unread message and opens at the divider; the
  // newest is at the end.
  await contact.click();
  const log = messages(page);
  await expect(log.getByText('Непрочитанные сообщения')).toBeVisible({ timeout: 20_000 });
  await expect(async () => {
    await log.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await expect(log.getByText('Сообщение №1000')).toBeVisible({ timeout: 500 });
  }).toPass();
  await loadAllOlder(page, log);
  const { ids, mostNodes } = await walkDown(page, log);
  expect(ids.size).toBe(1047);
  console.log(
    `chat: at most ${mostNodes} message nodes in the page while scrolling through ${ids.size} messages`,
  );
  expect(mostNodes).toBeLessThan(40);
});

test.describe(() => {
  test.use({ signedInAs: 'student' });

  test('a message written offline waits in the outbox, survives a reload and arrives back online', async ({
    page,
    context,
    request,
  }) => {
    const teacherName = await fullNameOf(request, 'teacher');
    await page.goto('/lms');
    await (await findContact(page, new RegExp(`^${teacherName}`))).click();
    await expect(messages(page)).toBeVisible();

    await context.setOffline(true);
    const text = `Написано без сети ${Date.now()}`;
    await send(page, text, [{ name: 'Отчёт.pdf', mimeType: 'application/pdf', buffer: TINY_PDF }]);
    const pending = page.getByTestId('pending-message');
    await expect(pending).toContainText(text);
    await expect(pending).toContainText('Нет сети');
    await expectAccessible(page, 'pending message, offline');

    // Back online, but the server cannot take messages yet: the message keeps waiting, across a reload.
    await page.route('**/api/chat/insert', (route) => route.abort('connectionrefused'));
    await context.setOffline(false);
    await page.reload();
    await (await findContact(page, new RegExp(`^${teacherName}`))).click();
    await expect(page.getByTestId('pending-message')).toContainText(text);

    // The server is back: the outbox sends it by itself (its retry backoff), and it becomes an
    // ordinary message.
    await page.unroute('**/api/chat/insert');
    await expect(page.getByTestId('pending-message')).toHaveCount(0, { timeout: 20_000 });
    await expect(
      messages(page).locator('article[data-message-id]').filter({ hasText: text }),
    ).toBeVisible();
  });
});

test('the group chat of a stream: the teacher writes, a student of the stream reads it', async ({
  page,
  browser,
  baseURL,
}) => {
  await page.goto('/lms');
  // A discipline taught to a stream: its group picker offers a '(поток)' entry.
  const disciplines = column(page, 'Дисциплины').getByRole('button');
  await expect(disciplines.first()).toBeVisible();
  const group = column(page, 'Учебный период').getByRole('combobox', {
    name: 'Группа или поток',
  });
  let streamName = '';
  for (let index = 0; index < (await disciplines.count()) && !streamName; index++) {
    await disciplines.nth(index).click();
    await expect(
      column(page, 'Контакты').getByRole('button', { name: 'Групповой чат' }),
    ).toBeVisible();
    if (!(await group.count())) continue;
    const stream = group.locator('option', { hasText: '(поток)' });
    if (await stream.count()) {
      streamName = (await stream.first().textContent()) ?? '';
      await group.selectOption({ label: streamName });
    }
  }
  expect(streamName).not.toBe('');
  await column(page, 'Контакты').getByRole('button', { name: 'Групповой чат' }).click();
  const text = `Всем потоком: консультация в 14:00 (${Date.now()})`;
  await send(page, text);
  await expect(messages(page).getByText(text)).toBeVisible();
  await expectAccessible(page, 'stream group chat, teacher');

  const student = await secondUser(browser, baseURL, 'student');
  const threads = requestsTo(student.page, /^\/api\/chat\/group\/messages$/);
  const studentGroup = column(student.page, 'Дисциплины');
  const studentDisciplines = studentGroup.getByRole('button');
  await expect(studentDisciplines.first()).toBeVisible();
  let found = false;
  for (let index = 0; index < (await studentDisciplines.count()) && !found; index++) {
    await studentDisciplines.nth(index).click();
    const picker = column(student.page, 'Учебный период').getByRole('combobox', {
      name: 'Группа или поток',
    });
    await expect(
      column(student.page, 'Контакты').getByRole('button', { name: 'Групповой чат' }),
    ).toBeVisible();
    if (await picker.count()) {
      const option = picker.locator('option', { hasText: streamName });
      if (!(await option.count())) continue;
      await picker.selectOption({ label: streamName });
    } else continue;
    await column(student.page, 'Контакты').getByRole('button', { name: 'Групповой чат' }).click();
    // the group chat's messages have come: the teacher's is among them, or this is another group
    await threads.settled();
    await expect(messages(student.page).or(student.page.getByText('Нет сообщенний'))).toBeVisible();
    found = (await messages(student.page).getByText(text).count()) > 0;
    if (!found) await student.page.goBack();
  }
  expect(found).toBe(true);
  await student.context.close();
});

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 }, signedInAs: 'student' });

  test('the chat tab lists contacts, a conversation opens full screen, back returns to the list', async ({
    page,
    request,
  }) => {
    const teacherName = await fullNameOf(request, 'teacher');
    await page.goto('/lms');
    await page
      .getByRole('navigation', { name: 'Главный экран' })
      .getByRole('button', { name: 'Чат' })
      .click();
    const contact = await findContact(page, new RegExp(`^${teacherName}`));
    await expectAccessible(page, 'phone, chat tab, dark');
    await contact.click();
    await expect(page).toHaveURL(/\/lms\/chat(\?[^#]*)?$/);
    await expect(page.getByRole('heading', { level: 1, name: teacherName })).toBeVisible();
    await expect(messages(page)).toBeVisible();
    await checkLooks(page, 'chat-conversation-phone', { widths: [PHONE.width] });
    await page.getByRole('button', { name: 'Назад к контактам' }).click();
    await expect(page).toHaveURL(/\/lms(\?[^#]*)?#messages$/);
    await expect(
      page
        .getByRole('region', { name: 'Контакты' })
        .getByRole('button', { name: new RegExp(`^${teacherName}`) }),
    ).toBeVisible();
  });
});
