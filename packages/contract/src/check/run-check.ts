// The contract checker: signs in as a teacher and a student (and a second of each), calls every
// operation of the contract against a server with valid data (the contract's examples, fed with
// what the server answered) and with invalid data, and checks each answer, the session and XSRF
// rules, the roles, whose data each operation may touch, undeclared fields, CORS, the end of
// sessions, and that a write shows in a read. It never deletes or changes what it did not create;
// --read-only sends no writes at all. This file only runs the phases in order.
import { findOperation, operations } from '../index.js';
import {
  applicableChecks,
  CheckRun,
  type ActorKey,
  type CheckReport,
  type Credentials,
} from './check-run.js';
import { sharedClass } from './discovery.js';
import { BudgetExceeded, type Limits } from './lib/http.js';
import { ROLE_STUDENT, ROLE_TEACHER, type Role } from './lib/roles.js';
import { posture } from './posture.js';
import { chat } from './scenarios/chat.js';
import { journal } from './scenarios/journal.js';
import { library } from './scenarios/library.js';
import { news } from './scenarios/news.js';
import { orders } from './scenarios/orders.js';
import { registration } from './scenarios/registration.js';
import { Scenario } from './scenarios/scenario.js';
import { logout, password } from './scenarios/session.js';
import { umk } from './scenarios/umk.js';
import { SignInFailed, signIn } from './sign-in.js';
import {
  cors,
  invalids,
  otherRoleReads,
  ownerReads,
  publicChecks,
  reads,
  withoutSession,
} from './sweeps.js';

export type { CheckReport, CheckResult, CheckName, Credentials } from './check-run.js';
export { CHECKS, CHECK_MEANING } from './check-run.js';
export { summaryLine } from './report.js';

export interface CheckOptions {
  target: string;
  teacher: Credentials;
  student: Credentials;
  /** A second teacher and a second student (of another group): for the `owner` check. */
  teacher2?: Credentials;
  student2?: Credentials;
  /** The portal's first page, for the posture table (default: the target's /lms/). */
  portal?: string;
  readOnly?: boolean;
  /** Fail on any undeclared answer property, not only those whose names look secret. */
  strictFields?: boolean;
  /** Makes the checker's own texts (markers) repeatable. */
  seed?: number;
  limits?: Partial<Omit<Limits, 'deadline'>> & { totalSeconds?: number };
  onProgress?: (done: number, total: number, operationId: string) => void;
}

const DEFAULT_LIMITS = { maxRequests: 6000, timeoutMs: 15_000, totalSeconds: 600 };

/** The writes, area by area, and the operations each exercises. */
const SCENARIOS: [string[], (s: Scenario) => Promise<void>][] = [
  [['insertNews', 'deleteNews'], news],
  [['chatInsertMessage', 'chatReadMessage', 'chatReadAll', 'chatDeleteMessage'], chat],
  [['umkSave', 'umkDeleteBook'], umk],
  [['librarySaveBook'], library],
  [['visitlogInsertAllVisits', 'visitlogUpdateVisit', 'visitlogDeleteJournalDate'], journal],
  [['regfordisciplinesSaveRegistration', 'regfordisciplinesDeleteRegistration'], registration],
  [['singlewindowSaveOrder', 'singlewindowCancelOrder'], orders],
  [['passwdReset'], password],
  [['logout'], logout],
];

export async function runCheck(options: CheckOptions): Promise<CheckReport> {
  const started = Date.now();
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const run = new CheckRun(
    {
      target: options.target,
      readOnly: options.readOnly ?? false,
      seed: options.seed ?? 1,
      strictFields: options.strictFields ?? false,
    },
    {
      maxRequests: limits.maxRequests,
      timeoutMs: limits.timeoutMs,
      deadline: started + limits.totalSeconds * 1000,
    },
  );
  const total = operations.length;
  const seen = new Set<string>();
  const progress = (id: string) => {
    seen.add(id);
    options.onProgress?.(Math.min(seen.size, total), total, id);
  };
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
    return run.report(started, reason, error instanceof SignInFailed);
  }
  try {
    for (const id of ['getConfig', 'getLogo', 'authorize', 'authenticate']) progress(id);
    await publicChecks(run);
    await reads(run, progress);
    await invalids(run);
    await withoutSession(run);
    await otherRoleReads(run);
    await ownerReads(run);
    await cors(run);
    await posture(run, options.portal ?? new URL('/lms/', options.target).href);
    if (run.options.readOnly) {
      for (const op of operations.filter((o) => o.isWrite)) {
        progress(op.operationId);
        for (const check of applicableChecks(op))
          run.skip(op, check, 'read-only: no writes are sent');
      }
    } else {
      await sharedClass(run);
      const scenario = new Scenario(run);
      for (const [ids, step] of SCENARIOS) {
        ids.forEach(progress);
        await step(scenario);
      }
    }
    return run.report(started);
  } catch (error) {
    const reason =
      error instanceof BudgetExceeded
        ? error.message
        : `stopped: ${error instanceof Error ? error.message : String(error)}`;
    return run.report(started, reason);
  }
}

export { findOperation };
