import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import {
  findNginx,
  freePort,
  startMockServer,
  startNginx,
  type RunningNginx,
} from '../../../deploy/src/nginx';
import { demo, expect, test, type DemoLogin } from './fixtures';
import { webRoot } from './world';

// Served as a university serves it: the portal's security headers, the shell chunk's stylesheet
// fetched once (its preload is used), and a journey through Debian's nginx with the recipe of
// deploy/nginx in front of a mock server of its own: login, the news, a reload offline.
// (Every journey fails on a Content-Security-Policy violation: fixtures.ts.)

const buildPolicy = () =>
  (JSON.parse(readFileSync(resolve(webRoot, '.vite/csp.json'), 'utf8')) as { policy: string })
    .policy;

const feed = (page: Page) => page.getByRole('list', { name: 'Лента новостей' });

test("the portal's page carries the build's Content-Security-Policy and the security headers", async ({
  page,
}) => {
  const response = await page.goto('/lms/login');
  const headers = response?.headers() ?? {};
  expect(headers['content-security-policy']).toBe(buildPolicy());
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy']).toBe('camera=(), microphone=(), geolocation=()');
  await expect(page.getByRole('button', { name: 'Войти' })).toBeVisible();
});

test.describe(() => {
  test.use({ signedInAs: 'student' });

  test("a returning user's shell-chunk stylesheet is fetched once: the page's preload is the one used", async ({
    context,
    browser,
    baseURL,
  }) => {
    // a returning user on a cold cache: the session's cookies, nothing else
    const returning = await browser.newContext({ baseURL });
    try {
      await returning.addCookies(await context.cookies());
      const again = await returning.newPage();
      const stylesheets: string[] = [];
      const unusedPreloads: string[] = [];
      again.on('request', (request) => {
        if (/\/assets\/shell-chunk-[\w-]+\.css$/.test(new URL(request.url()).pathname)) {
          stylesheets.push(`${request.resourceType()} ${request.url()}`);
        }
      });
      again.on('console', (message) => {
        if (/preload/i.test(message.text())) unusedPreloads.push(message.text());
      });
      await again.goto('/lms');
      await expect(again.getByRole('heading', { level: 1, name: 'Новости' })).toBeVisible();
      await expect(feed(again).getByRole('article').first()).toBeVisible();
      // the preload was made by index.html's script, and the stylesheet took it
      expect(
        await again.evaluate(() =>
          [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"]')].map(
            (link) => link.crossOrigin,
          ),
        ),
      ).toEqual(['anonymous']);
      expect(stylesheets).toHaveLength(1);
      // Chromium names a preload it could not use ("…credentials mode does not match…") as the
      // stylesheet's request looks for it, before the stylesheet applies; a preload left unused
      // would have made the stylesheet fetch again, which the count above refuses.
      await expect
        .poll(() =>
          again.evaluate(() =>
            [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')]
              .filter((link) =>
                /\/assets\/shell-chunk-[\w-]+\.css$/.test(new URL(link.href).pathname),
              )
              .map((link) => link.sheet !== null),
          ),
        )
        .toEqual([true]);
      expect(unusedPreloads).toEqual([]);
    } finally {
      await returning.close();
    }
  });
});

test.describe('through the nginx recipe (deploy/nginx/lms.conf)', () => {
  // Its own mock server and nginx, beside the journeys' servers, on ports free when it starts.
  let origin = '';
  let nginx: RunningNginx | undefined;
  let mock: { stop(): Promise<void> } | undefined;

  test.skip(!findNginx(), 'nginx is not installed (Debian: apt-get install nginx)');
  test.describe.configure({ timeout: 90_000 });
  test.use({ serviceWorkers: 'allow' });

  test.beforeAll(async () => {
    const mockPort = await freePort();
    let port = await freePort();
    while (port === mockPort) port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    mock = await startMockServer(mockPort);
    nginx = await startNginx({ site: 'http', webRoot, backend: `127.0.0.1:${mockPort}`, port });
  });
  test.afterAll(async () => {
    await nginx?.stop();
    await mock?.stop();
  });

  async function signIn(page: Page, who: DemoLogin) {
    await page.goto(`${origin}/lms/login`);
    await page.getByLabel('Логин').fill(demo[who].login);
    await page.getByLabel('Пароль', { exact: true }).fill(demo[who].password);
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.waitForURL(/\/lms\/?$/);
  }

  async function goOffline(context: BrowserContext, page: Page) {
    await context.setOffline(true);
    await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
  }

  test('a student signs in, reads the news, and reloads it offline from what the portal kept', async ({
    page,
    context,
  }) => {
    const login = await page.goto(`${origin}/lms/login`);
    expect(login?.headers()['content-security-policy']).toBe(buildPolicy());
    expect(login?.headers()['cache-control']).toBe('no-cache');
    await signIn(page, 'student');
    await expect(page.getByRole('heading', { level: 1, name: 'Новости' })).toBeVisible();
    const first = feed(page).getByRole('article').first();
    await expect(first).toBeVisible();
    const firstNews = await first.textContent();

    // the worker nginx serves installs, controls the page, and the feed is kept for offline use
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${origin}/`);
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
      .toBe(true);
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            new Promise<boolean>((done) => {
              const open = indexedDB.open('lms-offline');
              open.onerror = () => done(false);
              open.onsuccess = () => {
                const db = open.result;
                if (!db.objectStoreNames.contains('snapshots')) return done(false);
                const all = db.transaction('snapshots').objectStore('snapshots').getAll();
                all.onsuccess = () => done((all.result as string[]).join('\n').includes('"news"'));
                all.onerror = () => done(false);
              };
            }),
        ),
      )
      .toBe(true);

    await goOffline(context, page);
    await page.reload();
    await expect(page).toHaveURL(/\/lms\/?$/);
    await expect(page.getByRole('alert').filter({ hasText: 'Нет сети !!!' })).toBeVisible();
    await expect(feed(page).getByRole('article').first()).toHaveText(firstNews ?? '');
    await expect(
      page.getByRole('status').filter({ hasText: 'Показаны сохранённые данные' }),
    ).toBeVisible();

    // back online, the feed comes from the backend through nginx again
    const refreshed = page.waitForResponse(`${origin}/api/news/data.json`);
    await context.setOffline(false);
    expect((await refreshed).ok()).toBe(true);
    await expect(page.getByText('Нет сети !!!')).toBeHidden();
  });
});
