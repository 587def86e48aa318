// One run of the contract checker: the people it signs in as, the list of checks and what each
// means, every call checked against the contract, and the results. Everything else in the checker
// (the sweeps over every operation, the scenarios of each area, discovery, the report) builds on
// this file; it imports none of them.
import { checkAnswer, operations, undeclaredProperties, type Operation } from '../index.js';
import { AssumptionTracker, type AssumptionLine } from './lib/assumptions.js';
import { validBody, type Facts, type Person } from './lib/data.js';
import { Client, HttpBudget, type Answer, type CallOptions, type Limits } from './lib/http.js';
import { roleName, type Role } from './lib/roles.js';

export type CheckName =
  | 'valid'
  | 'answers'
  | 'fields'
  | 'invalid'
  | 'no-session'
  | 'xsrf-missing'
  | 'xsrf-wrong'
  | 'role'
  | 'owner'
  | 'session-end'
  | 'cors'
  | 'write-read';

export const CHECKS: readonly CheckName[] = [
  'valid',
  'answers',
  'fields',
  'invalid',
  'no-session',
  'xsrf-missing',
  'xsrf-wrong',
  'role',
  'owner',
  'session-end',
  'cors',
  'write-read',
];

/** What each check means (the README and the table's legend say the same). */
export const CHECK_MEANING: Record<CheckName, string> = {
  valid: 'a valid request (as the allowed role) is answered 2xx',
  answers: 'every answer has a declared status and content type and matches its schema; no 5xx',
  fields:
    'answers carry no property the contract does not declare (with --strict-fields any, else any whose name looks secret)',
  invalid: 'an invalid request is refused with a 4xx and a failing envelope',
  'no-session': 'without a session the operation answers 401',
  'xsrf-missing': 'a write without the X-XSRF-TOKEN header answers 403 and changes nothing',
  'xsrf-wrong': 'a write with a wrong X-XSRF-TOKEN answers 403 and changes nothing',
  role: 'the other role (x-roles) is answered 403 and nothing changes',
  owner:
    'another person’s data (x-owner) is refused with 403 and nothing changes; an answer about the caller names no one else',
  'session-end':
    'the token of an ended session (logout, a password change) answers 401 when replayed',
  cors: 'a foreign Origin gets no credentialed CORS (no Access-Control-Allow-Origin for it with credentials)',
  'write-read': 'a write followed by a read shows the write',
};

/** The operations that end sessions, and which. */
const SESSION_ENDING: Readonly<Record<string, string>> = {
  logout: 'the session it was sent with',
  passwdReset: 'every other session of the person',
};

/** A foreign site, for the CORS check. */
export const FOREIGN_ORIGIN = 'https://contract-check.invalid';

/** Property names that must never leave a server undeclared. */
const SECRET_NAME = /pass(word|wd)?|secret|hash|salt|token|otp|private|credential|session/i;

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

export interface PostureLine {
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
  posture: PostureLine[];
  requests: number;
  ms: number;
  /** Why the run stopped early (sign-in refused, budget, a server that cannot be reached). */
  aborted?: string;
  /** The run could not sign in: nothing it says about the server is a pass. */
  signInFailed?: boolean;
}

const ownerApplies = (op: Operation) =>
  op.owner !== undefined &&
  op.owner.whose !== 'anyone' &&
  (op.owner.by.length > 0 || op.owner.item !== undefined);

/** Which checks apply to an operation (others show as not applicable). */
export function applicableChecks(op: Operation): CheckName[] {
  const takesInput = Boolean(op.requestBody) || op.query.some((p) => p.required);
  return CHECKS.filter((check) => {
    switch (check) {
      case 'invalid':
        return takesInput;
      case 'no-session':
        return !op.isPublic;
      case 'xsrf-missing':
      case 'xsrf-wrong':
      case 'write-read':
        return op.isWrite;
      case 'role':
        return op.roles !== undefined;
      case 'owner':
        return ownerApplies(op);
      case 'session-end':
        return op.operationId in SESSION_ENDING;
      default:
        return true;
    }
  });
}

export const isOk = (answer: Answer) => answer.status >= 200 && answer.status < 300;

const isFailingEnvelope = (body: unknown) =>
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
  posture: PostureLine[] = [];
  private markers = 0;

  constructor(
    readonly options: RunOptions,
    limits: Limits,
  ) {
    this.budget = new HttpBudget(limits);
  }

  op(operationId: string): Operation {
    const found = operations.find((op) => op.operationId === operationId);
    if (!found) throw new Error(`the contract has no operation ${operationId}`);
    return found;
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

  /** The second person of the actor's role, for the `owner` check. */
  second(actor: Actor): Actor | undefined {
    return this.actors.find((a) => a.role === actor.role && a.key !== actor.key);
  }

  /** A text the checker writes and later finds again ('contract-check 1-3'). */
  marker(): string {
    this.markers += 1;
    return `contract-check ${this.options.seed}-${this.markers}`;
  }

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

  newClient(): Client {
    return new Client(this.options.target, this.budget);
  }

  /**
   * Calls an operation and checks the answer against the contract: its status, content type and
   * schema (`answers`) and its undeclared properties (`fields`).
   */
  async call(
    client: Client,
    op: Operation,
    options: CallOptions,
    context: string,
  ): Promise<Answer> {
    const answer = await client.call(op, options);
    const where = `${context}: ${options.method ?? op.method} ${op.path}`;
    if (options.method === 'OPTIONS') return answer;
    if (answer.status >= 500) {
      this.fail(op, 'answers', `${where} answered ${answer.status} ${errorOf(answer)}`.trim());
    }
    if (answer.malformed !== undefined) {
      this.fail(op, 'answers', `${where} answered JSON that does not parse: ${answer.malformed}`);
    }
    const problem = checkAnswer(op, answer.status, answer.contentType, answer.body);
    if (problem) this.fail(op, 'answers', `${where}: ${problem.message}`);
    this.assumptions.answer(
      op,
      answer.status,
      problem && problem.rule === 'schema' ? problem : undefined,
    );
    if (answer.status < 500 && !problem) this.pass(op, 'answers');
    const extra = undeclaredProperties(op, answer.status, answer.contentType, answer.body);
    const flagged = this.options.strictFields
      ? extra
      : extra.filter((pointer) => SECRET_NAME.test(pointer.split('/').at(-1) ?? ''));
    if (flagged.length > 0) {
      this.fail(
        op,
        'fields',
        `${where} answered ${answer.status} with ${flagged.slice(0, 5).join(', ')}, not declared by the contract`,
      );
    } else if (answer.body !== undefined) {
      this.pass(op, 'fields');
    }
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

  /** The same request without cookies: 401 and a failing envelope (the `no-session` check). */
  async expectNoSession(op: Operation, request: CallOptions, what: 'request' | 'write') {
    const answer = await this.call(
      this.newClient(),
      op,
      { ...request, cookies: false },
      `${what} without a session`,
    );
    this.expectRefusal(op, 'no-session', answer, [401], `a ${what} without a session`);
  }

  /** The same request by the role x-roles leaves out: 403 and a failing envelope (`role`). */
  async expectRoleRefused(op: Operation, other: Actor, request: CallOptions, what: string) {
    const name = actorName(other);
    const answer = await this.call(other.client, op, request, `${what} as ${name}`);
    this.expectRefusal(op, 'role', answer, [403], `${name}'s ${what}`);
  }

  /** A request naming someone else's data (x-owner): 403 and a failing envelope (`owner`). */
  async expectOwnerRefused(op: Operation, client: Client, request: CallOptions, what: string) {
    const answer = await this.call(client, op, request, what);
    this.expectRefusal(op, 'owner', answer, [403], what);
  }

  report(started: number, aborted?: string, signInFailed = false): CheckReport {
    const results: CheckResult[] = [];
    for (const op of operations) {
      for (const check of applicableChecks(op)) {
        results.push(
          this.results.get(`${op.operationId} ${check}`) ??
            (aborted
              ? {
                  operationId: op.operationId,
                  check,
                  outcome: 'error',
                  detail: `not reached: ${aborted}`,
                }
              : { operationId: op.operationId, check, outcome: 'skip', detail: 'not exercised' }),
        );
      }
    }
    return {
      target: this.options.target,
      readOnly: this.options.readOnly,
      strictFields: this.options.strictFields,
      results,
      assumptions: this.assumptions.report(),
      posture: this.posture,
      requests: this.budget.requests,
      ms: Date.now() - started,
      aborted,
      signInFailed,
    };
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
