// How the owner check asks for a person's data as someone else: the person's own accepted request
// sent by the second person of the role; or, when no second teacher or student was given (reads
// only), the request with other people's ids as the server listed them (another student of the
// teacher's classes, another teacher of the student's, another group) in place of the caller's
// own. Either must be refused: the request names someone else's data.
import type { Operation } from '../../index.js';
import type { CallOptions, Client } from '../lib/http.js';
import { roleName, ROLE_STUDENT, ROLE_TEACHER } from '../lib/roles.js';
import { actorName, type Actor, type CheckRun } from '../run.js';

/** Request fields that name a person by id, and those that name a group. */
const PERSON_ID = new Set([
  'id',
  'id_student',
  'id_teacher',
  'id_human',
  'id_from',
  'from',
  'id_HumanFrom',
]);
const GROUP_ID = new Set(['id_group', 'gr_potok']);

const rows = (data: unknown): Record<string, unknown>[] =>
  Array.isArray(data) ? (data as Record<string, unknown>[]) : [];

/** Values of `field` in every answer of these operations, as any actor got them. */
function listed(run: CheckRun, operationIds: string[], field: string): number[] {
  const values = operationIds.flatMap((id) =>
    [...(run.answered.get(id)?.values() ?? [])].flatMap((data) =>
      rows(data).map((row) => row[field]),
    ),
  );
  return values.filter((v): v is number => typeof v === 'number' && v > 0);
}

/** Another person of the actor's role and another group, as the server's lists named them. */
function someoneElse(run: CheckRun, actor: Actor) {
  const person =
    actor.role === ROLE_STUDENT
      ? listed(run, ['visitlogGetStudentsList', 'disciplineGetStudents'], 'id_student')
      : listed(
          run,
          ['disciplineGetTeachers', 'regfordisciplinesGetTeachersForRegEl'],
          'idid',
        ).concat(
          listed(run, ['regfordisciplinesGetTeachersForRegEl', 'umkGetTeachers'], 'id_teacher'),
        );
  const groups = listed(run, ['disciplineGetGroups'], 'id_group');
  return {
    id: person.find((id) => id !== actor.person.id),
    group:
      actor.role === ROLE_STUDENT ? groups.find((id) => id !== actor.person.id_group) : undefined,
  };
}

/**
 * The actor's accepted request with another person's id (or group) in the fields x-owner names,
 * and a description; null when none of those fields can be filled with someone else's.
 */
function asSomeoneElse(
  run: CheckRun,
  actor: Actor,
  by: readonly string[],
  request: CallOptions,
): { request: CallOptions; what: string } | null {
  const body = request.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const other = someoneElse(run, actor);
  const changed: Record<string, unknown> = {};
  for (const field of by) {
    if (!(field in body)) continue;
    // a teacher's class names the teacher; a student's request names the student
    if (field === 'id_teacher' && actor.role !== ROLE_TEACHER) continue;
    if (field === 'id_student' && actor.role !== ROLE_STUDENT) continue;
    if (PERSON_ID.has(field) && other.id !== undefined) changed[field] = other.id;
    if (GROUP_ID.has(field) && other.group !== undefined) changed[field] = other.group;
  }
  const fields = Object.keys(changed);
  if (fields.length === 0) return null;
  return {
    request: { ...request, body: { ...(body as Record<string, unknown>), ...changed } },
    what: `${actorName(actor)}'s request with someone else's ${fields.map((f) => `${f} ${String(changed[f])}`).join(', ')}`,
  };
}

/**
 * How to ask for the actor's data as someone else: the actor's request sent by the second person
 * of the role, else (reads only) the actor's request naming someone the server listed; or why
 * neither can be.
 */
export type OwnerAttempt =
  { client: Client; request: CallOptions; what: string } | { skip: string };

export function ownerAttempt(
  run: CheckRun,
  op: Operation,
  actor: Actor,
  request: CallOptions,
): OwnerAttempt {
  const owner = op.owner!;
  const fields = [...owner.by, ...(owner.item ? [owner.item] : [])];
  const second = run.second(actor);
  if (second) {
    return {
      client: second.client,
      request,
      what: `${actorName(actor)}'s request (${fields.join(', ')}) sent by ${actorName(second)}`,
    };
  }
  const key = actor.key.replace(/2$/, '');
  // a write naming a real person would change their data on a server that wrongly takes it
  if (op.isWrite) {
    return {
      skip: `no second ${roleName(actor.role)} (give --${key}2); writes are never sent with anyone else's ids`,
    };
  }
  const discovered = asSomeoneElse(run, actor, owner.by, request);
  if (discovered) return { client: actor.client, ...discovered };
  return {
    skip: `no second ${roleName(actor.role)} (give --${key}2) and no one else's ${fields.join(', ')} found to ask with`,
  };
}
