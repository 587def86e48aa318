// JSON helpers of the differ: values compared by their canonical text, and local `$ref`s followed
// in a bundled document.

export type OpenApiDocument = Record<string, unknown>;

export type Obj = Record<string, unknown>;

export const isObj = (value: unknown): value is Obj =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** JSON with sorted keys: equal values give equal text. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isObj(value)) {
    const keys = Object.keys(value)
      .filter((key) => value[key] !== undefined)
      .sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

/** The value at a local `$ref` (`#/components/schemas/X`); bundled documents have no others. */
export function atPointer(doc: OpenApiDocument, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  let node: unknown = doc;
  for (const raw of ref.slice(1).split('/').slice(1)) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    node = isObj(node) ? node[key] : Array.isArray(node) ? node[Number(key)] : undefined;
  }
  return node;
}

/** A non-schema object (parameter, request body, answer, header) with its `$ref`s followed. */
export function deref(doc: OpenApiDocument, node: unknown): Obj | undefined {
  let current = node;
  for (let hops = 0; isObj(current) && typeof current.$ref === 'string' && hops < 32; hops++) {
    current = atPointer(doc, current.$ref);
  }
  return isObj(current) ? current : undefined;
}
