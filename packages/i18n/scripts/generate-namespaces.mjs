#!/usr/bin/env node
// Writes src/generated/feature-resources.ts: the type of every feature namespace, one per Russian
// file in src/locales/ru that is not bundled, so a new namespace needs its locale files and
// `pnpm generate`, never a hand-written line. A namespace need not belong to one section: several
// may share one (publication holds the publication form and the file actions of study materials
// and the e-library). The output is written as Prettier leaves it; test/generated.test.ts fails
// while it is stale.
//
// `--stdout` prints the file instead of writing it (the test compares that with the file on disk).
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// The Russian namespaces bundled with the entry (`ruResources` in src/resources.ts, left out of
// the lazy glob in src/locales.ts); they are typed there, not here. The test checks that the
// generated namespaces and the bundled ones together are all the Russian files.
const BUNDLED = new Set(['common', 'session', 'shell']);

const root = join(import.meta.dirname, '..');
const ruDir = join(root, 'src', 'locales', 'ru');
const outFile = join(root, 'src', 'generated', 'feature-resources.ts');

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

const HEADER = `// Generated from src/locales/ru by scripts/generate-namespaces.mjs: do not edit; after adding,
// renaming or removing a Russian locale file run \`pnpm generate\`.
`;

const DOC = `/**
 * Feature namespaces load with their screen, in every language (see src/locales.ts), so the
 * entry carries none of them. Typed from the Russian JSON (type-only imports bundle nothing).
 */
`;

/** `payment-code` -> `ruPaymentCode`: the name its Russian JSON is imported under. */
function importName(namespace) {
  const words = namespace.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return `ru${words.map((word) => word[0].toUpperCase() + word.slice(1)).join('')}`;
}

function featureNamespaces() {
  return readdirSync(ruDir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length))
    .filter((namespace) => !BUNDLED.has(namespace))
    .sort();
}

function render(namespaces) {
  const names = new Map();
  for (const namespace of namespaces) {
    if (!/^[\w-]+$/.test(namespace)) {
      throw new Error(`locales/ru/${namespace}.json: a namespace is letters, digits, - and _`);
    }
    const name = importName(namespace);
    if (names.has(name)) {
      throw new Error(`namespaces ${names.get(name)} and ${namespace} both import as ${name}`);
    }
    names.set(name, namespace);
  }
  const imports = namespaces.map(
    (namespace) => `import type ${importName(namespace)} from '../locales/ru/${namespace}.json';\n`,
  );
  const members = namespaces.map((namespace) => {
    const key = IDENTIFIER.test(namespace) ? namespace : `'${namespace}'`;
    return `  ${key}: typeof ${importName(namespace)};\n`;
  });
  const body =
    members.length > 0
      ? `export interface FeatureResources {\n${members.join('')}}\n`
      : 'export interface FeatureResources {}\n';
  return `${HEADER}\n${imports.join('')}${imports.length > 0 ? '\n' : ''}${DOC}${body}`;
}

const source = render(featureNamespaces());
if (process.argv.includes('--stdout')) {
  process.stdout.write(source);
} else {
  mkdirSync(join(outFile, '..'), { recursive: true });
  writeFileSync(outFile, source);
}
