// What every route file uses: the typed Hono env, the {result, error, data} envelope and the
// request's validated body and query, typed by the contract's generated operations.
import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
// The generated types alone: @lms/client's entry would bring the browser client (DOM types) into
// this program. Type-only, so nothing of it reaches the bundle.
import type { components, operations } from '@lms/client/schema';
import type { Operation } from '@lms/contract';
import { joinJson, jsonBody, type Json } from './json-text.js';
import type { Session } from './world/core/sessions.js';

export {
  jsonList,
  jsonText,
  joinJson,
  once,
  type Json,
  type JsonBytes,
  type JsonParts,
  type JsonText,
} from './json-text.js';

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

/** A named schema of the contract (JSON shape), for helpers that several operations share. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

/** An operationId of the contract, e.g. 'umkSave'. */
type OperationId = keyof operations;

/** The operations that take a request body. */
type BodyOperationId = {
  [Op in OperationId]: operations[Op]['requestBody'] extends { content: object } ? Op : never;
}[OperationId];

/** The operations that take query parameters. */
type QueryOperationId = {
  [Op in OperationId]: operations[Op]['parameters']['query'] extends object ? Op : never;
}[OperationId];

/**
 * The multipart fields the contract declares as files (`contentMediaType` / `format: binary`);
 * openapi-typescript types them as string. Every upload of the contract names its field `file`
 * (test/contract.test.ts checks that against the contract).
 */
type FileField = 'file';

/**
 * A multipart form as the validation hands it over: text fields coerced to the schema's types
 * (as generated), file fields as File[] (File for a single-file field).
 */
type ParsedForm<Form> = {
  [K in keyof Form]: K extends FileField
    ? NonNullable<Form[K]> extends readonly unknown[]
      ? File[]
      : File
    : Form[K];
};

type BodyContent<Op extends BodyOperationId> = operations[Op]['requestBody']['content'];

/** The validated request body of an operation: its JSON schema, or its parsed multipart form. */
export type RequestBody<Op extends BodyOperationId> =
  BodyContent<Op> extends { 'application/json': infer Json }
    ? Json
    : BodyContent<Op> extends { 'multipart/form-data': infer Form }
      ? ParsedForm<Form>
      : never;

/** The validated, coerced query parameters of an operation. */
export type QueryParams<Op extends QueryOperationId> = NonNullable<
  operations[Op]['parameters']['query']
>;

/** The `data` of an operation's 200 answer, as the contract declares it. */
export type ResponseData<Op extends OperationId> = Op extends OperationId
  ? operations[Op]['responses'] extends {
      200: { content: { 'application/json': { data?: infer Data } } };
    }
    ? Exclude<Data, undefined>
    : never
  : never;

/**
 * The validated body, typed by the operation that declares it: getBody<'umkSave'>(c). Without the
 * operation it is never, so a handler cannot read an untyped body.
 */
export const getBody = <Op extends BodyOperationId = never>(c: AppContext) =>
  c.get('body') as RequestBody<Op>;

/** The validated, coerced query parameters of an operation: getQuery<'downloadNewsFile'>(c). */
export const getQuery = <Op extends QueryOperationId = never>(c: AppContext) =>
  c.get('query') as QueryParams<Op>;

interface Envelope<T> {
  result: 0 | 1;
  error: string | null;
  data: T | null;
}

/** The success envelope: {result: 0, error: null, data}. */
const ok = <T>(c: AppContext, data: T) =>
  c.json({ result: 0, error: null, data } satisfies Envelope<T>, 200);

/** T with its arrays and objects also readonly, at any depth: ok() only reads what it sends. */
type ReadonlyDeep<T> = T extends readonly (infer Item)[]
  ? readonly ReadonlyDeep<Item>[]
  : T extends object
    ? { readonly [K in keyof T]: ReadonlyDeep<T[K]> }
    : T;

/**
 * ok(), checked against the operation's 200 answer: okFor<'umkSave'>(c, { id_books }). Without
 * the operation it accepts nothing.
 */
export const okFor = <Op extends OperationId = never>(
  c: AppContext,
  data: NoInfer<ReadonlyDeep<ResponseData<Op>>>,
) => ok(c, data);

const ENVELOPE_OPEN = Buffer.from('{"result":0,"error":null,"data":');
const ENVELOPE_CLOSE = Buffer.from('}');

/**
 * okFor() with `data` already serialised: the same bytes ok() sends for the value, checked
 * against the operation's 200 answer by its type.
 */
export const okJson = <Op extends OperationId = never>(
  c: AppContext,
  data: Json<NoInfer<ReadonlyDeep<ResponseData<Op>>>>,
) => sendJson(c, joinJson([ENVELOPE_OPEN, data, ENVELOPE_CLOSE]));

/** An answer that is JSON already: the same bytes and headers c.json() sends for its value. */
export const sendJson = (c: Context, json: Json<unknown>) =>
  c.body(jsonBody(json), 200, { 'Content-Type': 'application/json' });

/** The error envelope: {result: 1, error, data: null}, with an HTTP status. */
export const fail = (c: Context, status: ContentfulStatusCode, error: string) =>
  c.json({ result: 1, error, data: null } satisfies Envelope<never>, status);

/** The session of a non-public operation (the security middleware answered 401 without one). */
export function getSession(c: AppContext): Session {
  const session = c.get('session');
  if (!session) throw new Error(`${c.req.path} needs a session but the operation is public`);
  return session;
}

/** Loopback addresses: a proxy on the same machine (the nginx recipe's upstream). */
const LOOPBACK = /^(?:127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/**
 * The client's IP address as the connection reports it, never a header a client could forge;
 * `in-process` for app.request(), which has no connection (tests may pass one as the third
 * argument: `{ incoming: { socket: { remoteAddress } } }`). With `trustProxy` (--trust-proxy), a
 * connection from this machine itself (a proxy in front, such as the nginx recipe) names its
 * client in `X-Real-IP`; from anywhere else the header is ignored.
 */
export function clientAddress(c: Context, trustProxy = false): string {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  const address = env?.incoming?.socket?.remoteAddress ?? 'in-process';
  if (!trustProxy || !LOOPBACK.test(address)) return address;
  return c.req.header('x-real-ip')?.trim() || address;
}
