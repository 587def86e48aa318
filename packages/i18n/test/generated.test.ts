import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FEATURE_NAMESPACES, NAMESPACES } from '../src/index';

// The committed feature types must equal a fresh run of the generator over src/locales/ru, so a
// locale file added, renamed or removed without `pnpm generate` fails CI. The generator prints to
// stdout here and writes nothing, so this compares exactly what is committed.
const root = join(import.meta.dirname, '..');
const generator = join(root, 'scripts', 'generate-namespaces.mjs');
const generatedFile = join(root, 'src', 'generated', 'feature-resources.ts');

describe('src/generated/feature-resources.ts', () => {
  const committed = readFileSync(generatedFile, 'utf8');

  it('equals a fresh run of scripts/generate-namespaces.mjs', () => {
    const fresh = execFileSync(process.execPath, [generator, '--stdout'], { encoding: 'utf8' });
    expect(committed, 'run `pnpm generate` and commit packages/i18n/src/generated').toBe(fresh);
  });

  it('types every Russian file that is not bundled, and nothing else', () => {
    const typed = [...committed.matchAll(/^ {2}'?([\w-]+)'?: typeof \w+;$/gm)].map((m) => m[1]);
    const russian = readdirSync(join(root, 'src', 'locales', 'ru'))
      .filter((file) => file.endsWith('.json'))
      .map((file) => file.slice(0, -'.json'.length));
    expect(typed).toEqual([...FEATURE_NAMESPACES]);
    expect([...typed, ...NAMESPACES].sort()).toEqual(russian.sort());
  });
});
