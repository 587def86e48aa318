import { LmsError } from '@lms/client';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { chosenContact, chosenDiscipline } from '../src/lib/academic-context/selection';
import { createQueryClient } from '../src/lib/query/query-client';
import { signInDemo } from './support/mock-backend';
import { renderApp } from './support/render-app';

// One person, many tabs: this page is one tab; another tab of the same browser signs out. It
// clears the storage and the cookie every tab shares and says so on the session's channel.

const CONVERSATION = '/lms/chat?discipline=3001&contact=501%3A1';

/** Another tab's sign-out, as this tab meets it: the shared storage cleared, then the news. */
function signOutInAnotherTab() {
  localStorage.clear();
  document.cookie = 'token=; Max-Age=0; path=/';
  const otherTab = new BroadcastChannel('lms-session');
  otherTab.postMessage({ type: 'signed-out' });
  otherTab.close();
}

async function signIn(login: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Логин'), login);
  await user.type(screen.getByLabelText('Пароль'), password);
  await user.click(screen.getByRole('button', { name: 'Войти' }));
}

describe('a sign-out in another tab', () => {
  afterEach(() => sessionStorage.clear());

  it('opens the login page here at once, and signing in again returns to the conversation with its address', async () => {
    const { backend } = await signInDemo('student');
    const { router } = await renderApp({ client: backend.client, path: CONVERSATION });
    await screen.findByRole('form', { name: 'Сообщение' });
    const { pathname, search } = router.state.location;
    expect(pathname + search).toBe(CONVERSATION);

    signOutInAnotherTab();
    await screen.findByRole('button', { name: 'Войти' });
    expect(router.state.location.pathname).toBe('/lms/login');
    expect(screen.getByRole('alert').textContent).toContain('Сеанс завершён');

    await signIn('student', 'Student1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/lms/chat'));
    expect(router.state.location.search).toBe(search);
    expect(await screen.findByRole('form', { name: 'Сообщение' })).toBeTruthy();
  });

  it('lets someone else who signs in on this tab start on the main screen, with nothing of the conversation', async () => {
    const { backend } = await signInDemo('student');
    const { router } = await renderApp({ client: backend.client, path: CONVERSATION });
    await screen.findByRole('form', { name: 'Сообщение' });

    signOutInAnotherTab();
    await screen.findByRole('button', { name: 'Войти' });
    // Every address the tab shows from the sign-in on, as it shows it.
    const addresses: string[] = [];
    const watch = setInterval(() => addresses.push(router.state.location.search), 5);
    try {
      await signIn('student2', 'Student2');
      await waitFor(() => expect(router.state.location.pathname).toBe('/lms'));
      expect(chosenDiscipline.value).toBeNull();
      expect(chosenContact.value).toBeNull();
      await screen.findByRole('heading', { level: 1, name: 'Новости' });
    } finally {
      clearInterval(watch);
    }
    expect(router.state.location.search).toBe('');
    expect(addresses.filter((search) => /discipline|contact/.test(search))).toEqual([]);
  });
});

describe('a sign-in in another tab', () => {
  afterEach(() => sessionStorage.clear());

  it("keeps the new session when this tab's old one is refused after it: the cookie, the storage, and the new person's portal", async () => {
    const { backend } = await signInDemo('student');
    const queryClient = createQueryClient();
    const { router } = await renderApp({
      client: backend.client,
      queryClient,
      path: '/lms/profile',
    });
    await screen.findByRole('heading', { level: 1, name: 'Профиль' });
    localStorage.setItem('kept-by-the-new-session', 'yes');

    // Another tab: the session ends, and another person signs in (a new token cookie).
    await backend.client.post('/api/auth/logout.json', { body: { logout: true } });
    const other = await backend.client.post('/api/auth/orize.json', {
      body: { login: 'student2', password: 'Student2' },
    });
    const token = /(?:^|; )token=([^;]+)/.exec(document.cookie)?.[1];
    expect(token).toBeTruthy();

    // Then a request this tab sent with its old session is answered: refused.
    await queryClient
      .fetchQuery({
        queryKey: ['sent-with-the-old-session'],
        queryFn: () =>
          Promise.reject(new LmsError('CLIENT_ERROR', 'Unauthorized', { status: 401 })),
        retry: false,
      })
      .catch(() => undefined);

    await waitFor(() => expect(router.state.location.pathname).toBe('/lms'));
    expect(document.cookie).toContain(`token=${token}`);
    expect(localStorage.getItem('kept-by-the-new-session')).toBe('yes');
    expect(other).toBeTruthy();
    await screen.findByRole('heading', { level: 1, name: 'Новости' });
  });
});
