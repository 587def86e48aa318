import { describe, expect, it } from 'vitest';
import { LAZY_LOCALES } from '../src/locales';
import {
  FEATURE_NAMESPACES,
  NAMESPACES,
  ruResources,
  SUPPORTED_LANGUAGES,
  type Resources,
} from '../src/index';

type Language = (typeof SUPPORTED_LANGUAGES)[number];

async function loadAll(loaders: Partial<Record<string, () => Promise<{ default: unknown }>>>) {
  const entries = await Promise.all(
    Object.entries(loaders).map(async ([ns, load]) => [ns, (await load?.())?.default]),
  );
  return Object.fromEntries(entries) as Partial<Resources>;
}

const resources: Record<Language, Resources> = {
  ru: { ...ruResources, ...(await loadAll(LAZY_LOCALES.ru)) } as Resources,
  kg: (await loadAll(LAZY_LOCALES.kg)) as Resources,
  en: (await loadAll(LAZY_LOCALES.en)) as Resources,
};

it('every language has every namespace (bundled and feature ones)', () => {
  const all = [...NAMESPACES, ...FEATURE_NAMESPACES].sort();
  for (const language of SUPPORTED_LANGUAGES) {
    expect(Object.keys(resources[language]).sort(), language).toEqual(all);
  }
});

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(path, value);
    else for (const [inner, text] of flatten(value, path)) entries.set(inner, text);
  }
  return entries;
}

function flatResources(language: Language): Map<string, string> {
  return flatten(resources[language] as unknown as Tree);
}

/** A text's placeholders with their formats: 'count', 'count, number', 'maxSizeMb, size'. */
const placeholders = (text: string) =>
  [...text.matchAll(/{{\s*(\w+)\s*(,\s*[^}]*?)?\s*}}/g)]
    .map(([, name, format]) => (format ? `${name}, ${format.slice(1).trim()}` : name))
    .sort();
const CYRILLIC = /[\u0400-\u04FF]/;
// Letters Kyrgyz has and Russian does not.
const KYRGYZ_ONLY = /[өүңӨҮҢ]/;

const ru = flatResources('ru');

// i18next plural forms: Russian has one/few/many/other, English and Kyrgyz one/other.
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const keysOf = (entries: Map<string, string>) =>
  [...new Set([...entries.keys()].map((key) => key.replace(PLURAL_SUFFIX, '')))].sort();
// Loanwords Kyrgyz writes as Russian does, and texts that are only placeholders.
const SAME_IN_KYRGYZ = new Set([
  'Семестр',
  'Экзамен',
  'Документ',
  'Район',
  'Комментарий',
  'Журнал',
  'Лекция',
  'Силлабус',
  '{{count}} студент',
  '{{count}} материал',
]);
const hasWords = (text: string) => /\p{L}/u.test(text.replace(/{{[^}]*}}/g, ''));

describe('translation resources', () => {
  it.each(['kg', 'en'] as const)('%s has exactly the keys of ru', (language) => {
    const other = flatResources(language);
    expect(keysOf(other)).toEqual(keysOf(ru));
  });

  it.each(['kg', 'en'] as const)('%s has the plural forms its language needs', (language) => {
    const other = flatResources(language);
    for (const key of other.keys()) {
      if (key.endsWith('_one')) expect(other.has(key.replace(/_one$/, '_other')), key).toBe(true);
    }
  });

  it.each(['kg', 'en'] as const)('%s keeps every interpolation placeholder', (language) => {
    const other = flatResources(language);
    for (const [key, text] of ru) {
      const base = key.replace(PLURAL_SUFFIX, '');
      const translated = other.get(key) ?? other.get(`${base}_other`) ?? '';
      expect(placeholders(translated), key).toEqual(placeholders(text));
    }
  });

  it('has no empty value in any language', () => {
    for (const language of SUPPORTED_LANGUAGES) {
      for (const [key, text] of flatResources(language)) {
        expect(text.trim(), `${language}:${key}`).not.toBe('');
      }
    }
  });

  it('leaves no Cyrillic (so no Russian) in English', () => {
    const leftovers = [...flatResources('en')].filter(([, text]) => CYRILLIC.test(text));
    expect(leftovers).toEqual([]);
  });

  it('leaves no Russian text in Kyrgyz', () => {
    const kg = flatResources('kg');
    const copied = [...kg].filter(
      ([key, text]) => text === ru.get(key) && hasWords(text) && !SAME_IN_KYRGYZ.has(text),
    );
    expect(copied).toEqual([]);
  });

  it('writes Kyrgyz with its own letters', () => {
    // Russian text relabelled as Kyrgyz would have no ө, ү or ң; real Kyrgyz has them in most strings.
    const kg = flatResources('kg');
    const withOwnLetters = [...kg.values()].filter((text) => KYRGYZ_ONLY.test(text));
    expect(withOwnLetters.length / kg.size).toBeGreaterThan(0.4);
  });
});
