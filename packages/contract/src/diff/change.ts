// One change the differ found, and how the comparison records it: the comparison names the kind
// and where it is; whom it breaks comes from the change table.
import { verdictOf, type ChangeKind, type Direction, type Verdict } from './change-kinds.js';
import { canonical, type Obj, type OpenApiDocument } from './json.js';

export interface OperationRef {
  operationId: string;
  /** Upper case. */
  method: string;
  path: string;
}

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

const breaks = (verdict: Verdict, side: 'portal' | 'backend') =>
  verdict === side || verdict === 'both';

/**
 * A change of `kind` found in the given directions; one gathered from several (the documentation
 * row of an operation) breaks whoever any of them breaks.
 */
export function changeOf(
  operation: OperationRef,
  kind: ChangeKind,
  directions: Direction[],
  place: string,
  field: string,
  change: string,
): Change {
  const verdicts = directions.map((direction) => verdictOf(kind, direction));
  return {
    operation,
    kind,
    place,
    field,
    change,
    breaksPortal: verdicts.some((verdict) => breaks(verdict, 'portal')),
    breaksBackend: verdicts.some((verdict) => breaks(verdict, 'backend')),
  };
}

/** Where in an operation a change is: its name in the report, and whether a request or answer. */
export interface Place {
  name: string;
  direction: Direction;
}

/** Everything about an operation but its request and answers is part of what the portal asks. */
export const OPERATION: Place = { name: 'operation', direction: 'request' };

/** The comparison of one operation. */
export interface Context {
  oldDoc: OpenApiDocument;
  newDoc: OpenApiDocument;
  operation: OperationRef;
  out: Change[];
  /** Documentation changes of the operation, gathered into one row. */
  notes: { text: string; direction: Direction }[];
}

export function emit(ctx: Context, kind: ChangeKind, place: Place, field: string, change: string) {
  ctx.out.push(changeOf(ctx.operation, kind, [place.direction], place.name, field, change));
}

type RangeFamily = 'type' | 'enum' | 'bound' | 'alternatives' | 'security' | 'roles' | 'owner';

/**
 * Records a change that makes the place accept less (narrower), more (wider) or both: a family's
 * `-narrowed`, `-widened` or `-changed` kind; nothing when neither.
 */
export function emitRange(
  ctx: Context,
  place: Place,
  family: RangeFamily,
  field: string,
  change: string,
  narrower: boolean,
  wider: boolean,
) {
  if (!narrower && !wider) return;
  const kind = narrower
    ? wider
      ? (`${family}-changed` as const)
      : (`${family}-narrowed` as const)
    : (`${family}-widened` as const);
  emit(ctx, kind, place, field, change);
}

function note(ctx: Context, place: Place, key: string, before: unknown, after: unknown) {
  if (canonical(before) === canonical(after)) return;
  const what = before === undefined ? 'added' : after === undefined ? 'removed' : 'changed';
  ctx.notes.push({ text: `${place.name}: ${key} ${what}`, direction: place.direction });
}

/** Notes each of the `keys` that differs between `before` and `after` (documentation only). */
export function noteAll(
  ctx: Context,
  place: Place,
  before: Obj,
  after: Obj,
  keys: (key: string) => boolean,
) {
  const all = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const key of [...all].sort()) if (keys(key)) note(ctx, place, key, before[key], after[key]);
}
