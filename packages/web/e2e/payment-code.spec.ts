import type { Page } from '@playwright/test';
import {
  checkLooks,
  DESKTOP,
  expect,
  expectAccessible,
  setTheme,
  settled,
  signInByApi,
  test,
} from './fixtures';

// Payment code: a student picks year, group and service and gets the code from misc/paymentcode
// `account`, copies it and sees it as a QR image; teachers are told why not.

test.use({ signedInAs: 'student' });

/** The demo student (mock server README). */
const STUDENT_GROUP = 'ПИ-1-26';
const TUITION = 'Оплата за обучение (контракт)';
/** The mock server's codes: the year's digits, group, student, service and a check digit. */
const ACCOUNT = /^\d{14}$/;
const HAS_ACCOUNT = /\b\d{14}\b/;

const picker = (page: Page, name: string) => page.getByRole('combobox', { name, exact: true });

async function openPaymentCode(page: Page) {
  await page.getByRole('link', { name: 'Код оплаты', exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Код оплаты' })).toBeVisible();
  await expect(page).toHaveURL(/\/lms\/paymentcode$/);
}

/** Chooses the service (year and group start on the current ones) and returns the code shown. */
async function getCode(page: Page, service = TUITION): Promise<string> {
  await expect(picker(page, 'Учебный год')).toHaveValue(/^\d+$/);
  await expect(picker(page, 'Группа').locator('option:checked')).toHaveText(STUDENT_GROUP);
  await picker(page, 'Услуга').selectOption({ label: service });
  const card = page.getByRole('region', { name: 'Ваш код оплаты' });
  await expect(card).toBeVisible();
  const code = (await card.locator('[translate="no"]').textContent()) ?? '';
  expect(code).toMatch(ACCOUNT);
  return code;
}

test.describe('payment code', () => {
  test('a student gets a payment code, copies it, and sees it as a QR image (dark and light)', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/lms');
    await openPaymentCode(page);
    await expect(
      page.getByText('Выберите учебный год, группу и услугу, чтобы получить код оплаты'),
    ).toBeVisible();
    await expectAccessible(page, 'payment code before a service is chosen');

    const code = await getCode(page);
    await expect(page.getByText('Стоимость: 48 000 сом')).toBeVisible();
    await expect(page.getByText('К оплате: 48 000 сом')).toBeVisible();
    const qr = page.getByRole('img', { name: `QR-код с кодом оплаты ${code}` });
    await expect(qr).toBeVisible();
    expect(await qr.evaluate((svg) => svg.tagName.toLowerCase())).toBe('svg');

    await page.getByRole('button', { name: 'Скопировать код' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Код скопирован' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    // Dark is the default; the light theme is the stored preference after a reload (session
    // kept): the same code for the same choice.
    await checkLooks(page, 'payment-code', {
      widths: [DESKTOP.width],
      switchBy: 'reload',
      ready: async () => expect(await getCode(page)).toBe(code),
    });
  });

  test('the year picker offers only years with a group; changing the year clears the group; another service gives another code', async ({
    page,
  }) => {
    // The demo student started this year: no earlier year would lead to a code.
    await page.goto('/lms/paymentcode');
    await expect(picker(page, 'Группа').locator('option:checked')).toHaveText(STUDENT_GROUP);
    await expect(picker(page, 'Учебный год').locator('option')).toHaveText([' --- ', '2026-2027']);
    await expect(page.getByText('Показаны только годы, когда вы числились в группе')).toBeVisible();

    // A third-year student: three years, each with its group.
    await page.context().clearCookies();
    await signInByApi(page.context(), 'student3');
    await page.goto('/lms/paymentcode');
    const year = picker(page, 'Учебный год');
    await expect(year.locator('option')).toHaveText([
      ' --- ',
      '2026-2027',
      '2025-2026',
      '2024-2025',
    ]);
    await expect(picker(page, 'Группа')).not.toHaveValue('-1');
    const group = (await picker(page, 'Группа').locator('option:checked').textContent()) ?? '';
    await picker(page, 'Услуга').selectOption({ label: TUITION });
    const card = page.getByRole('region', { name: 'Ваш код оплаты' });
    const tuition = (await card.locator('[translate="no"]').textContent()) ?? '';
    expect(tuition).toMatch(ACCOUNT);

    await year.selectOption({ label: '2025-2026' });
    await expect(picker(page, 'Группа')).toHaveValue('-1');
    await expect(card).toHaveCount(0);
    await expect(picker(page, 'Группа')).toBeEnabled();
    await picker(page, 'Группа').selectOption({ label: group });
    await expect(card.locator('[translate="no"]')).toHaveText(ACCOUNT);
    await expect(card.locator('[translate="no"]')).not.toHaveText(tuition);
    await expectAccessible(page, 'payment code, an earlier year');

    await picker(page, 'Услуга').selectOption({ label: 'Пересдача экзамена' });
    await expect(card).toContainText(HAS_ACCOUNT);
  });

  test('the code stays on one line, in groups, at every width and in both themes', async ({
    page,
  }) => {
    await page.goto('/lms/paymentcode');
    const code = await getCode(page);
    const shown = page.getByRole('region', { name: 'Ваш код оплаты' }).locator('[translate="no"]');

    /** The code at this width: one line, its groups side by side, nothing cut off or wider. */
    async function expectOneLine(width: number, height: number, what: string) {
      await page.setViewportSize({ width, height });
      const layout = width < 900 ? 'mobile' : 'desktop';
      await expect(page.locator(`[data-layout="${layout}"]`)).toBeVisible();
      await expect(shown).toBeVisible();
      // the layout has settled: its transitions have ended (the layout switch is waited for
      // above), and the code's column keeps its width from one frame to the next
      await settled(page);
      await expect
        .poll(() =>
          shown.evaluate(async (element) => {
            const width = () => element.parentElement!.clientWidth;
            const before = width();
            await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
            return before === width();
          }),
        )
        .toBe(true);
      const measured = await shown.evaluate((element) => {
        const lineHeight = parseFloat(getComputedStyle(element).lineHeight);
        const tops = new Set(
          Array.from(element.children, (group) => Math.round(group.getBoundingClientRect().top)),
        );
        return {
          lines: Math.round(element.getBoundingClientRect().height / lineHeight),
          rows: tops.size,
          fits: element.scrollWidth <= element.clientWidth + 1,
        };
      });
      expect(measured, what).toEqual({ lines: 1, rows: 1, fits: true });
      expect(await shown.textContent()).toBe(code);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
    }

    for (const theme of ['dark', 'light'] as const) {
      await setTheme(page, theme);
      for (const [width, height] of [
        [1440, 900],
        [1280, 800],
        [1024, 768],
        [390, 844],
      ] as const) {
        await expectOneLine(width, height, `${width} px, ${theme}`);
        if (width === 1440 || width === 390) {
          await page.screenshot({ path: `test-results/d-payment-code-${width}-${theme}.png` });
        }
      }
      await expectAccessible(page, `payment code, ${theme}`);
    }

    // The discipline and contact columns opened beside it leave the code the least room.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('button', { name: 'Показать дисциплины и контакты' }).click();
    await expect(page.getByRole('complementary', { name: 'Контакты' })).toBeVisible();
    await expectOneLine(1440, 900, '1440 px beside the columns');
    await expectOneLine(1200, 800, '1200 px beside the columns');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({ path: 'test-results/d-payment-code-1440-columns.png' });
    await page.getByRole('button', { name: 'Свернуть' }).first().click();
  });

  test('at 390 px: a student gets and copies the code', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/lms');
    await expect(page.locator('[data-layout="mobile"]')).toBeVisible();
    // The mobile apps tab lists the sections as tiles.
    await openPaymentCode(page);

    const code = await getCode(page);
    const copy = page.getByRole('button', { name: 'Скопировать код' });
    await copy.scrollIntoViewIfNeeded();
    await copy.click();
    await expect(page.getByText('Код скопирован')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    await expect(page.getByRole('img', { name: `QR-код с кодом оплаты ${code}` })).toBeVisible();
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await expectAccessible(page, 'payment code at 390 px');
  });

  test('without clipboard permission the code is selected and a manual copy explained', async ({
    page,
  }) => {
    await page.goto('/lms/paymentcode');
    const code = await getCode(page);
    await page.evaluate(() => {
      Object.defineProperty(navigator, 'clipboard', { configurable: true, value: undefined });
      document.execCommand = () => false;
    });
    await page.getByRole('button', { name: 'Скопировать код' }).click();
    await expect(page.getByText(/Не удалось скопировать автоматически/)).toBeVisible();
    expect(await page.evaluate(() => window.getSelection()?.toString())).toBe(code);
  });

  test.describe(() => {
    test.use({ signedInAs: 'teacher' });

    test('a teacher is told that payment codes are issued to students', async ({ page }) => {
      await page.goto('/lms');
      await openPaymentCode(page);
      await expect(
        page.getByRole('heading', { level: 2, name: 'Код оплаты выдаётся студентам' }),
      ).toBeVisible();
      await expect(page.getByRole('main').getByRole('combobox')).toHaveCount(0);
      await expectAccessible(page, 'payment code for a teacher');
    });
  });
});

test.describe('payment code: fault scenarios', () => {
  test('server errors show the failed states, the page stays usable and recovers', async ({
    page,
  }) => {
    let failing = true;
    await page.route(/\/api\/misc\/(years|paymentcode)$/, (route) =>
      route.continue({
        headers: {
          ...route.request().headers(),
          ...(failing ? { 'x-mock-scenario': 'server-error' } : {}),
        },
      }),
    );
    await page.goto('/lms/paymentcode');
    const failed = page.getByRole('alert').filter({
      hasText: 'Не удалось загрузить учебные годы и услуги',
    });
    await expect(failed).toBeVisible();
    await expectAccessible(page, 'payment code lists failed');

    // The rest of the portal still answers.
    await page
      .getByRole('navigation', { name: 'Разделы' })
      .getByRole('link', { name: 'Профиль' })
      .click();
    await expect(page).toHaveURL(/\/lms\/profile$/);
    await page.goBack();
    await expect(failed).toBeVisible();

    // The lists come back on retry; the code request still fails, with its own message.
    failing = false;
    await failed.getByRole('button', { name: 'Повторить' }).click();
    await expect(picker(page, 'Услуга')).toBeVisible();
    failing = true;
    await expect(picker(page, 'Группа').locator('option:checked')).toHaveText(STUDENT_GROUP);
    await picker(page, 'Услуга').selectOption({ label: TUITION });
    const codeFailed = page
      .getByRole('alert')
      .filter({ hasText: 'Не удалось получить код оплаты' });
    await expect(codeFailed).toBeVisible();
    await expect(picker(page, 'Услуга').locator('option:checked')).toHaveText(TUITION);

    failing = false;
    await codeFailed.getByRole('button', { name: 'Повторить' }).click();
    await expect(page.getByRole('region', { name: 'Ваш код оплаты' })).toContainText(HAS_ACCOUNT);
  });

  test('empty answers show the empty states', async ({ page }) => {
    await page.route(/\/api\/misc\/(uslugi|paymentcode)$/, (route) =>
      route.continue({
        headers: { ...route.request().headers(), 'x-mock-scenario': 'empty' },
      }),
    );
    await page.goto('/lms/paymentcode');
    await expect(page.getByText('Список платных услуг пока пуст')).toBeVisible();
    await expect(page.getByRole('main').getByRole('combobox')).toHaveCount(0);

    await page.unroute(/\/api\/misc\/(uslugi|paymentcode)$/);
    await page.route(/\/api\/misc\/paymentcode$/, (route) =>
      route.continue({
        headers: { ...route.request().headers(), 'x-mock-scenario': 'empty' },
      }),
    );
    await page.reload();
    await expect(picker(page, 'Группа').locator('option:checked')).toHaveText(STUDENT_GROUP);
    await picker(page, 'Услуга').selectOption({ label: TUITION });
    await expect(page.getByText('Для этой услуги код оплаты не выдан')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Скопировать код' })).toHaveCount(0);
    await expectAccessible(page, 'payment code empty');
  });
});
