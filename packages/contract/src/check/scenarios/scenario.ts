// The shared kit of the write scenarios (one file per area beside this one). Each write works on
// something the checker creates and then removes. Before the real write, each check of the
// registry that refuses writes (no session, no or a wrong X-XSRF-TOKEN, the other role, the second
// person of the writer's role) sends the same request its way; what the write would change is read
// before and after each refusal: it must not have changed.
import { fileFieldsAt, type Operation } from '../../index.js';
import { expectShown } from '../checks/write-read.js';
import type { CallOptions } from '../lib/http.js';
import { ROLE_STUDENT, ROLE_TEACHER, type Role } from '../lib/roles.js';
import { applicableChecks, CHECK_REGISTRY, type CheckName } from '../registry.js';
import { actorName, isOk, readAs, type Actor, type CheckRun } from '../run.js';

export type Read = () => Promise<unknown>;

export const has = (data: unknown, text: string) => JSON.stringify(data ?? null).includes(text);
export const list = (data: unknown): Record<string, unknown>[] =>
  Array.isArray(data) ? (data as Record<string, unknown>[]) : [];

// A tiny but real PDF, for the uploads.
const PDF = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

export function form(
  fields: Record<string, unknown>,
  files: Record<string, string> = {},
): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    data.append(name, String(value));
  }
  for (const [name, fileName] of Object.entries(files)) {
    data.append(name, new Blob([PDF], { type: 'application/pdf' }), fileName);
  }
  return data;
}

/** The name of an upload's file field, as the contract's form schema has it. */
export function fileField(op: Operation): string {
  const pointer = Object.values(op.requestBody?.content ?? {})[0];
  return (pointer && fileFieldsAt(pointer)[0]) ?? 'file';
}

/** The form fields of an upload without its file field (its example names only the file). */
export function withoutFile(
  op: Operation,
  fields: Record<string, unknown>,
): Record<string, unknown> {
  const { [fileField(op)]: _file, ...rest } = fields;
  return rest;
}

export class Scenario {
  readonly teacher: Actor;
  readonly student: Actor;

  /** `as` stands in for the main actor of its role (a second session of the teacher's). */
  constructor(
    readonly run: CheckRun,
    as?: Actor,
  ) {
    this.teacher = as?.role === ROLE_TEACHER ? as : run.main(ROLE_TEACHER);
    this.student = as?.role === ROLE_STUDENT ? as : run.main(ROLE_STUDENT);
  }

  actor(role: Role) {
    return role === ROLE_TEACHER ? this.teacher : this.student;
  }

  /** A read used to see a write: checked like any other answer. */
  read(operationId: string, role: Role, overrides: Record<string, unknown> = {}) {
    return readAs(this.run, this.actor(role), operationId, overrides);
  }

  private async unchanged(op: Operation, check: CheckName, readAfter: Read, before: string) {
    const after = JSON.stringify(await readAfter());
    if (after !== before) this.run.fail(op, check, 'the refused write changed what a read shows');
  }

  /**
   * The refusals the registry's checks send, each followed by a read that must show nothing
   * changed, then the write itself. Returns its answer (null if refused).
   */
  async write(operationId: string, role: Role, request: CallOptions, readAfter: Read) {
    const { run } = this;
    const op = run.op(operationId);
    const actor = this.actor(role);
    // each refusal is judged on its own: what a read shows just before it must show just after
    for (const check of CHECK_REGISTRY) {
      if (!check.refuseWrite || !check.appliesTo(op)) continue;
      const before = JSON.stringify(await readAfter());
      if (await check.refuseWrite(run, { op, actor, request })) {
        await this.unchanged(op, check.name, readAfter, before);
      }
    }
    const answer = await run.call(actor.client, op, request, `write as ${actorName(actor)}`);
    if (isOk(answer)) {
      run.pass(op, 'valid');
      run.assumptions.request(op, true);
      return answer;
    }
    const error = String((answer.body as { error?: unknown } | undefined)?.error ?? '');
    run.fail(op, 'valid', `a valid write was refused: ${answer.status} ${error}`.trim());
    if (answer.status === 400) run.assumptions.request(op, false, error);
    return null;
  }

  /** The write-read check: the read after the write shows it. */
  shows(operationId: string, readAfter: Read, test: (data: unknown) => boolean, what: string) {
    return expectShown(this.run, operationId, readAfter, test, what);
  }

  /** Marks the checks a write scenario exercises on a write as not exercised, with the reason. */
  skip(operationId: string, reason: string) {
    const op = this.run.op(operationId);
    for (const check of applicableChecks(op).filter((c) => c.exercisedByWrites)) {
      this.run.skip(op, check.name, reason);
    }
  }
}

/** A book category the server listed (the e-library's, else the UMK's). */
export function firstCategory(s: Scenario): unknown {
  for (const id of ['libraryGetBookCategories', 'umkGetBookCategories']) {
    for (const data of s.run.answered.get(id)?.values() ?? []) {
      const category = list(data).find((c) => (c.id_bookCategory as number) > 0);
      if (category) return category.id_bookCategory;
    }
  }
  return undefined;
}
