// Two schemas compared at one place of an operation (a request body, a parameter, an answer, a
// header): their types, values, bounds, fields and alternatives, each change named by its kind.
import { emit, emitRange, noteAll, type Context, type Place } from './change.js';
import { canonical, type OpenApiDocument } from './json.js';
import {
  describeTypes,
  LOWER_BOUNDS,
  MARKS,
  meaning,
  normalise,
  typesWithin,
  UPPER_BOUNDS,
  type Normal,
} from './normalised-schema.js';

const fieldPath = (path: string, name: string) =>
  /^[A-Za-z_$][\w$-]*$/.test(name) ? `${path}.${name}` : `${path}[${JSON.stringify(name)}]`;

const enumText = (values: string[]) =>
  values.length > 6
    ? `${values.slice(0, 6).join(', ')} and ${values.length - 6} more`
    : values.join(', ');

const markText = (value: unknown) => (value === undefined ? 'none' : canonical(value));

export function compareSchema(
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
  const typeChange = `type ${describeTypes(o.types)} → ${describeTypes(n.types)}`;
  emitRange(ctx, place, 'type', path, typeChange, narrowerType, widerType);

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
    const change = `${bound} ${before ?? 'none'} → ${after ?? 'none'}`;
    emitRange(ctx, place, 'bound', path, change, tighter, !tighter);
  }
  // A pattern, format, multipleOf or uniqueItems: one added accepts less, one removed more, one
  // replaced by another both.
  for (const mark of retyped ? [] : MARKS) {
    const before = o.marks[mark];
    const after = n.marks[mark];
    if (canonical(before) === canonical(after)) continue;
    const change = `${mark} ${markText(before)} → ${markText(after)}`;
    emitRange(ctx, place, 'bound', path, change, after !== undefined, before !== undefined);
  }

  // Objects: closed or not, then each field.
  if (o.closed !== n.closed) {
    if (n.closed) emit(ctx, 'object-closed', place, path, 'other fields now refused');
    else emit(ctx, 'object-opened', place, path, 'other fields now allowed');
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
      const change = `${o.alternatives.keyword} → ${n.alternatives.keyword}`;
      emitRange(ctx, place, 'alternatives', path, change, true, true);
    } else if (!o.alternatives || !n.alternatives) {
      // Alternatives where there were none accept less; none where there were some, more.
      const change = `${keyword} ${o.alternatives ? 'removed' : 'added'}`;
      emitRange(ctx, place, 'alternatives', path, change, !o.alternatives, !n.alternatives);
    } else if (removed || added) {
      const change = `${keyword}: ${removed} removed, ${added} added`;
      emitRange(ctx, place, 'alternatives', path, change, removed > 0, added > 0);
    }
  }

  // Anything else this differ does not read: a change is assumed to break both sides.
  for (const other of new Set([...Object.keys(o.other), ...Object.keys(n.other)])) {
    const before = o.other[other];
    const after = n.other[other];
    if (meaning(ctx.oldDoc, before) === meaning(ctx.newDoc, after)) continue;
    emit(ctx, 'schema-changed', place, path, `${other} changed`);
  }

  noteAll(
    ctx,
    { name: `${place.name} ${path}`, direction: place.direction },
    o.annotations,
    n.annotations,
    () => true,
  );
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
      emit(ctx, 'field-renamed', place, at, `renamed ${name} → ${to} (${oldTypes.get(name)})`);
      const [before, after] = [o.properties.get(name) ?? {}, n.properties.get(to) ?? {}];
      compareSchema(ctx, place, fieldPath(path, to), before, after, stack);
      continue;
    }
    const wasRequired = o.required.has(name);
    const change = `removed (${oldTypes.get(name)}, ${wasRequired ? 'required' : 'optional'})`;
    // A closed new object: its reader refuses the field the old writer still sends.
    const kind = n.closed
      ? wasRequired
        ? 'required-field-removed-from-closed'
        : 'field-removed-from-closed'
      : wasRequired
        ? 'required-field-removed'
        : 'field-removed';
    emit(ctx, kind, place, at, change);
  }
  for (const name of added) {
    if (renamedTo.has(name)) continue;
    const isRequired = n.required.has(name);
    const change = `added (${newTypes.get(name)}, ${isRequired ? 'required' : 'optional'})`;
    // A closed old object: its reader refuses the field the new writer sends.
    const kind = o.closed
      ? isRequired
        ? 'required-field-added-to-closed'
        : 'field-added-to-closed'
      : isRequired
        ? 'required-field-added'
        : 'field-added';
    emit(ctx, kind, place, fieldPath(path, name), change);
  }
  for (const name of oldNames) {
    if (!newNames.has(name)) continue;
    const at = fieldPath(path, name);
    const before = o.required.has(name);
    const after = n.required.has(name);
    if (before && !after) emit(ctx, 'field-optional', place, at, 'now optional');
    if (!before && after) emit(ctx, 'field-required', place, at, 'now required');
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
