#!/usr/bin/env node
// Size budget of the built portal, from Vite's manifest, so it measures exactly the files the
// browser fetches:
// - /lms/login, whole, as it crosses the network: index.html (which carries the login form and its
//   styles, so the fields take typing before any script has arrived), the entry chunk with its
//   static imports, and their stylesheet, at most 122 KB in the build's Brotli copies (what
//   deploy/nginx's brotli_static and the mock server send; a file too small to have one is sent as
//   it is). Until index.html carried the form, the budget was the same 122 KB of its JavaScript
//   alone in gzip, which is still printed beside it.
// - each lazy route chunk at most 32 KB gzip: the shell chunk (src/app/shell-chunk.ts: the shell and what
//   its first screen needs) adds its chunk and the static imports the entry does not bring; a
//   section (always rendered inside the shell) adds its own chunk plus the static imports neither
//   the entry nor the shell chunk brought; a section's part (the journal's teacher and student screens)
//   adds what its section did not bring either.
// (They were 120 and 30 until the entry took the keyboard's menu buttons and focus rules, the
// check that tells a new version from a dead network, and the tabs' shared outbox and session,
// and the roll call its own date field; the route chunks 31 until the outbox became its parts
// (entries, schedule, delivery under the owner's lock) and the journal's roll call a reducer, with
// the teacher's journal and the chat at 31.3-31.5 KB; in exchange a student's journal fell from
// 32 KB to its own 9. A larger page on a weak network is a cost, so they move only with such a
// reason.) BUDGET_DIST=<folder> measures another build than dist/.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const ROUTE_BUDGET = 32 * 1024;
const LOGIN_BUDGET = 122 * 1024;

const dist = process.env.BUDGET_DIST ?? join(import.meta.dirname, '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

const gzipSizes = new Map();
function gzipSize(file) {
  if (!gzipSizes.has(file)) {
    gzipSizes.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  }
  return gzipSizes.get(file);
}

/** A file's bytes as the server sends it: its Brotli copy, or the file itself when it has none. */
function servedSize(file) {
  const path = join(dist, file);
  return readFileSync(existsSync(`${path}.br`) ? `${path}.br` : path).length;
}

/** The manifest keys a chunk pulls in with static imports, itself included. */
function staticClosure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) staticClosure(dep, seen);
  return seen;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const sum = (keys) => [...keys].reduce((total, key) => total + gzipSize(manifest[key].file), 0);

const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
if (entries.length !== 1) throw new Error(`expected one entry in the manifest, found ${entries}`);
const [entry] = entries;
const loginKeys = staticClosure(entry);
const loginScriptGzip = sum(loginKeys);
const loginFiles = [
  'index.html',
  ...[...loginKeys].flatMap((key) => [manifest[key].file, ...(manifest[key].css ?? [])]),
];
const loginBytes = [...new Set(loginFiles)].reduce((total, file) => total + servedSize(file), 0);

let failed = false;
const rows = [];
const check = (name, bytes, budget) => {
  const ok = bytes <= budget;
  failed ||= !ok;
  rows.push(`${ok ? 'ok  ' : 'OVER'}  ${name.padEnd(58)} ${kb(bytes).padStart(9)} / ${kb(budget)}`);
};

check(
  `/lms/login as served, Brotli (index.html, ${loginKeys.size} scripts, CSS)`,
  loginBytes,
  LOGIN_BUDGET,
);
rows.push(
  `      ${'  its JavaScript alone, gzip -9'.padEnd(58)} ${kb(loginScriptGzip).padStart(9)}`,
);
const SHELL = 'src/app/shell-chunk.ts'; // the shell chunk, with the shell
if (!manifest[SHELL]) throw new Error(`${SHELL} is not a lazy chunk of the build`);
const shellKeys = staticClosure(SHELL);
const lazyRoutes = Object.keys(manifest).filter((key) => manifest[key].isDynamicEntry);
/** The lazy chunks that import this one: a section's part loads only from its section. */
const importers = (key) =>
  lazyRoutes.filter((other) => other !== SHELL && manifest[other].dynamicImports?.includes(key));
for (const key of lazyRoutes.sort()) {
  const loaded = key === SHELL ? loginKeys : new Set([...loginKeys, ...shellKeys]);
  // What every importer brings is there already (a part of several sections counts once each).
  const parents = importers(key).map((parent) => staticClosure(parent));
  const inEvery = (dep) => parents.length > 0 && parents.every((closure) => closure.has(dep));
  const own = [...staticClosure(key)].filter((dep) => !loaded.has(dep) && !inEvery(dep));
  check(`lazy ${key.replace(/^src\//, '')}`, sum(own), ROUTE_BUDGET);
}

console.log('Size budget (the login page as served; route chunks gzip -9):');
for (const row of rows) console.log(`  ${row}`);
if (failed) {
  console.error('Size budget exceeded.');
  process.exit(1);
}
console.log(`Size budget met: login ${kb(loginBytes)}, ${lazyRoutes.length} lazy chunks.`);
