// The bundled contract, read once, and the operation index every middleware uses.
// Everything the server knows about an operation (public or not, write or not, which bodies and
// parameters it takes, which answers it may give) is derived here from spec/generated/openapi.json.
import openapi from '@lms/spec/openapi.json' with { type: 'json' };

export type JsonSchema = Record<string, unknown>;

interface OpenApiParameter {
  $ref?: string;
  name: string;
  in: 'query' | 'header' | 'path' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}
interface OpenApiMedia {
  schema?: JsonSchema;
}
interface OpenApiResponse {
  $ref?: string;
  content?: Record<string, OpenApiMedia>;
}
interface OpenApiOperation {
  operationId: string;
  security?: Record<string, string[]>[];
  /** Only these roles (1 teacher, 2 student) may call the operation. */
  'x-roles'?: number[];
  'x-owner'?: Owner;
  parameters?: OpenApiParameter[];
  requestBody?: { $ref?: string; required?: boolean; content: Record<string, OpenApiMedia> };
  responses: Record<string, OpenApiResponse>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  security?: Record<string, string[]>[];
  components?: Record<string, Record<string, unknown>>;
}

/**
 * `x-owner`: whose data an operation may read or write. `by` names the request fields that name a
 * person or a group (empty: the session alone says), `item` the field naming an owned thing; a
 * request naming someone, or something of someone's, that the rule does not allow is refused with
 * 403 and changes nothing.
 */
export interface Owner {
  /**
   * caller: only the signed-in person's own data; group: the caller's own group or stream;
   * class: the teacher of the class (or a student of its group); contacts: the caller or people
   * they study or teach with; anyone: any signed-in person.
   */
  whose: 'caller' | 'group' | 'class' | 'contacts' | 'anyone';
  by: readonly string[];
  /** The request field naming an owned item (a message, an order, a material): only its owner's. */
  item?: string;
  /** The product specification does not say who may: the rule is assumed. */
  assumed?: boolean;
  rule?: string;
}

/** A JSON pointer into the bundled document, e.g. `/paths/~1config.json/get/...`. */
export type Pointer = string;

export interface QueryParameter {
  name: string;
  required: boolean;
  /** Pointer of the parameter's schema. */
  schema: Pointer;
}

export interface Operation {
  operationId: string;
  /** Upper case, as Hono reports it. */
  method: string;
  /** The literal path of the contract (no templates are used). */
  path: string;
  /** `security: []`: answered without a session. */
  isPublic: boolean;
  /** A security requirement names `xsrfHeader`: needs the X-XSRF-TOKEN header. */
  isWrite: boolean;
  /** `x-roles`: the only roles that may call it; undefined when every role may. */
  roles: readonly number[] | undefined;
  /** `x-owner`; undefined for public operations. */
  owner: Owner | undefined;
  query: QueryParameter[];
  requestBody?: {
    required: boolean;
    /** Media type → pointer of its schema. */
    content: Record<string, Pointer>;
  };
  /** Status code (or `default`, `4XX`) → media type → pointer of its schema. */
  responses: Record<string, Record<string, Pointer>>;
}

export const spec = openapi as unknown as OpenApiDocument;

const escapePointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

function describeOperation(path: string, method: string, op: OpenApiOperation): Operation {
  const base = `/paths/${escapePointer(path)}/${method}`;
  const security = op.security ?? spec.security ?? [];
  const responses: Operation['responses'] = {};
  for (const [status, response] of Object.entries(op.responses)) {
    // Shared answers are `$ref: '#/components/responses/X'`; point at the component itself.
    const at = response.$ref ? response.$ref.slice(1) : `${base}/responses/${status}`;
    const resolved = response.$ref ? resolvePointer(at) : response;
    const content = (resolved as OpenApiResponse | undefined)?.content ?? {};
    responses[status] = Object.fromEntries(
      Object.keys(content).map((type) => [type, `${at}/content/${escapePointer(type)}/schema`]),
    );
  }
  const bodyAt = op.requestBody?.$ref ? op.requestBody.$ref.slice(1) : `${base}/requestBody`;
  const body = (op.requestBody?.$ref ? resolvePointer(bodyAt) : op.requestBody) as
    OpenApiOperation['requestBody'] | undefined;
  return {
    operationId: op.operationId,
    method: method.toUpperCase(),
    path,
    isPublic: security.length === 0 || security.some((req) => Object.keys(req).length === 0),
    isWrite: security.some((req) => 'xsrfHeader' in req),
    roles: op['x-roles'],
    owner: op['x-owner'],
    query: (op.parameters ?? []).flatMap((raw, index) => {
      const at = raw.$ref ? raw.$ref.slice(1) : `${base}/parameters/${index}`;
      const p = (raw.$ref ? resolvePointer(at) : raw) as OpenApiParameter;
      return p.in === 'query'
        ? [{ name: p.name, required: p.required === true, schema: `${at}/schema` }]
        : [];
    }),
    requestBody: body && {
      required: body.required === true,
      content: Object.fromEntries(
        Object.keys(body.content).map((type) => [
          type,
          `${bodyAt}/content/${escapePointer(type)}/schema`,
        ]),
      ),
    },
    responses,
  };
}

const methods = new Set(['get', 'post', 'put', 'patch', 'delete']);

export const operations: readonly Operation[] = Object.entries(spec.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method]) => methods.has(method))
    .map(([method, op]) => describeOperation(path, method, op)),
);

// Method, then path: a request's lookup hashes the two strings it already has, never a key built
// per request.
const byMethod = new Map<string, Map<string, Operation>>();
for (const op of operations) {
  let byPath = byMethod.get(op.method);
  if (!byPath) byMethod.set(op.method, (byPath = new Map()));
  byPath.set(op.path, op);
}

/** The operation a request addresses, if the contract has one (HEAD is answered as GET). */
export function findOperation(method: string, path: string): Operation | undefined {
  return byMethod.get(method === 'HEAD' ? 'GET' : method)?.get(path);
}

/** The value at a JSON pointer of the document (`#` and `$ref` are not followed). */
export function resolvePointer(pointer: Pointer): unknown {
  let node: unknown = spec;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  }
  return node;
}

/** A schema with its `$ref`s followed and `allOf` parts merged: enough to list its properties. */
export function resolveSchema(schema: unknown): JsonSchema {
  if (!schema || typeof schema !== 'object') return {};
  const node = schema as JsonSchema;
  if (typeof node.$ref === 'string') return resolveSchema(resolvePointer(node.$ref.slice(1)));
  if (!Array.isArray(node.allOf)) return node;
  const parts = node.allOf.map(resolveSchema);
  return {
    ...node,
    properties: Object.assign({}, node.properties, ...parts.map((p) => p.properties)),
    required: [node.required ?? [], ...parts.map((p) => p.required ?? [])].flat(),
  };
}
