// @ts-check
import { mutationRun } from '../../stryker.shared.mjs';

/**
 * The contract tools' modules where a wrong answer reaches a person (`pnpm mutation`): a change
 * of the contract the differ misses or misjudges breaks a screen without warning.
 * @type {Record<string, import('../../stryker.shared.mjs').MutationModule>}
 */
export const modules = {
  // What changed between two contracts, how much it breaks, and which screens call it. The
  // command line (cli.ts, and test/diff.test.ts, which runs it) works in another process, where
  // no mutant is active; the same rules are tested here in this one.
  differ: {
    mutate: ['src/diff/**/*.ts', '!src/diff/cli.ts'],
    testFiles: [
      'test/diff-access.test.ts',
      'test/diff-call-sites.test.ts',
      'test/diff-content.test.ts',
      'test/diff-json.test.ts',
      'test/diff-kinds.test.ts',
      'test/diff-normalised-schema.test.ts',
      'test/diff-parameters.test.ts',
      'test/diff-report.test.ts',
      'test/diff-schemas.test.ts',
      'test/readme.test.ts',
    ],
  },
};

export default mutationRun('contract', modules, process.env.MUTATION_MODULE);
