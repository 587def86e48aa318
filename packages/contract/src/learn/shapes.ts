// How a value recorded in traffic lies over the contract's schema for it, walked side by side:
// which component schemas it exercised, which declared properties it carried or left out, and
// which properties it carried that the schema does not declare. Validation itself is the
// contract's compiled validators' (ajv); this walk only says where a value went in the schema.
import { componentName } from '../assumed-units.js';
import { resolvePointer, type Pointer } from '../contract.js';

type SchemaNode = {
  $ref?: string;
  allOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  anyOf?: SchemaNode[];
  properties?: Record<string, SchemaNode>;
  required?: string[];
  additionalProperties?: boolean | SchemaNode;
  patternProperties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  prefixItems?: SchemaNode[];
};

export const escapeSegment = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

const nodeAt = (pointer: Pointer) => resolvePointer(pointer) as SchemaNode | undefined;

/**
 * The schemas a value at `pointer` must meet, with their pointers: `$ref`s followed (each
 * component met is passed to `component`), `allOf`/`oneOf`/`anyOf` parts flattened.
 */
export function branchesAt(
  pointer: Pointer,
  component?: (name: string) => void,
  depth = 0,
): { pointer: Pointer; node: SchemaNode }[] {
  const node = nodeAt(pointer);
  if (!node || typeof node !== 'object' || depth > 32) return [];
  if (typeof node.$ref === 'string') {
    const name = componentName(node.$ref);
    if (name) component?.(name);
    return branchesAt(node.$ref.slice(1), component, depth + 1);
  }
  const parts = (['allOf', 'oneOf', 'anyOf'] as const).flatMap((keyword) =>
    (node[keyword] ?? []).map((_, index) => `${pointer}/${keyword}/${index}`),
  );
  return [{ pointer, node }, ...parts.flatMap((part) => branchesAt(part, component, depth + 1))];
}

/** A schema a value at some instance path meets, and where it is named (before any `$ref`). */
export interface Place {
  /** The property, item or root the schema is written at. */
  site: Pointer;
  /** The schema itself: the site, a part of it, or what its `$ref` names. */
  pointer: Pointer;
  node: SchemaNode;
}

/** Every schema the value at `segments` of the instance meets, with where each is named. */
export function placesAt(root: Pointer, segments: readonly string[]): Place[] {
  let sites: Pointer[] = [root];
  for (const segment of segments) {
    sites = sites.flatMap((site) =>
      branchesAt(site).flatMap(({ pointer, node }) => {
        if (node.properties && segment in node.properties) {
          return [`${pointer}/properties/${escapeSegment(segment)}`];
        }
        if (/^\d+$/.test(segment) && node.prefixItems?.[Number(segment)]) {
          return [`${pointer}/prefixItems/${segment}`];
        }
        if (/^\d+$/.test(segment) && node.items) return [`${pointer}/items`];
        if (typeof node.additionalProperties === 'object') {
          return [`${pointer}/additionalProperties`];
        }
        return [];
      }),
    );
  }
  return sites.flatMap((site) => branchesAt(site).map((branch) => ({ site, ...branch })));
}

export interface Presence {
  /** The schema that declares the property. */
  owner: Pointer;
  property: string;
  required: boolean;
  present: boolean;
  /** The instance path of the property. */
  segments: string[];
}

export interface ShapeWalk {
  /** Component schemas the value exercised (met with a value, not only named). */
  components: Set<string>;
  /** Declared properties of every object the value held, carried or not. */
  presence: Presence[];
  /** Properties no schema declares, by the instance path of their object ('data/0'). */
  undeclared: Map<string, { owner: Pointer; keys: string[] }>;
}

/** Walks a value over the schema at `root`. */
export function walkShape(root: Pointer, value: unknown): ShapeWalk {
  const walk: ShapeWalk = { components: new Set(), presence: [], undeclared: new Map() };
  // A value meets every schema that describes it (allOf parts, an envelope and its data).
  const visit = (pointers: Pointer[], item: unknown, segments: string[], depth: number) => {
    if (depth > 24 || item === undefined) return;
    const branches = pointers.flatMap((pointer) =>
      branchesAt(pointer, (name) => walk.components.add(name)),
    );
    if (item === null || typeof item !== 'object' || branches.length === 0) return;
    if (Array.isArray(item)) {
      item.forEach((element, index) => {
        const next = branches.flatMap(({ pointer: at, node }) =>
          node.prefixItems?.[index]
            ? [`${at}/prefixItems/${index}`]
            : node.items
              ? [`${at}/items`]
              : [],
        );
        visit(next, element, [...segments, String(index)], depth + 1);
      });
      return;
    }
    const record = item as Record<string, unknown>;
    const declared = new Map<string, Pointer[]>();
    const extra: Pointer[] = [];
    let open = false;
    let owner: Pointer | undefined;
    for (const { pointer: at, node } of branches) {
      if (node.additionalProperties === true || node.patternProperties) open = true;
      if (typeof node.additionalProperties === 'object') {
        open = true;
        extra.push(`${at}/additionalProperties`);
      }
      if (!node.properties) continue;
      owner ??= at;
      const required = new Set(node.required ?? []);
      for (const property of Object.keys(node.properties)) {
        const list = declared.get(property) ?? [];
        list.push(`${at}/properties/${escapeSegment(property)}`);
        declared.set(property, list);
        walk.presence.push({
          owner: at,
          property,
          required: required.has(property),
          present: property in record,
          segments: [...segments, property],
        });
      }
    }
    const unknown: string[] = [];
    for (const [key, field] of Object.entries(record)) {
      const at = declared.get(key) ?? extra;
      if (at.length > 0) visit(at, field, [...segments, key], depth + 1);
      else if (!open && owner) unknown.push(key);
    }
    if (unknown.length > 0 && owner) {
      walk.undeclared.set(segments.join('/'), { owner, keys: unknown });
    }
  };
  visit([root], value, [], 0);
  return walk;
}

/** The value at an instance path. */
export function valueAt(value: unknown, segments: readonly string[]): unknown {
  let at = value;
  for (const segment of segments) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[segment];
  }
  return at;
}
