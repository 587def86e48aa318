// pnpm contract:diff <git-ref>: what changed in the contract between a revision and the working
// tree, whom each change breaks (the portal, the backend, both or neither) and which portal
// screens call the operations (see the README's "For the backend team"). It is a report: exit 0
// whatever it finds; 2 for a usage error (no or unknown revision, unknown option).
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { formatReport } from './report.js';
import { UsageError, toolRoot } from './revision.js';

const usage = `Usage: pnpm contract:diff <git-ref> [options]
  Compares the contract in the working tree (spec/) with the contract at <git-ref>.
  --json        print the report as JSON
  --root <dir>  the repository to read (default: the one holding this tool)
  --web <dir>   the portal sources to scan for call sites (default: <root>/packages/web/src)
  --help`;

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
      root: { type: 'string' },
      web: { type: 'string' },
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
if (positionals.length !== 1) {
  fail(
    positionals.length ? `One git revision, not ${positionals.length}.` : 'Name a git revision.',
  );
}

// A reader that stops early (`| head`) ends the report, not with a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

// pnpm runs the script in the package folder: relative paths are the caller's.
const cwd = process.env.INIT_CWD ?? process.cwd();
try {
  // Loaded once the arguments are good: the scanner brings the TypeScript parser along.
  const { runDiff } = await import('./run.js');
  const report = runDiff({
    root: values.root ? resolve(cwd, values.root) : toolRoot,
    ref: positionals[0]!,
    ...(values.web ? { webSrc: resolve(cwd, values.web) } : {}),
  });
  console.log(values.json ? JSON.stringify(report, null, 2) : formatReport(report));
} catch (error) {
  if (error instanceof UsageError) fail(error.message);
  throw error;
}
