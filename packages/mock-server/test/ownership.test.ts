// Whose data a request may name (src/ownership.ts), driven by the contract's x-owner alone: every
// operation whose rule is the caller's own (or their group's, or their class's) and whose `by`
// lists a field the check understands is walked here from `operations`, with the contract's own
// example as the request. Naming the caller passes the check; naming anyone else in any one of
// those fields answers 403 with the failing envelope.
import { describe, expect, it } from 'vitest';
import { operations, resolvePointer, type Operation } from '@lms/contract';
import { OWNER_FIELDS } from '../src/ownership.js';
import { ROLE_STUDENT, ROLE_TEACHER } from '../src/world/core/roles.js';
import {
  createTestApp,
  DEMO_IDS,
  signIn,
  type FormFields,
  type MockApp,
  type Schema,
  type SignedIn,
} from './helpers.js';

type Body = Record<string, unknown>;
type User = Schema<'User'>;

const NAMES_THE_CALLER = ['caller', 'group', 'class'];

/** The `by` fields of an operation that the one check judges. */
const checkedFields = (op: Operation) =>
  NAMES_THE_CALLER.includes(op.owner?.whose ?? 'anyone')
    ? (op.owner?.by ?? []).filter((field) => field in OWNER_FIELDS)
    : [];

const checked = operations.filter((op) => checkedFields(op).length > 0);

/** The contract's example request body of an operation (JSON or multipart). */
function exampleOf(op: Operation): { type: string; body: Body } {
  const [type, schema] = Object.entries(op.requestBody?.content ?? {})[0] ?? [];
  const example = schema && resolvePointer(schema.replace(/\/schema$/, '/example'));
  if (!type || !example || typeof example !== 'object') {
    throw new Error(`${op.operationId} has no example request body`);
  }
  return { type, body: structuredClone(example) as Body };
}

/** Who calls: the role x-roles allows, else the role a field judges (a class's teacher, a student's group). */
function actorFor(op: Operation): 'teacher' | 'student' {
  if (op.roles?.length === 1) return op.roles[0] === ROLE_TEACHER ? 'teacher' : 'student';
  const by = checkedFields(op);
  if (by.includes('id_teacher')) return 'teacher';
  return by.includes('id_student') || by.includes('id_group') ? 'student' : 'student';
}

/** What a field holds when it names the caller, and a value naming someone else. */
function values(field: string, user: User): { own: number; foreign: number; names: string } {
  const role = user.role;
  const other = role === ROLE_TEACHER ? ROLE_STUDENT : ROLE_TEACHER;
  const otherId = role === ROLE_TEACHER ? DEMO_IDS.TEACHER2 : DEMO_IDS.STUDENT2;
  switch (field) {
    case 'uid':
    case 'idUser':
      return { own: user.uid, foreign: user.uid + 12, names: 'person' };
    case 'role':
    case 'type':
    case 'id_humanType':
    case 'fromType':
    case 'id_from_type':
    case 'id_humanTypeFrom':
      return { own: role, foreign: other, names: 'person' };
    case 'id_group':
      return { own: user.id_group ?? -1, foreign: DEMO_IDS.GROUP2, names: 'group' };
    default:
      return { own: user.id, foreign: otherId, names: 'person' };
  }
}

/** Each place a field is in a body: its top level, and each object of its top-level arrays. */
function placesOf(body: Body, field: string): { holder: Body; at: string }[] {
  const places = field in body ? [{ holder: body, at: `body/${field}` }] : [];
  for (const [name, items] of Object.entries(body)) {
    if (!Array.isArray(items)) continue;
    items.forEach((item, i) => {
      if (item && typeof item === 'object' && field in item) {
        places.push({ holder: item as Body, at: `body/${name}/${i}/${field}` });
      }
    });
  }
  return places;
}

function send(client: SignedIn, op: Operation, type: string, body: Body) {
  if (type === 'application/json') return client.post(op.path, body);
  const form: FormFields = {};
  for (const [name, value] of Object.entries(body)) {
    if (value !== null && value !== undefined && typeof value !== 'object')
      form[name] = String(value);
  }
  return client.postForm(op.path, form);
}

async function signInAs(app: MockApp) {
  return { teacher: await signIn(app, 'teacher'), student: await signIn(app, 'student') };
}

describe('x-owner, enforced from the contract', () => {
  it('judges the operations the contract gives a caller, group or class rule with such fields', () => {
    // a field the check does not understand (gr_potok) is the handler's; `contacts` and
    // `anyone` name no caller
    expect(checked.map((op) => op.operationId)).toEqual(
      operations
        .filter(
          (op) =>
            op.owner &&
            NAMES_THE_CALLER.includes(op.owner.whose) &&
            op.owner.by.some((f) => f !== 'gr_potok'),
        )
        .map((op) => op.operationId),
    );
    expect(checked.length).toBeGreaterThan(40);
    const byUid = checked.filter((op) => op.owner?.by.includes('uid'));
    expect(byUid.length).toBeGreaterThan(20);
  });

  it('refuses, on every such operation, a request naming anyone else in any one of its fields', async () => {
    const app = createTestApp();
    const clients = await signInAs(app);
    let refusals = 0;
    for (const op of checked) {
      const client = clients[actorFor(op)];
      const { type, body } = exampleOf(op);
      const fields = checkedFields(op);
      // the example, made to name the caller everywhere x-owner looks
      for (const field of fields) {
        for (const { holder } of placesOf(body, field))
          holder[field] = values(field, client.user).own;
      }
      const own = await send(client, op, type, body);
      const ownAnswer = (await own.json()) as { error: string | null };
      expect(ownAnswer.error ?? '', `${op.operationId} naming the caller`).not.toMatch(
        /names another (person|group)/,
      );
      for (const field of fields) {
        const { own: mine, foreign, names } = values(field, client.user);
        for (const { holder, at } of placesOf(body, field)) {
          // a student's id_teacher, a teacher's id_group: the handler's to judge, not this check's
          if (field === 'id_teacher' && client.user.role !== ROLE_TEACHER) continue;
          if (field === 'id_group' && client.user.role !== ROLE_STUDENT) continue;
          holder[field] = foreign;
          const res = await send(client, op, type, body);
          holder[field] = mine;
          expect(res.status, `${op.operationId} ${at}`).toBe(403);
          expect(await res.json(), `${op.operationId} ${at}`).toEqual({
            result: 1,
            error: `Forbidden: ${at} names another ${names}`,
            data: null,
          });
          refusals += 1;
        }
      }
    }
    expect(refusals).toBeGreaterThan(checked.length);
  }, 60_000);

  it('leaves a uid alone where x-owner does not list it (the same field, another rule)', async () => {
    const app = createTestApp();
    const { student } = await signInAs(app);
    // bodies that carry a uid their rule does not look at: `anyone` (or no `by` naming it)
    const unlisted = operations.filter(
      (op) =>
        op.owner &&
        !op.owner.by.includes('uid') &&
        !op.roles?.includes(ROLE_TEACHER) &&
        op.requestBody?.content['application/json'] &&
        'uid' in exampleOf(op).body,
    );
    expect(unlisted.map((op) => op.operationId)).toEqual(
      expect.arrayContaining(['regfordisciplinesGetDefYear', 'miscGetDefaultYear']),
    );
    for (const op of unlisted) {
      const { type, body } = exampleOf(op);
      const res = await send(student, op, type, { ...body, uid: DEMO_IDS.STUDENT2 + 1 });
      const answer = (await res.json()) as { error: string | null };
      expect(answer.error ?? '', op.operationId).not.toMatch(/names another/);
    }
  });
});
