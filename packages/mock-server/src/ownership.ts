// Whose data a request may name, as the contract's `x-owner` says (op.owner), for every operation
// in one place: after the session, XSRF and role checks and after validation (so a malformed
// request is still a 400), before any handler.
//
// `by` lists the request fields that name a person or a group. When the rule is the caller's own
// (`whose` caller), the caller's group or stream (`group`) or a class the caller teaches (`class`),
// each of those fields that the request carries, at its top level or in an item of one of its
// top-level arrays (visits[].id_teacher), must name the signed-in person (or their group); anything
// else answers 403 `Forbidden: body/<field> names another person` (or `another group`), and nothing
// changes. For `contacts` the fields name the contact, which the handler checks; `anyone` names
// nobody. What a field can only be judged with the world (a stream in gr_potok, a class, an item's
// owner, a contact) is the handler's job too.
import type { Operation, Owner } from '@lms/contract';
import { fail, getSession, type AppContext } from './http.js';
import type { Account } from './world/core/accounts.js';
import { isStudent, isTeacher } from './world/core/roles.js';
import { whoIs } from './world/core/sessions.js';
import type { Store } from './world/core/store.js';
import { universitySlice, type Student, type Teacher } from './world/core/university.js';

/** The signed-in account and person, and the store (a student's stream comes from the world). */
interface Caller {
  account: Account;
  person: Teacher | Student;
  store: Store;
}

/** Whether a value names the caller; `skip` when this field is not for this check to judge. */
type Judge = (
  value: unknown,
  caller: Caller,
  context: { owner: Owner; holder: Record<string, unknown> },
) => boolean | 'skip';

interface FieldRule {
  /** What a wrong value names, for the message. */
  names: 'person' | 'group';
  judge: Judge;
}

const uid: FieldRule = { names: 'person', judge: (value, { account }) => value === account.uid };
const role: FieldRule = { names: 'person', judge: (value, { account }) => value === account.role };
const personId: FieldRule = {
  names: 'person',
  judge: (value, { person }) => value === person.id,
};

/**
 * The `by` fields this check understands, and what each must equal. A field not listed here
 * (gr_potok, …) is left to the handler.
 */
export const OWNER_FIELDS: Readonly<Record<string, FieldRule>> = {
  uid,
  idUser: uid,
  role,
  type: role,
  id_humanType: role,
  fromType: role,
  id_from_type: role,
  id_humanTypeFrom: role,
  id: personId,
  id_human: personId,
  from: personId,
  id_from: personId,
  id_HumanFrom: personId,
  // A student names only themselves; a teacher is nobody's id_student where the rule is the
  // caller's own (in a class a teacher names its students, which the handler checks).
  id_student: {
    names: 'person',
    judge: (value, { person }, { owner }) =>
      isStudent(person) ? value === person.id : owner.whose === 'caller' ? false : 'skip',
  },
  // A teacher names only themselves; a student names the teacher of a class of their group,
  // which the handler checks.
  id_teacher: {
    names: 'person',
    judge: (value, { person }) => (isTeacher(person) ? value === person.id : 'skip'),
  },
  // A student's own group, or its stream where the same object says isPotok; a teacher's id_group
  // names a class's group, which the handler checks.
  id_group: {
    names: 'group',
    judge: (value, { person, store }, { holder }) => {
      if (!isStudent(person)) return 'skip';
      if (value === person.id_group) return true;
      const group = store.get(universitySlice).groupById.get(person.id_group);
      return holder['isPotok'] === true && value === group?.id_stream;
    },
  },
};

/** The rules under which `by` names the caller (contacts: the contact; anyone: nobody). */
const NAMES_THE_CALLER: readonly Owner['whose'][] = ['caller', 'group', 'class'];

type Rules = readonly (readonly [field: string, rule: FieldRule])[];

/**
 * The `by` fields of an x-owner rule that this check judges, worked out once per operation (the
 * contract does not change while the process runs); null when it judges none.
 */
const rulesOfOwner = new WeakMap<Owner, Rules | null>();
function rulesOf(owner: Owner): Rules | null {
  let rules = rulesOfOwner.get(owner);
  if (rules === undefined) {
    const judged = NAMES_THE_CALLER.includes(owner.whose)
      ? owner.by.flatMap((field) => {
          const rule = OWNER_FIELDS[field];
          return rule ? [[field, rule] as const] : [];
        })
      : [];
    rules = judged.length > 0 ? judged : null;
    rulesOfOwner.set(owner, rules);
  }
  return rules;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof File);

/**
 * The first of the rules' fields in `holder` that names someone else, as the 403's message. Who
 * the caller is is asked only when the holder has one of the fields.
 */
function foreignIn(
  rules: Rules,
  owner: Owner,
  who: () => Caller,
  holder: Record<string, unknown>,
  at: string,
): string | undefined {
  for (const [field, rule] of rules) {
    if (!(field in holder)) continue;
    const verdict = rule.judge(holder[field], who(), { owner, holder });
    if (verdict === false) return `Forbidden: ${at}/${field} names another ${rule.names}`;
  }
  return undefined;
}

/**
 * The first of the rules' fields in a request (`body/…` or `query/…`, its top level and each object
 * item of its top-level arrays) that names someone other than the caller, as the 403's message;
 * undefined when every one names the caller.
 */
function foreignField(
  rules: Rules,
  owner: Owner,
  caller: () => Caller,
  request: { body?: unknown; query?: unknown },
): string | undefined {
  // looked up once, and only for a request that carries a field to judge
  let known: Caller | undefined;
  const who = () => (known ??= caller());
  for (const place of Object.keys(request) as (keyof typeof request)[]) {
    const value = request[place];
    if (!isRecord(value)) continue;
    let problem = foreignIn(rules, owner, who, value, place);
    if (problem) return problem;
    for (const name of Object.keys(value)) {
      const items = value[name];
      if (!Array.isArray(items)) continue;
      for (let i = 0; i < items.length; i++) {
        const item: unknown = items[i];
        problem = isRecord(item)
          ? foreignIn(rules, owner, who, item, `${place}/${name}/${i}`)
          : undefined;
        if (problem) return problem;
      }
    }
  }
  return undefined;
}

/**
 * 403 for a request whose `x-owner` fields name someone other than the signed-in person;
 * undefined when they name nobody else.
 */
export function ownerRefusal(store: Store, c: AppContext, op: Operation): Response | undefined {
  if (!op.owner || op.isPublic) return undefined;
  const rules = rulesOf(op.owner);
  if (!rules) return undefined;
  const caller = (): Caller => {
    const { account, person } = whoIs(store, getSession(c));
    return { account, person, store };
  };
  const request = { body: c.get('body'), query: c.get('query') };
  const problem = foreignField(rules, op.owner, caller, request);
  return problem ? fail(c, 403, problem) : undefined;
}
