import type { LmsClient } from '@lms/client';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { photoToDataUrl } from '../src/features/session/utils/photo';
import { renderApp } from './support/render-app';
import { createMockBackend, type MockBackend } from './support/mock-backend';

const PROFILE = '/api/profile/data.json';

async function signedIn(login: string, password: string): Promise<MockBackend> {
  const backend = createMockBackend();
  await backend.client.post('/api/auth/orize.json', { body: { login, password } });
  return backend;
}

/**
 * The same client, but calls to `path` carry the mock server's fault header while `scenario()`
 * names one (X-Mock-Scenario: server-error | empty | slow=<ms> ...).
 */
function withScenario(client: LmsClient, path: string, scenario: () => string | null): LmsClient {
  type Init = { headers?: Record<string, string> } | undefined;
  const post = (target: string, init: Init) => {
    const fault = target === path ? scenario() : null;
    const next = fault
      ? { ...init, headers: { ...init?.headers, 'X-Mock-Scenario': fault } }
      : init;
    return (client.post as (p: string, i: Init) => Promise<unknown>)(target, next);
  };
  return { ...client, post: post as LmsClient['post'] };
}

/** The same client, but the profile answers with `data` (cases the seeded world has no one for). */
function withProfile(client: LmsClient, data: unknown): LmsClient {
  const post = (target: string, init: unknown) =>
    target === PROFILE
      ? Promise.resolve(data)
      : (client.post as (p: string, i: unknown) => Promise<unknown>)(target, init);
  return { ...client, post: post as LmsClient['post'] };
}

// The first visit imports the shell and profile chunks, which takes a while in a cold test run.
function card(name = 'Токтогулова Айпери Нурлановна') {
  return screen.findByRole('article', { name });
}

function row(container: HTMLElement, term: string): string {
  const dt = within(container).getByText(term, { selector: 'dt' });
  return dt.nextElementSibling?.textContent ?? '';
}

describe('profile screen', () => {
  it("shows the student's data from profile/data.json, with the date as DD.MM.YYYY", async () => {
    const backend = await signedIn('student', 'Student1');
    await renderApp({ client: backend.client, path: '/lms/profile' });

    const article = await card();
    expect(screen.getByRole('heading', { level: 1, name: 'Профиль' })).toBeTruthy();
    expect(within(article).getByText('Студент группы ПИ-1-26')).toBeTruthy();
    expect(row(article, 'Дата рождения')).toBe('14.03.2008');
    expect(row(article, 'Факультет')).toBe('Факультет информационных технологий');
    expect(row(article, 'Специальность')).toBe('Прикладная информатика');
    expect(row(article, 'Группа')).toBe('ПИ-1-26');
    expect(within(article).queryByText('Кафедра')).toBeNull();
    const email = within(article).getByRole('link', { name: 'a.toktogulova@stud.knu.kg' });
    expect(email.getAttribute('href')).toBe('mailto:a.toktogulova@stud.knu.kg');
    const phone = within(article).getByRole('link', { name: '+996 555 123 456' });
    expect(phone.getAttribute('href')).toBe('tel:+996555123456');
    expect(backend.calls).toContain(PROFILE);
    // (after the person's unread count, once it has been read)
    await waitFor(() =>
      expect(document.title).toMatch(/^(\(\d+\) )?Профиль · Университетский портал LMS$/),
    );
  });

  it('shows the photo: the byte array arrives as a base64 JPEG data URL', async () => {
    const backend = await signedIn('student', 'Student1');
    const expected = photoToDataUrl(
      await backend.client.post('/api/misc/photo', { body: { uid: 20001, role: 2 } }),
    );
    await renderApp({ client: backend.client, path: '/lms/profile' });

    const article = await card();
    const photo = await within(article).findByRole('img', { name: 'Фотография профиля' });
    const src = photo.getAttribute('src') ?? '';
    // A JPEG starts with FF D8 FF, which is "/9j/" in base64.
    expect(src.startsWith('data:image/jpeg;base64,/9j/')).toBe(true);
    expect(src).toBe(expected);
  });

  it('falls back to the initials for a person without a photo, and shows the department for a teacher', async () => {
    const backend = await signedIn('teacher2', 'Teacher2');
    await renderApp({ client: backend.client, path: '/lms/profile' });

    const article = await card('Смирнова Ольга Викторовна');
    expect(within(article).getByText('Преподаватель')).toBeTruthy();
    expect(within(article).getByText('СО')).toBeTruthy();
    expect(within(article).queryByRole('img')).toBeNull();
    expect(row(article, 'Кафедра')).toBe('Кафедра информационных систем');
    expect(within(article).queryByText('Группа')).toBeNull();
    expect(within(article).queryByText('Специальность')).toBeNull();
    expect(within(article).getByRole('heading', { name: 'Место работы' })).toBeTruthy();
  });

  it('falls back to the initials when the photo cannot be loaded', async () => {
    const backend = await signedIn('student', 'Student1');
    const client = withScenario(backend.client, '/api/misc/photo', () => 'server-error');
    await renderApp({ client, path: '/lms/profile' });

    const article = await card();
    await waitFor(() => expect(backend.calls).toContain('/api/misc/photo'));
    expect(within(article).getByText('ТА')).toBeTruthy();
    expect(within(article).queryByRole('img')).toBeNull();
  });

  it("says 'Не указано' for data the server does not have", async () => {
    const backend = await signedIn('student', 'Student1');
    const client = withProfile(backend.client, {
      uid: 20001,
      id: 7001,
      role: 2,
      fullName: 'Токтогулова Айпери Нурлановна',
      birthDate: null,
      faculty: 'Факультет информационных технологий',
      speciality: null,
      group: null,
      kafedra: null,
      email: null,
      phone: null,
    });
    await renderApp({ client, path: '/lms/profile' });

    const article = await card();
    expect(within(article).getByText('Студент университета')).toBeTruthy();
    for (const term of [
      'Дата рождения',
      'Специальность',
      'Группа',
      'Электронная почта',
      'Телефон',
    ]) {
      expect(row(article, term), term).toBe('Не указано');
    }
    expect(within(article).queryByRole('link')).toBeNull();
  });

  it("shows 'Загрузка...' while the profile loads", async () => {
    const backend = await signedIn('student', 'Student1');
    const client = withScenario(backend.client, PROFILE, () => 'slow=300');
    await renderApp({ client, path: '/lms/profile' });

    expect(await screen.findByText('Загрузка...')).toBeTruthy();
    await card();
    expect(screen.queryByText('Загрузка...')).toBeNull();
  });

  it('shows the failed state with a retry when the server fails, and the rest of the page stays usable', async () => {
    const backend = await signedIn('student', 'Student1');
    let fault: string | null = 'server-error';
    const client = withScenario(backend.client, PROFILE, () => fault);
    await renderApp({ client, path: '/lms/profile' });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Не удалось загрузить профиль');
    // The password change does not depend on the profile data.
    expect(screen.getByLabelText('Старый пароль')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Сменить пароль' })).toBeTruthy();

    fault = null;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Повторить' }));
    await card();
    expect(screen.queryByText('Не удалось загрузить профиль')).toBeNull();
  });

  it('shows the empty state when the server has no profile', async () => {
    const backend = await signedIn('student', 'Student1');
    const client = withScenario(backend.client, PROFILE, () => 'empty');
    await renderApp({ client, path: '/lms/profile' });

    expect(await screen.findByText('Данные профиля не найдены')).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('is written in the chosen language', async () => {
    const { changeLanguage } = await import('@lms/i18n');
    await changeLanguage('en');
    const backend = await signedIn('teacher', 'Teacher1');
    await renderApp({ client: backend.client, path: '/lms/profile' });

    const article = await card('Асанов Бакыт Эркинович');
    expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeTruthy();
    expect(within(article).getByText('Teacher')).toBeTruthy();
    expect(row(article, 'Date of birth')).toBe('21.05.1979');
    expect(row(article, 'Department')).toBe('Кафедра программной инженерии');
    expect(screen.getByRole('heading', { level: 2, name: 'Change password' })).toBeTruthy();
  });
});
