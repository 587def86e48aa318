// The content of a request body or of one answer: its media types and, for each, the schema and
// the encoding.
import { emit, noteAll, type Context, type Place } from './change.js';
import type { Direction } from './change-kinds.js';
import { canonical, deref, type Obj } from './json.js';
import { compareSchema } from './schema-comparison.js';

const JSON_TYPE = 'application/json';
/** `request body` for JSON, `request body (multipart/form-data)` for any other media type. */
const placeName = (base: string, mediaType: string) =>
  mediaType === JSON_TYPE ? base : `${base} (${mediaType})`;

export function compareContent(
  ctx: Context,
  base: string,
  direction: Direction,
  before: Obj,
  after: Obj,
) {
  const at: Place = { name: base, direction };
  const oldTypes = Object.keys(before);
  const newTypes = Object.keys(after);
  const pairs: [string, string][] = oldTypes.filter((t) => t in after).map((t) => [t, t]);
  if (oldTypes.length === 1 && newTypes.length === 1 && oldTypes[0] !== newTypes[0]) {
    // One media type replaced by another: its schema is still compared, as the same content.
    emit(ctx, 'media-type-replaced', at, '', `media type ${oldTypes[0]} → ${newTypes[0]}`);
    pairs.push([oldTypes[0]!, newTypes[0]!]);
  } else {
    for (const type of oldTypes.filter((t) => !(t in after))) {
      emit(ctx, 'media-type-removed', at, '', `media type ${type} removed`);
    }
    for (const type of newTypes.filter((t) => !(t in before))) {
      emit(ctx, 'media-type-added', at, '', `media type ${type} added`);
    }
  }
  for (const [oldType, newType] of pairs) {
    const a = deref(ctx.oldDoc, before[oldType]) ?? {};
    const b = deref(ctx.newDoc, after[newType]) ?? {};
    const place: Place = { name: placeName(base, newType), direction };
    compareSchema(ctx, place, '$', a.schema ?? {}, b.schema ?? {});
    // How each part of a multipart body is written: this differ does not read it.
    if (canonical(a.encoding) !== canonical(b.encoding)) {
      emit(ctx, 'schema-changed', place, '$', 'encoding changed');
    }
    noteAll(
      ctx,
      place,
      a,
      b,
      (key) => key === 'example' || key === 'examples' || key.startsWith('x-'),
    );
  }
}
