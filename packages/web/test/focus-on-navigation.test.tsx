import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ConfirmDialog } from '../src/components/ui/confirm-dialog';
import { createMockBackend } from './support/mock-backend';
import { renderApp } from './support/render-app';

async function signedIn(login = 'teacher', password = 'Teacher1') {
  const backend = createMockBackend();
  await backend.client.post('/api/auth/orize.json', { body: { login, password } });
  return backend;
}

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });
const focused = () => document.activeElement;

describe('the focus after a change of screen', () => {
  it('goes to the first screen’s heading after signing in', async () => {
    const backend = createMockBackend();
    await renderApp({ client: backend.client, path: '/lms/login' });
    const person = userEvent.setup();
    await person.type(await screen.findByLabelText('Логин'), 'teacher');
    await person.type(screen.getByLabelText('Пароль'), 'Teacher1{Enter}');

    const news = await heading('Новости');
    await waitFor(() => expect(focused()).toBe(news));
    expect(news.tabIndex).toBe(-1);
  });

  it('stays at the top of the page on a deep link, and goes to each new screen’s heading', async () => {
    const backend = await signedIn();
    await renderApp({ client: backend.client, path: '/lms/schedule' });
    await heading('Расписание');
    expect(focused()).toBe(document.body);

    const person = userEvent.setup();
    const sections = screen.getByRole('navigation', { name: 'Разделы' });
    await person.click(within(sections).getByRole('link', { name: 'Журнал' }));
    const journal = await heading('Журнал посещаемости');
    await waitFor(() => expect(focused()).toBe(journal));

    // From the keyboard too: Enter on a link.
    within(sections).getByRole('link', { name: 'Новости' }).focus();
    await person.keyboard('{Enter}');
    const news = await heading('Новости');
    await waitFor(() => expect(focused()).toBe(news));
  });

  it('stays where it is when a choice only changes the address’s search', async () => {
    const backend = await signedIn();
    const { router } = await renderApp({ client: backend.client, path: '/lms' });
    await heading('Новости');
    const person = userEvent.setup();
    const disciplines = screen.getByRole('region', { name: 'Дисциплины' });
    const [discipline] = await within(disciplines).findAllByRole('button');
    await person.click(discipline!);
    await waitFor(() => expect(router.state.location.search).toContain('discipline='));
    expect(focused()).toBe(discipline);
  });

  it('stays at the top after a redirect no one asked for: a deep link without a session', async () => {
    const backend = createMockBackend();
    const { router } = await renderApp({ client: backend.client, path: '/lms/journal' });
    await heading('Вход в личный кабинет');
    expect(router.state.location.pathname).toBe('/lms/login');
    expect(focused()).toBe(document.body);
  });
});

/** A screen with a heading and a confirmation whose action removes the control that opened it. */
function Deleting() {
  const [asking, setAsking] = useState(false);
  const [deleted, setDeleted] = useState(false);
  return (
    <main>
      <h1 tabIndex={-1}>Журнал</h1>
      {deleted ? null : (
        <button type="button" onClick={() => setAsking(true)}>
          Удалить занятие 19.11
        </button>
      )}
      {asking ? (
        <ConfirmDialog
          title="Удалить занятие?"
          text="Отметки за 19.11.2026 будут удалены."
          confirmLabel="Удалить"
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setDeleted(true);
            setAsking(false);
          }}
        />
      ) : null}
    </main>
  );
}

describe('a dialog’s focus', () => {
  it('takes the focus on its least destructive answer and gives it back to its opener', async () => {
    render(<Deleting />);
    const person = userEvent.setup();
    const bin = screen.getByRole('button', { name: 'Удалить занятие 19.11' });
    bin.focus();
    await person.keyboard('{Enter}');
    const dialog = screen.getByRole('alertdialog', { name: 'Удалить занятие?' });
    expect(focused()).toBe(within(dialog).getByRole('button', { name: 'Отмена' }));

    // (Escape, which jsdom's <dialog> does not give, is the keyboard journey's.)
    await person.keyboard('{Enter}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(focused()).toBe(bin);
  });

  it('gives it to the screen’s heading when what opened it is gone with what it did', async () => {
    render(<Deleting />);
    const person = userEvent.setup();
    screen.getByRole('button', { name: 'Удалить занятие 19.11' }).focus();
    await person.keyboard('{Enter}');
    await person.tab();
    expect(focused()).toBe(screen.getByRole('button', { name: 'Удалить' }));
    await person.keyboard('{Enter}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Удалить занятие 19.11' })).toBeNull();
    expect(focused()).toBe(screen.getByRole('heading', { level: 1, name: 'Журнал' }));
  });
});
