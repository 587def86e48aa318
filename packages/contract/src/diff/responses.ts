// An operation's answers: statuses added or removed, and for each answer kept, its content and
// its headers.
import { emit, noteAll, type Context, type Place } from './change.js';
import { deref, isObj, type Obj } from './json.js';
import { compareContent } from './media-types.js';
import { isAnnotation } from './normalised-schema.js';
import { compareSchema } from './schema-comparison.js';

/** 2xx; 4xx, 5xx and `default` are errors, which the portal reads by their class. */
const isSuccess = (status: string) => /^2/.test(status);

export function compareResponses(ctx: Context, oldOp: Obj, newOp: Obj) {
  const before = isObj(oldOp.responses) ? oldOp.responses : {};
  const after = isObj(newOp.responses) ? newOp.responses : {};
  for (const status of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const place: Place = { name: `answer ${status}`, direction: 'answer' };
    const a = deref(ctx.oldDoc, before[status]);
    const b = deref(ctx.newDoc, after[status]);
    if (!a) {
      const kind = isSuccess(status) ? 'answer-added' : 'error-answer-added';
      emit(ctx, kind, place, '', `answer ${status} added`);
      continue;
    }
    if (!b) {
      const kind = isSuccess(status) ? 'answer-removed' : 'error-answer-removed';
      emit(ctx, kind, place, '', `answer ${status} removed`);
      continue;
    }
    compareContent(
      ctx,
      place.name,
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

function compareHeaders(ctx: Context, place: Place, before: Obj, after: Obj) {
  // Header names are case-insensitive.
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
      emit(ctx, 'header-removed', place, field, 'removed');
      continue;
    }
    const newHeader = deref(ctx.newDoc, next.header) ?? {};
    const [was, now] = [oldHeader.required === true, newHeader.required === true];
    if (!was && now) emit(ctx, 'header-required', place, field, 'now required');
    if (was && !now) emit(ctx, 'header-optional', place, field, 'now optional');
    compareSchema(ctx, place, field, oldHeader.schema ?? {}, newHeader.schema ?? {});
    const where: Place = { name: `${place.name} ${field}`, direction: 'answer' };
    noteAll(ctx, where, oldHeader, newHeader, isAnnotation);
  }
  for (const [key, { name, header }] of b) {
    if (a.has(key)) continue;
    const required = deref(ctx.newDoc, header)?.required === true;
    const kind = required ? 'required-header-added' : 'header-added';
    emit(ctx, kind, place, `header ${name}`, `added (${required ? 'required' : 'optional'})`);
  }
}
