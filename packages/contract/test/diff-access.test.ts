// Who may call an operation, as the differ words it: the change's kind decides whom it breaks
// (test/diff-kinds.test.ts), and its words are what a reviewer reads in the report, so both are
// checked here for the rules the kinds' minimal pairs do not reach (scopes, the document's own
// security, roles in another order, x-owner's wider and narrower parts).
import { describe, expect, it } from 'vitest';
import { diffContracts } from '../src/diff/differ.js';
import type { OpenApiDocument } from '../src/diff/json.js';

type Obj = Record<string, unknown>;

/** A contract of one operation, POST /api/thing, with `operation`'s fields and `more` beside paths. */
function contract(operation: Obj = {}, more: Obj = {}): OpenApiDocument {
  return {
    openapi: '3.1.0',
    info: { title: 'access', version: '1' },
    paths: {
      '/api/thing': {
        post: { operationId: 'thing', responses: { '200': { description: 'ok' } }, ...operation },
      },
    },
    ...more,
  };
}

/** Each change found as [kind, place, words]. */
const changes = (before: OpenApiDocument, after: OpenApiDocument) =>
  diffContracts(before, after).map((change) => [change.kind, change.place, change.change]);

describe('the credentials an operation needs', () => {
  it('count a scope as part of the credential: other scopes are other credentials', () => {
    expect(
      changes(
        contract({ security: [{ oauth: ['write', 'read'] }] }),
        contract({ security: [{ oauth: ['read'] }, { cookie: [] }] }),
      ),
    ).toEqual([
      ['security-changed', 'operation', 'security oauth(read,write) → oauth(read) or cookie'],
    ]);
  });

  it('come from the document unless the operation says its own, even none', () => {
    const everywhere = { security: [{ cookie: [] }] };
    expect(changes(contract({}, everywhere), contract({ security: [] }, everywhere))).toEqual([
      ['security-widened', 'operation', 'security cookie → none'],
    ]);
    expect(changes(contract({}, everywhere), contract({ security: [{ cookie: [] }] }))).toEqual([]);
  });

  it('read an empty requirement as anyone may call', () => {
    expect(
      changes(contract({ security: [{ a: [], b: [] }] }), contract({ security: [{}] })),
    ).toEqual([['security-widened', 'operation', 'security a + b → none']]);
  });
});

describe('the roles that may call', () => {
  it('are the same in another order', () => {
    expect(changes(contract({ 'x-roles': [2, 1] }), contract({ 'x-roles': [1, 2] }))).toEqual([]);
  });

  it('become any role when x-roles goes', () => {
    expect(changes(contract({ 'x-roles': [1] }), contract())).toEqual([
      ['roles-widened', 'operation', 'x-roles 1 → any'],
    ]);
  });
});

describe('whose data a caller may touch', () => {
  it('is wider for a contact’s than for the caller’s own, and narrower with an owned item', () => {
    expect(
      changes(
        contract({ 'x-owner': { whose: 'caller', by: ['student_id'] } }),
        contract({ 'x-owner': { whose: 'contacts', by: ['student_id'], item: 'id', note: 'x' } }),
      ),
    ).toEqual([
      [
        'owner-changed',
        'operation',
        'x-owner caller by student_id → contacts by student_id; item id',
      ],
      ['annotations', 'documentation', 'operation x-owner: note added'],
    ]);
  });

  it('is anyone’s without x-owner, so dropping an x-owner of anyone’s changes only the words', () => {
    expect(changes(contract({ 'x-owner': { whose: 'anyone', by: ['x'] } }), contract())).toEqual([
      ['annotations', 'documentation', 'operation: x-owner removed'],
    ]);
  });

  it('narrows from anyone’s to the caller’s, and widens back', () => {
    expect(changes(contract(), contract({ 'x-owner': { whose: 'caller' } }))).toEqual([
      ['owner-narrowed', 'operation', 'x-owner none → caller'],
    ]);
    expect(changes(contract({ 'x-owner': { whose: 'caller' } }), contract())).toEqual([
      ['owner-widened', 'operation', 'x-owner caller → none'],
    ]);
  });

  it('narrows when a field naming the owner is added, and widens when it goes', () => {
    const byGroup = { whose: 'group', by: ['group_id'] };
    expect(
      changes(contract({ 'x-owner': { whose: 'group' } }), contract({ 'x-owner': byGroup })),
    ).toEqual([['owner-narrowed', 'operation', 'x-owner group → group by group_id']]);
    expect(
      changes(contract({ 'x-owner': byGroup }), contract({ 'x-owner': { whose: 'group' } })),
    ).toEqual([['owner-widened', 'operation', 'x-owner group by group_id → group']]);
  });
});
