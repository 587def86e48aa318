import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import {
  test as base,
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Locator,
  type Page,
  type Request,
} from '@playwright/test';
import { driftLogOf } from './contract-drift';
import { startWorld, type World } from './world';

export const demo = {
  teacher: { login: 'teacher', password: 'Teacher1' },
  teacher2: { login: 'teacher2', password: 'Teacher2' },
  student: { login: 'student', password: 'Student1' },
  student2: { login: 'student2', password: 'Student2' },
  student3: { login: 'student3', password: 'Student3' },
} as const;
export type DemoLogin = keyof typeof demo;

/**
 * Fails on any serious or critical axe violation of the page as it is now. The portal's pages
 * have no cross-origin frames, so axe runs in the page itself (axe.run over the page and its
 * same-origin frames): the same results as the builder's default, which runs axe in each frame and
 * opens a blank page to merge them, in about half the time.
 */
export async function expectAccessible(page: Page, context = ''): Promise<void> {
  const results = await new AxeBuilder({ page }).setLegacyMode().analyze();
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  const report = serious
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`,
    )
    .join('\n');
  expect(serious, `axe violations ${context}\n${report}`).toEqual([]);
}

/** Switches the theme from the profile menu, as a person would, in whichever language it speaks. */
export async function setTheme(page: Page, theme: Theme): Promise<void> {
  const html = page.locator('html');
  if ((await html.getAttribute('data-theme')) === theme) return;
  const menu = profileMenu(page);
  await menu.click();
  await page.getByRole('menuitemcheckbox', { name: /Тёмная тема|Караңгы режим|Dark mode/ }).click();
  await expect(html).toHaveAttribute('data-theme', theme);
  await menu.click();
  await settled(page);
}

/**
 * The theme kept on the device, then the page again: how the theme is switched where there is no
 * profile menu (the login page), or where the journey is about the preference lasting a reload.
 */
async function storeTheme(page: Page, theme: Theme): Promise<void> {
  const html = page.locator('html');
  if ((await html.getAttribute('data-theme')) === theme) return;
  await page.evaluate((mode) => localStorage.setItem('theme', mode), theme);
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', theme);
  await settled(page);
}

/** A phone the journeys look at, and the desktop the browser opens at (playwright.config.ts). */
/**
 * A signed-in page's title: the screen's own, after the person's unread count ('(3) ') when they
 * have unread messages, which the shell reads on every screen.
 */
export function signedInTitle(title: string): RegExp {
  return new RegExp(`^(\\(\\d+\\) )?${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
}

export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

/**
 * The viewport at `width`, and the portal's shell (where the page has one) in the layout of that
 * width once its resize debounce has passed: below 900 px the phone's, from it the desktop's.
 * A phone is 844 px high, a 1440 px screen 900, anything between 800.
 */
export async function resizeTo(page: Page, width: number): Promise<void> {
  const height = width < 900 ? PHONE.height : width >= 1440 ? 900 : DESKTOP.height;
  await page.setViewportSize({ width, height });
  const shell = page.locator('[data-layout]').first();
  if ((await shell.count()) > 0) {
    await expect(shell).toHaveAttribute('data-layout', width < 899.92 ? 'mobile' : 'desktop');
  }
}

/** One look at a screen: its width and theme. */
export interface Look {
  width: number;
  theme: Theme;
}

export interface LooksOptions {
  /** The widths looked at, in this order: the phone's, then the desktop's, unless told. */
  widths?: readonly number[];
  /** The themes looked at at each width, in this order: dark, then light, unless told. */
  themes?: readonly Theme[];
  /**
   * How the theme is switched: from the profile menu, as a person does (the default), or kept on
   * the device and the page reloaded (`storeTheme`).
   */
  switchBy?: 'menu' | 'reload';
  /**
   * What each look waits for, or scrolls into view, before axe and the screenshot: after a reload
   * or a resize the screen has to show again what the journey is looking at.
   */
  ready?: (look: Look) => Promise<unknown>;
  /** The whole page in the screenshots rather than the viewport. */
  fullPage?: boolean;
}

/**
 * Looks at the screen as it is now at each width and in each theme (390 px and the desktop, dark
 * and light unless told): axe finds no serious or critical violation, and a screenshot is kept
 * with the run's results, `test-results/<name>-<width>-<theme>.png`, to be looked at. The viewport
 * and the theme change only where they differ from the look's; the page is left at the last look.
 */
export async function checkLooks(
  page: Page,
  name: string,
  {
    widths = [PHONE.width, DESKTOP.width],
    themes = ['dark', 'light'],
    switchBy = 'menu',
    ready,
    fullPage = false,
  }: LooksOptions = {},
): Promise<void> {
  for (const width of widths) {
    if (page.viewportSize()?.width !== width) await resizeTo(page, width);
    for (const theme of themes) {
      await (switchBy === 'menu' ? setTheme : storeTheme)(page, theme);
      await ready?.({ width, theme });
      // a resize or a scroll may have set off transitions: axe judges the colours on screen
      await settled(page);
      await expectAccessible(page, `${name}, ${width} px, ${theme}`);
      await page.screenshot({ path: `test-results/${name}-${width}-${theme}.png`, fullPage });
    }
  }
}

/**
 * Waits for the page's CSS transitions and animations to end (colours fade between themes):
 * axe judges the colours on screen, and a half-faded button is neither theme's.
 */
export async function settled(page: Page): Promise<void> {
  // Endless animations (a spinner, a progress bar) never finish: only the ones that end count.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => null)),
    ),
  );
}

/** Resolves after the page has drawn `count` more frames (what a scroll or a click set off has run). */
async function frames(page: Page, count = 3): Promise<void> {
  await page.evaluate(async (left) => {
    for (let frame = 0; frame < left; frame++) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
  }, count);
}

/**
 * Follows the page's requests to the API paths `path` matches, from now on. `settled()` waits for
 * the state an action leads to rather than for a guessed time: none of them on its way, and none
 * started while the page drew a few more frames after the last answer.
 */
export function requestsTo(page: Page, path: RegExp) {
  const pending = new Set<Request>();
  let idle: (() => void)[] = [];
  let started = 0;
  const matches = (request: Request) => path.test(new URL(request.url()).pathname);
  page.on('request', (request) => {
    if (!matches(request)) return;
    pending.add(request);
    started += 1;
  });
  const done = (request: Request) => {
    if (!pending.delete(request) || pending.size > 0) return;
    for (const resolve of idle) resolve();
    idle = [];
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  const answered = () =>
    pending.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => idle.push(resolve));
  return {
    async settled(): Promise<void> {
      for (;;) {
        await answered();
        const before = started;
        await frames(page);
        if (pending.size === 0 && started === before) return;
      }
    },
  };
}

/**
 * Drops the data the portal keeps on the device for offline use (lib/offline/offline-cache.ts), so the
 * next load shows what the server answers now: a journey about a screen's own loading, empty and
 * failed states starts from nothing kept. (The database goes once this page's connection closes,
 * i.e. on the reload or navigation that follows.)
 */
export async function forgetKeptData(page: Page): Promise<void> {
  await page.evaluate(() => void indexedDB.deleteDatabase('lms-offline'));
}

/**
 * The discipline column's 'Веб-разработка' chosen, as a person would: a click, unless the address
 * (a reload of a chat or journal address) has chosen it already — a second click would unchoose it.
 */
export async function chooseWebDevelopment(page: Page): Promise<void> {
  const discipline = page
    .getByRole('region', { name: 'Дисциплины' })
    .getByRole('button')
    .filter({ hasText: 'Веб-разработка' });
  await expect(discipline).toBeVisible();
  if (new URL(page.url()).searchParams.has('discipline')) {
    await expect(discipline).toHaveAttribute('aria-pressed', 'true');
  } else {
    await discipline.click();
  }
}

/** A conversation in 'Веб-разработка' opened from the contact column, by the contact's full name. */
export async function openWebDevelopmentContact(page: Page, name: string): Promise<void> {
  await chooseWebDevelopment(page);
  await page
    .getByRole('region', { name: 'Контакты' })
    .getByRole('button', { name: new RegExp(`^${name}`) })
    .click();
}

/**
 * The single window's order form filled as a person would, as far as 'Справка с места учёбы' for
 * the first district of Чуйская область: each picker is used once the server's options are in it.
 * Returns the district picker.
 */
export async function chooseCertificateOrder(page: Page): Promise<Locator> {
  const doc = page.getByLabel('Документ');
  await expect(doc.locator('option').nth(1)).toBeAttached();
  await doc.selectOption({ label: 'Справка с места учёбы' });
  await page.getByLabel('Область').selectOption({ label: 'Чуйская область' });
  const district = page.getByLabel('Район');
  await expect(district.locator('option').nth(1)).toBeAttached();
  await district.selectOption({ index: 1 });
  return district;
}

/**
 * A file to upload whose bytes differ along it (a PDF's start with its signature), so a truncated
 * or reordered download cannot pass for it.
 */
export function patternedFile(name: string, mimeType: string, size: number, seed: number) {
  const buffer = Buffer.alloc(size);
  const start = mimeType === 'application/pdf' ? buffer.write('%PDF-1.7\n') : 0;
  for (let index = start; index < size; index++) buffer[index] = (index * 37 + seed) % 251;
  return { name, mimeType, buffer };
}

/** A tiny PDF (a header, one empty object, a trailer) to upload where only its name matters. */
export const TINY_PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

export type Language = 'ru' | 'kg' | 'en';
export type Theme = 'dark' | 'light';

/** A namespace of the portal's locale files, as the journeys read their texts. */
export function readLocale(language: Language, namespace: string): ReturnType<typeof JSON.parse> {
  return JSON.parse(
    readFileSync(
      new URL(`../../i18n/src/locales/${language}/${namespace}.json`, import.meta.url),
      'utf8',
    ),
  );
}

/** The language and theme as the person left them on this device, then the page again. */
export async function prefer(page: Page, language: Language, theme: Theme): Promise<void> {
  await page.evaluate(
    ([lang, mode]) => {
      localStorage.setItem('lang', lang);
      document.cookie = `lang=${lang}; path=/`;
      localStorage.setItem('theme', mode);
    },
    [language, theme] as const,
  );
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  await expect(page.locator('html')).toHaveAttribute('lang', language === 'kg' ? 'ky' : language);
  await settled(page);
}

/** The profile menu's trigger, in whichever language the portal speaks. */
export const profileMenu = (page: Page) =>
  page.getByRole('button', { name: /Меню профиля|Профиль менюсу|Profile menu/ });

/** Chooses a language in the profile menu ('Кыр', 'Рус', 'Eng'), as a person does. */
export async function chooseLanguage(page: Page, autonym: 'Кыр' | 'Рус' | 'Eng'): Promise<void> {
  const tag = { Кыр: 'ky', Рус: 'ru', Eng: 'en' }[autonym];
  await profileMenu(page).click();
  await page.getByRole('menuitemradio', { name: autonym, exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', tag);
  await profileMenu(page).click();
}

/** The login page's language menu button ('Язык: Рус'), in whichever language it speaks. */
export const loginLanguageMenu = (page: Page) =>
  page.getByRole('button', { name: /^(Язык|Тил|Language): / });

/**
 * Chooses a language on the login page ('Кыр', 'Рус', 'Eng'), as a person does. A page just
 * resized may still swap its phone and desktop layouts (each with its own menu): the menu is
 * opened again until its items show.
 */
export async function chooseLoginLanguage(
  page: Page,
  autonym: 'Кыр' | 'Рус' | 'Eng',
): Promise<void> {
  const option = page.getByRole('menuitemradio', { name: autonym, exact: true });
  await expect(async () => {
    const menu = loginLanguageMenu(page);
    if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
    await expect(option).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await option.click();
  await expect(loginLanguageMenu(page)).toHaveAccessibleName(new RegExp(`: ${autonym}$`));
}

/**
 * Signs in through the login form, as a person does: for the journeys about signing in, signing
 * out, a session that ends and the way back. Every other journey starts signed in (`signedInAs`).
 */
export async function logIn(page: Page, who: DemoLogin): Promise<void> {
  await page.goto('/lms/login');
  await page
    .getByLabel(/логин|login|username|колдонуучу/i)
    .first()
    .fill(demo[who].login);
  await page
    .getByLabel(/пароль|password|сырсөз/i)
    .first()
    .fill(demo[who].password);
  await page.getByRole('button', { name: /войти|log in|sign in|кирүү/i }).click();
  await page.waitForURL(/\/lms\/?$/);
}

/** A demo user as the login API names them. */
export interface ApiUser {
  uid: number;
  id: number;
  fullName: string;
}

/** A signed-in API session: its user, and the XSRF token its writes send back. */
export interface ApiSession {
  user: ApiUser;
  xsrf: string;
}

/**
 * Signs `who` in through the login API with `request`, whose cookies (`token`, `XSRF-TOKEN`) then
 * hold the session: the user the answer names and the XSRF token, to write as that user.
 */
export async function apiSignIn(request: APIRequestContext, who: DemoLogin): Promise<ApiSession> {
  const answer = await request.post('/api/auth/orize.json', { data: demo[who] });
  expect(answer.ok(), `signing in as ${who}: ${answer.status()}`).toBe(true);
  const user = ((await answer.json()) as { data: ApiUser }).data;
  const cookies = (await request.storageState()).cookies;
  const xsrf = decodeURIComponent(cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
  return { user, xsrf };
}

/** The full name of a demo user, as the login API gives it (signing `request` in as them). */
export async function fullNameOf(request: APIRequestContext, who: DemoLogin): Promise<string> {
  return (await apiSignIn(request, who)).user.fullName;
}

/**
 * A session of `who` in `context`'s browser: the login API answered through the context's own
 * request client, whose cookies (`token`, `XSRF-TOKEN`) are the browser's. The next page the
 * context opens is signed in, as after the form; the portal keeps the user when it authenticates.
 */
export async function signInByApi(context: BrowserContext, who: DemoLogin): Promise<void> {
  await apiSignIn(context.request, who);
}

/** The page's report of a Content-Security-Policy violation (see noCspViolations). */
const CSP_BINDING = '__lmsCspViolation';

export interface JourneyOptions {
  /**
   * The demo account the journey starts signed in as (`test.use({ signedInAs: 'teacher' })`), or
   * none: the login page. The session is opened after the world's reset, which ends every session.
   */
  signedInAs: DemoLogin | undefined;
}

/**
 * Every journey starts from the seeded world and a clean browser, in a world of its worker's own:
 * workers run side by side, each with its mock server and contract proxy (e2e/world.ts).
 */
export const test = base.extend<
  JourneyOptions & { resetWorld: void; noCspViolations: void },
  { world: World }
>({
  world: [
    // eslint-disable-next-line no-empty-pattern -- a worker fixture that needs no other
    async ({}, use, workerInfo) => {
      const world = await startWorld(driftLogOf(workerInfo.workerIndex));
      await use(world);
      await world.stop();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  baseURL: [async ({ world }, use) => use(world.baseURL), { scope: 'test' }],
  resetWorld: [
    async ({ request }, use) => {
      const res = await request.post('/__mock/reset', { data: {} });
      expect(res.ok()).toBe(true);
      await use();
    },
    { auto: true },
  ],
  signedInAs: [undefined, { option: true }],
  // Signed in after the world's reset (it depends on it), before the journey's first page.
  context: [
    async ({ context, signedInAs, resetWorld }, use) => {
      void resetWorld;
      if (signedInAs) await signInByApi(context, signedInAs);
      await use(context);
    },
    { scope: 'test' },
  ],
  /**
   * Every journey runs under the portal's Content-Security-Policy and fails on a violation: the
   * `securitypolicyviolation` events of its pages (reported through a binding) and the browser's
   * console reports of them ("Refused to … Content Security Policy …"), the latter also from the
   * browser contexts a journey opens itself.
   */
  noCspViolations: [
    async ({ browser, context }, use) => {
      const violations: string[] = [];
      const watch = (watched: BrowserContext) =>
        watched.on('console', (message) => {
          if (/Content Security Policy/i.test(message.text())) {
            violations.push(`${message.location().url}: ${message.text()}`);
          }
        });
      watch(context);
      browser.on('context', watch);
      await context.exposeBinding(CSP_BINDING, ({ page }, report: string) =>
        violations.push(`${page.url()}: ${report}`),
      );
      await context.addInitScript((binding) => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const report = (window as unknown as Record<string, (text: string) => void>)[binding];
          report?.(
            `${event.effectiveDirective} refused ${event.blockedURI || 'inline'} ` +
              `(${event.sourceFile}:${event.lineNumber})`,
          );
        });
      }, CSP_BINDING);
      await use();
      browser.off('context', watch);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
