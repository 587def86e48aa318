import 'fake-indexeddb/auto';
import { dehydrate, onlineManager, QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, get, keys } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChatThread } from '../src/features/chat/utils/thread';
import { rememberUser } from '../src/features/session/utils/stored-user';
import {
  forgetOfflineData,
  KEPT_OFFLINE,
  offlinePersistence,
} from '../src/lib/offline/offline-cache';
import { keptAnswers } from '../src/lib/offline/offline-store';
import { renderApp } from './support/render-app';
import { signInDemo, withHooks } from './support/mock-backend';

// The database the portal keeps its snapshots in (lib/offline/offline-cache.ts), read as a person's
// browser would hold it.
const snapshots = createStore('lms-offline', 'snapshots');

interface Snapshot {
  clientState: { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
}

async function keptKeys(uid: number): Promise<string[]> {
  const text = await get<string>(`user-${uid}`, snapshots);
  if (!text) return [];
  const snapshot = JSON.parse(text) as Snapshot;
  return snapshot.clientState.queries.map((query) => JSON.stringify(query.queryKey));
}

function setBrowserOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, value: online });
  act(() => {
    onlineManager.setOnline(online);
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

const main = () => within(screen.getByRole('main'));

/** Every line on the page that speaks of the network, the server or saved data. */
const offlineLines = () =>
  screen.queryAllByText(
    /Нет сети|Показаны сохранённые|переподключаемся|Не удалось обновить|Последняя синхронизация/,
  );

/**
 * One offline situation, one notice: every such line is in the banner at the top of the page
 * (outside the section), however many lists the screen keeps. Returns the banner's saved-data line.
 */
function expectOneOfflineNotice(): HTMLElement {
  const alert = screen.getByText('Нет сети !!!');
  expect(alert.getAttribute('role')).toBe('alert');
  const banner = alert.parentElement;
  expect(banner?.closest('main')).toBeNull();
  for (const line of offlineLines()) expect(banner!.contains(line), line.textContent).toBe(true);
  return within(banner!).getByText(/^Показаны сохранённые данные\./);
}

/** The week grid's lessons, cell by cell. */
const lessonsIn = (table: HTMLElement) =>
  within(table)
    .getAllByRole('cell')
    .map((cell) => cell.textContent ?? '')
    .filter(Boolean);

beforeEach(async () => {
  await forgetOfflineData();
});

afterEach(() => {
  onlineManager.setOnline(true);
});

describe('the last data read, kept on the device', () => {
  it('opens without a network on the news and schedule a student last read, saying when they were synced, and refreshes when the network returns', async () => {
    const { backend, user } = await signInDemo('student');
    rememberUser(user);
    const visit = await renderApp({ client: backend.client, path: '/lms' });
    const feed = await screen.findByRole('list', { name: 'Лента новостей' });
    const firstNews = within(feed).getAllByRole('article')[0]!.textContent ?? '';
    await visit.router.navigate('/lms/schedule');
    const week = lessonsIn(await main().findByRole('table'));
    expect(week.length).toBeGreaterThan(0);
    await waitFor(async () => {
      const kept = await keptKeys(user.uid);
      expect(kept.some((key) => key.startsWith('["news"'))).toBe(true);
      expect(kept.some((key) => key.startsWith('["schedule"'))).toBe(true);
      // the session itself is not kept: a token decides it
      expect(kept.some((key) => key.includes('"user"'))).toBe(false);
    });
    visit.unmount();

    // Offline: the browser says so and every request fails as without a network. The schedule's
    // own local-storage copy is gone too, so what shows comes from the kept snapshot.
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith('schedule:')) localStorage.removeItem(key);
    }
    let offline = true;
    const client = withHooks(backend.client, {
      gate: () => (offline ? Promise.reject(new TypeError('Failed to fetch')) : null),
    });
    setBrowserOnline(false);
    const before = backend.calls.length;
    const reopened = await renderApp({ client, path: '/lms' });

    const keptFeed = await screen.findByRole('list', { name: 'Лента новостей' });
    expect(within(keptFeed).getAllByRole('article')[0]!.textContent).toBe(firstNews);
    const notice = await waitFor(expectOneOfflineNotice);
    expect(notice.textContent).toMatch(/Последняя синхронизация: \d\d\.\d\d\.\d{4}, \d{1,2}:\d\d/);
    await reopened.router.navigate('/lms/schedule');
    expect(lessonsIn(await main().findByRole('table'))).toEqual(week);
    await waitFor(expectOneOfflineNotice);
    expect(backend.calls.length).toBe(before);

    // Back online: the screen asks again, and the notice goes.
    offline = false;
    setBrowserOnline(true);
    await waitFor(() => expect(backend.calls).toContain('/api/schedule/student.json'));
    await waitFor(() => expect(offlineLines()).toEqual([]));
    expect(lessonsIn(main().getByRole('table'))).toEqual(week);
  });

  it('shows the messages of a conversation read before when it is opened offline, and only then', async () => {
    const { backend, user: student } = await signInDemo('student');
    rememberUser(student);
    const visit = await renderApp({ client: backend.client, path: '/lms/chat' });
    const person = userEvent.setup();
    const disciplines = await screen.findByRole('region', { name: 'Дисциплины' });
    // The first of the student's conversations that has messages (the seeded world has some).
    // The list is virtualised (jsdom draws no rows), so the messages are read from the thread.
    const threadIds = (view: Awaited<ReturnType<typeof renderApp>>) =>
      view.queryClient
        .getQueryCache()
        .findAll({ queryKey: ['chat', 'thread'] })
        .flatMap((query) => (query.state.data as ChatThread | undefined)?.messages ?? [])
        .map((message) => message.id_message);
    await person.click((await within(disciplines).findAllByRole('button'))[0]!);
    const contacts = screen.getByRole('region', { name: 'Контакты' });
    await person.click((await within(contacts).findAllByRole('button'))[0]!);
    const log = await main().findByRole('log', { name: 'Сообщения' });
    const messages = threadIds(visit);
    expect(messages.length).toBeGreaterThan(0);
    expect(log).toBeTruthy();
    await waitFor(async () => {
      expect((await keptKeys(student.uid)).some((key) => key.startsWith('["chat"'))).toBe(true);
    });
    visit.unmount();

    // Online, reopening loads the latest page afresh: no old copy on the way.
    let offline = false;
    const client = withHooks(backend.client, {
      gate: () => (offline ? Promise.reject(new TypeError('Failed to fetch')) : null),
    });
    let release = () => {};
    // The conversation opened first may be a person's or the group's: its opening page is held.
    const opening = new Set(['/api/chat/messages', '/api/chat/group/messages']);
    const held = withHooks(client, {
      gate: (path) => (opening.has(path) ? new Promise<void>((go) => (release = go)) : null),
    });
    const online = await renderApp({ client: held, path: '/lms/chat' });
    expect(await main().findByText('Загрузка...')).toBeTruthy();
    expect(main().queryByRole('log')).toBeNull();
    release();
    expect(await main().findByRole('log', { name: 'Сообщения' })).toBeTruthy();
    const lastRead = threadIds(online);
    expect(lastRead.length).toBeGreaterThan(0);
    await waitFor(async () => {
      const snapshot = (await get<string>(`user-${student.uid}`, snapshots)) ?? '';
      for (const id of [lastRead[0], lastRead.at(-1)]) {
        expect(snapshot).toContain(`"id_message":${id}`);
      }
    });
    online.unmount();

    // Offline, the copy read before is there, saying so.
    offline = true;
    setBrowserOnline(false);
    const reopened = await renderApp({ client, path: '/lms/chat' });
    const kept = await main().findByRole('log', { name: 'Сообщения' });
    expect(threadIds(reopened)).toEqual(lastRead);
    // drawn (a virtual list's full height), not the loading state
    expect(kept.querySelector('.listInner')?.getAttribute('style')).toMatch(/height: [1-9]\d*px/);
    // The thread and the columns' lists are all kept copies: the banner says it once for them.
    await waitFor(expectOneOfflineNotice);
  });

  it('keeps what a refresh could not replace, with a retry, when the server fails', async () => {
    const { backend, user } = await signInDemo('student');
    rememberUser(user);
    const visit = await renderApp({ client: backend.client, path: '/lms/profile' });
    const name = await main().findByText(user.fullName);
    expect(name).toBeTruthy();
    await waitFor(async () => {
      expect((await keptKeys(user.uid)).some((key) => key.startsWith('["profile"'))).toBe(true);
    });
    visit.unmount();

    backend.scenarios!.set('/api/profile/data.json', 'server-error');
    await renderApp({ client: backend.client, path: '/lms/profile' });
    const notice = await main().findByRole('alert');
    expect(notice.textContent).toMatch(
      /^Не удалось обновить данные\. Показаны сохранённые\. Последняя синхронизация: /,
    );
    expect(main().getByText(user.fullName)).toBeTruthy();
    backend.scenarios!.delete('/api/profile/data.json');
    await userEvent.setup().click(within(notice).getByRole('button', { name: 'Повторить' }));
    await waitFor(() => expect(main().queryByRole('alert')).toBeNull());
    expect(main().getByText(user.fullName)).toBeTruthy();
  });

  it('asks again online for what it restored, however long the data would otherwise stay fresh', async () => {
    const { backend, user } = await signInDemo('student');
    rememberUser(user);
    const visit = await renderApp({ client: backend.client, path: '/lms/paymentcode' });
    const service = await screen.findByRole('combobox', { name: 'Услуга' });
    expect(within(service).getByRole('option', { name: 'Дубликат зачётной книжки' })).toBeTruthy();
    await waitFor(async () => {
      expect((await keptKeys(user.uid)).some((key) => key.includes('uslugi'))).toBe(true);
    });
    visit.unmount();
    const asked = () => backend.calls.filter((path) => path === '/api/misc/uslugi').length;
    const before = asked();

    // The list of services stays fresh for an hour in one page; a new page load asks again.
    await renderApp({ client: backend.client, path: '/lms/paymentcode' });
    await waitFor(() => expect(asked()).toBe(before + 1));
    expect(screen.getByRole('combobox', { name: 'Услуга' })).toBeTruthy();
  });

  it('leaves nothing on the device after logout', async () => {
    const { backend, user } = await signInDemo('student');
    rememberUser(user);
    await renderApp({ client: backend.client, path: '/lms' });
    await screen.findByRole('list', { name: 'Лента новостей' });
    await waitFor(async () => expect(await keptKeys(user.uid)).not.toHaveLength(0));

    const person = userEvent.setup();
    await person.click(screen.getByRole('button', { name: /Меню профиля/ }));
    await person.click(screen.getByRole('menuitem', { name: 'Выйти' }));
    await screen.findByRole('button', { name: 'Войти' });
    await waitFor(async () => expect(await keys(snapshots)).toEqual([]));
  });

  it('keeps the last answer of a kept query whose refresh failed, as an answer', async () => {
    const cache = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    cache.setQueryDefaults(['schedule'], KEPT_OFFLINE);
    cache.setQueryData(['schedule', 'week'], ['lesson']);
    const answeredAt = cache.getQueryState(['schedule', 'week'])!.dataUpdatedAt;
    await cache
      .fetchQuery({
        queryKey: ['schedule', 'week'],
        queryFn: () => Promise.reject(new Error('unreachable')),
        staleTime: 0,
      })
      .catch(() => undefined);
    expect(cache.getQueryState(['schedule', 'week'])!.status).toBe('error');

    const state = dehydrate(cache, offlinePersistence(1).persistOptions.dehydrateOptions);
    const kept = keptAnswers({ buster: '1', timestamp: 1, clientState: state });
    expect(kept.clientState.queries).toHaveLength(1);
    const { state: restored } = kept.clientState.queries[0]!;
    expect(restored.data).toEqual(['lesson']);
    expect(restored.status).toBe('success');
    expect(restored.error).toBeNull();
    expect(restored.dataUpdatedAt).toBe(answeredAt);
  });

  it('keeps a paged list with its first page, and only the queries that ask to be kept', () => {
    const cache = new QueryClient();
    cache.setQueryDefaults(['news'], KEPT_OFFLINE);
    cache.setQueryData(['news', 'feed'], { pages: [[1], [2], [3]], pageParams: [1, 2, 3] });
    cache.setQueryData(['other'], { pages: [[1], [2]], pageParams: [1, 2] });
    const state = dehydrate(cache, offlinePersistence(1).persistOptions.dehydrateOptions);
    const kept = keptAnswers({ buster: '1', timestamp: 1, clientState: state });
    expect(kept.clientState.queries).toHaveLength(1);
    expect(kept.clientState.queries[0]!.state.data).toEqual({ pages: [[1]], pageParams: [1] });
    // the cache itself keeps every page it loaded
    expect(cache.getQueryData<{ pages: unknown[] }>(['news', 'feed'])!.pages).toHaveLength(3);
  });
});
