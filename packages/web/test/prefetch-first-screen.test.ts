import type { LmsClient } from '@lms/client';
import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { prefetchFirstScreenReturning } from '../src/app/prefetch-first-screen';
import { getAppLinksQueryOptions } from '../src/features/apps/api/get-app-links';
import { getNewsFeedQueryOptions } from '../src/features/news/api/get-news';
import { sessionUserQuery } from '../src/features/session/api/authenticate';
import { getConfigQueryOptions } from '../src/features/session/api/get-config';
import { getPhotoQueryOptions } from '../src/features/session/api/get-photo';
import { lazyQueryClient } from '../src/lib/query/lazy-query-client';
import { getCurrentWsQueryOptions } from '../src/lib/reference-data/current-ws';
import { getCurrentYearQueryOptions } from '../src/lib/reference-data/current-year';
import { getDefaultYearQueryOptions } from '../src/lib/reference-data/default-year';
import { getStudentGroupsQueryOptions } from '../src/lib/reference-data/student-groups';
import type { PortalUser } from '../src/lib/session/roles';
import { createStubClient, withHooks } from './support/mock-backend';
import { STUDENT, TEACHER, YEAR } from './support/first-screen-users';
import { createTestQueryClient } from './support/render-app';

/** The stub server's answer to each of the first screen's requests. */
function answer(path: string): unknown {
  switch (path) {
    case '/config.json':
      return { name: 'КНУ' };
    case '/api/misc/defaultyear':
      return { result: 0, error: '', data: YEAR };
    case '/api/misc/photo':
      return { result: 0, error: '', data: { data: [] } };
    default:
      return { result: 0, error: '', data: [] };
  }
}

/** A stub server that records each request's path and body; `hold` keeps answers back (withHooks). */
function setUp(hold?: (path: string) => Promise<void> | null) {
  const sent: { path: string; body: unknown }[] = [];
  const backend = createStubClient((path, body) => {
    sent.push({ path, body });
    return { body: answer(path) };
  });
  const client = hold ? withHooks(backend.client, { gate: hold }) : backend.client;
  const cache = createTestQueryClient();
  return { client, cache, lazyCache: lazyQueryClient(() => Promise.resolve(cache)), sent };
}

/** The keys of the queries a desktop's first-screen prefetch fills for `user`. */
function warmKeys(client: LmsClient, user: PortalUser): QueryKey[] {
  const reader = { id: user.id, uid: user.uid, role: user.role };
  return [
    getNewsFeedQueryOptions(client, reader).queryKey,
    getConfigQueryOptions(client).queryKey,
    getPhotoQueryOptions(client, { uid: user.uid, role: user.role }).queryKey,
    getAppLinksQueryOptions(client).queryKey,
    getCurrentYearQueryOptions(client).queryKey,
    getCurrentWsQueryOptions(client).queryKey,
    getDefaultYearQueryOptions(client, { uid: user.uid }).queryKey,
    ...(user.role === 2
      ? [getStudentGroupsQueryOptions(client, { id_a_year: 25, id_student: user.id }).queryKey]
      : []),
  ];
}

const hashes = (cache: QueryClient) =>
  cache
    .getQueryCache()
    .getAll()
    .map((query) => query.queryHash)
    .sort();

const hashesOf = (keys: QueryKey[]) => keys.map((key) => hashKey(key)).sort();

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

/** The prefetch's answers have all landed in the cache. */
async function landed(cache: QueryClient, keys: QueryKey[]): Promise<void> {
  await vi.waitFor(() => {
    for (const key of keys) expect(cache.getQueryState(key)?.status, hashKey(key)).toBe('success');
  });
}

describe('prefetchFirstScreenReturning', () => {
  it('keeps what was asked for the expected person when the check confirms them', async () => {
    const { client, cache, lazyCache, sent } = setUp();
    const confirmed = deferred<PortalUser | null>();
    const warm = prefetchFirstScreenReturning(client, lazyCache, STUDENT, confirmed.promise);

    // Asked beside the check, before it answers.
    await landed(cache, warmKeys(client, STUDENT));
    const asked = sent.length;
    cache.setQueryData(sessionUserQuery.queryKey, STUDENT);
    // Another object for the same account, as the check returns it.
    confirmed.resolve({ ...STUDENT });
    await warm;

    expect(hashes(cache)).toEqual(
      hashesOf([sessionUserQuery.queryKey, ...warmKeys(client, STUDENT)]),
    );
    for (const key of warmKeys(client, STUDENT)) {
      expect(cache.getQueryState(key)?.status, hashKey(key)).toBe('success');
    }
    // Nothing is asked again once the person is confirmed.
    expect(sent).toHaveLength(asked);
    expect(new Set(sent.map((request) => request.path)).size).toBe(sent.length);
  });

  it('drops every query but the session user when someone else is confirmed, and asks for them', async () => {
    const { client, cache, lazyCache, sent } = setUp();
    const confirmed = deferred<PortalUser | null>();
    const warm = prefetchFirstScreenReturning(client, lazyCache, STUDENT, confirmed.promise);
    await landed(cache, warmKeys(client, STUDENT));
    const asked = sent.length;

    cache.setQueryData(sessionUserQuery.queryKey, TEACHER);
    confirmed.resolve(TEACHER);
    await warm;

    // Only the session user and the confirmed person's first screen are left.
    expect(hashes(cache)).toEqual(
      hashesOf([sessionUserQuery.queryKey, ...warmKeys(client, TEACHER)]),
    );
    expect(cache.getQueryData(sessionUserQuery.queryKey)).toEqual(TEACHER);
    for (const key of warmKeys(client, TEACHER)) {
      expect(cache.getQueryState(key)?.status, hashKey(key)).toBe('success');
    }
    // The confirmed person's requests went out after the check, for them.
    const after = sent.slice(asked);
    expect(after).toContainEqual({ path: '/api/misc/defaultyear', body: { uid: TEACHER.uid } });
    expect(after).toContainEqual({
      path: '/api/misc/photo',
      body: { uid: TEACHER.uid, role: TEACHER.role },
    });
    expect(after).toContainEqual({
      path: '/api/news/data.json',
      body: { id: TEACHER.id, uid: TEACHER.uid, role: TEACHER.role, page: 1 },
    });
    expect(after.map((request) => request.path)).toContain('/config.json');
  });

  it('drops every query but the session user when no one is confirmed, and asks nothing more', async () => {
    const { client, cache, lazyCache, sent } = setUp();
    const confirmed = deferred<PortalUser | null>();
    const warm = prefetchFirstScreenReturning(client, lazyCache, TEACHER, confirmed.promise);
    await landed(cache, warmKeys(client, TEACHER));
    const asked = sent.length;

    cache.setQueryData(sessionUserQuery.queryKey, null);
    confirmed.resolve(null);
    await warm;

    expect(hashes(cache)).toEqual(hashesOf([sessionUserQuery.queryKey]));
    expect(sent).toHaveLength(asked);
  });

  it('does not keep what arrives for the expected person after someone else was confirmed', async () => {
    // The expected student's default year is still on its way when the check names the teacher.
    const held = deferred<void>();
    let first = true;
    const { client, cache, lazyCache, sent } = setUp((path) => {
      if (path !== '/api/misc/defaultyear' || !first) return null;
      first = false;
      return held.promise;
    });
    const warm = prefetchFirstScreenReturning(client, lazyCache, STUDENT, Promise.resolve(TEACHER));
    await warm;
    await landed(cache, warmKeys(client, TEACHER));

    held.resolve();
    await vi.waitFor(() =>
      expect(sent).toContainEqual({ path: '/api/misc/defaultyear', body: { uid: STUDENT.uid } }),
    );
    // Let the late answer's consequences (the student's groups) happen, if they were to.
    for (let i = 0; i < 10; i++) await new Promise((resolve) => setTimeout(resolve, 0));

    expect(hashes(cache)).toEqual(hashesOf(warmKeys(client, TEACHER)));
    expect(sent.map((request) => request.path)).not.toContain('/api/misc/getgroups');
  });

  it('asks only for the confirmed person when no one was expected', async () => {
    const { client, cache, lazyCache, sent } = setUp();
    const confirmed = deferred<PortalUser | null>();
    const warm = prefetchFirstScreenReturning(client, lazyCache, null, confirmed.promise);
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent).toEqual([]);

    confirmed.resolve(STUDENT);
    await warm;
    expect(hashes(cache)).toEqual(hashesOf(warmKeys(client, STUDENT)));
    expect(sent).toContainEqual({
      path: '/api/misc/getgroups',
      body: { id_a_year: YEAR.id_a_year, id_student: STUDENT.id },
    });
  });
});
