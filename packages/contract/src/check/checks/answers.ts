// answers: every answer the run saw has a declared status and content type and matches its
// schema, envelope included; no 5xx. It judges each answer as it comes, whatever sent it.
import type { CheckDefinition } from '../definition.js';
import { errorOf } from '../run.js';

export const answers: CheckDefinition<'answers'> = {
  name: 'answers',
  label: 'answers',
  meaning:
    'every answer the run saw has a declared status and content type and matches its schema, envelope included; no 5xx',
  appliesTo: () => true,
  exercisedByWrites: false,
  inspect: (run, { op, answer, where, problem }) => {
    if (answer.status >= 500) {
      run.fail(op, 'answers', `${where} answered ${answer.status} ${errorOf(answer)}`.trim());
    }
    if (answer.malformed !== undefined) {
      run.fail(op, 'answers', `${where} answered JSON that does not parse: ${answer.malformed}`);
    }
    if (problem) run.fail(op, 'answers', `${where}: ${problem.message}`);
    else if (answer.status < 500) run.pass(op, 'answers');
  },
};
