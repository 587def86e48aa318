import type { LmsClient, PostBody, PostData, PostPath } from '@lms/client';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../query/api-client';
import { KEPT_OFFLINE } from '../offline/offline-cache';
import { pathOf, postTo, type ReadData, type ReadPath } from '../query/post-read';

export type ReferenceKey = readonly ['reference', string, object];

/** The e-library's book lists (lib/reference-data/library-books.ts reads it). */
export const BOOK_LIST_PATH = '/api/library/getbooklist';

/**
 * Reference data is cached once per endpoint: the key is the contract's path, then the request
 * body. Two screens that read the same list share one request and one cache entry.
 */
export const referenceKeys = {
  all: ['reference'] as const,
  request: (path: string, body: object): ReferenceKey => ['reference', path, body],
  /**
   * Every cached book list (the whole library and each category): what a write that adds, edits
   * or shares a book refreshes. Named here, beside the root, so that a feature's keys file can
   * name it without importing the read.
   */
  bookLists: () => ['reference', BOOK_LIST_PATH] as const,
};

/** Reference lists change with the academic calendar, not while a page is open. */
export const REFERENCE_STALE_MS = 10 * 60_000;

/**
 * The query of one reference endpoint. With no body (`null`: a link above it in the chain is not
 * known yet) the query waits (skipToken); an answer without data counts as `empty`.
 */
export function referenceQuery<Body extends object, Data>(
  path: string,
  body: Body | null,
  fetch: (body: Body) => Promise<Data | null | undefined>,
  empty: Data,
  staleTime: number = REFERENCE_STALE_MS,
) {
  // The path names the endpoint, so `fetch` and `empty` follow from it: the key is path and body.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    ...KEPT_OFFLINE,
    queryKey: referenceKeys.request(path, body ?? {}),
    queryFn: body ? async (): Promise<Data> => (await fetch(body)) ?? empty : skipToken,
    staleTime,
  });
}

/**
 * A read of one reference endpoint (POST, or the one its arguments pick), `[getXQueryOptions, useX]`
 * as postRead makes them, built on referenceQuery: kept offline under the reference key of its path
 * and body, waiting while the body is `null`, `empty` when the answer has no data.
 * `body` makes the request of the read's arguments; without it the read takes the body itself.
 */
export function referenceRead<
  P extends PostPath,
  Empty extends PostData<P> | null,
  Args extends unknown[] = [body: PostBody<P> | null],
>(
  path: ReadPath<P, Args>,
  empty: Empty,
  body: (...args: Args) => PostBody<P> | null = (...args) => args[0] as PostBody<P> | null,
  staleTime: number = REFERENCE_STALE_MS,
) {
  const getQueryOptions = (client: LmsClient, ...args: Args) => {
    const at = pathOf(path, args);
    // An absent body is no body yet, as `null`: the query waits under the key of `{}`.
    return referenceQuery<NonNullable<PostBody<P>>, ReadData<P, Empty>>(
      at,
      body(...args) ?? null,
      (request) => postTo(client, at, request),
      empty,
      staleTime,
    );
  };
  const useRead = (...args: Args) => useQuery(getQueryOptions(useApiClient(), ...args));
  return [getQueryOptions, useRead] as const;
}
