// @ts-check
/**
 * `pnpm mutation [module…]` (or `MUTATION_MODULE=<name> pnpm mutation`): mutation testing (StrykerJS) of the modules where a wrong answer
 * reaches a person, each named in its package's stryker.config.mjs. Without a name it runs every
 * module, one after the other; with names, only those (`pnpm mutation journal errors`). Each run
 * leaves its report in reports/mutation/<module>.html (and .json); this prints, and writes to
 * reports/mutation/summary.md, each module's mutants killed, survived, without coverage and timed
 * out, and its score, and fails when a module scores below the bar (stryker.shared.mjs).
 *
 * Not part of `pnpm test` or CI: a module takes minutes to an hour on a shared two-core machine.
 * A run is incremental: mutants whose code and tests did not change keep their last result;
 * `--force` tests every mutant again (a mutant that acts while modules load is kept as it was
 * even when a new test would catch it).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BREAK_SCORE } from '../stryker.shared.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const reports = join(root, 'reports/mutation');

const strykerPackage = createRequire(import.meta.url).resolve('@stryker-mutator/core/package.json');
const stryker = join(
  dirname(strykerPackage),
  JSON.parse(readFileSync(strykerPackage, 'utf8')).bin.stryker,
);

// `MUTATION_MODULE=<name> pnpm mutation` names a module as an argument does. Each package's config
// reads the variable to pick its module; this script sets it for each run it starts, so it is
// taken out before the configs are read here for their lists of modules.
const fromEnvironment = process.env.MUTATION_MODULE;
delete process.env.MUTATION_MODULE;

/** Every module by name, with the package it is in. */
const modules = new Map();
for (const pkg of readdirSync(join(root, 'packages'))) {
  const config = join(root, 'packages', pkg, 'stryker.config.mjs');
  if (!existsSync(config)) continue;
  const { modules: ofPackage } = await import(pathToFileURL(config).href);
  for (const name of Object.keys(ofPackage)) {
    if (modules.has(name)) throw new Error(`Two mutation modules are called "${name}"`);
    modules.set(name, pkg);
  }
}

const args = process.argv.slice(2).filter((arg) => arg !== '--');
const force = args.includes('--force');
const asked = [
  ...args.filter((arg) => arg !== '--force'),
  ...(fromEnvironment ? fromEnvironment.split(',').map((name) => name.trim()) : []),
];
const unknown = asked.filter((name) => !modules.has(name));
if (unknown.length > 0) {
  console.error(
    `No mutation module ${unknown.join(', ')}; the modules are: ${[...modules.keys()].join(', ')}`,
  );
  process.exit(2);
}
const chosen = asked.length > 0 ? asked : [...modules.keys()];

/**
 * A module's counts from the JSON report its run wrote (mutation-testing-report-schema), null
 * when the run wrote none. The score is Stryker's: killed and timed out of all mutants with a
 * result (compile and runtime errors and the ignored ones left out).
 * @param {string} name
 * @param {number} since when the run started
 */
function countsOf(name, since) {
  const file = join(reports, `${name}.json`);
  if (!existsSync(file) || statSync(file).mtimeMs < since) return null;
  /** @type {{ files: Record<string, { mutants: { status: string }[] }> }} */
  const report = JSON.parse(readFileSync(file, 'utf8'));
  /** @type {Record<string, number>} */
  const counts = {};
  for (const { mutants } of Object.values(report.files)) {
    for (const { status } of mutants) counts[status] = (counts[status] ?? 0) + 1;
  }
  const killed = counts.Killed ?? 0;
  const survived = counts.Survived ?? 0;
  const noCoverage = counts.NoCoverage ?? 0;
  const timeout = counts.Timeout ?? 0;
  const valid = killed + survived + noCoverage + timeout;
  const score = valid === 0 ? 100 : ((killed + timeout) / valid) * 100;
  return { killed, survived, noCoverage, timeout, score };
}

/** @type {string[]} */
const failed = [];
const rows = [];
for (const name of chosen) {
  const pkg = modules.get(name);
  console.log(`\n== ${name} (packages/${pkg})`);
  const started = Date.now();
  const run = spawnSync(
    process.execPath,
    [stryker, 'run', 'stryker.config.mjs', ...(force ? ['--force'] : [])],
    {
      cwd: join(root, 'packages', pkg),
      env: { ...process.env, MUTATION_MODULE: name },
      stdio: 'inherit',
    },
  );
  const counts = countsOf(name, started);
  if (!counts) {
    failed.push(`${name}: the run did not finish (exit ${run.status ?? run.signal})`);
    continue;
  }
  if (counts.score < BREAK_SCORE) {
    failed.push(`${name}: ${counts.score.toFixed(2)} % is below ${BREAK_SCORE} %`);
  }
  rows.push(
    `| ${name} | packages/${pkg} | ${counts.killed} | ${counts.survived} | ${counts.noCoverage} | ${counts.timeout} | ${counts.score.toFixed(2)} % |`,
  );
}

const table = [
  '| module | package | killed | survived | no coverage | timeout | score |',
  '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
  ...rows,
].join('\n');
mkdirSync(reports, { recursive: true });
writeFileSync(join(reports, 'summary.md'), `${table}\n`);
console.log(`\n${table}\n\nReports: reports/mutation/<module>.html`);
if (failed.length > 0) {
  console.error(`\n${failed.join('\n')}`);
  process.exit(1);
}
