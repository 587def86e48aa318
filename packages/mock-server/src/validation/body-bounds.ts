// How wide a request body of an operation may be, read from the contract: the largest
// `maxProperties` of the objects its body schema holds anywhere (an object closed with
// `additionalProperties: false` holds at most its declared properties) and the largest `maxItems`
// of its arrays. A body with a wider object or array anywhere is refused from its text before it
// is parsed (json-shape.ts), and a multipart body with more parts than its form may hold is
// refused while it arrives (form-parts.ts), so a body of 60,000 keys costs no more than a small
// one. The contract bounds every object and array of every request body (test/body-bounds.test.ts
// holds it to that); the exact bound of each field is then checked by the contract's validator.
import { resolvePointer, type JsonSchema, type Pointer } from '@lms/contract';

/** Keys of one object and items of one array, at most, anywhere in a body. */
interface BodyBounds {
  keys: number;
  items: number;
}

/**
 * A bound for what a schema leaves open (no maxProperties, maxItems or closed shape), so a body
 * is bounded even where a future schema forgets to say; the contract's test keeps it unused.
 */
const UNSTATED_BOUND = 1000;
/** Small containers are not worth refusing from the text: the validator names their problem. */
const FLOOR = 16;

function deref(schema: unknown): JsonSchema | undefined {
  let node = schema;
  for (let hops = 0; hops < 32; hops++) {
    if (!node || typeof node !== 'object') return undefined;
    const ref = (node as JsonSchema).$ref;
    if (typeof ref !== 'string') return node as JsonSchema;
    node = resolvePointer(ref.slice(1));
  }
  return undefined;
}

const typesOf = (node: JsonSchema) =>
  Array.isArray(node.type) ? (node.type as unknown[]) : [node.type];

/** The most keys an object at this place may hold (allOf parts each bound the whole object). */
function keysAt(node: JsonSchema): number {
  let bound = typeof node.maxProperties === 'number' ? node.maxProperties : Infinity;
  if (node.additionalProperties === false && node.patternProperties === undefined) {
    bound = Math.min(bound, Object.keys((node.properties as object | undefined) ?? {}).length);
  }
  const all = Array.isArray(node.allOf) ? (node.allOf as unknown[]) : [];
  for (const part of all) {
    const resolved = deref(part);
    if (resolved) bound = Math.min(bound, keysAt(resolved));
  }
  return bound;
}

const isObjectPlace = (node: JsonSchema): boolean =>
  typesOf(node).includes('object') ||
  node.properties !== undefined ||
  node.maxProperties !== undefined ||
  (Array.isArray(node.allOf) &&
    (node.allOf as unknown[]).some((p) => isObjectPlace(deref(p) ?? {})));
const isArrayPlace = (node: JsonSchema) =>
  typesOf(node).includes('array') || node.items !== undefined;

/**
 * Each object and array place of a schema, with its bound (Infinity where the schema states
 * none), in `found`. The parts of an `allOf` are the same place (their bounds all hold for it:
 * keysAt), so only their fields are walked; `anyOf` and `oneOf` alternatives are places of their
 * own, the widest of which counts. A schema met again (a cycle) is not walked twice.
 */
function collect(
  schema: unknown,
  found: { keys: number[]; items: number[] },
  seen: Set<JsonSchema>,
  samePlace = false,
) {
  const node = deref(schema);
  if (!node || seen.has(node)) return;
  seen.add(node);
  if (!samePlace && isObjectPlace(node)) found.keys.push(keysAt(node));
  if (!samePlace && isArrayPlace(node)) {
    found.items.push(typeof node.maxItems === 'number' ? node.maxItems : Infinity);
  }
  for (const part of Array.isArray(node.allOf) ? (node.allOf as unknown[]) : []) {
    collect(part, found, seen, true);
  }
  for (const key of ['anyOf', 'oneOf']) {
    for (const part of Array.isArray(node[key]) ? (node[key] as unknown[]) : []) {
      collect(part, found, seen);
    }
  }
  for (const property of Object.values((node.properties as object | undefined) ?? {})) {
    collect(property, found, seen);
  }
  if (node.items !== undefined) collect(node.items, found, seen);
  if (node.additionalProperties && typeof node.additionalProperties === 'object') {
    collect(node.additionalProperties, found, seen);
  }
}

/** Every object and array place of the schema at `pointer`, with the bound it states. */
export function placesAt(pointer: Pointer) {
  const found = { keys: [] as number[], items: [] as number[] };
  collect(resolvePointer(pointer), found, new Set());
  return found;
}

const boundsByPointer = new Map<Pointer, BodyBounds>();

/** The body bounds of the schema at `pointer`, worked out on its first request. */
export function boundsAt(pointer: Pointer): BodyBounds {
  let bounds = boundsByPointer.get(pointer);
  if (!bounds) {
    const { keys, items } = placesAt(pointer);
    const widest = (all: number[]) =>
      Math.max(FLOOR, ...all.map((bound) => (Number.isFinite(bound) ? bound : UNSTATED_BOUND)));
    bounds = { keys: widest(keys), items: widest(items) };
    boundsByPointer.set(pointer, bounds);
  }
  return bounds;
}

/**
 * The most parts a multipart body of the form at `pointer` may hold: one per field it may have
 * (its maxProperties), plus each file array's maxItems beyond its first part.
 */
export function formPartsAt(pointer: Pointer): number {
  const form = deref(resolvePointer(pointer)) ?? {};
  let parts = Number.isFinite(keysAt(form)) ? keysAt(form) : UNSTATED_BOUND;
  for (const property of Object.values((form.properties as object | undefined) ?? {})) {
    const field = deref(property);
    if (field && isArrayPlace(field)) {
      parts += (typeof field.maxItems === 'number' ? field.maxItems : UNSTATED_BOUND) - 1;
    }
  }
  return parts;
}
