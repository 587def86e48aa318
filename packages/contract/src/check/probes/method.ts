// A path of the contract asked with a method it does not declare answers 405 with an `Allow` header
// naming the methods it does (GET with HEAD) and the error envelope, before any session is asked
// for. Probed once, without a session, on a path that takes only POST (a read, so nothing could
// change even if the server took the method): good for all three, weak for a 405 without the
// header's methods or the envelope, missing for any other status.
import { operations } from '../../index.js';
import { isFailingEnvelope, type CheckRun, type SecurityLine } from '../run.js';
import { sendProbe } from './send.js';

/** The read the probe asks with another method: POST /api/misc/years. */
const PROBED_OPERATION = 'miscGetYears';
const UNDECLARED = ['PUT', 'PATCH', 'DELETE'];

/** The methods the contract declares for `path`, GET with HEAD. */
function declaredMethods(path: string): string[] {
  const methods = new Set<string>();
  for (const op of operations.filter((o) => o.path === path)) {
    methods.add(op.method);
    if (op.method === 'GET') methods.add('HEAD');
  }
  return [...methods];
}

export async function methodProbe(run: CheckRun): Promise<SecurityLine> {
  const { path } = run.op(PROBED_OPERATION);
  const declared = declaredMethods(path);
  const method = UNDECLARED.find((m) => !declared.includes(m)) ?? 'PUT';
  const subject = `${method} ${path}`;
  const property = '405 with Allow';
  const expected = `405, Allow: ${declared.join(', ')}, error envelope`;
  const answer = await sendProbe(run, path, { method });
  if ('error' in answer) return { subject, property, value: answer.error, verdict: 'n/a' };
  const allow = answer.headers.get('allow');
  if (answer.status !== 405) {
    return {
      subject,
      property,
      value: `${answer.status}${allow ? `, Allow: ${allow}` : ''} (expected ${expected})`,
      verdict: 'missing',
    };
  }
  const named = new Set(
    (allow ?? '')
      .split(',')
      .map((m) => m.trim().toUpperCase())
      .filter(Boolean),
  );
  const allowGood = declared.every((m) => named.has(m)) && !named.has(method);
  const envelope = isFailingEnvelope(answer.body);
  const value = [
    '405',
    allow === null ? 'no Allow' : `Allow: ${allow}`,
    envelope ? 'error envelope' : 'no error envelope',
  ].join(', ');
  return {
    subject,
    property,
    value: allowGood && envelope ? value : `${value} (expected ${expected})`,
    verdict: allowGood && envelope ? 'good' : 'weak',
  };
}
