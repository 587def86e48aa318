import {
  buildNewsDownloadUrl,
  createLmsClient,
  upload,
  type components,
  type LmsClient,
} from '@lms/client';
import { createApp } from '@lms/mock-server';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { nextNewsPage } from '../src/features/news/api/get-news';
import { countDrafts } from '../src/lib/offline/drafts/draft-store';
import { fileKind, truncateFileName } from '../src/lib/files/file-name';
import { activeTab, MAIN_TABS } from '../src/lib/ui-state/main-tabs';
import { attachFiles } from '../src/lib/files/upload-kit';
import { isMobile } from '../src/lib/ui-state/viewport';
import { installFakeXhr } from './support/fake-xhr';
import { renderApp } from './support/render-app';
import { setUpUploadForms } from './support/upload-forms';
import { preloadScreens } from './support/preload-screens';

preloadScreens('news');

// The world's clock and the browser journeys run in Bishkek; so do these dates.
process.env.TZ = 'Asia/Bishkek';

type NewsItem = components['schemas']['NewsItem'];

setUpUploadForms();

interface Recorded {
  path: string;
  body: unknown;
}

/**
 * The mock server in-process, as test/mock-backend.ts wires it, plus what the news screen needs
 * besides: request bodies for assertions and a fault scenario per path (X-Mock-Scenario). Its
 * fetch also answers the XMLHttpRequest stand-in of test/support/fake-xhr, so `upload()`
 * (multipart with progress) reaches the same app.
 */
function createNewsBackend(options: { maxSizeMb?: number } = {}) {
  const app = createApp({ validateResponses: true, ...options });
  const requests: Recorded[] = [];
  const scenarios = new Map<string, string>();
  /** Requests to these paths wait until the promise settles. */
  const holds = new Map<string, Promise<void>>();
  const fetch = async (request: Request): Promise<Response> => {
    const path = new URL(request.url).pathname;
    await holds.get(path);
    const headers = new Headers(request.headers);
    if (document.cookie) headers.set('cookie', document.cookie);
    const scenario = scenarios.get(path);
    if (scenario) headers.set('x-mock-scenario', scenario);
    const body = request.method === 'GET' ? undefined : await request.arrayBuffer();
    requests.push({ path, body: parseBody(headers, body) });
    const response = await app.request(request.url, {
      method: request.method,
      headers,
      body,
      signal: request.signal,
    });
    for (const cookie of response.headers.getSetCookie()) document.cookie = cookie;
    return response;
  };
  const client = createLmsClient({ baseUrl: 'http://lms.test', fetch });
  return {
    client,
    requests,
    scenarios,
    holds,
    fetch,
    paths: () => requests.map((request) => request.path),
    bodiesOf: (path: string) => requests.filter((r) => r.path === path).map((r) => r.body),
  };
}
type NewsBackend = ReturnType<typeof createNewsBackend>;

function parseBody(headers: Headers, body: ArrayBuffer | undefined): unknown {
  if (!body || !headers.get('content-type')?.includes('application/json')) return undefined;
  return JSON.parse(new TextDecoder().decode(body));
}

/** Who signed in last on each backend: the reads below name them, as the portal does. */
const signedIn = new WeakMap<NewsBackend, { id: number; uid: number; role: number }>();

async function signIn(backend: NewsBackend, login: string, password: string) {
  const user = await backend.client.post('/api/auth/orize.json', { body: { login, password } });
  if (user) signedIn.set(backend, user);
}

/** The first page of the feed, read directly as the signed-in person. */
async function readFeed(backend: NewsBackend) {
  const { id, uid, role } = signedIn.get(backend)!;
  const body = { id, uid, role: role === 1 ? (1 as const) : (2 as const), page: 1 };
  return (await backend.client.post('/api/news/data.json', { body }))!;
}

const TEACHER = ['teacher', 'Teacher1'] as const;
const TEACHER2 = ['teacher2', 'Teacher2'] as const;
const STUDENT = ['student', 'Student1'] as const;

async function openNews(backend: NewsBackend, who: readonly [string, string]) {
  await signIn(backend, ...who);
  const view = await renderApp({ client: backend.client, path: '/lms' });
  // The first visit loads the route's chunk and translations.
  await screen.findByRole('heading', { level: 1, name: 'Новости' });
  const feed = await screen.findByRole('list', { name: 'Лента новостей' });
  return { ...view, feed };
}

function articles(feed: HTMLElement): HTMLElement[] {
  return within(feed).getAllByRole('article');
}

function textFile(name: string, content = `${name} content`): File {
  return new File([content], name, { type: 'application/octet-stream' });
}

/** Publishes as the signed-in teacher straight through the client, as another tab would. */
async function publish(client: LmsClient, message: string, files: File[] = []) {
  const me = await client.post('/api/auth/enticate.json', {
    body: { token: /token=([^;]+)/.exec(document.cookie)?.[1] ?? '' },
  });
  if (!me) throw new Error('not signed in');
  return upload(
    client,
    '/api/news/insert.json',
    { uid: me.uid, role: 1, id: me.id, message, audience: 0, id_faculty: -1 },
    files,
  );
}

function bishkekDate(iso: string) {
  return {
    date: `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(2, 4)}`,
    time: iso.slice(11, 16),
  };
}

describe('news feed', () => {
  let backend: NewsBackend;
  beforeEach(() => {
    backend = createNewsBackend();
    installFakeXhr(backend.fetch);
  });

  it('shows the author, DD/MM/YY and HH:mm, the text as text with its line breaks, and typed, truncated file links', async () => {
    await signIn(backend, ...TEACHER);
    const message = 'Первая строка <b>не жирная</b>\nВторая строка <img src=x onerror=alert(1)>';
    const names = [
      'Положение о практике студентов 2026.pdf',
      'Ведомость.xlsx',
      'Старая ведомость.xls',
      'Приказ.docx',
      'Письмо.doc',
      'readme.txt',
      'Лекция.pptx',
      'old.ppt',
      'setup.exe',
      'архив.zip',
    ];
    const { id_eventMessage: id } = await publish(
      backend.client,
      message,
      names.map((name) => textFile(name)),
    );

    // A student reads it: the item was addressed to everybody.
    const { feed } = await openNews(backend, STUDENT);
    const first = articles(feed)[0]!;
    expect(within(first).getByRole('heading', { level: 3 }).textContent).toBe(
      'Асанов Бакыт Эркинович',
    );

    const [newest] = await readFeed(backend);
    const created = newest!.created;
    const { date, time } = bishkekDate(created);
    const stamp = first.querySelector('time')!;
    expect(stamp.getAttribute('datetime')).toBe(created);
    expect(stamp.textContent).toBe(`${date} ${time}`);
    expect(stamp.textContent).toMatch(/^\d\d\/\d\d\/\d\d \d\d:\d\d$/);

    const text = within(first).getByText(/Первая строка/);
    expect(text.textContent).toBe(message);
    expect(text.querySelector('b, img')).toBeNull();

    const links = within(within(first).getByRole('list', { name: 'Вложения' })).getAllByRole(
      'link',
    );
    expect(links.map((link) => link.getAttribute('title'))).toEqual(names);
    expect(links.map((link) => link.getAttribute('href'))).toEqual(
      names.map((name) => buildNewsDownloadUrl(id, name)),
    );
    expect(links[0]!.getAttribute('href')).toBe(
      `/lms/api/news/download.file?filename=${encodeURIComponent(`${id}_${names[0]}`)}&type=4`,
    );
    expect(
      links.map((link) => link.querySelector('[data-file-kind]')?.getAttribute('data-file-kind')),
    ).toEqual([
      'pdf',
      'excel',
      'excel',
      'word',
      'word',
      'text',
      'powerpoint',
      'powerpoint',
      'exe',
      'generic',
    ]);
    // The first name has 39 characters: 20 of them show, then an ellipsis; short names show whole.
    const shown = links.map((link) => link.querySelector('span')!.textContent);
    expect(shown[0]).toBe('Положение о практике…');
    expect(shown[1]).toBe('Ведомость.xlsx');
    expect(screen.getByRole('link', { name: names[0] })).toBe(links[0]);

    // A student neither writes nor deletes news.
    expect(screen.queryByRole('heading', { name: 'Написать новость' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Текст новости' })).toBeNull();
    expect(screen.queryAllByRole('button', { name: 'Удалить?' })).toEqual([]);
  });

  it('shows the short name in the compact (mobile) layout', async () => {
    await signIn(backend, ...TEACHER);
    await publish(backend.client, 'Короткое имя в мобильной раскладке');
    isMobile.value = true;
    activeTab.value = MAIN_TABS.news;
    const { feed } = await openNews(backend, STUDENT);
    const first = articles(feed)[0]!;
    const author = within(first).getByRole('heading', { level: 3 });
    expect(author.textContent).toBe('Асанов Б.Э.');
    expect(author.getAttribute('title')).toBe('Асанов Бакыт Эркинович');
  });

  it("appends page current + 1 on 'load more' and stops when a page comes back short", async () => {
    const { feed } = await openNews(backend, TEACHER);
    const user = userEvent.setup();
    expect(articles(feed)).toHaveLength(10);

    let loaded = 10;
    for (;;) {
      const more = screen.queryByRole('button', { name: 'Показать ещё' });
      if (!more) break;
      await user.click(more);
      await waitFor(() => expect(articles(feed).length).toBeGreaterThan(loaded));
      loaded = articles(feed).length;
    }
    const pages = backend
      .bodiesOf('/api/news/data.json')
      .map((body) => (body as { page: number }).page);
    expect(pages).toEqual(pages.map((_, index) => index + 1));
    expect(pages.length).toBeGreaterThan(2);
    expect(loaded % 10).not.toBe(0);
    expect(screen.getByText('Это все новости')).toBeTruthy();
    // Every item once, newest first.
    const ids = articles(feed).map((article) => article.querySelector('time')!.dateTime);
    expect([...ids].sort().reverse()).toEqual(ids);
  });

  it('hides load more when the next page comes back empty', () => {
    const page = Array.from({ length: 10 }, (_, i) => ({ id_eventMessage: i }) as NewsItem);
    expect(nextNewsPage(page, [page], 1)).toBe(2);
    expect(nextNewsPage([], [page, []], 2)).toBeUndefined();
    expect(nextNewsPage(page.slice(0, 4), [page, page.slice(0, 4)], 2)).toBeUndefined();
    expect(nextNewsPage([], [[]], 1)).toBeUndefined();
  });

  it('keeps the loaded items and offers load more again when the next page fails', async () => {
    const { feed } = await openNews(backend, TEACHER);
    const user = userEvent.setup();
    backend.scenarios.set('/api/news/data.json', 'server-error');
    await user.click(screen.getByRole('button', { name: 'Показать ещё' }));
    expect(
      await screen.findByText('Не удалось загрузить следующие новости. Попробуйте ещё раз.'),
    ).toBeTruthy();
    expect(articles(feed)).toHaveLength(10);
    backend.scenarios.delete('/api/news/data.json');
    await user.click(screen.getByRole('button', { name: 'Показать ещё' }));
    await waitFor(() => expect(articles(feed)).toHaveLength(20));
  });

  it("shows 'Загрузка...' first, then the failed state with a retry that recovers", async () => {
    await signIn(backend, ...TEACHER);
    backend.scenarios.set('/api/news/data.json', 'server-error');
    let answer = () => {};
    backend.holds.set('/api/news/data.json', new Promise<void>((resolve) => (answer = resolve)));
    await renderApp({ client: backend.client, path: '/lms' });
    expect(await screen.findByText('Загрузка...')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    backend.holds.delete('/api/news/data.json');
    answer();
    const failed = await screen.findByRole('alert');
    expect(failed.textContent).toContain('Не удалось загрузить новости');
    backend.scenarios.delete('/api/news/data.json');
    await userEvent.setup().click(within(failed).getByRole('button', { name: 'Повторить' }));
    const feed = await screen.findByRole('list', { name: 'Лента новостей' });
    expect(articles(feed)).toHaveLength(10);
  });

  it('shows the empty state when there is no news', async () => {
    await signIn(backend, ...STUDENT);
    backend.scenarios.set('/api/news/data.json', 'empty');
    await renderApp({ client: backend.client, path: '/lms' });
    expect(await screen.findByText('Новостей пока нет')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Показать ещё' })).toBeNull();
  });
});

describe('permissions', () => {
  it('gives a teacher with newsPerms the writing block and the delete icon on editable items only', async () => {
    const backend = createNewsBackend();
    const { feed } = await openNews(backend, TEACHER);
    expect(screen.getByRole('heading', { level: 2, name: 'Написать новость' })).toBeTruthy();
    const page = await readFeed(backend);
    const editable = page.filter((item) => item.canEdit).length;
    expect(editable).toBeGreaterThan(0);
    expect(editable).toBeLessThan(page.length);
    articles(feed).forEach((article, index) => {
      const button = within(article).queryByRole('button', { name: 'Удалить?' });
      expect(Boolean(button), `item ${index}`).toBe(page[index]!.canEdit);
    });
    const button = within(feed).getAllByRole('button', { name: 'Удалить?' })[0]!;
    const tooltip = document.getElementById(button.getAttribute('aria-labelledby')!)!;
    expect(tooltip.getAttribute('role')).toBe('tooltip');
    expect(tooltip.textContent).toBe('Удалить?');
  });

  it('gives a teacher without newsPerms neither the writing block nor the delete icon', async () => {
    const backend = createNewsBackend();
    const { feed } = await openNews(backend, TEACHER2);
    expect(articles(feed).length).toBeGreaterThan(0);
    expect(screen.queryByRole('heading', { name: 'Написать новость' })).toBeNull();
    expect(screen.queryAllByRole('button', { name: 'Удалить?' })).toEqual([]);
    expect(backend.paths()).not.toContain('/api/misc/registered-faculty-list');
  });
});

describe('writing news', () => {
  let backend: NewsBackend;
  let xhr: ReturnType<typeof installFakeXhr>;
  beforeEach(() => {
    backend = createNewsBackend({ maxSizeMb: 1 });
    xhr = installFakeXhr(backend.fetch);
  });

  async function attach(user: ReturnType<typeof userEvent.setup>, files: File[]) {
    await user.upload(screen.getByLabelText('Прикрепить файлы'), files);
  }

  it('requires the text and sends nothing while it is empty', async () => {
    await openNews(backend, TEACHER);
    const user = userEvent.setup();
    const message = screen.getByRole('textbox', { name: 'Текст новости' });
    await user.type(message, '   ');
    await user.click(screen.getByRole('button', { name: 'Опубликовать' }));
    expect(screen.getByText('Введите текст новости')).toBeTruthy();
    expect(message.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(message);
    expect(xhr.sent).toEqual([]);
    await user.type(message, 'Текст');
    expect(screen.queryByText('Введите текст новости')).toBeNull();
  });

  it('refuses a file over the config maxSizeMb with the size message and keeps the others', async () => {
    await openNews(backend, TEACHER);
    const user = userEvent.setup();
    const big = new File([new Uint8Array(1024 * 1024 + 1)], 'Видео лекции.mp4');
    await attach(user, [textFile('План.docx'), big]);
    expect(screen.getByText('Размер файла не должен превышать 1 МБ')).toBeTruthy();
    expect(screen.getByText('Не прикреплены: Видео лекции.mp4')).toBeTruthy();
    expect(screen.getByText('До 1 МБ на файл')).toBeTruthy();
    const picked = screen.getByRole('list', { name: 'Прикрепленные файлы' });
    expect(
      within(picked)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('План.docx')]);
  });

  it('publishes with the audience, the faculty and two files, shows progress, then reloads page 1 with the item first', async () => {
    const { feed } = await openNews(backend, TEACHER);
    const user = userEvent.setup();
    // Two pages are loaded; a successful send brings the feed back to page 1.
    await user.click(screen.getByRole('button', { name: 'Показать ещё' }));
    await waitFor(() => expect(articles(feed)).toHaveLength(20));

    await user.type(
      screen.getByRole('textbox', { name: 'Текст новости' }),
      'Консультация переносится.{Enter}Аудитория 214.',
    );
    await user.click(screen.getByRole('radio', { name: 'Студентам' }));
    const faculty = screen.getByRole('combobox', { name: 'Факультет' });
    await waitFor(() => expect(within(faculty).getAllByRole('option').length).toBeGreaterThan(1));
    const second = within(faculty).getAllByRole('option')[1] as HTMLOptionElement;
    await user.selectOptions(faculty, second);
    const schedule = textFile('График.xlsx', 'a;b;c');
    await attach(user, [schedule, textFile('Список группы.pdf')]);
    // Picking the same file again does not attach it twice.
    await attach(user, [schedule]);
    const picked = screen.getByRole('list', { name: 'Прикрепленные файлы' });
    expect(within(picked).getAllByRole('listitem')).toHaveLength(2);

    const release = xhr.hold();
    await user.click(screen.getByRole('button', { name: 'Опубликовать' }));
    const progress = await screen.findByRole('progressbar', { name: /Отправка новости/ });
    await waitFor(() => expect(progress.getAttribute('value')).toBe('1'));
    expect(screen.getByRole('button', { name: 'Отправка...' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    expect(xhr.sent).toHaveLength(1);
    const [form] = xhr.sent;
    expect(form!.fields).toMatchObject({
      message: 'Консультация переносится.\nАудитория 214.',
      audience: '2',
      id_faculty: second.value,
      role: '1',
    });
    expect(form!.files.map((file) => file.name)).toEqual(['График.xlsx', 'Список группы.pdf']);

    release();
    expect(await screen.findByText('Новость опубликована')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    const first = articles(feed)[0]!;
    expect(within(first).getByText(/Консультация переносится/).textContent).toBe(
      'Консультация переносится.\nАудитория 214.',
    );
    expect(
      within(first)
        .getAllByRole('link')
        .map((link) => link.getAttribute('title')),
    ).toEqual(['График.xlsx', 'Список группы.pdf']);
    // Page 1 only, and the form is ready for the next item.
    expect(articles(feed)).toHaveLength(10);
    const pages = backend.bodiesOf('/api/news/data.json').map((b) => (b as { page: number }).page);
    expect(pages).toEqual([1, 2, 1]);
    expect(
      (screen.getByRole('textbox', { name: 'Текст новости' }) as HTMLTextAreaElement).value,
    ).toBe('');
    expect(screen.queryByRole('list', { name: 'Прикрепленные файлы' })).toBeNull();
    expect((screen.getByRole('radio', { name: 'Всем' }) as HTMLInputElement).checked).toBe(true);
  });

  it('keeps the text and files after a failed send and shows the server message', async () => {
    const { feed } = await openNews(backend, TEACHER);
    const user = userEvent.setup();
    const firstBefore = articles(feed)[0]!.textContent;
    await user.type(screen.getByRole('textbox', { name: 'Текст новости' }), 'Не потеряется');
    await attach(user, [textFile('Приказ.docx')]);
    backend.scenarios.set('/api/news/insert.json', 'server-error');
    await user.click(screen.getByRole('button', { name: 'Опубликовать' }));

    const alert = await screen.findByText(
      'Не удалось опубликовать новость. Текст и файлы сохранены.',
    );
    // The sentence names the failure in words; the server's own text waits behind 'Подробнее'.
    const failure = alert.closest<HTMLElement>('[role="alert"]')!;
    expect(
      within(failure).getByText('Сервер временно не может выполнить запрос. Попробуйте позже.'),
    ).toBeTruthy();
    const details = within(failure).getByText('Подробнее').closest('details')!;
    expect(details.open).toBe(false);
    expect(details.textContent).toContain('Internal server error (X-Mock-Scenario: server-error)');
    expect(failure.textContent).not.toContain('Ответ сервера');
    expect(
      (screen.getByRole('textbox', { name: 'Текст новости' }) as HTMLTextAreaElement).value,
    ).toBe('Не потеряется');
    expect(screen.getByRole('button', { name: 'Убрать файл Приказ.docx' })).toBeTruthy();
    expect(articles(feed)[0]!.textContent).toBe(firstBefore);

    backend.scenarios.delete('/api/news/insert.json');
    await user.click(screen.getByRole('button', { name: 'Опубликовать' }));
    expect(await screen.findByText('Новость опубликована')).toBeTruthy();
    await waitFor(() => expect(articles(feed)[0]!.textContent).toContain('Не потеряется'));
  });

  it('says why when the session may not publish (result error in the envelope)', async () => {
    await openNews(backend, TEACHER);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Текст новости' }), 'Текст');
    backend.scenarios.set('/api/news/insert.json', 'result-error');
    await user.click(screen.getByRole('button', { name: 'Опубликовать' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Сервер отклонил запрос.')).toBeTruthy();
    const details = within(alert).getByText('Подробнее').closest('details')!;
    expect(details.textContent).toContain('Ошибка сервера (X-Mock-Scenario: result-error)');
  });

  it('cancels a send in progress and keeps the text and files', async () => {
    await openNews(backend, TEACHER);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Текст новости' }), 'Отменю');
    await attach(user, [textFile('Лекция.pptx')]);
    xhr.hold();
    await user.click(screen.getByRole('button', { name: 'Опубликовать' }));
    expect(await screen.findByRole('progressbar')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Отменить отправку' }));
    expect(await screen.findByText('Отправка отменена. Текст и файлы сохранены.')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(
      (screen.getByRole('textbox', { name: 'Текст новости' }) as HTMLTextAreaElement).value,
    ).toBe('Отменю');
    expect(screen.getByRole('button', { name: 'Убрать файл Лекция.pptx' })).toBeTruthy();
    expect(backend.paths()).not.toContain('/api/news/insert.json');
  });

  it('keeps the text, audience, faculty and file as a draft across a reload, and lets it go once published', async () => {
    const me = await backend.client.post('/api/auth/orize.json', {
      body: { login: TEACHER[0], password: TEACHER[1] },
    });
    const first = await renderApp({ client: backend.client, path: '/lms' });
    await screen.findByRole('heading', { level: 1, name: 'Новости' });
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Текст новости' }), 'Собрание в пятницу');
    await user.click(screen.getByRole('radio', { name: 'Преподавателям' }));
    const faculty = screen.getByRole('combobox', { name: 'Факультет' });
    await waitFor(() => expect(within(faculty).getAllByRole('option').length).toBeGreaterThan(1));
    const chosen = (within(faculty).getAllByRole('option')[1] as HTMLOptionElement).value;
    await user.selectOptions(faculty, chosen);
    await attach(user, [textFile('Повестка.docx', 'agenda')]);
    // The draft is written once typing pauses, before anything else happens to the page.
    await waitFor(async () => expect(await countDrafts(me!.uid)).toBe(1));

    // A reload: the page goes and the portal starts again for the same person.
    first.unmount();
    await renderApp({ client: backend.client, path: '/lms' });
    await screen.findByRole('heading', { level: 1, name: 'Новости' });
    const note = await screen.findByText('Черновик восстановлен.');
    expect(note.closest('[role="status"]')).toBeTruthy();
    const message = screen.getByRole('textbox', { name: 'Текст новости' }) as HTMLTextAreaElement;
    expect(message.value).toBe('Собрание в пятницу');
    expect(
      (screen.getByRole('radio', { name: 'Преподавателям' }) as HTMLInputElement).checked,
    ).toBe(true);
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'Факультет' }) as HTMLSelectElement).value).toBe(
        chosen,
      ),
    );
    expect(await screen.findByRole('button', { name: 'Убрать файл Повестка.docx' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Опубликовать' }));
    expect(await screen.findByText('Новость опубликована')).toBeTruthy();
    expect(xhr.sent).toHaveLength(1);
    expect(xhr.sent[0]!.fields).toMatchObject({
      message: 'Собрание в пятницу',
      audience: '1',
      id_faculty: chosen,
    });
    expect(xhr.sent[0]!.files.map((file) => file.name)).toEqual(['Повестка.docx']);
    expect(message.value).toBe('');
    expect(screen.queryByText('Черновик восстановлен.')).toBeNull();
    expect(await countDrafts(me!.uid)).toBe(0);
  });

  it('throws a restored draft away with Очистить', async () => {
    const me = await backend.client.post('/api/auth/orize.json', {
      body: { login: TEACHER[0], password: TEACHER[1] },
    });
    const first = await renderApp({ client: backend.client, path: '/lms' });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Текст новости' }), 'Не нужно');
    first.unmount();
    await renderApp({ client: backend.client, path: '/lms' });
    await screen.findByText('Черновик восстановлен.');
    await user.click(screen.getByRole('button', { name: 'Очистить' }));
    expect(
      (screen.getByRole('textbox', { name: 'Текст новости' }) as HTMLTextAreaElement).value,
    ).toBe('');
    expect(screen.queryByText('Черновик восстановлен.')).toBeNull();
    expect(await countDrafts(me!.uid)).toBe(0);
  });

  it('removes an attached file before sending', async () => {
    await openNews(backend, TEACHER);
    const user = userEvent.setup();
    await attach(user, [textFile('a.txt'), textFile('b.txt')]);
    await user.click(screen.getByRole('button', { name: 'Убрать файл a.txt' }));
    const picked = screen.getByRole('list', { name: 'Прикрепленные файлы' });
    expect(within(picked).getAllByRole('listitem')).toHaveLength(1);
    expect(within(picked).getByText('b.txt')).toBeTruthy();
  });
});

describe('deleting news', () => {
  let backend: NewsBackend;
  beforeEach(() => {
    backend = createNewsBackend();
  });

  async function firstEditable(feed: HTMLElement) {
    const article = articles(feed).find((a) =>
      within(a).queryByRole('button', { name: 'Удалить?' }),
    )!;
    return { article, button: within(article).getByRole('button', { name: 'Удалить?' }) };
  }

  it('asks first; cancel keeps the item, confirm removes it by id_eventMessage', async () => {
    const { feed } = await openNews(backend, TEACHER);
    const user = userEvent.setup();
    const { article, button } = await firstEditable(feed);
    const message = article.querySelector('p:not([class*="posted"])')!.textContent!;
    const count = articles(feed).length;

    await user.click(button);
    const dialog = screen.getByRole('alertdialog', { name: 'Удалить новость?' });
    expect(within(dialog).getByText(message.slice(0, 40), { exact: false })).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Отмена' }));
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(articles(feed)).toHaveLength(count);
    expect(document.activeElement).toBe(button);
    expect(backend.paths()).not.toContain('/api/news/delete.json');

    await user.click(button);
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Удалить' }),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(articles(feed)).not.toContain(article);
    expect(screen.getByText('Новость удалена')).toBeTruthy();
    const [body] = backend.bodiesOf('/api/news/delete.json') as {
      id: number;
      role: number;
      message: string;
    }[];
    expect(body).toMatchObject({ role: 1, message });
    const remaining = await readFeed(backend);
    expect(remaining.map((item) => item.id_eventMessage)).not.toContain(body!.id);
  });

  it('closes on Escape without deleting', async () => {
    const { feed } = await openNews(backend, TEACHER);
    const user = userEvent.setup();
    const { button } = await firstEditable(feed);
    await user.click(button);
    const dialog = screen.getByRole('alertdialog');
    act(() => {
      dialog.dispatchEvent(new Event('cancel', { cancelable: true }));
    });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(backend.paths()).not.toContain('/api/news/delete.json');
  });

  it('keeps the item and the dialog open, with the reason, when the delete fails', async () => {
    const { feed } = await openNews(backend, TEACHER);
    const user = userEvent.setup();
    const { article, button } = await firstEditable(feed);
    await user.click(button);
    backend.scenarios.set('/api/news/delete.json', 'result-error');
    const dialog = screen.getByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Не удалось удалить новость');
    expect(alert.textContent).toContain('Ошибка сервера (X-Mock-Scenario: result-error)');
    expect(articles(feed)).toContain(article);
  });
});

describe('news rules', () => {
  it('cuts names longer than 20 characters and keeps whole letters', () => {
    expect(truncateFileName('12345678901234567890')).toBe('12345678901234567890');
    expect(truncateFileName('123456789012345678901')).toBe('12345678901234567890…');
    expect(truncateFileName('😀'.repeat(21))).toBe(`${'😀'.repeat(20)}…`);
  });

  it('picks the icon by extension, case-insensitively', () => {
    expect(fileKind('A.PDF')).toBe('pdf');
    expect(fileKind('b.XLSX')).toBe('excel');
    expect(fileKind('c.Doc')).toBe('word');
    expect(fileKind('no-extension')).toBe('generic');
    expect(fileKind('.pdf')).toBe('generic');
    expect(fileKind('image.jpeg')).toBe('generic');
  });

  it('skips a file picked twice and refuses one over the limit', () => {
    const a = new File(['a'], 'a.txt', { lastModified: 1 });
    const big = new File([new Uint8Array(2 * 1024 * 1024)], 'big.bin', { lastModified: 1 });
    const result = attachFiles([a], [new File(['a'], 'a.txt', { lastModified: 1 }), big], 1);
    expect(result.files).toEqual([a]);
    expect(result.refused).toEqual([big]);
    expect(attachFiles([], [big], undefined).files).toEqual([big]);
  });
});
