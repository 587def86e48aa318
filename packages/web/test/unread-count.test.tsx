// The person's unread messages in the page title and on the app icon, from the first screen on:
// counted over every discipline and group chat, read once the first screen is painted, updated by
// the chat's own reads, cleared at sign-out.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  chooseContact,
  chooseDiscipline,
  chooseGroup,
} from '../src/lib/academic-context/selection';
import type { AcademicContext } from '../src/lib/academic-context/use-academic-context';
import { ApiClientProvider } from '../src/lib/query/api-client';
import type { PortalUser } from '../src/lib/session/roles';
import {
  unreadTotal,
  type UnreadReader,
  type UnreadTally,
} from '../src/lib/unread-count/unread-count-keys';
import {
  unreadReads,
  withUnreadCounts,
  type ChatClass,
} from '../src/lib/unread-count/unread-tally';
import { useUnreadCount } from '../src/lib/unread-count/use-unread-count';
import { signInDemo, withHooks } from './support/mock-backend';
import { createTestQueryClient, renderApp } from './support/render-app';
import { serverUnreadTotal } from './support/unread-total';

const PORTAL = 'Университетский портал LMS';
const student: UnreadReader = { id: 7001, uid: 20001, role: 2, studentGroup: 101, year: 4, ws: 1 };
const teacher: UnreadReader = { id: 501, uid: 1001, role: 1, studentGroup: null, year: 4, ws: 1 };
const group = (id_group: number, isPotok = false) => ({ id_group, isPotok });
const discipline = (id_discipline: number) => ({ id_discipline, kredits: 3 });
const named = (reads: ReturnType<typeof unreadReads>) =>
  reads.map(
    (read) => `${read.id_discipline}:${read.IsSelect ? 'stream' : 'group'} ${read.gr_potok}`,
  );

describe('what is asked to count everything once', () => {
  it("asks each of a student's disciplines once, naming their group's and their stream's chats once each", () => {
    const classes: ChatClass[] = [3001, 3002, 3003].map((id) => ({
      discipline: discipline(id),
      groups: [group(101), group(9001, true)],
    }));
    expect(named(unreadReads(student, classes))).toEqual([
      '3001:group 101',
      '3002:stream 9001',
      '3003:group 101',
    ]);
  });

  it("names every one of a teacher's group chats, each with a discipline it belongs to", () => {
    const classes: ChatClass[] = [
      { discipline: discipline(3001), groups: [group(101), group(102), group(9001, true)] },
      { discipline: discipline(3023), groups: [group(105)] },
    ];
    expect(named(unreadReads(teacher, classes))).toEqual([
      '3001:group 101',
      '3023:group 105',
      '3001:group 102',
      '3001:stream 9001',
    ]);
  });

  it('asks as the chat does, and leaves out a discipline taught to no group (no one to write to)', () => {
    const [read, ...rest] = unreadReads(teacher, [
      { discipline: { id_discipline: 3001, kredits: 5 }, groups: [group(101)] },
      { discipline: discipline(3045), groups: [] },
    ]);
    expect(rest).toEqual([]);
    expect(read).toEqual({
      year: 4,
      id_from_type: 1,
      id_from: 501,
      id_to_type: 2,
      id_to: -1,
      id_discipline: 3001,
      ws: 1,
      kredit: 5,
      gr_potok: 101,
      IsSelect: false,
    });
  });
});

describe('the count', () => {
  const empty: UnreadTally = { year: 4, ws: 1, contacts: {}, groups: {} };
  const [webDev] = unreadReads(student, [{ discipline: discipline(3001), groups: [group(101)] }]);
  const rows = [
    { idid: 502, id_type: 1 as const, countMessages: 2 },
    { idid: -1, id_type: 2 as const, countMessages: 3 },
  ];

  it("adds up a discipline's contacts and its group chat, and each chat once", () => {
    const tally = withUnreadCounts(empty, webDev!, rows);
    expect(unreadTotal(tally)).toBe(5);
    // The same group chat, named from another discipline, is the same chat.
    const again = withUnreadCounts(tally, { ...webDev!, id_discipline: 3002 }, [rows[1]!]);
    expect(unreadTotal(again)).toBe(5);
    expect(unreadTotal(empty)).toBe(0);
  });

  it('follows what the chat reads: fewer, none, and the same count leaves the count as it was', () => {
    const tally = withUnreadCounts(empty, webDev!, rows);
    expect(withUnreadCounts(tally, webDev!, [...rows])).toBe(tally);
    expect(unreadTotal(withUnreadCounts(tally, webDev!, [rows[1]!]))).toBe(3);
    expect(unreadTotal(withUnreadCounts(tally, webDev!, []))).toBe(0);
  });

  it('counts the current semester half only', () => {
    const tally = withUnreadCounts(empty, webDev!, rows);
    expect(withUnreadCounts(tally, { ...webDev!, year: 3 }, [])).toBe(tally);
    expect(withUnreadCounts(tally, { ...webDev!, ws: 2 }, [])).toBe(tally);
  });
});

/** The Badging API of an installed portal, recording what it was asked (null: cleared). */
function installBadging() {
  const calls: (number | null)[] = [];
  Object.defineProperty(navigator, 'setAppBadge', {
    configurable: true,
    value: (count: number) => {
      calls.push(count);
      return Promise.resolve();
    },
  });
  Object.defineProperty(navigator, 'clearAppBadge', {
    configurable: true,
    value: () => {
      calls.push(null);
      return Promise.resolve();
    },
  });
  return calls;
}

describe('the unread count on every screen', () => {
  let badge: (number | null)[];
  beforeEach(() => {
    badge = installBadging();
  });
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'setAppBadge');
    Reflect.deleteProperty(navigator, 'clearAppBadge');
  });

  describe.each([
    ['a student', 'student'],
    ['a teacher', 'teacher'],
  ] as const)('for %s', (_, login) => {
    it('shows on the schedule, without the chat ever opened', async () => {
      const { backend, user } = await signInDemo(login);
      const total = await serverUnreadTotal(backend.client, user);
      expect(total).toBeGreaterThan(0);
      await renderApp({ client: backend.client, path: '/lms/schedule' });

      await waitFor(() => expect(document.title).toBe(`(${total}) Расписание · ${PORTAL}`));
      expect(badge.at(-1)).toBe(total);
    });
  });

  it('asks nothing until the first screen has been painted', async () => {
    const { backend, user } = await signInDemo('student');
    const total = await serverUnreadTotal(backend.client, user);
    backend.calls.length = 0;
    const academic = {
      currentYear: { data: [{ id_a_year: 4, name: '2026-2027' }] },
      currentWs: { data: [{ ws: 1, name: 'Осенний' }] },
    } as unknown as Pick<AcademicContext, 'currentYear' | 'currentWs'>;
    function Shell({ painted }: { painted: boolean }) {
      useUnreadCount(user as PortalUser, academic, painted);
      return null;
    }
    const queryClient = createTestQueryClient();
    const shell = (painted: boolean) => (
      <QueryClientProvider client={queryClient}>
        <ApiClientProvider client={backend.client}>
          <Shell painted={painted} />
        </ApiClientProvider>
      </QueryClientProvider>
    );
    const view = render(shell(false));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(backend.calls).toEqual([]);

    view.rerender(shell(true));
    await waitFor(() => expect(badge.at(-1)).toBe(total));
    expect(backend.calls).toContain('/api/chat/count');
  });

  it('follows the chat as it reads, without waiting for the next count', async () => {
    const { backend } = await signInDemo('student');
    let countsHeld = false;
    const client = withHooks(backend.client, {
      gate: (path) =>
        countsHeld && path === '/api/chat/count' ? new Promise(() => undefined) : null,
    });
    // A reload of «Базы данных» with its teacher, who wrote one message the student has not read.
    chooseDiscipline(3002);
    chooseGroup(101);
    chooseContact({ idid: 502, id_type: 1, fio: '' });
    await renderApp({ client, path: '/lms/chat' });
    const log = await screen.findByRole('log', { name: 'Сообщения' });
    expect(log).toBeTruthy();
    await waitFor(() => expect(document.title).toMatch(/^\(\d+\) /));
    const before = Number(/^\((\d+)\)/.exec(document.title)![1]);

    countsHeld = true;
    const user = userEvent.setup();
    await user.click(
      within(screen.getByRole('main')).getByRole('button', { name: 'Прочитать все' }),
    );
    await waitFor(() => expect(document.title).toMatch(new RegExp(`^\\(${before - 1}\\) `)));
    expect(badge.at(-1)).toBe(before - 1);
  });

  it('is gone from the title and the app icon at sign-out', async () => {
    const { backend } = await signInDemo('teacher');
    await renderApp({ client: backend.client, path: '/lms/schedule' });
    await waitFor(() => expect(document.title).toMatch(/^\(\d+\) Расписание/));

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Меню профиля/ }));
    await user.click(screen.getByText('Выйти', { selector: 'button' }));
    await screen.findByRole('button', { name: 'Войти' });
    expect(document.title).not.toMatch(/^\(/);
    expect(badge.at(-1)).toBeNull();
  });
});
