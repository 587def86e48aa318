// An operation's parameters as the differ judges and words them, for the rules the kinds' minimal
// pairs (test/diff-kinds.test.ts) do not reach: when a removed and an added parameter are a
// rename, header names in any case, the path item's parameters, a path parameter always required,
// a parameter given by its content, and entries that are no parameter.
import { describe, expect, it } from 'vitest';
import { diffContracts } from '../src/diff/differ.js';
import type { OpenApiDocument } from '../src/diff/json.js';

type Obj = Record<string, unknown>;

/** A contract of POST /api/thing/{id}, with `operation`'s fields and its path item's `item`. */
function contract(operation: Obj = {}, item: Obj = {}): OpenApiDocument {
  const post = { operationId: 'thing', responses: { '200': { description: 'ok' } }, ...operation };
  return {
    openapi: '3.1.0',
    info: { title: 'parameters', version: '1' },
    paths: { '/api/thing/{id}': { ...item, post } },
  };
}

const query = (name: string, type = 'string', more: Obj = {}) => ({
  name,
  in: 'query',
  schema: { type },
  ...more,
});

/** Each change found as [kind, place, field, words]. */
const changes = (before: OpenApiDocument, after: OpenApiDocument) =>
  diffContracts(before, after).map((c) => [c.kind, c.place, c.field, c.change]);

describe('a parameter removed and one added', () => {
  it('are a rename when they alone in their place share a type', () => {
    expect(
      changes(
        contract({ parameters: [query('a'), query('n', 'integer')] }),
        contract({ parameters: [query('b'), query('m', 'integer')] }),
      ),
    ).toEqual([
      ['parameter-renamed', 'query', 'a', 'renamed a → b'],
      ['parameter-renamed', 'query', 'n', 'renamed n → m'],
    ]);
  });

  it('are each itself when another of the same type could be the pair', () => {
    expect(
      changes(
        contract({ parameters: [query('a'), query('b', 'string', { required: true })] }),
        contract({ parameters: [query('c'), query('d')] }),
      ),
    ).toEqual([
      ['parameter-removed', 'query', 'a', 'removed (optional)'],
      ['required-parameter-removed', 'query', 'b', 'removed (required)'],
      ['parameter-added', 'query', 'c', 'added (string, optional)'],
      ['parameter-added', 'query', 'd', 'added (string, optional)'],
    ]);
  });
});

describe('a parameter kept', () => {
  it('is the same header in any case, whether the path item or the operation declares it', () => {
    expect(
      changes(
        contract(
          {},
          { parameters: [{ name: 'X-Trace', in: 'header', schema: { type: 'string' } }] },
        ),
        contract({
          parameters: [
            { name: 'x-trace', in: 'header', required: true, schema: { type: 'string' } },
          ],
        }),
      ),
    ).toEqual([['parameter-required', 'header', 'X-Trace', 'now required']]);
  });

  it('in the path is required whatever it says, and is written another way when its style changes', () => {
    expect(
      changes(
        contract({ parameters: [{ name: 'id', in: 'path', schema: { type: 'string' } }] }),
        contract({
          parameters: [
            {
              name: 'id',
              in: 'path',
              required: false,
              schema: { type: 'string' },
              style: 'label',
              explode: true,
            },
          ],
        }),
      ),
    ).toEqual([['parameter-serialization', 'path', 'id', 'style, explode changed']]);
  });

  it('given by its content is judged by the content’s schema', () => {
    const byContent = (type: string) => ({
      parameters: [
        { name: 'f', in: 'query', content: { 'application/json': { schema: { type } } } },
      ],
    });
    expect(changes(contract(byContent('string')), contract(byContent('integer')))).toEqual([
      ['type-changed', 'query', 'f', 'type string → integer'],
    ]);
  });

  it('made optional is said so, its description apart as documentation', () => {
    expect(
      changes(
        contract({ parameters: [query('a', 'string', { required: true })] }),
        contract({ parameters: [query('a', 'string', { description: 'now' })] }),
      ),
    ).toEqual([
      ['parameter-optional', 'query', 'a', 'now optional'],
      ['annotations', 'documentation', '', 'query a: description added'],
    ]);
  });
});

it('leaves out what is no parameter: a reference to nothing, a string, a name that is no text', () => {
  expect(
    changes(
      contract({
        parameters: [{ $ref: '#/components/parameters/P' }, 'junk', { name: 5, in: 'query' }],
      }),
      contract({ parameters: [] }),
    ),
  ).toEqual([]);
});
