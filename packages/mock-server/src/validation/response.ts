// Test mode: every answer to a contract operation (handlers' and the core's 400/401/403) is checked
// against the statuses, content types and schemas the operation declares (the contract package's
// checkAnswer, as the contract checker and the proxy use it). A mismatch throws ContractViolation,
// which app.onError re-throws in test mode, so the test that caused it fails with the reason.
import { checkAnswer, isJsonMediaType } from '@lms/contract';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http.js';

export class ContractViolation extends Error {
  override name = 'ContractViolation';
}

export function validateResponses(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const op = c.get('operation');
    if (!op) return;
    const contentType = c.res.headers.get('content-type');
    const json = isJsonMediaType(contentType?.split(';')[0]?.trim() ?? '');
    const body: unknown = json ? await c.res.clone().json() : undefined;
    const problem = checkAnswer(op, c.res.status, contentType, body);
    if (problem) {
      const detail = json ? `\n${JSON.stringify(body).slice(0, 500)}` : '';
      throw new ContractViolation(
        `${op.operationId} (${op.method} ${op.path}): ${problem.message}${detail}`,
      );
    }
  };
}
