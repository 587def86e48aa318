// Request checks for every contract operation, before any handler runs: size limits (413), then
// the query string and the body against the operation's schemas (400 naming the field). A handler
// finds the result, typed by the contract, with getBody<'operationId'>(c) / getQuery<…>(c).
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import {
  resolvePointer,
  resolveSchema,
  type JsonSchema,
  type Operation,
  type Pointer,
} from '../contract/contract.js';
import { fail, type AppEnv } from '../http.js';
import { firstError, isJsonMediaType, queryValidator, validatorAt } from './validators.js';

const MB = 1024 * 1024;
/** JSON bodies: far above anything the portal sends. */
export const MAX_JSON_BODY_BYTES = 1 * MB;
/** Multipart bodies: this many files of maxSizeMb each, plus the text fields. */
export const MAX_FILES_PER_UPLOAD = 10;
const MULTIPART_FIELDS_BYTES = 64 * 1024;

const acceptsMultipart = (op: Operation) =>
  Object.keys(op.requestBody?.content ?? {}).some((type) => !isJsonMediaType(type));

/** 413 for a body over the limit: 1 MB of JSON, or an upload of more than 10 full-size files. */
export function limitBodySize(maxSizeMb: number): MiddlewareHandler<AppEnv> {
  const uploadBytes = maxSizeMb * MB * MAX_FILES_PER_UPLOAD + MULTIPART_FIELDS_BYTES;
  const limits = {
    json: limit(MAX_JSON_BODY_BYTES, `Body is larger than ${MAX_JSON_BODY_BYTES / MB} MB`),
    multipart: limit(uploadBytes, `Upload is larger than ${Math.round(uploadBytes / MB)} MB`),
  };
  return (c, next) => {
    const op = c.get('operation');
    if (!op?.requestBody) return next();
    return (acceptsMultipart(op) ? limits.multipart : limits.json)(c, next);
  };
}

/**
 * 507 before an upload is read when its Content-Length alone would pass the storage cap, so a
 * full server does not buffer one more large body only to refuse it (the handler checks the
 * exact file sizes of what gets through). Only operations that declare a 507.
 */
export function limitStorage(
  spaceLeft: () => number,
  message: () => string,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const op = c.get('operation');
    const length = c.req.header('content-length');
    if (!op?.responses['507'] || length === undefined || c.req.header('transfer-encoding')) {
      return next();
    }
    if (Number(length) - MULTIPART_FIELDS_BYTES > spaceLeft()) return fail(c, 507, message());
    return next();
  };
}

function limit(maxSize: number, message: string): MiddlewareHandler<AppEnv> {
  const streamed = bodyLimit({ maxSize, onError: (c) => fail(c, 413, message) });
  return async (c, next) => {
    // With a Content-Length (and no chunking) the length is known and the HTTP parser holds the
    // body to it: check the number and leave the body alone, which keeps @hono/node-server's fast
    // body path (bodyLimit would wrap the stream, costing a large share of the throughput).
    const length = c.req.header('content-length');
    if (length !== undefined && !c.req.header('transfer-encoding')) {
      return Number(length) > maxSize ? fail(c, 413, message) : next();
    }
    return streamed(c, next);
  };
}

export function validateRequest(maxSizeMb: number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const op = c.get('operation');
    if (!op) return next();
    if (op.query.length > 0) {
      const query = readQuery(c, op);
      const validate = queryValidator(op);
      if (!validate(query)) return fail(c, 400, firstError('query', validate));
      c.set('query', query);
    }
    if (op.requestBody) {
      const read = await readBody(c, op.requestBody, maxSizeMb);
      if ('error' in read) return fail(c, read.status, read.error);
      c.set('body', read.body);
    }
    return next();
  };
}

function readQuery(c: Context, op: Operation) {
  const query: Record<string, unknown> = {};
  for (const p of op.query) {
    const values = c.req.queries(p.name);
    if (!values) continue;
    query[p.name] = resolveSchema(resolvePointer(p.schema)).type === 'array' ? values : values[0];
  }
  return query;
}

type BodyRead = { body: unknown } | { status: ContentfulStatusCode; error: string };

async function readBody(
  c: Context,
  requestBody: NonNullable<Operation['requestBody']>,
  maxSizeMb: number,
): Promise<BodyRead> {
  const mediaType = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const pointer = requestBody.content[mediaType];
  if (!mediaType && !requestBody.required) return { body: undefined };
  if (!pointer) {
    const accepted = Object.keys(requestBody.content).join(' or ');
    return { status: 400, error: `body: must be sent as ${accepted}` };
  }
  try {
    return isJsonMediaType(mediaType)
      ? await readJson(c, pointer, requestBody.required)
      : await readForm(c, pointer, maxSizeMb);
  } catch {
    // a body that cannot be read at all (cut off, bad multipart boundary, …)
    return { status: 400, error: `body: could not be read as ${mediaType}` };
  }
}

async function readJson(c: Context, pointer: Pointer, required: boolean): Promise<BodyRead> {
  const text = await c.req.text();
  if (text.trim() === '')
    return required ? { status: 400, error: 'body: is required' } : { body: undefined };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { status: 400, error: 'body: malformed JSON' };
  }
  const validate = validatorAt(pointer);
  return validate(body) ? { body } : { status: 400, error: firstError('body', validate) };
}

function isFileSchema(schema: JsonSchema): boolean {
  if (schema.type === 'array') return isFileSchema(resolveSchema(schema.items));
  return (
    schema.type === 'string' &&
    (schema.contentMediaType !== undefined || schema.format === 'binary')
  );
}

/** The fields of a form schema that hold files (http.ts types these as File; see FileField). */
export function fileFieldsAt(pointer: Pointer): string[] {
  const properties = (resolveSchema(resolvePointer(pointer)).properties ?? {}) as Record<
    string,
    unknown
  >;
  return Object.keys(properties).filter((name) => isFileSchema(resolveSchema(properties[name])));
}

/**
 * Multipart (or url-encoded) forms: text fields are coerced to the schema's types and checked;
 * file fields must hold files of at most maxSizeMb each and reach the handler as File[] (File for
 * a single-file field).
 */
async function readForm(c: Context, pointer: Pointer, maxSizeMb: number): Promise<BodyRead> {
  const form = await c.req.parseBody({ all: true });
  const properties = (resolveSchema(resolvePointer(pointer)).properties ?? {}) as Record<
    string,
    unknown
  >;
  const fields: Record<string, unknown> = {};
  const files: Record<string, File | File[]> = {};
  for (const [name, value] of Object.entries(form)) {
    const values = Array.isArray(value) ? value : [value];
    const property = resolveSchema(properties[name]);
    if (!isFileSchema(property)) {
      if (values.some((v) => v instanceof File)) {
        return { status: 400, error: `body/${name}: must not be a file` };
      }
      fields[name] = values.length === 1 ? values[0] : values;
      continue;
    }
    const list = values.filter((v): v is File => v instanceof File);
    if (list.length !== values.length)
      return { status: 400, error: `body/${name}: must be a file` };
    const tooLarge = list.find((file) => file.size > maxSizeMb * MB);
    if (tooLarge) {
      return {
        status: 413,
        error: `body/${name}: file "${tooLarge.name}" is larger than ${maxSizeMb} MB`,
      };
    }
    // the schema sees file names, so required/minItems/maxItems still apply
    fields[name] = property.type === 'array' ? list.map((f) => f.name) : list[0]?.name;
    files[name] = property.type === 'array' ? list : (list[0] as File);
  }
  const validate = validatorAt(pointer, { coerce: true });
  if (!validate(fields)) return { status: 400, error: firstError('body', validate) };
  return { body: { ...fields, ...files } };
}
