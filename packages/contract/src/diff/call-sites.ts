// Where the portal calls each operation, and which of its screens those calls serve.
//
// A call site is a file of packages/web/src that names an operation's path: the typed client
// only accepts the contract's literal paths (`client.post('/api/misc/uslugi', …)`, `upload(client,
// '/api/news/insert.json', …)`, a `const DOCS = '/api/singlewindow/doc/list'`, a query key built
// from the path), or a value of @lms/client that carries one (`buildDownloadUrl` → the download
// path). Paths are read from the TypeScript syntax tree, so comments never count.
//
// A screen is an entry of the SECTIONS table (its key and route). A call site serves the sections
// whose route module reaches it through imports (static or lazy, type-only imports left out): a
// feature folder's files are reached from its own section, a shared file (lib/, components/) from
// every section that uses it. Test files and src/testing are not the portal and are skipped.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

export interface Section {
  key: string;
  /** The route, e.g. `/lms/singlewindow`. */
  route: string;
}

export interface CallSite {
  /** Relative to the scanned src folder, with forward slashes. */
  file: string;
  /** The feature folder holding it (`document-orders`), if any. */
  feature?: string;
  /** The sections whose screens reach this file. */
  sections: Section[];
}

export interface PortalCalls {
  /** Contract path → the files that call it. */
  callSites(path: string): CallSite[];
  /** Every section of the SECTIONS table, in its order. */
  sections: Section[];
}

const SOURCE = /\.(ts|tsx|mts)$/;
const SKIPPED_FILE = /\.(test|spec)\.(ts|tsx|mts)$|\.d\.ts$/;

function listSources(root: string, skipDirs: (rel: string) => boolean): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      const rel = relative(root, full).split(sep).join('/');
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && !skipDirs(rel)) walk(full);
      } else if (SOURCE.test(entry.name) && !SKIPPED_FILE.test(entry.name)) {
        files.push(full);
      }
    }
  };
  walk(root);
  return files.sort();
}

const parse = (file: string) =>
  ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    false,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );

const isStringy = (node: ts.Node): node is ts.StringLiteral | ts.NoSubstitutionTemplateLiteral =>
  ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node);

/** The contract path a literal names: the path itself, or the path followed by a query string. */
function pathOf(text: string, paths: ReadonlySet<string>): string | undefined {
  if (paths.has(text)) return text;
  const query = text.indexOf('?');
  return query > 0 && paths.has(text.slice(0, query)) ? text.slice(0, query) : undefined;
}

/**
 * The values @lms/client exports that carry a contract path: a constant holding one, and what
 * uses such a constant in the same file (`buildDownloadUrl` uses DOWNLOAD_PATH). Types do not
 * count: a type naming paths calls nothing.
 */
function clientHelpers(clientSrc: string, paths: ReadonlySet<string>): Map<string, Set<string>> {
  const helpers = new Map<string, Set<string>>();
  if (!existsSync(clientSrc)) return helpers;
  for (const file of listSources(clientSrc, (rel) => rel === 'generated')) {
    const source = parse(file);
    const direct = new Map<string, Set<string>>();
    const uses = new Map<string, Set<string>>();
    const exported = new Set<string>();
    const visitValue = (node: ts.Node, name: string) => {
      if (ts.isTypeNode(node)) return;
      if (isStringy(node)) {
        const path = pathOf(node.text, paths);
        if (path) direct.get(name)!.add(path);
      } else if (ts.isIdentifier(node)) {
        uses.get(name)!.add(node.text);
      }
      ts.forEachChild(node, (child) => visitValue(child, name));
    };
    const declare = (name: string, node: ts.Node, isExported: boolean) => {
      direct.set(name, new Set());
      uses.set(name, new Set());
      if (isExported) exported.add(name);
      visitValue(node, name);
    };
    for (const statement of source.statements) {
      const isExported = !!ts
        .getModifiers(statement as ts.HasModifiers)
        ?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
      if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) {
          if (ts.isIdentifier(declaration.name) && declaration.initializer) {
            declare(declaration.name.text, declaration.initializer, isExported);
          }
        }
      } else if (ts.isFunctionDeclaration(statement) && statement.name && statement.body) {
        declare(statement.name.text, statement.body, isExported);
      }
    }
    // What a name carries: its own paths and those of the names it uses, to a fixed point.
    let grew = true;
    while (grew) {
      grew = false;
      for (const [name, used] of uses) {
        const own = direct.get(name)!;
        for (const other of used) {
          for (const path of direct.get(other) ?? []) {
            if (!own.has(path)) {
              own.add(path);
              grew = true;
            }
          }
        }
      }
    }
    for (const name of exported) {
      const carried = direct.get(name)!;
      if (carried.size) helpers.set(name, carried);
    }
  }
  return helpers;
}

function resolveModule(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier);
  const stem = base.replace(/\.(js|jsx|mjs)$/, '');
  const candidates = [
    base,
    `${stem}.ts`,
    `${stem}.tsx`,
    `${stem}.mts`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ];
  return candidates.find((file) => existsSync(file) && statSync(file).isFile());
}

interface FileFacts {
  paths: Set<string>;
  imports: Set<string>;
  sections?: { key: string; route: string; module?: string }[];
}

function readFile(
  file: string,
  paths: ReadonlySet<string>,
  helpers: Map<string, Set<string>>,
): FileFacts {
  const source = parse(file);
  const facts: FileFacts = { paths: new Set(), imports: new Set() };
  const addImport = (specifier: string) => {
    const target = resolveModule(file, specifier);
    if (target) facts.imports.add(target);
  };
  const visit = (node: ts.Node) => {
    if (isStringy(node)) {
      const path = pathOf(node.text, paths);
      if (path) facts.paths.add(path);
    } else if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const specifier = node.moduleSpecifier.text;
      const named =
        clause?.namedBindings && ts.isNamedImports(clause.namedBindings)
          ? clause.namedBindings.elements
          : [];
      const valueNames = named.filter((element) => !element.isTypeOnly);
      const typeOnly =
        !!clause &&
        (clause.isTypeOnly ||
          (!clause.name &&
            !!clause.namedBindings &&
            ts.isNamedImports(clause.namedBindings) &&
            valueNames.length === 0));
      if (!typeOnly) addImport(specifier);
      if (specifier === '@lms/client' && clause && !clause.isTypeOnly) {
        for (const element of valueNames) {
          for (const path of helpers.get((element.propertyName ?? element.name).text) ?? [])
            facts.paths.add(path);
        }
      }
      return;
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      if (!node.isTypeOnly) addImport(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      isStringy(node.arguments[0])
    ) {
      addImport(node.arguments[0].text);
    } else if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.name.text === 'SECTIONS'
    ) {
      facts.sections = readSections(file, node.initializer);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return facts;
}

/** The SECTIONS table: each entry's key, route and the module its lazy route imports. */
function readSections(file: string, initializer: ts.Expression | undefined) {
  let array = initializer;
  while (
    array &&
    (ts.isAsExpression(array) ||
      ts.isSatisfiesExpression(array) ||
      ts.isParenthesizedExpression(array))
  ) {
    array = array.expression;
  }
  if (!array || !ts.isArrayLiteralExpression(array)) return [];
  return array.elements.filter(ts.isObjectLiteralExpression).flatMap((entry) => {
    const text = (name: string) => {
      const property = entry.properties.find(
        (p): p is ts.PropertyAssignment =>
          ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === name,
      );
      return property && isStringy(property.initializer) ? property.initializer.text : undefined;
    };
    const key = text('key');
    const route = text('path');
    if (!key || !route) return [];
    let module: string | undefined;
    const find = (node: ts.Node) => {
      if (
        !module &&
        ts.isCallExpression(node) &&
        node.expression.kind === ts.SyntaxKind.ImportKeyword &&
        node.arguments[0] &&
        isStringy(node.arguments[0])
      ) {
        module = resolveModule(file, node.arguments[0].text);
      }
      ts.forEachChild(node, find);
    };
    find(entry);
    return [{ key, route, module }];
  });
}

export interface ScanOptions {
  /** The portal's src folder (packages/web/src). */
  webSrc: string;
  /** The client's src folder, for the helpers that carry a path; none when absent. */
  clientSrc?: string;
  /** The contract paths to look for. */
  paths: Iterable<string>;
}

/** Reads the portal's sources once and answers, for each contract path, who calls it. */
export function scanPortal({ webSrc, clientSrc, paths }: ScanOptions): PortalCalls {
  const wanted = new Set(paths);
  const helpers = clientSrc ? clientHelpers(clientSrc, wanted) : new Map<string, Set<string>>();
  const files = existsSync(webSrc) ? listSources(webSrc, (rel) => rel === 'testing') : [];
  const facts = new Map(files.map((file) => [file, readFile(file, wanted, helpers)]));

  const table = [...facts.values()].find((f) => f.sections)?.sections ?? [];
  const sections = table.map(({ key, route }) => ({ key, route }));
  const reachedBy = new Map<string, Section[]>();
  for (const entry of table) {
    if (!entry.module) continue;
    const seen = new Set<string>();
    const queue = [entry.module];
    while (queue.length) {
      const file = queue.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      const list = reachedBy.get(file) ?? [];
      list.push({ key: entry.key, route: entry.route });
      reachedBy.set(file, list);
      for (const next of facts.get(file)?.imports ?? []) queue.push(next);
    }
  }

  const byPath = new Map<string, CallSite[]>();
  for (const [file, fileFacts] of facts) {
    const rel = relative(webSrc, file).split(sep).join('/');
    const feature = /^features\/([^/]+)\//.exec(rel)?.[1];
    for (const path of fileFacts.paths) {
      const list = byPath.get(path) ?? [];
      list.push({
        file: rel,
        ...(feature ? { feature } : {}),
        sections: reachedBy.get(file) ?? [],
      });
      byPath.set(path, list);
    }
  }
  return { callSites: (path) => byPath.get(path) ?? [], sections };
}
