import { beforeAll, describe, expect, it, vi } from 'vitest';
import { LAZY_LOCALES } from '../src/locales';

// The portal runs in browsers whose own language is mostly Russian. Asked for a tag it does not
// know (`kg` is Kongo's, not Kyrgyz), such a browser answers with its own language's plural rules.
// Node answers with its default (English), which would hide a Kyrgyz count taking Russian forms,
// so the test's `Intl` answers as a Russian browser does.
const NativePluralRules = Intl.PluralRules;
class RussianBrowserPluralRules extends NativePluralRules {
  constructor(locales?: string | string[], options?: Intl.PluralRulesOptions) {
    const known = locales !== undefined && NativePluralRules.supportedLocalesOf(locales).length > 0;
    super(known ? locales : 'ru', options);
  }
}
vi.stubGlobal(
  'Intl',
  Object.create(Intl, { PluralRules: { value: RussianBrowserPluralRules } }) as typeof Intl,
);

const {
  changeLanguage,
  FEATURE_NAMESPACES,
  i18n,
  initI18n,
  loadNamespaces,
  NAMESPACES,
  ruResources,
  SUPPORTED_LANGUAGES,
  toLocaleTag,
} = await import('../src/index');

type Language = (typeof SUPPORTED_LANGUAGES)[number];
type Tree = { [key: string]: string | Tree };

/** The counts whose forms differ somewhere: zero, one, few, many, the teens, 21 and past 100. */
const COUNTS = [0, 1, 2, 5, 11, 21, 102] as const;
const PLURAL_KEY = /^(.*)_(zero|one|two|few|many|other)$/;
const CYRILLIC = /[\u0400-\u04FF]/;
const LATIN = /[A-Za-z]/;

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(path, value);
    else for (const [inner, text] of flatten(value, path)) entries.set(inner, text);
  }
  return entries;
}

async function loadAll(loaders: Partial<Record<string, () => Promise<{ default: unknown }>>>) {
  const entries = await Promise.all(
    Object.entries(loaders).map(async ([ns, load]) => [ns, (await load?.())?.default] as const),
  );
  return Object.fromEntries(entries) as Record<string, Tree>;
}

const russian: Record<string, Tree> = {
  ...(ruResources as unknown as Record<string, Tree>),
  ...(await loadAll(LAZY_LOCALES.ru)),
};
const translated: Record<'kg' | 'en', Record<string, Tree>> = {
  kg: await loadAll(LAZY_LOCALES.kg),
  en: await loadAll(LAZY_LOCALES.en),
};

/** Every plural key (without its suffix) of every namespace, in any language, with its Russian text. */
function pluralKeys(): { ns: string; key: string; placeholders: string[] }[] {
  const found = new Map<string, { ns: string; key: string; placeholders: Set<string> }>();
  for (const resources of [russian, translated.kg, translated.en]) {
    for (const [ns, tree] of Object.entries(resources)) {
      for (const [path, text] of flatten(tree)) {
        const match = PLURAL_KEY.exec(path);
        if (!match?.[1]) continue;
        const id = `${ns}:${match[1]}`;
        const entry = found.get(id) ?? { ns, key: match[1], placeholders: new Set<string>() };
        for (const [, name] of text.matchAll(/{{\s*(\w+)\s*(?:,[^}]*)?}}/g))
          if (name) entry.placeholders.add(name);
        found.set(id, entry);
      }
    }
  }
  return [...found.values()].map((entry) => ({ ...entry, placeholders: [...entry.placeholders] }));
}

interface Rendered {
  res: string;
  usedLng: string;
  exactUsedKey: string;
}
type DetailedT = (key: string, options: Record<string, unknown>) => Rendered;

/** The text i18next shows for `count`, and where it took it from. */
function render(language: Language, ns: string, key: string, count: number, names: string[]) {
  const values = Object.fromEntries(names.map((name) => [name, '20.11.2026']));
  const t = i18n.t.bind(i18n) as unknown as DetailedT;
  return t(key, { ...values, ns, lng: language, count, returnDetails: true });
}

/** The plural category a language's own rules give `count`. */
const categoryOf = (language: Language, count: number) =>
  new NativePluralRules(toLocaleTag(language)).select(count);

const KEYS = pluralKeys();

beforeAll(async () => {
  await initI18n({ lng: 'ru' });
  for (const language of SUPPORTED_LANGUAGES) {
    await changeLanguage(language);
    await loadNamespaces(FEATURE_NAMESPACES);
  }
  await changeLanguage('ru');
});

describe('plural rules', () => {
  it('finds the plural keys of every namespace', () => {
    const namespaces = new Set(KEYS.map((entry) => entry.ns));
    for (const ns of ['shell', 'journal', 'e-library', 'study-materials', 'document-orders']) {
      expect(namespaces, ns).toContain(ns);
    }
    expect(
      [...namespaces].every((ns) => [...NAMESPACES, ...FEATURE_NAMESPACES].includes(ns as never)),
    ).toBe(true);
  });

  it('asks Intl for Kyrgyz (ky) while the portal keeps the code kg', () => {
    const resolver = i18n.services.pluralResolver as {
      getRule(code: string): Intl.PluralRules | undefined;
    };
    expect(resolver.getRule('kg')?.resolvedOptions().locale).toBe('ky');
    expect(resolver.getRule('ru')?.resolvedOptions().locale).toBe('ru');
    expect(resolver.getRule('en')?.resolvedOptions().locale).toBe('en');
    expect(i18n.language).toBe('ru');
  });

  it('counts books in each language', () => {
    const books = (language: Language, count: number) =>
      render(language, 'e-library', 'booksCount', count, []).res;
    expect([1, 2, 5, 21, 102].map((n) => books('ru', n))).toEqual([
      '1 книга',
      '2 книги',
      '5 книг',
      '21 книга',
      '102 книги',
    ]);
    expect([1, 2, 5, 102].map((n) => books('kg', n))).toEqual([
      '1 китеп',
      '2 китеп',
      '5 китеп',
      '102 китеп',
    ]);
    expect([1, 2, 102].map((n) => books('en', n))).toEqual(['1 book', '2 books', '102 books']);
  });

  it.each(SUPPORTED_LANGUAGES)(
    '%s has every form its language needs for each plural key',
    (language) => {
      const categories = new NativePluralRules(toLocaleTag(language)).resolvedOptions()
        .pluralCategories;
      const missing = KEYS.flatMap(({ ns, key }) =>
        categories
          .map((category) => `${key}_${category}`)
          .filter((form) => typeof i18n.getResource(language, ns, form) !== 'string')
          .map((form) => `${ns}:${form}`),
      );
      expect(missing).toEqual([]);
    },
  );

  describe.each(SUPPORTED_LANGUAGES)('in %s', (language) => {
    it.each(KEYS.map((entry) => [`${entry.ns}:${entry.key}`, entry] as const))(
      '%s at 0, 1, 2, 5, 11, 21 and 102 reads in the language itself',
      (_, { ns, key, placeholders }) => {
        for (const count of COUNTS) {
          const where = `${language} ${ns}:${key} at ${count}`;
          const shown = render(language, ns, key, count, placeholders);
          // Taken from this language's own resources, in the form its rules give the count:
          // never a fallback to Russian, never a form that is missing.
          expect(shown.usedLng, where).toBe(language);
          expect(shown.exactUsedKey, where).toBe(`${key}_${categoryOf(language, count)}`);
          expect(shown.res, where).toContain(String(count));
          if (language === 'en') expect(shown.res, where).not.toMatch(CYRILLIC);
          else expect(shown.res, where).not.toMatch(LATIN);
          if (language === 'kg' && categoryOf('ru', count) !== 'one') {
            // Russian inflects the noun after 2, 5, 11…; Kyrgyz never does, so a Kyrgyz text
            // equal to the Russian one there is Russian.
            const inRussian = render('ru', ns, key, count, placeholders).res;
            expect(shown.res, where).not.toBe(inRussian);
          }
        }
      },
    );
  });
});
