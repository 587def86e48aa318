// What a request to an operation may carry: its query parameters and its body, checked against the
// contract. The mock server answers the problems with a 400 (or 413); the validating proxy reports
// them as drift without touching the request.
import {
  resolvePointer,
  resolveSchema,
  type JsonSchema,
  type Operation,
  type Pointer,
} from './contract.js';
import { readFormFields } from './form-values.js';
import { firstError, isJsonMediaType, queryValidator, validatorAt } from './validators.js';

export interface RequestProblem {
  status: 400 | 413;
  /** `where/field: problem`, e.g. `body/page: must be integer`. */
  error: string;
}

/**
 * What a request's checks ask of a schema is the same on every request (the contract does not
 * change while the process runs): worked out once per pointer.
 */
function memo<T>(compute: (pointer: Pointer) => T): (pointer: Pointer) => T {
  const known = new Map<Pointer, T>();
  return (pointer) => {
    let value = known.get(pointer);
    if (value === undefined && !known.has(pointer)) {
      value = compute(pointer);
      known.set(pointer, value);
    }
    return value as T;
  };
}

const isArraySchema = memo((pointer) => resolveSchema(resolvePointer(pointer)).type === 'array');

/**
 * The operation's query parameters as one object: an array parameter takes every value, any other
 * parameter exactly one (a repeated one is refused rather than read as its first value).
 */
export function readQuery(
  op: Operation,
  valuesOf: (name: string) => readonly string[] | undefined,
): { query: Record<string, unknown> } | RequestProblem {
  const query: Record<string, unknown> = {};
  for (const p of op.query) {
    const values = valuesOf(p.name);
    if (!values || values.length === 0) continue;
    if (isArraySchema(p.schema)) {
      query[p.name] = [...values];
    } else if (values.length > 1) {
      return { status: 400, error: `query/${p.name}: must be given once` };
    } else {
      query[p.name] = values[0];
    }
  }
  return { query };
}

/** Checks the query string of a request; `query` is what readQuery read. */
export function checkQuery(op: Operation, query: Record<string, unknown>): RequestProblem | null {
  const validate = queryValidator(op);
  return validate(query) ? null : { status: 400, error: firstError('query', validate) };
}

/** The parsed JSON body, checked against its schema. */
export function checkJsonBody(
  pointer: Pointer,
  text: string,
  required: boolean,
): { body: unknown } | RequestProblem {
  if (text.trim() === '') {
    return required ? { status: 400, error: 'body: is required' } : { body: undefined };
  }
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

/** The file fields of a form schema: each field's name → whether it takes several files. */
const fileKindsAt = memo((pointer): ReadonlyMap<string, 'one' | 'many'> => {
  const properties = (resolveSchema(resolvePointer(pointer)).properties ?? {}) as Record<
    string,
    unknown
  >;
  const kinds = new Map<string, 'one' | 'many'>();
  for (const [name, raw] of Object.entries(properties)) {
    const property = resolveSchema(raw);
    if (isFileSchema(property)) kinds.set(name, property.type === 'array' ? 'many' : 'one');
  }
  return kinds;
});

/** The fields of a form schema that hold files. */
export function fileFieldsAt(pointer: Pointer): string[] {
  return [...fileKindsAt(pointer).keys()];
}

/** A form part: a text value or a file (anything with a name and a size). */
export type FormValue = string | { name: string; size: number };
const isFile = (value: FormValue): value is { name: string; size: number } =>
  typeof value !== 'string';

/**
 * A multipart (or url-encoded) form: text fields read as the contract writes them (form-values.ts:
 * decimal numbers; booleans `true`/`false` in any case, or `1`/`0`) and checked, file fields
 * holding files of at most `maxFileBytes` each (when given). The schema sees file names, so
 * required, minItems and maxItems still apply.
 */
export function checkForm<File extends { name: string; size: number }>(
  pointer: Pointer,
  parts: Record<string, readonly (string | File)[]>,
  maxFileBytes?: number,
): { fields: Record<string, unknown>; files: Record<string, File | File[]> } | RequestProblem {
  const fileKinds = fileKindsAt(pointer);
  const fields: Record<string, unknown> = {};
  const files: Record<string, File | File[]> = {};
  for (const [name, values] of Object.entries(parts)) {
    const kind = fileKinds.get(name);
    if (kind === undefined) {
      if (values.some(isFile)) return { status: 400, error: `body/${name}: must not be a file` };
      fields[name] = values.length === 1 ? values[0] : [...values];
      continue;
    }
    const list = values.filter((v): v is File => isFile(v));
    if (list.length !== values.length)
      return { status: 400, error: `body/${name}: must be a file` };
    const tooLarge =
      maxFileBytes === undefined ? undefined : list.find((f) => f.size > maxFileBytes);
    if (tooLarge) {
      const mb = Math.round((maxFileBytes! / (1024 * 1024)) * 1000) / 1000;
      return {
        status: 413,
        error: `body/${name}: file "${tooLarge.name}" is larger than ${mb} MB`,
      };
    }
    fields[name] = kind === 'many' ? list.map((f) => f.name) : list[0]?.name;
    files[name] = kind === 'many' ? list : (list[0] as File);
  }
  const read = readFormFields(pointer, fields);
  const validate = validatorAt(pointer);
  if (!validate(read)) return { status: 400, error: firstError('body', validate) };
  return { fields: read, files };
}

/** The schema of a request body for its content type ('' when none was sent). */
export function bodySchemaFor(op: Operation, contentType: string | null | undefined) {
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
  const pointer = op.requestBody?.content[mediaType];
  return { mediaType, pointer, isJson: isJsonMediaType(mediaType) };
}
