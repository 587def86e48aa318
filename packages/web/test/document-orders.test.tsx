import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { missingChoices, EMPTY_ORDER } from '../src/features/document-orders/utils/order-status';
import { countDrafts, forgetAllDrafts } from '../src/lib/offline/drafts/draft-store';
import { renderApp } from './support/render-app';
import { signInDemo, signInOther } from './support/mock-backend';
import { preloadScreens } from './support/preload-screens';

preloadScreens('singlewindow');

// Each case starts on a device without drafts (the form keeps the choices of the last one).
beforeEach(() => forgetAllDrafts());

const STATUS_TEXT = {
  waiting: 'Ожидание',
  preparing: 'Готовится',
  prepared: 'Готово',
  canceled: 'Отменено',
};

async function openOrders() {
  const { backend, user } = await signInDemo('student');
  await renderApp({ client: backend.client, path: '/lms/singlewindow' });
  await screen.findByRole('heading', { level: 1, name: 'Единое окно' });
  return { backend, user, events: userEvent.setup() };
}

const ordersList = () => screen.findByRole('list', { name: 'Мои заявки' });
const cards = (list: HTMLElement) => [...list.querySelectorAll(':scope > li')] as HTMLElement[];

describe('single window rules', () => {
  it('names the choices still to make', () => {
    expect(missingChoices(EMPTY_ORDER)).toEqual(['doc', 'region', 'district']);
    expect(missingChoices({ ...EMPTY_ORDER, id_doc: 1, id_region: 2 })).toEqual(['district']);
    expect(missingChoices({ ...EMPTY_ORDER, id_doc: 1, id_region: 2, id_district: 3 })).toEqual([]);
  });
});

describe('the single window', () => {
  it('lists the user’s orders newest first with a status badge each, and a cancel button only on waiting ones', async () => {
    const { backend, user } = await openOrders();
    const orders =
      (await backend.client.post('/api/singlewindow/order/list', { body: { uid: user.uid } })) ??
      [];
    expect(new Set(orders.map((o) => o.status))).toEqual(
      new Set(['waiting', 'preparing', 'prepared', 'canceled']),
    );
    const list = await ordersList();
    const shown = cards(list);
    expect(
      shown.map((card) => within(card).getByRole('heading', { level: 3 }).textContent),
    ).toEqual(orders.map((o) => o.docName));
    shown.forEach((card, index) => {
      const order = orders[index]!;
      expect(within(card).getByText(STATUS_TEXT[order.status])).toBeTruthy();
      expect(within(card).getByText(`${order.regionName}, ${order.districtName}`)).toBeTruthy();
      expect(Boolean(within(card).queryByRole('button', { name: /Отменить заявку/ }))).toBe(
        order.status === 'waiting',
      );
    });
  });

  it('sends an order only once document, region and district are chosen; another region clears the district', async () => {
    const { backend, user, events } = await openOrders();
    const submit = screen.getByRole('button', { name: 'Отправить заявку' });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    expect(
      screen.getByText('Чтобы отправить заявку, выберите: Документ, Область, Район.'),
    ).toBeTruthy();

    const docs =
      (await backend.client.post('/api/singlewindow/doc/list', {
        body: { uid: user.uid, role: 2 },
      })) ?? [];
    const regions =
      (await backend.client.post('/api/singlewindow/region/list', { body: {} })) ?? [];
    const [first, second] = regions;
    const doc = screen.getByLabelText('Документ');
    await waitFor(() => expect(within(doc).getAllByRole('option')).toHaveLength(docs.length + 1));
    await events.selectOptions(doc, String(docs[0]!.id_doc));
    const district = screen.getByLabelText('Район') as HTMLSelectElement;
    /** The region's districts as the server lists them, once the picker offers them (after ' --- '). */
    const districtsShown = async (id_region: number) => {
      const districts =
        (await backend.client.post('/api/singlewindow/district/list', { body: { id_region } })) ??
        [];
      await waitFor(() =>
        expect(
          within(district)
            .getAllByRole('option')
            .map((o) => o.textContent),
        ).toEqual([' --- ', ...districts.map((d) => d.name)]),
      );
      return districts;
    };
    expect(district.disabled).toBe(true);
    await events.selectOptions(screen.getByLabelText('Область'), String(first!.id_region));
    const firstDistricts = await districtsShown(first!.id_region);
    await events.selectOptions(district, String(firstDistricts[0]!.id_district));
    expect((submit as HTMLButtonElement).disabled).toBe(false);

    await events.selectOptions(screen.getByLabelText('Область'), String(second!.id_region));
    expect(district.value).toBe('-1');
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    const secondDistricts = await districtsShown(second!.id_region);
    await events.selectOptions(district, String(secondDistricts[0]!.id_district));
    await events.selectOptions(screen.getByLabelText('Количество экземпляров'), '3');
    await events.type(screen.getByLabelText('Комментарий'), 'Для военкомата');

    await events.click(submit);
    expect(
      await screen.findByText('Заявка отправлена. Её статус виден в списке ниже.'),
    ).toBeTruthy();
    const list = await ordersList();
    const newest = cards(list)[0]!;
    expect(within(newest).getByRole('heading', { level: 3 }).textContent).toBe(docs[0]!.name);
    expect(within(newest).getByText('Ожидание')).toBeTruthy();
    expect(within(newest).getByText(`${second!.name}, ${secondDistricts[0]!.name}`)).toBeTruthy();
    expect(within(newest).getByText('Для военкомата')).toBeTruthy();
    const saved = (await backend.client.post('/api/singlewindow/order/list', {
      body: { uid: user.uid },
    }))![0]!;
    expect(saved).toMatchObject({
      id_doc: docs[0]!.id_doc,
      id_district: secondDistricts[0]!.id_district,
      count: 3,
    });
    // The form starts again.
    expect((screen.getByLabelText('Документ') as HTMLSelectElement).value).toBe('-1');
  });

  it('keeps every choice when the order cannot be sent', async () => {
    const { backend, events } = await openOrders();
    const doc = screen.getByLabelText('Документ');
    await waitFor(() => expect(within(doc).getAllByRole('option').length).toBeGreaterThan(1));
    await events.selectOptions(doc, within(doc).getAllByRole('option')[1]!.getAttribute('value')!);
    const region = screen.getByLabelText('Область');
    await waitFor(() => expect(within(region).getAllByRole('option').length).toBeGreaterThan(1));
    await events.selectOptions(
      region,
      within(region).getAllByRole('option')[1]!.getAttribute('value')!,
    );
    const district = screen.getByLabelText('Район');
    await waitFor(() => expect(within(district).getAllByRole('option').length).toBeGreaterThan(1));
    const chosen = within(district).getAllByRole('option')[1]!.getAttribute('value')!;
    await events.selectOptions(district, chosen);
    await events.type(screen.getByLabelText('Комментарий'), 'Срочно');

    backend.scenarios!.set('/api/singlewindow/order/save', 'server-error');
    await events.click(screen.getByRole('button', { name: 'Отправить заявку' }));
    const failure = await screen.findByText(/Не удалось отправить заявку\./);
    expect(failure.textContent).toContain('Выбранные значения сохранены.');
    expect((district as HTMLSelectElement).value).toBe(chosen);
    expect((screen.getByLabelText('Комментарий') as HTMLTextAreaElement).value).toBe('Срочно');
  });

  it('keeps the choices and the comment as a draft across a reload, until the order is sent', async () => {
    const { backend, user } = await signInDemo('student');
    const first = await renderApp({ client: backend.client, path: '/lms/singlewindow' });
    await screen.findByRole('heading', { level: 1, name: 'Единое окно' });
    const events = userEvent.setup();
    const pick = async (label: string) => {
      const select = screen.getByLabelText(label);
      await waitFor(() => expect(within(select).getAllByRole('option').length).toBeGreaterThan(1));
      const value = within(select).getAllByRole('option')[1]!.getAttribute('value')!;
      await events.selectOptions(select, value);
      return value;
    };
    const doc = await pick('Документ');
    const region = await pick('Область');
    const district = await pick('Район');
    await events.selectOptions(screen.getByLabelText('Количество экземпляров'), '2');
    await events.type(screen.getByLabelText('Комментарий'), 'В деканат');

    // A reload: the page goes and the portal starts again for the same person.
    first.unmount();
    const second = await renderApp({ client: backend.client, path: '/lms/singlewindow' });
    await screen.findByRole('heading', { level: 1, name: 'Единое окно' });
    expect(await screen.findByText('Черновик восстановлен.')).toBeTruthy();
    const value = (label: string) => (screen.getByLabelText(label) as HTMLSelectElement).value;
    await waitFor(() => expect(value('Район')).toBe(district));
    expect([value('Документ'), value('Область'), value('Количество экземпляров')]).toEqual([
      doc,
      region,
      '2',
    ]);
    expect(value('Комментарий')).toBe('В деканат');

    await events.click(screen.getByRole('button', { name: 'Отправить заявку' }));
    expect(
      await screen.findByText('Заявка отправлена. Её статус виден в списке ниже.'),
    ).toBeTruthy();
    expect(value('Документ')).toBe('-1');
    expect(await countDrafts(user.uid)).toBe(0);
    second.unmount();
    await renderApp({ client: backend.client, path: '/lms/singlewindow' });
    await screen.findByRole('heading', { level: 1, name: 'Единое окно' });
    expect(value('Комментарий')).toBe('');
    expect(screen.queryByText('Черновик восстановлен.')).toBeNull();
  });

  it('cancels a waiting order after confirmation, and says so when it is no longer waiting', async () => {
    const { backend, user, events } = await openOrders();
    const list = await ordersList();
    const waiting = cards(list).filter((card) => within(card).queryByText('Ожидание'));
    expect(waiting.length).toBeGreaterThan(1);
    const [firstCard, secondCard] = waiting;
    await events.click(within(firstCard!).getByRole('button', { name: /Отменить заявку/ }));
    let dialog = screen.getByRole('alertdialog', { name: 'Отменить заявку?' });
    await events.click(within(dialog).getByRole('button', { name: 'Отменить заявку' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(await screen.findByText('Заявка отменена.')).toBeTruthy();
    expect(within(firstCard!).getByText('Отменено')).toBeTruthy();

    // Another tab cancels the second one first.
    const orders =
      (await backend.client.post('/api/singlewindow/order/list', { body: { uid: user.uid } })) ??
      [];
    const target = orders.filter((o) => o.status === 'waiting')[0]!;
    const other = await signInOther(backend.app!, 'student');
    await other.client.post('/api/singlewindow/order/cancel', {
      body: { id_order: target.id_order, uid: user.uid },
    });
    await events.click(within(secondCard!).getByRole('button', { name: /Отменить заявку/ }));
    dialog = screen.getByRole('alertdialog', { name: 'Отменить заявку?' });
    await events.click(within(dialog).getByRole('button', { name: 'Отменить заявку' }));
    expect(await within(dialog).findByText(/Заявку уже нельзя отменить/)).toBeTruthy();
    await events.click(within(dialog).getByRole('button', { name: 'Не отменять' }));
    await waitFor(() => expect(within(secondCard!).getByText('Отменено')).toBeTruthy());
  });

  it('shows the list’s failed state with a retry, its empty state, and a retry for the documents', async () => {
    const { backend } = await signInDemo('student');
    backend.scenarios!.set('/api/singlewindow/order/list', 'server-error');
    backend.scenarios!.set('/api/singlewindow/doc/list', 'server-error');
    await renderApp({ client: backend.client, path: '/lms/singlewindow' });
    const events = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Единое окно' });
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    const [docsFailed, listFailed] = screen.getAllByRole('alert');
    backend.scenarios!.delete('/api/singlewindow/doc/list');
    await events.click(within(docsFailed!).getByRole('button', { name: 'Повторить' }));
    await waitFor(() =>
      expect(
        within(screen.getByLabelText('Документ')).getAllByRole('option').length,
      ).toBeGreaterThan(1),
    );
    backend.scenarios!.set('/api/singlewindow/order/list', 'empty');
    await events.click(within(listFailed!).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('Заявок пока нет.')).toBeTruthy();
  });
});
