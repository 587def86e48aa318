// The checks that sweep every operation: the public ones, a valid read as each allowed role, an
// invalid request, no session, the other role, another person's data, and a foreign Origin.
import { operations, type Operation } from '../index.js';
import {
  actorName,
  errorOf,
  FOREIGN_ORIGIN,
  isOk,
  type Actor,
  type CheckRun,
} from './check-run.js';
import { teacherClass, type TeacherClass } from './discovery.js';
import { invalidBody, validBody } from './lib/data.js';
import type { Answer, CallOptions } from './lib/http.js';
import { ROLE_TEACHER } from './lib/roles.js';
import { ownerAttempt } from './others.js';
import { signIn } from './sign-in.js';

type Request = { body?: unknown; query?: Record<string, string> };

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

// The student's own row in that class: a class the teacher holds for the student's group.
const STUDENT_CLASS_READS: Record<string, (found: TeacherClass) => Record<string, unknown>> = {
  visitlogGetJournalForStudent: ({ klass }) => ({
    id_teacher: klass.id_teacher,
    id_discipline: klass.id_discipline,
    credits: klass.credits,
    id_semesterOrWs: klass.id_semesterOrWs,
    id_vid_zaniatiy: klass.id_vid_zaniatiy,
  }),
};

/** The people whose valid requests the sweeps send: the teacher and the student. */
const mains = (run: CheckRun) => run.actors.filter((a) => !a.key.endsWith('2'));

/** The valid request of a read: example and facts, with hints where those alone do not do. */
async function readRequest(run: CheckRun, op: Operation, actor: Actor): Promise<Request> {
  const classRead = (actor.role === ROLE_TEACHER ? CLASS_READS : STUDENT_CLASS_READS)[
    op.operationId
  ];
  if (classRead) {
    const found = await teacherClass(run);
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

export async function publicChecks(run: CheckRun) {
  const teacher = run.main(1);
  for (const id of ['getConfig', 'getLogo']) {
    const op = run.op(id);
    const answer = await run.call(run.newClient(), op, {}, 'read without a session');
    if (isOk(answer)) run.pass(op, 'valid');
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

/** Every read, as each role it allows; a refusal is tried once more after the others ran. */
export async function reads(run: CheckRun, progress: (id: string) => void) {
  const pending = new Set(readOperations().map((op) => op.operationId));
  const lastFailure = new Map<string, string>();
  for (let pass = 1; pass <= 2 && pending.size > 0; pass++) {
    for (const op of readOperations()) {
      if (!pending.has(op.operationId)) continue;
      if (pass === 1) progress(op.operationId);
      for (const actor of mains(run).filter((a) => !op.roles || op.roles.includes(a.role))) {
        const request = await readRequest(run, op, actor);
        const answer = await run.call(
          actor.client,
          op,
          request,
          `valid request as ${actorName(actor)}`,
        );
        if (isOk(answer)) {
          run.remember(actor, op, request, answer);
          run.assumptions.request(op, true);
          pending.delete(op.operationId);
        } else {
          lastFailure.set(
            op.operationId,
            `as ${actorName(actor)}: ${answer.status} ${errorOf(answer)}`.trim(),
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
export async function invalids(run: CheckRun) {
  for (const op of operations) {
    if (op.isPublic || (!op.requestBody && !op.query.some((p) => p.required))) continue;
    if (op.isWrite && run.options.readOnly) continue;
    const actor = mains(run).find((a) => !op.roles || op.roles.includes(a.role))!;
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
      const extra = await signIn(run, actor.key, actor.role, actor.credentials);
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
      const accepted = run.accepted.get(op.operationId)?.get(actor.key)?.body;
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

/** The actor allowed to call a read, and the request it had accepted (or a fresh valid one). */
async function allowedRequest(run: CheckRun, op: Operation) {
  const actor = mains(run).find((a) => !op.roles || op.roles.includes(a.role))!;
  const request =
    run.accepted.get(op.operationId)?.get(actor.key) ?? (await readRequest(run, op, actor));
  return { actor, request };
}

export async function withoutSession(run: CheckRun) {
  for (const op of readOperations()) {
    const { request } = await allowedRequest(run, op);
    await run.expectNoSession(op, request, 'request');
  }
}

/** Reads limited to one role, asked by the other: 403. */
export async function otherRoleReads(run: CheckRun) {
  for (const op of readOperations().filter((o) => o.roles)) {
    const { request } = await allowedRequest(run, op);
    const other = mains(run).find((a) => !op.roles!.includes(a.role));
    if (other) await run.expectRoleRefused(op, other, request, 'request');
  }
}

// The request fields that name one person in any answer too: an answer about the caller must not
// carry another value for them.
const PERSON_FIELDS = new Set(['id_student', 'uid']);

/** The first place in `data` where a person field holds another value than the request's. */
function foreignPerson(data: unknown, expected: Map<string, unknown>, at = '/data'): string | null {
  if (data === null || typeof data !== 'object') return null;
  const entries = Array.isArray(data) ? data.entries() : Object.entries(data);
  for (const [key, value] of entries) {
    const here = `${at}/${key}`;
    if (typeof key === 'string' && expected.has(key) && value !== expected.get(key)) {
      return `${here} is ${JSON.stringify(value)}, not the caller's ${JSON.stringify(expected.get(key))}`;
    }
    const inner = foreignPerson(value, expected, here);
    if (inner) return inner;
  }
  return null;
}

/**
 * Another person's data (x-owner): each person-scoped read the teacher or the student had
 * answered is sent again, unchanged, by the second teacher or student, and must be refused; an
 * answer about the caller must name no one else.
 */
export async function ownerReads(run: CheckRun) {
  for (const op of readOperations()) {
    if (!op.owner || op.owner.whose === 'anyone') continue;
    const checked = op.owner.by.length > 0 || op.owner.item !== undefined;
    let tried = false;
    for (const actor of mains(run)) {
      const request = run.accepted.get(op.operationId)?.get(actor.key);
      if (!request) continue;
      tried = true;
      if (op.owner.whose === 'caller') {
        const body = (request.body ?? {}) as Record<string, unknown>;
        const expected = new Map(
          op.owner.by.filter((f) => PERSON_FIELDS.has(f) && f in body).map((f) => [f, body[f]]),
        );
        const data = run.answered.get(op.operationId)?.get(actor.key);
        const foreign = expected.size > 0 ? foreignPerson(data, expected) : null;
        if (foreign)
          run.fail(op, 'owner', `the answer to ${actorName(actor)} names someone else: ${foreign}`);
      }
      if (!checked) continue;
      const attempt = ownerAttempt(run, op, actor, request);
      if ('skip' in attempt) run.skip(op, 'owner', attempt.skip);
      else await run.expectOwnerRefused(op, attempt.client, attempt.request, attempt.what);
    }
    if (checked && !tried) run.skip(op, 'owner', 'no valid request to send as another person');
  }
}

const credentialedFor = (answer: Answer) => {
  const origin = answer.headers.get('access-control-allow-origin');
  const credentials = answer.headers.get('access-control-allow-credentials');
  return (origin === FOREIGN_ORIGIN || origin === '*') &&
    credentials?.trim().toLowerCase() === 'true'
    ? `Access-Control-Allow-Origin: ${origin} with Access-Control-Allow-Credentials: true`
    : null;
};

/**
 * A foreign Origin: every read is sent again with it, every write asked for by a preflight
 * (OPTIONS, which changes nothing); none may be allowed with credentials.
 */
export async function cors(run: CheckRun) {
  const origin = { Origin: FOREIGN_ORIGIN };
  for (const op of operations) {
    let answer: Answer;
    if (op.isWrite || op.operationId === 'authorize' || op.operationId === 'authenticate') {
      const client = op.isPublic ? run.newClient() : mains(run)[0]!.client;
      answer = await run.call(
        client,
        op,
        {
          method: 'OPTIONS',
          headers: {
            ...origin,
            'Access-Control-Request-Method': op.method,
            'Access-Control-Request-Headers': 'content-type,x-xsrf-token',
          },
        },
        'a preflight from a foreign Origin',
      );
    } else if (op.isPublic) {
      answer = await run.call(run.newClient(), op, { headers: origin }, 'a foreign Origin');
    } else {
      const { actor, request } = await allowedRequest(run, op);
      answer = await run.call(
        actor.client,
        op,
        { ...request, headers: origin },
        'a foreign Origin',
      );
    }
    const leak = credentialedFor(answer);
    if (leak)
      run.fail(
        op,
        'cors',
        `${op.isWrite ? 'a preflight' : 'a request'} from ${FOREIGN_ORIGIN} got ${leak}`,
      );
    else run.pass(op, 'cors');
  }
}
