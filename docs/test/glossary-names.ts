// One name per thing in each layer (docs/glossary.md): the portal says the product's words, the
// mock server and the contract tools say the contract's path names. This finds a third name: in a
// file's or folder's name, and in an identifier of TypeScript or JavaScript code. Identifiers are
// read with TypeScript's parser, so comments and string literals are never read: a string is where
// the contract's paths (`/api/umk/...`), its schema names (`['UmkItem']`), the routes and section
// keys (`/lms/umk`, `'umk'`) and the query keys kept offline (`['umk']`) live, all of which the
// glossary lets cross as the contract spells them.
import ts from 'typescript';

/** A name the layer refuses, with what the layer says instead. */
export interface Refused {
  /** Matched against an identifier (its whole text). */
  identifier?: RegExp;
  /** Matched against each segment of a file's path, its extension left off. */
  file?: RegExp;
  /** The layer's own word, for the message. */
  say: string;
}

export interface Layer {
  name: string;
  /** Which repository files are this layer's source (paths from the repository's root). */
  includes: (path: string) => boolean;
  refused: readonly Refused[];
  /** Identifiers the contract keeps as it spells them (its fields), allowed whatever matches. */
  allowed: ReadonlySet<string>;
  /** Allowed only as a property's name: keys the product fixes (the section keys). */
  propertyKeys: ReadonlySet<string>;
}

export interface Finding {
  path: string;
  line: number;
  name: string;
  say: string;
}

const CODE = /\.(ts|tsx|mts|cts|js|mjs|cjs|jsx)$/;

function scriptKind(path: string): ts.ScriptKind {
  if (path.endsWith('.tsx')) return ts.ScriptKind.TSX;
  if (path.endsWith('.jsx')) return ts.ScriptKind.JSX;
  if (/\.(js|mjs|cjs)$/.test(path)) return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}

export interface Identifier {
  name: string;
  /** 1-based. */
  line: number;
  /** The name of a property (declared, assigned or read), rather than of a binding. */
  property: boolean;
}

function isPropertyName(node: ts.Node): boolean {
  const parent = node.parent;
  if (ts.isPropertyAccessExpression(parent)) return parent.name === node;
  return (
    (ts.isPropertyAssignment(parent) ||
      ts.isPropertySignature(parent) ||
      ts.isPropertyDeclaration(parent) ||
      ts.isMethodDeclaration(parent)) &&
    parent.name === node
  );
}

/** Every identifier of a source text, with its line. */
export function identifiersOf(path: string, text: string): Identifier[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, scriptKind(path));
  const found: Identifier[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      found.push({ name: node.text, line: line + 1, property: isPropertyName(node) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The third names in one file of a layer: in its path, then in its identifiers. */
export function findInFile(layer: Layer, path: string, text: string | null): Finding[] {
  const findings: Finding[] = [];
  const segments = path.split('/').map((segment) => segment.replace(/\..*$/, ''));
  for (const rule of layer.refused) {
    const segment = rule.file && segments.find((s) => rule.file!.test(s));
    if (segment) findings.push({ path, line: 0, name: segment, say: rule.say });
  }
  if (text === null || !CODE.test(path)) return findings;
  for (const { name, line, property } of identifiersOf(path, text)) {
    if (layer.allowed.has(name) || (property && layer.propertyKeys.has(name))) continue;
    const rule = layer.refused.find((r) => r.identifier?.test(name));
    if (rule) findings.push({ path, line, name, say: rule.say });
  }
  return findings;
}

export function formatFinding(layer: Layer, finding: Finding): string {
  const where = finding.line > 0 ? `${finding.path}:${finding.line}` : finding.path;
  return `${where}: "${finding.name}" in ${layer.name}; this layer says ${finding.say}`;
}

const under =
  (...roots: string[]) =>
  (path: string) =>
    roots.some((root) => path.startsWith(root));

/**
 * The portal: the product's words. The contract's names may appear only in strings (its paths and
 * schema names) and as the fields below; everything the portal names itself uses the product's word.
 */
export const PORTAL: Layer = {
  name: 'the portal (packages/web)',
  includes: (path) =>
    under('packages/web/src/', 'packages/web/test/', 'packages/web/e2e/')(path) ||
    under('packages/web/scripts/', 'packages/web/bench/')(path),
  refused: [
    {
      // Study materials: `umk` is the contract's path and the section key (strings only).
      identifier: /umk/i,
      file: /umk/i,
      say: 'material / study-materials',
    },
    {
      // Discipline registration: not the abbreviation `reg` nor the path `regfordisciplines`.
      identifier: /(^|[a-z_])Reg(?!Exp)[A-Z]|^reg[A-Z]|regfordisciplines/,
      file: /(^|-)reg(-|$)|regfordisciplines/,
      say: 'registration / discipline-registration',
    },
    {
      // The journal: not the contract's `visitlog` (its schema names stay in strings).
      identifier: /visit-?log/i,
      file: /visit-?log/i,
      say: 'journal',
    },
    { identifier: /uslug/i, file: /uslug/i, say: 'service / payment-code' },
    { identifier: /din-?urls?/i, file: /din-?urls?/i, say: 'appLinks / apps' },
    { identifier: /single-?window/i, file: /single-?window/i, say: 'order / document-orders' },
    { identifier: /passwd/i, file: /passwd/i, say: 'password' },
    // Private coinages once used for plain ideas: the shell's chunk and the first screen's prefetch.
    { identifier: /way_?in(?![a-z])/i, file: /way-in/, say: 'shellChunk / shell-chunk' },
    { identifier: /warm_?start/i, file: /warm-start/, say: 'prefetchFirstScreen' },
    { identifier: /early_?answer/i, file: /early-answer/, say: 'prefetchedAnswers' },
    { identifier: /lent_?sender/i, file: /lent-sender/, say: 'screenSender' },
  ],
  allowed: new Set([
    // The contract's fields, read and sent as it spells them.
    'umkName',
    'id_typeUmk',
    'isFromUmk',
    'IsFromUmk',
    'id_uslug',
  ]),
  // The section keys the product fixes (app/sections.ts), e.g. the icons named after them.
  propertyKeys: new Set(['umk', 'singlewindow']),
};

/**
 * The mock server and the contract tools: the contract's tags. The product's area words are
 * refused as names of their own; the contract's own nouns (`getjournal`, `saveregistration`,
 * `singlewindowSaveOrder`) stay, being the contract's.
 */
export const CONTRACT_SIDE: Layer = {
  name: 'the mock server and the contract tools (packages/mock-server, packages/contract)',
  includes: under('packages/mock-server/', 'packages/contract/'),
  refused: [
    { identifier: /study-?materials?/i, file: /study-materials?/, say: 'umk' },
    { identifier: /e-?library/i, file: /^e-library$/, say: 'library' },
    { identifier: /document-?orders?/i, file: /document-orders?/, say: 'singlewindow' },
    {
      identifier: /discipline-?registration/i,
      file: /discipline-registration|^registration$/,
      say: 'regfordisciplines',
    },
    // An area's file named by the product's word rather than the contract's tag.
    { file: /^journal$/, say: 'visitlog' },
    { file: /^orders$/, say: 'singlewindow' },
    { file: /^payment-code$/, say: 'misc' },
    { file: /^password$/, say: 'passwd' },
    // A private coinage once used for the checker's security table.
    { identifier: /posture/i, file: /posture/, say: 'security table' },
  ],
  allowed: new Set(),
  propertyKeys: new Set(),
};

export const LAYERS: readonly Layer[] = [PORTAL, CONTRACT_SIDE];
