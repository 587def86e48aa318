// What every request to a contract operation passes before its handler, in order:
//   faults → (answer check: tests, --validate-answers) → session/XSRF/role → storage and size
//   limits → query/body validation (a JSON body nested too deep is refused from its text first)
//   → whose data (x-owner) → handler
// Each step reads what to do from the operation, found once per request (c.var.operation), so a
// new area's routes get all of it by being mounted. The steps run inside one middleware, as plain
// calls: a step that refuses returns its answer, one that passes calls the next, and only what
// must wait (reading a body, a fault's delay) is asynchronous; a middleware per step would cost
// every request a dispatch and a promise each. A path of the contract asked with a method it does
// not declare answers 405 with `Allow` (the methods it does), before any of these steps.
import type { MiddlewareHandler, Next } from 'hono';
import { findOperation, operations } from '@lms/contract';
import { faults, settle, type Answer, type FaultOptions } from './faults/faults.js';
import { fail, type AppContext, type AppEnv } from './http.js';
import { ownerRefusal } from './ownership.js';
import { sessionRefusal } from './security.js';
import { requestChecks, type RequestLimits } from './validation/request.js';
import { validateResponses } from './validation/response.js';
import type { Store } from './world/core/store.js';

interface GateOptions extends RequestLimits {
  store: Store;
  faults: FaultOptions;
  /** Check every answer against the contract (tests, --validate-answers). */
  checkAnswers: boolean;
}

/**
 * The context of the latest request to an operation, held until the next one arrives. V8 drops
 * the hidden-class transitions of a class in a full GC that finds no instance of it alive, and
 * the GCs that shrink an idle process's memory (about 8 s after it goes quiet) find none: every
 * request's objects are gone by then. The requests after it then build their contexts, requests
 * and responses on a slow path for the rest of the process: 1.7 times the CPU per request for a
 * news or chat page, measured after a 9 s pause (`pnpm bench`). One held context keeps one
 * instance of each of those classes alive (Hono's context and request, Node's request and
 * response), and with them the fast path; it costs one request's memory.
 */
const held: { context?: AppContext } = {};
/** The context the gate holds (tests). */
export const heldContext = () => held.context;

/**
 * The methods the contract declares for each of its paths, as an `Allow` header (GET with HEAD,
 * which is answered as GET): a path of the contract asked with another method answers 405 with
 * it, not 404, since the path exists.
 */
const allowed = new Map<string, string>();
for (const op of operations) {
  const methods = new Set((allowed.get(op.path) ?? '').split(', ').filter(Boolean));
  methods.add(op.method);
  if (op.method === 'GET') methods.add('HEAD');
  allowed.set(op.path, [...methods].join(', '));
}

/** 405 with `Allow` for a path of the contract asked with a method it does not declare. */
function methodNotAllowed(c: AppContext): Response | undefined {
  const allow = allowed.get(c.req.path);
  if (allow === undefined) return undefined;
  c.header('Allow', allow);
  return fail(c, 405, `Method ${c.req.method} is not allowed: ${c.req.path} takes ${allow}`);
}

/** Runs `then` as a middleware's next(): an answer it returns becomes c.res, as Hono does it. */
const settled =
  (c: AppContext, then: () => Answer): Next =>
  () =>
    settle(c, then);

export function contractGate({
  store,
  faults: faultOptions,
  checkAnswers,
  ...limits
}: GateOptions): MiddlewareHandler<AppEnv> {
  const faultStep = faults(faultOptions);
  const answerCheck = checkAnswers ? validateResponses() : undefined;
  const checkRequest = requestChecks(limits);
  return async (c, next) => {
    held.context = c;
    const op = findOperation(c.req.method, c.req.path);
    c.set('operation', op);
    if (!op) return methodNotAllowed(c) ?? next();
    const handler = () => ownerRefusal(store, c, op) ?? next();
    const checked = () => sessionRefusal(store, c, op) ?? checkRequest(c, op, handler);
    const answer = await faultStep(
      c,
      answerCheck ? () => answerCheck(c, settled(c, checked)) : checked,
    );
    if (answer instanceof Response) return answer;
  };
}
