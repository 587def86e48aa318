// What an answer to an operation may be, as the contract declares it: the status, the content type
// and, for JSON, the schema (the envelope included). One function for every user of the contract:
// the mock server's test mode, the contract checker and the validating proxy.
import type { ErrorObject } from 'ajv';
import { resolvePointer, type Operation, type Pointer } from './contract.js';
import { isJsonMediaType, validatorAt } from './validators.js';

/** Which rule an answer broke. */
export type AnswerRule = 'status' | 'content-type' | 'schema';

export interface AnswerProblem {
  rule: AnswerRule;
  /** One line: what was declared and what came. */
  message: string;
  /** For `schema`: the fields that differ, as JSON pointers into the body ('/data/0/id'). */
  fields: string[];
  /** For `schema`: the contract's component schemas whose rules the body broke ('AcademicYear'). */
  components: string[];
}

/** The declared content of a status: exact, then its class ('4XX'), then `default`. */
export function declaredContent(
  op: Operation,
  status: number,
): Record<string, Pointer> | undefined {
  return (
    op.responses[String(status)] ??
    op.responses[`${String(status).charAt(0)}XX`] ??
    op.responses.default
  );
}

const mediaTypeOf = (contentType: string | null | undefined) =>
  contentType?.split(';')[0]?.trim().toLowerCase() ?? '';

/** Whether a media type matches a declared one or range ('image/*', '*\/*'). */
export function mediaTypeMatches(actual: string, declared: string): boolean {
  if (declared === '*/*' || declared === actual) return true;
  const [type, subtype] = declared.split('/');
  return subtype === '*' && actual.startsWith(`${type}/`);
}

/** The schema pointer declared for the media type of an answer, if any. */
export function schemaFor(
  content: Record<string, Pointer>,
  mediaType: string,
): Pointer | undefined {
  const exact = content[mediaType];
  if (exact) return exact;
  return Object.entries(content).find(([declared]) => mediaTypeMatches(mediaType, declared))?.[1];
}

/** An ajv error as the field it names ('/data/title') and what is wrong with it. */
export function errorField(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  const extra =
    error.keyword === 'required'
      ? `/${String(params.missingProperty)}`
      : error.keyword === 'additionalProperties'
        ? `/${String(params.additionalProperty)}`
        : '';
  return `${error.instancePath}${extra}` || '/';
}

/**
 * Checks one answer against the operation. `body` is the parsed JSON (undefined for other content).
 * Returns null when the answer is one the contract allows.
 */
export function checkAnswer(
  op: Operation,
  status: number,
  contentType: string | null | undefined,
  body: unknown,
): AnswerProblem | null {
  const where = `${op.operationId} answered ${status}`;
  const content = declaredContent(op, status);
  const mediaType = mediaTypeOf(contentType);
  if (!content) {
    return {
      rule: 'status',
      message: `${where}, a status the contract does not declare (declared: ${Object.keys(op.responses).join(', ')})`,
      fields: [],
      components: [],
    };
  }
  const declaredTypes = Object.keys(content);
  if (declaredTypes.length === 0) return null;
  const pointer = mediaType ? schemaFor(content, mediaType) : undefined;
  if (!pointer) {
    return {
      rule: 'content-type',
      message: `${where} with ${mediaType || 'no content type'}; declared ${declaredTypes.join(' or ')}`,
      fields: [],
      components: [],
    };
  }
  if (!isJsonMediaType(mediaType)) return null;
  const validate = validatorAt(pointer);
  if (validate(body)) return null;
  const errors = validate.errors ?? [];
  const fields = [...new Set(errors.map(errorField))];
  return {
    rule: 'schema',
    message: `${where} with a body the contract does not allow: ${errors
      .slice(0, 5)
      .map((e) => `${errorField(e)} ${e.message ?? ''}`.trim())
      .join('; ')}`,
    fields,
    components: [
      ...new Set(
        errors.flatMap((e) => /#\/components\/schemas\/([^/]+)/.exec(e.schemaPath)?.[1] ?? []),
      ),
    ],
  };
}

type SchemaNode = {
  $ref?: string;
  allOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  anyOf?: SchemaNode[];
  properties?: Record<string, SchemaNode>;
  additionalProperties?: boolean | SchemaNode;
  patternProperties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  prefixItems?: SchemaNode[];
};

/** The branches a value may take: `$ref`s followed, `allOf`/`oneOf`/`anyOf` flattened. */
function branches(node: SchemaNode | undefined, seen = 0): SchemaNode[] {
  if (!node || typeof node !== 'object' || seen > 32) return [];
  if (node.$ref) return branches(resolvePointer(node.$ref.slice(1)) as SchemaNode, seen + 1);
  const parts = [...(node.allOf ?? []), ...(node.oneOf ?? []), ...(node.anyOf ?? [])];
  return [node, ...parts.flatMap((part) => branches(part, seen + 1))];
}

/**
 * The properties of a JSON answer that its declared schema names nowhere, as JSON pointers
 * ('/data/passwordHash'). A schema that allows any property (`additionalProperties` true or a
 * schema, `patternProperties`) declares every name; a property some branch of a union declares
 * counts as declared.
 */
export function undeclaredProperties(
  op: Operation,
  status: number,
  contentType: string | null | undefined,
  body: unknown,
): string[] {
  const content = declaredContent(op, status);
  const mediaType = mediaTypeOf(contentType);
  const pointer = content && mediaType ? schemaFor(content, mediaType) : undefined;
  if (!pointer || !isJsonMediaType(mediaType)) return [];
  const found: string[] = [];
  const walk = (schemas: SchemaNode[], value: unknown, at: string) => {
    if (schemas.length === 0 || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      value.forEach((item, index) =>
        walk(
          schemas.flatMap((s) => branches(s.prefixItems?.[index] ?? s.items)),
          item,
          `${at}/${index}`,
        ),
      );
      return;
    }
    const open = schemas.some(
      (s) =>
        s.additionalProperties === true ||
        typeof s.additionalProperties === 'object' ||
        s.patternProperties,
    );
    for (const [name, field] of Object.entries(value)) {
      const declared = schemas.flatMap((s) => branches(s.properties?.[name]));
      const extra = schemas.flatMap((s) =>
        typeof s.additionalProperties === 'object' ? branches(s.additionalProperties) : [],
      );
      if (
        declared.length === 0 &&
        !open &&
        !schemas.some((s) => s.properties && name in s.properties)
      ) {
        found.push(`${at}/${name}`);
        continue;
      }
      walk(declared.length > 0 ? declared : extra, field, `${at}/${name}`);
    }
  };
  walk(branches(resolvePointer(pointer) as SchemaNode), body, '');
  return found;
}
