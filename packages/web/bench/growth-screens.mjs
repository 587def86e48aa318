// The growth benchmark's screens (bench/growth.mjs runs them, bench/growth-profile.mjs profiles
// one): the mock server in its growth world (`--growth n`: 200n books, a demo group of 3n students
// × 120 lesson dates, 50n messages between the demo teacher and student) serving the built
// portal, and what a person does on three screens, each interaction timed in the page from the
// input's event to the frame that shows its result painted (a task queued from the next animation
// frame runs once that frame is painted): a search typed in the e-library, a journal class opened
// and a mark entered, a conversation opened and scrolled back page by page to its first message.
import { fillLogin, median, startPortal } from './portal-server.mjs';

/** Late in the fall half's exam session: the growing class has held all of its 120 dates. */
const NOW = '2027-01-25T10:00:00+06:00';
const QUERY = 'практикум';
const DISCIPLINE = 'Веб-разработка';

/** The mock server in the growth world `growth`, serving the built portal; its base URL. */
export function startWorld(growth, webRoot) {
  return startPortal(webRoot, { now: NOW, args: ['--growth', `${growth}`] });
}

/** A session of a demo account outside the browser, to know what the screens should show. */
async function apiSession(base, login, password) {
  const res = await fetch(`${base}/api/auth/orize.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login, password }),
  });
  const cookies = res.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
  const xsrf = cookies.find((cookie) => cookie.startsWith('XSRF-TOKEN='))?.slice(11) ?? '';
  const { data: user } = await res.json();
  const post = async (path, body) => {
    const answer = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: cookies.join('; '),
        'x-xsrf-token': xsrf,
      },
      body: JSON.stringify(body),
    });
    return (await answer.json()).data;
  };
  return { user, post };
}

/** The e-library's search rule: a case-insensitive substring, 'е' and 'ё' alike. */
const normalize = (text) => text.toLocaleLowerCase('ru').replace(/ё/g, 'е').trim();

// In every page: `__painted(condition)` resolves with the time the first frame in which
// `condition()` holds has been painted; `__timeInput(type, condition)` keeps in `__timing` the
// next event of that type (its timeStamp, `start`) and that frame (`end`), condition looked at
// from the event on. The clock reads the world's date (the journal's today), time
// flowing from it as usual: only Date moves, never performance.now or an event's timeStamp.
function pageHelpers(worldNow) {
  const RealDate = Date;
  const offset = worldNow - RealDate.now();
  class WorldDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(...args);
    }
    static now() {
      return RealDate.now() + offset;
    }
  }
  globalThis.Date = WorldDate;

  // Looked at once a frame, before it is drawn: the frame that first shows it is this one, and a
  // task it queues runs once that frame is painted. (Once a frame, not on every change of the
  // page, so the looking costs the page next to nothing however large it grows.)
  window.__painted = (condition) =>
    new Promise((resolve) => {
      const look = () => {
        if (!condition()) {
          requestAnimationFrame(look);
          return;
        }
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve(performance.now());
        channel.port2.postMessage(null);
      };
      requestAnimationFrame(look);
    });
  window.__timeInput = (type, condition) => {
    window.__timing = new Promise((resolve) =>
      window.addEventListener(
        type,
        (event) => {
          const start = event.timeStamp;
          void window.__painted(condition).then((end) => resolve({ start, end }));
        },
        { capture: true, once: true },
      ),
    );
  };
}

async function newContext(browser, base, login, password) {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale: 'ru-RU',
    timezoneId: 'Asia/Bishkek',
  });
  await context.addInitScript(pageHelpers, Date.parse(NOW));
  if (process.env.BENCH_VERBOSE) {
    context.on('page', (page) => {
      page.on('crash', () => console.error('page crashed', page.url()));
      page.on('pageerror', (error) => console.error('page error', error));
    });
  }
  const page = await context.newPage();
  await (await fillLogin(page, base, login, password)).click();
  await page.waitForURL(/\/lms\/?$/);
  await page.close();
  return context;
}

/** A new page of a person's context; `world.onPage` (a profiler) sees it first. */
async function openPage(world, context) {
  const page = await context.newPage();
  await world.onPage?.(page);
  return page;
}

/** Closes a screen's page once `world.onPageDone` (a profiler) is done with it. */
async function closePage(world, page) {
  await world.onPageDone?.(page);
  await page.close();
}

/** The time from the input to its result painted, once it is. */
const timing = async (page) => {
  const { start, end } = await page.evaluate(() => window.__timing);
  return end - start;
};

// ---- the e-library ---------------------------------------------------------------------------

/**
 * A teacher opens the e-library and types the query one letter at a time, each once the
 * results of the previous one are shown: per letter, from its input to the count of what it found
 * shown and the list starting with a match.
 */
async function searchLibrary(world) {
  const page = await openPage(world, world.teacher);
  await page.goto(`${world.base}/lms/library`);
  const total = world.books.length;
  const opened = await page.evaluate(
    (total) =>
      window.__painted(() => {
        const count = document.querySelector('#library-books')?.parentElement?.textContent ?? '';
        return (
          count.replace(/\D/g, '').endsWith(String(total)) &&
          document.querySelector('main ul[aria-label="Книги"] > li h3') !== null
        );
      }),
    total,
  );
  const search = page.getByLabel('Поиск', { exact: true });
  await search.focus();
  const keys = [];
  for (let length = 1; length <= QUERY.length; length++) {
    const typed = QUERY.slice(0, length);
    const found = world.books.filter((book) => normalize(book.name).includes(normalize(typed)));
    await page.evaluate(
      ({ typed, found }) =>
        window.__timeInput('input', () => {
          const status = [...document.querySelectorAll('main [role="status"]')].find((node) =>
            node.textContent?.startsWith('Найден'),
          );
          const first = document.querySelector('main ul[aria-label="Книги"] > li h3');
          return (
            status?.textContent?.replace(/\D/g, '') === String(found) &&
            (first?.textContent ?? '').toLocaleLowerCase('ru').replace(/ё/g, 'е').includes(typed)
          );
        }),
      { typed, found: found.length },
    );
    // a Cyrillic letter comes as the text a keyboard layout gives (an input event, no keydown)
    await page.keyboard.type(QUERY[length - 1]);
    keys.push(await timing(page));
  }
  await closePage(world, page);
  return {
    'e-library: page load → books listed': opened,
    [`e-library: search «${QUERY}», slowest letter → results shown`]: Math.max(...keys),
    [`e-library: search «${QUERY}», all ${QUERY.length} letters`]: keys.reduce((a, b) => a + b, 0),
  };
}

// ---- the journal -----------------------------------------------------------------------------

/** The first student's mark on the first date, as the table shows it (in the page). */
const FIRST_CELL = 'main [role="region"][aria-label="Журнал"] tbody tr[data-student] td';

/**
 * A teacher opens the journal and chooses the discipline (its group and kind of lesson come
 * chosen): to the table's rows and to the roll call shown. Then a mark changed from its cell: to
 * the dialog shown, and from Save to the new mark shown in the table and to it stored (the cell
 * no longer waiting for the server).
 */
async function journal(world) {
  const page = await openPage(world, world.teacher);
  await page.goto(`${world.base}/lms/journal`);
  const main = page.locator('main');
  const discipline = main.getByLabel('Дисциплина');
  await discipline.locator('option', { hasText: DISCIPLINE }).waitFor({ state: 'attached' });
  await page.evaluate((students) => {
    window.__timeInput('change', () => {
      const table = document.querySelector('main [role="region"][aria-label="Журнал"] table');
      return (
        table?.getAttribute('aria-rowcount') === String(students + 1) &&
        table.querySelector('tbody tr[data-student]') !== null
      );
    });
    window.__roll = window.__timing.then(() =>
      window.__painted(
        () =>
          document.querySelectorAll('main ul[aria-label="Перекличка"] > li').length === students,
      ),
    );
  }, world.students);
  await discipline.selectOption({ label: DISCIPLINE });
  const { start, end } = await page.evaluate(() => window.__timing);
  const roll = (await page.evaluate(() => window.__roll)) - start;

  // The first student's first date gets a 4, or a 5 where it has a 4.
  const button = page.locator(`${FIRST_CELL} button`).first();
  const before = (await button.locator('span').first().textContent())?.trim();
  const mark = before === '4' ? '5' : '4';
  await page.evaluate(() =>
    window.__timeInput('pointerdown', () => document.querySelector('dialog[open]') !== null),
  );
  await button.click();
  const dialogShown = await timing(page);
  const dialog = page.getByRole('dialog');
  const present = dialog.getByRole('radio', { name: 'Присутствует' });
  if (!(await present.isChecked())) await present.check();
  await dialog.getByLabel('Оценка').selectOption({ label: mark });
  await page.evaluate(
    ({ cell, mark }) => {
      const shows = () => document.querySelector(cell)?.querySelector('span')?.textContent === mark;
      window.__timeInput('pointerdown', shows);
      window.__stored = window.__timing.then(() =>
        window.__painted(
          () => shows() && !document.querySelector(cell)?.hasAttribute('data-pending'),
        ),
      );
    },
    { cell: FIRST_CELL, mark },
  );
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  const saved = await page.evaluate(() => window.__timing);
  const stored = (await page.evaluate(() => window.__stored)) - saved.start;
  await closePage(world, page);
  return {
    'journal: class chosen → table shown': end - start,
    'journal: class chosen → roll call listed': roll,
    'journal: cell pressed → mark dialog shown': dialogShown,
    'journal: mark saved → shown in the table': saved.end - saved.start,
    'journal: mark saved → stored': stored,
  };
}

// ---- the chat --------------------------------------------------------------------------------

const ALL_PAGES = 'chat: all older pages, to the first message';
const PAGES = 'chat: older pages';

/** The student's page with the discipline chosen: the teacher's contact button shown. */
async function openContacts(world) {
  const page = await openPage(world, world.student);
  await page.goto(`${world.base}/lms`);
  const disciplines = page.getByRole('region', { name: 'Дисциплины' });
  const contacts = page.getByRole('region', { name: 'Контакты' });
  const subject = disciplines.getByRole('button', { name: new RegExp(DISCIPLINE) }).first();
  await subject.waitFor();
  if ((await subject.getAttribute('aria-pressed')) !== 'true') await subject.click();
  const teacher = contacts.getByRole('button', { name: new RegExp(`^${world.teacherName}`) });
  await teacher.waitFor();
  return { page, teacher };
}

/**
 * The conversation's first and newest message ids, read outside the browser with the query the
 * portal sends (captured as it opens it): the latest page, then older pages to the first.
 */
async function learnConversation(world) {
  const { page, teacher } = await openContacts(world);
  const [request] = await Promise.all([
    page.waitForRequest((req) => req.url().endsWith('/api/chat/messages')),
    teacher.click(),
  ]);
  await page.close();
  const query = request.postDataJSON();
  const latest = await world.studentApi.post('/api/chat/messages', query);
  const ids = latest.messages.map((message) => message.id_message);
  for (let older = latest.messages; older.length === 20;) {
    const answer = await world.studentApi.post('/api/chat/old', {
      ...query,
      id_top_message: Math.min(...ids),
    });
    older = answer.messages;
    ids.push(...older.map((message) => message.id_message));
  }
  return { newest: Math.max(...ids), oldest: Math.min(...ids), count: ids.length };
}

/**
 * A student opens the conversation with the demo teacher (to the newest message shown in the
 * list), then scrolls it to the top again and again, each time once the older page the last
 * scroll asked for is in, until the beginning of the conversation is shown: the median page (from
 * the scroll to the page's messages drawn in the list) and all of them.
 */
async function chat(world) {
  const { page, teacher } = await openContacts(world);
  await page.evaluate((newest) => {
    window.__timeInput('pointerdown', () => {
      const log = document.querySelector('[role="log"]');
      const row = log?.querySelector(`[data-message-id="${newest}"]`);
      if (!log || !row) return false;
      const box = log.getBoundingClientRect();
      const shown = row.getBoundingClientRect();
      return shown.top >= box.top - 1 && shown.bottom <= box.bottom + 1;
    });
  }, world.newest);
  await teacher.click();
  const opened = await timing(page);

  const pages = [];
  const log = page.getByRole('log');
  const loading = page.getByText('Загрузка более ранних сообщений...');
  // To the top, again and again: each time, once the page the scroll asked for is in the list
  // (its room added above) or the beginning is shown (a last full page is followed by an empty
  // one). The list may ask for one more page by itself when it stays at the top: that one is
  // waited for, untimed, before the next scroll.
  while ((await log.getByText('Это начало переписки').count()) === 0) {
    await page.evaluate(() => {
      const list = document.querySelector('[role="log"]');
      const room = () => list?.lastElementChild?.getBoundingClientRect().height ?? 0;
      const before = room();
      window.__timeInput(
        'scroll',
        () => room() > before || (list?.textContent?.includes('Это начало переписки') ?? false),
      );
    });
    // (a list left at the very top is moved by one pixel: a scroll all the same)
    await log.evaluate((element) => element.scrollTo(0, element.scrollTop > 0 ? 0 : 1));
    pages.push(await timing(page));
    await loading.waitFor({ state: 'detached' });
  }
  await closePage(world, page);
  const total = pages.reduce((a, b) => a + b, 0);
  if (process.env.BENCH_VERBOSE) {
    // a cost that grows with what the list holds shows as later pages slower than the first
    const tenth = Math.max(1, Math.floor(pages.length / 10));
    const mean = (part) => part.reduce((a, b) => a + b, 0) / part.length;
    console.error(
      'first and last tenth of the pages',
      mean(pages.slice(0, tenth)),
      mean(pages.slice(-tenth)),
    );
  }
  return {
    'chat: contact pressed → newest message shown': opened,
    // (none when the list, opened at its top, has paged back by itself)
    ...(pages.length > 0 && {
      'chat: scrolled to the top → older page shown (median page)': median(pages),
      'chat: all older pages, mean per page': total / pages.length,
      [ALL_PAGES]: total,
      [PAGES]: pages.length,
    }),
  };
}

// ---- a world -----------------------------------------------------------------------------------

/**
 * The growth world `growth` served with the built portal in `webRoot`, and its people signed in
 * (the teacher and the student, each in a context of the browser), with what the screens should
 * show read outside the browser; `stop()` ends its server.
 */
export async function openWorld(browser, growth, webRoot) {
  const { base, stop } = await startWorld(growth, webRoot);
  const teacherApi = await apiSession(base, 'teacher', 'Teacher1');
  const world = {
    growth,
    base,
    stop,
    books: await teacherApi.post('/api/library/getbooklist', {
      id_bookCategory: -1,
      id_human: teacherApi.user.id,
      id_humanType: teacherApi.user.role,
    }),
    students: 3 * growth,
    teacherName: teacherApi.user.fullName,
    studentApi: await apiSession(base, 'student', 'Student1'),
    teacher: await newContext(browser, base, 'teacher', 'Teacher1'),
    student: await newContext(browser, base, 'student', 'Student1'),
  };
  Object.assign(world, await learnConversation(world));
  if (world.books.length !== 200 * growth || world.count !== 50 * growth) {
    throw new Error(`the growth world ${growth} is not as expected: rebuild the mock server`);
  }
  return world;
}

/** The screens, by name: each resolves with its figures (ms, or a count). */
export const screens = { searchLibrary, journal, chat };

/** Figures that grow with the data by nature (the pages to load): read per page instead. */
export const byNature = new Set([ALL_PAGES, PAGES]);
/** Figures that count, not time. */
export const counts = new Set([PAGES]);
