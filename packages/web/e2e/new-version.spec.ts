import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { checkLooks, DESKTOP, expect, signInByApi, test } from './fixtures';
import { startMockServer, webRoot, type Server } from './world';

// A new build deployed under a running portal, where no service worker keeps the old one (a
// private window, a first visit): the sections whose code changed have chunks of other names now,
// and the old names are gone from the server. Opening one says that a new version is out and
// offers to load it, and loading it keeps what was typed; only a network that is really down is
// told to be checked.

const sections = (page: Page) => page.getByRole('navigation', { name: 'Разделы' });
const newsText = (page: Page) => page.getByRole('textbox', { name: 'Текст новости' });
const DRAFT = 'Консультация по веб-разработке переносится на пятницу, ауд. 305.';

/** The portal served from a copy of the build, which the journey can deploy a new build over. */
let root = '';
let server: Server | undefined;
test.beforeEach(async () => {
  root = mkdtempSync(join(tmpdir(), 'lms-new-version-'));
  cpSync(webRoot, root, { recursive: true });
  server = await startMockServer({ root });
});
test.afterEach(async () => {
  await server?.stop();
  rmSync(root, { recursive: true, force: true });
});

/**
 * What a deployment of a build whose `changed` chunk has new code leaves on the server: a build
 * names its files by their content, so that chunk, every file that names it (the chunks that
 * import it, up to the entry) and so on get new names, index.html starts the new entry, and the
 * old files are gone (with their precompressed copies). Returns the old names.
 */
function deployNewBuild(changed: RegExp): string[] {
  const assets = join(root, 'assets');
  const scripts = readdirSync(assets).filter((name) => /\.js$/.test(name));
  const text = (name: string) => readFileSync(join(assets, name), 'utf8');
  const renamed = new Map<string, string>();
  let next = scripts.filter((name) => changed.test(name));
  expect(next, `a chunk matching ${changed} in the build`).not.toEqual([]);
  while (next.length > 0) {
    for (const name of next) renamed.set(name, name.replace(/\.js$/, '-next.js'));
    const names = [...renamed.keys()];
    next = scripts.filter(
      (name) => !renamed.has(name) && names.some((old) => text(name).includes(old)),
    );
  }
  const pattern = new RegExp(
    [...renamed.keys()].map((name) => name.replace(/\W/g, '\\$&')).join('|'),
    'g',
  );
  const rewrite = (source: string) => source.replace(pattern, (old) => renamed.get(old)!);
  for (const [old, name] of renamed) {
    writeFileSync(join(assets, name), rewrite(text(old)));
    for (const copy of ['', '.br', '.gz', '.map'])
      rmSync(join(assets, old + copy), { force: true });
  }
  for (const page of ['index.html', 'sw.js']) {
    const file = join(root, page);
    writeFileSync(file, rewrite(readFileSync(file, 'utf8')));
    for (const copy of ['.br', '.gz']) rmSync(file + copy, { force: true });
  }
  expect(readFileSync(join(root, 'index.html'), 'utf8')).toMatch(/assets\/index-[\w-]+-next\.js/);
  // (the deployment is whole: every file a new page asks for is there)
  for (const name of renamed.values()) expect(existsSync(join(assets, name))).toBe(true);
  return [...renamed.keys()];
}

test('a section whose code changed in a new build offers the new version, and loading it keeps the draft', async ({
  browser,
}) => {
  const context = await browser.newContext({
    baseURL: server!.origin,
    serviceWorkers: 'block',
    viewport: DESKTOP,
    locale: 'ru-RU',
    timezoneId: 'Asia/Bishkek',
  });
  try {
    await signInByApi(context, 'teacher');
    const page = await context.newPage();
    const missing: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 404) missing.push(new URL(response.url()).pathname);
    });
    await page.goto('/lms');
    await newsText(page).fill(DRAFT);

    const gone = deployNewBuild(/^journal-route-/);

    // The network up: the journal's chunk of the running build is gone from the server.
    await sections(page).getByRole('link', { name: 'Журнал', exact: true }).click();
    const message = page.getByRole('alert').filter({ hasText: 'Вышла новая версия портала' });
    await expect(message).toBeVisible();
    await expect(message).toContainText('всё, что вы ввели, сохранится');
    await expect(message).toContainText('Loading chunk journal failed.');
    await expect(message).not.toContainText('Проверьте подключение');
    expect(missing.some((path) => gone.some((name) => path.endsWith(`/${name}`)))).toBe(true);
    // The frame stays around it.
    await expect(sections(page)).toBeVisible();
    await checkLooks(page, 'new-version', { ready: () => expect(message).toBeVisible() });

    // The network down: the portal cannot tell whether a new version is out, and says to check
    // the network (the schedule's chunk did not come).
    await page.setViewportSize(DESKTOP);
    await context.setOffline(true);
    await sections(page).getByRole('link', { name: 'Расписание', exact: true }).click();
    const offline = page.getByRole('alert').filter({ hasText: 'Не удалось загрузить раздел' });
    await expect(offline).toBeVisible();
    await expect(offline).toContainText('Проверьте подключение к сети и обновите страницу.');
    await expect(offline).toContainText('Loading chunk schedule failed.');
    await context.setOffline(false);

    // Back on the network, the journal says again what it found.
    await sections(page).getByRole('link', { name: 'Журнал', exact: true }).click();
    await expect(message).toBeVisible();
    await message.getByRole('button', { name: 'Загрузить новую версию' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Журнал посещаемости' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/lms\/journal/);
    // The page runs the new build now.
    expect(
      await page.evaluate(() =>
        document.querySelector('script[type="module"][src]')?.getAttribute('src'),
      ),
    ).toMatch(/-next\.js$/);

    // What was typed before is still there.
    await sections(page).getByRole('link', { name: 'Новости', exact: true }).click();
    await expect(newsText(page)).toHaveValue(DRAFT);
    await expect(
      page.getByRole('status').filter({ hasText: 'Черновик восстановлен' }),
    ).toBeVisible();
  } finally {
    await context.close();
  }
});
