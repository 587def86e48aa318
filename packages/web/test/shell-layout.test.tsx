import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { selectionFromSearch, searchWithSelection } from '../src/app/shell/use-selection-url';
import { chosenDiscipline } from '../src/lib/academic-context/selection';
import { activeTab, MAIN_TABS } from '../src/lib/ui-state/main-tabs';
import { isMobile } from '../src/lib/ui-state/viewport';
import { renderApp } from './support/render-app';
import { signInDemo, withHooks } from './support/mock-backend';

function goMobile() {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 390 });
  isMobile.value = true;
}

describe('the selection in the address', () => {
  it('reads and writes only its own parameters, refusing malformed values', () => {
    expect(selectionFromSearch('?kind=2')).toBeNull();
    expect(
      selectionFromSearch('?discipline=12&semester=x&ws=7&group=3&contact=-1:2&year=2026'),
    ).toEqual({
      year: 2026,
      ws: null,
      discipline: 12,
      semester: null,
      group: 3,
      contact: { idid: -1, id_type: 2 },
    });
    expect(selectionFromSearch('?contact=javascript:1')?.contact).toBeNull();
    expect(
      searchWithSelection('?kind=2&discipline=1', {
        year: null,
        ws: 1,
        discipline: 5,
        semester: null,
        group: null,
        contact: { idid: 7001, id_type: 2 },
      }),
    ).toBe('?kind=2&ws=1&discipline=5&contact=7001%3A2');
  });

  it('a chosen discipline and conversation survive a reload of their address', async () => {
    const { backend } = await signInDemo('teacher');
    const first = await renderApp({ client: backend.client, path: '/lms/chat' });
    const disciplines = await screen.findByRole('region', { name: 'Дисциплины' });
    const user = userEvent.setup();
    const [discipline] = await within(disciplines).findAllByRole('button');
    const name = discipline!.textContent;
    await user.click(discipline!);
    const contacts = screen.getByRole('region', { name: 'Контакты' });
    await user.click(await within(contacts).findByRole('button', { name: 'Групповой чат' }));
    await waitFor(() =>
      expect(first.router.state.location.search).toMatch(/discipline=\d+.*contact=-1%3A2/),
    );
    const address = first.router.state.location.pathname + first.router.state.location.search;
    expect(address.startsWith('/lms/chat?')).toBe(true);

    // A reload: the page starts again from the address alone.
    first.unmount();
    act(() => {
      chosenDiscipline.value = null;
    });
    await renderApp({ client: backend.client, path: address });
    expect(await screen.findByRole('heading', { level: 1, name: 'Групповой чат' })).toBeTruthy();
    const again = within(await screen.findByRole('region', { name: 'Дисциплины' }));
    await waitFor(() =>
      expect(
        again
          .getAllByRole('button')
          .find((button) => button.textContent === name)
          ?.getAttribute('aria-pressed'),
      ).toBe('true'),
    );
  });
});

describe('the desktop columns', () => {
  it('fold away beside a section with its own pickers, open again when asked, and remember it', async () => {
    const { backend } = await signInDemo('teacher');
    const view = await renderApp({ client: backend.client, path: '/lms/journal' });
    const open = await screen.findByRole('button', { name: 'Показать дисциплины и контакты' });
    expect(screen.queryByRole('complementary', { name: 'Дисциплины' })).toBeNull();
    expect(open.getAttribute('aria-expanded')).toBe('false');

    const user = userEvent.setup();
    await user.click(open);
    expect(screen.getByRole('complementary', { name: 'Дисциплины' })).toBeTruthy();
    expect(screen.getByRole('complementary', { name: 'Контакты' })).toBeTruthy();

    // Remembered for the journal; the news keeps its own default (open).
    await view.router.navigate('/lms');
    expect(await screen.findByRole('complementary', { name: 'Дисциплины' })).toBeTruthy();
    await view.router.navigate('/lms/journal');
    await user.click(await screen.findByRole('button', { name: 'Свернуть' }));
    expect(screen.getByRole('button', { name: 'Показать дисциплины и контакты' })).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('lms-rail') ?? '{}')).toEqual({ journal: false });
  });

  it('the discipline list fails with a retry when the semester halves cannot be had', async () => {
    const { backend } = await signInDemo('teacher');
    let failing = true;
    const client = withHooks(backend.client, {
      scenario: (path) =>
        failing && path === '/api/discipline/current/ws.json' ? 'client-error' : null,
    });
    await renderApp({ client, path: '/lms' });
    const list = await screen.findByRole('region', { name: 'Дисциплины' });
    const retry = await within(list).findByRole('button', { name: 'Повторить' });
    expect(within(list).queryByText('Загрузка...')).toBeNull();
    failing = false;
    await userEvent.setup().click(retry);
    expect(await within(list).findAllByRole('button', { pressed: false })).not.toHaveLength(0);
  });
});

describe('navigation', () => {
  it('an address with a trailing slash is the section, highlighted', async () => {
    const { backend } = await signInDemo('student');
    const { router } = await renderApp({ client: backend.client, path: '/lms/schedule/' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/lms/schedule'));
    const sections = await screen.findByRole('navigation', { name: 'Разделы' });
    expect(
      within(sections).getByRole('link', { name: 'Расписание' }).getAttribute('aria-current'),
    ).toBe('page');
  });

  it('on a phone the chat highlights its tab and the drawer’s news opens the news', async () => {
    goMobile();
    const { backend } = await signInDemo('student');
    await renderApp({ client: backend.client, path: '/lms/chat' });
    const tabs = await screen.findByRole('navigation', { name: 'Главный экран' });
    expect(within(tabs).getByRole('button', { name: 'Чат' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Открыть меню разделов' }));
    const drawer = screen.getByRole('dialog', { name: 'Разделы' });
    await user.click(within(drawer).getByRole('link', { name: 'Новости' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Новости' })).toBeTruthy();
    expect(activeTab.value).toBe(MAIN_TABS.news);
  });

  it('the phone header shows who is signed in: the short name and the group', async () => {
    goMobile();
    const { backend } = await signInDemo('student');
    await renderApp({ client: backend.client, path: '/lms' });
    const header = await screen.findByRole('banner');
    const menu = await within(header).findByRole('button', { name: /Меню профиля/ });
    await waitFor(() => expect(menu.textContent).toContain('Токтогулова А.Н.'));
    expect(menu.textContent).toContain('ПИ-1-26');
  });
});
