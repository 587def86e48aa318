import { i18n } from '@lms/i18n';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ProfileMenu } from '../src/components/layout/profile-menu';
import { LanguageSwitch } from '../src/components/ui/language-switch';
import { theme } from '../src/lib/ui-state/theme';

/** The header's profile menu between two other controls, as the shell lays it out. */
function renderProfileMenu(onLogout = vi.fn()) {
  render(
    <MemoryRouter>
      <button type="button">Разделы</button>
      <ProfileMenu
        fullName="Асанова Айгуль Бакытовна"
        shortName="Асанова А.Б."
        subtitle="ПИ-1-26"
        photoUrl={null}
        onLogout={onLogout}
        loggingOut={false}
      />
      <a href="#content">К содержимому</a>
    </MemoryRouter>,
  );
  const button = screen.getByRole('button', { name: /Меню профиля/ });
  return { button, onLogout, person: userEvent.setup() };
}

const focused = () => document.activeElement;
const menu = () => screen.queryByRole('menu');
const items = () => [
  ...screen.getByRole('menu').querySelectorAll<HTMLElement>('[role^="menuitem"]'),
];
const itemNames = () => items().map((item) => item.textContent);

describe('the profile menu, from the keyboard', () => {
  it('is a menu button whose menu holds every item by its role, named after the button', async () => {
    const { button, person } = renderProfileMenu();
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(menu()).toBeNull();

    button.focus();
    await person.keyboard('{Enter}');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('menu', { name: /Меню профиля/ })).toBeTruthy();
    expect(itemNames()).toEqual([
      'Профиль',
      'Новости',
      'Тёмная тема',
      'Кыр',
      'Рус',
      'Eng',
      'Выйти',
    ]);
    expect(screen.getByRole('menuitemcheckbox', { name: 'Тёмная тема' })).toBeTruthy();
    expect(screen.getByRole('menuitemradio', { name: 'Рус' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(screen.getByRole('menuitemradio', { name: 'Eng' }).getAttribute('aria-checked')).toBe(
      'false',
    );
    // Only the focused item is reached: the Tab key leaves the menu.
    for (const item of items()) expect(item.tabIndex).toBe(-1);
  });

  it.each([
    ['{Enter}', 'Профиль'],
    [' ', 'Профиль'],
    ['{ArrowDown}', 'Профиль'],
    ['{ArrowUp}', 'Выйти'],
  ])('opens with %s on its button, on the item %s', async (key, first) => {
    const { button, person } = renderProfileMenu();
    button.focus();
    await person.keyboard(key);
    expect(menu()).toBeTruthy();
    expect(focused()).toBe(screen.getByRole('menuitem', { name: first }));
  });

  it('moves with the arrows, round from the last item to the first, and jumps with Home and End', async () => {
    const { button, person } = renderProfileMenu();
    button.focus();
    await person.keyboard('{ArrowDown}');
    const names: (string | null)[] = [];
    for (let step = 0; step < 7; step++) {
      await person.keyboard('{ArrowDown}');
      names.push(focused()!.textContent);
    }
    expect(names).toEqual(['Новости', 'Тёмная тема', 'Кыр', 'Рус', 'Eng', 'Выйти', 'Профиль']);
    await person.keyboard('{ArrowUp}');
    expect(focused()).toBe(screen.getByRole('menuitem', { name: 'Выйти' }));
    await person.keyboard('{ArrowUp}');
    expect(focused()).toBe(screen.getByRole('menuitemradio', { name: 'Eng' }));
    await person.keyboard('{Home}');
    expect(focused()).toBe(screen.getByRole('menuitem', { name: 'Профиль' }));
    await person.keyboard('{End}');
    expect(focused()).toBe(screen.getByRole('menuitem', { name: 'Выйти' }));
  });

  it('closes with Escape and gives the focus back to its button', async () => {
    const { button, person } = renderProfileMenu();
    button.focus();
    await person.keyboard('{ArrowDown}{ArrowDown}{Escape}');
    expect(menu()).toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(focused()).toBe(button);
  });

  it('closes with Tab and Shift+Tab, going on to the next or the previous control of the page', async () => {
    const { button, person } = renderProfileMenu();
    button.focus();
    await person.keyboard('{ArrowDown}{ArrowDown}');
    await person.tab();
    expect(menu()).toBeNull();
    expect(focused()).toBe(screen.getByRole('link', { name: 'К содержимому' }));

    button.focus();
    await person.keyboard('{ArrowUp}');
    await person.tab({ shift: true });
    expect(menu()).toBeNull();
    expect(focused()).toBe(screen.getByRole('button', { name: 'Разделы' }));
  });

  it('switches dark mode with Space and stays open; Enter switches it and closes', async () => {
    const { button, person } = renderProfileMenu();
    const before = theme.value;
    button.focus();
    await person.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    const darkMode = screen.getByRole('menuitemcheckbox', { name: 'Тёмная тема' });
    expect(focused()).toBe(darkMode);
    const checked = darkMode.getAttribute('aria-checked');

    await person.keyboard(' ');
    expect(darkMode.getAttribute('aria-checked')).not.toBe(checked);
    expect(theme.value).not.toBe(before);
    expect(focused()).toBe(darkMode);

    await person.keyboard('{Enter}');
    expect(theme.value).toBe(before);
    expect(menu()).toBeNull();
    expect(focused()).toBe(button);
  });

  it('chooses a language with Enter, then speaks it, its button keeping the focus', async () => {
    const { button, person } = renderProfileMenu();
    button.focus();
    await person.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(focused()).toBe(screen.getByRole('menuitemradio', { name: 'Кыр' }));
    await person.keyboard('{Enter}');
    await waitFor(() => expect(i18n.language).toBe('kg'));
    expect(menu()).toBeNull();
    expect(focused()).toBe(button);
    await waitFor(() => expect(button.textContent).toContain('Профиль менюсу'));

    await person.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitemradio', { name: 'Кыр' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(focused()).toBe(screen.getByRole('menuitem', { name: 'Менин профилим' }));
  });

  it('signs out from its last item with Enter, the focus back on its button for what follows', async () => {
    const { button, onLogout, person } = renderProfileMenu();
    button.focus();
    await person.keyboard('{ArrowUp}{Enter}');
    expect(onLogout).toHaveBeenCalledOnce();
    expect(menu()).toBeNull();
    expect(focused()).toBe(button);
  });

  it('follows a link item with Space as with Enter, and closes', async () => {
    const { button, person } = renderProfileMenu();
    const followed = vi.fn((event: MouseEvent) => event.preventDefault());
    button.focus();
    await person.keyboard('{ArrowDown}');
    const profile = screen.getByRole('menuitem', { name: 'Профиль' });
    profile.addEventListener('click', followed);
    await person.keyboard(' ');
    expect(followed).toHaveBeenCalledOnce();
    expect(menu()).toBeNull();
    // Until the next screen's heading takes it (a link to the screen on view leaves it there).
    expect(focused()).toBe(button);
  });

  it('closes on a press outside it, and on a second press of its button', async () => {
    const { button, person } = renderProfileMenu();
    await person.click(button);
    expect(focused()).toBe(screen.getByRole('menuitem', { name: 'Профиль' }));
    await person.click(screen.getByRole('button', { name: 'Разделы' }));
    expect(menu()).toBeNull();
    await person.click(button);
    await person.click(button);
    expect(menu()).toBeNull();
  });
});

describe('the login page’s language switch', () => {
  it('is a menu button naming the language; ArrowUp opens it on Eng, and Enter chooses it', async () => {
    render(<LanguageSwitch />);
    const person = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Язык: Рус' });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    button.focus();
    await person.keyboard('{ArrowUp}');
    const options = within(screen.getByRole('menu', { name: 'Язык: Рус' })).getAllByRole(
      'menuitemradio',
    );
    expect(options.map((option) => option.textContent)).toEqual(['Кыр', 'Рус', 'Eng']);
    expect(options.map((option) => option.getAttribute('aria-checked'))).toEqual([
      'false',
      'true',
      'false',
    ]);
    expect(focused()).toBe(options[2]);
    await person.keyboard('{Enter}');
    await waitFor(() => expect(i18n.language).toBe('en'));
    expect(screen.queryByRole('menu')).toBeNull();
    await waitFor(() =>
      expect(focused()).toBe(screen.getByRole('button', { name: 'Language: Eng' })),
    );
  });

  it('chooses with a click too, and closes', async () => {
    render(<LanguageSwitch />);
    const person = userEvent.setup();
    await person.click(screen.getByRole('button', { name: 'Язык: Рус' }));
    await person.click(screen.getByRole('menuitemradio', { name: 'Кыр' }));
    await act(async () => {
      await waitFor(() => expect(i18n.language).toBe('kg'));
    });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(screen.getByRole('button', { name: 'Тил: Кыр' })).toBeTruthy();
  });
});
