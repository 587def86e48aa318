// The contract checker: signs in as a teacher and a student (and a second of each), runs the
// sweeps of the registry's checks over every operation of the contract (valid and invalid data,
// no session, the other role, whose data each operation may touch, CORS, the session cookies),
// then the write scenarios (each write first sent the ways it must be refused, then for real, then
// read back), and reports each check on each operation. It never deletes or changes what it did
// not create; --read-only sends no writes at all. This file only runs the phases in order and
// makes the report's data; the checks themselves are in checks/, listed by the registry.
import { operations } from '../index.js';
import { sharedClass } from './discovery.js';
import { BudgetExceeded } from './lib/http.js';
import { ROLE_STUDENT, ROLE_TEACHER, type Role } from './lib/roles.js';
import { fillSecurityTable } from './security-table.js';
import { startSlowClientProbe, type SlowClientProbe } from './probes/slow-client.js';
import { applicableChecks, CHECK_REGISTRY, type CheckName } from './registry.js';
import {
  CheckRun,
  type ActorKey,
  type CheckReport,
  type CheckResult,
  type Credentials,
} from './run.js';
import { chat } from './scenarios/chat.js';
import { visitlog } from './scenarios/visitlog.js';
import { library } from './scenarios/library.js';
import { news } from './scenarios/news.js';
import { singlewindow } from './scenarios/singlewindow.js';
import { regfordisciplines } from './scenarios/regfordisciplines.js';
import { Scenario } from './scenarios/scenario.js';
import { logout, password } from './scenarios/session.js';
import { umk } from './scenarios/umk.js';
import { SignInFailed, signIn } from './sign-in.js';

export type { CheckDefinition } from './definition.js';
export type { AssumptionLine } from './lib/assumptions.js';
export type { CheckReport, CheckResult, Credentials } from './run.js';
export { CHECK_REGISTRY, type CheckName } from './registry.js';
export { summaryLine } from './report.js';

export interface CheckOptions {
  target: string;
  teacher: Credentials;
  student: Credentials;
  /** A second teacher and a second student (of another group): for the `owner` check. */
  teacher2?: Credentials;
  student2?: Credentials;
  /** The portal's first page, for the security table (default: the target's /lms/). */
  portal?: string;
  readOnly?: boolean;
  /** Fail on any undeclared answer property, not only those whose names look secret. */
  strictFields?: boolean;
  /** How long the server's sessions live (default 24 hours): no session cookie may live longer. */
  sessionHours?: number;
  /**
   * How long the slow-client probe waits for the server to cut a client that sends a header byte a
   * second (default 30 s; 0 leaves the probe out). The run never waits for it longer than that.
   */
  slowClientSeconds?: number;
  /** Makes the checker's own texts (markers) repeatable. */
  seed?: number;
  limits?: { maxRequests?: number; timeoutMs?: number; totalSeconds?: number };
  onProgress?: (done: number, total: number, operationId: string) => void;
}

const DEFAULT_LIMITS = { maxRequests: 6000, timeoutMs: 15_000, totalSeconds: 600 };

/** The portal's session lasts a day: the default bound of a session cookie's lifetime. */
const DEFAULT_SESSION_HOURS = 24;

/**
 * Three times a careful server's headers timeout (the mock's 10 s): a server still holding a slow
 * client then is weak.
 */
const DEFAULT_SLOW_CLIENT_SECONDS = 30;

/** The writes, area by area, and the operations each exercises. */
const SCENARIOS: [string[], (s: Scenario) => Promise<void>][] = [
  [['insertNews', 'deleteNews'], news],
  [['chatInsertMessage', 'chatReadMessage', 'chatReadAll', 'chatDeleteMessage'], chat],
  [['umkSave', 'umkDeleteBook'], umk],
  [['librarySaveBook'], library],
  [['visitlogInsertAllVisits', 'visitlogUpdateVisit', 'visitlogDeleteJournalDate'], visitlog],
  [['regfordisciplinesSaveRegistration', 'regfordisciplinesDeleteRegistration'], regfordisciplines],
  [['singlewindowSaveOrder', 'singlewindowCancelOrder'], singlewindow],
  [['passwdReset'], password],
  [['logout'], logout],
];

const PUBLIC_OPERATIONS = ['getConfig', 'getLogo', 'authorize', 'authenticate'];

/** 'a, b, c and 4 more'. */
const some = (ids: readonly string[]) =>
  ids.length > 3 ? `${ids.slice(0, 3).join(', ')} and ${ids.length - 3} more` : ids.join(', ');

/**
 * Why no answer of this run can confirm an assumption: it came from no signed-in session, or the
 * server did not keep its own session and owner rules, which something that only makes answers
 * up from the contract cannot keep. Undefined when it behaved as a server.
 */
function conductDoubt(run: CheckRun, signInFailed: boolean): string | undefined {
  if (signInFailed) return 'the run could not sign in: no answer came to a signed-in person';
  const failedOn = (check: CheckName) =>
    run
      .outcomesOf(check)
      .filter((r) => r.outcome === 'fail')
      .map((r) => r.operationId);
  const reasons: string[] = [];
  if (!run.outcomesOf('no-session').some((r) => r.outcome === 'pass')) {
    reasons.push('no request without a session was refused with 401');
  }
  const broken: [CheckName, string][] = [
    ['no-session', 'requests without a session were answered'],
    ['session-end', 'ended sessions still answered'],
    ['owner', 'other people’s data was given out'],
  ];
  for (const [check, words] of broken) {
    const failed = failedOn(check);
    if (failed.length > 0) reasons.push(`${words} (${check} failed on ${some(failed)})`);
  }
  return reasons.length > 0 ? `not a server's conduct: ${reasons.join('; ')}` : undefined;
}

/** The report's data: every applicable check of every operation, exercised or not. */
function finish(run: CheckRun, started: number, aborted?: string, signInFailed = false) {
  const results: CheckResult[] = [];
  for (const op of operations) {
    for (const { name: check } of applicableChecks(op)) {
      results.push(
        run.resultOf(op, check) ??
          (aborted
            ? {
                operationId: op.operationId,
                check,
                outcome: 'error',
                detail: `not reached: ${aborted}`,
              }
            : { operationId: op.operationId, check, outcome: 'skip', detail: 'not exercised' }),
      );
    }
  }
  return {
    target: run.options.target,
    readOnly: run.options.readOnly,
    strictFields: run.options.strictFields,
    results,
    assumptions: run.assumptions.report(conductDoubt(run, signInFailed)),
    security: run.security,
    requests: run.budget.requests,
    ms: Date.now() - started,
    aborted,
    signInFailed,
  } satisfies CheckReport;
}

export async function runCheck(options: CheckOptions): Promise<CheckReport> {
  const started = Date.now();
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const total = operations.length;
  const reached = new Set<string>();
  const run = new CheckRun(
    {
      target: options.target,
      readOnly: options.readOnly ?? false,
      seed: options.seed ?? 1,
      strictFields: options.strictFields ?? false,
      sessionHours: options.sessionHours ?? DEFAULT_SESSION_HOURS,
    },
    {
      maxRequests: limits.maxRequests,
      timeoutMs: limits.timeoutMs,
      deadline: started + limits.totalSeconds * 1000,
    },
    {
      inspectors: CHECK_REGISTRY.flatMap((check) => (check.inspect ? [check.inspect] : [])),
      onOperation: (id) => {
        reached.add(id);
        options.onProgress?.(Math.min(reached.size, total), total, id);
      },
    },
  );
  const people: [ActorKey, Role, Credentials | undefined][] = [
    ['teacher', ROLE_TEACHER, options.teacher],
    ['student', ROLE_STUDENT, options.student],
    ['teacher2', ROLE_TEACHER, options.teacher2],
    ['student2', ROLE_STUDENT, options.student2],
  ];
  try {
    for (const [key, role, credentials] of people) {
      if (credentials) run.actors.push(await signIn(run, key, role, credentials));
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return finish(run, started, reason, error instanceof SignInFailed);
  }
  let slowClient: SlowClientProbe | undefined;
  try {
    slowClient = startSlowClientProbe(
      run,
      options.slowClientSeconds ?? DEFAULT_SLOW_CLIENT_SECONDS,
    );
    PUBLIC_OPERATIONS.forEach((id) => run.reached(id));
    for (const check of CHECK_REGISTRY) await check.sweep?.(run);
    await fillSecurityTable(run, options.portal ?? new URL('/lms/', options.target).href);
    if (run.options.readOnly) {
      for (const op of operations.filter((o) => o.isWrite)) {
        run.reached(op.operationId);
        for (const check of applicableChecks(op))
          run.skip(op, check.name, 'read-only: no writes are sent');
      }
    } else {
      await sharedClass(run);
      const scenario = new Scenario(run);
      for (const [ids, step] of SCENARIOS) {
        ids.forEach((id) => run.reached(id));
        await step(scenario);
      }
    }
    run.security.push(await slowClient.line);
    return finish(run, started);
  } catch (error) {
    slowClient?.stop();
    const reason =
      error instanceof BudgetExceeded
        ? error.message
        : `stopped: ${error instanceof Error ? error.message : String(error)}`;
    return finish(run, started, reason);
  }
}
