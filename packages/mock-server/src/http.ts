// What every route file uses: the typed Hono env, the {result, error, data} envelope and the
// request's validated body and query.
import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Operation } from './contract/contract.js';
import type { Session } from './world/sessions.js';

export interface AppEnv {
  Variables: {
    /** The contract operation the request addresses; undefined for /__mock, static files, 404s. */
    operation: Operation | undefined;
    /** Set for every operation that is not public (the security middleware checked it). */
    session: Session | undefined;
    /** The request body after validation (multipart: fields coerced, file fields as File[]). */
    body: unknown;
    /** The query parameters after validation and coercion. */
    query: Record<string, unknown>;
  };
}

export type AppContext = Context<AppEnv>;

/** One Hono sub-app per area; mounted with app.route('/', …) so paths stay literal. */
export const createRouter = () => new Hono<AppEnv>();

export interface Envelope<T> {
  result: 0 | 1;
  error: string | null;
  data: T | null;
}

export const ok = <T>(c: AppContext, data: T) =>
  c.json({ result: 0, error: null, data } satisfies Envelope<T>, 200);

export const fail = (c: Context, status: ContentfulStatusCode, error: string) =>
  c.json({ result: 1, error, data: null } satisfies Envelope<never>, status);

/** The validated body; its type is the operation's request schema (the contract guarantees it). */
export const getBody = <T>(c: AppContext) => c.get('body') as T;

/** The validated, coerced query parameters. */
export const getQuery = <T>(c: AppContext) => c.get('query') as T;

/** The session of a non-public operation (the security middleware answered 401 without one). */
export function getSession(c: AppContext): Session {
  const session = c.get('session');
  if (!session) throw new Error(`${c.req.path} needs a session but the operation is public`);
  return session;
}
