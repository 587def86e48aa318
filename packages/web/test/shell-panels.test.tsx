import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { chosenContact, chosenDiscipline } from '../src/lib/academic-context/selection';
import { renderApp } from './support/render-app';
import { signInDemo, withHooks } from './support/mock-backend';

// The first visit imports the shell chunk, which takes a while in a cold run.
function column(name: string) {
  return within(screen.getByRole('complementary', { name }));
}

async function openFirstDiscipline(login: 'teacher' | 'student') {
  const { backend } = await signInDemo(login);
  // The chat shows the columns and, unlike the news, does not clear the contacts when it loads.
  const view = await renderApp({ client: backend.client, path: '/lms/chat' });
  const disciplines = await screen.findByRole('region', { name: 'Дисциплины' });
  const buttons = await within(disciplines).findAllByRole('button');
  const user = userEvent.setup();
  await user.click(buttons[0]!);
  return { backend, user, view, discipline: buttons[0]! };
}

describe('the shell’s discipline and contact columns', () => {
  it('lists the teacher’s disciplines; choosing one lists its students after the group chat', async () => {
    const { backend, discipline } = await openFirstDiscipline('teacher');
    expect(discipline.getAttribute('aria-pressed')).toBe('true');
    const contacts = column('Контакты');
    const groupChat = await contacts.findByRole('button', { name: 'Групповой чат' });
    expect(groupChat).toBeTruthy();
    await waitFor(() => expect(contacts.getAllByRole('button').length).toBeGreaterThan(1));
    expect(backend.calls).toContain('/api/discipline/students/list');
    expect(backend.calls).not.toContain('/api/discipline/teachers/list');
  });

  it('a student sees the teachers of the discipline', async () => {
    const { backend } = await openFirstDiscipline('student');
    const contacts = column('Контакты');
    await contacts.findByRole('button', { name: 'Групповой чат' });
    await waitFor(() => expect(backend.calls).toContain('/api/discipline/teachers/list'));
    expect(backend.calls).toContain('/api/discipline/forStudentDisciplinelist');
  });

  it('searches the contacts by name, case-insensitively, and says when nobody matches', async () => {
    const { user } = await openFirstDiscipline('teacher');
    const contacts = column('Контакты');
    await contacts.findByRole('button', { name: 'Групповой чат' });
    await waitFor(() => expect(contacts.getAllByRole('button').length).toBeGreaterThan(2));
    const names = contacts
      .getAllByRole('button')
      .map((button) => button.textContent ?? '')
      .filter((name) => name !== 'Групповой чат');
    const first = names[0]!;
    const surname = first.split(' ')[0]!;
    const search = contacts.getByRole('searchbox', { name: 'Поиск по имени' });
    await user.type(search, surname.toLocaleUpperCase('ru'));
    const shown = contacts.getAllByRole('button').map((button) => button.textContent ?? '');
    expect(shown.some((name) => name.startsWith(surname))).toBe(true);
    expect(shown.filter((name) => name !== 'Групповой чат').every((n) => n.includes(surname))).toBe(
      true,
    );
    await user.clear(search);
    await user.type(search, 'Zzz-[[nobody(');
    expect(contacts.getByText('Никого не найдено')).toBeTruthy();
  });

  it('opening a contact goes to the chat with that conversation chosen', async () => {
    const { user, view } = await openFirstDiscipline('teacher');
    const contacts = column('Контакты');
    await user.click(await contacts.findByRole('button', { name: 'Групповой чат' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/lms/chat'));
    expect(chosenContact.value?.idid).toBe(-1);
    expect(
      contacts.getByRole('button', { name: 'Групповой чат' }).getAttribute('aria-current'),
    ).toBe('true');
  });

  it('unchoosing the discipline empties the contact column', async () => {
    const { user, discipline } = await openFirstDiscipline('teacher');
    await column('Контакты').findByRole('button', { name: 'Групповой чат' });
    await user.click(discipline);
    expect(chosenDiscipline.value).toBeNull();
    expect(
      column('Контакты').getByText('Выберите дисциплину, чтобы увидеть контакты'),
    ).toBeTruthy();
  });
});

describe('clearing the contacts', () => {
  it.each([
    ['the news', '/lms'],
    ['the profile', '/lms/profile'],
  ])('clears the contact list once %s loads', async (_name, path) => {
    const { view } = await openFirstDiscipline('teacher');
    await column('Контакты').findByRole('button', { name: 'Групповой чат' });
    await view.router.navigate(path);
    await waitFor(() => expect(chosenDiscipline.value).toBeNull());
    // The profile folds the columns away; opened again, the contacts are empty.
    const fold = screen.queryByRole('button', { name: 'Показать дисциплины и контакты' });
    if (path === '/lms/profile') await userEvent.setup().click(fold!);
    expect(
      column('Контакты').getByText('Выберите дисциплину, чтобы увидеть контакты'),
    ).toBeTruthy();
  });
});

describe('a choice made while the news loads', () => {
  it('stays: only what was chosen before the news opened is cleared', async () => {
    const { backend } = await signInDemo('teacher');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const client = withHooks(backend.client, {
      gate: (path) => (path === '/api/news/data.json' ? held : null),
    });
    await renderApp({ client, path: '/lms' });
    const disciplines = await screen.findByRole('region', { name: 'Дисциплины' });
    const [first] = await within(disciplines).findAllByRole('button');
    await userEvent.setup().click(first!);
    expect(chosenDiscipline.value).not.toBeNull();
    release();
    await screen.findByRole('list', { name: 'Лента новостей' });
    expect(chosenDiscipline.value).not.toBeNull();
    expect(first!.getAttribute('aria-pressed')).toBe('true');
  });
});
