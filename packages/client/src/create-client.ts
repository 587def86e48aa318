import createClient, {
  type Client,
  type ClientPathsWithMethod,
  type MaybeOptionalInit,
  type MethodResponse,
  type Middleware,
} from 'openapi-fetch';
import type { paths } from './generated/schema';
import { readCookie, XSRF_COOKIE, XSRF_HEADER } from './cookies';
import { unwrapEnvelope, type Unwrapped } from './envelope';
import { errorFromResponse, toLmsError } from './http-errors';

/** Every call gives up after 30 seconds. */
export const DEFAULT_TIMEOUT_MS = 30_000;

export interface LmsClientOptions {
  /** Origin (or prefix) the contract's paths are appended to; '' means the page's own origin. */
  baseUrl?: string;
  /** A fetch implementation, e.g. a Hono app's `request` in integration tests. */
  fetch?: (request: Request) => Promise<Response>;
  timeoutMs?: number;
  /** Where the XSRF token comes from; by default the `XSRF-TOKEN` cookie. */
  getXsrfToken?: () => string | undefined;
  credentials?: RequestCredentials;
}

export type RawLmsClient = Client<paths, `${string}/${string}`>;
export type GetPath = ClientPathsWithMethod<RawLmsClient, 'get'>;
export type PostPath = ClientPathsWithMethod<RawLmsClient, 'post'>;

type Args<Init> = object extends Init ? [init?: Init] : [init: Init];
export type GetInit<P extends GetPath> = MaybeOptionalInit<paths[P], 'get'>;
export type PostInit<P extends PostPath> = MaybeOptionalInit<paths[P], 'post'>;
/** The request body a POST path takes. */
export type PostBody<P extends PostPath> = NonNullable<PostInit<P>>['body'];
/** What a successful call resolves to: the envelope's `data` (or the plain body of config and logo). */
export type GetData<P extends GetPath> = Unwrapped<MethodResponse<RawLmsClient, 'get', P>>;
export type PostData<P extends PostPath> = Unwrapped<MethodResponse<RawLmsClient, 'post', P>>;

export interface LmsClient {
  /** The underlying openapi-fetch client, for the rare call that needs the raw response. */
  readonly raw: RawLmsClient;
  readonly baseUrl: string;
  readonly timeoutMs: number;
  readonly getXsrfToken: () => string | undefined;
  /** Resolves to the typed `data`; rejects with an `LmsError` of a section-8 class. */
  get<P extends GetPath>(path: P, ...init: Args<GetInit<P>>): Promise<GetData<P>>;
  post<P extends PostPath>(path: P, ...init: Args<PostInit<P>>): Promise<PostData<P>>;
}

function headersMiddleware(getXsrfToken: () => string | undefined): Middleware {
  return {
    onRequest({ request }) {
      request.headers.set('Accept', 'application/json');
      const xsrf = getXsrfToken();
      if (xsrf) request.headers.set(XSRF_HEADER, xsrf);
      return request;
    },
  };
}

function timeoutMiddleware(timeoutMs: number): Middleware {
  return {
    onRequest({ request }) {
      // The caller's own signal still cancels (CANCEL_ERROR); the timer aborts with a TimeoutError.
      const signal = AbortSignal.any([request.signal, AbortSignal.timeout(timeoutMs)]);
      return new Request(request, { signal });
    },
  };
}

const classifyMiddleware: Middleware = {
  onError({ error }) {
    return toLmsError(error);
  },
};

export function createLmsClient(options: LmsClientOptions = {}): LmsClient {
  const baseUrl = options.baseUrl ?? '';
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const getXsrfToken = options.getXsrfToken ?? (() => readCookie(XSRF_COOKIE));
  const raw = createClient<paths>({
    baseUrl,
    credentials: options.credentials ?? 'same-origin',
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  raw.use(headersMiddleware(getXsrfToken), timeoutMiddleware(timeoutMs), classifyMiddleware);

  async function call(
    run: () => Promise<{ data?: unknown; error?: unknown; response: Response }>,
  ): Promise<never> {
    try {
      const { data, error, response } = await run();
      if (!response.ok) throw errorFromResponse(response.status, error);
      return unwrapEnvelope(data, response.status) as never;
    } catch (error) {
      throw toLmsError(error);
    }
  }

  return {
    raw,
    baseUrl,
    timeoutMs,
    getXsrfToken,
    get: (path, ...init) => call(() => raw.GET(path as never, ...(init as [never]))),
    post: (path, ...init) => call(() => raw.POST(path as never, ...(init as [never]))),
  };
}
