// An operation's request body and answers as the differ judges and words them, for the rules the
// kinds' minimal pairs (test/diff-kinds.test.ts) do not reach: success and error statuses told
// apart, answer headers in any case and behind a $ref, an answer behind a $ref, a body's media
// types and the encoding of a multipart body.
import { describe, expect, it } from 'vitest';
import { diffContracts } from '../src/diff/differ.js';
import type { OpenApiDocument } from '../src/diff/json.js';

type Obj = Record<string, unknown>;

/** A contract of one operation, POST /api/thing, with `operation`'s fields and `more` beside paths. */
function contract(operation: Obj, more: Obj = {}): OpenApiDocument {
  return {
    openapi: '3.1.0',
    info: { title: 'content', version: '1' },
    paths: { '/api/thing': { post: { operationId: 'thing', ...operation } } },
    ...more,
  };
}

const ok = (extra: Obj = {}) => ({ description: 'ok', ...extra });
const json = (schema: unknown) => ({ 'application/json': { schema } });

/** Each change found as [kind, place, field, words]. */
const changes = (before: OpenApiDocument, after: OpenApiDocument) =>
  diffContracts(before, after).map((c) => [c.kind, c.place, c.field, c.change]);

describe('the answers', () => {
  it('tell a success status from an error one, default among the errors', () => {
    expect(
      changes(
        contract({ responses: { '200': ok() } }),
        contract({ responses: { '201': ok(), default: ok() } }),
      ),
    ).toEqual([
      ['answer-removed', 'answer 200', '', 'answer 200 removed'],
      ['answer-added', 'answer 201', '', 'answer 201 added'],
      ['error-answer-added', 'answer default', '', 'answer default added'],
    ]);
  });

  it('keep a header under another case of its name, and read a header behind a $ref', () => {
    const headers = { Page: { required: true, schema: { type: 'integer' } } };
    expect(
      changes(
        contract({
          responses: { '200': ok({ headers: { 'X-Total': { schema: { type: 'integer' } } } }) },
        }),
        contract(
          {
            responses: {
              '200': ok({
                headers: {
                  'x-total': { required: true, schema: { type: 'string' } },
                  'X-Page': { $ref: '#/components/headers/Page' },
                },
              }),
            },
          },
          { components: { headers } },
        ),
      ),
    ).toEqual([
      ['header-required', 'answer 200', 'header X-Total', 'now required'],
      ['type-changed', 'answer 200', 'header X-Total', 'type integer → string'],
      ['required-header-added', 'answer 200', 'header X-Page', 'added (required)'],
    ]);
  });

  it('compare an answer behind a $ref with one written in place, by its content', () => {
    const responses = { Ok: ok({ content: json({ type: 'string' }) }) };
    expect(
      changes(
        contract(
          { responses: { '200': { $ref: '#/components/responses/Ok' } } },
          {
            components: { responses },
          },
        ),
        contract({
          responses: { '200': ok({ content: json({ type: 'integer' }), description: 'fine' }) },
        }),
      ),
    ).toEqual([
      ['type-changed', 'answer 200', '$', 'type string → integer'],
      ['annotations', 'documentation', '', 'answer 200: description changed'],
    ]);
  });
});

describe('the request body', () => {
  it('made required with its only media type replaced', () => {
    expect(
      changes(
        contract({ requestBody: { content: json({ type: 'string' }) }, responses: {} }),
        contract({
          requestBody: {
            required: true,
            content: { 'text/plain': { schema: { type: 'string' } } },
          },
          responses: {},
        }),
      ),
    ).toEqual([
      ['body-required', 'request body', '', 'request body now required'],
      ['media-type-replaced', 'request body', '', 'media type application/json → text/plain'],
    ]);
  });

  it('made optional, one media type removed and another added, a part written another way', () => {
    const multipart = (contentType: string) => ({
      schema: {},
      encoding: { f: { contentType } },
    });
    expect(
      changes(
        contract({
          requestBody: {
            required: true,
            content: {
              'multipart/form-data': multipart('image/png'),
              'application/json': { schema: {} },
            },
          },
          responses: {},
        }),
        contract({
          requestBody: {
            content: { 'multipart/form-data': multipart('image/jpeg'), 'text/csv': {} },
          },
          responses: {},
        }),
      ),
    ).toEqual([
      ['body-optional', 'request body', '', 'request body now optional'],
      ['media-type-removed', 'request body', '', 'media type application/json removed'],
      ['media-type-added', 'request body', '', 'media type text/csv added'],
      ['schema-changed', 'request body (multipart/form-data)', '$', 'encoding changed'],
    ]);
  });

  it('added or removed, said with whether it is required', () => {
    expect(
      changes(
        contract({ responses: {} }),
        contract({ requestBody: { required: true, content: {} }, responses: {} }),
      ),
    ).toEqual([['required-body-added', 'request body', '', 'request body added (required)']]);
    expect(
      changes(
        contract({ requestBody: { content: {} }, responses: {} }),
        contract({ responses: {} }),
      ),
    ).toEqual([['body-removed', 'request body', '', 'request body removed (was optional)']]);
  });
});
