import { queryOptions, skipToken } from '@tanstack/react-query';
import { KEPT_OFFLINE } from '../offline-cache';

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
