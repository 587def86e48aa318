// `x-roles` in the contract: an operation marked for one role answers 403 to the other, before
// validation or any handler runs, so nothing can change.
import { beforeAll, describe, expect, it } from 'vitest';
import { operations } from '@lms/contract';
import { createTestApp, expectForbidden, signIn, type Client } from './helpers.js';

const restricted = operations.filter((op) => op.roles);
let asTeacher: Client;
let asStudent: Client;

beforeAll(async () => {
  const app = createTestApp();
  asTeacher = await signIn(app, 'teacher');
  asStudent = await signIn(app, 'student');
});

describe('x-roles', () => {
  it('marks both teacher-only and student-only operations', () => {
    expect(restricted.some((op) => op.roles?.includes(1) && !op.roles.includes(2))).toBe(true);
    expect(restricted.some((op) => op.roles?.includes(2) && !op.roles.includes(1))).toBe(true);
  });

  it.each(restricted.map((op) => [op.operationId, op] as const))(
    '%s refuses the other role with 403',
    async (_id, op) => {
      const outsider = op.roles?.includes(1) ? asStudent : asTeacher;
      await expectForbidden(
        op.method === 'GET' ? await outsider.get(op.path) : await outsider.post(op.path, {}),
      );
    },
  );
});
