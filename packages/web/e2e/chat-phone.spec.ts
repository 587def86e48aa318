import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  apiSignIn,
  expect,
  expectAccessible,
  requestsTo,
  setTheme,
  settled,
  prefer,
  readLocale,
  test,
  type ApiSession,
  type Language,
} from './fixtures';
import { appBadgeCalls, recordAppBadge, unreadTotal } from './unread';

// The chat as a teacher meets it with many unread messages, on a phone (390 px) and a laptop
// (1440 px), in each language and both themes: the conversation opens at the unread divider even
// when the first unread message is pages back, the thread fills the room between the header and
// the composer with the title on one line, messages are read as they scroll into view, and the
// unread count follows everywhere: the contact column (the group chat too), the page title and the
// app icon's badge.

test.describe.configure({ timeout: 180_000 });
test.use({ actionTimeout: 10_000, signedInAs: 'teacher' });

/** The texts the journeys look for, as each language's locale files word them. */
function textsOf(language: Language) {
  const read = (namespace: string) => readLocale(language, namespace);
  const chat = read('chat');
  const shell = read('shell');
  const count = (text: string, value: number) => text.replace('{{count}}', String(value));
  return {
    mainTabs: shell.mainTabs as string,
    chatTab: shell.nav.chat as string,
    disciplines: shell.panels.disciplines.title as string,
    contacts: shell.panels.contacts.title as string,
    period: shell.panels.period.title as string,
    semesterPicker: shell.panels.period.semester as string,
    groupPicker: shell.panels.period.group as string,
    groupChat: chat.groupChat as string,
    badge: (value: number) => count(shell.panels.contacts.unread, value),
    log: chat.listLabel as string,
    divider: chat.unreadDivider as string,
    unreadCount: chat.unreadCount as string,
    composer: chat.compose.label as string,
    openPhoto: (name: string) => (chat.photo.open as string).replace('{{name}}', name),
    closePhoto: chat.photo.close as string,
  };
}
type Texts = ReturnType<typeof textsOf>;

/** The badge the portal last asked for: a count, or null when it cleared it. */
async function lastAppBadge(page: Page): Promise<number | null | undefined> {
  return (await appBadgeCalls(page)).at(-1);
}

/** The count the page title starts with ('(3) …'), 0 without one. */
async function titleCount(page: Page): Promise<number> {
  const match = /^\((\d+)\) /.exec(await page.title());
  return match ? Number(match[1]) : 0;
}

// ---- The world, through the API, as each person would write in it ----

async function api<T>(
  request: APIRequestContext,
  session: ApiSession,
  path: string,
  data?: object,
) {
  const response = data
    ? await request.post(path, { data, headers: { 'X-XSRF-TOKEN': session.xsrf } })
    : await request.get(path);
  expect(response.ok(), `${path}: ${response.status()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/** Where the demo teacher and the demo student talk: the discipline, its class and its credits. */
interface Place {
  year: number;
  ws: number;
  id_discipline: number;
  disciplineName: string;
  /** Disciplines of the same name listed before it (the column lists them as the server does). */
  sameNameBefore: number;
  kredit: number;
  id_semester: number;
  semesterCount: number;
  id_group: number;
  isPotok: boolean;
  groupCount: number;
  studentId: number;
}

/**
 * Finds the demo student among the teacher's classes of the current semester half, as the contact
 * column would list them.
 */
async function demoPlace(
  request: APIRequestContext,
  teacher: ApiSession,
  studentName: string,
): Promise<Place> {
  const [year] = await api<{ id_a_year: number }[]>(
    request,
    teacher,
    '/api/discipline/current/year.json',
  );
  const [half] = await api<{ ws: number }[]>(request, teacher, '/api/discipline/current/ws.json');
  const base = { uid: teacher.user.uid, year: year!.id_a_year, ws: half!.ws };
  const disciplines = await api<{ id_discipline: number; name: string; kredits: number }[]>(
    request,
    teacher,
    '/api/discipline/list',
    base,
  );
  for (const [index, discipline] of disciplines.entries()) {
    const { id_discipline } = discipline;
    const semesters = await api<{ id_semester: number }[]>(
      request,
      teacher,
      '/api/discipline/semester/list',
      { ...base, id_discipline },
    );
    for (const { id_semester } of semesters) {
      const groups = await api<{ id_group: number; isPotok?: boolean }[]>(
        request,
        teacher,
        '/api/discipline/group/list',
        { ...base, id_discipline, id_semester },
      );
      for (const group of groups) {
        const isPotok = group.isPotok ?? false;
        const students = await api<{ idid: number; fio: string }[]>(
          request,
          teacher,
          '/api/discipline/students/list',
          { ...base, id_discipline, id_semester, id_group: group.id_group, isPotok },
        );
        const student = students.find((contact) => contact.fio === studentName);
        if (!student) continue;
        return {
          year: base.year,
          ws: base.ws,
          id_discipline,
          disciplineName: discipline.name,
          sameNameBefore: disciplines
            .slice(0, index)
            .filter((other) => other.name === discipline.name).length,
          kredit: discipline.kredits,
          id_semester,
          semesterCount: semesters.length,
          id_group: group.id_group,
          isPotok,
          groupCount: groups.length,
          studentId: student.idid,
        };
      }
    }
  }
  throw new Error('the demo student is in none of the demo teacher’s classes');
}

/** The teacher's conversation with the student, as the chat addresses it. */
function privateQuery(place: Place, teacher: ApiSession) {
  return {
    year: place.year,
    id_from_type: 1,
    id_from: teacher.user.id,
    id_to_type: 2,
    id_to: place.studentId,
    id_discipline: place.id_discipline,
    ws: place.ws,
    kredit: place.kredit,
  };
}

/** The teacher's unread counts in the discipline, as POST /api/chat/count answers them. */
async function serverCounts(request: APIRequestContext, place: Place) {
  const teacher = await apiSignIn(request, 'teacher');
  const rows = await api<{ idid: number; countMessages: number }[] | null>(
    request,
    teacher,
    '/api/chat/count',
    {
      ...privateQuery(place, teacher),
      id_to: -1,
      gr_potok: place.id_group,
      IsSelect: place.isPotok,
    },
  );
  return rows ?? [];
}

/**
 * The world of the journey: the teacher has read their conversation with the student, then the
 * student writes `count` messages to the teacher (and, if asked, some to the class's group chat,
 * with files). Returns where they talk.
 */
async function studentWrites(
  request: APIRequestContext,
  { count, toGroup = [] }: { count: number; toGroup?: { message: string; file?: FilePart }[] },
) {
  const student = await apiSignIn(request, 'student');
  const teacher = await apiSignIn(request, 'teacher');
  const place = await demoPlace(request, teacher, student.user.fullName);
  await api(request, teacher, '/api/chat/readall', privateQuery(place, teacher));

  const writer = await apiSignIn(request, 'student');
  const send = async (fields: Record<string, string>, file?: FilePart) => {
    const response = await request.post('/api/chat/insert', {
      headers: { 'X-XSRF-TOKEN': writer.xsrf },
      multipart: {
        uid: String(writer.user.uid),
        from: String(writer.user.id),
        fromType: '2',
        semester: String(place.ws),
        discipline: String(place.id_discipline),
        ...fields,
        ...(file && { file }),
      },
    });
    expect(response.ok(), `insert: ${response.status()}`).toBe(true);
  };
  for (let index = 0; index < count; index++) {
    await send({
      message: `Вопрос №${index + 1}`,
      currentContactId: String(teacher.user.id),
      currentContactType: '1',
      group_subgroup: '-1',
      isSelect: 'false',
      IsGroupChat: 'false',
    });
  }
  for (const { message, file } of toGroup) {
    await send(
      {
        message,
        currentContactId: '-1',
        currentContactType: '2',
        group_subgroup: String(place.id_group),
        isSelect: String(place.isPotok),
        IsGroupChat: 'true',
      },
      file,
    );
  }
  return { place, studentName: student.user.fullName };
}

interface FilePart {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

// ---- The screen ----

function column(page: Page, name: string): Locator {
  return page.getByRole('region', { name });
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Opens the discipline and its class in the columns, as a person would. */
async function openClass(page: Page, texts: Texts, place: Place) {
  const discipline = column(page, texts.disciplines)
    .getByRole('button', { name: new RegExp(`^${escaped(place.disciplineName)}(\\s|$)`) })
    .nth(place.sameNameBefore);
  if ((await discipline.getAttribute('aria-pressed')) !== 'true') await discipline.click();
  const contacts = column(page, texts.contacts);
  await expect(contacts.getByRole('button', { name: texts.groupChat })).toBeVisible();
  const period = column(page, texts.period);
  if (place.semesterCount > 1) {
    await period
      .getByRole('combobox', { name: texts.semesterPicker })
      .selectOption(String(place.id_semester));
  }
  if (place.groupCount > 1) {
    await period
      .getByRole('combobox', { name: texts.groupPicker })
      .selectOption(String(place.id_group));
  }
  return contacts;
}

/** The unread count the open conversation's header shows (0 when it shows none). */
async function unreadNow(page: Page, texts: Texts): Promise<number> {
  const words = texts.unreadCount.split('{{count}}')[0]!.trim();
  const shown = page.locator('header:has(#chat-title)').getByText(words);
  if ((await shown.count()) === 0) return 0;
  return Number(/\d+/.exec((await shown.first().textContent()) ?? '')?.[0] ?? 0);
}

/** The layout promises of the open conversation, at any width. */
async function expectConversationFits(page: Page, texts: Texts) {
  const log = page.getByRole('log', { name: texts.log });
  const title = page.locator('#chat-title');
  // The title keeps to one line, however long the name.
  const line = await title.evaluate((element) => {
    const style = getComputedStyle(element);
    return {
      height: element.getBoundingClientRect().height,
      lineHeight: parseFloat(style.lineHeight),
      whiteSpace: style.whiteSpace,
    };
  });
  expect(line.whiteSpace).toBe('nowrap');
  expect(line.height).toBeLessThan(line.lineHeight * 1.5);
  // The thread takes the room that is left, and the composer and the content card show whole
  // above the tab bar (a phone) or the window's edge.
  const logBox = (await log.boundingBox())!;
  const composer = (await page.getByRole('form', { name: texts.composer }).boundingBox())!;
  const card = (await page.locator('main').boundingBox())!;
  const viewport = page.viewportSize()!;
  const tabBar = page.getByRole('navigation', { name: texts.mainTabs });
  const phone = (await tabBar.count()) > 0;
  const bottom = phone ? (await tabBar.boundingBox())!.y : viewport.height;
  expect(logBox.height).toBeGreaterThan(viewport.height * 0.4);
  expect(composer.y + composer.height).toBeLessThanOrEqual(bottom);
  expect(card.y + card.height).toBeLessThanOrEqual(bottom + 1);
  if (phone) {
    // Nothing beyond the screen: the page itself does not scroll, only the thread.
    const overflow = await page.evaluate(
      () => document.scrollingElement!.scrollHeight - window.innerHeight,
    );
    expect(overflow).toBeLessThanOrEqual(1);
  }
}

/** The unread divider shows inside the thread's box. */
async function expectDividerInView(page: Page, texts: Texts) {
  const log = page.getByRole('log', { name: texts.log });
  const divider = log.getByText(texts.divider);
  await expect(divider).toBeVisible();
  const logBox = (await log.boundingBox())!;
  const box = (await divider.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(logBox.y);
  expect(box.y + box.height).toBeLessThanOrEqual(logBox.y + logBox.height);
}

/**
 * Scrolls the thread down a half screen at a time to its end; the unread count drops step by step
 * (each message once seen), and reaches 0 at the end. After each step the count is read once what
 * came into view has been read: no read receipt (POST /api/chat/read) is left on its way.
 */
async function readByScrolling(page: Page, texts: Texts): Promise<number[]> {
  const log = page.getByRole('log', { name: texts.log });
  const receipts = requestsTo(page, /^\/api\/chat\/read$/);
  const seen: number[] = [await unreadNow(page, texts)];
  for (let step = 0; step < 80; step++) {
    const atEnd = await log.evaluate(
      (element) => element.scrollTop + element.clientHeight >= element.scrollHeight - 2,
    );
    if (atEnd) break;
    await log.evaluate((element) => element.scrollBy(0, element.clientHeight * 0.5));
    await receipts.settled();
    seen.push(await unreadNow(page, texts));
  }
  await expect.poll(() => unreadNow(page, texts)).toBe(0);
  return seen;
}

async function shoot(page: Page, name: string) {
  await settled(page);
  await page.screenshot({ path: `test-results/chat-phone-${name}.png` });
}

// ---- The journeys ----

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('46 unread: the conversation opens at the divider, reads as it scrolls, the count follows (ru, dark and light)', async ({
    page,
    request,
  }) => {
    const texts = textsOf('ru');
    const { place, studentName } = await studentWrites(request, { count: 46 });
    await recordAppBadge(page);
    await page.goto('/lms');
    await prefer(page, 'ru', 'dark');
    await page
      .getByRole('navigation', { name: texts.mainTabs })
      .getByRole('button', { name: texts.chatTab })
      .click();
    const contacts = await openClass(page, texts, place);
    const contact = contacts.getByRole('button', { name: new RegExp(`^${studentName}`) });
    await expect(contact.getByLabel(texts.badge(46))).toBeVisible({ timeout: 15_000 });

    // The title and the app badge carry everything the teacher has unread, in every discipline.
    const before = await unreadTotal(request, 'teacher');
    expect(before).toBeGreaterThanOrEqual(46);
    await expect.poll(() => titleCount(page), { timeout: 15_000 }).toBe(before);
    await expect.poll(() => lastAppBadge(page)).toBe(before);

    await contact.click();
    await expect(page.getByRole('heading', { level: 1, name: studentName })).toBeVisible();
    await expectDividerInView(page, texts);
    await expectConversationFits(page, texts);
    // Only what came into view is read: most of the 46 are still unread.
    await expect.poll(() => unreadNow(page, texts)).toBeLessThan(46);
    const opened = await unreadNow(page, texts);
    expect(opened).toBeGreaterThan(30);
    await shoot(page, 'ru-dark-opened');
    await expectAccessible(page, 'phone conversation with 46 unread, dark');

    const seen = await readByScrolling(page, texts);
    // The count dropped in many steps while scrolling, never rising.
    expect(new Set(seen).size).toBeGreaterThan(5);
    expect([...seen].sort((a, b) => b - a)).toEqual(seen);
    await shoot(page, 'ru-dark-read');

    // Read on the server too; the title and the badge lost the 46.
    const after = await serverCounts(request, place);
    expect(after.find((row) => row.idid === place.studentId)).toBeUndefined();
    expect(await unreadTotal(request, 'teacher')).toBe(before - 46);
    await expect.poll(() => titleCount(page)).toBe(before - 46);
    await expect.poll(() => lastAppBadge(page)).toBe(before - 46 > 0 ? before - 46 : null);

    await setTheme(page, 'light');
    await expectConversationFits(page, texts);
    await shoot(page, 'ru-light-read');
    await expectAccessible(page, 'phone conversation, read, light');
  });

  test('the group chat’s count, and a large photo fits the phone (en, dark)', async ({
    page,
    request,
  }) => {
    const texts = textsOf('en');
    await page.goto('/lms');
    // A photo far larger than the phone: 2400 × 1600, drawn by the browser.
    const photo = await page.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = 2400;
      canvas.height = 1600;
      const context = canvas.getContext('2d')!;
      const gradient = context.createLinearGradient(0, 0, 2400, 1600);
      gradient.addColorStop(0, '#0b3d91');
      gradient.addColorStop(1, '#4fc3f7');
      context.fillStyle = gradient;
      context.fillRect(0, 0, 2400, 1600);
      return canvas.toDataURL('image/png').split(',')[1]!;
    });
    const { place } = await studentWrites(request, {
      count: 0,
      toGroup: [
        { message: 'Schedule of the consultation, see the photo' },
        {
          message: 'The board after the lecture',
          file: { name: 'board.png', mimeType: 'image/png', buffer: Buffer.from(photo, 'base64') },
        },
      ],
    });
    const groupUnread = (await serverCounts(request, place)).find((row) => row.idid === -1);
    expect(groupUnread?.countMessages ?? 0).toBeGreaterThanOrEqual(2);

    await prefer(page, 'en', 'dark');
    await page
      .getByRole('navigation', { name: texts.mainTabs })
      .getByRole('button', { name: texts.chatTab })
      .click();
    const contacts = await openClass(page, texts, place);
    const group = contacts.getByRole('button', { name: texts.groupChat });
    // The group chat keeps its name; its count is the badge and the button's description.
    await expect(group).toHaveAccessibleDescription(texts.badge(groupUnread!.countMessages));
    await expect(group).toContainText(String(groupUnread!.countMessages));
    await group.scrollIntoViewIfNeeded();
    await shoot(page, 'en-dark-contacts');
    await expectAccessible(page, 'phone contact column with the group chat’s count, en, dark');

    await group.click();
    await expect(page.getByRole('heading', { level: 1, name: texts.groupChat })).toBeVisible();
    await expectDividerInView(page, texts);
    await expectConversationFits(page, texts);
    const log = page.getByRole('log', { name: texts.log });
    await log.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    const open = log.getByRole('button', { name: texts.openPhoto('board.png') });
    await expect(open).toBeVisible();
    await open.click();
    const viewer = page.getByRole('dialog', { name: 'board.png' });
    await expect(viewer).toBeVisible();
    const image = viewer.getByRole('img', { name: 'board.png' });
    await expect
      .poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBe(2400);
    // The whole photo is on screen, in its proportions, the close button with it.
    const box = (await image.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    expect(box.width / box.height).toBeCloseTo(1.5, 1);
    await expect(viewer.getByRole('button', { name: texts.closePhoto })).toBeInViewport();
    await shoot(page, 'en-dark-photo');
    await expectAccessible(page, 'photo viewer on a phone, en, dark');
    await viewer.getByRole('button', { name: texts.closePhoto }).click();
    await expect(viewer).toBeHidden();
  });
});

test.describe('on a laptop (1440 px)', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('46 unread open at the divider with the group chat’s count beside them (kg, light)', async ({
    page,
    request,
  }) => {
    const texts = textsOf('kg');
    const { place, studentName } = await studentWrites(request, {
      count: 46,
      toGroup: [{ message: 'Эртеңки сабак 10:00дө' }],
    });
    await recordAppBadge(page);
    await page.goto('/lms');
    await prefer(page, 'kg', 'light');
    const contacts = await openClass(page, texts, place);
    const counts = await serverCounts(request, place);
    const groupUnread = counts.find((row) => row.idid === -1)!.countMessages;
    await expect(
      contacts.getByRole('button', { name: texts.groupChat }),
    ).toHaveAccessibleDescription(texts.badge(groupUnread));
    const contact = contacts.getByRole('button', { name: new RegExp(`^${studentName}`) });
    await expect(contact.getByLabel(texts.badge(46))).toBeVisible();
    const total = await unreadTotal(request, 'teacher');
    await expect.poll(() => titleCount(page)).toBe(total);
    await expect.poll(() => lastAppBadge(page)).toBe(total);

    await contact.click();
    await expect(page.getByRole('heading', { level: 1, name: studentName })).toBeVisible();
    await expectDividerInView(page, texts);
    await expectConversationFits(page, texts);
    await expect.poll(() => unreadNow(page, texts)).toBeLessThan(46);
    expect(await unreadNow(page, texts)).toBeGreaterThan(20);
    await shoot(page, 'kg-light-desktop');
    await expectAccessible(page, 'desktop conversation with 46 unread, kg, light');

    await readByScrolling(page, texts);
    await expect.poll(() => titleCount(page)).toBe(total - 46);
  });
});
