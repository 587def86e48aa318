import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyRoute } from '../src/app/lazy-route';
import { RouteErrorBoundary } from '../src/app/route-error';
import { ErrorBoundary } from '../src/components/ui/error-boundary';
import { activeTab, MAIN_TABS, returnFromChat } from '../src/lib/ui-state/main-tabs';
import { theme } from '../src/lib/ui-state/theme';
import { resetUiState } from '../src/lib/ui-state/ui-sync';
import { isMobile, startViewportTracking } from '../src/lib/ui-state/viewport';
import { createTestRouter, renderApp } from './support/render-app';
import { createMockBackend } from './support/mock-backend';

async function signedIn(login = 'teacher', password = 'Teacher1') {
  const backend = createMockBackend();
  await backend.client.post('/api/auth/orize.json', { body: { login, password } });
  return backend;
}

function cookie(name: string): string | undefined {
  return document.cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, value: online });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

describe('desktop shell', () => {
  it('shows the four columns with their empty states and loads content routes lazily', async () => {
    const backend = await signedIn();
    const { router } = await renderApp({ client: backend.client, path: '/lms' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Новости' })).toBeTruthy();
    expect(screen.getByRole('complementary', { name: 'Дисциплины' })).toBeTruthy();
    expect(screen.getByRole('complementary', { name: 'Контакты' })).toBeTruthy();
    expect(screen.getByText('Выберите дисциплину, чтобы увидеть контакты')).toBeTruthy();
    // The shell sets it in a passive effect, which may run just after the heading appears.
    await waitFor(() =>
      expect(document.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toBe(
        '#4fc3f7',
      ),
    );

    const user = userEvent.setup();
    const sections = screen.getByRole('navigation', { name: 'Разделы' });
    await user.click(within(sections).getByRole('link', { name: 'Расписание' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Расписание' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/lms/schedule');
    expect(
      within(sections).getByRole('link', { name: 'Расписание' }).getAttribute('aria-current'),
    ).toBe('page');
    // (after the person's unread count, once it has been read)
    await waitFor(() =>
      expect(document.title).toMatch(/^(\(\d+\) )?Расписание · Университетский портал LMS$/),
    );
  });

  it('switches the language from the profile menu and keeps it in the lang cookie and storage', async () => {
    const backend = await signedIn();
    await renderApp({ client: backend.client, path: '/lms' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Меню профиля/ }));
    await user.click(screen.getByRole('menuitemradio', { name: 'Eng' }));

    expect(await screen.findByRole('menuitem', { name: 'Sign out' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'News' })).toBeTruthy();
    expect(screen.getByRole('menuitemradio', { name: 'Eng' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(cookie('lang')).toBe('en');
    expect(localStorage.getItem('lang')).toBe('en');
    expect(document.documentElement.lang).toBe('en');

    await user.click(screen.getByRole('menuitemradio', { name: 'Кыр' }));
    expect(await screen.findByRole('menuitem', { name: 'Чыгуу' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('ky');
    expect(cookie('lang')).toBe('kg');
  });

  it('toggles dark mode off and remembers the light theme', async () => {
    const backend = await signedIn();
    const { unmount } = await renderApp({ client: backend.client, path: '/lms' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Меню профиля/ }));
    const toggle = screen.getByRole('menuitemcheckbox', { name: 'Тёмная тема' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');

    await user.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(theme.value).toBe('light');
    expect(localStorage.getItem('theme')).toBe('light');
    expect(document.documentElement.dataset.theme).toBe('light');

    // A reload reads the stored choice.
    unmount();
    theme.value = 'dark';
    resetUiState();
    expect(theme.value).toBe('light');
  });

  it('shows the offline banner while the browser is offline', async () => {
    const backend = await signedIn();
    await renderApp({ client: backend.client, path: '/lms' });
    await screen.findByRole('heading', { level: 1, name: 'Новости' });
    expect(screen.queryByText('Нет сети !!!')).toBeNull();
    setOnline(false);
    expect(screen.getByRole('alert').textContent).toContain('Нет сети !!!');
    setOnline(true);
    expect(screen.queryByText('Нет сети !!!')).toBeNull();
  });
});

describe('mobile shell', () => {
  function goMobile() {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 390 });
    isMobile.value = true;
  }

  it('starts on the apps tab (3) and switches panels with the tab bar', async () => {
    goMobile();
    const backend = await signedIn('student', 'Student1');
    await renderApp({ client: backend.client, path: '/lms' });
    const tabs = await screen.findByRole('navigation', { name: 'Главный экран' });
    expect(
      within(tabs).getByRole('button', { name: 'Приложения' }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(screen.getByRole('link', { name: 'Расписание' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: 'Новости' })).toBeNull();

    const user = userEvent.setup();
    await user.click(within(tabs).getByRole('button', { name: 'Чат' }));
    expect(activeTab.value).toBe(MAIN_TABS.chat);
    expect(screen.getByRole('heading', { name: 'Контакты' })).toBeTruthy();

    await user.click(within(tabs).getByRole('button', { name: 'Новости' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Новости' })).toBeTruthy();
  });

  it('shows the chat panel again when coming back from a chat to #messages', async () => {
    goMobile();
    const backend = await signedIn('student', 'Student1');
    const { router } = await renderApp({ client: backend.client, path: '/lms/chat' });
    await screen.findByRole('heading', { level: 1, name: 'Чат' });
    expect(activeTab.value).toBe(MAIN_TABS.apps);

    act(() => returnFromChat());
    await router.navigate('/lms#messages');
    expect(screen.getByRole('heading', { name: 'Контакты' })).toBeTruthy();
    const tabs = screen.getByRole('navigation', { name: 'Главный экран' });
    expect(within(tabs).getByRole('button', { name: 'Чат' }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    // The profile menu's 'Новости' opens the news.
    const person = userEvent.setup();
    await person.click(screen.getByRole('button', { name: /Меню профиля/ }));
    await person.click(screen.getByRole('menuitem', { name: 'Новости' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Новости' })).toBeTruthy();
    expect(within(tabs).getByRole('button', { name: 'Новости' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('opens the sections drawer from the header', async () => {
    goMobile();
    const backend = await signedIn();
    await renderApp({ client: backend.client, path: '/lms' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Открыть меню разделов' }));
    const dialog = screen.getByRole('dialog', { name: 'Разделы' });
    await user.click(within(dialog).getByRole('link', { name: 'УМК' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Учебно-методический комплекс' }),
    ).toBeTruthy();
  });
});

describe('one shell tree for every width', () => {
  function resizeTo(width: number) {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
    act(() => {
      window.dispatchEvent(new Event('resize'));
    });
  }

  it('keeps a half-typed form, its element and the focus across 899.92 px both ways', async () => {
    resizeTo(1280);
    isMobile.value = false;
    const backend = await signedIn();
    await renderApp({ client: backend.client, path: '/lms/profile' });
    const user = userEvent.setup();
    const field = await screen.findByLabelText('Старый пароль');
    await user.type(field, 'Teach');
    expect(field).toBe(document.activeElement);

    resizeTo(390);
    await waitFor(() => expect(document.querySelector('[data-layout="mobile"]')).toBeTruthy());
    expect(screen.getByLabelText('Старый пароль')).toBe(field);
    expect((field as HTMLInputElement).value).toBe('Teach');
    expect(document.activeElement).toBe(field);

    await user.type(field, 'er1');
    resizeTo(1280);
    await waitFor(() => expect(document.querySelector('[data-layout="desktop"]')).toBeTruthy());
    expect(screen.getByLabelText('Старый пароль')).toBe(field);
    expect((field as HTMLInputElement).value).toBe('Teacher1');
    expect(document.activeElement).toBe(field);
  });

  it('narrowing on the main screen shows the news the person was reading, not the apps tab', async () => {
    resizeTo(1280);
    isMobile.value = false;
    const backend = await signedIn();
    await renderApp({ client: backend.client, path: '/lms' });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Новости' });
    resizeTo(390);
    await waitFor(() => expect(document.querySelector('[data-layout="mobile"]')).toBeTruthy());
    expect(activeTab.value).toBe(MAIN_TABS.news);
    expect(screen.getByRole('heading', { level: 1, name: 'Новости' })).toBe(heading);
  });
});

describe('viewport tracking', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('updates isMobile at 899.92 px after a 200 ms debounce', () => {
    vi.useFakeTimers();
    const stop = startViewportTracking();
    expect(isMobile.value).toBe(false);
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 899 });
    window.dispatchEvent(new Event('resize'));
    vi.advanceTimersByTime(199);
    expect(isMobile.value).toBe(false);
    vi.advanceTimersByTime(1);
    expect(isMobile.value).toBe(true);
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 900 });
    window.dispatchEvent(new Event('resize'));
    vi.advanceTimersByTime(200);
    expect(isMobile.value).toBe(false);
    stop();
  });
});

describe('entry routes and failures', () => {
  it('redirects / to /lms when online', async () => {
    const { router } = await renderApp({ client: createMockBackend().client, path: '/' });
    await screen.findByRole('button', { name: 'Войти' });
    expect(router.state.location.pathname).toBe('/lms/login');
    expect(document.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toBe(
      '#0b3d91',
    );
  });

  it('redirects / to the offline page when offline', async () => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, value: false });
    const { router } = await renderApp({ client: createMockBackend().client, path: '/' });
    expect(await screen.findByRole('heading', { name: 'Нет связи с сервером' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/lms/offline');
    expect(screen.getByText('Нет сети !!!')).toBeTruthy();
  });

  it('shows "Ошибка, обновите страницу!" when rendering fails', () => {
    const silence = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Broken(): never {
      throw new Error('boom');
    }
    render(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Ошибка, обновите страницу!');
    expect(screen.getByRole('button', { name: 'Обновить страницу' })).toBeTruthy();
    silence.mockRestore();
  });

  it('renders its page again once the path (its reset key) changes', () => {
    const silence = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Page({ broken }: { broken: boolean }) {
      if (broken) throw new Error('boom');
      return <p>Расписание</p>;
    }
    const view = render(
      <ErrorBoundary resetKey="/lms/journal">
        <Page broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Ошибка, обновите страницу!');
    // Same page: the failure stays.
    view.rerender(
      <ErrorBoundary resetKey="/lms/journal">
        <Page broken={false} />
      </ErrorBoundary>,
    );
    expect(screen.queryByText('Расписание')).toBeNull();
    view.rerender(
      <ErrorBoundary resetKey="/lms/schedule">
        <Page broken={false} />
      </ErrorBoundary>,
    );
    expect(screen.getByText('Расписание')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    silence.mockRestore();
  });

  it("explains a chunk that failed to load with 'Loading chunk ... failed'", async () => {
    const silence = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const FailingSection = lazyRoute(
      'schedule',
      () => Promise.reject<{ ScheduleRoute: () => null }>(new TypeError('Failed to fetch')),
      (m) => m.ScheduleRoute,
    );
    const { wrap } = createTestRouter('/');
    render(
      wrap(
        <RouteErrorBoundary>
          <Suspense fallback={null}>
            <FailingSection />
          </Suspense>
        </RouteErrorBoundary>,
      ),
    );
    expect(
      await screen.findByRole('heading', { name: 'Не удалось загрузить раздел' }),
    ).toBeTruthy();
    expect(screen.getByText('Loading chunk schedule failed.')).toBeTruthy();
    silence.mockRestore();
  });
});
