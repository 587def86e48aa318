// Who may call an operation: its security (the credentials it needs), x-roles (the roles that may
// call it) and x-owner (whose data a caller may touch). Each is part of what the portal asks, so a
// rule that lets fewer calls through breaks the portal, one that lets more through the backend.
import { emit, emitRange, noteAll, OPERATION, type Context } from './change.js';
import { canonical, deref, isObj, type Obj, type OpenApiDocument } from './json.js';
import { isAnnotation } from './normalised-schema.js';

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

export function compareSecurity(ctx: Context, oldOp: Obj, newOp: Obj) {
  const before = securityOf(ctx.oldDoc, oldOp);
  const after = securityOf(ctx.newDoc, newOp);
  // No requirement at all is one empty alternative: anyone may call.
  const norm = (alts: string[][]) => (alts.length ? alts : [[]]);
  const within = (sent: string[], accepted: string[][]) =>
    accepted.some((needs) => needs.every((scheme) => sent.includes(scheme)));
  // The old portal sends one of the old alternatives; the new backend must accept it. The new
  // portal sends one of the new ones; the old backend must accept it.
  const narrower = norm(before).some((sent) => !within(sent, norm(after)));
  const wider = norm(after).some((sent) => !within(sent, norm(before)));
  const change = `security ${describeSecurity(before)} → ${describeSecurity(after)}`;
  emitRange(ctx, OPERATION, 'security', '', change, narrower, wider);

  const schemes = new Set([...before.flat(), ...after.flat()].map((s) => s.replace(/\(.*$/, '')));
  const defs = (doc: OpenApiDocument) =>
    isObj(doc.components) && isObj(doc.components.securitySchemes)
      ? doc.components.securitySchemes
      : {};
  const strip = (o: Obj) =>
    Object.fromEntries(Object.entries(o).filter(([key]) => !isAnnotation(key)));
  for (const scheme of [...schemes].sort()) {
    const a = deref(ctx.oldDoc, defs(ctx.oldDoc)[scheme]);
    const b = deref(ctx.newDoc, defs(ctx.newDoc)[scheme]);
    if (!a || !b) continue;
    // A scheme read another way (another cookie, header or type): neither side's credentials fit.
    if (canonical(strip(a)) !== canonical(strip(b))) {
      emit(ctx, 'security-changed', OPERATION, '', `security scheme ${scheme} changed`);
    }
    const where = { name: `security scheme ${scheme}`, direction: OPERATION.direction };
    noteAll(ctx, where, a, b, isAnnotation);
  }
}

export function compareRoles(ctx: Context, oldOp: Obj, newOp: Obj) {
  const roles = (op: Obj) => (Array.isArray(op['x-roles']) ? op['x-roles'].map(String) : undefined);
  const before = roles(oldOp);
  const after = roles(newOp);
  if (canonical(before?.slice().sort()) === canonical(after?.slice().sort())) return;
  // No x-roles: any role may call.
  const narrower = !after ? false : !before || before.some((role) => !after.includes(role));
  const wider = !before ? false : !after || after.some((role) => !before.includes(role));
  const change = `x-roles ${before?.join(', ') ?? 'any'} → ${after?.join(', ') ?? 'any'}`;
  emitRange(ctx, OPERATION, 'roles', '', change, narrower, wider);
}

interface OwnerRule {
  whose: string;
  /** The request fields that name whose the data is. */
  by: string[];
  /** The request field naming an owned item, which only its owner may touch. */
  item: string | undefined;
}

/** The owners each `whose` allows beyond itself: anyone's data includes a contact's, and so on. */
const INCLUDES: Record<string, string[]> = {
  anyone: ['caller', 'group', 'class', 'contacts'],
  contacts: ['caller'],
};
const includes = (wider: string, narrower: string) =>
  wider === narrower || (INCLUDES[wider]?.includes(narrower) ?? false);

/** An operation without x-owner lets a caller touch anyone's data. */
function ownerOf(op: Obj): OwnerRule {
  const owner = op['x-owner'];
  if (!isObj(owner)) return { whose: 'anyone', by: [], item: undefined };
  const whose = typeof owner.whose === 'string' ? owner.whose : 'anyone';
  return {
    whose,
    // Anyone's data: no field names an owner the backend must check.
    by: Array.isArray(owner.by) && whose !== 'anyone' ? owner.by.map(String) : [],
    item: typeof owner.item === 'string' ? owner.item : undefined,
  };
}

const describeOwner = (op: Obj, rule: OwnerRule) =>
  !isObj(op['x-owner'])
    ? 'none'
    : [
        `${rule.whose}${rule.by.length ? ` by ${rule.by.join(', ')}` : ''}`,
        ...(rule.item !== undefined ? [`item ${rule.item}`] : []),
      ].join('; ');

/** Whether `a` lets through a request `b` refuses: wider owner, a field or an item `b` checks. */
const letsMore = (a: OwnerRule, b: OwnerRule) =>
  !includes(b.whose, a.whose) ||
  b.by.some((field) => !a.by.includes(field)) ||
  (b.item !== undefined && b.item !== a.item);

/**
 * Records an x-owner that lets a caller touch less or more data; false when the rule is the same
 * (said in other words, or none and anyone), which is documentation.
 */
export function compareOwner(ctx: Context, oldOp: Obj, newOp: Obj): boolean {
  const before = ownerOf(oldOp);
  const after = ownerOf(newOp);
  // The new backend refuses what the old rule let the old portal ask, or the other way round.
  const narrower = letsMore(before, after);
  const wider = letsMore(after, before);
  if (!narrower && !wider) return false;
  const oldOwner = isObj(oldOp['x-owner']) ? oldOp['x-owner'] : {};
  const newOwner = isObj(newOp['x-owner']) ? newOp['x-owner'] : {};
  const change = `x-owner ${describeOwner(oldOp, before)} → ${describeOwner(newOp, after)}`;
  emitRange(ctx, OPERATION, 'owner', '', change, narrower, wider);
  const rule = new Set(['whose', 'by', 'item']);
  noteAll(
    ctx,
    { ...OPERATION, name: 'operation x-owner' },
    oldOwner,
    newOwner,
    (key) => !rule.has(key),
  );
  return true;
}
