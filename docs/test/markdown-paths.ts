// Every path a document names must exist in the repository, and no document may name a path
// outside it. The rule, for every Markdown file of the repository:
//
// - A link (`[text](target)`, `![alt](target)`, `[id]: target`) without a scheme is a path
//   relative to the document: it must exist, and its `#heading`, in a Markdown file, must be one
//   of that file's headings (as GitHub makes their anchors).
// - An inline code span is a path when it is one token (no spaces, none of the marks of a
//   placeholder, a pattern, a URL or an expression: `<>*{}…$=|:@()`) and it either starts with
//   `./` or `../`, or starts with a top-level entry of the repository and holds a `/`, or ends in
//   the extension of a file the repository holds (`.ts`, `.md`, `.yaml`, …), or holds a `/` and
//   ends with one (a folder). Where it must be:
//   - `./` and `../` paths: exactly there, from the document's folder;
//   - top-level ones: exactly there, from the root or from the document's package;
//   - other paths with a `/`: at the end of a path inside the document's package
//     (`utils/journal-calc.ts` in `packages/web`); `docs/` and the root speak of the whole tree;
//   - bare file names: anywhere, checked only with the extension of a file people write (a build
//     makes `sw.js`, so a bare `.js`, `.html` name is not checked).
// - Paths under what a build or a run makes (`dist/`, `.vite/`, `test-results/`, …) are not
//   checked: a clean clone has none.
// - Fenced code blocks are commands and sketches: their paths are not checked. But nothing in a
//   document, fences included, names a machine's own folders (`/work/…`, `/home/…`, `../shared`),
//   and no path resolves above the repository's root.
//
// Source files follow one rule too: a comment that cites a document by its path
// (`docs/product/validation.md#journal-calculation`) must name a file and a heading that exist.
import { posix } from 'node:path';

export interface Repository {
  /** Every file of the working tree git knows of or would add, relative to the root, with `/`. */
  readonly files: readonly string[];
  read(path: string): string;
}

export interface Finding {
  file: string;
  line: number;
  target: string;
  problem: string;
}

/** Folders a build, a test run or the package manager makes; never in a clean clone. */
const MADE = /^(dist|dist-.*|\.vite|node_modules|coverage|test-results|playwright-report|\.turbo)$/;

/** The extensions of files the repository holds: a code span ending in one names a file. */
const EXTENSION =
  /[\w-]\.(ts|tsx|mts|cts|js|mjs|cjs|jsx|json|jsonc|ya?ml|md|css|html|sh|conf|svg|png)$/;

/**
 * A bare file name is checked only with the extension of a file people write: a build writes
 * `.js`, `.html` and the manifest too (`sw.js` is the service worker the build makes).
 */
const WRITTEN_EXTENSION = /[\w-]\.(ts|tsx|mts|cts|mjs|cjs|json|jsonc|ya?ml|md|css|sh|conf)$/;

/** Marks of a placeholder, a pattern, a URL, a scoped package or a code expression. */
const NOT_A_PATH = /[\s<>*{}…$=|:@()[\]'",;?#`]/;

/** A machine's own folders, or the shared folder beside the repository. */
const OUTSIDE = /(?<![\w.-])(\/(work|home|Users|root|mnt)\/|file:\/\/|(\.\.\/)+shared\b)/g;

const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs|jsx|ya?ml|css|html|sh)$/;

/** A document cited from code: `docs/…/x.md` with an optional `#heading`. */
const CITED_DOC = /(?<![\w/.-])docs\/[\w./-]+?\.md(#[\p{L}\p{N}_-]+)?/gu;

function isMade(path: string): boolean {
  return path.split('/').some((segment) => MADE.test(segment));
}

function isMarkdown(path: string): boolean {
  return path.endsWith('.md') && !isMade(path);
}

/** The text with fenced code blocks blanked out, line numbers kept. */
function withoutFences(text: string): string {
  const lines = text.split('\n');
  let fence: string | null = null;
  return lines
    .map((line) => {
      const opening = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
      if (fence === null) {
        if (opening?.[1]) {
          fence = opening[1];
          return '';
        }
        return line;
      }
      if (opening?.[1] && opening[1][0] === fence[0] && opening[1].length >= fence.length) {
        fence = null;
      }
      return '';
    })
    .join('\n');
}

/** GitHub's anchor for a heading's text: lower case, punctuation dropped, spaces made dashes. */
export function anchorOf(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a Markdown file's headings, repeated ones numbered as GitHub numbers them. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of withoutFences(markdown).split('\n')) {
    const heading = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading?.[1]) continue;
    const anchor = anchorOf(heading[1]);
    const count = seen.get(anchor) ?? 0;
    seen.set(anchor, count + 1);
    anchors.add(count === 0 ? anchor : `${anchor}-${count}`);
  }
  return anchors;
}

class Tree {
  readonly files: Set<string>;
  readonly folders = new Set<string>();
  readonly packages: string[];
  readonly topLevel = new Set<string>();
  private readonly anchors = new Map<string, Set<string>>();

  constructor(private readonly repo: Repository) {
    this.files = new Set(repo.files);
    for (const file of repo.files) {
      const segments = file.split('/');
      this.topLevel.add(segments[0] ?? file);
      for (let end = 1; end < segments.length; end++) {
        this.folders.add(segments.slice(0, end).join('/'));
      }
    }
    this.packages = repo.files
      .filter((file) => file.endsWith('/package.json') && !isMade(file))
      .map((file) => posix.dirname(file))
      .sort((a, b) => b.length - a.length);
  }

  exists(path: string): boolean {
    return this.files.has(path) || this.folders.has(path);
  }

  /** Whether some file or folder under `scope` ('' for the whole tree) ends with `tail`. */
  endsWith(tail: string, scope: string): boolean {
    const within = (path: string) => scope === '' || path.startsWith(`${scope}/`);
    const matches = (path: string) => within(path) && (path === tail || path.endsWith(`/${tail}`));
    for (const file of this.files) if (matches(file)) return true;
    for (const folder of this.folders) if (matches(folder)) return true;
    return false;
  }

  /**
   * The folder of the package a file belongs to: '' for the repository's root and for `docs/`,
   * which speaks of the whole repository.
   */
  packageOf(file: string): string {
    const folder = this.packages.find((candidate) => file.startsWith(`${candidate}/`)) ?? '';
    return folder === 'docs' ? '' : folder;
  }

  anchorsOf(file: string): Set<string> {
    let anchors = this.anchors.get(file);
    if (!anchors) {
      anchors = anchorsOf(this.repo.read(file));
      this.anchors.set(file, anchors);
    }
    return anchors;
  }
}

function lineAt(text: string, index: number): number {
  let line = 1;
  for (let at = text.indexOf('\n'); at !== -1 && at < index; at = text.indexOf('\n', at + 1)) {
    line++;
  }
  return line;
}

/** A path relative to `from`'s folder, or null when it climbs above the repository's root. */
function resolveFrom(from: string, path: string): string | null {
  const joined = posix.normalize(posix.join(posix.dirname(from), path)).replace(/\/$/, '');
  return joined === '..' || joined.startsWith('../') ? null : joined === '.' ? '' : joined;
}

function checkLink(tree: Tree, file: string, target: string): string | null {
  if (/^[a-z][a-z\d+.-]*:/i.test(target)) return null;
  const [rawPath = '', fragment] = target.split('#', 2);
  let path: string;
  try {
    path = decodeURI(rawPath.split('?')[0] ?? '');
  } catch {
    return 'is not a valid address';
  }
  if (path.startsWith('/')) return 'is an absolute path: link relative to this document';
  const resolved = path === '' ? file : resolveFrom(file, path);
  if (resolved === null) return 'points outside the repository';
  if (isMade(resolved)) return null;
  if (resolved !== '' && !tree.exists(resolved)) return 'does not exist';
  if (fragment !== undefined && tree.files.has(resolved) && resolved.endsWith('.md')) {
    if (!tree.anchorsOf(resolved).has(fragment)) return `has no heading #${fragment}`;
  }
  return null;
}

function checkCodeSpan(tree: Tree, file: string, token: string): string | null {
  if (token.startsWith('/') || NOT_A_PATH.test(token)) return null;
  const segments = token.split('/');
  const relative = token.startsWith('./') || token.startsWith('../');
  const topLevel = segments.length > 1 && tree.topLevel.has(segments[0] ?? '');
  const folder = segments.length > 1 && token.endsWith('/');
  if (!relative && !topLevel && !folder && !EXTENSION.test(token)) return null;
  if (segments.length === 1 && !WRITTEN_EXTENSION.test(token)) return null;
  if (isMade(token)) return null;
  const path = token.replace(/\/$/, '');
  if (relative) {
    const resolved = resolveFrom(file, path);
    if (resolved === null) return 'points outside the repository';
    if (isMade(resolved)) return null;
    return tree.exists(resolved) ? null : 'does not exist';
  }
  const ownPackage = tree.packageOf(file);
  if (tree.exists(path) || (ownPackage !== '' && tree.exists(`${ownPackage}/${path}`))) return null;
  if (topLevel) return 'does not exist';
  const scope = segments.length > 1 ? ownPackage : '';
  if (tree.endsWith(path, scope)) return null;
  return scope === ''
    ? 'names no file or folder of the repository'
    : `names no file or folder of ${scope}`;
}

/** What every Markdown file of the repository names that does not exist or lies outside it. */
export function checkMarkdown(repo: Repository): Finding[] {
  const tree = new Tree(repo);
  const findings: Finding[] = [];
  for (const file of repo.files.filter(isMarkdown)) {
    const raw = repo.read(file);
    for (const match of raw.matchAll(OUTSIDE)) {
      findings.push({
        file,
        line: lineAt(raw, match.index),
        target: match[0],
        problem: 'names a path outside the repository',
      });
    }
    const text = withoutFences(raw);
    const report = (index: number, target: string, problem: string | null) => {
      if (problem) findings.push({ file, line: lineAt(text, index), target, problem });
    };
    const links =
      /!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+["'(][^)]*)?\)|^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm;
    for (const match of text.matchAll(links)) {
      const target = match[1] ?? match[2] ?? '';
      report(match.index, target, checkLink(tree, file, target));
    }
    // A code span may run over a line break, never over a blank line.
    for (const match of text.matchAll(/(?<!`)`(?!`)((?:[^`\n]|\n(?!\s*\n))+?)`(?!`)/g)) {
      const token = (match[1] ?? '').trim();
      report(match.index, token, checkCodeSpan(tree, file, token));
    }
  }
  return findings;
}

/** Whether the text at `index` is in a comment: its line is one, or a `//` comes before it. */
function inComment(text: string, index: number): boolean {
  const start = text.lastIndexOf('\n', index - 1) + 1;
  const before = text.slice(start, index);
  return /^\s*(\/\/|\/?\*|#)/.test(before) || before.includes('//');
}

/** Documents cited from source files (`docs/x.md#heading`) that do not exist. */
export function checkCitedDocuments(repo: Repository): Finding[] {
  const tree = new Tree(repo);
  const findings: Finding[] = [];
  for (const file of repo.files.filter((path) => SOURCE.test(path) && !isMade(path))) {
    const text = repo.read(file);
    if (!text.includes('docs/')) continue;
    for (const match of text.matchAll(CITED_DOC)) {
      if (!inComment(text, match.index)) continue;
      const [path = '', fragment] = match[0].split('#', 2);
      const problem = !tree.files.has(path)
        ? 'does not exist'
        : fragment !== undefined && !tree.anchorsOf(path).has(fragment)
          ? `has no heading #${fragment}`
          : null;
      if (problem)
        findings.push({ file, line: lineAt(text, match.index), target: match[0], problem });
    }
  }
  return findings;
}

export function formatFinding(finding: Finding): string {
  return `${finding.file}:${finding.line}: ${finding.target} ${finding.problem}`;
}
