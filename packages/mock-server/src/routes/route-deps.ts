import type { Store } from '../world/core/store.js';

/** What the app hands every area's route factory. */
export interface RouteDeps {
  store: Store;
  settings: {
    /** Largest accepted upload per file, as /config.json tells the portal. */
    maxSizeMb: number;
    /** /config.json's absenceWarningPercent: the student journal warns past this share missed. */
    absenceWarningPercent: number;
    /** Largest total of stored upload bytes; beyond it uploads are refused with a 507. */
    maxStorageMb: number;
    /**
     * Seconds of real time per step of a placed order (waiting → preparing → prepared); 0 keeps
     * orders waiting. Changed at run time by POST /__mock/order-pace, restored by /__mock/reset.
     */
    orderPace: { seconds: number; initial: number };
    /** How long a session lasts from its login, in ms (--session-hours). */
    sessionMs: number;
    /**
     * The Host header values that name this server: the only ones /__mock/* answers, so a page
     * on another name that resolves here (DNS rebinding) cannot drive it. Lower case.
     */
    controlHosts: () => readonly string[];
    /** Read the client's address from X-Real-IP on loopback connections (--trust-proxy). */
    trustProxy: boolean;
  };
}
