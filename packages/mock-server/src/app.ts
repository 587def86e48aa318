// Builds the mock server as a Hono app: tests call app.request(), main.ts serves it.
//
// Every request to a contract operation passes the gate (gate.ts: faults, answer check in tests,
// security, limits, validation, whose data) before its handler; each step reads what to do from
// the contract, so a new area's routes get all of it by being mounted below.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { contractGate } from './gate.js';
import { createRouter, fail } from './http.js';
import { chatRoutes } from './routes/chat.js';
import { disciplineRoutes } from './routes/discipline.js';
import { libraryRoutes } from './routes/library.js';
import { mockRoutes } from './routes/mock.js';
import { downloadRoutes } from './routes/downloads.js';
import { newsRoutes } from './routes/news.js';
import { miscRoutes } from './routes/misc.js';
import { passwdRoutes } from './routes/passwd.js';
import { profileRoutes } from './routes/profile.js';
import { scheduleRoutes } from './routes/schedule.js';
import { regfordisciplinesRoutes } from './routes/regfordisciplines.js';
import { singlewindowRoutes } from './routes/singlewindow.js';
import type { RouteDeps } from './routes/route-deps.js';
import { sessionRoutes } from './routes/session.js';
import { umkRoutes } from './routes/umk.js';
import { referenceRoutes, webRoutes } from './routes/web.js';
import { visitlogRoutes } from './routes/visitlog.js';
import { DEFAULT_SESSION_HOURS, MAX_SESSION_HOURS, sessionMsOf } from './world/core/sessions.js';
import { MAX_WRITTEN_PER_COLLECTION, Store } from './world/core/store.js';
import { DEFAULT_NOW } from './world/core/time.js';
import { MAX_SCALE } from './world/core/university.js';
import { MAX_GROWTH } from './world/core/growth.js';
import { DEFAULT_MAX_STORAGE_MB, spaceLeft, storageFullMessage } from './world/core/storage.js';

export interface AppOptions {
  /** Seeds the world (and the fault randomness). Default 1. */
  seed?: number;
  /** Multiplies the population, 1…100. Default 1. */
  scale?: number;
  /**
   * The growth world, 1…100 (world/core/growth.ts): the e-library's books, the demo group's
   * students and lesson dates and the demo conversation, multiplied. Default 0: the usual world.
   */
  growth?: number;
  /** Every answer waits a random time in [min, max] ms. Default [0, 0]. */
  latency?: readonly [number, number];
  /** Share of answers (0…1) replaced by a 500. Default 0. */
  errorRate?: number;
  /**
   * Test mode: check every answer against the contract, and let any error (a handler's bug, a
   * contract mismatch) reach the caller of app.request() instead of becoming a 500.
   */
  validateResponses?: boolean;
  /**
   * Check every answer against the contract's statuses, content types and schemas (each answer is
   * parsed again to do so). Default: on in test mode, off otherwise; `--validate-answers` turns it
   * on for a served mock, where a mismatch is logged and answered 500 like any handler's error.
   */
  validateAnswers?: boolean;
  /** Largest upload per file; /config.json tells the portal. Default 10. */
  maxSizeMb?: number;
  /** The share of classes missed (percent) past which /config.json has the journal warn. Default 25. */
  absenceWarningPercent?: number;
  /** Largest total of uploaded bytes the world keeps (507 beyond it). Default 100. */
  maxStorageMb?: number;
  /**
   * Seconds of real time per step of an order placed in the single window (waiting → preparing →
   * prepared). Default 0: orders stay waiting (tests), the command line's default is 30.
   */
  orderPaceSeconds?: number;
  /** The built portal (packages/web/dist), served under /lms when it has an index.html. */
  webRoot?: string;
  /** The contract as an API reference page (spec/dist/reference.html), served at /docs/api. */
  referencePage?: string;
  /**
   * A fixed "now" for the world (frozen: writes one second apart), or `live`: anchored to the
   * real time and writes stamped with it (the command line's default). Default 2026-11-20 09:00
   * Bishkek, frozen, so tests give the same answers on any day.
   */
  clock?: Date | 'live';
  /** How long a session lasts from its login, in hours (its cookies expire with it). Default 24. */
  sessionHours?: number;
  /**
   * The Host header values /__mock/* answers: the addresses the server is reached at (a function
   * when they are known only once it listens). Default `localhost`, `127.0.0.1` and `[::1]`
   * without a port, what app.request('/__mock/…') sends; main.ts gives 127.0.0.1:<port>,
   * localhost:<port> and [::1]:<port>.
   */
  controlHosts?: readonly string[] | (() => readonly string[]);
  /**
   * Records that writes may add to one collection beyond its seed (news items, chat messages);
   * past it the oldest written ones go. Default 2000.
   */
  maxWrittenRecords?: number;
  /**
   * A proxy on this machine (the nginx recipe) is in front: a loopback connection's `X-Real-IP`
   * names the client whose logins are throttled. Default false: the connection's own address.
   */
  trustProxy?: boolean;
}

export const DEFAULT_MAX_SIZE_MB = 10;
const DEFAULT_CONTROL_HOSTS = ['localhost', '127.0.0.1', '[::1]'];
export { DEFAULT_SESSION_HOURS, MAX_SESSION_HOURS } from './world/core/sessions.js';
export const DEFAULT_ABSENCE_WARNING_PERCENT = 25;
export { DEFAULT_MAX_STORAGE_MB };

export function createApp(options: AppOptions = {}) {
  const {
    seed = 1,
    scale = 1,
    growth = 0,
    latency = [0, 0],
    errorRate = 0,
    validateResponses: testMode = false,
    validateAnswers = testMode,
    maxSizeMb = DEFAULT_MAX_SIZE_MB,
    maxStorageMb = DEFAULT_MAX_STORAGE_MB,
    absenceWarningPercent = DEFAULT_ABSENCE_WARNING_PERCENT,
    orderPaceSeconds = 0,
    webRoot,
    referencePage,
    clock = DEFAULT_NOW,
    sessionHours = DEFAULT_SESSION_HOURS,
    controlHosts = DEFAULT_CONTROL_HOSTS,
    maxWrittenRecords: maxWritten = MAX_WRITTEN_PER_COLLECTION,
    trustProxy = false,
  } = options;
  if (!Number.isInteger(scale) || scale < 1 || scale > MAX_SCALE) {
    throw new RangeError(`scale must be an integer from 1 to ${MAX_SCALE}`);
  }
  if (!Number.isInteger(growth) || growth < 0 || growth > MAX_GROWTH) {
    throw new RangeError(`growth must be an integer from 1 to ${MAX_GROWTH}, or 0 for none`);
  }
  if (!(sessionHours > 0 && sessionHours <= MAX_SESSION_HOURS)) {
    throw new RangeError(`sessionHours must be more than 0 and at most ${MAX_SESSION_HOURS}`);
  }
  const store =
    clock === 'live'
      ? new Store({ seed, scale, growth, now: new Date(), clock: 'live', maxWritten })
      : new Store({ seed, scale, growth, now: clock, maxWritten });
  const hosts = typeof controlHosts === 'function' ? controlHosts : () => controlHosts;
  const deps: RouteDeps = {
    store,
    settings: {
      maxSizeMb,
      absenceWarningPercent,
      maxStorageMb,
      orderPace: { seconds: orderPaceSeconds, initial: orderPaceSeconds },
      sessionMs: sessionMsOf(sessionHours),
      controlHosts: () => hosts().map((host) => host.toLowerCase()),
      trustProxy,
    },
  };
  const app = createRouter();

  app.onError((error, c) => {
    if (error instanceof HTTPException) {
      return fail(c, error.status as ContentfulStatusCode, error.message || 'Request failed');
    }
    if (testMode) throw error;
    console.error(error);
    return fail(c, 500, 'Internal server error');
  });
  app.notFound((c) => {
    const op = c.get('operation');
    return op
      ? fail(c, 501, `Not implemented by the mock server yet: ${op.operationId}`)
      : fail(c, 404, 'Not found');
  });

  // Every request to a contract operation: faults, answer check, security, limits, validation and
  // whose data, in that order (gate.ts).
  app.use(
    contractGate({
      store,
      faults: { latency, errorRate, seed },
      checkAnswers: validateAnswers,
      maxSizeMb,
      spaceLeft: () => spaceLeft(store, maxStorageMb),
      storageFull: () => storageFullMessage(maxStorageMb),
    }),
  );

  // One sub-app per area of the contract (see CONVENTIONS.md).
  app.route('/', mockRoutes(deps));
  app.route('/', sessionRoutes(deps));
  app.route('/', newsRoutes(deps));
  app.route('/', downloadRoutes(deps));
  app.route('/', profileRoutes(deps));
  app.route('/', miscRoutes(deps));
  app.route('/', passwdRoutes(deps));
  app.route('/', scheduleRoutes(deps));
  app.route('/', umkRoutes(deps));
  app.route('/', libraryRoutes(deps));
  app.route('/', regfordisciplinesRoutes(deps));
  app.route('/', singlewindowRoutes(deps));
  app.route('/', visitlogRoutes(deps));
  app.route('/', chatRoutes(deps));
  app.route('/', disciplineRoutes(deps));

  if (webRoot && existsSync(join(webRoot, 'index.html'))) app.route('/', webRoutes(webRoot));
  if (referencePage && existsSync(referencePage)) app.route('/', referenceRoutes(referencePage));
  // The world, for tests that look inside it.
  return Object.assign(app, { store });
}

export type MockApp = ReturnType<typeof createApp>;
