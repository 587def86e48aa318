// The units of the contract's assumptions, as every tool names them: each operation and each
// component schema marked `x-assumed: true` is one unit ('operation chatGetMessages', 'schema
// AcademicYear'), judged as a whole. The contract checker's assumption report and the traffic
// learner use the same names, so their reports can be read side by side.
import { operations, resolvePointer, spec, type Operation, type Pointer } from './contract.js';

/** 'operation <operationId>' or 'schema <component name>'. */
export type UnitName = `operation ${string}` | `schema ${string}`;

const escapeSegment = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/** The component a `$ref` names ('#/components/schemas/NewsItem' → 'NewsItem'). */
export const componentName = (ref: string) => /^#\/components\/schemas\/([^/]+)$/.exec(ref)?.[1];

/** The component schemas a schema uses, transitively (added to `seen`). */
export function componentsOf(pointer: Pointer | undefined, seen = new Set<string>()): Set<string> {
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(walk);
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') {
        const name = componentName(value);
        if (name && !seen.has(name)) {
          seen.add(name);
          walk(resolvePointer(value.slice(1)));
        }
      } else {
        walk(value);
      }
    }
  };
  if (pointer) walk(resolvePointer(pointer));
  return seen;
}

const schemas = (spec.components?.schemas ?? {}) as Record<string, { 'x-assumed'?: boolean }>;

/** The component schemas the contract marks assumed. */
export const assumedSchemas: ReadonlySet<string> = new Set(
  Object.entries(schemas)
    .filter(([, schema]) => schema['x-assumed'] === true)
    .map(([name]) => name),
);

/** Where an operation is in the bundled contract ('/paths/~1api~1news~1data.json/post'). */
export const operationPointer = (op: Operation): Pointer =>
  `/paths/${escapeSegment(op.path)}/${op.method.toLowerCase()}`;

/** The operation marks itself `x-assumed: true`. */
export const isAssumedOperation = (op: Operation) =>
  (resolvePointer(operationPointer(op)) as { 'x-assumed'?: boolean } | undefined)?.['x-assumed'] ===
  true;

/** Every assumption of the contract: the assumed operations in contract order, then the schemas. */
export function assumptionUnits(): UnitName[] {
  return [
    ...operations.filter(isAssumedOperation).map((op): UnitName => `operation ${op.operationId}`),
    ...[...assumedSchemas].sort().map((name): UnitName => `schema ${name}`),
  ];
}

/**
 * The unit a place of the bundled contract belongs to: the component schema it is in, else the
 * operation whose inline schema it is in; undefined elsewhere (shared answers, parameters).
 */
export function unitAt(pointer: Pointer): UnitName | undefined {
  const component = /^\/components\/schemas\/([^/]+)/.exec(pointer)?.[1];
  if (component) return `schema ${component.replace(/~1/g, '/').replace(/~0/g, '~')}`;
  const op = operations.find((candidate) => {
    const at = operationPointer(candidate);
    return pointer === at || pointer.startsWith(`${at}/`);
  });
  return op ? `operation ${op.operationId}` : undefined;
}

/** Whether a unit is one the contract marks assumed. */
export function isAssumedUnit(unit: UnitName): boolean {
  if (unit.startsWith('schema ')) return assumedSchemas.has(unit.slice('schema '.length));
  const id = unit.slice('operation '.length);
  const op = operations.find((candidate) => candidate.operationId === id);
  return op !== undefined && isAssumedOperation(op);
}
