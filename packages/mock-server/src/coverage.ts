import { operations, type Operation } from '@lms/contract';

/** The contract's operations no route answers (middleware, registered for ALL, does not count). */
export function listOperationsWithoutHandler(app: {
  routes: readonly { method: string; path: string }[];
}): Operation[] {
  const routed = new Set(
    app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`),
  );
  return operations.filter((op) => !routed.has(`${op.method} ${op.path}`));
}
