import { createLmsClient, type LmsClient } from '@lms/client';
import { createApp } from '@lms/mock-server';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { isMobile } from '../src/lib/ui-state/viewport';
import { renderApp } from './support/render-app';

/** The mock server in-process (as test/mock-backend.ts) with X-Mock-Scenario for chosen paths. */
function createBackend(scenarioFor: (path: string) => string | undefined = () => undefined) {
  const app = createApp({ validateResponses: true });
  const calls: string[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    const path = new URL(request.url).pathname;
    calls.push(path);
    const headers = new Headers(request.headers);
    if (document.cookie) headers.set('cookie', document.cookie);
    const scenario = scenarioFor(path);
    if (scenario) headers.set('x-mock-scenario', scenario);
    const body = request.method === 'GET' ? undefined : await request.arrayBuffer();
    const response = await app.request(request.url, { method: request.method, headers, body });
    for (const cookie of response.headers.getSetCookie()) document.cookie = cookie;
    return response;
  };
  const client: LmsClient = createLmsClient({ baseUrl: 'http://lms.test', fetch });
  return { client, calls };
}

async function signedIn(scenarioFor?: (path: string) => string | undefined) {
  const backend = createBackend(scenarioFor);
  await backend.client.post('/api/auth/orize.json', {
    body: { login: 'student', password: 'Student1' },
  });
  return backend;
}

const linkName = (name: string) => `${name} (откроется в новой вкладке)`;

describe('apps page', () => {
  it("lists the apps' links with descriptions, each opening in a new tab without an opener", async () => {
    const backend = await signedIn();
    const links = await backend.client.post('/api/misc/dinurls', { body: {} });
    await renderApp({ client: backend.client, path: '/lms/apps' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Приложения' })).toBeTruthy();
    const content = screen.getByRole('main');
    const items = await within(content).findAllByRole('link');
    expect(items).toHaveLength(links!.length);
    for (const link of links!) {
      const anchor = within(content).getByRole('link', { name: linkName(link.name) });
      expect(anchor.getAttribute('href')).toBe(link.url);
      expect(anchor.getAttribute('target')).toBe('_blank');
      expect(anchor.getAttribute('rel')).toBe('noopener noreferrer');
      if (link.description) {
        expect(within(anchor).getByText(link.description)).toBeTruthy();
        // Read as the link's description, not as part of its name.
        expect(document.getElementById(anchor.getAttribute('aria-describedby')!)?.textContent).toBe(
          link.description,
        );
      }
    }
    expect(document.title).toMatch(/^Приложения · /);
  });

  it("shows a link's own icon, and the default one when it has none or it fails to load", async () => {
    await renderApp({ client: (await signedIn()).client, path: '/lms/apps' });
    const content = await screen.findByRole('main');
    const library = await within(content).findByRole('link', {
      name: linkName('Электронная библиотека'),
    });
    const image = library.querySelector('img');
    // the mock serves its icons itself, under /api/ (its backend's path) of the portal's origin
    expect(image?.getAttribute('src')).toBe(
      new URL('/api/apps/library.svg', document.baseURI).href,
    );
    expect(image?.getAttribute('alt')).toBe('');

    image?.dispatchEvent(new Event('error'));
    await expect.poll(() => library.querySelector('img')).toBeNull();
    expect(library.querySelector('svg')).toBeTruthy();

    const noIcon = within(content).getByRole('link', { name: linkName('Абитуриенту') });
    expect(noIcon.querySelector('img')).toBeNull();
  });

  it("shows 'Загрузка...', then the failed state with a retry that recovers", async () => {
    let failing = true;
    const backend = await signedIn((path) =>
      path === '/api/misc/dinurls' ? (failing ? 'server-error' : 'slow=100') : undefined,
    );
    await renderApp({ client: backend.client, path: '/lms/apps' });
    const content = await screen.findByRole('main');
    await screen.findByRole('heading', { level: 1, name: 'Приложения' });

    const failures = await within(content).findAllByText('Не удалось загрузить список сервисов');
    expect(failures).toHaveLength(1);
    failing = false;
    await userEvent.setup().click(within(content).getByRole('button', { name: 'Повторить' }));
    expect(within(content).getByText('Загрузка...')).toBeTruthy();
    expect(
      await within(content).findByRole('link', { name: linkName('Абитуриенту') }),
    ).toBeTruthy();
  });

  it('says so when there are no links', async () => {
    const backend = await signedIn((path) => (path === '/api/misc/dinurls' ? 'empty' : undefined));
    await renderApp({ client: backend.client, path: '/lms/apps' });
    const content = await screen.findByRole('main');
    expect(await within(content).findByText('Ссылок на сервисы пока нет')).toBeTruthy();
    expect(within(content).queryAllByRole('link')).toHaveLength(0);
  });

  it('leaves out a link that is not an http(s) address', async () => {
    const backend = await signedIn();
    const client: LmsClient = {
      ...backend.client,
      post: (async (path: string, ...rest: unknown[]) => {
        const answer = await (backend.client.post as (...args: unknown[]) => Promise<unknown>)(
          path,
          ...rest,
        );
        if (path !== '/api/misc/dinurls') return answer;
        const bad = { id: 99, name: 'Опасная ссылка', url: 'javascript:alert(1)' };
        return [...(answer as object[]), { ...bad, icon: null, description: null }];
      }) as LmsClient['post'],
    };
    await renderApp({ client, path: '/lms/apps' });
    const content = await screen.findByRole('main');
    await within(content).findByRole('link', { name: linkName('Абитуриенту') });
    expect(screen.queryByText('Опасная ссылка')).toBeNull();
  });
});

describe("the shell's apps panel", () => {
  it('lists the links below the sections in the desktop apps column, sharing one request', async () => {
    const backend = await signedIn();
    await renderApp({ client: backend.client, path: '/lms/apps' });
    const column = await screen.findByRole('complementary', { name: 'Приложения' });
    const panel = await within(column).findByRole('region', { name: 'Сервисы университета' });
    expect(
      await within(panel).findByRole('link', { name: linkName('Сайт университета') }),
    ).toBeTruthy();
    // The sections come first in the column.
    const sections = within(column).getByRole('navigation', { name: 'Разделы' });
    expect(sections.compareDocumentPosition(panel) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await within(screen.getByRole('main')).findByRole('link', {
      name: linkName('Сайт университета'),
    });
    expect(backend.calls.filter((path) => path === '/api/misc/dinurls')).toHaveLength(1);
  });

  it('never shows raw translation keys while its texts load', async () => {
    const backend = await signedIn();
    await renderApp({ client: backend.client, path: '/lms' });
    const column = await screen.findByRole('complementary', { name: 'Приложения' });
    expect(column.textContent).not.toMatch(/panelTitle|linkLabel|apps:/);
    await within(column).findByRole('region', { name: 'Сервисы университета' });
    expect(column.textContent).not.toMatch(/panelTitle|linkLabel|apps:/);
  });

  it('shows the links under the section tiles on the mobile apps tab', async () => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 390 });
    isMobile.value = true;
    await renderApp({ client: (await signedIn()).client, path: '/lms' });
    const section = await screen.findByRole('region', { name: 'Сервисы университета' });
    expect(
      await within(section).findByRole('link', { name: linkName('Telegram-канал университета') }),
    ).toBeTruthy();
    expect(within(section).getByText('Объявления и изменения в расписании')).toBeTruthy();
  });

  it('shows its failed state in the column without breaking the page', async () => {
    const backend = await signedIn((path) =>
      path === '/api/misc/dinurls' ? 'server-error' : undefined,
    );
    await renderApp({ client: backend.client, path: '/lms/paymentcode' });
    const column = await screen.findByRole('complementary', { name: 'Приложения' });
    expect(await within(column).findByText('Не удалось загрузить список сервисов')).toBeTruthy();
    expect(within(column).getByRole('link', { name: 'Расписание' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Код оплаты' })).toBeTruthy();
  });
});
