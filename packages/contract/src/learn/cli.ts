// pnpm contract:learn <recording.har…>: what recorded traffic of a real server says about the
// contract's assumptions (see the README's "For the backend team"). Exit 0: nothing contradicted
// and no unknown call; 1: a contradiction or an unknown call; 2: called wrongly or a recording
// that cannot be read. Nothing it prints or writes holds a secret or a person's name.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { RecordingError } from './har.js';
import { exitCodeOf, learnFromRecordings } from './learn.js';
import { formatLearnReport } from './report.js';
import { defaultSpecDir, writeProposals, type WriteResult } from './write.js';

const usage = `Usage: pnpm contract:learn <recording.har…> [options]
  Reads HAR files (exported by Chromium, Firefox or Safari, or recorded by
  pnpm contract:proxy --record) and reports, for every assumption of the contract, whether the
  traffic confirmed it, contradicted it (operation, field, one redacted example) or never
  exercised it; shapes it does not mark assumed that the traffic contradicts; and calls the
  contract does not know.
  --json             the report as JSON
  --write            turn the report into a contract change for review in the spec's YAML:
                     confirmed assumptions lose x-assumed, contradicted shapes take the observed
                     one (marked x-assumed, described as observed), and the bundled contract is
                     regenerated
  --spec-dir <dir>   the contract to change with --write (default: the repository's spec/)
  --help
  Exit codes: 0 no contradiction, 1 a contradiction or an unknown call, 2 bad usage or an
  unreadable recording.`;

function fail(message: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(2);
}

let parsed: ReturnType<typeof parseOptions>;
function parseOptions() {
  return parseArgs({
    allowPositionals: true,
    options: {
      json: { type: 'boolean', default: false },
      write: { type: 'boolean', default: false },
      'spec-dir': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
}
try {
  parsed = parseOptions();
} catch (error) {
  fail((error as Error).message);
}
const { values, positionals } = parsed;
if (values.help) {
  console.log(usage);
  process.exit(0);
}
if (positionals.length === 0) fail('Name at least one recording (a .har file).');
if (values['spec-dir'] !== undefined && !values.write) fail('--spec-dir goes with --write.');

process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

// pnpm runs the script in the package folder: relative paths are the caller's.
const cwd = process.env.INIT_CWD ?? process.cwd();
const specDir = values['spec-dir'] ? resolve(cwd, values['spec-dir']) : defaultSpecDir;
if (values.write && !existsSync(resolve(specDir, 'openapi.yaml'))) {
  fail(`${specDir} holds no openapi.yaml: name the contract's folder with --spec-dir.`);
}

try {
  const learned = await learnFromRecordings(positionals.map((file) => resolve(cwd, file)));
  let written: WriteResult | undefined;
  if (values.write) written = writeProposals(learned, specDir);
  if (values.json) {
    console.log(JSON.stringify(written ? { ...learned.report, written } : learned.report, null, 2));
  } else {
    console.log(formatLearnReport(learned.report));
    if (written) {
      console.log(
        `\nWritten for review: ${written.changes.length} changes in ${written.files.join(', ') || 'no file'}` +
          (written.bundled ? `; ${written.bundled} regenerated` : ''),
      );
      for (const change of written.changes) console.log(`  ${change}`);
      if (written.files.length > 0) {
        console.log(
          '  Review the change (git diff), see what it breaks with pnpm contract:diff HEAD, then run pnpm generate for the client types.',
        );
      }
    }
  }
  process.exitCode = exitCodeOf(learned.report);
} catch (error) {
  if (error instanceof RecordingError) fail(error.message);
  throw error;
}
