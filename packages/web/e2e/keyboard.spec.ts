import type { Locator, Page } from '@playwright/test';
import {
  checkLooks,
  expect,
  expectAccessible,
  loginLanguageMenu,
  PHONE,
  profileMenu,
  settled,
  test,
} from './fixtures';

// The portal with the keyboard alone: a teacher signs in, changes the language, writes in the
// group chat, takes a roll call, answers a confirmation and signs out with Tab, Shift+Tab, Enter,
// Space, the arrows, Escape and typed text; no pointer, no filled fields. After signing in and
// after each change of screen the focus is on the screen's heading; the menus are WAI-ARIA menu
// buttons; a dialog takes the focus and gives it back. Then the roll call's date, the profile menu
// and the login page's language menu as they look at 390 px, dark and light, on an English browser
// showing the Russian interface: the date reads DD.MM.YYYY as everywhere in the portal.

test.describe.configure({ timeout: 150_000 });
test.use({ actionTimeout: 10_000 });

// The mock world's clock is frozen at Friday 20 November 2026; the browser's today must agree.
const NOW = new Date('2026-11-20T10:00:00+06:00');

const main = (page: Page) => page.locator('main');
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/** Whether the focus is on `target`. */
const hasFocus = (target: Locator) =>
  target.evaluate((element) => element === document.activeElement);

/**
 * Tab (or Shift+Tab) until the focus is on `target`, as a person reaches a control from where the
 * focus is: fails if it is not reached in `most` presses.
 */
async function tabTo(page: Page, target: Locator, { back = false, most = 80 } = {}) {
  await expect(target).toBeVisible();
  for (let presses = 0; presses <= most; presses++) {
    if (await hasFocus(target)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${back ? 'Shift+Tab' : 'Tab'} never reached ${String(target)}`);
}

/** Presses `key` `times` times. */
async function press(page: Page, key: string, times = 1) {
  for (let step = 0; step < times; step++) await page.keyboard.press(key);
}

test('a teacher signs in, changes the language, writes in the chat, takes a roll call, answers a confirmation and signs out, with the keyboard alone', async ({
  page,
}) => {
  await page.clock.setFixedTime(NOW);
  const html = page.locator('html');

  // Signing in: the focus lands on the first screen's heading.
  await page.goto('/lms/login');
  await tabTo(page, page.getByLabel('Логин'));
  await page.keyboard.type('teacher');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Пароль', { exact: true })).toBeFocused();
  await page.keyboard.type('Teacher1');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/lms$/);
  await expect(heading(page)).toHaveText('Новости');
  await expect(heading(page)).toBeFocused();
  await expectAccessible(page, 'news, just signed in');

  // The profile menu: Enter opens it on its first item; End, ArrowUp, Enter choose English.
  const trigger = profileMenu(page);
  await tabTo(page, trigger, { back: true });
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: /Меню профиля/ });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Профиль' })).toBeFocused();
  await expectAccessible(page, 'the profile menu open');
  await page.keyboard.press('End');
  await expect(menu.getByRole('menuitem', { name: 'Выйти' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(menu.getByRole('menuitemradio', { name: 'Eng' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(html).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(trigger).toBeFocused();
  await expect(heading(page)).toHaveText('News');

  // Back to Russian: ArrowDown opens it on its first item, Space chooses and leaves it open,
  // Escape closes it on its button.
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeFocused();
  await press(page, 'ArrowDown', 4);
  await expect(page.getByRole('menuitemradio', { name: 'Рус' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(html).toHaveAttribute('lang', 'ru');
  await expect(page.getByRole('menuitemradio', { name: 'Рус' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(page.getByRole('menuitemradio', { name: 'Рус' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(trigger).toBeFocused();

  // The group chat of 'Веб-разработка': a discipline, a contact, then a message sent with Enter.
  const discipline = page
    .getByRole('region', { name: 'Дисциплины' })
    .getByRole('button')
    .filter({ hasText: 'Веб-разработка' });
  await tabTo(page, discipline);
  await page.keyboard.press('Enter');
  await expect(discipline).toHaveAttribute('aria-pressed', 'true');
  const groupChat = page
    .getByRole('region', { name: 'Контакты' })
    .getByRole('button', { name: 'Групповой чат' });
  await tabTo(page, groupChat);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/lms\/chat\?/);
  await expect(heading(page)).toHaveText('Групповой чат');
  await expect(heading(page)).toBeFocused();
  const message = main(page).getByRole('textbox', { name: 'Сообщение' });
  await tabTo(page, message);
  await page.keyboard.type('Перекличка после лекции, с клавиатуры');
  await page.keyboard.press('Enter');
  await expect(message).toHaveValue('');
  // The chat opened at the first unread message; End in the list goes to the newest.
  const log = page.getByRole('log', { name: 'Сообщения' });
  await tabTo(page, log, { back: true });
  const sent = log.getByText('Перекличка после лекции, с клавиатуры');
  await expect(async () => {
    await page.keyboard.press('End');
    await expect(sent).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await expectAccessible(page, 'the group chat with a message sent');

  // The journal, from the sections' column: its heading takes the focus.
  await tabTo(
    page,
    page.getByRole('navigation', { name: 'Разделы' }).getByRole('link', { name: 'Журнал' }),
  );
  await page.keyboard.press('Enter');
  await expect(heading(page)).toHaveText('Журнал посещаемости');
  await expect(heading(page)).toBeFocused();
  const roll = main(page).getByRole('list', { name: 'Перекличка' }).locator(':scope > li');
  await expect(roll).toHaveCount(12);

  // The roll call of Thursday 19.11: the date typed as the portal writes it, one student absent.
  const date = main(page).getByRole('textbox', { name: 'Дата занятия' });
  await tabTo(page, date);
  await expect(date).toHaveValue('20.11.2026');
  await page.keyboard.press('End');
  await press(page, 'Backspace', 10);
  await page.keyboard.type('19.11.2026');
  await page.keyboard.press('Tab');
  await expect(main(page).getByRole('button', { name: 'Выбрать дату в календаре' })).toBeFocused();
  await expect(date).toHaveValue('19.11.2026');
  const absent = roll.first().getByRole('button', { name: 'Отсутствует' });
  await tabTo(page, absent);
  await page.keyboard.press('Space');
  await expect(absent).toHaveAttribute('aria-pressed', 'true');
  await expect(main(page).getByText('Отсутствуют: 1')).toBeVisible();
  await expectAccessible(page, 'the roll call taken from the keyboard');
  await tabTo(page, main(page).getByRole('button', { name: 'Сохранить перекличку' }));
  await page.keyboard.press('Enter');
  await expect(main(page).getByText('Перекличка сохранена.')).toBeVisible();
  const journal = main(page).getByRole('region', { name: 'Журнал' });
  await expect(journal.getByRole('columnheader', { name: /19\.11/ })).toBeVisible();

  // The date's bin asks first: the dialog takes the focus on its least destructive answer,
  // Escape gives it back to the bin; then Tab and Enter delete the date.
  const bin = journal.getByRole('button', { name: 'Удалить занятие 19.11' });
  await tabTo(page, bin);
  await page.keyboard.press('Enter');
  const ask = page.getByRole('alertdialog', { name: 'Удалить занятие?' });
  await expect(ask).toBeVisible();
  await expect(ask.getByRole('button', { name: 'Отмена' })).toBeFocused();
  await expectAccessible(page, 'the confirmation of a deletion');
  await page.keyboard.press('Escape');
  await expect(ask).toBeHidden();
  await expect(bin).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(ask.getByRole('button', { name: 'Отмена' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(ask.getByRole('button', { name: 'Удалить' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(ask).toBeHidden();
  await expect(journal.getByRole('columnheader', { name: /19\.11/ })).toHaveCount(0);
  // The bin went with its date: the focus is on the screen's heading, not lost.
  await expect(heading(page)).toBeFocused();

  // Signing out: ArrowUp opens the menu on its last item.
  await tabTo(page, trigger, { back: true, most: 120 });
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('menuitem', { name: 'Выйти' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/lms\/login$/);
  await expect(heading(page)).toHaveText('Вход в личный кабинет');
  await expect(heading(page)).toBeFocused();
  await expectAccessible(page, 'the login page after signing out');
});

test.describe('the Russian interface on an English browser', () => {
  test.use({ locale: 'en-US', signedInAs: 'teacher' });

  test('writes the roll call’s date DD.MM.YYYY; the date field and the menus at 390 px, dark and light', async ({
    page,
  }) => {
    await page.clock.setFixedTime(NOW);
    await page.setViewportSize(PHONE);
    await page.goto('/lms/journal');
    expect(await page.evaluate(() => navigator.language)).toBe('en-US');
    const discipline = main(page).getByLabel('Дисциплина');
    await expect(discipline.locator('option', { hasText: 'Веб-разработка' })).toBeAttached();
    await discipline.selectOption({ label: 'Веб-разработка' });
    const date = main(page).getByRole('textbox', { name: 'Дата занятия' });
    // What the browser's own date input would show here: '11/20/2026'.
    await expect(date).toHaveValue('20.11.2026');
    await expect(date).toHaveAttribute('placeholder', 'ДД.ММ.ГГГГ');
    await expect(
      main(page).getByRole('button', { name: 'Выбрать дату в календаре' }),
    ).toBeVisible();
    await checkLooks(page, 'keyboard-roll-date', {
      widths: [PHONE.width],
      switchBy: 'reload',
      ready: async () => {
        await expect(date).toHaveValue('20.11.2026');
        await date.scrollIntoViewIfNeeded();
      },
    });

    // The profile menu, opened from its button with Enter.
    const openMenu = async () => {
      await profileMenu(page).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('menu')).toBeVisible();
      await settled(page);
    };
    await page.goto('/lms/profile');
    await checkLooks(page, 'keyboard-profile-menu', {
      widths: [PHONE.width],
      switchBy: 'reload',
      ready: openMenu,
    });

    // The login page's language menu, opened with ArrowDown.
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/lms\/login$/);
    await checkLooks(page, 'keyboard-language-menu', {
      widths: [PHONE.width],
      switchBy: 'reload',
      ready: async () => {
        await loginLanguageMenu(page).focus();
        await page.keyboard.press('ArrowDown');
        await expect(page.getByRole('menuitemradio', { name: 'Кыр' })).toBeFocused();
        await settled(page);
      },
    });
  });
});
