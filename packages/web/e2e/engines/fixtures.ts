import type { APIRequest, Browser } from '@playwright/test';
import { apiSignIn, expect, test as journeys, type DemoLogin } from '../fixtures';
import { startGate, type Gate } from './gate';
import { DESKTOP, type Person } from './person';
import { PlaywrightPerson } from './playwright-person';
import { WebDriverPerson } from './webdriver-person';
import { startWebKitDriver, type WebKitDriver } from './webkit-driver';

// The journeys of every engine: the world of the worker (e2e/fixtures.ts) behind a gate the
// journey can close (gate.ts), and a `person` who takes the journey's steps in the project's
// engine: through Playwright (Chromium, Firefox, Playwright's WebKit), or through WebDriver
// (WebKitGTK). Every journey starts at a desktop's width, with the service worker allowed (a
// WebDriver browser cannot block it), and fails on any Content-Security-Policy violation the
// browser reports.

/** How the project's browser is driven: Playwright's own protocol, or W3C WebDriver. */
export type Engine = 'playwright' | 'webdriver';

/** What a worker keeps for its journeys: a launched browser, or a driver that opens sessions. */
type EngineHost = { browser: Browser } | { webkit: WebKitDriver };

export const test = journeys.extend<
  { person: Person },
  { engine: Engine; gate: Gate; engineHost: EngineHost }
>({
  engine: ['playwright', { option: true, scope: 'worker' }],
  gate: [
    async ({ world }, use) => {
      const gate = await startGate(world.baseURL);
      await use(gate);
      await gate.stop();
    },
    { scope: 'worker' },
  ],
  // The browser goes through the gate, open at the start of each journey.
  baseURL: [
    async ({ gate }, use) => {
      gate.forget();
      await use(gate.origin);
    },
    { scope: 'test' },
  ],
  // (automatic, as the fixture it replaces) A journey that failed already has its message, and
  // its screenshot (over BiDi, Firefox's is drawn with a <style> the policy refuses) is no finding.
  noCspViolations: async ({ gate }, run, testInfo) => {
    await run();
    if (testInfo.status !== testInfo.expectedStatus) return;
    expect(gate.violations(), 'Content-Security-Policy violations').toEqual([]);
  },
  engineHost: [
    async ({ engine, playwright, browserName, channel, headless, launchOptions }, use) => {
      if (engine === 'webdriver') {
        const webkit = await startWebKitDriver();
        await use({ webkit });
        await webkit.stop();
      } else {
        const browser = await playwright[browserName].launch({
          ...launchOptions,
          channel,
          headless,
        });
        await use({ browser });
        await browser.close();
      }
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  person: [
    async (
      { engineHost, playwright, channel, baseURL, signedInAs, resetWorld, locale, timezoneId },
      use,
      testInfo,
    ) => {
      void resetWorld;
      const name = testInfo.project.name;
      let person: PlaywrightPerson | WebDriverPerson;
      if ('browser' in engineHost) {
        const context = await engineHost.browser.newContext({
          baseURL,
          locale,
          timezoneId,
          viewport: DESKTOP,
          serviceWorkers: 'allow',
        });
        if (signedInAs) await apiSignIn(context.request, signedInAs);
        // Debian's Firefox is driven over WebDriver BiDi (the moz-firefox channel).
        const overBidi = channel?.startsWith('moz-') ?? false;
        person = new PlaywrightPerson(name, context, await context.newPage(), !overBidi);
      } else {
        const session = await engineHost.webkit.newSession(timezoneId ?? 'UTC');
        person = new WebDriverPerson(name, session, baseURL!);
        await person.viewport(DESKTOP.width, DESKTOP.height);
        if (signedInAs) await signInWebDriver(person, playwright.request, baseURL!, signedInAs);
      }
      await use(person);
      if (testInfo.status !== testInfo.expectedStatus) {
        // the browser may be what failed: then there is no screen to keep
        const screen = await person.screenshot().catch(() => null);
        if (screen) {
          await testInfo.attach('the screen at the end', {
            body: screen,
            contentType: 'image/png',
          });
        }
      }
      await person.close();
    },
    { scope: 'test' },
  ],
});

/** Signs in through the login API and gives the browser the session's cookies. */
async function signInWebDriver(
  person: WebDriverPerson,
  request: APIRequest,
  baseURL: string,
  who: DemoLogin,
) {
  const api = await request.newContext({ baseURL });
  try {
    await apiSignIn(api, who);
    await person.addCookies((await api.storageState()).cookies);
  } finally {
    await api.dispose();
  }
}

export { expect };
