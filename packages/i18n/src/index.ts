import i18next, {
  type BackendModule,
  type i18n as I18n,
  type LanguageDetectorModule,
  type ResourceKey,
  type ThirdPartyModule,
} from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  SUPPORTED_LANGUAGES,
  isLanguage,
  storedLanguages,
  storeLanguage,
  toLocaleTag,
  type Language,
} from './languages';
import { formatNumber, formatSize } from './format';
import { LAZY_LOCALES } from './locales';
import { NAMESPACES, ruResources, type FeatureNamespace } from './resources';

export type { Resources } from './types';
export {
  NAMESPACES,
  ruResources,
  type BundledNamespace,
  type FeatureNamespace,
  type Namespace,
} from './resources';
export { FEATURE_NAMESPACES } from './locales';
export * from './languages';
export * from './format';
// Date helpers live at '@lms/i18n/dates', so dayjs loads only with the screens that show dates.

/** The portal's one i18next instance. */
export const i18n: I18n = i18next.createInstance();

export interface InitI18nOptions {
  /** Force a language (tests); otherwise it is detected from the `lang` cookie, then local storage. */
  lng?: Language;
}

function syncHtmlLang(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = toLocaleTag(language);
}

/** Reads lazy namespaces (Kyrgyz and English ones, and every feature's) from their chunks. */
const lazyLocaleBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const load: Partial<Record<string, () => Promise<{ default: ResourceKey }>>> | undefined =
      isLanguage(language) ? LAZY_LOCALES[language] : undefined;
    const loadNamespace = load?.[namespace];
    if (!loadNamespace) {
      callback(null, {});
      return;
    }
    loadNamespace().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

/**
 * The choice persists: the `lang` cookie, then local storage; every change (the initial one
 * included) is written back to both. A few lines instead of i18next-browser-languagedetector,
 * whose other lookups the portal does not use.
 */
const storedLanguageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect: storedLanguages,
  cacheUserLanguage(language) {
    if (isLanguage(language)) storeLanguage(language);
  },
};

/** The part of i18next's plural resolver the portal relies on (i18next types it `any`). */
interface PluralResolver {
  getRule(code: string, options?: { ordinal?: boolean }): Intl.PluralRules | undefined;
}

/**
 * Plural forms by the language's BCP 47 tag. i18next asks `Intl.PluralRules` for the code it
 * holds, and `kg` is not Kyrgyz to `Intl` (a browser then answers with its own language's rules,
 * Russian ones for most of the portal's users, and every count but 1 fell back to the Russian
 * text). The rule is asked for `ky` instead, while the portal's code, the cookie and the resources
 * stay `kg`. i18next has no option for this; a module's `init` runs right after the instance's
 * services are made, before any text is read.
 */
export const pluralsByLocaleTag: ThirdPartyModule = {
  type: '3rdParty',
  init(instance: I18n) {
    const resolver = instance.services.pluralResolver as PluralResolver;
    const getRule = resolver.getRule.bind(resolver);
    resolver.getRule = (code, options) => getRule(toLocaleTag(code), options);
  },
};

/** What a text may say of how its number reads: `{{count, number(maximumFractionDigits: 1)}}`. */
const NUMBER_OPTIONS = [
  'minimumIntegerDigits',
  'minimumFractionDigits',
  'maximumFractionDigits',
  'minimumSignificantDigits',
  'maximumSignificantDigits',
  'style',
  'unit',
  'unitDisplay',
  'signDisplay',
  'useGrouping',
] as const;

/** The options i18next hands a format hold the whole call's (count, ns...): the number's only. */
const numberOptionsOf = (options: Record<string, unknown>) =>
  Object.fromEntries(
    NUMBER_OPTIONS.filter((name) => options[name] !== undefined).map((name) => [
      name,
      options[name],
    ]),
  ) as Intl.NumberFormatOptions;

/**
 * Figures in texts read as every other figure of the portal, through its one number format:
 * `{{count, number}}` ('1 328 стр.', '1 328 бет', '1,328 pp.') and `{{maxSizeMb, size}}` (a size
 * or limit, rounded: 'До 99 620 857 МБ на файл'). Kyrgyz groups thousands as Russian does even in a
 * browser without Kyrgyz number data; i18next's own `number` format asks `Intl` for the code `kg`,
 * which `Intl` does not know as Kyrgyz, and would show the browser's grouping ('1,328').
 */
const figuresAsThePortalWrites: ThirdPartyModule = {
  type: '3rdParty',
  init(instance: I18n) {
    const formatter = instance.services.formatter;
    const language = (lng: string | undefined) => lng ?? DEFAULT_LANGUAGE;
    formatter?.add('number', (value, lng, options: Record<string, unknown>) =>
      formatNumber(Number(value), language(lng), numberOptionsOf(options)),
    );
    formatter?.add('size', (value, lng, options: Record<string, unknown>) =>
      formatSize(Number(value), language(lng), numberOptionsOf(options)),
    );
  },
};

let ready: Promise<I18n> | undefined;

/**
 * Initialises the instance once. Russian is bundled, so a Russian page is ready at once; a stored
 * kg or en choice resolves after that language's chunks arrive (render after awaiting this).
 */
export function initI18n(options: InitI18nOptions = {}): Promise<I18n> {
  if (ready) {
    return ready.then(async (instance) => {
      if (options.lng && instance.language !== options.lng)
        await instance.changeLanguage(options.lng);
      return instance;
    });
  }
  i18n.on('languageChanged', syncHtmlLang);
  ready = i18n
    .use(storedLanguageDetector)
    .use(lazyLocaleBackend)
    .use(pluralsByLocaleTag)
    .use(figuresAsThePortalWrites)
    .use(initReactI18next)
    .init({
      resources: { ru: ruResources },
      partialBundledLanguages: true,
      ns: NAMESPACES,
      defaultNS: 'common',
      supportedLngs: [...SUPPORTED_LANGUAGES],
      fallbackLng: DEFAULT_LANGUAGE,
      load: 'currentOnly',
      ...(options.lng ? { lng: options.lng } : {}),
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    })
    .then(() => i18n);
  return ready;
}

/** The current interface language, narrowed to the supported ones. */
export function currentLanguage(): Language {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}

/** Switches the language; it is written to the `lang` cookie and local storage. */
export async function changeLanguage(language: Language): Promise<void> {
  await i18n.changeLanguage(language);
}

/** Loads feature namespaces (current language and the Russian fallback) before a screen renders. */
export async function loadNamespaces(namespaces: readonly FeatureNamespace[]): Promise<void> {
  if (namespaces.length > 0) await i18n.loadNamespaces([...namespaces]);
}
