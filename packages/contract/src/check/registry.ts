// The contract checker's checks, one file each under checks/, in the report's column order. The
// runner runs their sweeps in this order, the scenarios send their refusals in this order before
// each write, and the report (its table, its legend, the JUnit file) and the README's table are
// made from these rows.
import type { Operation } from '../index.js';
import { answers } from './checks/answers.js';
import { cookies } from './checks/cookies.js';
import { cors } from './checks/cors.js';
import { fields } from './checks/fields.js';
import { invalid } from './checks/invalid.js';
import { noSession } from './checks/no-session.js';
import { owner } from './checks/owner.js';
import { role } from './checks/role.js';
import { sessionEnd } from './checks/session-end.js';
import { valid } from './checks/valid.js';
import { writeRead } from './checks/write-read.js';
import { xsrfMissing } from './checks/xsrf-missing.js';
import { xsrfWrong } from './checks/xsrf-wrong.js';

export const CHECK_REGISTRY = [
  valid,
  answers,
  fields,
  invalid,
  noSession,
  xsrfMissing,
  xsrfWrong,
  role,
  owner,
  sessionEnd,
  cors,
  writeRead,
  cookies,
] as const;

export type CheckName = (typeof CHECK_REGISTRY)[number]['name'];

const byName = new Map<CheckName, (typeof CHECK_REGISTRY)[number]>(
  CHECK_REGISTRY.map((check) => [check.name, check]),
);

/** A check's row of the registry. */
export const checkNamed = (name: CheckName) => byName.get(name)!;

/** The checks that apply to an operation, in the registry's order (the others are not applicable). */
export const applicableChecks = (op: Operation) =>
  CHECK_REGISTRY.filter((check) => check.appliesTo(op));
