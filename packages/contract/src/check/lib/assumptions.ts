// The assumption report: every shape the contract marks `x-assumed` (an operation, a component
// schema), and whether the server's answers confirmed it, contradicted it (with the fields that
// differ) or never exercised it.
import { operations, resolvePointer, spec, type Operation, type Pointer } from '../../index.js';

type AssumptionVerdict = 'confirmed' | 'contradicted' | 'never exercised';

export interface AssumptionLine {
  /** 'operation visitlogGetJournal' or 'schema VisitLogJournal'. */
  unit: string;
  verdict: AssumptionVerdict;
  /** Operations whose answers (or accepted requests) showed it. */
  by: string[];
  /** For a contradiction: where and which fields differ. */
  differences: string[];
}

const componentName = (ref: string) => /^#\/components\/schemas\/([^/]+)$/.exec(ref)?.[1];

/** The component schemas a schema uses, transitively. */
function componentsOf(pointer: Pointer | undefined, seen = new Set<string>()): Set<string> {
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
const assumedSchemas = new Set(
  Object.entries(schemas)
    .filter(([, schema]) => schema['x-assumed'] === true)
    .map(([name]) => name),
);
const rawOperation = (op: Operation) =>
  resolvePointer(
    `/paths/${op.path.replace(/~/g, '~0').replace(/\//g, '~1')}/${op.method.toLowerCase()}`,
  ) as { 'x-assumed'?: boolean } | undefined;

export class AssumptionTracker {
  private readonly confirmedBy = new Map<string, Set<string>>();
  private readonly contradictions = new Map<string, string[]>();

  private confirm(unit: string, by: string) {
    const set = this.confirmedBy.get(unit) ?? new Set<string>();
    set.add(by);
    this.confirmedBy.set(unit, set);
  }

  private contradict(unit: string, difference: string) {
    const list = this.contradictions.get(unit) ?? [];
    if (!list.includes(difference)) list.push(difference);
    this.contradictions.set(unit, list);
  }

  /** The units an answer or request touches, by operation and status: the schemas are walked once. */
  private readonly unitCache = new Map<string, string[]>();

  private unitsOfAnswer(op: Operation, status: number): string[] {
    const key = `${op.operationId} ${status}`;
    let units = this.unitCache.get(key);
    if (!units) {
      units = this.collectAnswerUnits(op, status);
      this.unitCache.set(key, units);
    }
    return units;
  }

  private collectAnswerUnits(op: Operation, status: number): string[] {
    const content = op.responses[String(status)] ?? {};
    const used = new Set<string>();
    for (const pointer of Object.values(content)) componentsOf(pointer, used);
    const units = [...used].filter((name) => assumedSchemas.has(name)).map((n) => `schema ${n}`);
    if (rawOperation(op)?.['x-assumed']) units.push(`operation ${op.operationId}`);
    return units;
  }

  private unitsOfRequest(op: Operation): string[] {
    const used = new Set<string>();
    for (const pointer of Object.values(op.requestBody?.content ?? {})) componentsOf(pointer, used);
    return [...used].filter((name) => assumedSchemas.has(name)).map((n) => `schema ${n}`);
  }

  /** A successful answer that matched (or, with `problem`, broke) its declared schema. */
  answer(op: Operation, status: number, problem?: { fields: string[]; components: string[] }) {
    if (status < 200 || status >= 300) return;
    for (const unit of this.unitsOfAnswer(op, status)) {
      const name = unit.replace(/^schema /, '');
      const broken =
        problem && (problem.components.includes(name) || unit === `operation ${op.operationId}`);
      if (broken) {
        this.contradict(unit, `${op.operationId}: ${problem.fields.join(', ') || '/'}`);
      } else {
        this.confirm(unit, op.operationId);
      }
    }
  }

  /** A request built from the contract was accepted (2xx) or refused as invalid (400). */
  request(op: Operation, accepted: boolean, error?: string) {
    for (const unit of this.unitsOfRequest(op)) {
      if (accepted) this.confirm(unit, op.operationId);
      else this.contradict(unit, `${op.operationId} refused the request: ${error ?? ''}`.trim());
    }
    if (accepted && rawOperation(op)?.['x-assumed']) {
      this.confirm(`operation ${op.operationId}`, op.operationId);
    }
  }

  report(): AssumptionLine[] {
    const units = [
      ...operations
        .filter((op) => rawOperation(op)?.['x-assumed'])
        .map((op) => `operation ${op.operationId}`),
      ...[...assumedSchemas].sort().map((name) => `schema ${name}`),
    ];
    return units.map((unit) => {
      const differences = this.contradictions.get(unit) ?? [];
      const by = [...(this.confirmedBy.get(unit) ?? [])];
      const verdict: AssumptionVerdict =
        differences.length > 0 ? 'contradicted' : by.length > 0 ? 'confirmed' : 'never exercised';
      return { unit, verdict, by, differences };
    });
  }
}
