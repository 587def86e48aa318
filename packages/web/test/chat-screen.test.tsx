import type { LmsClient } from '@lms/client';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chatOutbox } from '../src/features/chat/api/send-message';
import { MessageList } from '../src/features/chat/components/message-list';
import type { ChatMessage } from '../src/features/chat/utils/conversation';
import type { ChatThread } from '../src/features/chat/utils/thread';
import {
  chooseContact,
  chooseDiscipline,
  chooseGroup,
} from '../src/lib/academic-context/selection';
import { countDrafts } from '../src/lib/offline/drafts/draft-store';
import { installFakeXhr } from './support/fake-xhr';
import { renderApp } from './support/render-app';
import { setUpUploadForms } from './support/upload-forms';
import { DEMO_PRACTICE_CLASS } from './support/demo-world';
import { signInDemo, signInOther, withHooks, type Hooks } from './support/mock-backend';
import { serverUnreadTotal } from './support/unread-total';

setUpUploadForms();

/**
 * A teacher opens the group chat of their first discipline, with faults on chosen calls (and
 * calls held back or failed by `gate`).
 */
async function openGroupChat(
  scenario: (path: string) => string | null = () => null,
  gate?: Hooks['gate'],
) {
  const { backend, user: me } = await signInDemo('teacher');
  const client = withHooks(backend.client, { scenario, gate });
  const view = await renderApp({ client, path: '/lms' });
  const disciplines = await screen.findByRole('region', { name: 'Дисциплины' });
  const user = userEvent.setup();
  await user.click((await within(disciplines).findAllByRole('button'))[0]!);
  const contacts = screen.getByRole('region', { name: 'Контакты' });
  await user.click(await within(contacts).findByRole('button', { name: 'Групповой чат' }));
  await waitFor(() => expect(view.router.state.location.pathname).toBe('/lms/chat'));
  return { backend, client, me, user, view, contacts };
}

const main = () => within(screen.getByRole('main'));

describe('the chat screen', () => {
  it('asks to choose a discipline and a contact when none is open', async () => {
    const { backend } = await signInDemo('student');
    await renderApp({ client: backend.client, path: '/lms/chat' });
    expect(await screen.findByText(/Выберите дисциплину и контакт/)).toBeTruthy();
  });

  it("shows 'Нет сообщенний' for a conversation without messages", async () => {
    await openGroupChat((path) => (path === '/api/chat/group/messages' ? 'empty' : null));
    expect(await main().findByText('Нет сообщенний')).toBeTruthy();
    expect(main().getByRole('heading', { level: 1, name: 'Групповой чат' })).toBeTruthy();
  });

  it('shows the failed state with a retry that recovers', async () => {
    let fail = true;
    const { user } = await openGroupChat((path) =>
      fail && path === '/api/chat/group/messages' ? 'server-error' : null,
    );
    const alert = await main().findByRole('alert');
    expect(alert.textContent).toContain('Не удалось загрузить сообщения');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Повторить' }));
    await waitFor(() => expect(main().queryByText('Не удалось загрузить сообщения')).toBeNull());
    expect(main().getByRole('log', { name: 'Сообщения' })).toBeTruthy();
  });

  it('refuses an empty message and keeps the box usable', async () => {
    const { user, backend } = await openGroupChat();
    await main().findByRole('log', { name: 'Сообщения' });
    await user.click(main().getByRole('button', { name: 'Отправить' }));
    expect(main().getByRole('alert').textContent).toBe('Напишите текст или прикрепите файл');
    expect(backend.calls).not.toContain('/api/chat/insert');
    await user.type(main().getByRole('textbox', { name: 'Сообщение' }), 'Текст');
    expect(main().queryByText('Напишите текст или прикрепите файл')).toBeNull();
  });

  it('takes a double tap on send as one press: one message, and no empty-message error after it', async () => {
    const { user, backend } = await openGroupChat();
    const xhr = installFakeXhr(backend.fetch!);
    await main().findByRole('log', { name: 'Сообщения' });
    await user.type(main().getByRole('textbox', { name: 'Сообщение' }), 'Один раз');
    await user.dblClick(main().getByRole('button', { name: 'Отправить' }));
    await waitFor(() => expect(xhr.sent).toHaveLength(1));
    expect(main().queryByText('Напишите текст или прикрепите файл')).toBeNull();
  });

  it('refuses a file over the limit before sending, with the chat’s size message', async () => {
    const { user } = await openGroupChat();
    await main().findByRole('log', { name: 'Сообщения' });
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
    await main().findByRole('log', { name: 'Сообщения' });
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
    // The file comes back with the draft, attached by the effect that follows it.
    expect(await main().findByRole('button', { name: 'Убрать файл Задание.pdf' })).toBeTruthy();

    // A reload: the page goes and the portal starts again for the same person.
    view.unmount();
    await renderApp({ client, path: '/lms/chat' });
    await waitFor(() => expect(title()).toBe('Групповой чат'));
    await waitFor(() => expect(box().value).toBe('Завтра контрольная'));
    expect(main().getByText('Черновик восстановлен.')).toBeTruthy();
    // The file comes back with the draft, attached by the effect that follows it.
    expect(await main().findByRole('button', { name: 'Убрать файл Задание.pdf' })).toBeTruthy();
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

/** The demo teacher's class of the demo student: «Веб-разработка» for ПИ-1-26, this year's ws. */
const CLASS = DEMO_PRACTICE_CLASS;

/** Opens that class in the academic context, as a reload of an address naming it would. */
function chooseDemoClass() {
  chooseDiscipline(CLASS.id_discipline);
  chooseGroup(CLASS.id_groupOrPorok);
}

/** The group chat's query of the demo class, as the teacher's client asks the counts with it. */
async function demoGroupQuery(client: LmsClient, teacherId: number) {
  const year = (await client.get('/api/discipline/current/year.json'))![0]!.id_a_year;
  const ws = (await client.get('/api/discipline/current/ws.json'))![0]!.ws;
  return {
    year,
    id_from_type: 1 as const,
    id_from: teacherId,
    id_to_type: 2 as const,
    id_to: -1,
    id_discipline: CLASS.id_discipline,
    ws,
    kredit: CLASS.credits,
    gr_potok: CLASS.id_groupOrPorok,
    IsSelect: CLASS.isPotok,
  };
}

describe('unread counts', () => {
  it('shows the group chat’s count in the contact column and the person’s total in the page title', async () => {
    const { backend, user: teacher } = await signInDemo('teacher');
    const student = await signInOther(backend.app!, 'student');
    const query = await demoGroupQuery(backend.client, teacher.id);
    // The student writes twice to the class's group chat.
    for (const message of ['Когда консультация?', 'И где?']) {
      const fields = {
        uid: student.user.uid,
        message,
        from: student.user.id,
        fromType: 2,
        semester: query.ws,
        discipline: CLASS.id_discipline,
        currentContactId: -1,
        currentContactType: 2,
        group_subgroup: CLASS.id_groupOrPorok,
        isSelect: CLASS.isPotok,
        IsGroupChat: true,
      };
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
      await student.client.post('/api/chat/insert', {
        body: fields as never,
        bodySerializer: () => form,
      });
    }
    const rows = (await backend.client.post('/api/chat/count', { body: query })) ?? [];
    const group = rows.find((row) => row.idid === -1)!.countMessages;
    expect(group).toBeGreaterThanOrEqual(2);
    // The title counts everything the teacher has unread, in every discipline and group chat.
    const total = await serverUnreadTotal(backend.client, teacher);

    // (On the news page the shell clears the contact list: the chat keeps the class.)
    chooseDemoClass();
    await renderApp({ client: backend.client, path: '/lms/chat' });
    const contacts = await screen.findByRole('region', { name: 'Контакты' });
    const groupChat = await within(contacts).findByRole('button', { name: 'Групповой чат' });
    // The count shows in the badge and is the button's description (its name stays).
    const description = () =>
      document.getElementById(groupChat.getAttribute('aria-describedby') ?? '')?.textContent;
    await waitFor(() => expect(description()).toBe(`Непрочитанных: ${group}`));
    expect(groupChat.querySelector('[aria-hidden="true"]')?.textContent).toBe(String(group));
    await waitFor(() => expect(document.title).toBe(`(${total}) Чат · Университетский портал LMS`));
  });

  it('opens a conversation restored by id (a reload), named once the contact list arrives', async () => {
    const { backend } = await signInDemo('teacher');
    const student = await signInOther(backend.app!, 'student');
    let release!: () => void;
    const contactsHeld = new Promise<void>((resolve) => (release = resolve));
    const client = withHooks(backend.client, {
      gate: (path) => (path === '/api/discipline/students/list' ? contactsHeld : null),
    });
    chooseDemoClass();
    chooseContact({ idid: student.user.id, id_type: 2, fio: '' });
    await renderApp({ client, path: '/lms/chat' });
    // The conversation opens before its name is known; the heading says where the person is.
    expect(await main().findByRole('log', { name: 'Сообщения' })).toBeTruthy();
    expect(main().getByRole('heading', { level: 1 }).textContent).toBe('Чат');
    release();
    expect(
      await main().findByRole('heading', { level: 1, name: student.user.fullName }),
    ).toBeTruthy();
    await waitFor(() =>
      expect(document.title).toMatch(
        new RegExp(`^(\\(\\d+\\) )?${student.user.fullName} · Чат · `),
      ),
    );
  });
});

/** An IntersectionObserver the test drives: it says which rows came into view and how much. */
class FakeIntersectionObserver {
  static last: FakeIntersectionObserver | null = null;
  readonly watched = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.last = this;
  }
  observe(target: Element) {
    this.watched.add(target);
  }
  unobserve(target: Element) {
    this.watched.delete(target);
  }
  disconnect() {
    this.watched.clear();
  }
  /** Rows by message id, each in view by the share given (0 means out of view). */
  show(shares: Record<number, number>) {
    const entries = [...this.watched]
      .filter((target) => (target as HTMLElement).dataset.readId! in shares)
      .map((target) => {
        const share = shares[Number((target as HTMLElement).dataset.readId)]!;
        return {
          target,
          isIntersecting: share > 0,
          intersectionRatio: share,
          intersectionRect: { height: share * 80 } as DOMRectReadOnly,
          rootBounds: { height: 600 } as DOMRectReadOnly,
        } as unknown as IntersectionObserverEntry;
      });
    act(() => this.callback(entries, this as unknown as IntersectionObserver));
  }
}

describe('reading as messages come into view', () => {
  const message = (id: number, ismine = false): ChatMessage => ({
    id_message: id,
    message: `Сообщение ${id}`,
    ismine,
    created: '2026-11-20T09:00:00+06:00',
  });
  // 1 read, 2 mine, 3–5 unread from the other side.
  const thread: ChatThread = {
    messages: [message(1), message(2, true), message(3), message(4), message(5)],
    hasOlder: false,
    unreadStart: 3,
    unreadTotal: 3,
  };
  const list = (held: ChatThread, onRead: (message: ChatMessage) => void) => (
    <MessageList
      thread={held}
      pending={[]}
      isGroup={false}
      loadOlder={() => Promise.resolve(0)}
      onRead={onRead}
      onDelete={() => undefined}
      onOpenPhoto={() => undefined}
      onRetry={() => undefined}
      onDiscard={() => undefined}
      onCancel={() => undefined}
    />
  );

  beforeEach(() => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    // jsdom lays nothing out: the list gets a height, so the virtual list mounts its rows.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (
      this: HTMLElement,
    ) {
      return this.getAttribute('role') === 'log' ? 600 : 0;
    });
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('reads each unread message of the other side once it is half in view, once', () => {
    const onRead = vi.fn();
    render(list(thread, onRead));
    const observer = FakeIntersectionObserver.last!;
    // Only the other side's rows are watched: mine is never read.
    expect([...observer.watched].map((row) => (row as HTMLElement).dataset.readId)).toEqual([
      '1',
      '3',
      '4',
      '5',
    ]);
    // A read message and a sliver of an unread one: nothing.
    observer.show({ 1: 1, 3: 0.2 });
    expect(onRead).not.toHaveBeenCalled();
    observer.show({ 3: 0.6, 4: 1 });
    expect(onRead.mock.calls.map(([read]) => (read as ChatMessage).id_message)).toEqual([3, 4]);
    // Scrolled away and back: not read twice.
    observer.show({ 3: 0, 4: 0 });
    observer.show({ 3: 1, 4: 1, 5: 0.5 });
    expect(onRead.mock.calls.map(([read]) => (read as ChatMessage).id_message)).toEqual([3, 4, 5]);
  });

  it('reads a message that arrives while it is in view, and nothing once all is read', () => {
    const onRead = vi.fn();
    const read: ChatThread = { ...thread, unreadStart: 5, unreadTotal: 0 };
    const view = render(list(read, onRead));
    const observer = FakeIntersectionObserver.last!;
    observer.show({ 3: 1, 4: 1, 5: 1 });
    expect(onRead).not.toHaveBeenCalled();
    // A new message from the other side arrives unread, at the end, in view.
    const arrived: ChatThread = {
      ...read,
      messages: [...read.messages, message(6)],
      unreadStart: 6,
      unreadTotal: 1,
    };
    view.rerender(list(arrived, onRead));
    observer.show({ 6: 1 });
    expect(onRead.mock.calls.map(([seen]) => (seen as ChatMessage).id_message)).toEqual([6]);
  });
});

/** jsdom lays nothing out: the message list gets a height, so the virtual list draws its rows. */
function drawMessageRows() {
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (
      this: HTMLElement,
    ) {
      return this.getAttribute('role') === 'log' ? 600 : 0;
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });
}

/** The new-messages poller asks at once (it asks whenever the tab is shown again). */
const pollNow = () =>
  act(async () => {
    document.dispatchEvent(new Event('visibilitychange'));
  });

const sendMessage = async (user: ReturnType<typeof userEvent.setup>, text: string) => {
  await user.type(main().getByRole('textbox', { name: 'Сообщение' }), text);
  await user.click(main().getByRole('button', { name: 'Отправить' }));
};

describe('a message the server took', () => {
  drawMessageRows();

  it('stays on screen as sent when the network drops before the conversation is read again', async () => {
    let offline = false;
    let failedReads = 0;
    const { backend, user } = await openGroupChat(undefined, () => {
      if (!offline) return null;
      failedReads += 1;
      return Promise.reject(new TypeError('Failed to fetch'));
    });
    // The network drops right after the server answered the send, before the chat reads again.
    const xhr = installFakeXhr(async (request) => {
      const answer = await backend.fetch!(request);
      offline = true;
      return answer;
    });
    const log = await main().findByRole('log', { name: 'Сообщения' });
    const text = 'Контрольная переносится на пятницу';
    await sendMessage(user, text);

    await waitFor(() => expect(chatOutbox.entries.value).toEqual([]));
    expect(xhr.sent.map((form) => form.fields.message)).toEqual([text]);
    // Shown as sent, with its time: not waiting, not gone, and the box is empty.
    const sent = await within(log).findByText(text);
    expect(sent.closest('article')?.querySelector('time')?.textContent).toMatch(/\d\d:\d\d/);
    // (the conversation was not read again: this is the copy of what was sent)
    expect(sent.closest('article')?.hasAttribute('data-message-id')).toBe(false);
    expect(within(log).queryByTestId('pending-message')).toBeNull();
    expect(within(log).queryByText('Ждёт отправки')).toBeNull();
    expect((main().getByRole('textbox', { name: 'Сообщение' }) as HTMLTextAreaElement).value).toBe(
      '',
    );
    // Still there while the conversation cannot be read.
    const failedBefore = failedReads;
    expect(failedBefore).toBeGreaterThan(0);
    await pollNow();
    await waitFor(() => expect(failedReads).toBeGreaterThan(failedBefore));
    expect(within(log).getAllByText(text)).toHaveLength(1);

    // The network returns: the server's copy takes its place, once.
    offline = false;
    await pollNow();
    await waitFor(() =>
      expect(within(log).getByText(text).closest('article')?.dataset.messageId).toMatch(/^\d+$/),
    );
    expect(within(log).getAllByText(text)).toHaveLength(1);
    expect(within(log).queryByTestId('accepted-message')).toBeNull();
  });
});

/** The answer of a server that no longer knows the session. */
const unauthorized = () =>
  new Response(JSON.stringify({ result: 1, error: 'Unauthorized', data: null }), {
    status: 401,
    headers: { 'Content-Type': 'application/json' },
  });

async function signInAgain(
  user: ReturnType<typeof userEvent.setup>,
  login: string,
  password: string,
) {
  await user.type(await screen.findByLabelText('Логин'), login);
  await user.type(screen.getByLabelText('Пароль'), password);
  await user.click(screen.getByRole('button', { name: 'Войти' }));
}

/** Soon enough to be "at once": before any of the screen's timed refreshes comes round. */
const AT_ONCE = { timeout: 2_000 };

describe('a session that ended on the server, met by the chat', () => {
  drawMessageRows();

  it('opens the login page at once when a message meets it, and sends the message after signing in', async () => {
    let sessionOver = false;
    const { backend, me, user, view } = await openGroupChat();
    // Only the send finds out (the server refuses it with a 401): no other call of the page does.
    const xhr = installFakeXhr((request) =>
      sessionOver && new URL(request.url).pathname === '/api/chat/insert'
        ? Promise.resolve(unauthorized())
        : backend.fetch!(request),
    );
    await main().findByRole('log', { name: 'Сообщения' });
    const chatAddress = view.router.state.location.search;
    sessionOver = true;
    const text = 'Вопрос по лабораторной';
    await sendMessage(user, text);

    await screen.findByRole('button', { name: 'Войти' }, AT_ONCE);
    expect(view.router.state.location.pathname).toBe('/lms/login');
    expect(screen.getByRole('alert').textContent).toContain('Сеанс завершён');
    // The message waits in the outbox for the next sign-in.
    expect(chatOutbox.entries.value.map((entry) => [entry.owner, entry.status])).toEqual([
      [me.uid, 'pending'],
    ]);

    sessionOver = false;
    await signInAgain(user, 'teacher', 'Teacher1');
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/lms/chat'));
    expect(view.router.state.location.search).toBe(chatAddress);
    await waitFor(() => expect(chatOutbox.entries.value).toEqual([]));
    expect(xhr.sent.map((form) => form.fields.message)).toEqual([text, text]);
    const log = await main().findByRole('log', { name: 'Сообщения' });
    expect(await within(log).findAllByText(text)).toHaveLength(1);
  });

  it('opens the login page at once when the new-messages poller meets it, keeping the draft', async () => {
    const { backend, me, user, view } = await openGroupChat();
    await main().findByRole('log', { name: 'Сообщения' });
    const box = () => main().getByRole('textbox', { name: 'Сообщение' }) as HTMLTextAreaElement;
    await user.type(box(), 'Черновик ответа');
    await waitFor(async () => expect(await countDrafts(me.uid)).toBe(1));

    await backend.resetWorld!(); // the server forgets every session
    await pollNow();

    await screen.findByRole('button', { name: 'Войти' }, AT_ONCE);
    expect(view.router.state.location.pathname).toBe('/lms/login');
    expect(screen.getByRole('alert').textContent).toContain('Сеанс завершён');
    expect(await countDrafts(me.uid)).toBe(1);
    await signInAgain(user, 'teacher', 'Teacher1');
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/lms/chat'));
    await waitFor(() => expect(box().value).toBe('Черновик ответа'));
  });
});
