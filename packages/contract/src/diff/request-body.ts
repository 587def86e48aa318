// An operation's request body: added, removed, made required or optional, and its content.
import { emit, noteAll, type Context, type Place } from './change.js';
import { deref, isObj, type Obj } from './json.js';
import { compareContent } from './media-types.js';
import { isAnnotation } from './normalised-schema.js';

const BODY: Place = { name: 'request body', direction: 'request' };

const requiredText = (required: boolean) => (required ? 'required' : 'optional');

export function compareRequestBody(ctx: Context, oldOp: Obj, newOp: Obj) {
  const before = deref(ctx.oldDoc, oldOp.requestBody);
  const after = deref(ctx.newDoc, newOp.requestBody);
  if (!before && !after) return;
  if (!before) {
    const required = after!.required === true;
    const kind = required ? 'required-body-added' : 'body-added';
    emit(ctx, kind, BODY, '', `request body added (${requiredText(required)})`);
    return;
  }
  if (!after) {
    const required = before.required === true;
    const kind = required ? 'required-body-removed' : 'body-removed';
    emit(ctx, kind, BODY, '', `request body removed (was ${requiredText(required)})`);
    return;
  }
  const [was, now] = [before.required === true, after.required === true];
  if (!was && now) emit(ctx, 'body-required', BODY, '', 'request body now required');
  if (was && !now) emit(ctx, 'body-optional', BODY, '', 'request body now optional');
  compareContent(
    ctx,
    BODY.name,
    'request',
    isObj(before.content) ? before.content : {},
    isObj(after.content) ? after.content : {},
  );
  noteAll(ctx, BODY, before, after, isAnnotation);
}
