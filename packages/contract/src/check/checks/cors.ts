// cors: a request from a foreign Origin (for writes, sign-in and authenticate: a preflight, which
// changes nothing) gets no Access-Control-Allow-Origin for it, or `*`, with
// Access-Control-Allow-Credentials: true. Its sweep covers every operation.
import { operations } from '../../index.js';
import type { CheckDefinition } from '../definition.js';
import type { Answer } from '../lib/http.js';
import { allowedRequest } from '../read-requests.js';
import type { CheckRun } from '../run.js';

/** A foreign site. */
const FOREIGN_ORIGIN = 'https://contract-check.invalid';

const credentialedFor = (answer: Answer) => {
  const origin = answer.headers.get('access-control-allow-origin');
  const credentials = answer.headers.get('access-control-allow-credentials');
  return (origin === FOREIGN_ORIGIN || origin === '*') &&
    credentials?.trim().toLowerCase() === 'true'
    ? `Access-Control-Allow-Origin: ${origin} with Access-Control-Allow-Credentials: true`
    : null;
};

async function foreignOrigin(run: CheckRun) {
  const origin = { Origin: FOREIGN_ORIGIN };
  for (const op of operations) {
    let answer: Answer;
    if (op.isWrite || op.operationId === 'authorize' || op.operationId === 'authenticate') {
      const client = op.isPublic ? run.newClient() : run.mains()[0]!.client;
      answer = await run.call(
        client,
        op,
        {
          method: 'OPTIONS',
          headers: {
            ...origin,
            'Access-Control-Request-Method': op.method,
            'Access-Control-Request-Headers': 'content-type,x-xsrf-token',
          },
        },
        'a preflight from a foreign Origin',
      );
    } else if (op.isPublic) {
      answer = await run.call(run.newClient(), op, { headers: origin }, 'a foreign Origin');
    } else {
      const { actor, request } = await allowedRequest(run, op);
      answer = await run.call(
        actor.client,
        op,
        { ...request, headers: origin },
        'a foreign Origin',
      );
    }
    const leak = credentialedFor(answer);
    if (leak)
      run.fail(
        op,
        'cors',
        `${op.isWrite ? 'a preflight' : 'a request'} from ${FOREIGN_ORIGIN} got ${leak}`,
      );
    else run.pass(op, 'cors');
  }
}

export const cors: CheckDefinition<'cors'> = {
  name: 'cors',
  label: 'cors',
  meaning:
    'a request (for writes: a preflight) from a foreign Origin gets no Access-Control-Allow-Origin for it with Access-Control-Allow-Credentials: true',
  appliesTo: () => true,
  exercisedByWrites: false,
  sweep: foreignOrigin,
};
