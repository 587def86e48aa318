// One run of the contract checker: the people it signs in as, every call checked against the
// contract, what the server answered, and each check's result. The checks (checks/, listed by the
// registry), the scenarios, discovery and the report build on this file; at run time it imports
// only lib/ and the contract, and it knows the checks only by their names and by the answer
// inspectors the runner hands it.
import { checkAnswer, operations, type Operation } from '../index.js';
import type { SeenAnswer } from './definition.js';
import { AssumptionTracker, type AssumptionLine } from './lib/assumptions.js';
import { validBody, type Facts, type Person } from './lib/data.js';
import { Client, HttpBudget, type Answer, type CallOptions, type Limits } from './lib/http.js';
import { roleName, type Role } from './lib/roles.js';
import type { CheckName } from './registry.js';

/** pass and fail as they say; skip: not exercised, with the reason; error: the run never got there. */
export type Outcome = 'pass' | 'fail' | 'skip' | 'error';

export interface CheckResult {
  operationId: string;
  check: CheckName;
  outcome: Outcome;
  detail: string;
}

export interface Credentials {
  login: string;
  password: string;
}

/** Who the run signs in as: a teacher and a student, and a second of each for `owner`. */
export type ActorKey = 'teacher' | 'student' | 'teacher2' | 'student2';

export interface Actor {
  key: ActorKey;
  role: Role;
  client: Client;
  person: Person;
  facts: Facts;
  credentials: Credentials;
}

/** 'the teacher', 'the second student'. */
export const actorName = (actor: Pick<Actor, 'key' | 'role'>) =>
  `the ${actor.key.endsWith('2') ? 'second ' : ''}${roleName(actor.role)}`;

export interface SecurityLine {
  /** What was looked at: a cookie, or a page's header. */
  subject: string;
  /** The property: Secure, SameSite, HSTS… */
  property: string;
  /** What the server sent. */
  value: string;
  verdict: 'good' | 'weak' | 'missing' | 'n/a';
}

export interface CheckReport {
  target: string;
  readOnly: boolean;
  strictFields: boolean;
  results: CheckResult[];
  assumptions: AssumptionLine[];
  security: SecurityLine[];
  requests: number;
  ms: number;
  /** Why the run stopped early (sign-in refused, budget, a server that cannot be reached). */
  aborted?: string;
  /** The run could not sign in: nothing it says about the server is a pass. */
  signInFailed?: boolean;
}

const operationsById = new Map(operations.map((op) => [op.operationId, op]));

export const isOk = (answer: Answer) => answer.status >= 200 && answer.status < 300;

/** `{result: truthy, data: null}`: the contract's error envelope. */
export const isFailingEnvelope = (body: unknown) =>
  typeof body === 'object' &&
  body !== null &&
  Boolean((body as { result?: unknown }).result) &&
  (body as { data?: unknown }).data === null;

export const dataOf = (answer: Answer): unknown =>
  answer.body && typeof answer.body === 'object'
    ? (answer.body as { data?: unknown }).data
    : undefined;

export const errorOf = (answer: Answer) =>
  answer.body && typeof answer.body === 'object'
    ? String((answer.body as { error?: unknown }).error ?? '')
    : (answer.malformed ?? '');

export interface RunOptions {
  target: string;
  readOnly: boolean;
  seed: number;
  strictFields: boolean;
  /** How long the server's sessions live, in hours: the longest a session cookie may live. */
  sessionHours: number;
}

/** What the runner hands the run: the checks that judge every answer, and the progress line. */
export interface RunHooks {
  inspectors: readonly ((run: CheckRun, seen: SeenAnswer) => void)[];
  onOperation?: (operationId: string) => void;
}

export class CheckRun {
  readonly results = new Map<string, CheckResult>();
  readonly assumptions = new AssumptionTracker();
  /** The last request each operation accepted (2xx), per actor. */
  readonly accepted = new Map<
    string,
    Map<ActorKey, { body?: unknown; query?: Record<string, string> }>
  >();
  /** The last successful data of each operation, per actor. */
  readonly answered = new Map<string, Map<ActorKey, unknown>>();
  readonly budget: HttpBudget;
  /** What discovery found once (a shared class, a class of the teacher's). */
  readonly memo = new Map<string, unknown>();
  /** Everyone signed in, the teacher and the student first. */
  actors: Actor[] = [];
  security: SecurityLine[] = [];
  private markers = 0;

  constructor(
    readonly options: RunOptions,
    limits: Limits,
    private readonly hooks: RunHooks,
  ) {
    this.budget = new HttpBudget(limits);
  }

  op(operationId: string): Operation {
    const found = operationsById.get(operationId);
    if (!found) throw new Error(`the contract has no operation ${operationId}`);
    return found;
  }

  /** Tells the progress line the run has reached an operation. */
  reached(operationId: string) {
    this.hooks.onOperation?.(operationId);
  }

  /** The signed-in actor, if the run has them. */
  actor(key: ActorKey): Actor | undefined {
    return this.actors.find((a) => a.key === key);
  }

  /** The first actor of a role (the teacher, the student). */
  main(role: Role): Actor {
    const found = this.actors.find((a) => a.role === role);
    if (!found) throw new Error(`no ${roleName(role)} is signed in`);
    return found;
  }

  /** The people whose valid requests the sweeps send: the teacher and the student. */
  mains(): Actor[] {
    return this.actors.filter((a) => !a.key.endsWith('2'));
  }

  /** The second person of the actor's role, for the `owner` check. */
  second(actor: Actor): Actor | undefined {
    return this.actors.find((a) => a.role === actor.role && a.key !== actor.key);
  }

  /** A text the checker writes and later finds again ('contract-check 1-3'). */
  marker(): string {
    this.markers += 1;
    return `contract-check ${this.options.seed}-${this.markers}`;
  }

  // A failure stands, whatever comes later; a pass is not undone by a later 'not exercised'.
  record(op: Operation, check: CheckName, outcome: Outcome, detail = '') {
    const key = `${op.operationId} ${check}`;
    const previous = this.results.get(key);
    if (previous?.outcome === 'fail') return;
    if (previous?.outcome === 'pass' && outcome === 'skip') return;
    this.results.set(key, { operationId: op.operationId, check, outcome, detail });
  }

  pass(op: Operation, check: CheckName, detail = '') {
    this.record(op, check, 'pass', detail);
  }

  fail(op: Operation, check: CheckName, detail: string) {
    this.record(op, check, 'fail', detail);
  }

  skip(op: Operation, check: CheckName, detail: string) {
    this.record(op, check, 'skip', detail);
  }

  /** The result of one check on one operation, if the run has one. */
  resultOf(op: Operation, check: CheckName): CheckResult | undefined {
    return this.results.get(`${op.operationId} ${check}`);
  }

  /** The outcomes one check has had so far, over every operation. */
  outcomesOf(check: CheckName): CheckResult[] {
    return [...this.results.values()].filter((r) => r.check === check);
  }

  newClient(): Client {
    return new Client(this.options.target, this.budget);
  }

  /**
   * Calls an operation and hands the answer to the checks that judge every answer and to the
   * assumption report. A preflight (OPTIONS) is the CORS check's own and is judged there.
   */
  async call(
    client: Client,
    op: Operation,
    options: CallOptions,
    context: string,
  ): Promise<Answer> {
    const answer = await client.call(op, options);
    if (options.method === 'OPTIONS') return answer;
    const where = `${context}: ${op.method} ${op.path}`;
    const problem = checkAnswer(op, answer.status, answer.contentType, answer.body);
    for (const inspect of this.hooks.inspectors) inspect(this, { op, answer, where, problem });
    this.assumptions.answer(
      op,
      answer.status,
      problem && problem.rule === 'schema' ? problem : undefined,
    );
    return answer;
  }

  /** Remembers a successful call: its request for later checks and its data for later requests. */
  remember(
    actor: Actor,
    op: Operation,
    request: { body?: unknown; query?: Record<string, string> },
    answer: Answer,
  ) {
    const data = dataOf(answer);
    actor.facts.record(data);
    const accepted = this.accepted.get(op.operationId) ?? new Map();
    accepted.set(actor.key, request);
    this.accepted.set(op.operationId, accepted);
    const answered = this.answered.get(op.operationId) ?? new Map();
    answered.set(actor.key, data);
    this.answered.set(op.operationId, answered);
  }

  /** What the first actor of a role last had accepted, or answered. */
  acceptedAs(operationId: string, role: Role) {
    return this.accepted.get(operationId)?.get(this.main(role).key);
  }

  answeredAs(operationId: string, role: Role): unknown {
    return this.answered.get(operationId)?.get(this.main(role).key);
  }

  /** Expects a refusal: the status and a failing envelope. */
  expectRefusal(
    op: Operation,
    check: CheckName,
    answer: Answer,
    statuses: readonly number[],
    what: string,
  ) {
    if (!statuses.includes(answer.status)) {
      this.fail(op, check, `${what} answered ${answer.status}, expected ${statuses.join(' or ')}`);
    } else if (!isFailingEnvelope(answer.body)) {
      this.fail(
        op,
        check,
        `${what} answered ${answer.status} without a failing envelope (result truthy, data null)`,
      );
    } else {
      this.pass(op, check);
    }
  }
}

/** A read as an actor with the valid body and overrides; checked, and remembered when 2xx. */
export async function readAs(
  run: CheckRun,
  actor: Actor,
  operationId: string,
  overrides: Record<string, unknown> = {},
): Promise<unknown> {
  const op = run.op(operationId);
  const body = validBody(op, actor.person, actor.facts, overrides);
  const answer = await run.call(actor.client, op, { body }, `read as ${actorName(actor)}`);
  if (isOk(answer)) run.remember(actor, op, { body }, answer);
  return dataOf(answer);
}
