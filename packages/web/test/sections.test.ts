// What a section needs, checked for every entry of SECTIONS: adding a section touches its feature
// folder, its locale files and its one entry, and nothing else lists the sections.
import { FEATURE_NAMESPACES, SUPPORTED_LANGUAGES } from '@lms/i18n';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SECTIONS } from '../src/app/sections';
import { iconPath } from '../src/components/ui/icon';

const WEB = join(import.meta.dirname, '..');
const SRC = join(WEB, 'src');
const LOCALES = join(WEB, '..', 'i18n', 'src', 'locales');

function readJson(path: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

describe.each(SECTIONS.map((section) => ({ key: section.key, section })))(
  'section $key',
  ({ key, section }) => {
    it('has a unique key and path', () => {
      expect(SECTIONS.filter((other) => other.key === key)).toHaveLength(1);
      expect(SECTIONS.filter((other) => other.path === section.path)).toHaveLength(1);
      expect(section.path).toMatch(/^\/lms(\/[a-z]+)?$/);
    });

    it('has its feature folder, named by its chunk', () => {
      const folder = join(SRC, 'features', section.Component.chunk);
      expect(existsSync(folder), `src/features/${section.Component.chunk}/`).toBe(true);
      expect(existsSync(join(folder, 'components'))).toBe(true);
    });

    it('has a route component that loads with its texts', async () => {
      const Route = await section.Component.preload();
      expect(typeof Route).toBe('function');
    });

    it('has its namespaces and its navigation label in every language', () => {
      expect(section.Component.namespaces.length).toBeGreaterThan(0);
      for (const namespace of section.Component.namespaces) {
        expect(FEATURE_NAMESPACES).toContain(namespace);
        for (const language of SUPPORTED_LANGUAGES) {
          const file = join(LOCALES, language, `${namespace}.json`);
          expect(existsSync(file), `locales/${language}/${namespace}.json`).toBe(true);
        }
      }
      for (const language of SUPPORTED_LANGUAGES) {
        const nav = readJson(join(LOCALES, language, 'shell.json')).nav as Record<string, unknown>;
        expect(typeof nav[key], `nav.${key} in ${language}/shell.json`).toBe('string');
        expect(String(nav[key]).trim()).not.toBe('');
      }
    });

    it('has an icon', () => {
      expect(iconPath(section.icon)).toMatch(/^M/);
    });
  },
);

describe('the section table', () => {
  it('is the only list of section keys in the portal', () => {
    const keys = new Set<string>(SECTIONS.map((section) => section.key));
    // A union or array of four or more quoted keys with nothing else in it. Fewer may name
    // something else that shares their words (the phone's news, chat and apps panels).
    const run = /'([a-z-]+)'(?:\s*[|,]\s*'([a-z-]+)'){3,}/g;
    const found: string[] = [];
    for (const file of sourceFiles(SRC)) {
      if (file === join(SRC, 'app', 'sections.ts')) continue;
      for (const match of readFileSync(file, 'utf8').matchAll(run)) {
        const words = match[0].match(/'[a-z-]+'/g)?.map((word) => word.slice(1, -1)) ?? [];
        if (words.every((word) => keys.has(word)))
          found.push(`${relative(SRC, file)}: ${match[0]}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('gives every navigation label a section, so none is left behind', () => {
    for (const language of SUPPORTED_LANGUAGES) {
      const nav = readJson(join(LOCALES, language, 'shell.json')).nav as Record<string, unknown>;
      expect(Object.keys(nav).sort(), language).toEqual(SECTIONS.map((s) => s.key).sort());
    }
  });
});
