// One contract diff: the contract at a revision against the working tree's, each change with the
// portal screens that call its operation (the working tree's portal, or the revision's for an
// operation the working tree's portal no longer calls, e.g. one removed with its calls).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { scanPortal, type PortalCalls } from './call-sites.js';
import type { OperationRef } from './change.js';
import { diffContracts } from './differ.js';
import type { OpenApiDocument } from './json.js';
import { buildRows, summarise, type Report } from './report.js';
import {
  extractAt,
  readContractAt,
  readWorkingContract,
  repositoryRoot,
  resolveCommit,
} from './revision.js';

export interface DiffOptions {
  /** A folder inside the repository. */
  root: string;
  /** The git revision to compare the working tree with. */
  ref: string;
  /** The portal's sources to scan; default `<root>/packages/web/src` (then the revision's too). */
  webSrc?: string;
}

const WEB_SRC = 'packages/web/src';
const CLIENT_SRC = 'packages/client/src';

const pathsOf = (...docs: OpenApiDocument[]) =>
  new Set(
    docs.flatMap((doc) => Object.keys((doc.paths as Record<string, unknown> | undefined) ?? {})),
  );

export function runDiff(options: DiffOptions): Report {
  const root = repositoryRoot(resolve(options.root));
  const commit = resolveCommit(root, options.ref);
  const before = readContractAt(root, commit, options.ref);
  const after = readWorkingContract(root);
  const changes = diffContracts(before, after);
  const paths = pathsOf(before, after);

  const ownTree = options.webSrc === undefined;
  const webSrc = options.webSrc ? resolve(options.webSrc) : join(root, WEB_SRC);
  const now = changes.length
    ? scanPortal({ webSrc, clientSrc: resolve(webSrc, '../../client/src'), paths })
    : undefined;
  // The revision's portal, read only when an operation has no call site in the working tree.
  let then: PortalCalls | null | undefined;
  const portalThen = (): PortalCalls | null => {
    if (then !== undefined) return then;
    then = null;
    if (!ownTree) return then;
    const copy = mkdtempSync(join(tmpdir(), 'lms-contract-portal-'));
    try {
      if (extractAt(root, commit, [WEB_SRC, CLIENT_SRC], copy)) {
        then = scanPortal({
          webSrc: join(copy, WEB_SRC),
          clientSrc: join(copy, CLIENT_SRC),
          paths,
        });
      }
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
    return then;
  };
  const lookup = (operation: OperationRef) => {
    const sites = now?.callSites(operation.path) ?? [];
    if (sites.length) return { sites, fromBase: false };
    return { sites: portalThen()?.callSites(operation.path) ?? [], fromBase: true };
  };

  const rows = buildRows(changes, lookup);
  return {
    base: { ref: options.ref, commit },
    target: 'working tree',
    summary: summarise(rows),
    rows,
  };
}
