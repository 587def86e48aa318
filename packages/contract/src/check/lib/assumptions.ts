// The assumption report: every shape the contract marks `x-assumed` (an operation, a component
// schema), and whether the server's answers confirmed it, contradicted it (with the fields that
// differ) or never exercised it. An answer that matches a shape confirms it only when it came from
// a server, not from something that makes answers up from the contract: the run's session and
// owner rules held (the runner says whether), and the read that gave it, asked twice, answered
// the same. Otherwise the shape was seen, not confirmed, and the line says why.
import {
  assumedSchemas,
  assumptionUnits,
  componentsOf,
  isAssumedOperation,
} from '../../assumed-units.js';
import { operations, type Operation } from '../../index.js';

export type AssumptionVerdict =
  'confirmed' | 'seen, not confirmed' | 'contradicted' | 'never exercised';

export interface AssumptionLine {
  /** 'operation visitlogGetJournal' or 'schema VisitLogJournal'. */
  unit: string;
  verdict: AssumptionVerdict;
  /** Operations whose answers (or accepted requests) showed it: confirmed it, or were seen. */
  by: string[];
  /** For a contradiction: where and which fields differ. */
  differences: string[];
  /** For `seen, not confirmed`: why the answers that showed it do not confirm it. */
  reasons: string[];
}

export class AssumptionTracker {
  private readonly seenBy = new Map<string, Set<string>>();
  private readonly contradictions = new Map<string, string[]>();
  /** Each read asked twice: null when both answers were the same data, else where they differ. */
  private readonly repeats = new Map<string, string | null>();

  private see(unit: string, by: string) {
    const set = this.seenBy.get(unit) ?? new Set<string>();
    set.add(by);
    this.seenBy.set(unit, set);
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
    if (isAssumedOperation(op)) units.push(`operation ${op.operationId}`);
    return units;
  }

  private unitsOfRequest(op: Operation): string[] {
    const used = new Set<string>();
    for (const pointer of Object.values(op.requestBody?.content ?? {})) componentsOf(pointer, used);
    return [...used].filter((name) => assumedSchemas.has(name)).map((n) => `schema ${n}`);
  }

  /** A successful answer that matched its declared schema (seen), or, with `problem`, broke it. */
  answer(op: Operation, status: number, problem?: { fields: string[]; components: string[] }) {
    if (status < 200 || status >= 300) return;
    for (const unit of this.unitsOfAnswer(op, status)) {
      const name = unit.replace(/^schema /, '');
      const broken =
        problem && (problem.components.includes(name) || unit === `operation ${op.operationId}`);
      if (broken) {
        this.contradict(unit, `${op.operationId}: ${problem.fields.join(', ') || '/'}`);
      } else {
        this.see(unit, op.operationId);
      }
    }
  }

  /** A request built from the contract was accepted (2xx: seen) or refused as invalid (400). */
  request(op: Operation, accepted: boolean, error?: string) {
    for (const unit of this.unitsOfRequest(op)) {
      if (accepted) this.see(unit, op.operationId);
      else this.contradict(unit, `${op.operationId} refused the request: ${error ?? ''}`.trim());
    }
    if (accepted && isAssumedOperation(op)) {
      this.see(`operation ${op.operationId}`, op.operationId);
    }
  }

  /** Whether an operation's answer or request shows an assumed shape: its reads are asked twice. */
  feeds(op: Operation): boolean {
    return (
      this.unitsOfAnswer(op, 200).length > 0 ||
      this.unitsOfRequest(op).length > 0 ||
      isAssumedOperation(op)
    );
  }

  /** A read asked a second time: `difference` is where the answers differ (null: the same). */
  repeated(op: Operation, difference: string | null) {
    if (this.repeats.get(op.operationId) === undefined || difference !== null) {
      this.repeats.set(op.operationId, difference);
    }
  }

  /**
   * A read stands as a server's answer when, asked twice, it answered the same; a write's answer
   * (which cannot be asked twice) stands on the run's conduct alone.
   */
  private steady(operationId: string): boolean {
    const op = operations.find((o) => o.operationId === operationId);
    return op?.isWrite === true || this.repeats.get(operationId) === null;
  }

  private unsteadyReason(seen: readonly string[]): string {
    for (const id of seen) {
      const difference = this.repeats.get(id);
      if (difference) return `${id}, asked twice, answered differently (${difference})`;
    }
    return `${seen.slice(0, 3).join(', ')} ${seen.length === 1 ? 'was' : 'were'} never asked twice`;
  }

  /**
   * The report's lines. `doubt` says why no answer of the run can confirm anything (the server
   * broke a session or owner rule, or the run could not sign in); undefined when it behaved as a
   * server.
   */
  report(doubt?: string): AssumptionLine[] {
    const units = assumptionUnits();
    return units.map((unit): AssumptionLine => {
      const differences = this.contradictions.get(unit) ?? [];
      const seen = [...(this.seenBy.get(unit) ?? [])];
      const line = { unit, differences, reasons: [] };
      if (differences.length > 0) return { ...line, verdict: 'contradicted', by: seen };
      if (seen.length === 0) return { ...line, verdict: 'never exercised', by: [] };
      const steady = seen.filter((id) => this.steady(id));
      const reasons = [
        ...(doubt ? [doubt] : []),
        ...(steady.length === 0 ? [this.unsteadyReason(seen)] : []),
      ];
      return reasons.length > 0
        ? { ...line, verdict: 'seen, not confirmed', by: seen, reasons }
        : { ...line, verdict: 'confirmed', by: steady };
    });
  }
}
