import { demo, type DemoLogin, type Theme } from '../fixtures';
import type { Person } from './person';
import { byLabel, byRole, inside, type Target } from './targets';

// The portal's steps the journeys of every engine share, in its Russian interface.

export const main: Target = byRole('main');

/** Signs in through the login form, as a person does. */
export async function signIn(person: Person, who: DemoLogin): Promise<void> {
  await person.open('/lms/login');
  await person.fill(byLabel('Логин'), demo[who].login);
  await person.fill(byLabel('Пароль'), demo[who].password);
  await person.click(byRole('button', 'Войти'));
  await person.reaches(/^\/lms\/?$/);
}

/** The profile menu's button, named after the person. */
export const profileMenu = byRole('button', /^Меню профиля/);

/** Signs out from the profile menu. */
export async function signOut(person: Person): Promise<void> {
  await person.click(profileMenu);
  await person.click(byRole('menuitem', 'Выйти'));
  await person.reaches(/^\/lms\/login$/);
}

/** Switches the theme from the profile menu, as a person does, and closes the menu. */
export async function chooseTheme(person: Person, theme: Theme): Promise<void> {
  const html = () =>
    person.evaluate(() => document.documentElement.getAttribute('data-theme'), null);
  if ((await html()) === theme) return;
  await person.click(profileMenu);
  await person.click(byRole('menuitemcheckbox', 'Тёмная тема'));
  await person.click(profileMenu);
  await person.seesNo(byRole('menu'));
  if ((await html()) !== theme) throw new Error(`${person.engine}: the theme is not ${theme}`);
}

/** Chooses the portal's language in the profile menu ('Кыр', 'Рус', 'Eng'). */
export async function chooseLanguage(person: Person, autonym: 'Кыр' | 'Рус' | 'Eng') {
  await person.click(profileMenu);
  await person.click(byRole('menuitemradio', autonym));
  await person.click(byRole('button', /^(Меню профиля|Профиль менюсу|Profile menu)/));
}

/** On a phone: one of the main screen's tabs ('Новости', 'Чат', 'Приложения'). */
export async function openMainTab(person: Person, tab: 'Новости' | 'Чат' | 'Приложения') {
  await person.click(inside(byRole('navigation', 'Главный экран'), byRole('button', tab)));
}

/** The conversation with `name` in 'Веб-разработка', from the discipline and contact columns. */
export async function openConversation(person: Person, name: string): Promise<void> {
  const discipline = inside(
    byRole('complementary', 'Дисциплины'),
    byRole('button', /Веб-разработка/),
  );
  await person.sees(discipline);
  // A reload of a chat address has chosen it already; a second click would unchoose it.
  if (!/[?&]discipline=/.test(await person.address())) await person.click(discipline);
  await person.click(
    inside(byRole('complementary', 'Контакты'), byRole('button', new RegExp(`^${name}`))),
  );
  await person.sees(byRole('heading', name, 1));
}

/** The journal's class of 'Веб-разработка' (the roll call of its first group). */
export async function openJournalClass(person: Person): Promise<void> {
  await person.open('/lms/journal');
  await person.sees(byRole('heading', 'Журнал посещаемости', 1));
  await person.select(inside(main, byLabel('Дисциплина')), 'Веб-разработка');
  await person.counts(rollRows, 12);
}

/** The roll call's rows, one a student. */
export const rollRows = inside(byRole('list', 'Перекличка'), byRole('listitem'));
