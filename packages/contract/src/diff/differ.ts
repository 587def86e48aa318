// The contract differ: compares two bundled OpenAPI 3.1 documents operation by operation and says,
// for every change, its kind and whom it breaks (read from the change table, change-kinds.ts).
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
// Operations are matched by method and path; one whose operationId reappears under another method
// or path has moved. A keyword this differ does not understand is reported as breaking both sides
// rather than ignored.
import { compareOwner, compareRoles, compareSecurity } from './access.js';
import {
  changeOf,
  emit,
  noteAll,
  OPERATION,
  type Change,
  type Context,
  type OperationRef,
} from './change.js';
import { deref, isObj, type Obj, type OpenApiDocument } from './json.js';
import { isAnnotation } from './normalised-schema.js';
import { compareParameters, type OperationEntry } from './parameters.js';
import { compareRequestBody } from './request-body.js';
import { compareResponses } from './responses.js';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

interface ListedOperation extends OperationEntry {
  ref: OperationRef;
}

function listOperations(doc: OpenApiDocument): Map<string, ListedOperation> {
  const found = new Map<string, ListedOperation>();
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

function compareOperation(
  oldDoc: OpenApiDocument,
  newDoc: OpenApiDocument,
  oldEntry: ListedOperation,
  newEntry: ListedOperation,
  out: Change[],
) {
  const ctx: Context = { oldDoc, newDoc, operation: newEntry.ref, out, notes: [] };
  const oldOp: Obj = oldEntry.operation;
  const newOp: Obj = newEntry.operation;
  const [oldId, newId] = [oldEntry.ref.operationId, newEntry.ref.operationId];
  if (oldId !== newId) {
    emit(ctx, 'operation-id-changed', OPERATION, '', `operationId ${oldId} → ${newId}`);
  }
  compareSecurity(ctx, oldOp, newOp);
  compareRoles(ctx, oldOp, newOp);
  const ownerJudged = compareOwner(ctx, oldOp, newOp);
  compareParameters(ctx, oldEntry, newEntry);
  compareRequestBody(ctx, oldOp, newOp);
  compareResponses(ctx, oldOp, newOp);
  // The same owner rule in other words is documentation.
  const described = (key: string) =>
    isAnnotation(key) || key === 'tags' || (key === 'x-owner' && !ownerJudged);
  noteAll(ctx, OPERATION, oldOp, newOp, described);
  if (ctx.notes.length) {
    // One row for the operation's documentation, wherever in the operation it changed.
    const directions = [...new Set(ctx.notes.map((note) => note.direction))];
    const words = ctx.notes.map((note) => note.text).join('; ');
    out.push(changeOf(ctx.operation, 'annotations', directions, 'documentation', '', words));
  }
}

/** Every change from the old contract to the new one, operation by operation. */
export function diffContracts(oldDoc: OpenApiDocument, newDoc: OpenApiDocument): Change[] {
  const before = listOperations(oldDoc);
  const after = listOperations(newDoc);
  const out: Change[] = [];
  const removed = [...before.keys()].filter((key) => !after.has(key));
  const added = new Set([...after.keys()].filter((key) => !before.has(key)));
  const operationChange = (ref: OperationRef, kind: Change['kind'], change: string) =>
    changeOf(ref, kind, [OPERATION.direction], OPERATION.name, '', change);
  for (const key of removed) {
    const oldEntry = before.get(key)!;
    // The same operationId under another method or path: moved.
    const movedTo = [...added].find(
      (k) => after.get(k)!.ref.operationId === oldEntry.ref.operationId,
    );
    if (movedTo !== undefined) {
      added.delete(movedTo);
      const newEntry = after.get(movedTo)!;
      const from = `moved from ${oldEntry.ref.method} ${oldEntry.ref.path}`;
      out.push(operationChange(newEntry.ref, 'operation-moved', from));
      compareOperation(oldDoc, newDoc, oldEntry, newEntry, out);
      continue;
    }
    out.push(operationChange(oldEntry.ref, 'operation-removed', 'operation removed'));
  }
  for (const key of added) {
    out.push(operationChange(after.get(key)!.ref, 'operation-added', 'operation added'));
  }
  for (const [key, oldEntry] of before) {
    const newEntry = after.get(key);
    if (newEntry) compareOperation(oldDoc, newDoc, oldEntry, newEntry, out);
  }
  return out;
}
