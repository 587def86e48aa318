// write-read: after a write, the read that shows it does (the new news item, message, material,
// lesson date, order…). Each write scenario calls `expectShown` after its write.
import type { CheckDefinition } from '../definition.js';
import type { CheckRun } from '../run.js';

/** The read after a write shows it. */
export async function expectShown(
  run: CheckRun,
  operationId: string,
  readAfter: () => Promise<unknown>,
  test: (data: unknown) => boolean,
  what: string,
) {
  const op = run.op(operationId);
  if (test(await readAfter())) run.pass(op, 'write-read');
  else run.fail(op, 'write-read', `the read after the write does not show ${what}`);
}

export const writeRead: CheckDefinition<'write-read'> = {
  name: 'write-read',
  label: 'w→r',
  meaning:
    'after a write, the read that shows it does (the new news item, message, material, lesson date, order…)',
  appliesTo: (op) => op.isWrite,
  exercisedByWrites: true,
};
