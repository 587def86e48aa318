import { createLmsClient, LmsError, type components } from '@lms/client';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  findSentOrder,
  orderBaseline,
  OrderNotConfirmedError,
  sendOutcomeUnknown,
  type SentOrder,
} from '../src/features/document-orders/utils/sent-order';
import { countDrafts, forgetAllDrafts } from '../src/lib/offline/drafts/draft-store';
import { renderApp } from './support/render-app';
import { signInDemo, type MockBackend } from './support/mock-backend';
import { preloadScreens } from './support/preload-screens';

preloadScreens('singlewindow');

// Each case starts on a device without drafts (the form keeps the choices of the last one).
beforeEach(() => forgetAllDrafts());

type Order = components['schemas']['SingleWindowOrder'];

const SAVE = '/api/singlewindow/order/save';
const LIST = '/api/singlewindow/order/list';
const SENT_TEXT = 'Заявка отправлена. Её статус виден в списке ниже.';

/**
 * How the save's answer is lost: the server stores the order and its answer never arrives, or the
 * request is lost before the server sees it. Either way the page's fetch rejects as a browser's
 * does when the client's 30 s timeout aborts it.
 */
type LostAnswer = 'stored' | 'not-stored';

/**
 * The single window of a signed-in student, through a client whose save can lose its answer
 * (`lose.save`); every other call, and a stored save, reaches the in-process mock server.
 */
async function openOrders() {
  const { backend, user } = await signInDemo('student');
  const lose: { save: LostAnswer | null } = { save: null };
  const client = createLmsClient({
    baseUrl: 'http://lms.test',
    fetch: async (request) => {
      const path = new URL(request.url).pathname;
      if (path !== SAVE || lose.save === null) return backend.fetch!(request);
      if (lose.save === 'stored') await backend.fetch!(request);
      else backend.calls.push(path);
      throw new DOMException('The operation timed out.', 'TimeoutError');
    },
  });
  const render = () => renderApp({ client, path: '/lms/singlewindow' });
  const view = await render();
  await screen.findByRole('heading', { level: 1, name: 'Единое окно' });
  return { backend, user, lose, view, render, events: userEvent.setup() };
}

/** The user's orders as the server holds them now. */
async function storedOrders(backend: MockBackend, uid: number): Promise<Order[]> {
  return (await backend.client.post(LIST, { body: { uid } })) ?? [];
}

const ordersList = () => screen.findByRole('list', { name: 'Мои заявки' });
const cards = (list: HTMLElement) => [...list.querySelectorAll(':scope > li')] as HTMLElement[];
const value = (label: string) => (screen.getByLabelText(label) as HTMLSelectElement).value;

/** Chooses the first document, region and district, 2 copies and a comment; returns the choices. */
async function fillOrder(events: ReturnType<typeof userEvent.setup>) {
  const pick = async (label: string) => {
    const select = screen.getByLabelText(label);
    await waitFor(() => expect(within(select).getAllByRole('option').length).toBeGreaterThan(1));
    const option = within(select).getAllByRole('option')[1]!;
    await events.selectOptions(select, option.getAttribute('value')!);
    return { id: Number(option.getAttribute('value')), name: option.textContent ?? '' };
  };
  const doc = await pick('Документ');
  const region = await pick('Область');
  const district = await pick('Район');
  await events.selectOptions(screen.getByLabelText('Количество экземпляров'), '2');
  await events.type(screen.getByLabelText('Комментарий'), 'Для стипендии');
  return { doc, region, district };
}

/** The stored orders carrying these choices. */
const ordersLike = (orders: Order[], choices: Awaited<ReturnType<typeof fillOrder>>) =>
  orders.filter(
    (order) =>
      order.id_doc === choices.doc.id &&
      order.id_region === choices.region.id &&
      order.id_district === choices.district.id &&
      order.count === 2 &&
      order.comment === 'Для стипендии',
  );

const saves = (backend: MockBackend) => backend.calls.filter((path) => path === SAVE).length;

describe('an order whose answer is lost', () => {
  it('counts as sent when the server stored it: the draft goes, the order is listed, nothing is sent twice', async () => {
    const { backend, user, lose, events } = await openOrders();
    await ordersList();
    const before = await storedOrders(backend, user.uid);
    const choices = await fillOrder(events);

    lose.save = 'stored';
    await events.click(screen.getByRole('button', { name: 'Отправить заявку' }));
    expect(await screen.findByText(SENT_TEXT)).toBeTruthy();
    expect(screen.queryByText(/Не удалось отправить заявку/)).toBeNull();

    // The form starts again and keeps no draft of the order the server has.
    expect(value('Документ')).toBe('-1');
    expect(value('Комментарий')).toBe('');
    await waitFor(async () => expect(await countDrafts(user.uid)).toBe(0));
    const submit = screen.getByRole('button', { name: 'Отправить заявку' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);

    // The order is shown first in the list, and the server holds it once.
    const newest = cards(await ordersList())[0]!;
    expect(within(newest).getByRole('heading', { level: 3 }).textContent).toBe(choices.doc.name);
    expect(within(newest).getByText('Для стипендии')).toBeTruthy();
    const after = await storedOrders(backend, user.uid);
    expect(after).toHaveLength(before.length + 1);
    expect(ordersLike(after, choices)).toHaveLength(1);
    expect(saves(backend)).toBe(1);
  });

  it('says it was not sent and keeps the form when the server did not store it', async () => {
    const { backend, user, lose, events } = await openOrders();
    await ordersList();
    const before = await storedOrders(backend, user.uid);
    const choices = await fillOrder(events);

    lose.save = 'not-stored';
    await events.click(screen.getByRole('button', { name: 'Отправить заявку' }));
    const failure = await screen.findByText(/Не удалось отправить заявку\./);
    expect(failure.textContent).toContain('Выбранные значения сохранены.');
    // It says so because the list was read and the order is not there.
    expect(await screen.findByText(/в «Моих заявках» её пока нет/i)).toBeTruthy();
    expect(value('Район')).toBe(String(choices.district.id));
    expect(value('Комментарий')).toBe('Для стипендии');
    expect(await storedOrders(backend, user.uid)).toHaveLength(before.length);

    // The kept order can be sent again, and then it is stored once.
    lose.save = null;
    const submit = screen.getByRole('button', { name: 'Отправить заявку' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(false);
    await events.click(submit);
    expect(await screen.findByText(SENT_TEXT)).toBeTruthy();
    expect(ordersLike(await storedOrders(backend, user.uid), choices)).toHaveLength(1);
  });

  it('looks again before sending it again, and finds an order the server stored late', async () => {
    const { backend, user, lose, events } = await openOrders();
    await ordersList();
    const choices = await fillOrder(events);

    lose.save = 'not-stored';
    await events.click(screen.getByRole('button', { name: 'Отправить заявку' }));
    expect(await screen.findByText(/в «Моих заявках» её пока нет/i)).toBeTruthy();

    // The request given up on reaches the server after all, once the list was read.
    const late = await backend.client.post(SAVE, {
      body: {
        uid: user.uid,
        id_doc: choices.doc.id,
        id_region: choices.region.id,
        id_district: choices.district.id,
        count: 2,
        comment: 'Для стипендии',
      },
    });
    expect(late).toBeTruthy();
    lose.save = null;
    const saved = saves(backend);
    await events.click(screen.getByRole('button', { name: 'Отправить заявку' }));
    expect(await screen.findByText(SENT_TEXT)).toBeTruthy();
    expect(value('Документ')).toBe('-1');
    expect(saves(backend)).toBe(saved);
    expect(ordersLike(await storedOrders(backend, user.uid), choices)).toHaveLength(1);
  });

  it('counts it as sent when the list’s own refresh shows it stored late', async () => {
    const { backend, user, lose, events } = await openOrders();
    await ordersList();
    const choices = await fillOrder(events);

    lose.save = 'not-stored';
    await events.click(screen.getByRole('button', { name: 'Отправить заявку' }));
    expect(await screen.findByText(/в «Моих заявках» её пока нет/i)).toBeTruthy();
    await backend.client.post(SAVE, {
      body: {
        uid: user.uid,
        id_doc: choices.doc.id,
        id_region: choices.region.id,
        id_district: choices.district.id,
        count: 2,
        comment: 'Для стипендии',
      },
    });
    // The list follows orders in progress by itself; its next read shows this one.
    expect(await screen.findByText(SENT_TEXT)).toBeTruthy();
    expect(value('Документ')).toBe('-1');
    await waitFor(async () => expect(await countDrafts(user.uid)).toBe(0));
  });

  it('reads the list after a 500 too (a server may fail after storing): not there, it says why, keeps the form and lets it be sent again', async () => {
    const { backend, user, events } = await openOrders();
    await ordersList();
    const before = await storedOrders(backend, user.uid);
    const choices = await fillOrder(events);

    backend.scenarios!.set(SAVE, 'server-error');
    await events.click(screen.getByRole('button', { name: 'Отправить заявку' }));
    const failure = await screen.findByText(/Не удалось отправить заявку\./);
    expect(failure.textContent).toContain('Выбранные значения сохранены.');
    expect(
      await screen.findByText(
        /^Сервер временно не может выполнить запрос\. Попробуйте позже\. В «Моих заявках» её пока нет/,
      ),
    ).toBeTruthy();
    expect(value('Район')).toBe(String(choices.district.id));
    const submit = screen.getByRole('button', { name: 'Отправить заявку' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(false);
    expect(await storedOrders(backend, user.uid)).toHaveLength(before.length);
  });

  it('says the outcome is unknown while the list cannot be read, and reads it before sending again', async () => {
    const { backend, user, lose, events } = await openOrders();
    await ordersList();
    const choices = await fillOrder(events);

    lose.save = 'stored';
    backend.scenarios!.set(LIST, 'server-error');
    await events.click(screen.getByRole('button', { name: 'Отправить заявку' }));
    expect(await screen.findByText(/Неизвестно, дошла ли заявка/)).toBeTruthy();
    expect(screen.getByText(/Проверьте «Мои заявки», прежде чем отправлять её снова/)).toBeTruthy();
    expect(value('Район')).toBe(String(choices.district.id));
    expect(value('Комментарий')).toBe('Для стипендии');
    // Sending again is not offered: the button reads the list instead.
    expect(screen.queryByRole('button', { name: 'Отправить заявку' })).toBeNull();
    const check = screen.getByRole('button', { name: 'Проверить заявки' });

    // Still unreadable: still unknown, still nothing sent.
    await events.click(check);
    await waitFor(() =>
      expect(
        (screen.getByRole('button', { name: 'Проверить заявки' }) as HTMLButtonElement).disabled,
      ).toBe(false),
    );
    expect(screen.getByText(/Неизвестно, дошла ли заявка/)).toBeTruthy();

    backend.scenarios!.delete(LIST);
    await events.click(screen.getByRole('button', { name: 'Проверить заявки' }));
    expect(await screen.findByText(SENT_TEXT)).toBeTruthy();
    expect(screen.queryByText(/Неизвестно, дошла ли заявка/)).toBeNull();
    expect(value('Документ')).toBe('-1');
    await waitFor(async () => expect(await countDrafts(user.uid)).toBe(0));
    expect(ordersLike(await storedOrders(backend, user.uid), choices)).toHaveLength(1);
    expect(saves(backend)).toBe(1);
  });

  it('reads the list first when a draft comes back from a send whose outcome was unknown', async () => {
    const { backend, user, lose, view, render, events } = await openOrders();
    await ordersList();
    const choices = await fillOrder(events);

    lose.save = 'stored';
    backend.scenarios!.set(LIST, 'server-error');
    await events.click(screen.getByRole('button', { name: 'Отправить заявку' }));
    expect(await screen.findByText(/Неизвестно, дошла ли заявка/)).toBeTruthy();

    // A reload once the server answers again: the list is read before anything can be sent.
    view.unmount();
    backend.scenarios!.delete(LIST);
    await render();
    await screen.findByRole('heading', { level: 1, name: 'Единое окно' });
    expect(await screen.findByText(SENT_TEXT)).toBeTruthy();
    expect(value('Документ')).toBe('-1');
    await waitFor(async () => expect(await countDrafts(user.uid)).toBe(0));
    expect(ordersLike(await storedOrders(backend, user.uid), choices)).toHaveLength(1);
    expect(saves(backend)).toBe(1);
  });
});

describe('which stored order is the one sent', () => {
  const sent: SentOrder = { id_doc: 3, id_region: 1, id_district: 4, count: 1, comment: 'Срочно' };
  const order = (id_order: number, created: string, change: Partial<Order> = {}): Order => ({
    id_order,
    id_doc: 3,
    docName: 'Справка',
    id_region: 1,
    regionName: 'Чуйская',
    id_district: 4,
    districtName: 'Аламудунский',
    count: 1,
    comment: 'Срочно',
    created,
    status: 'waiting',
    ...change,
  });
  const earlier = order(7, '2026-11-19T10:00:00+06:00');
  const other = order(8, '2026-11-20T09:00:00+06:00', { id_doc: 5 });
  const before = orderBaseline([other, earlier]);

  it('is an order with what was sent that the list before the send did not hold', () => {
    const mine = order(9, '2026-11-20T09:00:05+06:00');
    expect(findSentOrder([mine, other, earlier], { sent, before })).toEqual({
      state: 'delivered',
      order: mine,
    });
    // The same order placed before the send is not it.
    expect(findSentOrder([other, earlier], { sent, before })).toEqual({ state: 'missing' });
    // Nor is one older than the newest order listed before the send.
    const late = order(10, '2026-11-18T09:00:00+06:00');
    expect(findSentOrder([other, earlier, late], { sent, before })).toEqual({ state: 'missing' });
    // Nor one with other copies or another comment; no comment is stored as null.
    expect(findSentOrder([order(11, mine.created, { count: 2 })], { sent, before }).state).toBe(
      'missing',
    );
    expect(
      findSentOrder([order(12, mine.created, { comment: null })], {
        sent: { ...sent, comment: '' },
        before,
      }).state,
    ).toBe('delivered');
  });

  it('cannot tell without the list from before the send when an order like it is listed', () => {
    expect(findSentOrder([earlier], { sent, before: null })).toEqual({ state: 'undecided' });
    expect(findSentOrder([other], { sent, before: null })).toEqual({ state: 'missing' });
  });

  it('reads the list when the send may have been stored, never after an answer that says it was not', () => {
    for (const problem of [
      'TIMEOUT_ERROR',
      'CONNECTION_ERROR',
      'NETWORK_ERROR',
      'UNKNOWN_ERROR',
    ] as const) {
      expect(sendOutcomeUnknown(new LmsError(problem, problem))).toBe(true);
    }
    expect(sendOutcomeUnknown(new OrderNotConfirmedError('no order in the answer'))).toBe(true);
    expect(sendOutcomeUnknown(new LmsError('SERVER_ERROR', 'HTTP 500', { status: 500 }))).toBe(
      true,
    );
    expect(sendOutcomeUnknown(new LmsError('CLIENT_ERROR', 'HTTP 400', { status: 400 }))).toBe(
      false,
    );
    expect(sendOutcomeUnknown(new LmsError('OK', 'refused', { status: 200 }))).toBe(false);
    expect(sendOutcomeUnknown(new LmsError('CANCEL_ERROR', 'cancelled'))).toBe(false);
    expect(sendOutcomeUnknown(new Error('bug'))).toBe(false);
  });
});
