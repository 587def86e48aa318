// Request checks for every contract operation, before any handler runs: size limits (413), then
// the query string and the body against the operation's schemas (400 naming the field). A JSON
// body nested past MAX_JSON_DEPTH, or with an object or array wider than any its operation's
// schema allows (body-bounds.ts), is refused (400) from its text, before it is parsed; a
// multipart body with more parts than its form may hold is refused as it arrives. A handler
// finds the result, typed by the contract, with getBody<'operationId'>(c) / getQuery<…>(c).
import type { Context, Next } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import {
  bodySchemaFor,
  checkForm,
  checkJsonBody,
  checkQuery,
  isJsonMediaType,
  readQuery,
  type Operation,
  type Pointer,
} from '@lms/contract';
import { fail, type AppContext } from '../http.js';
import { boundsAt, formPartsAt } from './body-bounds.js';
import { boundaryOf, countParts } from './form-parts.js';
import { jsonShapeProblem, MAX_JSON_DEPTH, shapeMessage } from './json-shape.js';

const MB = 1024 * 1024;
/** JSON bodies: far above anything the portal sends. */
const MAX_JSON_BODY_BYTES = 1 * MB;
/** Multipart bodies: this many files of maxSizeMb each, plus the text fields. */
const MAX_FILES_PER_UPLOAD = 10;
const MULTIPART_FIELDS_BYTES = 64 * 1024;

/** Per operation, worked out on its first request: whether it takes a form (multipart). */
const formOperations = new WeakMap<Operation, boolean>();
function acceptsMultipart(op: Operation) {
  let form = formOperations.get(op);
  if (form === undefined) {
    form = Object.keys(op.requestBody?.content ?? {}).some((type) => !isJsonMediaType(type));
    formOperations.set(op, form);
  }
  return form;
}

/** What follows the request checks: the owner check and the handler (see gate.ts). */
type Then = () => Response | Promise<unknown> | undefined;

export interface RequestLimits {
  /** Largest upload per file, MB. */
  maxSizeMb: number;
  /** Bytes the world may still store (uploads are refused with 507 beyond it). */
  spaceLeft: () => number;
  /** The 507's message. */
  storageFull: () => string;
}

/**
 * The checks of a request to an operation, in order: 507 when its Content-Length alone would pass
 * the storage cap (only operations that declare a 507; before the body is read, so a full server
 * does not buffer one more large body only to refuse it: the handler checks the exact file sizes
 * of what gets through); 413 for a body over the limit (1 MB of JSON, or an upload of more than 10
 * full-size files); 400 for a query or body the operation's schemas refuse. Then `then()`, whose
 * answer it returns.
 */
export function requestChecks({ maxSizeMb, spaceLeft, storageFull }: RequestLimits) {
  const uploadBytes = maxSizeMb * MB * MAX_FILES_PER_UPLOAD + MULTIPART_FIELDS_BYTES;
  const limits = {
    json: limit(MAX_JSON_BODY_BYTES, `Body is larger than ${MAX_JSON_BODY_BYTES / MB} MB`),
    multipart: limit(uploadBytes, `Upload is larger than ${Math.round(uploadBytes / MB)} MB`),
  };
  const validated = (c: AppContext, op: Operation, then: Then) =>
    op.query.length > 0 || op.requestBody ? validate(c, op, maxSizeMb, then) : then();
  return (c: AppContext, op: Operation, then: Then) => {
    const declares507 = op.responses['507'] !== undefined;
    if (!declares507 && !op.requestBody) return validated(c, op, then);
    const length = knownLength(c);
    if (declares507 && length !== undefined) {
      if (Number(length) - MULTIPART_FIELDS_BYTES > spaceLeft()) {
        return fail(c, 507, storageFull());
      }
    }
    if (!op.requestBody) return validated(c, op, then);
    const { maxSize, message, streamed } = acceptsMultipart(op) ? limits.multipart : limits.json;
    // With a known length the HTTP parser holds the body to it: check the number and leave the
    // body alone, which keeps @hono/node-server's fast body path (bodyLimit would wrap the stream,
    // costing a large share of the throughput).
    if (length !== undefined) {
      return Number(length) > maxSize ? fail(c, 413, message) : validated(c, op, then);
    }
    // bodyLimit returns what its next() returns: the answer of the checks that follow.
    return streamed(c, (async () => validated(c, op, then)) as Next);
  };
}

/**
 * The body's length as its Content-Length header gives it, when that is known: given, and the
 * body not chunked (Transfer-Encoding); undefined otherwise. Each header is read once per request.
 */
function knownLength(c: AppContext) {
  const length = c.req.header('content-length');
  return length !== undefined && !c.req.header('transfer-encoding') ? length : undefined;
}

function limit(maxSize: number, message: string) {
  const streamed = bodyLimit({ maxSize, onError: (c) => fail(c, 413, message) });
  return { maxSize, message, streamed };
}

/** The query and the body against the operation's schemas: 400 naming the field, or then(). */
async function validate(c: AppContext, op: Operation, maxSizeMb: number, then: Then) {
  if (op.query.length > 0) {
    const read = readQuery(op, (name) => c.req.queries(name));
    if ('error' in read) return fail(c, read.status, read.error);
    const problem = checkQuery(op, read.query);
    if (problem) return fail(c, problem.status, problem.error);
    c.set('query', read.query);
  }
  if (op.requestBody) {
    const read = await readBody(c, op, maxSizeMb);
    if ('error' in read) return fail(c, read.status, read.error);
    c.set('body', read.body);
  }
  return then();
}

type BodyRead = { body: unknown } | { status: ContentfulStatusCode; error: string };

/** The body of a request to an operation that takes one, by its Content-Type. */
async function readBody(c: Context, op: Operation, maxSizeMb: number): Promise<BodyRead> {
  const { mediaType, pointer, isJson } = bodySchemaFor(op, c.req.header('content-type'));
  const required = op.requestBody?.required === true;
  if (!mediaType && !required) return { body: undefined };
  if (!pointer) {
    const accepted = Object.keys(op.requestBody?.content ?? {}).join(' or ');
    return { status: 400, error: `body: must be sent as ${accepted}` };
  }
  try {
    if (!isJson) return await readForm(c, pointer, maxSizeMb);
    const text = await c.req.text();
    const problem = jsonShapeProblem(text, { depth: MAX_JSON_DEPTH, ...boundsAt(pointer) });
    if (problem) return { status: 400, error: shapeMessage(problem) };
    return checkJsonBody(pointer, text, required);
  } catch {
    // a body that cannot be read at all (cut off, bad multipart boundary, …)
    return { status: 400, error: `body: could not be read as ${mediaType}` };
  }
}

/**
 * Multipart forms, read and checked by the contract package's one rule for form values (decimal
 * numbers; booleans true/false in any case, or 1/0), file fields reaching the handler as File[]
 * (File for a single-file field). The parts are counted as they arrive: a body with more than its
 * form may hold (formPartsAt) is refused before the rest is parsed.
 */
async function readForm(c: Context, pointer: Pointer, maxSizeMb: number): Promise<BodyRead> {
  const raw = c.req.raw;
  const boundary = boundaryOf(raw.headers.get('content-type') ?? undefined);
  if (!raw.body || !boundary) throw new Error('not a multipart body');
  const maxParts = formPartsAt(pointer);
  const counted = countParts(raw.body, boundary, maxParts);
  let form: FormData;
  try {
    form = await new Request(raw.url, {
      method: raw.method,
      headers: raw.headers,
      body: counted.body,
      duplex: 'half',
    } as RequestInit).formData();
  } catch (error) {
    if (counted.exceeded()) {
      return { status: 400, error: `body: must NOT have more than ${maxParts} parts` };
    }
    throw error;
  }
  const parts: Record<string, (string | File)[]> = {};
  for (const [name, value] of form.entries()) (parts[name] ??= []).push(value);
  const checked = checkForm(pointer, parts, maxSizeMb * MB);
  if ('error' in checked) return checked;
  return { body: { ...checked.fields, ...checked.files } };
}
