import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import {
  checkLooks,
  expect,
  expectAccessible,
  PHONE,
  resizeTo,
  setTheme,
  signInByApi,
  test,
} from './fixtures';
import { startMockServer, webRoot } from './world';

// Installable and offline: the service worker is on for these journeys only.
test.use({ serviceWorkers: 'allow', signedInAs: 'student' });

const content = (page: Page) => page.getByRole('main');

/** The worker has installed and controls the page (the first install claims it). */
async function controlledByServiceWorker(page: Page): Promise<string> {
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
  return scope;
}

/** The snapshot of kept data in the page's IndexedDB (lib/offline/offline-cache.ts), as text. */
function keptSnapshot(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('lms-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('snapshots')) return resolve('');
          const all = db.transaction('snapshots').objectStore('snapshots').getAll();
          all.onsuccess = () => resolve((all.result as string[]).join('\n'));
          all.onerror = () => reject(all.error);
        };
      }),
  );
}

async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
}

test('a student reads the news and the schedule, reloads offline and sees both with when they were last synced; back online they refresh', async ({
  page,
  context,
}) => {
  // Wide enough for the week as a timetable (narrower desktops lay it out as day cards).
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/lms');
  await controlledByServiceWorker(page);
  const feed = content(page).getByRole('list', { name: 'Лента новостей' });
  const firstNews = await feed.getByRole('article').first().textContent();
  await page.goto('/lms/schedule');
  const days = content(page).getByRole('table');
  await expect(days.first()).toBeVisible();
  const week = await content(page).textContent();
  await expect.poll(() => keptSnapshot(page)).toContain('"schedule"');
  expect(await keptSnapshot(page)).toContain('"news"');

  await goOffline(context, page);
  await page.reload();
  await expect(page).toHaveURL(/\/lms\/schedule$/);
  await expect(page.getByRole('alert').filter({ hasText: 'Нет сети !!!' })).toBeVisible();
  // the banner says for the whole page that saved data is shown
  const notice = page.getByRole('status').filter({ hasText: 'Показаны сохранённые данные' });
  await expect(notice).toBeVisible();
  await expect(days.first()).toBeVisible();
  // the same week as before the reload, lesson for lesson
  expect(await content(page).textContent()).toBe(week);
  await expectAccessible(page, 'schedule offline');
  await page.setViewportSize({ width: 390, height: 844 });
  // the phone's day list replaces the week grid (after the resize debounce)
  await expect(days).toHaveCount(0);
  await checkLooks(page, 'offline-schedule', {
    widths: [PHONE.width],
    ready: () => expect(notice).toBeVisible(),
    fullPage: true,
  });
  await setTheme(page, 'dark');
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(days).toBeVisible();

  await page.getByRole('link', { name: 'Новости', exact: true }).first().click();
  await expect(feed.getByRole('article').first()).toHaveText(firstNews ?? '');
  const newsNotice = page.getByRole('status').filter({ hasText: 'Показаны сохранённые данные' });
  await expect(newsNotice).toContainText(
    /Последняя синхронизация: \d\d\.\d\d\.\d{4}, \d{1,2}:\d\d/,
  );
  await page.screenshot({ path: 'test-results/offline-news-390.png', fullPage: true });

  // Back online: the feed is asked again and the notice goes.
  const refreshed = page.waitForResponse('**/api/news/data.json');
  await context.setOffline(false);
  expect((await refreshed).ok()).toBe(true);
  await expect(newsNotice).toBeHidden();
  await expect(page.getByText('Нет сети !!!')).toBeHidden();
  await expect(feed.getByRole('article').first()).toBeVisible();
});

/** Everything on the page that speaks of the network, the server or saved data. */
const OFFLINE_WORDS = /Нет сети|Показаны сохранённые|переподключаемся|Не удалось обновить/;

test('offline, one banner says it for the whole page, above the sticky header and never over it', async ({
  page,
  context,
}) => {
  // Two widths, two themes, axe and screenshots in each: more than one plain journey's time.
  test.setTimeout(90_000);
  await page.goto('/lms');
  await controlledByServiceWorker(page);
  await expect(content(page).getByRole('list', { name: 'Лента новостей' })).toBeVisible();
  await expect.poll(() => keptSnapshot(page)).toContain('"news"');
  await goOffline(context, page);
  await page.reload();

  const banner = page.getByRole('alert').filter({ hasText: 'Нет сети !!!' }).locator('..');
  await expect(banner.getByRole('status')).toContainText(
    /^Показаны сохранённые данные\. Последняя синхронизация: \d\d\.\d\d\.\d{4}, \d{1,2}:\d\d$/,
  );
  // The feed, the columns' lists and the session's reconnecting: one notice, the banner's.
  const said = page.getByText(OFFLINE_WORDS);
  await expect(said).toHaveCount(2);
  for (const line of await said.all()) {
    expect(
      await line.evaluate((element, box) => box!.contains(element), await banner.elementHandle()),
    ).toBe(true);
  }
  await expect(content(page).getByText(OFFLINE_WORDS)).toHaveCount(0);

  const header = page.getByRole('banner');
  // the laptop (900 px high), then the phone, each in the shell's layout of its width
  for (const width of [1440, PHONE.width]) {
    await resizeTo(page, width);
    for (const theme of ['dark', 'light'] as const) {
      await setTheme(page, theme);
      await page.evaluate(() => window.scrollTo(0, 0));
      // at the top: the banner above the header, pushing it down
      const top = { banner: (await banner.boundingBox())!, header: (await header.boundingBox())! };
      expect(top.banner.y).toBe(0);
      expect(top.banner.y + top.banner.height).toBeLessThanOrEqual(top.header.y + 0.5);
      await page.screenshot({ path: `test-results/d-offline-banner-${width}-${theme}.png` });
      await expectAccessible(page, `offline banner at ${width} px, ${theme}`);

      // scrolled: the header sticks at the top and nothing covers it
      await page.evaluate(() => window.scrollTo(0, 800));
      await expect.poll(async () => (await header.boundingBox())!.y).toBe(0);
      const scrolled = (await banner.boundingBox())!;
      expect(scrolled.y + scrolled.height).toBeLessThanOrEqual(0.5);
      const covering = await header.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return hit !== null && !element.contains(hit);
      });
      expect(covering, `${width} px, ${theme}: something lies over the header`).toBe(false);
      await page.screenshot({
        path: `test-results/d-offline-banner-${width}-${theme}-scrolled.png`,
      });
    }
  }
  await setTheme(page, 'dark');

  // Back online: the banner and its line go, and no notice is left behind.
  await context.setOffline(false);
  await expect(banner).toHaveCount(0);
  await expect(page.getByText(OFFLINE_WORDS)).toHaveCount(0);
});

test('/ without a network leads to /lms/offline; with one, to the portal', async ({
  page,
  context,
}) => {
  // the portal installs itself once a signed-in user's first screen is shown
  await page.goto('/lms');
  await controlledByServiceWorker(page);
  await goOffline(context, page);
  await page.goto('/');
  await expect(page).toHaveURL(/\/lms\/offline$/);
  await expect(page.getByRole('heading', { name: 'Нет связи с сервером' })).toBeVisible();
  await expectAccessible(page, 'offline page');

  await context.setOffline(false);
  await page.goto('/');
  await expect(page).toHaveURL(/\/lms\/?$/);
});

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
}

test('the portal installs: a valid manifest, icons of the sizes it names, and a worker for the whole site', async ({
  page,
  request,
  baseURL,
}) => {
  await page.goto('/lms');
  const scope = await controlledByServiceWorker(page);
  expect(scope).toBe(`${baseURL}/`);

  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifestUrl = new URL(href ?? '', page.url());
  const answer = await request.get(manifestUrl.href);
  expect(answer.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await answer.json()) as Manifest;
  expect(manifest).toMatchObject({
    name: 'Университетский портал LMS',
    start_url: '/lms/',
    scope: '/lms/',
    display: 'standalone',
    theme_color: '#4fc3f7',
  });
  const purposes = new Set(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`));
  expect([...purposes]).toEqual(
    expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
  );
  for (const icon of manifest.icons) {
    const image = await request.get(new URL(icon.src, manifestUrl).href);
    expect(image.ok(), icon.src).toBe(true);
    expect(image.headers()['content-type']).toBe('image/png');
    expect(pngSize(await image.body()), icon.src).toBe(icon.sizes);
  }

  // Chromium's own verdict on installability (what its install prompt checks).
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[];
  };
  // (Playwright's contexts are off-the-record profiles, which Chromium never offers to install.)
  const errors = installabilityErrors.map((error) => error.errorId);
  expect(errors.filter((id) => id !== 'in-incognito')).toEqual([]);
});

test('a new build shows the update prompt, and accepting it reloads the portal on the new version', async ({
  browser,
}) => {
  // A server of its own, on a copy of the build that the test can "deploy" over.
  const root = mkdtempSync(join(tmpdir(), 'lms-update-'));
  cpSync(webRoot, root, { recursive: true });
  const server = await startMockServer({ root });
  const context = await browser.newContext({ baseURL: server.origin, serviceWorkers: 'allow' });
  try {
    await signInByApi(context, 'student');
    const page = await context.newPage();
    await page.goto('/lms');
    await controlledByServiceWorker(page);
    await expect(page.locator('meta[name="lms-test-build"]')).toHaveCount(0);

    deployNewBuild(root);
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });
    const prompt = page.getByRole('status', { name: 'Доступна новая версия портала.' });
    await expect(prompt).toBeVisible();
    // the page keeps running its version until the user accepts
    await expect(page.locator('meta[name="lms-test-build"]')).toHaveCount(0);
    await page.screenshot({ path: 'test-results/update-prompt.png' });
    await expectAccessible(page, 'update prompt');

    // A second tab opened meanwhile runs the version installed (the waiting one is not used
    // yet) and is told too: on a phone, in light mode and in English.
    const other = await context.newPage();
    await other.setViewportSize({ width: 390, height: 844 });
    await other.addInitScript(() => {
      // (the language lives in a cookie as well, which comes first)
      document.cookie = 'lang=en; path=/';
      localStorage.setItem('lang', 'en');
      localStorage.setItem('theme', 'light');
    });
    await other.goto('/lms/offline');
    await expect(other.getByRole('heading', { name: 'Cannot reach the server' })).toBeVisible();
    await expect(other.locator('meta[name="lms-test-build"]')).toHaveCount(0);
    const english = other.getByRole('status', {
      name: 'A new version of the portal is available.',
    });
    await expect(english.getByRole('button', { name: 'Later' })).toBeVisible();
    await other.screenshot({ path: 'test-results/update-prompt-390-light-en.png' });
    await expectAccessible(other, 'update prompt, 390 px, light, en');

    await prompt.getByRole('button', { name: 'Обновить' }).click();
    await expect(page.locator('meta[name="lms-test-build"]')).toHaveCount(1);
    await expect(prompt).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // the other tab moves to the new version with it: no page runs one build's code beside another's
    await expect(other.locator('meta[name="lms-test-build"]')).toHaveCount(1);
    await expect(english).toBeHidden();
  } finally {
    await context.close();
    await server.stop();
    rmSync(root, { recursive: true, force: true });
  }
});

/**
 * What a deployment changes: index.html, and the worker's precache list naming its new revision.
 * The precompressed copies of both go, so the server sends the new files as they are.
 */
function deployNewBuild(root: string) {
  const index = join(root, 'index.html');
  writeFileSync(
    index,
    readFileSync(index, 'utf8').replace('<head>', '<head><meta name="lms-test-build" content="2">'),
  );
  const worker = join(root, 'sw.js');
  const source = readFileSync(worker, 'utf8');
  const next = source.replace(/(url:"index\.html",revision:")[^"]+"/, '$1next-build"');
  expect(next).not.toBe(source);
  writeFileSync(worker, next);
  for (const file of ['index.html', 'sw.js']) {
    for (const copy of ['.br', '.gz']) rmSync(join(root, file + copy), { force: true });
  }
}
