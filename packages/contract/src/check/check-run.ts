// The contract checker: signs in as a teacher and a student, calls every operation of the contract
// against a server with valid data (the contract's examples, fed with what the server answered) and
// with invalid data, and checks each answer, the session and XSRF rules, the roles, and that a
// write shows in a read. It never deletes or changes what it did not create; --read-only sends no
// writes at all.
import { checkAnswer, findOperation, operations, type Operation } from '../index.js';
import { AssumptionTracker, type AssumptionLine } from './assumptions.js';
import { invalidBody, validBody, Facts, type Person, type Role } from './data.js';
import {
  BudgetExceeded,
  Client,
  HttpBudget,
  type Answer,
  type CallOptions,
  type Limits,
} from './http.js';
import { teacherClass, type TeacherClass } from './discovery.js';
import { runWriteScenarios } from './scenarios.js';

export type CheckName =
  | 'valid'
  | 'answers'
  | 'invalid'
  | 'no-session'
  | 'xsrf-missing'
  | 'xsrf-wrong'
  | 'role'
  | 'write-read';

export const CHECKS: readonly CheckName[] = [
  'valid',
  'answers',
  'invalid',
  'no-session',
  'xsrf-missing',
  'xsrf-wrong',
  'role',
  'write-read',
];

/** What each check means (the README and the table's legend say the same). */
export const CHECK_MEANING: Record<CheckName, string> = {
  valid: 'a valid request (as the allowed role) is answered 2xx',
  answers: 'every answer has a declared status and content type and matches its schema; no 5xx',
  invalid: 'an invalid request is refused with a 4xx and a failing envelope',
  'no-session': 'without a session the operation answers 401',
  'xsrf-missing': 'a write without the X-XSRF-TOKEN header answers 403 and changes nothing',
  'xsrf-wrong': 'a write with a wrong X-XSRF-TOKEN answers 403 and changes nothing',
  role: 'the other role (x-roles) is answered 403 and nothing changes',
  'write-read': 'a write followed by a read shows the write',
};

export type Outcome = 'pass' | 'fail' | 'skip';

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

export interface CheckOptions {
  target: string;
  teacher: Credentials;
  student: Credentials;
  readOnly?: boolean;
  /** Makes the checker's own texts (markers) repeatable. */
  seed?: number;
  limits?: Partial<Limits> & { totalSeconds?: number };
  onProgress?: (done: number, total: number, operationId: string) => void;
}

export interface CheckReport {
  target: string;
  readOnly: boolean;
  results: CheckResult[];
  assumptions: AssumptionLine[];
  requests: number;
  ms: number;
  /** Why the run stopped early (budget, a server that cannot be reached). */
  aborted?: string;
}

export interface Actor {
  role: Role;
  client: Client;
  person: Person;
  facts: Facts;
  credentials: Credentials;
}

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
      default:
        return true;
    }
  });
}

const isFailingEnvelope = (body: unknown) =>
  typeof body === 'object' &&
  body !== null &&
  Boolean((body as { result?: unknown }).result) &&
  (body as { data?: unknown }).data === null;

export const dataOf = (answer: Answer): unknown =>
  answer.body && typeof answer.body === 'object'
    ? (answer.body as { data?: unknown }).data
    : undefined;

const errorOf = (answer: Answer) =>
  answer.body && typeof answer.body === 'object'
    ? String((answer.body as { error?: unknown }).error ?? '')
    : (answer.malformed ?? '');

export class CheckRun {
  readonly results = new Map<string, CheckResult>();
  readonly assumptions = new AssumptionTracker();
  /** The last body each operation accepted (2xx), per role. */
  readonly accepted = new Map<
    string,
    Map<Role, { body?: unknown; query?: Record<string, string> }>
  >();
  /** The last successful data of each operation, per role. */
  readonly answered = new Map<string, Map<Role, unknown>>();
  readonly budget: HttpBudget;
  /** What discovery found once (a shared class, a class of the teacher's). */
  readonly memo = new Map<string, unknown>();
  /** Both people, once signed in. */
  actors: Actor[] = [];
  private markers = 0;

  constructor(
    readonly options: Required<Pick<CheckOptions, 'target' | 'readOnly' | 'seed'>>,
    limits: Limits,
  ) {
    this.budget = new HttpBudget(limits);
  }

  op(operationId: string): Operation {
    const found = operations.find((op) => op.operationId === operationId);
    if (!found) throw new Error(`the contract has no operation ${operationId}`);
    return found;
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

  /** Calls an operation and checks the answer against the contract (the `answers` check). */
  async call(
    client: Client,
    op: Operation,
    options: CallOptions,
    context: string,
  ): Promise<Answer> {
    const answer = await client.call(op, options);
    const where = `${context}: ${op.method} ${op.path}`;
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
    accepted.set(actor.role, request);
    this.accepted.set(op.operationId, accepted);
    const answered = this.answered.get(op.operationId) ?? new Map();
    answered.set(actor.role, data);
    this.answered.set(op.operationId, answered);
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
  async expectRoleRefused(
    op: Operation,
    other: Actor,
    request: CallOptions,
    what: 'request' | 'write',
  ) {
    const name = other.role === 1 ? 'teacher' : 'student';
    const answer = await this.call(other.client, op, request, `${what} as the ${name}`);
    this.expectRefusal(op, 'role', answer, [403], `the ${name}'s ${what}`);
  }

  report(started: number, aborted?: string): CheckReport {
    const results: CheckResult[] = [];
    for (const op of operations) {
      for (const check of applicableChecks(op)) {
        results.push(
          this.results.get(`${op.operationId} ${check}`) ?? {
            operationId: op.operationId,
            check,
            outcome: 'skip',
            detail: aborted ? `not reached: ${aborted}` : 'not exercised',
          },
        );
      }
    }
    return {
      target: this.options.target,
      readOnly: this.options.readOnly,
      results,
      assumptions: this.assumptions.report(),
      requests: this.budget.requests,
      ms: Date.now() - started,
      aborted,
    };
  }
}

const roleName = (role: Role) => (role === 1 ? 'teacher' : 'student');

async function signIn(run: CheckRun, role: Role, credentials: Credentials): Promise<Actor> {
  const op = run.op('authorize');
  const client = run.newClient();
  const answer = await run.call(
    client,
    op,
    { body: credentials },
    `sign in as the ${role === 1 ? 'teacher' : 'student'}`,
  );
  const person = dataOf(answer) as Person | undefined;
  if (answer.status !== 200 || !person || person.role !== role) {
    throw new Error(
      `could not sign in as the ${role === 1 ? 'teacher' : 'student'} ${credentials.login}: ${answer.status} ${errorOf(answer)}`,
    );
  }
  run.pass(op, 'valid');
  return { role, client, person, facts: new Facts(), credentials };
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
  const answer = await run.call(actor.client, op, { body }, `read as the ${roleName(actor.role)}`);
  if (answer.status >= 200 && answer.status < 300) run.remember(actor, op, { body }, answer);
  return dataOf(answer);
}

// Reads of a teacher's class: the class must be one the teacher holds (403 otherwise).
const CLASS_READS: Record<string, (found: TeacherClass) => Record<string, unknown>> = {
  visitlogGetStudentsList: ({ klass, dates }) => ({ ...klass, visitDate: dates.at(-1) }),
  visitlogGetStudentsListSubgroup: ({ klass, dates }) => ({
    ...klass,
    visitDate: dates.at(-1),
    subgroup: 0,
  }),
  visitlogGetStudentsListSubgroupUpdate: ({ klass, dates }) => ({
    ...klass,
    visitDate: dates.at(-1),
    subgroup: 0,
  }),
  visitlogGetJournal: ({ klass }) => ({ ...klass, subgroup: 0 }),
};

/** The valid request of a read: example and facts, with hints where those alone do not do. */
async function readRequest(
  run: CheckRun,
  op: Operation,
  actor: Actor,
): Promise<{ body?: unknown; query?: Record<string, string> }> {
  const classRead = CLASS_READS[op.operationId];
  if (classRead && actor.role === 1) {
    const [teacher, student] = run.actors;
    const found = teacher && student ? await teacherClass(run, teacher, student) : null;
    if (found) return { body: validBody(op, actor.person, actor.facts, classRead(found)) };
  }
  if (op.operationId === 'downloadNewsFile') {
    const news = [...(run.answered.get('getNews')?.values() ?? [])].flat() as {
      id_eventMessage: number;
      fileName: string;
    }[];
    const item = news.find((n) => n?.fileName);
    const file = item?.fileName.split(';!;')[0];
    return {
      query:
        item && file
          ? { filename: `${item.id_eventMessage}_${file}`, type: '4' }
          : { filename: 'x', type: '4' },
    };
  }
  if (!op.requestBody) return {};
  return { body: validBody(op, actor.person, actor.facts) };
}

async function publicChecks(run: CheckRun, teacher: Actor) {
  for (const id of ['getConfig', 'getLogo']) {
    const op = run.op(id);
    const answer = await run.call(run.newClient(), op, {}, 'read without a session');
    if (answer.status >= 200 && answer.status < 300) run.pass(op, 'valid');
    else run.fail(op, 'valid', `answered ${answer.status}`);
  }
  const authorize = run.op('authorize');
  const missing = await run.call(
    run.newClient(),
    authorize,
    { body: { login: teacher.credentials.login } },
    'sign in without a password',
  );
  run.expectRefusal(authorize, 'invalid', missing, [400], 'sign in without a password');

  const authenticate = run.op('authenticate');
  const token = teacher.client.cookies.get('token');
  const ok = await run.call(
    teacher.client,
    authenticate,
    { body: { token: token ? decodeURIComponent(token) : '' } },
    'authenticate with the session token',
  );
  if (ok.status === 200) run.pass(authenticate, 'valid');
  else
    run.fail(
      authenticate,
      'valid',
      `authenticate with the session's token answered ${ok.status} ${errorOf(ok)}`,
    );
  const bad = await run.call(
    run.newClient(),
    authenticate,
    { body: {} },
    'authenticate without a token',
  );
  run.expectRefusal(authenticate, 'invalid', bad, [400], 'authenticate without a token');
}

const readOperations = () => operations.filter((op) => !op.isPublic && !op.isWrite);

async function reads(run: CheckRun, actors: Actor[], progress: (id: string) => void) {
  const pending = new Set(readOperations().map((op) => op.operationId));
  const lastFailure = new Map<string, string>();
  for (let pass = 1; pass <= 2 && pending.size > 0; pass++) {
    for (const op of readOperations()) {
      if (!pending.has(op.operationId)) continue;
      if (pass === 1) progress(op.operationId);
      for (const actor of actors.filter((a) => !op.roles || op.roles.includes(a.role))) {
        const request = await readRequest(run, op, actor);
        const answer = await run.call(
          actor.client,
          op,
          request,
          `valid request as the ${roleName(actor.role)}`,
        );
        if (answer.status >= 200 && answer.status < 300) {
          run.remember(actor, op, request, answer);
          run.assumptions.request(op, true);
          pending.delete(op.operationId);
        } else {
          lastFailure.set(
            op.operationId,
            `as the ${roleName(actor.role)}: ${answer.status} ${errorOf(answer)}`.trim(),
          );
          if (pass === 2 && answer.status === 400)
            run.assumptions.request(op, false, errorOf(answer));
        }
      }
    }
  }
  for (const op of readOperations()) {
    if (pending.has(op.operationId))
      run.fail(
        op,
        'valid',
        `a valid request was refused ${lastFailure.get(op.operationId) ?? ''}`.trim(),
      );
    else run.pass(op, 'valid');
  }
}

/** Invalid requests to every read (and, unless read-only, every write, which must refuse them). */
async function invalids(run: CheckRun, actors: Actor[], readOnly: boolean) {
  for (const op of operations) {
    if (op.isPublic || !applicableChecks(op).includes('invalid')) continue;
    if (op.isWrite && readOnly) continue;
    const actor = actors.find((a) => !op.roles || op.roles.includes(a.role))!;
    // passwd: an invalid request that a broken server took would still set the same password
    if (op.operationId === 'passwdReset') {
      const body = {
        uid: actor.person.uid,
        role: actor.role,
        newPassword: actor.credentials.password,
      };
      const answer = await run.call(actor.client, op, { body }, 'invalid request (no password)');
      run.expectRefusal(op, 'invalid', answer, [400], 'a request without the old password');
      continue;
    }
    if (op.operationId === 'logout') {
      const extra = await signIn(run, actor.role, actor.credentials);
      const answer = await run.call(
        extra.client,
        op,
        { body: { logout: 'yes' } },
        'invalid request',
      );
      run.expectRefusal(op, 'invalid', answer, [400], 'logout with a wrong field type');
      continue;
    }
    let options: CallOptions;
    if (op.method === 'GET') {
      options = { query: {} };
    } else if (op.requestBody?.content['application/json']) {
      const accepted = run.accepted.get(op.operationId)?.get(actor.role)?.body;
      const valid = (accepted ?? validBody(op, actor.person, actor.facts)) as
        Record<string, unknown> | undefined;
      options = { body: invalidBody(op, valid) };
    } else {
      options = { form: new FormData() };
    }
    const answer = await run.call(actor.client, op, options, 'invalid request');
    run.expectRefusal(op, 'invalid', answer, [400, 413, 422], 'an invalid request');
  }
}

async function withoutSession(run: CheckRun, actors: Actor[]) {
  for (const op of readOperations()) {
    const actor = actors.find((a) => !op.roles || op.roles.includes(a.role))!;
    const request =
      run.accepted.get(op.operationId)?.get(actor.role) ?? (await readRequest(run, op, actor));
    await run.expectNoSession(op, request, 'request');
  }
}

/** Reads limited to one role, asked by the other: 403. */
async function otherRoleReads(run: CheckRun, actors: Actor[]) {
  for (const op of readOperations().filter((o) => o.roles)) {
    const allowed = actors.find((a) => op.roles!.includes(a.role))!;
    const other = actors.find((a) => !op.roles!.includes(a.role));
    if (!other) continue;
    const request =
      run.accepted.get(op.operationId)?.get(allowed.role) ?? (await readRequest(run, op, allowed));
    await run.expectRoleRefused(op, other, request, 'request');
  }
}

const DEFAULT_LIMITS = { maxRequests: 4000, timeoutMs: 15_000, totalSeconds: 600 };

export async function runCheck(options: CheckOptions): Promise<CheckReport> {
  const started = Date.now();
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const run = new CheckRun(
    { target: options.target, readOnly: options.readOnly ?? false, seed: options.seed ?? 1 },
    {
      maxRequests: limits.maxRequests,
      timeoutMs: limits.timeoutMs,
      deadline: started + limits.totalSeconds * 1000,
    },
  );
  const total = operations.length;
  const seen = new Set<string>();
  const progress = (id: string) => {
    seen.add(id);
    options.onProgress?.(Math.min(seen.size, total), total, id);
  };
  try {
    const teacher = await signIn(run, 1, options.teacher);
    const student = await signIn(run, 2, options.student);
    const actors = [teacher, student];
    run.actors = actors;
    for (const id of ['getConfig', 'getLogo', 'authorize', 'authenticate']) progress(id);
    await publicChecks(run, teacher);
    await reads(run, actors, progress);
    await invalids(run, actors, run.options.readOnly);
    await withoutSession(run, actors);
    await otherRoleReads(run, actors);
    if (run.options.readOnly) {
      for (const op of operations.filter((o) => o.isWrite)) {
        progress(op.operationId);
        for (const check of applicableChecks(op))
          run.skip(op, check, 'read-only: no writes are sent');
      }
    } else {
      await runWriteScenarios(run, teacher, student, progress);
    }
    return run.report(started);
  } catch (error) {
    const reason =
      error instanceof BudgetExceeded
        ? error.message
        : `stopped: ${error instanceof Error ? error.message : String(error)}`;
    return run.report(started, reason);
  }
}

export { findOperation };
