import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chatOutbox } from '../src/features/chat/api/send-message';
import { countDrafts, forgetAllDrafts } from '../src/lib/drafts/draft-store';
import { installFakeXhr } from '../src/testing/fake-xhr';
import { acceptNodeFilesAsFiles } from '../src/testing/multipart';
import { renderApp } from '../src/testing/render-app';
import { signInDemo, withHooks } from './mock-backend';

acceptNodeFilesAsFiles();

// Each case starts on a device without drafts (the composer keeps what was typed in the last one).
beforeEach(() => forgetAllDrafts());

afterEach(() => {
  vi.unstubAllGlobals();
});

const CHUNK_WAIT = { timeout: 5_000 };

/** A teacher opens the group chat of their first discipline, with faults on chosen calls. */
async function openGroupChat(scenario: (path: string) => string | null = () => null) {
  const { backend, user: me } = await signInDemo('teacher');
  const client = withHooks(backend.client, { scenario });
  const view = await renderApp({ client, path: '/lms/apps' });
  const disciplines = await screen.findByRole('region', { name: 'Дисциплины' }, CHUNK_WAIT);
  const user = userEvent.setup();
  await user.click((await within(disciplines).findAllByRole('button', {}, CHUNK_WAIT))[0]!);
  const contacts = screen.getByRole('region', { name: 'Контакты' });
  await user.click(
    await within(contacts).findByRole('button', { name: 'Групповой чат' }, CHUNK_WAIT),
  );
  await waitFor(() => expect(view.router.state.location.pathname).toBe('/lms/chat'));
  return { backend, client, me, user, view, contacts };
}

const main = () => within(screen.getByRole('main'));

describe('the chat screen', () => {
  it('asks to choose a discipline and a contact when none is open', async () => {
    const { backend } = await signInDemo('student');
    await renderApp({ client: backend.client, path: '/lms/chat' });
    expect(await screen.findByText(/Выберите дисциплину и контакт/, {}, CHUNK_WAIT)).toBeTruthy();
  });

  it("shows 'Нет сообщенний' for a conversation without messages", async () => {
    await openGroupChat((path) => (path === '/api/chat/group/messages' ? 'empty' : null));
    expect(await main().findByText('Нет сообщенний', {}, CHUNK_WAIT)).toBeTruthy();
    expect(main().getByRole('heading', { level: 1, name: 'Групповой чат' })).toBeTruthy();
  });

  it('shows the failed state with a retry that recovers', async () => {
    let fail = true;
    const { user } = await openGroupChat((path) =>
      fail && path === '/api/chat/group/messages' ? 'server-error' : null,
    );
    const alert = await main().findByRole('alert', {}, CHUNK_WAIT);
    expect(alert.textContent).toContain('Не удалось загрузить сообщения');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Повторить' }));
    await waitFor(() => expect(main().queryByText('Не удалось загрузить сообщения')).toBeNull());
    expect(main().getByRole('log', { name: 'Сообщения' })).toBeTruthy();
  });

  it('refuses an empty message and keeps the box usable', async () => {
    const { user, backend } = await openGroupChat();
    await main().findByRole('log', { name: 'Сообщения' }, CHUNK_WAIT);
    await user.click(main().getByRole('button', { name: 'Отправить' }));
    expect(main().getByRole('alert').textContent).toBe('Напишите текст или прикрепите файл');
    expect(backend.calls).not.toContain('/api/chat/insert');
    await user.type(main().getByRole('textbox', { name: 'Сообщение' }), 'Текст');
    expect(main().queryByText('Напишите текст или прикрепите файл')).toBeNull();
  });

  it('refuses a file over the limit before sending, with the chat’s size message', async () => {
    const { user } = await openGroupChat();
    await main().findByRole('log', { name: 'Сообщения' }, CHUNK_WAIT);
    const big = new File([new Uint8Array(11 * 1024 * 1024)], 'big.pdf', {
      type: 'application/pdf',
    });
    await user.upload(main().getByLabelText('Файлы и фото'), big);
    expect(
      await main().findByText('Размер файла не должен превышать 10 МБ', { exact: false }),
    ).toBeTruthy();
    expect(main().queryByRole('list', { name: 'Прикрепленные файлы' })).toBeNull();
  });

  it('keeps a draft per conversation, across a reload, until the message goes to the outbox', async () => {
    const { backend, client, me, user, view, contacts } = await openGroupChat();
    const xhr = installFakeXhr(backend.fetch!);
    await main().findByRole('log', { name: 'Сообщения' }, CHUNK_WAIT);
    const box = () => main().getByRole('textbox', { name: 'Сообщение' }) as HTMLTextAreaElement;
    const title = () => main().getByRole('heading', { level: 1 }).textContent;
    await user.type(box(), 'Завтра контрольная');
    await user.upload(
      main().getByLabelText('Файлы и фото'),
      new File(['task'], 'Задание.pdf', { type: 'application/pdf' }),
    );

    // Another conversation has a draft of its own.
    const someone = within(contacts)
      .getAllByRole('button')
      .find((button) => button.textContent?.trim() && !/Групповой чат/.test(button.textContent))!;
    await user.click(someone);
    await waitFor(() => expect(title()).not.toBe('Групповой чат'));
    expect(box().value).toBe('');
    expect(main().queryByRole('list', { name: 'Прикрепленные файлы' })).toBeNull();
    await user.type(box(), 'Лично');

    // Back in the group chat, its draft and its file are there.
    await user.click(within(contacts).getByRole('button', { name: 'Групповой чат' }));
    await waitFor(() => expect(box().value).toBe('Завтра контрольная'));
    expect(main().getByRole('button', { name: 'Убрать файл Задание.pdf' })).toBeTruthy();

    // A reload: the page goes and the portal starts again for the same person.
    view.unmount();
    await renderApp({ client, path: '/lms/chat' });
    await waitFor(() => expect(title()).toBe('Групповой чат'), CHUNK_WAIT);
    await waitFor(() => expect(box().value).toBe('Завтра контрольная'));
    expect(main().getByText('Черновик восстановлен.')).toBeTruthy();
    expect(main().getByRole('button', { name: 'Убрать файл Задание.pdf' })).toBeTruthy();
    expect(await countDrafts(me.uid)).toBe(2);

    // Handed to the outbox, the message is no draft any more; the other conversation's stays.
    await user.click(main().getByRole('button', { name: 'Отправить' }));
    expect(box().value).toBe('');
    expect(main().queryByText('Черновик восстановлен.')).toBeNull();
    await waitFor(async () => expect(await countDrafts(me.uid)).toBe(1));
    await waitFor(() => expect(chatOutbox.entries.value).toEqual([]));
    // What was restored is what went: the text and the file.
    expect(xhr.sent.map((form) => form.fields.message)).toEqual(['Завтра контрольная']);
    expect(xhr.sent[0]!.files.map((file) => file.name)).toEqual(['Задание.pdf']);
    expect(main().queryByRole('list', { name: 'Прикрепленные файлы' })).toBeNull();
  });
});
