// Signing in, with the reason when it does not work: a run that cannot sign in checks nothing, and
// says exactly what the server answered (status, `result`, the `token` cookie, the role).
import {
  actorName,
  dataOf,
  errorOf,
  type Actor,
  type ActorKey,
  type CheckRun,
  type Credentials,
} from './run.js';
import { Facts, type Person } from './lib/data.js';
import { isRole, roleName, type Role } from './lib/roles.js';

export const TOKEN_COOKIE = 'token';

/** Sign-in was refused or not usable; the message says why. */
export class SignInFailed extends Error {
  override name = 'SignInFailed';
}

/** Signs in as one person, checking the answer like any other; throws SignInFailed with the reason. */
export async function signIn(
  run: CheckRun,
  key: ActorKey,
  role: Role,
  credentials: Credentials,
): Promise<Actor> {
  const op = run.op('authorize');
  const client = run.newClient();
  const who = `${actorName({ key, role })} "${credentials.login}"`;
  const answer = await run.call(client, op, { body: credentials }, `sign in as ${who}`);
  const body = answer.body as { result?: unknown; error?: unknown } | undefined;
  const person = dataOf(answer) as Partial<Person> | null | undefined;
  const reasons: string[] = [];
  if (answer.status !== 200) reasons.push(`status ${answer.status} (expected 200)`);
  if (!body || typeof body !== 'object') {
    reasons.push(`no JSON envelope (content type ${answer.contentType ?? 'none'})`);
  } else if (body.result !== 0) {
    reasons.push(
      `result ${JSON.stringify(body.result)}${errorOf(answer) ? ` "${errorOf(answer)}"` : ''} (expected 0)`,
    );
  }
  if (!client.cookies.get(TOKEN_COOKIE)) {
    reasons.push(`no "${TOKEN_COOKIE}" cookie in Set-Cookie`);
  }
  if (!person || typeof person !== 'object') {
    reasons.push('no person in data');
  } else if (!isRole(person.role)) {
    reasons.push(`role ${JSON.stringify(person.role)}, outside 1 (teacher) and 2 (student)`);
  } else if (person.role !== role) {
    reasons.push(
      `role ${person.role} (${roleName(person.role)}), expected ${role} (${roleName(role)})`,
    );
  }
  if (reasons.length > 0) {
    throw new SignInFailed(`could not sign in as ${who}: ${reasons.join('; ')}`);
  }
  run.pass(op, 'valid');
  return { key, role, client, person: person as Person, facts: new Facts(), credentials };
}
