// The contract and the portal's sources at a git revision and in the working tree, read with
// git only (nothing in the working tree or the index changes).
//
// The bundled contract (spec/generated/openapi.json) is tracked, so a revision's contract is
// `git show <rev>:spec/generated/openapi.json`; a revision without it has its YAML bundled with
// Redocly from a copy taken by `git archive`.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OpenApiDocument } from './json.js';

/** A mistake of the caller (unknown revision, no repository, no contract): exit code 2. */
export class UsageError extends Error {}

/** The repository this tool lives in (and whose node_modules hold Redocly). */
export const toolRoot = fileURLToPath(new URL('../../../../', import.meta.url));

const BUNDLED = 'spec/generated/openapi.json';
const SOURCE = 'spec/openapi.yaml';

function git(root: string, args: string[]): string {
  return execFileSync('git', args, {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

const gitOk = (root: string, args: string[]) =>
  spawnSync('git', args, { cwd: root, stdio: 'ignore' }).status === 0;

/** The top of the git repository holding `dir`. */
export function repositoryRoot(dir: string): string {
  if (!existsSync(dir)) throw new UsageError(`No such folder: ${dir}`);
  try {
    return git(dir, ['rev-parse', '--show-toplevel']).trim();
  } catch {
    throw new UsageError(`${dir} is not inside a git repository.`);
  }
}

/** The commit a revision names, or a UsageError saying it names none. */
export function resolveCommit(root: string, ref: string): string {
  if (ref.startsWith('-') || ref.trim() === '') {
    throw new UsageError(`'${ref}' is not a git revision.`);
  }
  try {
    return git(root, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]).trim();
  } catch {
    throw new UsageError(
      `Unknown git revision '${ref}': git cannot find a commit by that name in ${root}.`,
    );
  }
}

const existsAt = (root: string, commit: string, path: string) =>
  gitOk(root, ['cat-file', '-e', `${commit}:${path}`]);

/** Copies the given folders of a commit (those it has) into `dest`; false when it has none. */
export function extractAt(root: string, commit: string, paths: string[], dest: string): boolean {
  const present = paths.filter((path) => existsAt(root, commit, path));
  if (present.length === 0) return false;
  const tar = execFileSync('git', ['archive', '--format=tar', commit, '--', ...present], {
    cwd: root,
    maxBuffer: 512 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  execFileSync('tar', ['-x', '-C', dest], { input: tar, stdio: ['pipe', 'ignore', 'pipe'] });
  return true;
}

/** Bundles `<specDir>/openapi.yaml` into one JSON document with the tree's own Redocly. */
function bundle(specDir: string): OpenApiDocument {
  const redocly = join(toolRoot, 'spec', 'node_modules', '.bin', 'redocly');
  if (!existsSync(redocly)) {
    throw new Error(
      `Cannot bundle ${specDir}/openapi.yaml: Redocly is not installed (pnpm install).`,
    );
  }
  const out = mkdtempSync(join(tmpdir(), 'lms-contract-bundle-'));
  try {
    const output = join(out, 'openapi.json');
    const run = spawnSync(
      redocly,
      ['bundle', 'openapi.yaml', '--output', output, '--ext', 'json'],
      {
        cwd: specDir,
        encoding: 'utf8',
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
    );
    if (run.status !== 0 || !existsSync(output)) {
      throw new Error(`Redocly could not bundle ${specDir}/openapi.yaml:\n${run.stderr}`);
    }
    return JSON.parse(readFileSync(output, 'utf8')) as OpenApiDocument;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** The bundled contract at a commit. */
export function readContractAt(root: string, commit: string, ref: string): OpenApiDocument {
  if (existsAt(root, commit, BUNDLED)) {
    return JSON.parse(git(root, ['show', `${commit}:${BUNDLED}`])) as OpenApiDocument;
  }
  if (!existsAt(root, commit, SOURCE)) {
    throw new UsageError(`${ref} has no contract: neither ${BUNDLED} nor ${SOURCE} is there.`);
  }
  const copy = mkdtempSync(join(tmpdir(), 'lms-contract-rev-'));
  try {
    extractAt(root, commit, ['spec'], copy);
    return bundle(join(copy, 'spec'));
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

/** The bundled contract of the working tree (its YAML bundled when the JSON is not there). */
export function readWorkingContract(root: string): OpenApiDocument {
  const bundled = join(root, BUNDLED);
  if (existsSync(bundled)) return JSON.parse(readFileSync(bundled, 'utf8')) as OpenApiDocument;
  if (existsSync(join(root, SOURCE))) return bundle(join(root, 'spec'));
  throw new UsageError(`The working tree has no contract: neither ${BUNDLED} nor ${SOURCE}.`);
}
