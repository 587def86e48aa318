// The login form of index.html, typed into before the portal's scripts arrived, as the login page
// takes it over: nothing typed is lost (the values, the field and its caret, the password
// toggle), a press of 'Войти' is carried out with the spec's checks, the password leaves no copy
// behind, and a page other than the login page takes the form away.
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMockBackend, signInDemo } from './support/mock-backend';
import { renderApp } from './support/render-app';
import { bootFields, clearBootScreen, showBootScreen } from './support/boot-screen';

const input = (label: string) =>
  screen.getByLabelText<HTMLInputElement>(label, { selector: 'input[name]' });

/** index.html's boot screen showing its form, as the boot script leaves it without a session. */
function bootOnLogin() {
  document.documentElement.dataset.boot = 'login';
  showBootScreen();
  return bootFields();
}

/** Types into a boot screen field as a person does: the value, then an input event. */
function typeInto(field: HTMLInputElement, text: string) {
  field.focus();
  field.value += text;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

beforeEach(() => clearBootScreen());
afterEach(() => clearBootScreen());

describe("the login page takes over index.html's form", () => {
  it('with what was typed, the focus and the caret where they were, and the form gone', async () => {
    const { login, password } = bootOnLogin();
    typeInto(login, 'student');
    typeInto(password, 'Stud');
    password.setSelectionRange(2, 2);

    await renderApp({ client: createMockBackend().client, path: '/lms/login' });

    expect(input('Логин')).toHaveProperty('value', 'student');
    const field = input('Пароль');
    expect(field).toHaveProperty('value', 'Stud');
    expect(document.activeElement).toBe(field);
    expect([field.selectionStart, field.selectionEnd]).toEqual([2, 2]);
    // one form on the page, and the password only in the login page's own field
    expect(document.getElementById('boot-login')).toBeNull();
    expect(password.value).toBe('');
    expect(screen.getAllByRole('button', { name: 'Войти' })).toHaveLength(1);
  });

  it('with the password shown when its toggle was pressed', async () => {
    const { password } = bootOnLogin();
    typeInto(password, 'Student1');
    // as the boot script's toggle leaves it
    password.type = 'text';

    await renderApp({ client: createMockBackend().client, path: '/lms/login' });

    expect(input('Пароль').getAttribute('type')).toBe('text');
    expect(screen.getByRole('button', { name: 'Скрыть пароль' })).toBeTruthy();
  });

  it('signs in when Войти was pressed before the scripts arrived, once', async () => {
    const { form, login, password } = bootOnLogin();
    typeInto(login, 'student');
    typeInto(password, 'Student1');
    form.toggleAttribute('data-sent', true);
    const backend = createMockBackend();

    const { router } = await renderApp({ client: backend.client, path: '/lms/login' });

    await waitFor(() => expect(router.state.location.pathname).toBe('/lms'));
    expect(backend.calls.filter((path) => path === '/api/auth/orize.json')).toHaveLength(1);
  });

  it('says what is missing when Войти was pressed with an empty password, without calling the server', async () => {
    const { form, login } = bootOnLogin();
    typeInto(login, 'student');
    form.toggleAttribute('data-sent', true);
    const backend = createMockBackend();

    await renderApp({ client: backend.client, path: '/lms/login' });

    expect(await screen.findByText('Введите пароль')).toBeTruthy();
    expect(document.activeElement).toBe(input('Пароль'));
    expect(input('Логин')).toHaveProperty('value', 'student');
    expect(backend.calls).not.toContain('/api/auth/orize.json');
  });
});

describe("another first page takes index.html's form away", () => {
  it('the shell of a signed-in person (the boot script showed the loading ring)', async () => {
    const { backend } = await signInDemo('student');
    showBootScreen();
    const { password } = bootFields();
    password.value = 'left over';

    await renderApp({ client: backend.client, path: '/lms' });

    await screen.findByRole('button', { name: /Меню профиля/ });
    expect(document.getElementById('boot-login')).toBeNull();
    expect(password.value).toBe('');
  });

  it('the offline page', async () => {
    showBootScreen();

    await renderApp({ client: createMockBackend().client, path: '/lms/offline' });

    expect(document.getElementById('boot-login')).toBeNull();
  });
});

describe('the login page fetches what comes after it', () => {
  it('only once its logo, the largest thing it shows, has arrived', async () => {
    // the build's list of what the first screen after the sign-in needs (index.html's boot script)
    const script = document.createElement('script');
    script.id = 'boot-script';
    script.dataset.firstScreen = '/lms/assets/shell-chunk-a.js';
    document.head.append(script);
    const asked = () =>
      [...document.head.querySelectorAll('link')].map((link) => link.getAttribute('href'));
    try {
      await renderApp({ client: createMockBackend().client, path: '/lms/login' });
      const logo = await screen.findByRole('img', { name: 'Логотип университета' });
      // the page idles, its logo still on its way: nothing is fetched ahead yet
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(asked()).toEqual([]);

      logo.dispatchEvent(new Event('load'));
      await waitFor(() => expect(asked()).toContain('/lms/assets/shell-chunk-a.js'));
    } finally {
      script.remove();
      document.head.querySelectorAll('link').forEach((link) => link.remove());
    }
  });
});
