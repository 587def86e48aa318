import { LmsError, type Problem } from '@lms/client';
import { changeLanguage, i18n, SUPPORTED_LANGUAGES } from '@lms/i18n';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from './support/render-app';
import { reconnectDelay } from '../src/features/session/api/use-session-reconnect';
import { isDefiniteRefusal } from '../src/features/session/utils/session-refusal';
import { rememberUser, STORED_USER_KEY } from '../src/features/session/utils/stored-user';
import { sessionReconnecting } from '../src/lib/session/session-status';
import { createMockBackend, createStubClient, signInDemo } from './support/mock-backend';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function signIn(login: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Логин'), login);
  await user.type(screen.getByLabelText('Пароль'), password);
  await user.click(screen.getByRole('button', { name: 'Войти' }));
  return user;
}

describe('login screen', () => {
  it('requires both fields and a password of at least 3 characters, without calling the server', async () => {
    const backend = createMockBackend();
    await renderApp({ client: backend.client, path: '/lms/login' });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Войти' }));
    expect(screen.getByText('Введите логин')).toBeTruthy();
    expect(screen.getByText('Введите пароль')).toBeTruthy();
    expect(screen.getByLabelText('Логин').getAttribute('aria-invalid')).toBe('true');

    await user.type(screen.getByLabelText('Логин'), 'teacher');
    await user.type(screen.getByLabelText('Пароль'), 'ab');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    expect(screen.getByText('Пароль должен содержать не менее 3 символов')).toBeTruthy();
    expect(screen.queryByText('Введите логин')).toBeNull();
    expect(backend.calls).not.toContain('/api/auth/orize.json');
  });

  it('shows the logo information fetched on mount', async () => {
    const backend = createMockBackend();
    await renderApp({ client: backend.client, path: '/lms/login' });
    expect(await screen.findByText('Кыргызский национальный университет')).toBeTruthy();
    expect(
      screen.getByRole('img', { name: 'Логотип университета' }).getAttribute('style'),
    ).toContain('width: 30%');
    expect(backend.calls).toContain('/api/logo.json');
    expect(screen.getByRole('heading', { level: 1, name: 'Вход в личный кабинет' })).toBeTruthy();
  });

  it('falls back to the shipped logo when the image fails to load', async () => {
    const backend = createMockBackend();
    await renderApp({ client: backend.client, path: '/lms/login' });
    await screen.findByText('Кыргызский национальный университет');
    const logo = screen.getByRole('img', { name: 'Логотип университета' });
    expect(logo.getAttribute('src')).toBe('/api/logo.svg');
    logo.dispatchEvent(new Event('error'));
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Логотип университета' }).getAttribute('src')).toMatch(
        /\/logo-fallback\.svg$/,
      ),
    );
  });

  it('toggles the password between hidden and shown', async () => {
    await renderApp({ client: createMockBackend().client, path: '/lms/login' });
    const user = userEvent.setup();
    const password = await screen.findByLabelText('Пароль');
    expect(password.getAttribute('type')).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Показать пароль' }));
    expect(password.getAttribute('type')).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Скрыть пароль' }));
    expect(password.getAttribute('type')).toBe('password');
  });

  it('says "Неверное имя пользователя или пароль" for a wrong password, keeps the input, and dismisses on click', async () => {
    await renderApp({ client: createMockBackend().client, path: '/lms/login' });
    const user = await signIn('teacher', 'wrong-password');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Неверное имя пользователя или пароль');
    expect((screen.getByLabelText('Логин') as HTMLInputElement).value).toBe('teacher');
    expect((screen.getByLabelText('Пароль') as HTMLInputElement).value).toBe('wrong-password');

    await user.click(within(alert).getByRole('button'));
    expect(screen.queryByText('Неверное имя пользователя или пароль')).toBeNull();
  });

  it('disables the button and shows the loading text while signing in', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const backend = createStubClient(() => ({
      body: { result: 0, error: null, data: null },
    }));
    const slowClient = {
      ...backend.client,
      post: async (...args: Parameters<typeof backend.client.post>) => {
        await gate;
        return backend.client.post(...args);
      },
    } as typeof backend.client;
    await renderApp({ client: slowClient, path: '/lms/login' });
    await signIn('teacher', 'Teacher1');
    const button = screen.getByRole('button', { name: 'Вход...' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    release();
    expect(await screen.findByText('Неверное имя пользователя или пароль')).toBeTruthy();
  });

  it('signs a teacher in: /lms with the short name, the word for teacher and a stored identifier', async () => {
    const backend = createMockBackend();
    const { router } = await renderApp({ client: backend.client, path: '/lms/login' });
    await signIn('teacher', 'Teacher1');

    expect(await screen.findByText('Асанов Б.Э.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/lms');
    expect(screen.getAllByText('Преподаватель').length).toBeGreaterThan(0);
    expect(localStorage.getItem('token')).toMatch(UUID);
    // After authorization: the config, then once the user is known, photo and default year.
    await waitFor(() => expect(backend.calls).toContain('/config.json'));
    expect(backend.calls).toContain('/api/misc/photo');
    expect(backend.calls).toContain('/api/misc/defaultyear');
    await waitFor(() => expect(document.title).toBe('Новости · Университетский портал LMS'));
  });

  it("signs a student in and shows the student's group", async () => {
    const backend = createMockBackend();
    await renderApp({ client: backend.client, path: '/lms/login' });
    await signIn('student', 'Student1');
    const menu = await screen.findByRole('button', { name: /Меню профиля/ });
    expect(menu.textContent).not.toContain('Преподаватель');
    expect(menu.textContent).toMatch(/[А-ЯA-Z]+-\d/);
  });

  it('refuses a role other than teacher or student', async () => {
    const stub = createStubClient((path) => {
      if (path === '/api/auth/orize.json') {
        return {
          body: {
            result: 0,
            error: null,
            data: { uid: 9, id: 9, fullName: 'Сотрудник Офиса', role: 3, newsPerms: false },
          },
        };
      }
      if (path === '/api/logo.json') return { body: { logo: '/logo.svg', name: 'КНУ' } };
      return { body: { result: 0, error: null, data: true } };
    });
    const { router } = await renderApp({ client: stub.client, path: '/lms/login' });
    await signIn('staff', 'Staff1');
    expect(
      await screen.findByText('Вход на портал доступен только преподавателям и студентам'),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/lms/login');
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('the portal’s name', () => {
  it('is the same on the login page, in the shell and on the offline page', async () => {
    const backend = createMockBackend();
    const config = (await backend.client.get('/config.json')) as { name: string };
    const { router } = await renderApp({ client: backend.client, path: '/lms/login' });
    await waitFor(() => expect(document.title).toMatch(/^Вход · /));
    const onLogin = document.title.replace(/^Вход · /, '');

    await signIn('teacher', 'Teacher1');
    await waitFor(() => expect(backend.calls).toContain('/config.json'));
    await waitFor(() => expect(document.title).toBe(`Новости · ${config.name}`));
    expect(onLogin).toBe(config.name);
    expect(screen.getAllByRole('banner').map((banner) => banner.textContent)).toContainEqual(
      expect.stringContaining(config.name),
    );

    await router.navigate('/lms/offline');
    await waitFor(() => expect(document.title).toBe(`Нет связи с сервером · ${config.name}`));
  });

  it('before the config arrives is the one the config gives, in every language', async () => {
    const backend = createMockBackend();
    const config = (await backend.client.get('/config.json')) as {
      name: string;
      names: Record<string, string>;
    };
    for (const language of SUPPORTED_LANGUAGES) {
      await changeLanguage(language);
      expect(i18n.t('common:portalName'), language).toBe(config.names[language] ?? config.name);
    }
    await changeLanguage('ru');
  });
});

describe('session', () => {
  it('sends a visitor with no user and no token cookie to /lms/login', async () => {
    const backend = createMockBackend();
    const { router } = await renderApp({ client: backend.client, path: '/lms/schedule' });
    await screen.findByRole('button', { name: 'Войти' });
    expect(router.state.location.pathname).toBe('/lms/login');
    expect(backend.calls).not.toContain('/api/auth/enticate.json');
  });

  it('re-authenticates by the token cookie after a reload', async () => {
    const backend = createMockBackend();
    await backend.client.post('/api/auth/orize.json', {
      body: { login: 'student', password: 'Student1' },
    });
    expect(document.cookie).toContain('token=');

    // StrictMode (as in `pnpm dev`) runs the guard's decision twice; the server is asked once.
    const { router } = await renderApp({ client: backend.client, path: '/lms', strict: true });
    expect(await screen.findByText('Токтогулова А.Н.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/lms');
    expect(backend.calls.filter((call) => call === '/api/auth/enticate.json')).toHaveLength(1);
  });

  it('goes from the login screen to /lms when the token cookie is still good', async () => {
    const backend = createMockBackend();
    await backend.client.post('/api/auth/orize.json', {
      body: { login: 'teacher', password: 'Teacher1' },
    });
    const { router } = await renderApp({ client: backend.client, path: '/lms/login' });
    await screen.findByText('Асанов Б.Э.');
    expect(router.state.location.pathname).toBe('/lms');
  });

  it('says "Введите имя пользователя и пароль" when the token brings no user', async () => {
    const backend = createMockBackend();
    document.cookie = 'token=expired-token; path=/';
    const { router } = await renderApp({ client: backend.client, path: '/lms' });
    expect(await screen.findByText('Введите имя пользователя и пароль')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/lms/login');
    // One attempt, not one per screen.
    expect(backend.calls.filter((path) => path === '/api/auth/enticate.json')).toHaveLength(1);
  });

  it('logs out: calls the server, clears local storage and the user, and goes to /lms/login', async () => {
    const backend = createMockBackend();
    const { router, queryClient } = await renderApp({ client: backend.client, path: '/lms/login' });
    const user = await signIn('teacher', 'Teacher1');
    await screen.findByText('Асанов Б.Э.');
    localStorage.setItem('schedule-cache', '{}');

    await user.click(screen.getByRole('button', { name: /Меню профиля/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Выйти' }));

    await screen.findByRole('button', { name: 'Войти' });
    expect(router.state.location.pathname).toBe('/lms/login');
    expect(backend.calls).toContain('/api/auth/logout.json');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('schedule-cache')).toBeNull();
    expect(document.cookie).not.toContain('token=');
    expect(queryClient.getQueryData(['session', 'user'])).toBeFalsy();
    // The device's preferences are not session data and survive.
    expect(localStorage.getItem('theme')).toBe('dark');
  });

  it('ends the local session and opens /lms/login when the server answers 401 mid-session', async () => {
    const backend = createMockBackend();
    const { router, queryClient } = await renderApp({ client: backend.client, path: '/lms/login' });
    await signIn('student', 'Student1');
    await screen.findByText('Токтогулова А.Н.');

    await backend.resetWorld?.(); // the server forgets the session (expired, or ended elsewhere)
    await router.navigate('/lms/profile');

    await screen.findByRole('button', { name: 'Войти' });
    expect(router.state.location.pathname).toBe('/lms/login');
    expect(localStorage.getItem('token')).toBeNull();
    expect(document.cookie).not.toContain('token=');
    expect(queryClient.getQueryData(['session', 'user'])).toBeFalsy();

    // The login page says why, and signing in again returns to the screen the session ended on.
    expect(screen.getByRole('alert').textContent).toContain('Сеанс завершён');
    await signIn('student', 'Student1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/lms/profile'));

    // Once: a later logout and sign-in start from the main screen again.
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Меню профиля/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Выйти' }));
    await screen.findByRole('button', { name: 'Войти' });
    expect(screen.queryByRole('alert')).toBeNull();
    await signIn('student', 'Student1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/lms'));
  });
});

describe('a session that survives a bad network', () => {
  it('opens on the stored session when authentication fails for a moment, and reconnects', async () => {
    const { backend, user } = await signInDemo('student');
    rememberUser(user);
    backend.scenarios!.set('/api/auth/enticate.json', 'server-error');
    const { router } = await renderApp({ client: backend.client, path: '/lms/schedule' });
    expect(await screen.findByText(/Нет связи с сервером — переподключаемся/)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/lms/schedule');
    expect(sessionReconnecting.value).toBe(true);
    backend.scenarios!.delete('/api/auth/enticate.json');
    await waitFor(() => expect(sessionReconnecting.value).toBe(false));
    expect(screen.queryByText(/переподключаемся/)).toBeNull();
    expect(router.state.location.pathname).toBe('/lms/schedule');
  });

  it('goes to the login page when the failing server has no stored session to open on', async () => {
    const { backend } = await signInDemo('student');
    localStorage.removeItem(STORED_USER_KEY);
    backend.scenarios!.set('/api/auth/enticate.json', 'server-error');
    const { router } = await renderApp({ client: backend.client, path: '/lms' });
    await screen.findByRole('button', { name: 'Войти' });
    expect(router.state.location.pathname).toBe('/lms/login');
    // a server fault is not a refusal: the token stays for the next try
    expect(document.cookie).toContain('token=');
  });

  it('ends only on a definite refusal: 401 or a failing envelope, never a timeout or a 5xx', () => {
    const error = (status: number, problem: Problem) => new LmsError(problem, 'x', { status });
    expect(isDefiniteRefusal(error(401, 'CLIENT_ERROR'))).toBe(true);
    expect(isDefiniteRefusal(error(200, 'OK'))).toBe(true);
    expect(isDefiniteRefusal(error(503, 'SERVER_ERROR'))).toBe(false);
    expect(isDefiniteRefusal(error(0, 'TIMEOUT_ERROR'))).toBe(false);
    expect(isDefiniteRefusal(new TypeError('Failed to fetch'))).toBe(false);
    expect([0, 1, 2, 3, 4, 5, 9].map(reconnectDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
  });
});
