// Who may call an operation: its security (the credentials it needs) and x-roles (the roles that
// may call it). Each is part of what the portal asks, so a rule that lets fewer calls through
// breaks the portal, one that lets more through the backend.
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
