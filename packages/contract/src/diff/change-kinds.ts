// The kinds of change the differ reports, as data: each kind one row with its one-line meaning and
// whom it breaks in a request and in an answer. The comparison only says which kind it found and
// where; whom it breaks is read from this table (and the README's table is generated from it).
//
// Whom a change breaks:
// - the portal: a portal built on the old contract fails against a backend on the new one (the new
//   backend refuses what the old portal sends, or answers what the old portal cannot read);
// - the backend: a backend built on the old contract fails against a portal on the new one (the
//   old backend refuses what the new portal sends, or answers what the new portal cannot read).
// A request is written by the portal and read by the backend, an answer the other way round. So a
// change that makes a place accept less (narrower) breaks the portal in a request and the backend
// in an answer; one that makes it accept more (wider) breaks the backend in a request and the
// portal in an answer. Fields follow the same rule, read as "what the writer sends, what the
// reader needs"; a reader that refuses undeclared fields (a closed object) also refuses a field
// removed that the old writer still sends, and a field added that the old reader does not know.

/** Whom a change breaks: see above. */
export type Verdict = 'portal' | 'backend' | 'both' | 'neither';

/** A request is written by the portal and read by the backend; an answer the other way round. */
export type Direction = 'request' | 'answer';

// One row a line, so the table reads as a table.
// prettier-ignore
const ROWS = [
  // The operation as a whole: what the portal may ask, so judged as a request.
  { kind: 'operation-removed',                  request: 'portal',  answer: null,      meaning: 'The operation is gone: the old portal may still call it.' },
  { kind: 'operation-added',                    request: 'backend', answer: null,      meaning: 'A new operation: the new portal may call it, the old backend does not answer it.' },
  { kind: 'operation-moved',                    request: 'both',    answer: null,      meaning: 'The same operationId under another method or path: neither side finds the other’s.' },
  { kind: 'operation-id-changed',               request: 'neither', answer: null,      meaning: 'The operationId renamed, method and path kept: only a name in the generated client.' },
  { kind: 'security-narrowed',                  request: 'portal',  answer: null,      meaning: 'The operation needs credentials the old portal does not send.' },
  { kind: 'security-widened',                   request: 'backend', answer: null,      meaning: 'The operation takes credentials the old backend does not take.' },
  { kind: 'security-changed',                   request: 'both',    answer: null,      meaning: 'Credentials replaced by others, or a security scheme’s definition changed.' },
  { kind: 'roles-narrowed',                     request: 'portal',  answer: null,      meaning: 'x-roles lets fewer roles call: the new backend refuses a role the old portal lets call.' },
  { kind: 'roles-widened',                      request: 'backend', answer: null,      meaning: 'x-roles lets more roles call: the old backend refuses a role the new portal lets call.' },
  { kind: 'roles-changed',                      request: 'both',    answer: null,      meaning: 'x-roles lets some roles in and others no longer.' },
  { kind: 'owner-narrowed',                     request: 'portal',  answer: null,      meaning: 'x-owner lets a caller touch less data: a narrower whose, a new field naming the owner, or an owned item.' },
  { kind: 'owner-widened',                      request: 'backend', answer: null,      meaning: 'x-owner lets a caller touch more data: a wider whose, a field naming the owner or an owned item dropped.' },
  { kind: 'owner-changed',                      request: 'both',    answer: null,      meaning: 'x-owner lets a caller touch other data, neither less nor more.' },
  // Parameters (query, path, header, cookie): only in requests.
  { kind: 'parameter-added',                    request: 'neither', answer: null,      meaning: 'An optional parameter added: the old portal leaves it out, the old backend ignores it.' },
  { kind: 'required-parameter-added',           request: 'portal',  answer: null,      meaning: 'A required parameter added: the old portal does not send it.' },
  { kind: 'parameter-removed',                  request: 'neither', answer: null,      meaning: 'An optional parameter removed.' },
  { kind: 'required-parameter-removed',         request: 'backend', answer: null,      meaning: 'A required parameter removed: the old backend still needs it.' },
  { kind: 'parameter-renamed',                  request: 'both',    answer: null,      meaning: 'A parameter renamed (one removed, one in the same place with the same type added).' },
  { kind: 'parameter-required',                 request: 'portal',  answer: null,      meaning: 'A parameter made required: the old portal may leave it out.' },
  { kind: 'parameter-optional',                 request: 'backend', answer: null,      meaning: 'A parameter made optional: the new portal may leave it out, the old backend needs it.' },
  { kind: 'parameter-serialization',            request: 'both',    answer: null,      meaning: 'A parameter’s style, explode, allowReserved or allowEmptyValue changed: it is written another way.' },
  // The request body: only in requests.
  { kind: 'body-added',                         request: 'neither', answer: null,      meaning: 'An optional request body added.' },
  { kind: 'required-body-added',                request: 'portal',  answer: null,      meaning: 'A required request body added: the old portal does not send it.' },
  { kind: 'body-removed',                       request: 'neither', answer: null,      meaning: 'An optional request body removed.' },
  { kind: 'required-body-removed',              request: 'backend', answer: null,      meaning: 'A required request body removed: the old backend still needs it.' },
  { kind: 'body-required',                      request: 'portal',  answer: null,      meaning: 'The request body made required: the old portal may leave it out.' },
  { kind: 'body-optional',                      request: 'backend', answer: null,      meaning: 'The request body made optional: the new portal may leave it out, the old backend needs it.' },
  // Media types of a request body or of an answer.
  { kind: 'media-type-added',                   request: 'backend', answer: 'portal',  meaning: 'A media type added beside the others: the new writer may use it, the old reader does not take it.' },
  { kind: 'media-type-removed',                 request: 'portal',  answer: 'backend', meaning: 'A media type removed, others kept: the old writer may still use it, the new reader does not take it.' },
  { kind: 'media-type-replaced',                request: 'both',    answer: 'both',    meaning: 'The only media type replaced by another: neither side reads what the other writes.' },
  // Answer statuses and headers: only in answers.
  { kind: 'answer-added',                       request: null,      answer: 'portal',  meaning: 'A success status (2xx) added: the old portal cannot read it.' },
  { kind: 'answer-removed',                     request: null,      answer: 'backend', meaning: 'A success status (2xx) removed: the old backend still gives it, the new portal does not expect it.' },
  { kind: 'error-answer-added',                 request: null,      answer: 'neither', meaning: 'An error status (4xx, 5xx, default) added: the portal reads every error by its class.' },
  { kind: 'error-answer-removed',               request: null,      answer: 'neither', meaning: 'An error status (4xx, 5xx, default) removed.' },
  { kind: 'header-added',                       request: null,      answer: 'neither', meaning: 'An optional answer header added.' },
  { kind: 'required-header-added',              request: null,      answer: 'backend', meaning: 'A required answer header added: the old backend does not send it.' },
  { kind: 'header-removed',                     request: null,      answer: 'portal',  meaning: 'An answer header removed: the old portal may read it.' },
  { kind: 'header-required',                    request: null,      answer: 'backend', meaning: 'An answer header made required: the old backend may leave it out.' },
  { kind: 'header-optional',                    request: null,      answer: 'portal',  meaning: 'An answer header made optional: the new backend may leave it out, the old portal reads it.' },
  // Fields of an object, in a request or an answer.
  { kind: 'field-added',                        request: 'neither', answer: 'neither', meaning: 'An optional field added to an object that allows other fields.' },
  { kind: 'required-field-added',               request: 'portal',  answer: 'backend', meaning: 'A required field added: the old writer does not send it.' },
  { kind: 'field-added-to-closed',              request: 'backend', answer: 'portal',  meaning: 'An optional field added to an object that refused other fields: the old reader refuses it.' },
  { kind: 'required-field-added-to-closed',     request: 'both',    answer: 'both',    meaning: 'A required field added to an object that refused other fields: the old writer lacks it, the old reader refuses it.' },
  { kind: 'field-removed',                      request: 'neither', answer: 'portal',  meaning: 'An optional field removed: in an answer, the old portal reads it.' },
  { kind: 'required-field-removed',             request: 'backend', answer: 'portal',  meaning: 'A required field removed: the old reader needs it.' },
  { kind: 'field-removed-from-closed',          request: 'portal',  answer: 'both',    meaning: 'An optional field removed from an object that refuses other fields: the new reader refuses it from the old writer.' },
  { kind: 'required-field-removed-from-closed', request: 'both',    answer: 'both',    meaning: 'A required field removed from an object that refuses other fields: the old reader needs it, the new one refuses it.' },
  { kind: 'field-renamed',                      request: 'both',    answer: 'both',    meaning: 'A field renamed (one removed, one with the same type added in the same object): the reader misses it under its name.' },
  { kind: 'field-required',                     request: 'portal',  answer: 'backend', meaning: 'A field made required: the old writer may leave it out.' },
  { kind: 'field-optional',                     request: 'backend', answer: 'portal',  meaning: 'A field made optional: the new writer may leave it out, the old reader needs it.' },
  // Values, in a request or an answer.
  { kind: 'type-narrowed',                      request: 'portal',  answer: 'backend', meaning: 'The value’s type accepts less (a type dropped, null among them).' },
  { kind: 'type-widened',                       request: 'backend', answer: 'portal',  meaning: 'The value’s type accepts more (a type added, null among them).' },
  { kind: 'type-changed',                       request: 'both',    answer: 'both',    meaning: 'The value’s type replaced by another.' },
  { kind: 'enum-narrowed',                      request: 'portal',  answer: 'backend', meaning: 'Allowed values removed, or the value limited to an enum or const.' },
  { kind: 'enum-widened',                       request: 'backend', answer: 'portal',  meaning: 'Allowed values added, or the enum lifted.' },
  { kind: 'enum-changed',                       request: 'both',    answer: 'both',    meaning: 'Allowed values removed and others added.' },
  { kind: 'bound-narrowed',                     request: 'portal',  answer: 'backend', meaning: 'A bound (minimum, maxLength, maxItems…) tightened or added, or a pattern, format, multipleOf or uniqueItems added.' },
  { kind: 'bound-widened',                      request: 'backend', answer: 'portal',  meaning: 'A bound loosened or removed, or a pattern, format, multipleOf or uniqueItems removed.' },
  { kind: 'bound-changed',                      request: 'both',    answer: 'both',    meaning: 'A pattern, format, multipleOf or uniqueItems replaced by another.' },
  { kind: 'object-closed',                      request: 'portal',  answer: 'backend', meaning: 'An object now refuses fields it does not declare (additionalProperties or unevaluatedProperties false).' },
  { kind: 'object-opened',                      request: 'backend', answer: 'portal',  meaning: 'An object now allows fields it does not declare.' },
  { kind: 'alternatives-narrowed',              request: 'portal',  answer: 'backend', meaning: 'oneOf or anyOf alternatives removed, or added where there were none.' },
  { kind: 'alternatives-widened',               request: 'backend', answer: 'portal',  meaning: 'oneOf or anyOf alternatives added, or dropped altogether.' },
  { kind: 'alternatives-changed',               request: 'both',    answer: 'both',    meaning: 'oneOf or anyOf alternatives removed and others added, or oneOf swapped for anyOf.' },
  { kind: 'schema-changed',                     request: 'both',    answer: 'both',    meaning: 'A schema keyword this differ does not read, or a body’s encoding, changed: assumed to break both sides.' },
  { kind: 'annotations',                        request: 'neither', answer: 'neither', meaning: 'Descriptions, summaries, examples, defaults, tags and other x- extensions: one row per operation.' },
] as const;

/** One kind of change; all of them are the rows of CHANGE_KINDS. */
export type ChangeKind = (typeof ROWS)[number]['kind'];

export interface ChangeKindRow {
  /** The id the differ reports (`Change.kind`, the JSON report's `kind`). */
  kind: ChangeKind;
  /** What changed, in one line. */
  meaning: string;
  /** Whom the change breaks in a request; null: it cannot occur in a request. */
  request: Verdict | null;
  /** Whom the change breaks in an answer; null: it cannot occur in an answer. */
  answer: Verdict | null;
}

/** Every kind of change, in the order a README lists them. */
export const CHANGE_KINDS: readonly ChangeKindRow[] = ROWS;

const BY_KIND = new Map(CHANGE_KINDS.map((row) => [row.kind, row]));

/** Whom `kind` breaks in `direction`, from the table; a kind that cannot occur there is a bug. */
export function verdictOf(kind: ChangeKind, direction: Direction): Verdict {
  const verdict = BY_KIND.get(kind)?.[direction];
  if (!verdict) throw new Error(`The change table has no ${direction} verdict for ${kind}.`);
  return verdict;
}
