import type { PostBody, PostData, PostPath } from '@lms/client';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useApiClient } from './api-client';
import { postTo } from './post-read';

/** What a confirmed write resolves to: the data the server answered with. */
export type Confirmed<P extends PostPath> = NonNullable<PostData<P>>;

/** How a write to one POST endpoint is sent and what it changes. */
export interface ConfirmedWrite<P extends PostPath, Input> {
  /** The request body of the mutation's input; without it the input is the body. */
  body?: (input: Input) => PostBody<P>;
  /** The failure an answer without data is: the server did not confirm the write. */
  unconfirmed: () => Error;
  /** What the confirmed write changes in the cache; a promise it returns is awaited. */
  onSuccess?: (data: Confirmed<P>, input: Input, queryClient: QueryClient) => unknown;
  /** What a failed write changes in the cache. */
  onError?: (queryClient: QueryClient) => unknown;
}

/**
 * The mutation of a write the server confirms only by answering with data (a save, a delete, a
 * cancel): an answer without data fails with `unconfirmed()`, so nothing counts as done that the
 * server did not say it did.
 */
export function useConfirmedWrite<P extends PostPath, Input = PostBody<P>>(
  path: P,
  write: ConfirmedWrite<P, Input>,
) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { body = (input: Input) => input as PostBody<P>, unconfirmed, onSuccess, onError } = write;
  return useMutation({
    mutationFn: async (input: Input): Promise<Confirmed<P>> => {
      const data = await postTo(client, path, body(input));
      if (!data) throw unconfirmed();
      return data;
    },
    onSuccess: onSuccess && ((data, input) => onSuccess(data, input, queryClient)),
    onError: onError && (() => onError(queryClient)),
  });
}
