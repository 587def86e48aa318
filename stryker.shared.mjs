// @ts-check
/**
 * What every package's mutation run shares (packages/<name>/stryker.config.mjs; `pnpm mutation`
 * runs them, scripts/mutation.mjs). A package names its modules, each with the files it mutates
 * and the tests that must notice; a run takes one module (MUTATION_MODULE) or, without one, all of
 * the package's at once.
 *
 * The sandbox is a copy of the package two levels below the repository's root
 * (.stryker-tmp/sandbox-…), where the package itself sits: the paths a package reaches outside
 * itself (../../vitest.shared.ts, ../../tsconfig.base.json, a test's ../../../) lead where they do
 * from the package.
 */

/**
 * @typedef {object} MutationModule
 * @property {string[]} mutate The module's source files (globs from the package's root).
 * @property {string[]} testFiles The tests run against its mutants (globs from the package's root).
 */

/** Below this score a module's run fails: a wrong answer there would reach a person unnoticed. */
export const BREAK_SCORE = 80;

/** Where the reports go (gitignored), from a package's root. */
const REPORTS = '../../reports/mutation';

/**
 * The Stryker options of a package's run, its reports named after the module (or the package).
 * @param {string} packageName the package's folder under packages/
 * @param {Record<string, MutationModule>} modules the package's modules by name
 * @param {string | undefined} chosen the module to run (MUTATION_MODULE), or all of them
 * @returns {Record<string, unknown>} Stryker's options (its PartialStrykerOptions)
 */
export function mutationRun(packageName, modules, chosen) {
  if (chosen !== undefined && !(chosen in modules)) {
    throw new Error(`No mutation module "${chosen}" here: ${Object.keys(modules).join(', ')}`);
  }
  const names = chosen === undefined ? Object.keys(modules) : [chosen];
  const runName = chosen ?? packageName;
  const picked = names.map((name) => /** @type {MutationModule} */ (modules[name]));
  const testFiles = [...new Set(picked.flatMap((module) => module.testFiles))];
  return {
    testRunner: 'vitest',
    plugins: ['@stryker-mutator/vitest-runner'],
    // The sandbox holds the module's tests and no other (ignorePatterns below), and Vitest runs
    // what it finds there: a mutant that acts while modules load gets the whole of them after a
    // reload. (Stryker's own testFiles option would activate such a mutant only once the modules
    // are loaded, and call it survived.) Which test reaches which mutant is measured per test.
    vitest: { configFile: 'vitest.config.ts', related: false },
    coverageAnalysis: 'perTest',
    mutate: [...new Set(picked.flatMap((module) => module.mutate))],
    // Two cores shared by everyone working on the machine.
    concurrency: 1,
    tempDirName: '../../.stryker-tmp',
    // Stryker moves a tsconfig's `extends` one sandbox deeper, for a sandbox inside the package;
    // this one sits as deep as the package, so no file of that name is to be rewritten.
    tsconfigFile: 'no-tsconfig-to-rewrite',
    cleanTempDir: 'always',
    // Only what a unit run reads is copied: not the build output, the journeys, or the logs and
    // results other runs leave beside them while this one starts; of the tests, the module's.
    ignorePatterns: [
      '/*',
      '!/src',
      '!/test',
      '!/public',
      '!/index.html',
      '!/*.md',
      '!/package.json',
      '!/tsconfig.json',
      '!/vitest.config.ts',
      '*.test.ts',
      '*.test.tsx',
      ...testFiles.map((glob) => `!/${glob}`),
    ],
    // A mutant's tests may take this much longer than they did unmutated before it counts as
    // hanging (an endless loop); generous, as the machine is shared.
    timeoutMS: 20_000,
    dryRunTimeoutMinutes: 30,
    incremental: true,
    incrementalFile: `${REPORTS}/${runName}.incremental.json`,
    reporters: ['clear-text', 'progress', 'html', 'json'],
    clearTextReporter: { allowEmojis: false, reportScoreTable: true, reportTests: false },
    htmlReporter: { fileName: `${REPORTS}/${runName}.html` },
    jsonReporter: { fileName: `${REPORTS}/${runName}.json` },
    thresholds: { high: 90, low: BREAK_SCORE, break: BREAK_SCORE },
  };
}
