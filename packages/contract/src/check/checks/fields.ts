// fields: no answer carries a property the contract does not declare whose name looks secret;
// with --strict-fields, no undeclared property at all. It judges each answer as it comes.
import { undeclaredProperties } from '../../index.js';
import type { CheckDefinition } from '../definition.js';

/** Property names that must never leave a server undeclared. */
const SECRET_NAME = /pass(word|wd)?|secret|hash|salt|token|otp|private|credential|session/i;

export const fields: CheckDefinition<'fields'> = {
  name: 'fields',
  label: 'fields',
  meaning:
    'no answer carries a property the contract does not declare whose name looks secret (passwordHash, token, …); with --strict-fields, no undeclared property at all',
  appliesTo: () => true,
  exercisedByWrites: false,
  inspect: (run, { op, answer, where }) => {
    const extra = undeclaredProperties(op, answer.status, answer.contentType, answer.body);
    const flagged = run.options.strictFields
      ? extra
      : extra.filter((pointer) => SECRET_NAME.test(pointer.split('/').at(-1) ?? ''));
    if (flagged.length > 0) {
      run.fail(
        op,
        'fields',
        `${where} answered ${answer.status} with ${flagged.slice(0, 5).join(', ')}, not declared by the contract`,
      );
    } else if (answer.body !== undefined) {
      run.pass(op, 'fields');
    }
  },
};
