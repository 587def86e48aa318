// The built API reference page (dist/reference.html, `pnpm --filter @lms/spec build`) in real
// Chromium with every request but the page itself refused: the page opens offline (it asks no
// other address for anything), and it shows the contract's assumptions, role limits and ownership
// as badges and lines of text.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { chromium } from '@playwright/test';

const pagePath = new URL('../dist/reference.html', import.meta.url);
// The browser rule is the portal's playwright.config.ts's: Debian's /usr/bin/chromium when
// present, elsewhere Playwright's own browser.
const systemChromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) =>
  existsSync(path),
);

// The reference page is served at /docs/api by the mock server; the same here, from loopback.
const PAGE_PATH = '/docs/api';

// The page renders a section's content only once it is scrolled into view, and CI runs this beside
// the other packages' builds and tests on two cores: there, one section has been seen to take over
// 7 s. A wait is therefore generous (WAIT), and a step's limit (STEP) leaves room for two waits, so
// a broken page still fails within a minute and the last step still runs.
const WAIT = 30_000;
const STEP = { timeout: 2 * WAIT + 5_000 };

const ASSUMED_LINE = 'Assumed: the product specification does not give this shape.';

/** An operation's or a schema's section, by the slug Redoc gives it (its deep link). */
const section = (page, slug) => page.locator(`[data-section-id="/${slug}"]`);
/** The section's title. */
const title = (sectionLocator) => sectionLocator.locator('h2').first();
/** A badge in the section's title, by its exact text (what the contract's extension became). */
const badge = (sectionLocator, name) =>
  title(sectionLocator).locator('[data-component-name="Tag/Tag"]').getByText(name, { exact: true });

describe('the API reference page', () => {
  let server;
  let browser;
  let page;
  let pageUrl;
  /** Every request the page tried other than its own document, and every WebSocket it opened. */
  const leaving = [];

  before(async () => {
    assert.ok(
      existsSync(pagePath),
      'dist/reference.html is missing: pnpm --filter @lms/spec build',
    );
    const html = readFileSync(pagePath);
    server = createServer((req, res) => {
      if (req.url === PAGE_PATH) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
      } else res.writeHead(404).end();
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    pageUrl = `http://127.0.0.1:${server.address().port}${PAGE_PATH}`;

    browser = await chromium.launch({
      ...(systemChromium && { executablePath: systemChromium }),
      // The machine has no network beyond loopback: keep Chromium itself from calling home.
      args: [
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
        '--disable-gpu',
      ],
    });
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      serviceWorkers: 'block',
    });
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (url === pageUrl) return route.continue();
      leaving.push(`${route.request().method()} ${url}`);
      return route.abort('blockedbyclient');
    });
    page = await context.newPage();
    page.on('websocket', (ws) => leaving.push(`WebSocket ${ws.url()}`));
    page.setDefaultTimeout(WAIT);
    page.setDefaultNavigationTimeout(WAIT);
  }, STEP);

  after(async () => {
    await browser?.close();
    if (server) await new Promise((resolve) => server.close(resolve));
  });

  it('renders the contract (an operation title shows)', STEP, async () => {
    await page.goto(`${pageUrl}#/misc/miscgetphoto`);
    const photo = title(section(page, 'misc/miscgetphoto'));
    await photo.waitFor({ state: 'visible' });
    assert.match(await photo.innerText(), /\w/);
  });

  it('badges an assumed operation and says it in its description', STEP, async () => {
    const photo = section(page, 'misc/miscgetphoto');
    await badge(photo, 'assumed').waitFor({ state: 'visible' });
    await photo.getByText(ASSUMED_LINE).waitFor({ state: 'visible' });
  });

  it("badges the operation's ownership and says it in its description", STEP, async () => {
    const photo = section(page, 'misc/miscgetphoto');
    const owner = title(photo)
      .locator('[data-component-name="Tag/Tag"]')
      .getByText(/^owner: \w+/);
    await owner.waitFor({ state: 'visible' });
    await photo.locator('p', { hasText: 'Owner: ' }).waitFor({ state: 'visible' });
  });

  it('badges a teachers-only operation, and not as assumed when it is not', STEP, async () => {
    await page.goto(`${pageUrl}#/umk/umksave`);
    const save = section(page, 'umk/umksave');
    await badge(save, 'teachers only').waitFor({ state: 'visible' });
    assert.equal(await badge(save, 'assumed').count(), 0);
    await save.getByText('Roles: teachers only').waitFor({ state: 'visible' });
  });

  it(
    "opens an assumed schema's description with the assumed line, and only an assumed one's",
    STEP,
    async () => {
      await page.goto(`${pageUrl}#/schemas/visitlogclass`);
      const assumed = section(page, 'schemas/visitlogclass');
      await title(assumed).waitFor({ state: 'visible' });
      // The schema's description is the first paragraph of its section.
      assert.ok((await assumed.locator('p').first().innerText()).startsWith(ASSUMED_LINE));

      const confirmed = section(page, 'schemas/visitlogupdate');
      await confirmed.scrollIntoViewIfNeeded();
      // Scrolled into view, the section is still empty until the page renders its content.
      await title(confirmed).waitFor({ state: 'visible' });
      const text = await confirmed.locator('p').first().innerText();
      assert.ok(!text.includes(ASSUMED_LINE), text);
    },
  );

  it('asks no other address for anything, leaving included', STEP, async () => {
    // Leaving the page is when telemetry would report the time spent on it.
    await page.goto('about:blank');
    assert.deepEqual(leaving, []);
  });
});
