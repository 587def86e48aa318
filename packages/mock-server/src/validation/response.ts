// Test mode: every answer to a contract operation (handlers' and the core's 400/401/403) is checked
// against the statuses and schemas the operation declares. A mismatch throws ContractViolation,
// which app.onError re-throws in test mode, so the test that caused it fails with the reason.
import type { MiddlewareHandler } from 'hono';
import type { Operation } from '../contract/contract.js';
import type { AppEnv } from '../http.js';
import { isJsonMediaType, validatorAt } from './validators.js';

export class ContractViolation extends Error {
  override name = 'ContractViolation';
}

// The transport limit (413) can hit any operation with a body, declared or not.
const UNDECLARED_ALLOWED = new Set([413]);
const ERROR_ENVELOPE = '/components/schemas/ErrorEnvelope';

function declaredContent(op: Operation, status: number) {
  return (
    op.responses[String(status)] ??
    op.responses[`${String(status).charAt(0)}XX`] ??
    op.responses.default
  );
}

export function validateResponses(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const op = c.get('operation');
    if (!op) return;
    const { status } = c.res;
    const where = `${op.operationId} (${op.method} ${op.path}) answered ${status}`;
    const content = declaredContent(op, status);
    const mediaType = c.res.headers.get('content-type')?.split(';')[0]?.trim() ?? '';
    if (!content && !UNDECLARED_ALLOWED.has(status)) {
      const detail = isJsonMediaType(mediaType) ? `: ${await c.res.clone().text()}` : '';
      throw new ContractViolation(`${where}, a status the contract does not declare${detail}`);
    }
    const jsonPointer = content
      ? Object.entries(content).find(([type]) => isJsonMediaType(type))?.[1]
      : ERROR_ENVELOPE;
    if (!isJsonMediaType(mediaType)) {
      if (jsonPointer && content && Object.keys(content).every(isJsonMediaType)) {
        throw new ContractViolation(`${where} with ${mediaType || 'no content type'}, not JSON`);
      }
      return;
    }
    if (!jsonPointer) throw new ContractViolation(`${where} with JSON, which it does not declare`);
    const body: unknown = await c.res.clone().json();
    const validate = validatorAt(jsonPointer);
    if (!validate(body)) {
      const errors = (validate.errors ?? [])
        .map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`)
        .join('; ');
      throw new ContractViolation(
        `${where} with a body the contract does not allow: ${errors}\n${JSON.stringify(body).slice(0, 500)}`,
      );
    }
  };
}
