// The contract differ: compares two bundled OpenAPI 3.1 documents operation by operation and says,
// for every change, whom it breaks.
//
// Written here rather than taken from npm, because no differ on npm fits this contract honestly:
// - openapi-diff (Atlassian) refuses 3.1 documents ("Swagger Parser only supports versions 3.0.x");
// - @useoptic/openapi-utilities belongs to Optic, whose repository is archived since Atlassian
//   bought it;
// - oasdiff and openapi-changes are Go programs, not npm packages (`oasdiff` on npm is a security
//   placeholder, `openapi-changes` is not there): they would be a binary from outside npm;
// - api-smart-diff (1.0.x) reads 3.1, but judges every change from the client's side only and,
//   tried on this contract, called a response field retyped from number to string, and one made
//   nullable, non-breaking in both directions.
// None of them judges the two directions this report needs, so each would be re-judged anyway.
//
// The two directions:
// - breaks the portal: a portal built on the old contract fails against a backend on the new one
//   (the new backend refuses what the old portal sends, or answers what the old portal cannot read);
// - breaks the backend: a backend built on the old contract fails against a portal on the new one
//   (the old backend refuses what the new portal sends, or answers what the new portal cannot read).
// A request is written by the portal and read by the backend, an answer the other way round, so a
// schema that now accepts less (narrower) breaks the portal in a request and the backend in an
// answer; one that now accepts more (wider) breaks the backend in a request and the portal in an
// answer. Fields follow the same rule, read as "what the writer sends, what the reader needs":
//
// | change                               | request (portal → backend)  | answer (backend → portal)   |
// | ------------------------------------ | --------------------------- | --------------------------- |
// | field added, optional                | compatible                  | compatible                  |
// | field added, required                | portal                      | backend                     |
// | field removed                        | backend if it was required  | portal (the portal read it) |
// | optional → required                  | portal                      | backend                     |
// | required → optional                  | backend                     | portal                      |
// | field renamed                        | both                        | both                        |
// | type, enum, bound narrower           | portal                      | backend                     |
// | type, enum, bound wider              | backend                     | portal                      |
// | "no other fields" (closed object)    | narrower                    | narrower                    |
//
// A renamed field breaks both sides: its value no longer reaches the reader under the name it
// reads (refused when required, silently lost when optional). A field added to a closed object
// (additionalProperties: false) also breaks the side whose reader is closed. Operations: a removed
// one breaks the portal, an added one the backend (the portal may call it), a moved one (same
// operationId, other method or path) both. Answers: a new success status breaks the portal (it
// cannot read it), a success status no longer declared breaks the backend; error statuses (4xx,
// 5xx, default) added or removed are compatible, since the client handles every error status by
// its class. Descriptions, summaries, examples, defaults and x- extensions (x-roles excepted:
// who may call) are compatible and gathered in one row per operation. A keyword this differ does
// not understand is reported as breaking both sides rather than ignored.

export type OpenApiDocument = Record<string, unknown>;

export interface OperationRef {
  operationId: string;
  /** Upper case. */
  method: string;
  path: string;
}

export type ChangeKind =
  | 'operation-removed'
  | 'operation-added'
  | 'operation-moved'
  | 'operation-id'
  | 'security'
  | 'roles'
  | 'parameter-added'
  | 'parameter-removed'
  | 'parameter-renamed'
  | 'parameter-required'
  | 'parameter-serialization'
  | 'body-added'
  | 'body-removed'
  | 'body-required'
  | 'media-type-added'
  | 'media-type-removed'
  | 'answer-added'
  | 'answer-removed'
  | 'header-added'
  | 'header-removed'
  | 'header-required'
  | 'field-added'
  | 'field-removed'
  | 'field-renamed'
  | 'field-required'
  | 'type'
  | 'enum'
  | 'bound'
  | 'closed'
  | 'alternatives'
  | 'schema'
  | 'annotations';

export interface Change {
  operation: OperationRef;
  kind: ChangeKind;
  /** `operation`, `request body`, `query`, `answer 200`, `documentation`… */
  place: string;
  /** JSON path of the field in its place (`$.data[].price`), a parameter's name, or ''. */
  field: string;
  /** The change in words: `renamed id_doc → id_document`, `added (string, optional)`… */
  change: string;
  breaksPortal: boolean;
  breaksBackend: boolean;
}

export type Impact = 'both' | 'portal' | 'backend' | 'compatible';

export const impactOf = (change: Pick<Change, 'breaksPortal' | 'breaksBackend'>): Impact =>
  change.breaksPortal
    ? change.breaksBackend
      ? 'both'
      : 'portal'
    : change.breaksBackend
      ? 'backend'
      : 'compatible';

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** JSON with sorted keys: equal values give equal text. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isObj(value)) {
    const keys = Object.keys(value)
      .filter((key) => value[key] !== undefined)
      .sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

/** The value at a local `$ref` (`#/components/schemas/X`); bundled documents have no others. */
function atPointer(doc: OpenApiDocument, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  let node: unknown = doc;
  for (const raw of ref.slice(1).split('/').slice(1)) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    node = isObj(node) ? node[key] : Array.isArray(node) ? node[Number(key)] : undefined;
  }
  return node;
}

/** A non-schema object (parameter, request body, answer, header) with its `$ref`s followed. */
function deref(doc: OpenApiDocument, node: unknown): Obj | undefined {
  let current = node;
  for (let hops = 0; isObj(current) && typeof current.$ref === 'string' && hops < 32; hops++) {
    current = atPointer(doc, current.$ref);
  }
  return isObj(current) ? current : undefined;
}

// ---------------------------------------------------------------------------------------------
// Schemas, normalised: `$ref` followed (its siblings kept, as 3.1 reads them), `allOf` merged,
// `const` as a one-value enum, 3.0's `nullable` as a null type.

/** Schema keywords that only describe; a change to them is compatible. */
const ANNOTATIONS = new Set([
  'title',
  'description',
  'summary',
  'example',
  'examples',
  'default',
  'deprecated',
  'readOnly',
  'writeOnly',
  '$comment',
  'externalDocs',
  'contentMediaType',
  'contentEncoding',
]);
const isAnnotation = (key: string) =>
  ANNOTATIONS.has(key) || (key.startsWith('x-') && key !== 'x-roles');
/** Keywords that name or hold schemas elsewhere, not constraints on this value. */
const IGNORED = new Set(['$id', '$schema', '$anchor', '$dynamicAnchor', '$defs', 'definitions']);
const LOWER_BOUNDS = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties'];
const UPPER_BOUNDS = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties'];
const MARKS = ['pattern', 'format', 'multipleOf', 'uniqueItems'];

interface Normal {
  /** undefined: any type. `integer` is also accepted by `number`. */
  types?: Set<string>;
  /** undefined: any value. Canonical texts of the allowed values. */
  enumValues?: string[];
  properties: Map<string, unknown>;
  required: Set<string>;
  /** additionalProperties or unevaluatedProperties is false. */
  closed: boolean;
  additional?: unknown;
  items?: unknown;
  alternatives?: { keyword: string; branches: unknown[] };
  bounds: Record<string, number>;
  marks: Record<string, unknown>;
  annotations: Record<string, unknown>;
  other: Record<string, unknown>;
  /** The `$ref`s followed to reach this schema (for recursion). */
  refs: string[];
}

function typeSet(value: unknown): Set<string> | undefined {
  if (typeof value === 'string') return new Set([value]);
  if (Array.isArray(value)) return new Set(value.filter((t): t is string => typeof t === 'string'));
  return undefined;
}

const acceptsType = (types: Set<string> | undefined, type: string) =>
  !types || types.has(type) || (type === 'integer' && types.has('number'));

function intersectTypes(a: Set<string>, b: Set<string>): Set<string> {
  const both = new Set<string>();
  for (const type of a) if (acceptsType(b, type)) both.add(type);
  for (const type of b) if (acceptsType(a, type)) both.add(type);
  // number ∩ integer is integer.
  if (both.has('number') && !(a.has('number') && b.has('number'))) both.delete('number');
  return both;
}

/** Whether every type `a` allows is allowed by `b`. */
function typesWithin(a: Set<string> | undefined, b: Set<string> | undefined): boolean {
  if (!b) return true;
  if (!a) return false;
  return [...a].every((type) => acceptsType(b, type));
}

function flatten(doc: OpenApiDocument, schema: unknown, refs: string[], out: string[]): Obj[] {
  if (schema === false) return [{ type: [] }];
  if (!isObj(schema)) return [];
  const { $ref, allOf, ...own } = schema;
  const parts: Obj[] = [];
  if (typeof $ref === 'string') {
    out.push($ref);
    // A schema that contains itself is compared down to the repeated `$ref`, then by name.
    if (refs.includes($ref) || refs.length > 32) parts.push({ $recursiveRef: $ref });
    else parts.push(...flatten(doc, atPointer(doc, $ref), [...refs, $ref], out));
  }
  if (Array.isArray(allOf)) for (const part of allOf) parts.push(...flatten(doc, part, refs, out));
  parts.push(own);
  return parts;
}

function normalise(doc: OpenApiDocument, schema: unknown): Normal {
  const refs: string[] = [];
  const parts = flatten(doc, schema, [], refs);
  const normal: Normal = {
    properties: new Map(),
    required: new Set(),
    closed: false,
    bounds: {},
    marks: {},
    annotations: {},
    other: {},
    refs,
  };
  const mergeSchema = (a: unknown, b: unknown) => (a === undefined ? b : { allOf: [a, b] });
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      if (value === undefined || IGNORED.has(key)) continue;
      if (key === 'type') {
        const types = typeSet(value) ?? new Set<string>();
        if (part.nullable === true) types.add('null');
        normal.types = normal.types ? intersectTypes(normal.types, types) : types;
      } else if (key === 'nullable') {
        continue;
      } else if (key === 'enum' || key === 'const') {
        const values = (key === 'const' ? [value] : Array.isArray(value) ? value : []).map(
          canonical,
        );
        normal.enumValues = normal.enumValues
          ? normal.enumValues.filter((v) => values.includes(v))
          : values;
      } else if (key === 'properties' && isObj(value)) {
        for (const [name, child] of Object.entries(value)) {
          normal.properties.set(name, mergeSchema(normal.properties.get(name), child));
        }
      } else if (key === 'required' && Array.isArray(value)) {
        for (const name of value) if (typeof name === 'string') normal.required.add(name);
      } else if (key === 'additionalProperties' || key === 'unevaluatedProperties') {
        if (value === false) normal.closed = true;
        else if (isObj(value) && key === 'additionalProperties') {
          normal.additional = mergeSchema(normal.additional, value);
        }
      } else if (key === 'items') {
        normal.items = mergeSchema(normal.items, value);
      } else if ((key === 'oneOf' || key === 'anyOf') && Array.isArray(value)) {
        if (!normal.alternatives) normal.alternatives = { keyword: key, branches: value };
        else normal.other[`${key} (second)`] = value;
      } else if (LOWER_BOUNDS.includes(key) && typeof value === 'number') {
        normal.bounds[key] = Math.max(normal.bounds[key] ?? -Infinity, value);
      } else if (UPPER_BOUNDS.includes(key) && typeof value === 'number') {
        normal.bounds[key] = Math.min(normal.bounds[key] ?? Infinity, value);
      } else if (MARKS.includes(key)) {
        normal.marks[key] = value;
      } else if (isAnnotation(key)) {
        if (!(key in normal.annotations)) normal.annotations[key] = value;
      } else {
        normal.other[key] = value;
      }
    }
  }
  return normal;
}

/** A schema fully dereferenced, without annotations: equal meaning gives equal text. */
function meaning(doc: OpenApiDocument, schema: unknown, depth = 0): string {
  if (depth > 16) return '…';
  if (Array.isArray(schema)) return `[${schema.map((s) => meaning(doc, s, depth + 1)).join(',')}]`;
  if (!isObj(schema)) return canonical(schema);
  if (typeof schema.$ref === 'string') {
    const { $ref, ...siblings } = schema;
    const target = meaning(doc, atPointer(doc, $ref), depth + 1);
    return Object.keys(siblings).length === 0
      ? target
      : `all(${target},${meaning(doc, siblings, depth + 1)})`;
  }
  const keys = Object.keys(schema)
    .filter((key) => !isAnnotation(key) && !IGNORED.has(key))
    .sort();
  return `{${keys.map((key) => `${key}:${meaning(doc, schema[key], depth + 1)}`).join(',')}}`;
}

const describeTypes = (types: Set<string> | undefined) =>
  !types ? 'any' : types.size === 0 ? 'nothing' : [...types].sort().join(' | ');

// ---------------------------------------------------------------------------------------------
// Comparing.

type Direction = 'request' | 'answer';

interface Context {
  oldDoc: OpenApiDocument;
  newDoc: OpenApiDocument;
  operation: OperationRef;
  out: Change[];
  /** Documentation changes of the operation, gathered into one compatible row. */
  notes: string[];
}

interface Place {
  name: string;
  direction: Direction;
}

function emit(
  ctx: Context,
  kind: ChangeKind,
  place: string,
  field: string,
  change: string,
  breaksPortal: boolean,
  breaksBackend: boolean,
) {
  ctx.out.push({
    operation: ctx.operation,
    kind,
    place,
    field,
    change,
    breaksPortal,
    breaksBackend,
  });
}

/** A change that makes the place accept less (narrower) and/or more (wider). */
function emitRange(
  ctx: Context,
  place: Place,
  kind: ChangeKind,
  field: string,
  change: string,
  narrower: boolean,
  wider: boolean,
) {
  if (!narrower && !wider) return;
  // Request: the backend reads, so narrower refuses the old portal, wider the new portal's
  // sends to the old backend. Answer: the portal reads, the other way round.
  const portal = place.direction === 'request' ? narrower : wider;
  const backend = place.direction === 'request' ? wider : narrower;
  emit(ctx, kind, place.name, field, change, portal, backend);
}

const fieldPath = (path: string, name: string) =>
  /^[A-Za-z_$][\w$-]*$/.test(name) ? `${path}.${name}` : `${path}[${JSON.stringify(name)}]`;

function note(ctx: Context, where: string, key: string, before: unknown, after: unknown) {
  if (canonical(before) === canonical(after)) return;
  const what = before === undefined ? 'added' : after === undefined ? 'removed' : 'changed';
  ctx.notes.push(`${where}: ${key} ${what}`);
}

function noteAll(
  ctx: Context,
  where: string,
  before: Obj,
  after: Obj,
  keys: (key: string) => boolean,
) {
  const all = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const key of [...all].sort()) if (keys(key)) note(ctx, where, key, before[key], after[key]);
}

const enumText = (values: string[]) =>
  values.length > 6
    ? `${values.slice(0, 6).join(', ')} and ${values.length - 6} more`
    : values.join(', ');

function compareSchema(
  ctx: Context,
  place: Place,
  path: string,
  oldSchema: unknown,
  newSchema: unknown,
  stack: Set<string> = new Set(),
) {
  const o = normalise(ctx.oldDoc, oldSchema);
  const n = normalise(ctx.newDoc, newSchema);
  const key = `${o.refs.join(',')}|${n.refs.join(',')}`;
  if (key !== '|' && stack.has(key)) return;
  if (stack.size > 48) return;
  const inner = new Set(stack).add(key);

  // Types.
  const narrowerType = !typesWithin(o.types, n.types);
  const widerType = !typesWithin(n.types, o.types);
  emitRange(
    ctx,
    place,
    'type',
    path,
    `type ${describeTypes(o.types)} → ${describeTypes(n.types)}`,
    narrowerType,
    widerType,
  );

  // Enums (and const).
  if (o.enumValues || n.enumValues) {
    const removed =
      o.enumValues && n.enumValues ? o.enumValues.filter((v) => !n.enumValues!.includes(v)) : [];
    const added =
      o.enumValues && n.enumValues ? n.enumValues.filter((v) => !o.enumValues!.includes(v)) : [];
    const words: string[] = [];
    if (!o.enumValues) words.push(`now only ${enumText(n.enumValues!)}`);
    else if (!n.enumValues) words.push('any value now (was an enum)');
    if (removed.length) words.push(`values removed: ${enumText(removed)}`);
    if (added.length) words.push(`values added: ${enumText(added)}`);
    emitRange(
      ctx,
      place,
      'enum',
      path,
      `enum ${words.join('; ')}`,
      !o.enumValues || removed.length > 0,
      !n.enumValues || added.length > 0,
    );
  }

  // Bounds: a higher lower bound or a lower upper bound accepts less. A value of another type
  // altogether (both narrower and wider) has had its bounds replaced, not moved.
  const retyped = narrowerType && widerType;
  for (const bound of retyped ? [] : [...LOWER_BOUNDS, ...UPPER_BOUNDS]) {
    const before = o.bounds[bound];
    const after = n.bounds[bound];
    if (before === after) continue;
    const lower = LOWER_BOUNDS.includes(bound);
    const tighter =
      before === undefined || (after !== undefined && (lower ? after > before : after < before));
    emitRange(
      ctx,
      place,
      'bound',
      path,
      `${bound} ${before ?? 'none'} → ${after ?? 'none'}`,
      tighter,
      !tighter,
    );
  }
  for (const mark of retyped ? [] : MARKS) {
    const before = o.marks[mark];
    const after = n.marks[mark];
    if (canonical(before) === canonical(after)) continue;
    emitRange(
      ctx,
      place,
      'bound',
      path,
      `${mark} ${before === undefined ? 'none' : canonical(before)} → ${after === undefined ? 'none' : canonical(after)}`,
      after !== undefined,
      before !== undefined,
    );
  }

  // Objects: closed or not, then each field.
  if (o.closed !== n.closed) {
    emitRange(
      ctx,
      place,
      'closed',
      path,
      n.closed ? 'other fields now refused' : 'other fields now allowed',
      n.closed,
      o.closed,
    );
  }
  compareFields(ctx, place, path, o, n, inner);
  if (o.additional !== undefined || n.additional !== undefined) {
    compareSchema(ctx, place, `${path}.*`, o.additional ?? {}, n.additional ?? {}, inner);
  }
  if (o.items !== undefined || n.items !== undefined) {
    compareSchema(ctx, place, `${path}[]`, o.items ?? {}, n.items ?? {}, inner);
  }

  // oneOf / anyOf: alternatives compared by meaning.
  if (o.alternatives || n.alternatives) {
    const before = o.alternatives?.branches.map((b) => meaning(ctx.oldDoc, b)) ?? [];
    const after = n.alternatives?.branches.map((b) => meaning(ctx.newDoc, b)) ?? [];
    const removed = before.filter((b) => !after.includes(b)).length;
    const added = after.filter((b) => !before.includes(b)).length;
    const keyword = o.alternatives?.keyword ?? n.alternatives?.keyword;
    if (o.alternatives && n.alternatives && o.alternatives.keyword !== n.alternatives.keyword) {
      emitRange(
        ctx,
        place,
        'alternatives',
        path,
        `${o.alternatives.keyword} → ${n.alternatives.keyword}`,
        true,
        true,
      );
    } else if (!o.alternatives || !n.alternatives) {
      emitRange(
        ctx,
        place,
        'alternatives',
        path,
        `${keyword} ${o.alternatives ? 'removed' : 'added'}`,
        !o.alternatives,
        !n.alternatives,
      );
    } else if (removed || added) {
      emitRange(
        ctx,
        place,
        'alternatives',
        path,
        `${keyword}: ${removed} removed, ${added} added`,
        removed > 0,
        added > 0,
      );
    }
  }

  // Anything else this differ does not read: a change is assumed to break both sides.
  for (const other of new Set([...Object.keys(o.other), ...Object.keys(n.other)])) {
    const before = o.other[other];
    const after = n.other[other];
    if (meaning(ctx.oldDoc, before) === meaning(ctx.newDoc, after)) continue;
    emit(ctx, 'schema', place.name, path, `${other} changed`, true, true);
  }

  noteAll(ctx, `${place.name} ${path}`, o.annotations, n.annotations, () => true);
}

function compareFields(
  ctx: Context,
  place: Place,
  path: string,
  o: Normal,
  n: Normal,
  stack: Set<string>,
) {
  const oldNames = new Set([...o.properties.keys(), ...o.required]);
  const newNames = new Set([...n.properties.keys(), ...n.required]);
  const removed = [...oldNames].filter((name) => !newNames.has(name));
  const added = [...newNames].filter((name) => !oldNames.has(name));
  const request = place.direction === 'request';

  // A rename: one field removed and one of the same type added in the same object, paired only
  // when no other removed or added field there has that type.
  const typeOf = (doc: OpenApiDocument, schema: unknown) =>
    describeTypes(normalise(doc, schema).types);
  const oldTypes = new Map(
    removed.map((name) => [name, typeOf(ctx.oldDoc, o.properties.get(name))]),
  );
  const newTypes = new Map(added.map((name) => [name, typeOf(ctx.newDoc, n.properties.get(name))]));
  const renames = new Map<string, string>();
  for (const [name, type] of oldTypes) {
    const sameOld = [...oldTypes.values()].filter((t) => t === type).length;
    const sameNew = [...newTypes].filter(([, t]) => t === type);
    if (sameOld === 1 && sameNew.length === 1) renames.set(name, sameNew[0]![0]);
  }
  const renamedTo = new Set(renames.values());

  for (const name of removed) {
    const to = renames.get(name);
    const at = fieldPath(path, name);
    if (to !== undefined) {
      emit(
        ctx,
        'field-renamed',
        place.name,
        at,
        `renamed ${name} → ${to} (${oldTypes.get(name)})`,
        true,
        true,
      );
      compareSchema(
        ctx,
        place,
        fieldPath(path, to),
        o.properties.get(name) ?? {},
        n.properties.get(to) ?? {},
        stack,
      );
      continue;
    }
    const wasRequired = o.required.has(name);
    const change = `removed (${oldTypes.get(name)}, ${wasRequired ? 'required' : 'optional'})`;
    // Request: the old backend still needs a required field the new portal no longer sends.
    // Answer: the old portal reads the field the new backend no longer sends. A closed reader
    // on the other side refuses the field the old writer still sends.
    if (request) emit(ctx, 'field-removed', place.name, at, change, n.closed, wasRequired);
    else emit(ctx, 'field-removed', place.name, at, change, true, n.closed);
  }
  for (const name of added) {
    if (renamedTo.has(name)) continue;
    const isRequired = n.required.has(name);
    const change = `added (${newTypes.get(name)}, ${isRequired ? 'required' : 'optional'})`;
    const at = fieldPath(path, name);
    // Request: the new backend needs a required field the old portal does not send. Answer: the
    // new portal needs a required field the old backend does not send.
    if (request) emit(ctx, 'field-added', place.name, at, change, isRequired, o.closed);
    else emit(ctx, 'field-added', place.name, at, change, o.closed, isRequired);
  }
  for (const name of oldNames) {
    if (!newNames.has(name)) continue;
    const at = fieldPath(path, name);
    const before = o.required.has(name);
    const after = n.required.has(name);
    if (before !== after) {
      // Now required: the old writer may leave it out. Now optional: the new writer may.
      const writerBreaks = after
        ? request
          ? 'portal'
          : 'backend'
        : request
          ? 'backend'
          : 'portal';
      emit(
        ctx,
        'field-required',
        place.name,
        at,
        after ? 'now required' : 'now optional',
        writerBreaks === 'portal',
        writerBreaks === 'backend',
      );
    }
    compareSchema(
      ctx,
      place,
      at,
      o.properties.get(name) ?? {},
      n.properties.get(name) ?? {},
      stack,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Operations.

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

interface OperationEntry {
  ref: OperationRef;
  operation: Obj;
  pathItem: Obj;
}

function listOperations(doc: OpenApiDocument): Map<string, OperationEntry> {
  const found = new Map<string, OperationEntry>();
  const paths = isObj(doc.paths) ? doc.paths : {};
  for (const [path, rawItem] of Object.entries(paths)) {
    const pathItem = deref(doc, rawItem);
    if (!pathItem) continue;
    for (const method of METHODS) {
      const operation = pathItem[method];
      if (!isObj(operation)) continue;
      const ref = {
        operationId:
          typeof operation.operationId === 'string' ? operation.operationId : `${method} ${path}`,
        method: method.toUpperCase(),
        path,
      };
      found.set(`${ref.method} ${path}`, { ref, operation, pathItem });
    }
  }
  return found;
}

/** Security alternatives: each a set of scheme names (with scopes) that must all be present. */
function securityOf(doc: OpenApiDocument, operation: Obj): string[][] {
  const requirements = Array.isArray(operation.security)
    ? operation.security
    : Array.isArray(doc.security)
      ? doc.security
      : [];
  return requirements.filter(isObj).map((requirement) =>
    Object.entries(requirement)
      .map(([scheme, scopes]) =>
        Array.isArray(scopes) && scopes.length
          ? `${scheme}(${[...scopes].sort().join(',')})`
          : scheme,
      )
      .sort(),
  );
}

const describeSecurity = (alternatives: string[][]) =>
  alternatives.length === 0
    ? 'none'
    : alternatives.map((all) => (all.length ? all.join(' + ') : 'none')).join(' or ');

function compareSecurity(ctx: Context, oldOp: Obj, newOp: Obj) {
  const before = securityOf(ctx.oldDoc, oldOp);
  const after = securityOf(ctx.newDoc, newOp);
  // No requirement at all is one empty alternative: anyone may call.
  const norm = (alts: string[][]) => (alts.length ? alts : [[]]);
  const within = (sent: string[], accepted: string[][]) =>
    accepted.some((needs) => needs.every((scheme) => sent.includes(scheme)));
  // The old portal sends one of the old alternatives; the new backend must accept it.
  const portal = norm(before).some((sent) => !within(sent, norm(after)));
  const backend = norm(after).some((sent) => !within(sent, norm(before)));
  if (portal || backend) {
    emit(
      ctx,
      'security',
      'operation',
      '',
      `security ${describeSecurity(before)} → ${describeSecurity(after)}`,
      portal,
      backend,
    );
  }
  const schemes = new Set([...before.flat(), ...after.flat()].map((s) => s.replace(/\(.*$/, '')));
  const defs = (doc: OpenApiDocument) =>
    isObj(doc.components) && isObj(doc.components.securitySchemes)
      ? doc.components.securitySchemes
      : {};
  for (const scheme of [...schemes].sort()) {
    const a = deref(ctx.oldDoc, defs(ctx.oldDoc)[scheme]);
    const b = deref(ctx.newDoc, defs(ctx.newDoc)[scheme]);
    if (!a || !b) continue;
    const strip = (o: Obj) =>
      Object.fromEntries(Object.entries(o).filter(([key]) => !isAnnotation(key)));
    if (canonical(strip(a)) !== canonical(strip(b))) {
      emit(ctx, 'security', 'operation', '', `security scheme ${scheme} changed`, true, true);
    }
    noteAll(ctx, `security scheme ${scheme}`, a, b, isAnnotation);
  }
}

function compareRoles(ctx: Context, oldOp: Obj, newOp: Obj) {
  const roles = (op: Obj) => (Array.isArray(op['x-roles']) ? op['x-roles'].map(String) : undefined);
  const before = roles(oldOp);
  const after = roles(newOp);
  if (canonical(before?.slice().sort()) === canonical(after?.slice().sort())) return;
  // Fewer roles: the old portal lets a role call what the new backend refuses (403).
  const narrower = !after ? false : !before || before.some((role) => !after.includes(role));
  const wider = !before ? false : !after || after.some((role) => !before.includes(role));
  emit(
    ctx,
    'roles',
    'operation',
    '',
    `x-roles ${before?.join(', ') ?? 'any'} → ${after?.join(', ') ?? 'any'}`,
    narrower,
    wider,
  );
}

interface Parameter {
  name: string;
  in: string;
  required: boolean;
  schema: unknown;
  raw: Obj;
}

function parametersOf(doc: OpenApiDocument, entry: OperationEntry): Map<string, Parameter> {
  const found = new Map<string, Parameter>();
  const lists = [entry.pathItem.parameters, entry.operation.parameters];
  for (const list of lists) {
    if (!Array.isArray(list)) continue;
    for (const rawParameter of list) {
      const p = deref(doc, rawParameter);
      if (!p || typeof p.name !== 'string' || typeof p.in !== 'string') continue;
      const name = p.in === 'header' ? p.name.toLowerCase() : p.name;
      const content = isObj(p.content) ? Object.values(p.content).find(isObj) : undefined;
      found.set(`${p.in} ${name}`, {
        name: p.name,
        in: p.in,
        required: p.required === true || p.in === 'path',
        schema: p.schema ?? content?.schema ?? {},
        raw: p,
      });
    }
  }
  return found;
}

const SERIALIZATION = ['style', 'explode', 'allowReserved', 'allowEmptyValue'];

function compareParameters(ctx: Context, oldEntry: OperationEntry, newEntry: OperationEntry) {
  const before = parametersOf(ctx.oldDoc, oldEntry);
  const after = parametersOf(ctx.newDoc, newEntry);
  const removed = [...before.keys()].filter((key) => !after.has(key));
  const added = [...after.keys()].filter((key) => !before.has(key));
  const typeOf = (doc: OpenApiDocument, p: Parameter) =>
    `${p.in}:${describeTypes(normalise(doc, p.schema).types)}`;
  const renames = new Map<string, string>();
  for (const key of removed) {
    const type = typeOf(ctx.oldDoc, before.get(key)!);
    const sameOld = removed.filter((k) => typeOf(ctx.oldDoc, before.get(k)!) === type);
    const sameNew = added.filter((k) => typeOf(ctx.newDoc, after.get(k)!) === type);
    if (sameOld.length === 1 && sameNew.length === 1) renames.set(key, sameNew[0]!);
  }
  const renamed = new Set(renames.values());
  const placeOf = (p: Parameter): Place => ({ name: p.in, direction: 'request' });

  for (const key of removed) {
    const p = before.get(key)!;
    const to = renames.get(key);
    if (to !== undefined) {
      const q = after.get(to)!;
      emit(ctx, 'parameter-renamed', p.in, p.name, `renamed ${p.name} → ${q.name}`, true, true);
      compareParameter(ctx, placeOf(q), q.name, p, q);
      continue;
    }
    // The old backend still needs a required parameter the new portal no longer sends.
    emit(
      ctx,
      'parameter-removed',
      p.in,
      p.name,
      `removed (${p.required ? 'required' : 'optional'})`,
      false,
      p.required,
    );
  }
  for (const key of added) {
    if (renamed.has(key)) continue;
    const p = after.get(key)!;
    // The new backend needs a required parameter the old portal does not send.
    emit(
      ctx,
      'parameter-added',
      p.in,
      p.name,
      `added (${describeTypes(normalise(ctx.newDoc, p.schema).types)}, ${p.required ? 'required' : 'optional'})`,
      p.required,
      false,
    );
  }
  for (const [key, p] of before) {
    const q = after.get(key);
    if (!q) continue;
    if (p.required !== q.required) {
      emit(
        ctx,
        'parameter-required',
        p.in,
        p.name,
        q.required ? 'now required' : 'now optional',
        q.required,
        !q.required,
      );
    }
    compareParameter(ctx, placeOf(q), q.name, p, q);
  }
}

function compareParameter(ctx: Context, place: Place, name: string, p: Parameter, q: Parameter) {
  const changed = SERIALIZATION.filter((key) => canonical(p.raw[key]) !== canonical(q.raw[key]));
  if (changed.length) {
    emit(
      ctx,
      'parameter-serialization',
      place.name,
      name,
      `${changed.join(', ')} changed`,
      true,
      true,
    );
  }
  compareSchema(ctx, place, name, p.schema, q.schema);
  noteAll(ctx, `${place.name} ${name}`, p.raw, q.raw, isAnnotation);
}

const JSON_TYPE = 'application/json';
const placeName = (base: string, mediaType: string) =>
  mediaType === JSON_TYPE ? base : `${base} (${mediaType})`;

/** Media types and their schemas: request bodies, or one answer's content. */
function compareContent(ctx: Context, base: string, direction: Direction, before: Obj, after: Obj) {
  const oldTypes = Object.keys(before);
  const newTypes = Object.keys(after);
  const pairs: [string, string][] = oldTypes.filter((t) => t in after).map((t) => [t, t]);
  if (oldTypes.length === 1 && newTypes.length === 1 && oldTypes[0] !== newTypes[0]) {
    // One media type replaced by another: neither side reads what the other writes.
    emit(
      ctx,
      'media-type-removed',
      base,
      '',
      `media type ${oldTypes[0]} → ${newTypes[0]}`,
      true,
      true,
    );
    pairs.push([oldTypes[0]!, newTypes[0]!]);
  } else {
    // A media type the old writer may still use, or one the new writer may now use, that the
    // reader on the other side does not take.
    for (const type of oldTypes.filter((t) => !(t in after))) {
      emit(
        ctx,
        'media-type-removed',
        base,
        '',
        `media type ${type} removed`,
        direction === 'request',
        direction === 'answer',
      );
    }
    for (const type of newTypes.filter((t) => !(t in before))) {
      emit(
        ctx,
        'media-type-added',
        base,
        '',
        `media type ${type} added`,
        direction === 'answer',
        direction === 'request',
      );
    }
  }
  for (const [oldType, newType] of pairs) {
    const a = deref(ctx.oldDoc, before[oldType]) ?? {};
    const b = deref(ctx.newDoc, after[newType]) ?? {};
    const place = { name: placeName(base, newType), direction };
    compareSchema(ctx, place, '$', a.schema ?? {}, b.schema ?? {});
    if (canonical(a.encoding) !== canonical(b.encoding)) {
      emit(ctx, 'schema', place.name, '$', 'encoding changed', true, true);
    }
    noteAll(
      ctx,
      place.name,
      a,
      b,
      (key) => key === 'example' || key === 'examples' || key.startsWith('x-'),
    );
  }
}

function compareRequestBody(ctx: Context, oldOp: Obj, newOp: Obj) {
  const before = deref(ctx.oldDoc, oldOp.requestBody);
  const after = deref(ctx.newDoc, newOp.requestBody);
  if (!before && !after) return;
  const place = 'request body';
  if (!before) {
    const required = after!.required === true;
    emit(
      ctx,
      'body-added',
      place,
      '',
      `request body added (${required ? 'required' : 'optional'})`,
      required,
      false,
    );
    return;
  }
  if (!after) {
    const required = before.required === true;
    emit(
      ctx,
      'body-removed',
      place,
      '',
      `request body removed (was ${required ? 'required' : 'optional'})`,
      false,
      required,
    );
    return;
  }
  if ((before.required === true) !== (after.required === true)) {
    const now = after.required === true;
    emit(
      ctx,
      'body-required',
      place,
      '',
      now ? 'request body now required' : 'request body now optional',
      now,
      !now,
    );
  }
  compareContent(
    ctx,
    place,
    'request',
    isObj(before.content) ? before.content : {},
    isObj(after.content) ? after.content : {},
  );
  noteAll(ctx, place, before, after, isAnnotation);
}

const isSuccess = (status: string) => /^2/.test(status);

function compareResponses(ctx: Context, oldOp: Obj, newOp: Obj) {
  const before = isObj(oldOp.responses) ? oldOp.responses : {};
  const after = isObj(newOp.responses) ? newOp.responses : {};
  for (const status of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const place = `answer ${status}`;
    const a = deref(ctx.oldDoc, before[status]);
    const b = deref(ctx.newDoc, after[status]);
    if (!a || !b) {
      // A new success answer is one the old portal cannot read; one no longer declared is one the
      // old backend still gives and the new portal does not expect. Errors are read by class.
      const success = isSuccess(status);
      if (!a) emit(ctx, 'answer-added', place, '', `answer ${status} added`, success, false);
      else emit(ctx, 'answer-removed', place, '', `answer ${status} removed`, false, success);
      continue;
    }
    compareContent(
      ctx,
      place,
      'answer',
      isObj(a.content) ? a.content : {},
      isObj(b.content) ? b.content : {},
    );
    compareHeaders(
      ctx,
      place,
      isObj(a.headers) ? a.headers : {},
      isObj(b.headers) ? b.headers : {},
    );
    noteAll(ctx, place, a, b, isAnnotation);
  }
}

function compareHeaders(ctx: Context, place: string, before: Obj, after: Obj) {
  const lower = (headers: Obj) =>
    new Map(
      Object.entries(headers).map(([name, header]) => [name.toLowerCase(), { name, header }]),
    );
  const a = lower(before);
  const b = lower(after);
  for (const [key, { name, header }] of a) {
    const field = `header ${name}`;
    const next = b.get(key);
    const oldHeader = deref(ctx.oldDoc, header) ?? {};
    if (!next) {
      // The old portal may read the header the new backend no longer sends.
      emit(ctx, 'header-removed', place, field, 'removed', true, false);
      continue;
    }
    const newHeader = deref(ctx.newDoc, next.header) ?? {};
    if ((oldHeader.required === true) !== (newHeader.required === true)) {
      const now = newHeader.required === true;
      emit(ctx, 'header-required', place, field, now ? 'now required' : 'now optional', !now, now);
    }
    compareSchema(
      ctx,
      { name: place, direction: 'answer' },
      field,
      oldHeader.schema ?? {},
      newHeader.schema ?? {},
    );
    noteAll(ctx, `${place} ${field}`, oldHeader, newHeader, isAnnotation);
  }
  for (const [key, { name, header }] of b) {
    if (a.has(key)) continue;
    const required = deref(ctx.newDoc, header)?.required === true;
    // The new portal needs a required header the old backend does not send.
    emit(
      ctx,
      'header-added',
      place,
      `header ${name}`,
      `added (${required ? 'required' : 'optional'})`,
      false,
      required,
    );
  }
}

function compareOperation(
  oldDoc: OpenApiDocument,
  newDoc: OpenApiDocument,
  oldEntry: OperationEntry,
  newEntry: OperationEntry,
  out: Change[],
) {
  const ctx: Context = { oldDoc, newDoc, operation: newEntry.ref, out, notes: [] };
  const oldOp = oldEntry.operation;
  const newOp = newEntry.operation;
  if (oldEntry.ref.operationId !== newEntry.ref.operationId) {
    emit(
      ctx,
      'operation-id',
      'operation',
      '',
      `operationId ${oldEntry.ref.operationId} → ${newEntry.ref.operationId}`,
      false,
      false,
    );
  }
  compareSecurity(ctx, oldOp, newOp);
  compareRoles(ctx, oldOp, newOp);
  compareParameters(ctx, oldEntry, newEntry);
  compareRequestBody(ctx, oldOp, newOp);
  compareResponses(ctx, oldOp, newOp);
  noteAll(ctx, 'operation', oldOp, newOp, (key) => isAnnotation(key) || key === 'tags');
  if (ctx.notes.length) {
    emit(ctx, 'annotations', 'documentation', '', ctx.notes.join('; '), false, false);
  }
}

/** Every change from the old contract to the new one, operation by operation. */
export function diffContracts(oldDoc: OpenApiDocument, newDoc: OpenApiDocument): Change[] {
  const before = listOperations(oldDoc);
  const after = listOperations(newDoc);
  const out: Change[] = [];
  const removed = [...before.keys()].filter((key) => !after.has(key));
  const added = new Set([...after.keys()].filter((key) => !before.has(key)));
  for (const key of removed) {
    const oldEntry = before.get(key)!;
    // The same operationId under another method or path: moved, which neither side survives.
    const movedTo = [...added].find(
      (k) => after.get(k)!.ref.operationId === oldEntry.ref.operationId,
    );
    if (movedTo !== undefined) {
      added.delete(movedTo);
      const newEntry = after.get(movedTo)!;
      out.push({
        operation: newEntry.ref,
        kind: 'operation-moved',
        place: 'operation',
        field: '',
        change: `moved from ${oldEntry.ref.method} ${oldEntry.ref.path}`,
        breaksPortal: true,
        breaksBackend: true,
      });
      compareOperation(oldDoc, newDoc, oldEntry, newEntry, out);
      continue;
    }
    // The old portal may call it; the new backend no longer answers it.
    out.push({
      operation: oldEntry.ref,
      kind: 'operation-removed',
      place: 'operation',
      field: '',
      change: 'operation removed',
      breaksPortal: true,
      breaksBackend: false,
    });
  }
  for (const key of added) {
    // The new portal may call it; the old backend does not answer it.
    out.push({
      operation: after.get(key)!.ref,
      kind: 'operation-added',
      place: 'operation',
      field: '',
      change: 'operation added',
      breaksPortal: false,
      breaksBackend: true,
    });
  }
  for (const [key, oldEntry] of before) {
    const newEntry = after.get(key);
    if (newEntry) compareOperation(oldDoc, newDoc, oldEntry, newEntry, out);
  }
  return out;
}
