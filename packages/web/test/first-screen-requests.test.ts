import { describe, expect, it } from 'vitest';
import { askFirstScreenAhead } from '../src/app/session-routes';
import { prefetchFirstScreen } from '../src/app/prefetch-first-screen';
import { withPrefetchedAnswers } from '../src/lib/query/prefetched-answers';
import { lazyQueryClient } from '../src/lib/query/lazy-query-client';
import { getDefaultYearQueryOptions } from '../src/lib/reference-data/default-year';
import { isMobile } from '../src/lib/ui-state/viewport';
import { createStubClient } from './support/mock-backend';
import { STUDENT, TEACHER, YEAR } from './support/first-screen-users';
import { createTestQueryClient } from './support/render-app';

const GROUPS = '/api/misc/getgroups';

interface Sent {
  path: string;
  body: unknown;
}

/** A stub server that records each request; `failing` paths answer 500. */
function server(failing: string[] = []) {
  const sent: Sent[] = [];
  const backend = createStubClient((path, body) => {
    sent.push({ path, body });
    if (failing.includes(path)) return { status: 500, body: { result: 1, error: 'down' } };
    if (path === '/config.json') return { body: { name: 'КНУ' } };
    if (path === '/api/misc/defaultyear') return { body: { result: 0, error: '', data: YEAR } };
    if (path === '/api/misc/photo') return { body: { result: 0, error: '', data: { data: [] } } };
    return { body: { result: 0, error: '', data: [] } };
  });
  return { client: withPrefetchedAnswers(backend.client), sent };
}

/** Lets the stub server's answers, and what follows them, come through. */
async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}

const byPath = (sent: Sent[]) => [...sent].sort((a, b) => (a.path < b.path ? -1 : 1));

const lazyCache = () => {
  const cache = createTestQueryClient();
  return lazyQueryClient(() => Promise.resolve(cache));
};

describe.each([
  ['a teacher', TEACHER],
  ['a student', STUDENT],
])('the first screen of %s', (_, user) => {
  describe.each([
    ['phone', true],
    ['desktop', false],
  ])('on a %s', (_layout, phone) => {
    it('asks ahead exactly what the prefetch then asks, and the prefetch takes every answer', async () => {
      isMobile.value = phone;

      const ahead = server();
      askFirstScreenAhead(ahead.client, user);
      await settle();

      const warm = server();
      await prefetchFirstScreen(warm.client, lazyCache(), user);
      await settle();

      // The same method, path and body (a GET has none), whatever the order of the body's keys;
      // only a desktop student's groups wait for the default year's answer.
      const groupsAsked = !phone && user.role === 2;
      expect(byPath(ahead.sent)).toEqual(
        byPath(warm.sent.filter((request) => request.path !== GROUPS)),
      );
      expect(warm.sent.some((request) => request.path === GROUPS)).toBe(groupsAsked);
      expect(new Set(warm.sent.map((request) => request.path)).size).toBe(warm.sent.length);

      // Both on one client: nothing is asked twice.
      const both = server();
      askFirstScreenAhead(both.client, user);
      await prefetchFirstScreen(both.client, lazyCache(), user);
      await settle();
      expect(byPath(both.sent)).toEqual(byPath(warm.sent));
    });
  });
});

describe('prefetchFirstScreen', () => {
  it("leaves a phone's failed default year to its query, not as an unhandled rejection", async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      isMobile.value = true;
      const { client, sent } = server(['/api/misc/defaultyear']);
      const cache = createTestQueryClient();
      await prefetchFirstScreen(
        client,
        lazyQueryClient(() => Promise.resolve(cache)),
        STUDENT,
      );
      await settle();
      expect(sent.map((request) => request.path)).toContain('/api/misc/defaultyear');
      expect(
        cache.getQueryState(getDefaultYearQueryOptions(client, { uid: STUDENT.uid }).queryKey)
          ?.status,
      ).toBe('error');
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
