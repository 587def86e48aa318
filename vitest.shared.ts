import { availableParallelism } from 'node:os';

/*
 * The one timeout policy of every package's tests (each vitest.config.ts spreads `testTimeouts`;
 * packages/web/test/setup.ts gives Testing Library `ASYNC_UTIL_TIMEOUT_MS`).
 *
 * A limit here only catches a test that hangs or a screen that never shows what it waits for:
 * CI runs every package's suite side by side on two shared cores, where a load of 7 to 17 has
 * made a test that takes one second alone take nine, and a heading that shows in 300 ms take
 * several seconds. A loaded machine must make CI slower, never red. How fast the portal is gets
 * measured by the benchmarks, not here. A test file or a wait sets no shorter limit of its own.
 */

/** A whole test, and a hook (a suite's world or server started in beforeAll). */
export const TEST_TIMEOUT_MS = 60_000;

/**
 * Testing Library's waits (findBy*, waitFor) and Vitest's polls (expect.poll): what a screen
 * shows after a lazy chunk, a translation chunk and the in-process mock server's answers.
 */
export const ASYNC_UTIL_TIMEOUT_MS = 15_000;

/** The `test` options every vitest.config.ts spreads: the limits above. */
export const testTimeouts = {
  testTimeout: TEST_TIMEOUT_MS,
  hookTimeout: TEST_TIMEOUT_MS,
  expect: { poll: { timeout: ASYNC_UTIL_TIMEOUT_MS } },
} as const;

/**
 * Every core for the larger suites: Vitest's default leaves one free (for a developer's editor), so
 * on CI's two cores a suite ran its files one at a time, and once the other tasks had finished the
 * second core idled while the portal's suite, the longest, ran on alone.
 */
export const everyCore = { maxWorkers: availableParallelism() } as const;
