// What a check of the contract checker is: a name, a one-line meaning, the operations it applies
// to, and the part of the run that exercises it. Each check is one file under checks/; the
// registry lists them in the report's column order.
import type { AnswerProblem, Operation } from '../index.js';
import type { Answer, CallOptions } from './lib/http.js';
import type { Actor, CheckRun } from './run.js';

/** An answer the run got, as each check that judges every answer sees it. */
export interface SeenAnswer {
  op: Operation;
  answer: Answer;
  /** What was sent, for the failures' words: 'valid request as the teacher: POST /api/…'. */
  where: string;
  /** What the contract does not allow in it (status, content type, schema), if anything. */
  problem: AnswerProblem | null;
}

/** A write a scenario is about to send, as the person whose write it is. */
export interface PendingWrite {
  op: Operation;
  actor: Actor;
  request: CallOptions;
}

export interface CheckDefinition<Name extends string = string> {
  readonly name: Name;
  /** Its column in the report's table (at most 8 characters). */
  readonly label: string;
  /** When it passes, in one line: the report's legend, the JUnit file and the README's table. */
  readonly meaning: string;
  /** The operations it applies to; on the others it shows as not applicable. */
  readonly appliesTo: (op: Operation) => boolean;
  /**
   * True when a write scenario exercises it on writes: a scenario that cannot run (or a read-only
   * run) leaves it not exercised there, with the reason.
   */
  readonly exercisedByWrites: boolean;
  /** Its sweep over the contract's operations; the runner calls them in the registry's order. */
  readonly sweep?: (run: CheckRun) => Promise<void>;
  /** Judges every answer the run gets. */
  readonly inspect?: (run: CheckRun, seen: SeenAnswer) => void;
  /**
   * Before a scenario's write: the same write, sent so that it must be refused, and judged. The
   * scenario reads what the write would change before and after it: a change fails the check.
   * False when it could not be sent (the reason is recorded).
   */
  readonly refuseWrite?: (run: CheckRun, write: PendingWrite) => Promise<boolean>;
}
