// An operation's parameters (query, path, header, cookie, of the operation and of its path):
// added, removed, renamed, made required or optional, written another way, retyped.
import { emit, noteAll, type Context, type Place } from './change.js';
import { canonical, deref, isObj, type Obj, type OpenApiDocument } from './json.js';
import { describeTypes, isAnnotation, normalise } from './normalised-schema.js';
import { compareSchema } from './schema-comparison.js';

interface Parameter {
  name: string;
  in: string;
  required: boolean;
  schema: unknown;
  raw: Obj;
}

/** An operation with the path item it belongs to, whose parameters it shares. */
export interface OperationEntry {
  operation: Obj;
  pathItem: Obj;
}

function parametersOf(doc: OpenApiDocument, entry: OperationEntry): Map<string, Parameter> {
  const found = new Map<string, Parameter>();
  const lists = [entry.pathItem.parameters, entry.operation.parameters];
  for (const list of lists) {
    if (!Array.isArray(list)) continue;
    for (const rawParameter of list) {
      const p = deref(doc, rawParameter);
      if (!p || typeof p.name !== 'string' || typeof p.in !== 'string') continue;
      // Header names are case-insensitive.
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

const placeOf = (p: Parameter): Place => ({ name: p.in, direction: 'request' });

export function compareParameters(
  ctx: Context,
  oldEntry: OperationEntry,
  newEntry: OperationEntry,
) {
  const before = parametersOf(ctx.oldDoc, oldEntry);
  const after = parametersOf(ctx.newDoc, newEntry);
  const removed = [...before.keys()].filter((key) => !after.has(key));
  const added = [...after.keys()].filter((key) => !before.has(key));
  const typeOf = (doc: OpenApiDocument, p: Parameter) =>
    `${p.in}:${describeTypes(normalise(doc, p.schema).types)}`;
  // A rename: one parameter removed and one added in the same place with the same type, paired
  // only when no other removed or added parameter there has that type.
  const renames = new Map<string, string>();
  for (const key of removed) {
    const type = typeOf(ctx.oldDoc, before.get(key)!);
    const sameOld = removed.filter((k) => typeOf(ctx.oldDoc, before.get(k)!) === type);
    const sameNew = added.filter((k) => typeOf(ctx.newDoc, after.get(k)!) === type);
    if (sameOld.length === 1 && sameNew.length === 1) renames.set(key, sameNew[0]!);
  }
  const renamed = new Set(renames.values());

  for (const key of removed) {
    const p = before.get(key)!;
    const to = renames.get(key);
    if (to !== undefined) {
      const q = after.get(to)!;
      emit(ctx, 'parameter-renamed', placeOf(p), p.name, `renamed ${p.name} → ${q.name}`);
      compareParameter(ctx, q.name, p, q);
      continue;
    }
    const kind = p.required ? 'required-parameter-removed' : 'parameter-removed';
    emit(ctx, kind, placeOf(p), p.name, `removed (${p.required ? 'required' : 'optional'})`);
  }
  for (const key of added) {
    if (renamed.has(key)) continue;
    const p = after.get(key)!;
    const type = describeTypes(normalise(ctx.newDoc, p.schema).types);
    const kind = p.required ? 'required-parameter-added' : 'parameter-added';
    emit(ctx, kind, placeOf(p), p.name, `added (${type}, ${p.required ? 'required' : 'optional'})`);
  }
  for (const [key, p] of before) {
    const q = after.get(key);
    if (!q) continue;
    if (!p.required && q.required)
      emit(ctx, 'parameter-required', placeOf(p), p.name, 'now required');
    if (p.required && !q.required)
      emit(ctx, 'parameter-optional', placeOf(p), p.name, 'now optional');
    compareParameter(ctx, q.name, p, q);
  }
}

function compareParameter(ctx: Context, name: string, p: Parameter, q: Parameter) {
  const place = placeOf(q);
  const changed = SERIALIZATION.filter((key) => canonical(p.raw[key]) !== canonical(q.raw[key]));
  if (changed.length) {
    emit(ctx, 'parameter-serialization', place, name, `${changed.join(', ')} changed`);
  }
  compareSchema(ctx, place, name, p.schema, q.schema);
  noteAll(ctx, { name: `${place.name} ${name}`, direction: 'request' }, p.raw, q.raw, isAnnotation);
}
