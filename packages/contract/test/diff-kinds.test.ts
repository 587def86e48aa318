// Every kind of change in the change table, shown in each place it can occur (a request, an
// answer, or both) by a minimal pair of contracts, with whom it breaks written here, apart from
// the table: a case fails when the differ finds another kind, place or field, finds more than the
// one change, or when the table judges the kind otherwise.
import { describe, expect, it } from 'vitest';
import { impactOf, type Change } from '../src/diff/change.js';
import {
  CHANGE_KINDS,
  verdictOf,
  type ChangeKind,
  type Direction,
  type Verdict,
} from '../src/diff/change-kinds.js';
import { diffContracts } from '../src/diff/differ.js';
import type { OpenApiDocument } from '../src/diff/json.js';

type Obj = Record<string, unknown>;

interface Case {
  kind: ChangeKind;
  direction: Direction;
  before: OpenApiDocument;
  after: OpenApiDocument;
  place: string;
  field: string;
  /** Whom the change breaks, judged here rather than read from the table. */
  verdict: Verdict;
  /** What the pair shows, when a kind has more than one case in a place. */
  shows: string;
  /** Another change the pair makes on purpose, expected beside the case's own. */
  also?: Expected;
}

interface Expected {
  kind: ChangeKind;
  place: string;
  field: string;
  verdict: Verdict;
}

const PATH = '/api/thing';

/** A contract of one operation, POST /api/thing (`thing`), answering 200 unless told otherwise. */
function contract(operation: Obj = {}, more: Obj = {}): OpenApiDocument {
  const post = { operationId: 'thing', responses: { '200': { description: 'ok' } }, ...operation };
  return {
    openapi: '3.1.0',
    info: { title: 'kinds', version: '1' },
    paths: { [PATH]: { post } },
    ...more,
  };
}
/** The same operation at another path. */
const movedTo = (path: string): OpenApiDocument => ({
  ...contract(),
  paths: { [path]: (contract().paths as Obj)[PATH] },
});
const noOperations: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'kinds', version: '1' },
  paths: {},
};

const json = (schema: unknown) => ({ 'application/json': { schema } });
const withBody = (schema: unknown) =>
  contract({ requestBody: { required: true, content: json(schema) } });
const withAnswer = (schema: unknown) =>
  contract({ responses: { '200': { description: 'ok', content: json(schema) } } });
const object = (properties: Obj, required: string[] = [], more: Obj = {}) => ({
  type: 'object',
  properties,
  required,
  ...more,
});
const closed = { additionalProperties: false };
/** A value schema as the required field `n` of an object: the change shows at `$.n`. */
const fieldN = (schema: Obj) => object({ n: schema }, ['n']);
const text = { type: 'string' };
const integer = { type: 'integer' };

/** One case: the pair of contracts makes one change of `kind` at `place` and `field`. */
const one = (
  kind: ChangeKind,
  direction: Direction,
  verdict: Verdict,
  [before, after]: [OpenApiDocument, OpenApiDocument],
  place: string,
  field = '',
  shows = '',
): Case => ({ kind, direction, verdict, before, after, place, field, shows });

/**
 * Cases of the same change in a request and in an answer, with whom it breaks in each: `inRequest`
 * and `inAnswer` make the contracts around the changed part, which shows at the places named.
 */
const inBoth =
  <T>(
    [inRequest, requestPlace]: [(part: T) => OpenApiDocument, string],
    [inAnswer, answerPlace]: [(part: T) => OpenApiDocument, string],
  ) =>
  (
    kind: ChangeKind,
    [request, answer]: [Verdict, Verdict],
    before: T,
    after: T,
    field = '',
    shows = '',
  ): Case[] => [
    one(
      kind,
      'request',
      request,
      [inRequest(before), inRequest(after)],
      requestPlace,
      field,
      shows,
    ),
    one(kind, 'answer', answer, [inAnswer(before), inAnswer(after)], answerPlace, field, shows),
  ];

/** A change to the operation as a whole: part of what the portal asks. */
const op = (
  kind: ChangeKind,
  verdict: Verdict,
  before: OpenApiDocument,
  after: OpenApiDocument,
  shows = '',
) => one(kind, 'request', verdict, [before, after], 'operation', '', shows);

const query = (name: string, required = false, more: Obj = {}) => ({
  name,
  in: 'query',
  required,
  schema: text,
  ...more,
});
/** A change to the operation's parameters, named `field`, at `place` (query unless told). */
const param = (
  kind: ChangeKind,
  verdict: Verdict,
  before: Obj[],
  after: Obj[],
  field: string,
  place = 'query',
  shows = '',
) =>
  one(
    kind,
    'request',
    verdict,
    [contract({ parameters: before }), contract({ parameters: after })],
    place,
    field,
    shows,
  );

/** A change to the request body: none (undefined), or one required or not. */
const body = (
  kind: ChangeKind,
  verdict: Verdict,
  before: boolean | undefined,
  after: boolean | undefined,
) => {
  const make = (required: boolean | undefined) =>
    contract(
      required === undefined ? {} : { requestBody: { required, content: json(object({})) } },
    );
  return one(kind, 'request', verdict, [make(before), make(after)], 'request body');
};

/** A change of media types, in a request body and in an answer. */
const inBodyContent = (media: Obj) => contract({ requestBody: { required: true, content: media } });
const inAnswerContent = (media: Obj) =>
  contract({ responses: { '200': { description: 'ok', content: media } } });
const content = inBoth([inBodyContent, 'request body'], [inAnswerContent, 'answer 200']);
/** A change to a multipart body's (or answer's) media type object: its schema, its encoding. */
const MULTIPART = 'multipart/form-data';
const multipart = inBoth(
  [(media: Obj) => inBodyContent({ [MULTIPART]: media }), `request body (${MULTIPART})`],
  [(media: Obj) => inAnswerContent({ [MULTIPART]: media }), `answer 200 (${MULTIPART})`],
);

/** A change to the answers' statuses; the change shows at `answer <status>`. */
const status = (
  kind: ChangeKind,
  verdict: Verdict,
  before: string[],
  after: string[],
  changed: string,
) => {
  const make = (statuses: string[]) =>
    contract({ responses: Object.fromEntries(statuses.map((s) => [s, { description: s }])) });
  return one(
    kind,
    'answer',
    verdict,
    [make(before), make(after)],
    `answer ${changed}`,
    '',
    changed,
  );
};

/** A change to the headers of answer 200; the change shows at `header X-Total`. */
const header = (kind: ChangeKind, verdict: Verdict, before: Obj, after: Obj) => {
  const make = (headers: Obj) => contract({ responses: { '200': { description: 'ok', headers } } });
  return one(kind, 'answer', verdict, [make(before), make(after)], 'answer 200', 'header X-Total');
};

/** A change to a JSON schema, in a request body and in an answer. */
const schema = inBoth([withBody, 'request body'], [withAnswer, 'answer 200']);

/** Cases whose pair also makes a change of `kind` at `field` in the same place: expected too. */
const alongside = (
  cases: Case[],
  kind: ChangeKind,
  [request, answer]: [Verdict, Verdict],
  field: string,
) =>
  cases.map((c): Case => ({
    ...c,
    also: { kind, place: c.place, field, verdict: c.direction === 'request' ? request : answer },
  }));

/** Documentation changes are one row of the operation, wherever they are. */
const documentation = (cases: Case[]) =>
  cases.map((c) => ({ ...c, place: 'documentation', field: '' }));

const cookieScheme = (name: string) => ({
  components: { securitySchemes: { tokenCookie: { type: 'apiKey', in: 'cookie', name } } },
});
const tokenCookie = [{ tokenCookie: [] }];

const CASES: Case[] = [
  op('operation-removed', 'portal', contract(), noOperations),
  op('operation-added', 'backend', noOperations, contract()),
  op('operation-moved', 'both', contract(), movedTo('/api/thing2')),
  op('operation-id-changed', 'neither', contract(), contract({ operationId: 'thing2' })),
  op(
    'security-narrowed',
    'portal',
    contract({ security: [] }),
    contract({ security: tokenCookie }),
  ),
  op(
    'security-widened',
    'backend',
    contract({ security: tokenCookie }),
    contract({ security: [] }),
  ),
  op(
    'security-changed',
    'both',
    contract({ security: tokenCookie }),
    contract({ security: [{ bearer: [] }] }),
    'credentials replaced',
  ),
  op(
    'security-changed',
    'both',
    contract({ security: tokenCookie }, cookieScheme('token')),
    contract({ security: tokenCookie }, cookieScheme('session')),
    'scheme redefined',
  ),
  op('roles-narrowed', 'portal', contract({ 'x-roles': [1, 2] }), contract({ 'x-roles': [1] })),
  op('roles-narrowed', 'portal', contract(), contract({ 'x-roles': [2] }), 'any role to one'),
  op('roles-widened', 'backend', contract({ 'x-roles': [1] }), contract({ 'x-roles': [1, 2] })),
  op('roles-changed', 'both', contract({ 'x-roles': [1] }), contract({ 'x-roles': [2] })),
  op(
    'owner-narrowed',
    'portal',
    contract({ 'x-owner': { whose: 'anyone', by: [] } }),
    contract({ 'x-owner': { whose: 'caller', by: ['uid'] } }),
  ),
  op(
    'owner-narrowed',
    'portal',
    contract({ 'x-owner': { whose: 'caller', by: ['uid'] } }),
    contract({ 'x-owner': { whose: 'caller', by: ['uid'], item: 'id' } }),
    'an owned item',
  ),
  op(
    'owner-narrowed',
    'portal',
    contract({ 'x-owner': { whose: 'caller', by: ['uid'] } }),
    contract({ 'x-owner': { whose: 'caller', by: ['uid', 'id_group'] } }),
    'another field naming the owner',
  ),
  op(
    'owner-widened',
    'backend',
    contract({ 'x-owner': { whose: 'caller', by: ['uid'] } }),
    contract({ 'x-owner': { whose: 'contacts', by: ['uid'] } }),
  ),
  op(
    'owner-widened',
    'backend',
    contract({ 'x-owner': { whose: 'caller', by: [], item: 'id' } }),
    contract({ 'x-owner': { whose: 'caller', by: [] } }),
    'no owned item',
  ),
  op(
    'owner-changed',
    'both',
    contract({ 'x-owner': { whose: 'group', by: ['id_group'] } }),
    contract({ 'x-owner': { whose: 'class', by: ['id_group'] } }),
  ),

  param('parameter-added', 'neither', [], [query('page')], 'page'),
  param('required-parameter-added', 'portal', [], [query('page', true)], 'page'),
  param(
    'required-parameter-added',
    'portal',
    [],
    [{ name: 'X-Token', in: 'header', required: true, schema: text }],
    'X-Token',
    'header',
    'a header',
  ),
  param('parameter-removed', 'neither', [query('page')], [], 'page'),
  param('required-parameter-removed', 'backend', [query('page', true)], [], 'page'),
  param('parameter-renamed', 'both', [query('page')], [query('p')], 'page'),
  param('parameter-required', 'portal', [query('page')], [query('page', true)], 'page'),
  param('parameter-optional', 'backend', [query('page', true)], [query('page')], 'page'),
  param(
    'parameter-serialization',
    'both',
    [query('ids', false, { explode: true })],
    [query('ids', false, { explode: false })],
    'ids',
  ),

  body('body-added', 'neither', undefined, false),
  body('required-body-added', 'portal', undefined, true),
  body('body-removed', 'neither', false, undefined),
  body('required-body-removed', 'backend', true, undefined),
  body('body-required', 'portal', false, true),
  body('body-optional', 'backend', true, false),

  ...content('media-type-added', ['backend', 'portal'], json(object({})), {
    ...json(object({})),
    'text/plain': { schema: text },
  }),
  ...content(
    'media-type-removed',
    ['portal', 'backend'],
    { ...json(object({})), 'text/plain': { schema: text } },
    json(object({})),
  ),
  ...content('media-type-replaced', ['both', 'both'], json(object({})), {
    'application/xml': { schema: object({}) },
  }),

  status('answer-added', 'portal', ['200'], ['200', '201'], '201'),
  status('answer-removed', 'backend', ['200', '201'], ['200'], '201'),
  status('error-answer-added', 'neither', ['200'], ['200', '404'], '404'),
  status('error-answer-added', 'neither', ['200'], ['200', 'default'], 'default'),
  status('error-answer-removed', 'neither', ['200', '409'], ['200'], '409'),

  header('header-added', 'neither', {}, { 'X-Total': { schema: integer } }),
  header(
    'required-header-added',
    'backend',
    {},
    { 'X-Total': { required: true, schema: integer } },
  ),
  header('header-removed', 'portal', { 'X-Total': { schema: integer } }, {}),
  header(
    'header-required',
    'backend',
    { 'X-Total': { schema: integer } },
    { 'X-Total': { required: true, schema: integer } },
  ),
  header(
    'header-optional',
    'portal',
    { 'X-Total': { required: true, schema: integer } },
    { 'X-Total': { schema: integer } },
  ),

  ...schema(
    'field-added',
    ['neither', 'neither'],
    object({ a: text }),
    object({ a: text, b: integer }),
    '$.b',
  ),
  ...schema(
    'required-field-added',
    ['portal', 'backend'],
    object({ a: text }),
    object({ a: text, b: integer }, ['b']),
    '$.b',
  ),
  ...schema(
    'field-added-to-closed',
    ['backend', 'portal'],
    object({ a: text }, [], closed),
    object({ a: text, b: integer }, [], closed),
    '$.b',
  ),
  ...schema(
    'required-field-added-to-closed',
    ['both', 'both'],
    object({ a: text }, [], closed),
    object({ a: text, b: integer }, ['b'], closed),
    '$.b',
  ),
  ...schema(
    'field-removed',
    ['neither', 'portal'],
    object({ a: text, b: integer }),
    object({ a: text }),
    '$.b',
  ),
  ...schema(
    'required-field-removed',
    ['backend', 'portal'],
    object({ a: text, b: integer }, ['b']),
    object({ a: text }),
    '$.b',
  ),
  ...schema(
    'field-removed-from-closed',
    ['portal', 'both'],
    object({ a: text, b: integer }, [], closed),
    object({ a: text }, [], closed),
    '$.b',
  ),
  ...schema(
    'required-field-removed-from-closed',
    ['both', 'both'],
    object({ a: text, b: integer }, ['b'], closed),
    object({ a: text }, [], closed),
    '$.b',
  ),
  // Whose closed object counts: the old one for a field added (the old reader), the new one for a
  // field removed (the new reader), whatever the other one is.
  ...alongside(
    schema(
      'field-added',
      ['neither', 'neither'],
      object({ a: text }),
      object({ a: text, b: integer }, [], closed),
      '$.b',
      'as the object closes',
    ),
    'object-closed',
    ['portal', 'backend'],
    '$',
  ),
  ...alongside(
    schema(
      'field-added-to-closed',
      ['backend', 'portal'],
      object({ a: text }, [], closed),
      object({ a: text, b: integer }),
      '$.b',
      'as the object opens',
    ),
    'object-opened',
    ['backend', 'portal'],
    '$',
  ),
  ...alongside(
    schema(
      'field-removed',
      ['neither', 'portal'],
      object({ a: text, b: integer }, [], closed),
      object({ a: text }),
      '$.b',
      'as the object opens',
    ),
    'object-opened',
    ['backend', 'portal'],
    '$',
  ),
  ...alongside(
    schema(
      'field-removed-from-closed',
      ['portal', 'both'],
      object({ a: text, b: integer }),
      object({ a: text }, [], closed),
      '$.b',
      'as the object closes',
    ),
    'object-closed',
    ['portal', 'backend'],
    '$',
  ),
  ...schema(
    'field-renamed',
    ['both', 'both'],
    object({ a: text, b: integer }),
    object({ a: text, c: integer }),
    '$.b',
  ),
  ...schema(
    'field-required',
    ['portal', 'backend'],
    object({ a: text }),
    object({ a: text }, ['a']),
    '$.a',
  ),
  ...schema(
    'field-optional',
    ['backend', 'portal'],
    object({ a: text }, ['a']),
    object({ a: text }),
    '$.a',
  ),

  ...schema(
    'type-narrowed',
    ['portal', 'backend'],
    fieldN({ type: ['integer', 'null'] }),
    fieldN(integer),
    '$.n',
  ),
  ...schema(
    'type-widened',
    ['backend', 'portal'],
    fieldN(integer),
    fieldN({ type: ['integer', 'null'] }),
    '$.n',
  ),
  ...schema('type-changed', ['both', 'both'], fieldN(integer), fieldN(text), '$.n'),
  ...schema(
    'enum-narrowed',
    ['portal', 'backend'],
    fieldN({ ...integer, enum: [1, 2] }),
    fieldN({ ...integer, enum: [1] }),
    '$.n',
  ),
  ...schema(
    'enum-narrowed',
    ['portal', 'backend'],
    fieldN(integer),
    fieldN({ ...integer, const: 1 }),
    '$.n',
    'a const where any value was',
  ),
  ...schema(
    'enum-widened',
    ['backend', 'portal'],
    fieldN({ ...integer, enum: [1] }),
    fieldN({ ...integer, enum: [1, 2] }),
    '$.n',
  ),
  ...schema(
    'enum-changed',
    ['both', 'both'],
    fieldN({ ...integer, enum: [1, 2] }),
    fieldN({ ...integer, enum: [1, 3] }),
    '$.n',
  ),
  ...schema(
    'bound-narrowed',
    ['portal', 'backend'],
    fieldN({ ...text, maxLength: 10 }),
    fieldN({ ...text, maxLength: 5 }),
    '$.n',
  ),
  ...schema(
    'bound-narrowed',
    ['portal', 'backend'],
    fieldN(text),
    fieldN({ ...text, pattern: '^a' }),
    '$.n',
    'a pattern added',
  ),
  ...schema(
    'bound-widened',
    ['backend', 'portal'],
    fieldN({ ...integer, minimum: 5 }),
    fieldN({ ...integer, minimum: 1 }),
    '$.n',
  ),
  ...schema(
    'bound-changed',
    ['both', 'both'],
    fieldN({ ...text, pattern: '^a' }),
    fieldN({ ...text, pattern: '^b' }),
    '$.n',
  ),
  ...schema(
    'object-closed',
    ['portal', 'backend'],
    object({ a: text }),
    object({ a: text }, [], closed),
    '$',
  ),
  ...schema(
    'object-opened',
    ['backend', 'portal'],
    object({ a: text }, [], closed),
    object({ a: text }),
    '$',
  ),
  ...schema(
    'alternatives-narrowed',
    ['portal', 'backend'],
    fieldN({ oneOf: [text, integer] }),
    fieldN({ oneOf: [text] }),
    '$.n',
  ),
  ...schema(
    'alternatives-widened',
    ['backend', 'portal'],
    fieldN({ oneOf: [text] }),
    fieldN({ oneOf: [text, integer] }),
    '$.n',
  ),
  ...schema(
    'alternatives-changed',
    ['both', 'both'],
    fieldN({ oneOf: [text, integer] }),
    fieldN({ oneOf: [text, { type: 'boolean' }] }),
    '$.n',
  ),
  ...schema(
    'alternatives-changed',
    ['both', 'both'],
    fieldN({ oneOf: [text, integer] }),
    fieldN({ anyOf: [text, integer] }),
    '$.n',
    'oneOf swapped for anyOf',
  ),
  ...schema(
    'schema-changed',
    ['both', 'both'],
    fieldN({ not: { type: 'null' } }),
    fieldN({ not: text }),
    '$.n',
  ),
  ...multipart(
    'schema-changed',
    ['both', 'both'],
    { schema: object({ file: text }), encoding: { file: { contentType: 'image/png' } } },
    { schema: object({ file: text }), encoding: { file: { contentType: 'image/jpeg' } } },
    '$',
    'an encoding changed',
  ),
  ...documentation(
    schema(
      'annotations',
      ['neither', 'neither'],
      fieldN({ ...text, description: 'A name.' }),
      fieldN({ ...text, description: 'The name.' }),
      '',
    ),
  ),
  ...documentation([
    op(
      'annotations',
      'neither',
      contract({ 'x-owner': { whose: 'caller', by: ['uid'], rule: 'Own orders.' } }),
      contract({ 'x-owner': { whose: 'caller', by: ['uid'], rule: 'The caller’s own orders.' } }),
      'x-owner reworded, the same rule',
    ),
  ]),
];

const byKind = (a: Expected, b: Expected) => a.kind.localeCompare(b.kind);

const verdictOfChange = (change: Change): Verdict => {
  const impact = impactOf(change);
  return impact === 'compatible' ? 'neither' : impact;
};

describe('the kinds of change', () => {
  it.each(CASES)('$kind in a $direction breaks $verdict $shows', (c) => {
    const found = diffContracts(c.before, c.after).map((change): Expected => ({
      kind: change.kind,
      place: change.place,
      field: change.field,
      verdict: verdictOfChange(change),
    }));
    const expected: Expected[] = [
      { kind: c.kind, place: c.place, field: c.field, verdict: c.verdict },
      ...(c.also ? [c.also] : []),
    ];
    expect(found.sort(byKind)).toEqual(expected.sort(byKind));
    expect(CHANGE_KINDS.find((row) => row.kind === c.kind)?.[c.direction]).toBe(c.verdict);
  });

  it('has a case for every kind in every place the table says it occurs, and none elsewhere', () => {
    const places = (kind: ChangeKind) =>
      new Set(CASES.filter((c) => c.kind === kind).map((c) => c.direction));
    const missing = CHANGE_KINDS.flatMap((row) =>
      (['request', 'answer'] as const)
        .filter((direction) => row[direction] !== null && !places(row.kind).has(direction))
        .map((direction) => `${row.kind} in a ${direction}`),
    );
    expect(missing).toEqual([]);
    const elsewhere = CASES.filter(
      (c) => CHANGE_KINDS.find((row) => row.kind === c.kind)?.[c.direction] === null,
    );
    expect(elsewhere.map((c) => `${c.kind} in a ${c.direction}`)).toEqual([]);
  });

  it('lists each kind once, each with a meaning', () => {
    const kinds = CHANGE_KINDS.map((row) => row.kind);
    expect(new Set(kinds).size).toBe(kinds.length);
    for (const row of CHANGE_KINDS) {
      expect(row.meaning, row.kind).toMatch(/^\S.*\.$/);
      expect(row.request ?? row.answer, `${row.kind} occurs somewhere`).not.toBeNull();
    }
  });

  it('refuses to judge a kind where the table says it cannot occur', () => {
    expect(() => verdictOf('answer-added', 'request')).toThrow(
      /no request verdict for answer-added/,
    );
    expect(() => verdictOf('parameter-added', 'answer')).toThrow(
      /no answer verdict for parameter-added/,
    );
  });
});
