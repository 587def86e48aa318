import type { PostBody, PostData, PostPath } from '@lms/client';
import { queryOptions, skipToken } from '@tanstack/react-query';
import { KEPT_OFFLINE } from '../offline-cache';
import { pathOf, postRead, type ReadPath } from '../post-read';

export type ReferenceKey = readonly ['reference', string, object];

/**
 * Reference data is cached once per endpoint: the key is the contract's path, then the request
 * body. Two screens that read the same list share one request and one cache entry.
 */
export const referenceKeys = {
  all: ['reference'] as const,
  request: (path: string, body: object): ReferenceKey => ['reference', path, body],
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
 * as postRead makes them: kept offline under the reference key of its path and body, `empty` when
 * the answer has no data.
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
  return postRead(path, empty, {
    ...KEPT_OFFLINE,
    body,
    key: (...args: Args) => referenceKeys.request(pathOf(path, args), body(...args) ?? {}),
    staleTime,
  });
}
