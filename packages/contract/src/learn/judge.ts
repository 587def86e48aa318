// One recorded exchange judged against its operation with the contract's own validators: every
// difference of its request and answer (not only the first), each at the place of the contract
// it contradicts, and the assumptions it exercised without contradicting them.
import type { ErrorObject } from 'ajv';
import { declaredContent, schemaFor } from '../answers.js';
import { isAssumedOperation, unitAt, type UnitName } from '../assumed-units.js';
import type { Operation, Pointer } from '../contract.js';
import { readFormFields } from '../form-values.js';
import { checkQuery, fileFieldsAt, readQuery } from '../requests.js';
import { isJsonMediaType, validatorAt } from '../validators.js';
import type { Exchange, FormParam } from './har.js';
import { exampleOf, jsonType, showPointer, type Secrets } from './masking.js';
import { placesAt, valueAt, walkShape, type Presence } from './shapes.js';

export type Side = 'request' | 'answer';

/** One difference between an exchange and the contract. */
export interface Finding {
  unit: UnitName | undefined;
  side: Side;
  status: number | undefined;
  /** The rule broken: a schema keyword ('type', 'required', …) or 'status', 'content-type', 'json', 'query'. */
  keyword: string;
  /** The place of the contract a change would go (a schema, the operation). */
  at: Pointer | undefined;
  /** The instance path of the field. */
  segments: string[];
  /** The field as a report shows it ('/data/*\/name'). */
  field: string;
  /** For 'required' and 'additionalProperties': the property. */
  property?: string;
  /** What the contract says, in words. */
  contract: string;
  /** The type seen ('string', 'missing', 'object', a status, a content type). */
  seen: string;
  example: string;
  /** The value itself: kept in memory to infer a shape from, never shown. */
  value: unknown;
  /** For 'required': properties the same object carried that the contract does not declare. */
  undeclaredBeside?: string[];
}

export interface Judgement {
  findings: Finding[];
  /** Units met with a value (or, for an operation, an accepted exchange) and not contradicted. */
  exercised: Set<UnitName>;
  presence: (Presence & { side: Side; status: number | undefined })[];
  undeclared: { side: Side; status: number | undefined; segments: string[]; key: string }[];
  /** The answer's body was not kept by the exporter, so its shape was not judged. */
  answerUnjudged: boolean;
}

const segmentsOf = (instancePath: string) =>
  instancePath === ''
    ? []
    : instancePath
        .split('/')
        .slice(1)
        .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));

/**
 * The place of the contract an ajv error is about, found from the value's path (ajv's own
 * schemaPath does not say where a schema it inlined was written): the schema holding the broken
 * keyword, or, for a field whose schema is a shared component (Role, Id), the field itself, so a
 * change there does not change every other use of the component.
 */
function placeOf(root: Pointer, error: ErrorObject, objectSegments: string[]): Pointer | undefined {
  const params = error.params as Record<string, unknown>;
  const places = placesAt(root, objectSegments);
  const holds = places.find(({ node }) => {
    const keywords = node as Record<string, unknown>;
    switch (error.keyword) {
      case 'required':
        return (keywords.required as unknown[] | undefined)?.includes(params.missingProperty);
      case 'additionalProperties':
        return keywords.additionalProperties === false;
      default:
        return error.keyword in keywords;
    }
  });
  if (!holds) return undefined;
  if (error.keyword === 'required' || error.keyword === 'additionalProperties')
    return holds.pointer;
  return holds.site !== holds.pointer && /^\/components\/schemas\/[^/]+$/.test(holds.pointer)
    ? holds.site
    : holds.pointer;
}

function contractWords(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'type':
      return String(params.type);
    case 'required':
      return `required ${String(params.missingProperty)}`;
    case 'additionalProperties':
      return `no property ${String(params.additionalProperty)}`;
    case 'enum':
      return `one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'const':
      return `exactly ${JSON.stringify(params.allowedValue)}`;
    case 'format':
      return `format ${String(params.format)}`;
    default:
      return error.message ?? error.keyword;
  }
}

interface Context {
  op: Operation;
  side: Side;
  status: number | undefined;
  /** The server answered 2xx: only then do the shapes met count as confirmed. */
  accepted: boolean;
  secrets: Secrets;
  out: Judgement;
}

function findingsOf(ctx: Context, root: Pointer, body: unknown, errors: ErrorObject[]) {
  const walk = walkShape(root, body);
  const contradicted = new Set<string>();
  for (const error of errors) {
    const params = error.params as Record<string, unknown>;
    const property =
      error.keyword === 'required'
        ? String(params.missingProperty)
        : error.keyword === 'additionalProperties'
          ? String(params.additionalProperty)
          : undefined;
    const objectSegments = segmentsOf(error.instancePath);
    const segments = property === undefined ? objectSegments : [...objectSegments, property];
    const at = placeOf(root, error, objectSegments);
    const value = valueAt(body, segments);
    // a missing field is shown by the object that lacked it
    const shown = error.keyword === 'required' ? valueAt(body, objectSegments) : value;
    const unit = at === undefined ? undefined : unitAt(at);
    if (unit) contradicted.add(unit);
    ctx.out.findings.push({
      unit,
      side: ctx.side,
      status: ctx.status,
      keyword: error.keyword,
      at,
      segments,
      field: showPointer(segments, ctx.secrets),
      ...(property !== undefined ? { property } : {}),
      contract: contractWords(error),
      seen: error.keyword === 'required' ? 'missing' : jsonType(value),
      example: exampleOf(shown, segments.at(-1) ?? '', ctx.secrets),
      value,
      ...(error.keyword === 'required'
        ? { undeclaredBeside: walk.undeclared.get(objectSegments.join('/'))?.keys ?? [] }
        : {}),
    });
  }
  if (!ctx.accepted) return;
  for (const name of walk.components) {
    const unit: UnitName = `schema ${name}`;
    if (!contradicted.has(unit)) ctx.out.exercised.add(unit);
  }
  for (const presence of walk.presence) {
    ctx.out.presence.push({ ...presence, side: ctx.side, status: ctx.status });
  }
  for (const [path, { keys }] of walk.undeclared) {
    for (const key of keys) {
      ctx.out.undeclared.push({
        side: ctx.side,
        status: ctx.status,
        segments: path === '' ? [] : path.split('/'),
        key,
      });
    }
  }
}

function operationFinding(ctx: Context, keyword: string, contract: string, seen: string) {
  ctx.out.findings.push({
    unit: `operation ${ctx.op.operationId}`,
    side: ctx.side,
    status: ctx.status,
    keyword,
    at: undefined,
    segments: [],
    field: '/',
    contract,
    seen,
    example: '',
    value: undefined,
  });
}

async function formParts(
  exchange: Exchange,
): Promise<Record<string, (string | { name: string; size: number })[]> | null> {
  const body = exchange.requestBody;
  const parts: Record<string, (string | { name: string; size: number })[]> = {};
  if (body.kind === 'params') {
    for (const param of body.params as FormParam[]) {
      (parts[param.name] ??= []).push(
        param.fileName !== undefined ? { name: param.fileName, size: 0 } : (param.value ?? ''),
      );
    }
    return parts;
  }
  if (body.kind !== 'bytes') return null;
  const form = await new Response(new Uint8Array(body.bytes), {
    headers: { 'content-type': body.contentType },
  }).formData();
  for (const [name, value] of form.entries()) {
    (parts[name] ??= []).push(
      typeof value === 'string' ? value : { name: value.name, size: value.size },
    );
  }
  return parts;
}

async function judgeRequest(ctx: Context, exchange: Exchange) {
  const { op } = ctx;
  if (op.query.length > 0) {
    const read = readQuery(op, (name) => exchange.url.searchParams.getAll(name));
    const problem = 'error' in read ? read : checkQuery(op, read.query);
    if (problem)
      operationFinding(ctx, 'query', 'a query the contract allows', problem.error.split(':')[0]!);
  }
  const body = exchange.requestBody;
  if (!op.requestBody || body.kind === 'none') return;
  const mediaType = body.contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  const pointer = op.requestBody.content[mediaType];
  if (!pointer) {
    operationFinding(
      ctx,
      'content-type',
      Object.keys(op.requestBody.content).join(' or '),
      mediaType || 'none',
    );
    return;
  }
  if (isJsonMediaType(mediaType)) {
    if (body.kind !== 'bytes') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.bytes.toString('utf8'));
    } catch {
      operationFinding(ctx, 'json', 'JSON', 'a body that does not parse');
      return;
    }
    const validate = validatorAt(pointer, { allErrors: true });
    findingsOf(ctx, pointer, parsed, validate(parsed) ? [] : (validate.errors ?? []));
    return;
  }
  let parts: Awaited<ReturnType<typeof formParts>>;
  try {
    parts = await formParts(exchange);
  } catch {
    operationFinding(ctx, 'form', mediaType, 'a form that does not parse');
    return;
  }
  if (!parts) return;
  const files = new Set(fileFieldsAt(pointer));
  const fields: Record<string, unknown> = {};
  for (const [name, values] of Object.entries(parts)) {
    const shown = values.map((v) => (typeof v === 'string' ? v : v.name));
    fields[name] = files.has(name) || shown.length > 1 ? shown : shown[0];
  }
  // read as the contract writes a form's values (decimal numbers; booleans true/false, 1/0)
  const read = readFormFields(pointer, fields);
  const validate = validatorAt(pointer, { allErrors: true });
  findingsOf(ctx, pointer, read, validate(read) ? [] : (validate.errors ?? []));
}

function judgeAnswer(ctx: Context, exchange: Exchange) {
  const { op } = ctx;
  const status = exchange.status;
  const content = declaredContent(op, status);
  if (!content) {
    operationFinding(
      ctx,
      'status',
      `answers ${Object.keys(op.responses).join(', ')}`,
      String(status),
    );
    return;
  }
  const mediaType = exchange.answerContentType?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (Object.keys(content).length === 0) return;
  const pointer = mediaType ? schemaFor(content, mediaType) : undefined;
  if (!pointer) {
    operationFinding(ctx, 'content-type', Object.keys(content).join(' or '), mediaType || 'none');
    return;
  }
  if (!isJsonMediaType(mediaType)) return;
  if (exchange.answerBody.kind === 'missing') {
    ctx.out.answerUnjudged = true;
    return;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(exchange.answerBody.bytes.toString('utf8'));
  } catch {
    operationFinding(ctx, 'json', 'JSON', 'a body that does not parse');
    return;
  }
  const validate = validatorAt(pointer, { allErrors: true });
  findingsOf(ctx, pointer, parsed, validate(parsed) ? [] : (validate.errors ?? []));
}

/** Judges one exchange the contract has an operation for (a 1xx, 2xx, 4xx or 5xx answer). */
export async function judgeExchange(
  op: Operation,
  exchange: Exchange,
  secrets: Secrets,
): Promise<Judgement> {
  const out: Judgement = {
    findings: [],
    exercised: new Set(),
    presence: [],
    undeclared: [],
    answerUnjudged: false,
  };
  const accepted = exchange.status >= 200 && exchange.status < 300;
  const status = exchange.status;
  await judgeRequest({ op, side: 'request', status: undefined, accepted, secrets, out }, exchange);
  // A request the contract does not allow, refused by the server, is the two agreeing.
  if (!accepted) out.findings = [];
  judgeAnswer({ op, side: 'answer', status, accepted, secrets, out }, exchange);
  const own: UnitName = `operation ${op.operationId}`;
  if (
    accepted &&
    !out.answerUnjudged &&
    isAssumedOperation(op) &&
    !out.findings.some((finding) => finding.unit === own)
  ) {
    out.exercised.add(own);
  }
  // A unit contradicted anywhere in the exchange is not also confirmed by it.
  for (const finding of out.findings) if (finding.unit) out.exercised.delete(finding.unit);
  return out;
}
