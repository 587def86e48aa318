import type { LmsClient, PostBody, PostData, PostPath } from '@lms/client';
import { queryOptions, skipToken, useQuery, type QueryKey } from '@tanstack/react-query';
import { useApiClient } from './api-client';

/** What a read's answer is: the endpoint's data, or `empty` when the answer has none. */
export type ReadData<P extends PostPath, Empty> = NonNullable<PostData<P>> | Empty;

/** How a read of one POST endpoint asks and is cached. */
export interface PostReadSpec<P extends PostPath, Args extends unknown[], Key extends QueryKey> {
  /**
   * The request body for the read's arguments; `null` while a value it needs is not known yet (the
   * query waits, skipToken). Without it the read takes the body itself (or `null`).
   */
  body?: (...args: Args) => PostBody<P> | null;
  /** The cache key for the read's arguments; what is kept offline is stored under it. */
  key: (...args: Args) => Key;
  /** Kept on the device (KEPT_OFFLINE's meta and gcTime) and how long an answer stays fresh. */
  meta?: { offline?: boolean };
  gcTime?: number;
  staleTime?: number;
}

type Post<P extends PostPath> = (
  path: P,
  init: { body: PostBody<P> },
) => Promise<PostData<P> | null | undefined>;

/** `client.post` of a path known as a type parameter: its body and its data follow from the path. */
export function postTo<P extends PostPath>(client: LmsClient, path: P, body: PostBody<P>) {
  return (client.post as Post<P>).call(client, path, { body });
}

/** The endpoint of a read: one path, or the one its first argument picks (by role, by source). */
export type ReadPath<P extends PostPath, Args extends unknown[]> = P | ((first: Args[0]) => P);

/** The path a read's arguments ask. */
export const pathOf = <P extends PostPath, Args extends unknown[]>(
  path: ReadPath<P, Args>,
  args: Args,
): P => (typeof path === 'function' ? path(args[0]) : path);

/**
 * A read of one POST endpoint, the api/ folder's `get-x.ts` shape: `[getXQueryOptions, useX]`.
 * `getXQueryOptions(client, ...args)` asks the path with the body of its arguments and counts an
 * answer without data as `empty`; `useX(...args)` reads those options with the portal's client.
 */
export function postRead<
  P extends PostPath,
  Empty extends PostData<P> | null,
  Key extends QueryKey,
  Args extends unknown[] = [body: PostBody<P> | null],
>(path: ReadPath<P, Args>, empty: Empty, spec: PostReadSpec<P, Args, Key>) {
  const { body: bodyOf = (...args: Args) => args[0] as PostBody<P> | null, key, ...cache } = spec;
  const getQueryOptions = (client: LmsClient, ...args: Args) => {
    const body = bodyOf(...args);
    // The path names the endpoint and the key names the arguments: `client` only carries the call.
    // eslint-disable-next-line @tanstack/query/exhaustive-deps
    return queryOptions({
      ...cache,
      queryKey: key(...args),
      queryFn: body
        ? async (): Promise<ReadData<P, Empty>> =>
            (await postTo(client, pathOf(path, args), body)) ?? empty
        : skipToken,
    });
  };
  const useRead = (...args: Args) => useQuery(getQueryOptions(useApiClient(), ...args));
  return [getQueryOptions, useRead] as const;
}
