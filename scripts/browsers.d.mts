/** Where an engine's browser is: the system's, Playwright's own build, or missing (and what). */
export type Found =
  | { kind: 'system'; path: string; headlessShell?: string }
  | { kind: 'playwright'; path: string }
  | { kind: 'missing'; what: string };

/** What each engine runs in (see browsers.mjs). */
export declare function findBrowsers(): { chromium: Found; firefox: Found; webkit: Found };
