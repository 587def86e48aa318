// Validators compiled from the contract itself with ajv: no second copy of any schema.
// Each schema is compiled on first use (the first request to an operation compiles that
// operation's validators) and then shared by every app of the process: they are pure functions of
// the contract. Nothing is compiled at start-up, so a server answers its first request without
// waiting for the ~85 operations' schemas, and keeps in memory only what it has used.
// compileAllValidators (tests) still compiles everything at once when asked.
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { operations, spec, type Operation, type Pointer } from './contract.js';

const SPEC_ID = 'openapi.json';

function createAjv(coerceTypes: false | 'array', allErrors = false) {
  // strict: false because OpenAPI adds keywords ajv does not know (example, x-assumed, ...).
  const ajv = new Ajv2020({ strict: false, validateSchema: false, coerceTypes, allErrors });
  addFormats(ajv);
  ajv.addSchema(spec, SPEC_ID);
  return ajv;
}

// Bodies are checked as they are: a multipart form's texts are first read into the types its
// schema declares by the contract's rule for forms (form-values.ts), never by ajv's coercion.
let exact: Ajv2020 | undefined;
// Query parameters arrive as strings: this instance coerces them to the schema's types
// ('42' → 42, a lone value → [value]) before checking.
let coercing: Ajv2020 | undefined;
// Tools that learn from recorded traffic want every difference of a body, not the first one.
let exhaustive: Ajv2020 | undefined;
// By pointer, one map per instance: a lookup hashes the pointer string the operation holds (V8
// keeps its hash), never a key built per request.
const exactByPointer = new Map<Pointer, ValidateFunction>();
const exhaustiveByPointer = new Map<Pointer, ValidateFunction>();
const queryByOperation = new WeakMap<Operation, ValidateFunction>();

export interface CompileOptions {
  /** Report every error of a value rather than stop at the first (slower; for reports). */
  allErrors?: boolean;
}

/** The validator of the schema at a pointer of the contract, compiled on first use. */
export function validatorAt(pointer: Pointer, options?: CompileOptions) {
  const all = options?.allErrors === true;
  const cache = all ? exhaustiveByPointer : exactByPointer;
  let validate = cache.get(pointer);
  if (!validate) {
    const ajv = all ? (exhaustive ??= createAjv(false, true)) : (exact ??= createAjv(false));
    validate = ajv.compile({ $ref: `${SPEC_ID}#${pointer}` });
    cache.set(pointer, validate);
  }
  return validate;
}

/** The validator of an operation's query string, as one object of its query parameters. */
export function queryValidator(op: Operation) {
  let validate = queryByOperation.get(op);
  if (!validate) {
    coercing ??= createAjv('array');
    validate = coercing.compile({
      type: 'object',
      properties: Object.fromEntries(
        op.query.map((p) => [p.name, { $ref: `${SPEC_ID}#${p.schema}` }]),
      ),
      required: op.query.filter((p) => p.required).map((p) => p.name),
    });
    queryByOperation.set(op, validate);
  }
  return validate;
}

/** Every validator a request can need (and, with `responses`, every answer's), in order. */
function* compileJobs(responses: boolean): Generator<() => unknown> {
  for (const op of operations) {
    if (op.query.length > 0) yield () => queryValidator(op);
    for (const pointer of Object.values(op.requestBody?.content ?? {})) {
      yield () => validatorAt(pointer);
    }
    if (!responses) continue;
    for (const content of Object.values(op.responses)) {
      for (const [type, pointer] of Object.entries(content)) {
        if (isJsonMediaType(type)) yield () => validatorAt(pointer);
      }
    }
  }
}

/** Compiles everything now (tests, to find a broken schema at once). */
export function compileAllValidators({ responses }: { responses: boolean }) {
  for (const job of compileJobs(responses)) job();
}

export function isJsonMediaType(type: string) {
  return type === 'application/json' || type.endsWith('+json');
}

/**
 * One ajv error as `where/field: problem`, e.g. `body/page: must be integer`, so the answer names
 * the field.
 */
export function describeError(where: 'body' | 'query', error: ErrorObject): string {
  const path = (where + error.instancePath).replace(/~1/g, '/').replace(/~0/g, '~');
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `${path}/${String(params.missingProperty)}: is required`;
    case 'additionalProperties':
      return `${path}/${String(params.additionalProperty)}: is not allowed`;
    case 'enum':
      return `${path}: must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'const':
      return `${path}: must be ${JSON.stringify(params.allowedValue)}`;
    default:
      return `${path}: ${error.message ?? 'is invalid'}`;
  }
}

export function firstError(where: 'body' | 'query', validate: ValidateFunction) {
  const error = validate.errors?.[0];
  return error ? describeError(where, error) : `${where}: is invalid`;
}
