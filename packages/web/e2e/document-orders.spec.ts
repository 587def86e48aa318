import type { Page } from '@playwright/test';
import {
  checkLooks,
  chooseCertificateOrder,
  DESKTOP,
  expect,
  expectAccessible,
  PHONE,
  test,
} from './fixtures';

// The single window: a student orders a certificate with region and district, sees it waiting and
// cancels it; an order the office works on advances to 'Готово' without a reload.

test.use({ signedInAs: 'student' });

const orders = (page: Page) => page.getByRole('list', { name: 'Мои заявки' });
const cards = (page: Page) => orders(page).locator(':scope > li');

async function order(page: Page, note: string) {
  await chooseCertificateOrder(page);
  await page.getByLabel('Комментарий').fill(note);
  await page.getByRole('button', { name: 'Отправить заявку' }).click();
  await expect(page.getByText('Заявка отправлена. Её статус виден в списке ниже.')).toBeVisible();
  const card = cards(page).filter({ hasText: note });
  await expect(card.getByText('Ожидание')).toBeVisible();
  return card;
}

test('a student on a phone orders a certificate, sees it waiting and cancels it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/lms/singlewindow');
  await expect(page.getByRole('heading', { level: 1, name: 'Единое окно' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Отправить заявку' })).toBeDisabled();

  const card = await order(page, 'Для военкомата, 2 экземпляра не нужны');
  await expect(cards(page).first()).toContainText('Для военкомата');
  await expect(card).toContainText('Чуйская область');
  await checkLooks(page, 'orders', { widths: [PHONE.width], themes: ['dark'], fullPage: true });

  await card.getByRole('button', { name: 'Отменить заявку: Справка с места учёбы' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Отменить заявку?' });
  await expectAccessible(page, 'cancel dialog, dark');
  await dialog.getByRole('button', { name: 'Отменить заявку' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Отменено')).toBeVisible();
  await expect(card.getByRole('button', { name: /Отменить заявку/ })).toHaveCount(0);
  await checkLooks(page, 'orders', { widths: [PHONE.width], themes: ['light'], fullPage: true });
});

test('an order the office works on advances to ready without a reload', async ({
  page,
  request,
}) => {
  // Each step of a new order takes one second (the world reset of the next journey restores it).
  const pace = await request.post('/__mock/order-pace', { data: { seconds: 1 } });
  expect(pace.ok()).toBe(true);
  await page.goto('/lms/singlewindow');
  const card = await order(page, 'Для стипендиальной комиссии');
  await expect(card.getByText('Готово')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Статусы обновляются сами, пока заявки в работе.')).toBeVisible();
  await checkLooks(page, 'orders-advancing', { widths: [DESKTOP.width] });
});

test('an order whose answer is lost is looked for in the list before it can be sent again', async ({
  page,
}) => {
  const note = 'Ответ на эту заявку потерян';
  await page.goto('/lms/singlewindow');
  await expect(cards(page).first()).toBeVisible();
  await chooseCertificateOrder(page);
  await page.getByLabel('Комментарий').fill(note);

  // The server stores the order, but its answer never reaches the page; the list cannot be read
  // either for now.
  await page.route('**/api/singlewindow/order/save', async (route) => {
    await route.fetch();
    await route.abort('connectionreset');
  });
  await page.route('**/api/singlewindow/order/list', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ result: 1, error: 'Internal server error', data: null }),
    }),
  );
  await page.getByRole('button', { name: 'Отправить заявку' }).click();
  await expect(page.getByText(/Неизвестно, дошла ли заявка/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Отправить заявку' })).toHaveCount(0);
  await expect(page.getByLabel('Комментарий')).toHaveValue(note);
  await expectAccessible(page, 'unknown outcome, dark');

  // Once the list answers, the order is found there: sent once, and the form starts again.
  await page.unroute('**/api/singlewindow/order/list');
  await page.getByRole('button', { name: 'Проверить заявки' }).click();
  await expect(page.getByText('Заявка отправлена. Её статус виден в списке ниже.')).toBeVisible();
  await expect(cards(page).filter({ hasText: note })).toHaveCount(1);
  await expect(page.getByLabel('Комментарий')).toHaveValue('');
});
