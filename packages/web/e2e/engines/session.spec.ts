import { expect, fullNameOf, type Theme } from '../fixtures';
import { test } from './fixtures';
import type { Person } from './person';
import { byRole, type Target } from './targets';
import { chooseTheme, openConversation, signIn, signOut } from './steps';

// The session and the look in every engine: signing in through the form, a session that lasts a
// reload, signing out; the dark and light themes down to the scrollbars of the columns that scroll.

test('signs in through the form, keeps the session across a reload and signs out', async ({
  person,
}) => {
  await signIn(person, 'student');
  await person.sees(byRole('heading', 'Новости', 1));
  await person.reload();
  await person.reaches(/^\/lms\/?$/);
  await person.sees(byRole('heading', 'Новости', 1));
  await person.open('/lms/schedule');
  await person.sees(byRole('heading', 'Расписание', 1));

  await signOut(person);
  await person.sees(byRole('heading', 'Вход в личный кабинет', 1));
  await person.open('/lms/schedule');
  await person.reaches(/^\/lms\/login$/);
});

/** How an element that scrolls is drawn: its colours, its scrollbars' and whether it clips. */
interface Scroller {
  colorScheme: string;
  /** The computed `scrollbar-color`, or null where the engine has no such property. */
  scrollbarColor: string | null;
  /** The colour behind it (the first ancestor's that is not transparent). */
  background: string;
  /** How far its content runs past its right edge, scrollbar excluded (0: nothing clipped). */
  clipped: number;
}

/** Run in the page: the element, or its first descendant, that scrolls down. */
function lookAtScroller(element: Element): Scroller {
  const scrolls = (candidate: Element) =>
    /auto|scroll/.test(getComputedStyle(candidate).overflowY) &&
    candidate.scrollHeight > candidate.clientHeight;
  const scroller = scrolls(element) ? element : [...element.querySelectorAll('*')].find(scrolls);
  if (!scroller) throw new Error(`${element.tagName} has nothing that scrolls`);
  const style = getComputedStyle(scroller);
  let background = 'rgba(0, 0, 0, 0)';
  for (let at: Element | null = scroller; at; at = at.parentElement) {
    const colour = getComputedStyle(at).backgroundColor;
    if (!/^rgba\(.*, 0\)$|^transparent$/.test(colour)) {
      background = colour;
      break;
    }
  }
  return {
    colorScheme: style.colorScheme,
    scrollbarColor: CSS.supports('scrollbar-color', 'red blue')
      ? style.getPropertyValue('scrollbar-color')
      : null,
    background,
    clipped: scroller.scrollWidth - scroller.clientWidth,
  };
}

/** The relative luminance of a computed colour ('rgb(…)', 'rgba(…)'), 0 black to 1 white. */
function luminance(colour: string): number {
  const [r, g, b] = (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map((part) => {
    const value = Number(part) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

/**
 * The scrolling parts follow the theme: drawn in its colour scheme, on a background of its
 * lightness, with scrollbars (where the engine lets a page colour them) whose thumb stands out from
 * that background the theme's way, and nothing clipped behind them.
 */
async function expectScrollersFollow(person: Person, theme: Theme, parts: Target[]) {
  for (const part of parts) {
    const look = await person.evaluateOn(part, lookAtScroller, null);
    const where = `${person.engine}, ${theme}, ${JSON.stringify(part)}: ${JSON.stringify(look)}`;
    expect(look.colorScheme, where).toContain(theme);
    const ground = luminance(look.background);
    expect(ground < 0.2, where).toBe(theme === 'dark');
    if (look.scrollbarColor !== null) {
      expect(look.scrollbarColor, where).not.toBe('auto');
      const thumb = luminance(look.scrollbarColor.split(/\s(?=rgb|#|[a-z])/)[0] ?? '');
      expect(theme === 'dark' ? thumb > ground : thumb < ground, where).toBe(true);
    }
    expect(look.clipped, where).toBeLessThanOrEqual(0);
  }
}

test.describe(() => {
  test.use({ signedInAs: 'student' });

  test('dark and light: the chat log and the apps column scroll in the theme’s colours', async ({
    person,
    request,
  }) => {
    const teacher = await fullNameOf(request, 'teacher');
    await person.open('/lms');
    await openConversation(person, teacher);
    const parts = [byRole('log', 'Сообщения'), byRole('complementary', 'Приложения')];
    for (const part of parts) await person.sees(part);
    for (const theme of ['dark', 'light'] as const) {
      await chooseTheme(person, theme);
      await expectScrollersFollow(person, theme, parts);
    }
  });
});
