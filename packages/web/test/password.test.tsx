import type { LmsClient } from '@lms/client';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from './support/render-app';
import { createMockBackend, type MockBackend } from './support/mock-backend';

const RESET = '/api/passwd/reset.json';
// The first visit imports the shell and profile chunks, which takes a while in a cold test run.
async function signedIn(login = 'student', password = 'Student1'): Promise<MockBackend> {
  const backend = createMockBackend();
  await backend.client.post('/api/auth/orize.json', { body: { login, password } });
  return backend;
}

/** The same client, but calls to `path` carry the mock server's fault header `scenario`. */
function withScenario(client: LmsClient, path: string, scenario: string): LmsClient {
  type Init = { headers?: Record<string, string> } | undefined;
  const post = (target: string, init: Init) => {
    const next =
      target === path
        ? { ...init, headers: { ...init?.headers, 'X-Mock-Scenario': scenario } }
        : init;
    return (client.post as (p: string, i: Init) => Promise<unknown>)(target, next);
  };
  return { ...client, post: post as LmsClient['post'] };
}

async function openForm(client: LmsClient) {
  await renderApp({ client, path: '/lms/profile' });
  const panel = await screen.findByRole('region', { name: 'Смена пароля' });
  const form = within(panel);
  const fields = {
    old: form.getByLabelText('Старый пароль') as HTMLInputElement,
    next: form.getByLabelText('Новый пароль') as HTMLInputElement,
    confirm: form.getByLabelText('Подтверждение нового пароля') as HTMLInputElement,
    submit: form.getByRole('button', { name: 'Сменить пароль' }),
  };
  const user = userEvent.setup();
  /** Types the three passwords (the confirmation repeats the new one unless given) and submits. */
  const submitWith = async (
    oldPassword: string,
    newPassword: string,
    confirmation = newPassword,
  ) => {
    await user.type(fields.old, oldPassword);
    await user.type(fields.next, newPassword);
    await user.type(fields.confirm, confirmation);
    await user.click(fields.submit);
  };
  return { panel, ...fields, user, submitWith };
}

/** Can this login and password sign in now? (A fresh session against the same world.) */
async function canSignIn(backend: MockBackend, password: string): Promise<boolean> {
  try {
    const user = await backend.client.post('/api/auth/orize.json', {
      body: { login: 'student', password },
    });
    return Boolean(user);
  } catch {
    return false;
  }
}

describe('password change', () => {
  it('requires all three fields and sends nothing while they are empty', async () => {
    const backend = await signedIn();
    const { old, next, confirm, submit, user } = await openForm(backend.client);

    await user.click(submit);
    expect(screen.getByText('Введите старый пароль')).toBeTruthy();
    expect(screen.getByText('Введите новый пароль')).toBeTruthy();
    expect(screen.getByText('Повторите новый пароль')).toBeTruthy();
    for (const input of [old, next, confirm])
      expect(input.getAttribute('aria-invalid')).toBe('true');
    // The first field to fix takes the focus and is described by its message.
    expect(document.activeElement).toBe(old);
    expect(document.getElementById(old.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Введите старый пароль',
    );
    expect(backend.calls).not.toContain(RESET);
  });

  it('wants a new password of at least 4 characters and a matching confirmation', async () => {
    const backend = await signedIn();
    const { panel, next, confirm, submit, user, submitWith } = await openForm(backend.client);
    expect(within(panel).getByText('Не менее 4 символов')).toBeTruthy();

    await submitWith('Student1', 'abc');
    expect(screen.getByText('Новый пароль должен содержать не менее 4 символов')).toBeTruthy();
    expect(screen.queryByText('Введите старый пароль')).toBeNull();
    expect(document.activeElement).toBe(next);

    await user.type(next, 'd');
    // Once tried, the messages follow the typing.
    expect(screen.queryByText('Новый пароль должен содержать не менее 4 символов')).toBeNull();
    expect(screen.getByText('Пароли не совпадают')).toBeTruthy();
    await user.click(submit);
    expect(document.activeElement).toBe(confirm);
    expect(backend.calls).not.toContain(RESET);
  });

  it("shows the server's reason for a wrong old password and keeps what was typed", async () => {
    const backend = await signedIn();
    const { old, next, confirm, submitWith } = await openForm(backend.client);

    await submitWith('NotMyPassword', 'Ala-Too2026');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Не удалось сменить пароль');
    expect(alert.textContent).toContain('Неверный старый пароль');
    expect(backend.calls.filter((path) => path === RESET)).toHaveLength(1);
    expect([old.value, next.value, confirm.value]).toEqual([
      'NotMyPassword',
      'Ala-Too2026',
      'Ala-Too2026',
    ]);
    expect(await canSignIn(backend, 'Student1')).toBe(true);
  });

  it('changes the password: a success message, the fields cleared, and the new password signs in', async () => {
    const backend = await signedIn();
    const { old, next, confirm, user, submitWith } = await openForm(backend.client);

    await submitWith('Student1', 'Ala-Too2026');

    expect(await screen.findByText('Пароль изменён. Входите с новым паролем.')).toBeTruthy();
    expect([old.value, next.value, confirm.value]).toEqual(['', '', '']);
    expect(screen.queryByRole('alert')).toBeNull();
    // Cleared fields after a success are not a mistake to point out.
    expect(old.getAttribute('aria-invalid')).toBeNull();

    // The notice belongs to that change; typing again starts a new one.
    await user.type(old, 'x');
    expect(screen.queryByText('Пароль изменён. Входите с новым паролем.')).toBeNull();

    expect(await canSignIn(backend, 'Student1')).toBe(false);
    expect(await canSignIn(backend, 'Ala-Too2026')).toBe(true);
  });

  it('sends the old and new password with the account of the signed-in user', async () => {
    const backend = await signedIn();
    const bodies: unknown[] = [];
    const post = ((path: string, init: { body: unknown }) => {
      if (path === RESET) bodies.push(init.body);
      return (backend.client.post as (p: string, i: unknown) => Promise<unknown>)(path, init);
    }) as LmsClient['post'];
    const { submitWith } = await openForm({ ...backend.client, post });

    await submitWith('Student1', 'abcd');

    await screen.findByText('Пароль изменён. Входите с новым паролем.');
    expect(bodies).toEqual([{ password: 'Student1', newPassword: 'abcd', uid: 20001, role: 2 }]);
  });

  it('disables the button and says "Сохранение..." while saving', async () => {
    const backend = await signedIn();
    const client = withScenario(backend.client, RESET, 'slow=400');
    const { submit, submitWith } = await openForm(client);

    await submitWith('Student1', 'Ala-Too2026');

    const saving = screen.getByRole('button', { name: 'Сохранение...' }) as HTMLButtonElement;
    expect(saving.disabled).toBe(true);
    await screen.findByText('Пароль изменён. Входите с новым паролем.');
    expect((submit as HTMLButtonElement).disabled).toBe(false);
  });

  it('says the server is unavailable when it fails, and keeps the input', async () => {
    const backend = await signedIn();
    const client = withScenario(backend.client, RESET, 'server-error');
    const { old, next, submitWith } = await openForm(client);

    await submitWith('Student1', 'Ala-Too2026');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Не удалось сменить пароль');
    expect(alert.textContent).toContain('Сервер недоступен. Попробуйте позже.');
    expect(old.value).toBe('Student1');
    expect(next.value).toBe('Ala-Too2026');
  });

  it('clears an earlier failure when the next attempt is invalid', async () => {
    const backend = await signedIn();
    const { old, submit, user, submitWith } = await openForm(backend.client);

    await submitWith('NotMyPassword', 'Ala-Too2026');
    await screen.findByText('Неверный старый пароль');

    await user.clear(old);
    await user.click(submit);
    expect(screen.getByText('Введите старый пароль')).toBeTruthy();
    expect(screen.queryByText('Неверный старый пароль')).toBeNull();
  });

  it('shows and hides each password on its own', async () => {
    const backend = await signedIn();
    const { old, next, confirm, user } = await openForm(backend.client);

    for (const input of [old, next, confirm]) expect(input.type).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Показать новый пароль' }));
    expect([old.type, next.type, confirm.type]).toEqual(['password', 'text', 'password']);
    await user.click(screen.getByRole('button', { name: 'Показать старый пароль' }));
    await user.click(screen.getByRole('button', { name: 'Показать подтверждение пароля' }));
    expect([old.type, next.type, confirm.type]).toEqual(['text', 'text', 'text']);
    await user.click(screen.getByRole('button', { name: 'Скрыть новый пароль' }));
    expect(next.type).toBe('password');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Показать новый пароль' })).toBeTruthy(),
    );
  });

  it('speaks Kyrgyz when Kyrgyz is chosen', async () => {
    const { changeLanguage } = await import('@lms/i18n');
    await changeLanguage('kg');
    const backend = await signedIn();
    await renderApp({ client: backend.client, path: '/lms/profile' });
    const panel = await screen.findByRole('region', { name: 'Сырсөздү өзгөртүү' });
    await userEvent.setup().click(within(panel).getByRole('button', { name: 'Сырсөздү өзгөртүү' }));
    expect(within(panel).getByText('Эски сырсөздү киргизиңиз')).toBeTruthy();
    expect(within(panel).getByLabelText('Жаңы сырсөз')).toBeTruthy();
  });
});
